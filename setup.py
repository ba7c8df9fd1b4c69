"""Builds the C++ extension with CMake and installs the Python package.

The CMake build directory is build/python (inside the source tree) and is kept between
builds, so that a rebuild after a one-file change recompiles only that file (plus ccache
when it is installed). The unit tests are built in the same tree when MULTIDYN_BUILD_TESTS=1.
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

sourceDirectory = Path(__file__).resolve().parent


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, extension):
        buildDirectory = Path(os.environ.get("MULTIDYN_BUILD_DIR", sourceDirectory / "build" / "python"))
        buildDirectory.mkdir(parents=True, exist_ok=True)
        buildTests = os.environ.get("MULTIDYN_BUILD_TESTS", "0") == "1"
        configure = ["cmake", "-S", str(sourceDirectory), "-B", str(buildDirectory), "-DCMAKE_BUILD_TYPE=Release",
                     f"-DPython3_EXECUTABLE={sys.executable}", f"-DMULTIDYN_BUILD_TESTS={'ON' if buildTests else 'OFF'}"]
        try:  # the pybind11 of this build environment (pip's isolated one differs from run to run)
            import pybind11
            configure.append(f"-Dpybind11_DIR={pybind11.get_cmake_dir()}")
        except ImportError:
            pass
        if shutil.which("ninja") and not (buildDirectory / "CMakeCache.txt").exists():
            configure += ["-G", "Ninja"]
        # configuring an existing tree is quick and rebuilds only what the changes touch
        subprocess.run(configure, check=True)
        jobs = os.environ.get("MULTIDYN_BUILD_JOBS", "2")
        subprocess.run(["cmake", "--build", str(buildDirectory), "--parallel", jobs], check=True)
        built = sorted(buildDirectory.glob("_multidyn*.so"))
        if not built:
            raise RuntimeError(f"the CMake build did not produce _multidyn*.so in {buildDirectory}")
        target = Path(self.get_ext_fullpath(extension.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built[0], target)


setup(
    name="multidyn",
    packages=["multidyn"],
    package_dir={"": "pythonInterface"},
    ext_modules=[CMakeExtension("multidyn._multidyn")],
    cmdclass={"build_ext": CMakeBuild},
    zip_safe=False,
)
