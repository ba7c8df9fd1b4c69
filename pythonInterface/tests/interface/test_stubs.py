"""The generated type stubs of the item classes (scripts/generateStubs.py) are current, cover every
public name of multidyn.itemInterface, declare each item's parameters as the field tables have them,
and are packaged (PEP 561: py.typed beside them)."""
import ast
import importlib.resources
import pathlib
import subprocess
import sys

import pytest

from multidyn import _multidyn
from multidyn.api import itemInterface

rootDir = pathlib.Path(__file__).resolve().parents[3]
generator = rootDir / "scripts" / "generateStubs.py"
stubPath = rootDir / "pythonInterface" / "multidyn" / "api" / "itemInterface.pyi"


def Run(*arguments):
    return subprocess.run([sys.executable, str(generator), *arguments], cwd=rootDir, capture_output=True, text=True,
                          timeout=120)


def test_committedStubIsCurrent():
    result = Run("--check")
    assert result.returncode == 0, f"the stub is stale; run python3 scripts/generateStubs.py\n{result.stdout}{result.stderr}"


def test_checkModeFindsAStaleStub(tmp_path):
    copy = tmp_path / "itemInterface.pyi"
    assert Run("--output", str(copy)).returncode == 0
    assert Run("--check", "--output", str(copy)).returncode == 0
    copy.write_text(copy.read_text(encoding="utf-8").replace("mass: float", "mass: int", 1), encoding="utf-8")
    result = Run("--check", "--output", str(copy))
    assert result.returncode == 1 and "stale" in result.stdout


def StubTree():
    return ast.parse(stubPath.read_text(encoding="utf-8"))


def TopLevelNames(tree):
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.ImportFrom):
            names |= {alias.asname for alias in node.names if alias.asname == alias.name}  # re-exported
    return names


def test_stubDeclaresEveryPublicName():
    public = {name for name in vars(itemInterface) if not name.startswith("_")}
    missing = public - TopLevelNames(StubTree())
    assert not missing, f"names of multidyn.itemInterface the stub lacks: {sorted(missing)[:10]}"


@pytest.mark.parametrize("info", _multidyn.ItemTypes(), ids=lambda info: info["className"])
def test_stubClassHasTheFieldTablesParameters(info):
    classNode = next(node for node in StubTree().body if isinstance(node, ast.ClassDef) and node.name == info["className"])
    init = next(node for node in classNode.body if isinstance(node, ast.FunctionDef) and node.name == "__init__")
    positional = [a.arg for a in init.args.args[1:]]
    keywordOnly = [a.arg for a in init.args.kwonlyargs]
    main = [f for f in info["fields"] if not f["group"]]
    assert positional == [f["name"] for f in main]
    assert keywordOnly == ([alias for f in main for alias in f["aliases"]] + ["visualization"]
                           + [f["key"] for f in info["fields"] if f["group"]])
    for argument, default, field in zip(init.args.args[1:], init.args.defaults, main):
        if isinstance(default, ast.Attribute):  # an enum value: OutputVariableType.Position
            assert default.attr == field["default"].name, argument.arg
        elif not (isinstance(default, ast.Constant) and default.value is Ellipsis):  # ...: a long default
            assert ast.literal_eval(default) == field["default"], argument.arg
    # the class really takes what the stub says
    item = getattr(itemInterface, info["className"])(**{f["name"]: f["default"] for f in main})
    assert dict(item)[info["typeKey"]] == info["typeName"]


def test_stubAndTypedMarkerArePackaged():
    package = importlib.resources.files("multidyn")
    assert package.joinpath("py.typed").is_file()
    assert package.joinpath("api", "itemInterface.pyi").is_file()
    setup = (rootDir / "setup.py").read_text(encoding="utf-8")
    assert '"multidyn": ["py.typed"]' in setup and '"multidyn.api": ["*.pyi"]' in setup
