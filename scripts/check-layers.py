"""Checks the include rules of every layer (ARCHITECTURE.md section 2, docs/dev/decisions.md section 20):
each folder's sources include the project's headers only from the layers below it and from itself, so
that the paths show what depends on what. Prints every include that breaks a rule and exits 1 if any
does; run by scripts/run-tests.sh.

    python3 scripts/check-layers.py
"""

import pathlib
import re
import sys

repository = pathlib.Path(__file__).resolve().parent.parent

# Layer -> the layers (path prefixes) it may include besides itself. Unit tests (*/test/) may include
# anything of the libraries they test and of those below.
foundation = ['core/foundation/']
items = foundation + ['core/items/']
model = items + ['core/model/']
evaluation = model + ['core/evaluation/']
core = evaluation + ['core/files/']
allowed = {
    'core/foundation/': foundation,
    'core/items/': items,  # the element contract: items see a read-only SystemView, not the MainSystem
    'core/model/': model,
    'core/evaluation/': evaluation,
    'core/files/': core,
    'core/symbolic/': foundation,  # expressions and their tape: on the foundation only, items do not see them
    'objects/': items + ['objects/'],  # items: the contract only, never core/model or core/evaluation
    'solvers/linear/': core + ['solvers/linear/'],
    'solvers/sundials/': core + ['solvers/linear/', 'solvers/sundials/'],  # SUNDIALS' vectors, matrices, LU on ours
    'solvers/integrators/': core + ['solvers/linear/', 'solvers/sundials/', 'solvers/integrators/'],
    'solvers/driver/': core + ['solvers/'],
    'centroidal/': ['centroidal/'],
}
testsMayInclude = core + ['core/symbolic/', 'objects/', 'solvers/', 'centroidal/']
includePattern = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)


def Layer(path):
    for prefix in sorted(allowed, key=len, reverse=True):
        if path.startswith(prefix):
            return prefix
    return None


def main():
    violations = []
    checked = 0
    for file in sorted(repository.rglob('*')):
        if file.suffix not in ('.h', '.cpp') or 'build' in file.relative_to(repository).parts[:1]:
            continue
        path = file.relative_to(repository).as_posix()
        layer = Layer(path)
        if layer is None:
            continue  # pythonInterface/ binds everything
        checked += 1
        mayInclude = testsMayInclude if '/test/' in path else allowed[layer] + [layer]
        for included in includePattern.findall(file.read_text(encoding='utf-8')):
            if '/' not in included or included.split('/')[0] not in ('core', 'objects', 'solvers', 'centroidal'):
                continue  # the same folder's headers, or a library's
            if not any(included.startswith(prefix) for prefix in mayInclude):
                violations.append(f'{path}: includes {included}, which the layer {layer} may not '
                                  f'(allowed: {", ".join(dict.fromkeys(mayInclude))})')
    for violation in violations:
        print(violation)
    print(f'== layers: {checked} files checked, {len(violations)} includes break the layer rules')
    return 1 if violations else 0


if __name__ == '__main__':
    sys.exit(main())
