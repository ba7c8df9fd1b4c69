"""The CPU time of a first build, measured and printed: what a newcomer's `bash scripts/run-example.sh`
compiles (the Python module and its libraries, no unit tests), from a clean clone of HEAD and without
ccache, each compiler run timed by the operating system's accounting of that process (so the figures do
not depend on how busy the machine is, unlike wall times).

    .venv/bin/python scripts/measure-build-time.py [--jobs 2] [--tests] [--keep] [--commit REV]
                                                   [--no-unity] [--marginal]

Prints the CPU seconds of every library and of each compiler run, and the total against the README's
target (5 CPU-minutes). The build is a unity build (CMakeLists.txt): each compiler run is a batch of
files. What one more item type costs (target: at most 10 CPU-seconds) is measured with --marginal:
every item file of the costliest batch of objects/ is left out of it in turn, and the batch without it
is compiled again; the difference is what that file adds to the build. --no-unity builds file by file
(as MULTIDYN_UNITY_BUILD=OFF), which gives each file's cost alone.
"""

import argparse
import collections
import os
import pathlib
import resource
import shutil
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


def BatchFiles(build, output):
    """the source files a unity batch's object file was compiled from ([] for a single file)"""
    if '/generated/batches/' not in output:
        return []
    batch = build / 'generated' / 'batches' / pathlib.PurePath(output).name[:-2]
    return [line.split('"')[1] for line in batch.read_text().splitlines() if line.startswith('#include "')]


def CompileCommand(build, output):
    """the compiler command line that made output (run in build), from ninja, without the launcher"""
    commands = subprocess.run(['ninja', '-C', str(build), '-t', 'commands'], capture_output=True, text=True,
                              check=True).stdout.splitlines()
    words = next(line for line in commands if f' -o {output} ' in line).split()
    compiler = next(i for i, word in enumerate(words) if word.endswith(('c++', 'g++', 'clang++')))
    return words[compiler:]


def CpuSecondsOfCompile(command, build):
    """the compiler run's CPU seconds (user + system) by the operating system's accounting"""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True, cwd=build)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def Marginal(build, costliest):
    """Leaves each item file of the costliest batch out in turn and compiles the rest: what it adds.
    The whole batch is compiled again beside them, so that all figures come from the same minutes."""
    files = BatchFiles(build, costliest[1])
    if not files:
        print('\n--marginal: the build has no unity batches (--no-unity); each file\'s cost is its own run above')
        return
    command = CompileCommand(build, costliest[1])
    source = build / command[command.index('-c') + 1]

    def CompileBatchOf(included):
        trial = source.with_name(source.stem + '_trial.cxx')
        trial.write_text(''.join(f'#include "{f}"\n' for f in included))
        run = list(command)
        run[run.index('-c') + 1] = str(trial)
        run[run.index('-o') + 1] = str(trial) + '.o'
        for flag in ('-MT', '-MF'):  # no dependency file for a trial
            del run[run.index(flag):run.index(flag) + 2]
        run.remove('-MD')
        return CpuSecondsOfCompile(run, build)

    whole = CompileBatchOf(files)
    print(f'\n{"CPU s":>8}  what each file of {source.name} adds (the batch of {len(files)}: {whole:.1f} CPU s)')
    added = []
    for left in files:
        added.append(whole - CompileBatchOf([f for f in files if f != left]))
        print(f'{added[-1]:8.1f}  {pathlib.PurePath(left).name}')
    print(f'largest: {max(added):.1f} CPU s (target: at most 10 CPU s per added item type)')


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--jobs', type=int, default=2, help='parallel compiler runs (CPU time does not depend on it)')
    parser.add_argument('--tests', action='store_true', help='also build the GoogleTest executables')
    parser.add_argument('--keep', action='store_true', help='keep the temporary clone and build tree')
    parser.add_argument('--no-unity', action='store_true', help='compile file by file (MULTIDYN_UNITY_BUILD=OFF)')
    parser.add_argument('--batch-size', type=int, help="source files per unity batch (CMakeLists.txt's default if not given)")
    parser.add_argument('--marginal', action='store_true',
                        help='measure what each item file of the costliest objects/ batch adds to the build')
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
                     f'-DMULTIDYN_UNITY_BUILD={"OFF" if arguments.no_unity else "ON"}',
                     *([f'-DMULTIDYN_UNITY_BATCH_SIZE={arguments.batch_size}'] if arguments.batch_size else []),
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

        objectRuns = [(seconds, output) for seconds, output in steps
                      if '/multidyn_objects.dir/' in output and output.endswith('.o')]
        print(f'\n{"CPU s":>8}  compiler run in objects/ (the 10 costliest of {len(objectRuns)})')
        for seconds, output in sorted(objectRuns, reverse=True)[:10]:
            files = BatchFiles(build, output)
            shown = output.split('/multidyn_objects.dir/', 1)[1][:-2]
            print(f'{seconds:8.1f}  {shown}' + (f' ({len(files)} files)' if files else ''))
        itemFiles = sum(len(BatchFiles(build, output)) or 1 for _, output in objectRuns)
        objectSeconds = sum(seconds for seconds, _ in objectRuns)
        print(f'\nobjects/: {itemFiles} files in {len(objectRuns)} compiler runs, {objectSeconds:.0f} CPU s, '
              f'{objectSeconds / itemFiles:.1f} CPU s per file on average')
        print(f'total: {total:.0f} CPU s = {total / 60:.1f} CPU-minutes '
              f'({"with" if arguments.tests else "without"} unit tests; target without: at most 5 CPU-minutes)')
        if arguments.marginal:
            Marginal(build, max(objectRuns))
    finally:
        if arguments.keep:
            print(f'kept {workDirectory}')
        else:
            shutil.rmtree(workDirectory, ignore_errors=True)


if __name__ == '__main__':
    main()
