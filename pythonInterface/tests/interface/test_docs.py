"""The generated reference pages are up to date and cover every item and parameter, and every item
has a hand-written theory page."""

import importlib.util
import pathlib
import re
import subprocess
import sys

import pytest

_multidyn = pytest.importorskip("multidyn._multidyn")

rootDir = pathlib.Path(__file__).resolve().parents[3]
docsDir = rootDir / "docs"
generator = docsDir / "generateReference.py"


def test_generated_reference_is_up_to_date():
    result = subprocess.run([sys.executable, str(generator), "--check"], cwd=rootDir, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, (f"generated docs are stale; run python3 docs/generateReference.py\n"
                                    f"{result.stdout}{result.stderr}")


def test_check_mode_reports_stale_and_missing_files(tmp_path):
    """--check fails and names the file when a generated page differs or is missing (in a copy)."""
    run = lambda *args: subprocess.run([sys.executable, str(generator), "--root", str(tmp_path), *args],
                                       cwd=rootDir, capture_output=True, text=True, timeout=120)
    assert run().returncode == 0
    assert run("--check").returncode == 0
    page = tmp_path / "docs" / "items" / "README.md"
    page.write_text(page.read_text(encoding="utf-8") + "\nedited by hand\n", encoding="utf-8")
    (tmp_path / "docs" / "solvers" / "SimulationSettings.md").unlink()
    result = run("--check")
    assert result.returncode != 0
    assert "docs/items/README.md" in result.stdout
    assert "docs/solvers/SimulationSettings.md" in result.stdout


@pytest.mark.parametrize("info", _multidyn.ItemTypes(), ids=lambda info: info["className"])
def test_every_item_has_a_page_with_all_parameters(info):
    page = docsDir / "items" / info["family"] / f"{info['className']}.md"
    assert page.exists(), f"no reference page for {info['className']}"
    text = page.read_text(encoding="utf-8")
    assert f"# {info['className']}" in text
    assert info["typeName"] in text
    for shortName in info["shortNames"]:
        assert f"`{shortName}`" in text
    for field in info["fields"]:
        assert f"`{field['name']}`" in text, f"{info['className']}: parameter {field['name']} missing from its page"
        for alias in field["aliases"]:
            assert f"`{alias}`" in text
    for output in info["outputs"]:
        assert f"`{output}`" in text
    index = (docsDir / "items" / "README.md").read_text(encoding="utf-8")
    assert f"({info['family']}/{info['className']}.md)" in index


def CreateFunctions():
    from multidyn import mainSystemExtensions
    return sorted(name for name in mainSystemExtensions.methods if name.startswith("Create"))


@pytest.mark.parametrize("name", CreateFunctions())
def test_every_create_function_has_a_page_with_all_arguments(name):
    import inspect
    import multidyn
    page = docsDir / "create" / f"{name}.md"
    assert page.exists(), f"no reference page for mbs.{name}"
    text = page.read_text(encoding="utf-8")
    assert f"# mbs.{name}" in text
    for argument in inspect.signature(getattr(multidyn.MainSystem, name)).parameters:
        if argument != "self":
            assert f"| `{argument}` |" in text, f"mbs.{name}: argument {argument} missing from its page"
    assert f"({name}.md)" in (docsDir / "create" / "README.md").read_text(encoding="utf-8")  # in the index


theoryLink = re.compile(r"^Theory \(equations, sign conventions, Jacobian\): "
                        r"\[\.\./\.\./theory/([^/\]]+)\.md\]\(\.\./\.\./theory/\1\.md\)$", re.MULTILINE)


@pytest.mark.parametrize("info", _multidyn.ItemTypes(), ids=lambda info: info["className"])
def test_every_item_has_a_theory_page(info):
    """Every registered item type is documented by a theory page in docs/theory/ (the page links
    the item's reference page in its "Parameters and names:" paragraph; the generator then links
    the item page back). A new item type fails here until it has one."""
    className, family = info["className"], info["family"]
    page = docsDir / "items" / family / f"{className}.md"
    assert page.exists(), f"no reference page for {className}"
    links = theoryLink.findall(page.read_text(encoding="utf-8"))
    assert links, (f"{className} has no theory page: write docs/theory/<Name>.md (or extend a page of related "
                   f"items) that links [../items/{family}/{className}.md](../items/{family}/{className}.md) in its "
                   f"'Parameters and names:' paragraph, then run python3 docs/generateReference.py")
    theory = docsDir / "theory" / f"{links[0]}.md"
    assert theory.exists()
    assert f"(../items/{family}/{className}.md)" in theory.read_text(encoding="utf-8")


def LoadGenerator():
    spec = importlib.util.spec_from_file_location("generateReference", generator)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_theory_pages_say_which_items_they_document(tmp_path):
    """The items of a theory page are those linked in its "Parameters and names:" paragraph (up to
    the blank line or the "Code:" line); an item claimed by two pages is an error naming both."""
    reference = LoadGenerator()
    (tmp_path / "Points.md").write_text(
        "# Points (NodePoint, ObjectMassPoint)\n\n"
        "Parameters and names: [../items/nodes/NodePoint.md](../items/nodes/NodePoint.md),\n"
        "[../items/bodies/ObjectMassPoint.md](../items/bodies/ObjectMassPoint.md).\n"
        "Code: `objects/...`, see also [../items/loads/LoadForceVector.md](../items/loads/LoadForceVector.md).\n\n"
        "Forces: [../items/loads/LoadTorqueVector.md](../items/loads/LoadTorqueVector.md).\n", encoding="utf-8")
    (tmp_path / "Ground.md").write_text(
        "# Ground\n\nParameters and names: [../items/bodies/ObjectGround.md](../items/bodies/ObjectGround.md).\n\n"
        "Markers: [../items/nodes/NodePoint.md](../items/nodes/NodePoint.md).\n", encoding="utf-8")
    (tmp_path / "NoItems.md").write_text("# Overview\n\nSee [Points.md](Points.md).\n", encoding="utf-8")
    assert reference.TheoryPages(tmp_path) == {"NodePoint": "Points", "ObjectMassPoint": "Points",
                                               "ObjectGround": "Ground"}
    (tmp_path / "Twice.md").write_text(
        "# Again\n\nParameters and names:\n[../items/bodies/ObjectMassPoint.md](../items/bodies/ObjectMassPoint.md)\n",
        encoding="utf-8")
    with pytest.raises(reference.TheoryPageError) as error:
        reference.TheoryPages(tmp_path)
    message = str(error.value)
    assert "ObjectMassPoint" in message and "Points.md" in message and "Twice.md" in message


def test_settings_page_lists_every_setting():
    text = (docsDir / "solvers" / "SimulationSettings.md").read_text(encoding="utf-8")

    def Leaves(node, path):
        for field in node.get("fields", []):
            fullPath = f"{path}.{field['name']}" if path else field["name"]
            if "fields" in field:
                yield from Leaves(field, fullPath)
            else:
                yield fullPath

    paths = list(Leaves(_multidyn.SettingsFields(), ""))
    assert len(paths) > 50
    from multidyn.api.simulationSettings import exudyn111Names
    for path in paths:
        # the stored (Exudyn 1.11) name, with Exudyn 1.13's name in parentheses where it differs
        suffix = rf" \(1\.13: `{re.escape(exudyn111Names[path])}`\)" if path in exudyn111Names else ""
        assert re.search(rf"\| `{re.escape(path)}`{suffix} \|", text), f"setting {path} missing from SimulationSettings.md"


def test_relative_links_resolve():
    """Every relative link of the docs and the README (item pages to theory pages and back,
    solver pages, tests named in the text) points at a file that exists."""
    pages = sorted(docsDir.rglob("*.md")) + [rootDir / "README.md"]
    checked = 0
    for page in pages:
        for target in re.findall(r"\]\(([^)\s]+)\)", page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue  # web address or anchor on the same page
            path = target.split("#")[0]
            assert (page.parent / path).resolve().exists(), f"{page.relative_to(rootDir)}: broken link {target}"
            checked += 1
    assert checked > 100  # the item pages alone link their theory pages and the index its items


def test_readme_example_is_the_example_script():
    """the README's example is the marked part of examples/readmePendulum.py, which CI runs"""
    readme = (rootDir / "README.md").read_text(encoding="utf-8")
    shown = readme.split("```python\n", 1)[1].split("```", 1)[0].strip()
    script = (rootDir / "examples" / "readmePendulum.py").read_text(encoding="utf-8")
    marked = script.split("import multidyn as exu", 1)[1].split("# --- end of the README's lines ---", 1)[0]
    assert shown == ("import multidyn as exu" + marked).strip()
    assert len([line for line in shown.splitlines() if line.strip()]) <= 12
    assert (rootDir / "docs" / "images" / "readmePendulum.png").stat().st_size < 100_000  # small
