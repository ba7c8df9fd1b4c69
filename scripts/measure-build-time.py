"""The CPU time of a first build, measured and printed: what a newcomer's `bash scripts/run-example.sh`
compiles (the Python module and its libraries, no unit tests), from a clean clone of HEAD and without
ccache, each compiler run timed by the operating system's accounting of that process (so the figures do
not depend on how busy the machine is, unlike wall times).

    .venv/bin/python scripts/measure-build-time.py [--jobs 2] [--tests] [--keep] [--commit REV]

Prints the CPU seconds of every library and of each item file, the total against the README's target
(5 CPU-minutes) and the cost of one item type (its .cpp) against its target (10 CPU-seconds).
"""

import argparse
import collections
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile

repository = pathlib.Path(__file__).resolve().parent.parent

# The launcher CMake puts before each compiler and linker run: it runs the command and appends the
# child's CPU seconds (user + system) and its output file to the log.
launcherSource = '''import os, resource, subprocess, sys
command = sys.argv[2:]
status = subprocess.call(command)
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
output = command[command.index("-o") + 1] if "-o" in command else command[-1]
with open(sys.argv[1], "a") as log:
    log.write(f"{usage.ru_utime + usage.ru_stime:.3f} {output}\\n")
sys.exit(status)
'''


def Library(output):
    """the CMake target an object file or a link step belongs to"""
    parts = pathlib.PurePath(output).parts
    for part in parts:
        if part.endswith('.dir'):
            return part[:-4]
    return pathlib.PurePath(output).name


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--jobs', type=int, default=2, help='parallel compiler runs (CPU time does not depend on it)')
    parser.add_argument('--tests', action='store_true', help='also build the GoogleTest executables')
    parser.add_argument('--keep', action='store_true', help='keep the temporary clone and build tree')
    parser.add_argument('--commit', default='HEAD', help='the commit to build (an earlier one, to compare); commits '
                        'whose CMakeLists.txt set ccache as the launcher unconditionally get the condition added in the clone')
    arguments = parser.parse_args()

    workDirectory = pathlib.Path(tempfile.mkdtemp(prefix='multidyn-build-time-'))
    clone = workDirectory / 'clone'
    build = workDirectory / 'build'
    log = workDirectory / 'cpu.log'
    launcher = workDirectory / 'launcher.py'
    launcher.write_text(launcherSource)
    try:
        subprocess.run(['git', 'clone', '--quiet', str(repository), str(clone)], check=True)
        subprocess.run(['git', '-C', str(clone), 'checkout', '--quiet', arguments.commit], check=True)
        cmakeLists = clone / 'CMakeLists.txt'
        cmakeLists.write_text(cmakeLists.read_text().replace('if(CCACHE_PROGRAM)\n',
                                                             'if(CCACHE_PROGRAM AND NOT CMAKE_CXX_COMPILER_LAUNCHER)\n'))
        import pybind11
        cmake = shutil.which('cmake', path='/usr/bin') or shutil.which('cmake')
        launch = f'{sys.executable};{launcher};{log}'
        configure = [cmake, '-S', str(clone), '-B', str(build), '-G', 'Ninja', '-DCMAKE_BUILD_TYPE=Release',
                     f'-DPython3_EXECUTABLE={sys.executable}', f'-Dpybind11_DIR={pybind11.get_cmake_dir()}',
                     f'-DMULTIDYN_BUILD_TESTS={"ON" if arguments.tests else "OFF"}',
                     f'-DCMAKE_CXX_COMPILER_LAUNCHER={launch}', f'-DCMAKE_CXX_LINKER_LAUNCHER={launch}']
        environment = dict(os.environ, CCACHE_DISABLE='1')
        subprocess.run(configure, check=True, env=environment, stdout=subprocess.DEVNULL)
        print(f'== compiling a clean clone of {arguments.commit} with {arguments.jobs} jobs, without ccache ...', flush=True)
        subprocess.run([cmake, '--build', str(build), '--parallel', str(arguments.jobs)], check=True, env=environment,
                       stdout=subprocess.DEVNULL)

        steps = []
        for line in log.read_text().splitlines():
            seconds, output = line.split(' ', 1)
            steps.append((float(seconds), output))
        byLibrary = collections.defaultdict(float)
        for seconds, output in steps:
            byLibrary[Library(output)] += seconds
        total = sum(seconds for seconds, _ in steps)
        print(f'\n{"CPU s":>8}  library or step')
        for library, seconds in sorted(byLibrary.items(), key=lambda item: -item[1]):
            print(f'{seconds:8.1f}  {library}')

        itemFiles = [(seconds, output) for seconds, output in steps
                     if '/multidyn_objects.dir/objects/' in output and output.endswith('.cpp.o')]
        itemTypes = [(seconds, output) for seconds, output in itemFiles
                     if pathlib.PurePath(output).name.startswith(('Object', 'Node', 'Marker', 'Load', 'Sensor', 'Module'))]
        print(f'\n{"CPU s":>8}  item file (the 10 costliest of {len(itemFiles)} files in objects/)')
        for seconds, output in sorted(itemFiles, reverse=True)[:10]:
            print(f'{seconds:8.1f}  {output.split("/objects/", 1)[1][:-2]}')
        typeSeconds = [seconds for seconds, _ in itemTypes]
        print(f'\nitem types: {len(itemTypes)} files, median {statistics.median(typeSeconds):.1f} CPU s, '
              f'mean {statistics.mean(typeSeconds):.1f}, largest {max(typeSeconds):.1f} '
              f'(target: at most 10 CPU s per added item type)')
        print(f'total: {total:.0f} CPU s = {total / 60:.1f} CPU-minutes '
              f'({"with" if arguments.tests else "without"} unit tests; target without: at most 5 CPU-minutes)')
    finally:
        if arguments.keep:
            print(f'kept {workDirectory}')
        else:
            shutil.rmtree(workDirectory, ignore_errors=True)


if __name__ == '__main__':
    main()
