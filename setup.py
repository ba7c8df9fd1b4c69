"""Builds the C++ extension with CMake and installs the Python package.

The CMake build directory is build/python (inside the source tree) and is kept between
builds, so that a rebuild after a one-file change recompiles only that file (plus ccache
when it is installed). The unit tests are built in the same tree when MULTIDYN_BUILD_TESTS=1.

Nothing from pip's temporary build environment may stay in that tree, since pip deletes it
after each install (docs/dev/decisions.md, "A build tree that survives any pip install"):
  * CMake and Ninja are the system's (Debian's cmake, ninja-build), not PyPI packages in the
    build environment;
  * pybind11's CMake files and headers are copied into the tree (build/python/pybind11-<version>)
    and used from there, so the compile commands are the same in every environment;
  * a tree configured with a CMake, a build program or a Python that is no longer the one of
    this build is configured afresh (its CMakeCache.txt is removed; the object files stay, so
    nothing whose compile command is unchanged is recompiled).

CMake is the `cmake` first on PATH, or the one named by MULTIDYN_CMAKE (scripts/setup.sh names
Debian's, so that every clone builds with the same compile commands and ccache can share their
objects). CMake's output goes to this process's stdout; pip shows it with `pip install -v .`.
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, find_packages, setup
from setuptools.command.build_ext import build_ext

sourceDirectory = Path(__file__).resolve().parent


def Say(message):
    print(f"multidyn build: {message}", flush=True)


def ReadCMakeCache(cacheFile):
    """{name: value} of a CMakeCache.txt ('NAME:TYPE=value' lines)."""
    entries = {}
    for line in cacheFile.read_text(errors="replace").splitlines():
        if line and not line.startswith(("#", "//")) and "=" in line and ":" in line.split("=", 1)[0]:
            nameAndType, value = line.split("=", 1)
            entries[nameAndType.split(":", 1)[0]] = value
    return entries


def StaleCacheReason(cache, cmake, python):
    """Why a configured tree cannot be reused by this build, or None if it can."""
    for name in ("CMAKE_COMMAND", "CMAKE_MAKE_PROGRAM"):
        if cache.get(name) and not Path(cache[name]).exists():
            return f"{name} {cache[name]} no longer exists"
    if cache.get("CMAKE_COMMAND") and cache["CMAKE_COMMAND"] != cmake:
        return f"it was configured by {cache['CMAKE_COMMAND']}, this build uses {cmake}"
    if cache.get("Python3_EXECUTABLE") and cache["Python3_EXECUTABLE"] != python:
        return f"it was configured for {cache['Python3_EXECUTABLE']}, this build is for {python}"
    return None


def CMakeBinary(cmakeOnPath, buildDirectory):
    """The CMake binary that cmakeOnPath runs (a wrapper such as pyenv's shim runs another file)."""
    script = buildDirectory / "printCMakeCommand.cmake"
    script.write_text('message("${CMAKE_COMMAND}")\n')
    result = subprocess.run([cmakeOnPath, "-P", str(script)], capture_output=True, text=True, check=True)
    return result.stderr.strip() or cmakeOnPath


def StablePybind11Directory(buildDirectory):
    """pybind11's CMake directory, from a copy in the build tree that outlives pip's build environment."""
    try:
        import pybind11
    except ImportError as error:
        raise RuntimeError("multidyn needs pybind11 to build: `python -m pip install 'pybind11>=2.11'`, or let "
                           "pip install it (`pip install .` without --no-build-isolation)") from error
    package = Path(pybind11.__file__).resolve().parent
    copy = buildDirectory / f"pybind11-{pybind11.__version__}"
    if not (copy / "share" / "cmake" / "pybind11").is_dir():
        partial = copy.with_name(copy.name + ".partial")
        shutil.rmtree(partial, ignore_errors=True)
        for part in ("include", "share"):
            shutil.copytree(package / part, partial / part)
        shutil.rmtree(copy, ignore_errors=True)
        partial.rename(copy)
    return copy / "share" / "cmake" / "pybind11"


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, extension):
        buildDirectory = Path(os.environ.get("MULTIDYN_BUILD_DIR", sourceDirectory / "build" / "python")).resolve()
        buildDirectory.mkdir(parents=True, exist_ok=True)
        cacheFile = buildDirectory / "CMakeCache.txt"
        cache = ReadCMakeCache(cacheFile) if cacheFile.exists() else {}
        # Without MULTIDYN_CMAKE, the CMake that configured the tree, if it still exists: a bare
        # `pip install .` after run-tests.sh (Debian's CMake) then recompiles only what changed,
        # instead of configuring and compiling everything afresh with another CMake on PATH.
        configuredBy = cache.get("CMAKE_COMMAND", "")
        if "MULTIDYN_CMAKE" not in os.environ and configuredBy and Path(configuredBy).exists():
            cmakeOnPath = configuredBy
        else:
            cmakeOnPath = shutil.which(os.environ.get("MULTIDYN_CMAKE", "cmake"))
        if cmakeOnPath is None:
            raise RuntimeError("multidyn needs CMake >= 3.18 to build: on Debian `apt-get install cmake ninja-build` "
                               f"(looked for {os.environ.get('MULTIDYN_CMAKE', 'cmake')!r})")
        cmake = CMakeBinary(cmakeOnPath, buildDirectory)
        buildTests = os.environ.get("MULTIDYN_BUILD_TESTS", "0") == "1"
        python = sys.executable

        reason = StaleCacheReason(cache, cmake, python) if cache else None
        if reason:
            Say(f"configuring {buildDirectory} afresh: {reason}")
            cacheFile.unlink()
            cache = {}
        configure = [cmake, "-S", str(sourceDirectory), "-B", str(buildDirectory), "-DCMAKE_BUILD_TYPE=Release",
                     f"-DPython3_EXECUTABLE={python}", f"-DMULTIDYN_BUILD_TESTS={'ON' if buildTests else 'OFF'}",
                     f"-Dpybind11_DIR={StablePybind11Directory(buildDirectory)}"]
        if "MULTIDYN_UNITY_BUILD" in os.environ:  # 0: file by file, for work on one file (CMakeLists.txt)
            configure.append(f"-DMULTIDYN_UNITY_BUILD={'OFF' if os.environ['MULTIDYN_UNITY_BUILD'] == '0' else 'ON'}")
        if not cache and shutil.which("ninja"):
            configure += ["-G", "Ninja", f"-DCMAKE_MAKE_PROGRAM:FILEPATH={shutil.which('ninja')}"]
        # ccache: the same object file from any clone of the repository (paths relative to it)
        environment = dict(os.environ)
        environment.setdefault("CCACHE_BASEDIR", str(sourceDirectory))
        environment.setdefault("CCACHE_NOHASHDIR", "1")

        Say(f"configuring {buildDirectory} with {cmake}")
        subprocess.run(configure, check=True, env=environment)
        jobs = os.environ.get("MULTIDYN_BUILD_JOBS", "2")
        Say(f"compiling with {jobs} jobs (the first build takes minutes, later ones recompile what changed)")
        subprocess.run([cmake, "--build", str(buildDirectory), "--parallel", jobs], check=True, env=environment)

        target = Path(self.get_ext_fullpath(extension.name))
        built = buildDirectory / target.name  # the name carries this Python's extension suffix
        if not built.exists():
            raise RuntimeError(f"the CMake build did not produce {built}")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built, target)


setup(
    name="multidyn",
    packages=find_packages("pythonInterface", include=["multidyn", "multidyn.*"]),
    package_dir={"": "pythonInterface"},
    # the generated type stubs (editors complete item classes and their parameters) and the marker
    # that the package is typed (PEP 561)
    package_data={"multidyn": ["py.typed"], "multidyn.api": ["*.pyi"]},
    ext_modules=[CMakeExtension("multidyn._multidyn")],
    cmdclass={"build_ext": CMakeBuild},
    zip_safe=False,
)
