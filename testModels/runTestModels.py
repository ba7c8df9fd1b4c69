"""Runs every test model in testModels/ and checks its named results.

    python3 testModels/runTestModels.py [--update] [model ...]

Each model file (every testModels/*.py except this runner and files starting with '_') defines
  * Run() -> {name: value}: named scalar results;
  * independent: {name: (value, tolerance, source)} or a function returning such a dict: values
    from closed-form solutions, conservation laws or an independent computation, with an absolute
    tolerance at the level of the discretisation error;
  * optionally exudynReference: {name: value}, Exudyn's published value, checked with the
    reference tolerance;
  * optionally referenceTolerance: {name: (relative, absolute)} for the stored references
    (default (1e-12, 1e-15): deterministic results agree to round-off).

references.json holds {model: {name: {"value": v, "tolerance": tol}}}, tol absolute. A result
passes a check if |value - expected| <= tolerance. A result without a stored reference, a stored
reference without a result, a non-finite result and a model that raises are failures.

--update rewrites references.json from the current results of the models run (the only way the
references change; models not run keep their references) and prints what changed.

Prints one table row per check and closes with "N passed, M failed"; exits 1 on any failure.
Models run in a temporary working directory, so no files land in the repository.
"""
import argparse
import importlib.util
import json
import math
import os
import sys
import tempfile
import traceback

here = os.path.dirname(os.path.abspath(__file__))
referencesFile = os.path.join(here, "references.json")
defaultReferenceTolerance = (1e-12, 1e-15)  # (relative, absolute)

try:
    import multidyn  # noqa: F401  (installed package)
except ImportError:  # a source checkout with the compiled module in pythonInterface/
    sys.path.insert(0, os.path.join(os.path.dirname(here), "pythonInterface"))


def ModelNames():
    return sorted(f[:-3] for f in os.listdir(here)
                  if f.endswith(".py") and not f.startswith("_") and f != os.path.basename(__file__))


def LoadModel(name):
    spec = importlib.util.spec_from_file_location(f"testModels_{name}", os.path.join(here, name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def ReferenceTolerance(module, name, value):
    relative, absolute = getattr(module, "referenceTolerance", {}).get(name, defaultReferenceTolerance)
    return max(relative * abs(value), absolute)


def Independent(module):
    independent = getattr(module, "independent", {})
    return independent() if callable(independent) else independent


def RunModel(name):
    """(module, results, independent values, error text)"""
    cwd = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="multidynTestModel_") as directory:
        os.chdir(directory)
        try:
            module = LoadModel(name)
            results = module.Run()
            if not isinstance(results, dict):
                raise TypeError(f"Run() must return a dict of named scalars, got {type(results).__name__}")
            results = {key: float(value) for key, value in results.items()}
            return module, results, Independent(module), None
        except Exception:
            return None, {}, {}, traceback.format_exc()
        finally:
            os.chdir(cwd)


def Format(value):
    return "-" if value is None else f"{value:.16g}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--update", action="store_true", help="rewrite references.json from the current results")
    parser.add_argument("models", nargs="*", help="models to run (default: all)")
    arguments = parser.parse_args()

    names = ModelNames()
    for model in arguments.models:
        if model not in names:
            parser.error(f"unknown model '{model}'; the models are: {', '.join(names)}")
    selected = arguments.models or names

    references = {}
    if os.path.exists(referencesFile):
        with open(referencesFile) as file:
            references = json.load(file)

    rows = []  # (model, result, value, check, expected, diff, tolerance, ok, note)
    failed = passed = 0
    newReferences = dict(references)
    changes = []

    def Check(model, result, value, check, expected, tolerance, note=""):
        nonlocal passed, failed
        diff = None if value is None or expected is None else abs(value - expected)
        ok = diff is not None and math.isfinite(diff) and diff <= tolerance
        rows.append((model, result, value, check, expected, diff, tolerance, ok, note))
        if ok:
            passed += 1
        else:
            failed += 1

    for model in selected:
        module, results, independent, error = RunModel(model)
        if error is not None:
            print(f"== {model}: Run() raised\n{error}", file=sys.stderr)
            rows.append((model, "Run()", None, "runs", None, None, None, False, error.strip().splitlines()[-1]))
            failed += 1
            continue

        if arguments.update:
            updated = {result: {"value": value, "tolerance": ReferenceTolerance(module, result, value)}
                       for result, value in results.items()}
            old = references.get(model, {})
            for result in sorted(set(old) | set(updated)):
                if result not in updated:
                    changes.append(f"{model}.{result}: removed (was {Format(old[result]['value'])})")
                elif result not in old:
                    changes.append(f"{model}.{result}: added {Format(updated[result]['value'])} "
                                   f"(tolerance {updated[result]['tolerance']:.3g})")
                elif old[result] != updated[result]:
                    changes.append(f"{model}.{result}: {Format(old[result]['value'])} -> "
                                   f"{Format(updated[result]['value'])} (tolerance {old[result]['tolerance']:.3g} "
                                   f"-> {updated[result]['tolerance']:.3g})")
            newReferences[model] = updated

        stored = newReferences.get(model, {})
        for result in sorted(set(results) | set(stored)):
            value = results.get(result)
            if value is None:
                Check(model, result, None, "reference", stored[result]["value"], stored[result]["tolerance"],
                      "stored reference but no result")
                continue
            if not math.isfinite(value):
                Check(model, result, value, "finite", None, None, "result is not finite")
                continue
            if result in stored:
                Check(model, result, value, "reference", stored[result]["value"], stored[result]["tolerance"])
            else:
                Check(model, result, value, "reference", None, None, "no stored reference (run with --update)")
            if result in independent:
                expected, tolerance, source = independent[result]
                Check(model, result, value, "independent", float(expected), float(tolerance), source)
            exudynValue = getattr(module, "exudynReference", {}).get(result)
            if exudynValue is not None:
                tolerance = stored[result]["tolerance"] if result in stored else ReferenceTolerance(module, result,
                                                                                                    exudynValue)
                Check(model, result, value, "Exudyn", exudynValue, tolerance, "Exudyn's published reference")
        for result in independent:
            if result not in results:
                Check(model, result, None, "independent", independent[result][0], independent[result][1],
                      "independent value but no result")

    if not arguments.models:  # references of models that no longer exist
        for model in sorted(set(references) - set(names)):
            if arguments.update:
                del newReferences[model]
                changes.append(f"{model}: removed (no such model)")
            else:
                rows.append((model, "*", None, "reference", None, None, None, False, "references of a model that "
                             "does not exist"))
                failed += 1

    header = ("model", "result", "value", "check", "expected", "|diff|", "tolerance", "status")
    table = [header] + [(m, r, Format(v), c, Format(e), "-" if d is None else f"{d:.3g}",
                         "-" if t is None else f"{t:.3g}", "ok" if ok else "FAIL" + (f" ({n})" if n else ""))
                        for m, r, v, c, e, d, t, ok, n in rows]
    widths = [max(len(row[i]) for row in table) for i in range(len(header) - 1)]
    for row in table:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)) + "  " + row[-1])

    if arguments.update:
        with open(referencesFile, "w") as file:
            json.dump(newReferences, file, indent=1, sort_keys=True)
            file.write("\n")
        print(f"\nreferences.json updated: {len(changes)} change(s)")
        for change in changes:
            print("  " + change)

    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
