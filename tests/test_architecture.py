"""The import rules of docs/architecture.md hold: the import-linter contracts in pyproject.toml.

Layers (the CLI over the bot over answering over retrieval; inside retrieval, search and ingest over the
index over jurisdictions, language and types), what each package must not know, and no import circles
between modules (function-level imports count, `if TYPE_CHECKING:` ones do not). The second test makes
one forbidden import in a copy of the tree and checks that the contracts catch it, so a rule that stops
checking anything fails here too.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("kodeks", "bot", "retrieval", "prompts")
LINT = "from importlinter.cli import lint_imports; raise SystemExit(lint_imports(no_cache=True))"


def lint(tree: Path) -> subprocess.CompletedProcess[str]:
    """`lint-imports` over the packages in `tree` (first on the path, before the installed project)."""
    return subprocess.run(
        [sys.executable, "-c", LINT],
        cwd=tree,
        env={"PYTHONPATH": str(tree), "PATH": ""},
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_import_rules_of_the_architecture_hold() -> None:
    result = lint(ROOT)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]


def copy_tree(target: Path) -> Path:
    for name in PACKAGES:
        shutil.copytree(ROOT / name, target / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", target / "pyproject.toml")
    return target


@pytest.mark.parametrize(
    ("module", "line", "contract"),
    [
        ("retrieval/types.py", "import telegram", "retrieval/ knows no Telegram"),
        ("retrieval/language/normalize.py", "from retrieval.search import retriever", "retrieval/ by stage"),
        (
            "retrieval/search/dense.py",
            "def _late():\n    from retrieval.search.retriever import Retriever",
            "No import circles",
        ),
        ("bot/formatting.py", "from retrieval.index.catalog import Catalog", "bot/ knows no search internals"),
    ],
)
def test_a_forbidden_import_is_caught(tmp_path: Path, module: str, line: str, contract: str) -> None:
    tree = copy_tree(tmp_path)
    path = tree / module
    path.write_text(path.read_text(encoding="utf-8") + f"\n\n{line}\n", encoding="utf-8")
    result = lint(tree)
    assert result.returncode == 1, result.stdout[-3000:]
    broken = result.stdout.split("Broken contracts")[-1]
    assert contract in broken, result.stdout[-3000:]


def test_every_exception_class_is_a_kodeks_error_defined_in_kodeks_errors() -> None:
    """One hierarchy (kodeks/errors.py): no module of ours defines an exception class of its own, every class
    there derives from KodeksError and says in its docstring what the user sees."""
    import ast
    import inspect

    import kodeks.errors as errors

    root = Path(__file__).resolve().parents[1]
    elsewhere = []
    for package in ("bot", "kodeks", "retrieval", "prompts"):
        for path in (root / package).rglob("*.py"):
            if path == root / "kodeks" / "errors.py":
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ClassDef):
                    bases = {ast.unparse(b) for b in node.bases}
                    if any(b.endswith(("Error", "Exception", "Failed", "Refused")) or b in {"TooLarge"} for b in bases):
                        elsewhere.append(f"{path.relative_to(root)}: {node.name}({', '.join(sorted(bases))})")
    assert not elsewhere, f"define exception classes in kodeks/errors.py (re-export them where raised): {elsewhere}"
    classes = [c for _, c in inspect.getmembers(errors, inspect.isclass) if issubclass(c, BaseException)]
    assert len(classes) > 10
    for cls in classes:
        assert issubclass(cls, errors.KodeksError), f"{cls.__name__} is not a KodeksError"
        assert cls.__doc__ and len(cls.__doc__) > 40, f"{cls.__name__} needs a docstring saying what the user sees"


def private_imports(root: Path) -> list[str]:
    """Each `from our.module import _name` in the packages under `root`: a module's `_` names are its own, so another
    module that needs one needs it public (named without the underscore, said so where it is defined)."""
    found: list[str] = []
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            for node in ast.walk(tree):
                if not isinstance(node, ast.ImportFrom) or node.level or not node.module:
                    continue
                if node.module.split(".")[0] not in PACKAGES:
                    continue
                for alias in node.names:
                    if alias.name.startswith("_") and not alias.name.startswith("__"):
                        found.append(f"{path.relative_to(root)}:{node.lineno} {node.module}.{alias.name}")
    return found


def test_no_module_imports_another_modules_private_name() -> None:
    assert private_imports(ROOT) == []


def test_a_private_import_is_caught(tmp_path: Path) -> None:
    tree = copy_tree(tmp_path)
    path = tree / "bot" / "formatting.py"
    path.write_text(path.read_text(encoding="utf-8") + "\n\nfrom kodeks.settings import _private\n", encoding="utf-8")
    assert [line.split(" ")[1] for line in private_imports(tree)] == ["kodeks.settings._private"]
