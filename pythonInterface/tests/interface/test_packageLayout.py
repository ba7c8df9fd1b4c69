"""The layout of the Python package (docs/dev/python-package.md): subpackages by role with no import
cycles between them, Exudyn's public module names importable at the top level as faces of the
subpackages, and the Python methods of MainSystem installed in one place."""
import ast
import importlib
import pathlib

import pytest

import multidyn
from multidyn import mainSystemExtensions

packageDirectory = pathlib.Path(multidyn.__file__).parent
subpackages = sorted(p.name for p in packageDirectory.iterdir() if (p / "__init__.py").is_file()
                     and p.name not in ("robotics",))  # multidyn.robotics is a face of multidyn.modelling.robotics

#: Exudyn's public module names that multidyn has, and multidyn's own public modules
publicModules = ["itemInterface", "utilities", "graphics", "graphicsDataUtilities", "basicUtilities",
                 "rigidBodyUtilities", "beams", "FEM", "robotics", "robotics.motion", "plot", "solver", "demos",
                 "mainSystemExtensions", "modules", "centroidal", "kinematicTree", "advancedUtilities", "physics",
                 "signalProcessing"]
#: faces: public module -> the module of the subpackages that has the code
faces = {"itemInterface": "api.itemInterface", "graphics": "modelling.graphics",
         "basicUtilities": "modelling.basicUtilities", "rigidBodyUtilities": "modelling.rigidBodyUtilities",
         "beams": "modelling.beams", "FEM": "modelling.FEM", "robotics": "modelling.robotics",
         "robotics.motion": "modelling.robotics.motion", "plot": "analysis.plot", "solver": "analysis.linearAnalysis",
         "modules": "modelling.modules", "centroidal": "modelling.centroidal",
         "kinematicTree": "modelling.kinematicTree", "advancedUtilities": "modelling.advancedUtilities",
         "physics": "modelling.physics", "signalProcessing": "analysis.signalProcessing"}


def ModuleName(path):
    parts = list(path.relative_to(packageDirectory.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def IsModule(moduleName):
    """whether multidyn.x.y names a module or package of multidyn (the compiled _multidyn counts)"""
    parts = moduleName.split(".")
    if parts[0] != "multidyn":
        return False
    if moduleName.startswith("multidyn._multidyn"):
        return True
    path = packageDirectory.joinpath(*parts[1:])
    return len(parts) == 1 or path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def ImportedModules(path):
    """(imported module name, line) of every import in the file, also those inside functions:
    from package import a gives package.a where a is a module, else package"""
    moduleName = ModuleName(path)
    package = moduleName if path.name == "__init__.py" else moduleName.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                kept = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(kept + ([base] if base else []))
            for alias in node.names:
                yield (f"{base}.{alias.name}" if IsModule(f"{base}.{alias.name}") else base), node.lineno


def Unit(moduleName):
    """the part of the package a module belongs to: a subpackage's name, 'top' for the package itself and
    its top-level modules (the faces), None for the compiled module and anything outside multidyn"""
    parts = moduleName.split(".")
    if parts[0] != "multidyn" or moduleName.startswith("multidyn._multidyn"):
        return None
    if len(parts) > 1 and parts[1] in subpackages:
        return parts[1]
    return "top"


def UnitGraph():
    """{unit: {imported unit: [(file, line, imported module), ...]}}"""
    graph = {}
    for path in sorted(packageDirectory.rglob("*.py")):
        unit = Unit(ModuleName(path))
        for imported, line in ImportedModules(path):
            importedUnit = Unit(imported)
            if importedUnit is not None and importedUnit != unit:
                graph.setdefault(unit, {}).setdefault(importedUnit, []).append(
                    (str(path.relative_to(packageDirectory)), line, imported))
    return graph


def FindCycle(graph):
    """a list of units that import each other in a circle, or None"""
    state = {}

    def Visit(unit, trail):
        state[unit] = "open"
        for following in graph.get(unit, {}):
            if state.get(following) == "open":
                return trail[trail.index(following):] + [following]
            if following not in state:
                cycle = Visit(following, trail + [following])
                if cycle:
                    return cycle
        state[unit] = "done"
        return None

    for unit in list(graph):
        if unit not in state:
            cycle = Visit(unit, [unit])
            if cycle:
                return cycle
    return None


def test_theSubpackagesAreThere():
    assert {"api", "modelling", "analysis"} <= set(subpackages)


def test_noImportCycleBetweenSubpackages():
    graph = UnitGraph()
    cycle = FindCycle(graph)
    if cycle:
        where = [f"{a} -> {b}: " + ", ".join(f"{f}:{line} ({m})" for f, line, m in graph[a][b][:3])
                 for a, b in zip(cycle, cycle[1:])]
        pytest.fail("the subpackages import each other in a circle: " + " -> ".join(cycle) + "\n" + "\n".join(where))


def test_theLayersImportOnlyDownwards():
    """api imports nothing of the package but the compiled module; modelling and analysis import api;
    analysis may import modelling, modelling never analysis"""
    graph = UnitGraph()
    assert set(graph.get("api", {})) == set(), graph.get("api")
    assert set(graph.get("modelling", {})) <= {"api"}, graph.get("modelling")
    assert set(graph.get("analysis", {})) <= {"api", "modelling"}, graph.get("analysis")


def test_theCycleFinderFindsACycle():
    """the check above can fail: a circle api -> modelling -> api is found, a chain is not"""
    assert FindCycle({"api": {"modelling": []}, "modelling": {"api": []}}) in (["api", "modelling", "api"],
                                                                             ["modelling", "api", "modelling"])
    assert FindCycle({"top": {"api": [], "analysis": []}, "analysis": {"api": []}}) is None


@pytest.mark.parametrize("name", publicModules)
def test_publicModuleImports(name):
    module = importlib.import_module(f"multidyn.{name}")
    assert module.__name__ == f"multidyn.{name}"


@pytest.mark.parametrize("face,code", sorted(faces.items()))
def test_faceReExportsThePublicNames(face, code):
    faceModule = importlib.import_module(f"multidyn.{face}")
    codeModule = importlib.import_module(f"multidyn.{code}")
    public = getattr(codeModule, "__all__", [n for n in vars(codeModule) if not n.startswith("_")])
    missing = [name for name in public if getattr(faceModule, name, None) is not getattr(codeModule, name)]
    assert not missing, f"multidyn.{face} lacks {missing[:5]} of multidyn.{code}"


def test_exudynScriptImportsWork():
    """the import lines of Exudyn scripts"""
    from multidyn.itemInterface import RigidBody, TorsionalSpringDamper  # noqa: F401
    from multidyn.utilities import HT, InertiaCuboid, RotationMatrixZ  # noqa: F401
    import multidyn.graphics as graphics
    from multidyn.robotics.motion import Trajectory  # noqa: F401
    assert callable(graphics.Brick)
    assert multidyn.plot.PlotSensor is multidyn.analysis.plot.PlotSensor


def MainSystemAssignments(path):
    """(line, text) of every statement outside multidyn.mainSystemExtensions that puts something on
    MainSystem: MainSystem.X = ..., setattr(MainSystem, ...)"""
    def IsMainSystem(node):
        return (isinstance(node, ast.Name) and node.id in ("MainSystem", "_MainSystem")) or (
            isinstance(node, ast.Attribute) and node.attr == "MainSystem")
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Attribute) and IsMainSystem(t.value)
                                                for t in node.targets):
            yield node.lineno, ast.unparse(node)[:80]
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr"
                and node.args and IsMainSystem(node.args[0])):
            yield node.lineno, ast.unparse(node)[:80]


def test_mainSystemMethodsAreInstalledInOnePlace():
    installer = packageDirectory / "mainSystemExtensions.py"
    elsewhere = [f"{path.relative_to(packageDirectory)}:{line}: {text}" for path in sorted(packageDirectory.rglob("*.py"))
                 if path != installer for line, text in MainSystemAssignments(path)]
    assert not elsewhere, "methods put on MainSystem outside multidyn.mainSystemExtensions:\n" + "\n".join(elsewhere)
    assert list(MainSystemAssignments(installer)), "the check finds the installer's own setattr"


def test_everyListedMethodIsOnMainSystem():
    for name, function in mainSystemExtensions.methods.items():
        assert vars(multidyn.MainSystem)[name] is function, name
    for name in ("AddNode", "GetObjectParameter", "CreateRigidBody", "CreateSphereSphereContact", "SolveDynamic",
                 "ComputeODE2Eigenvalues", "PlotSensor", "GetDictionary", "AddModule", "Assemble", "systemData"):
        assert name in mainSystemExtensions.methods, name
