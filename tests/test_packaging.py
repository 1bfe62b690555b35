"""The shipped data files: a broken install (one missing) is refused at start, not run without vocabulary."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from retrieval.language.vocabulary import DATA_DIR, SHIPPED_FILES, missing_files


def test_every_shipped_data_file_is_in_the_package() -> None:
    assert missing_files() == []
    assert {p.name for p in DATA_DIR.glob("*.toml")} >= set(SHIPPED_FILES)


def test_a_tree_missing_one_data_file_names_it(tmp_path: Path) -> None:
    for name in SHIPPED_FILES:
        shutil.copy(DATA_DIR / name, tmp_path / name)
    (tmp_path / "derivation.toml").unlink()
    assert missing_files(tmp_path) == [tmp_path / "derivation.toml"]


# --- The built wheel, installed where nothing of the source tree can be seen --------------------------------------

ROOT = Path(__file__).resolve().parents[1]
QUESTIONS = ("ukrao mi je neko novčanik", "vozio je pijan i udario pješaka", "komšija mi prijeti da će me ubiti")
# Run by the installed package: where each of our packages comes from, its resources, and each question's expansions
# (the vocabulary's three files), kinds of law (law_kinds.toml) and a follow-up read (followups.toml), printed as JSON.
PROBE = """
import importlib.util, json, sys
from importlib import resources
from retrieval.language.vocabulary import bcs_vocabulary, missing_files
from retrieval.language.followups import is_follow_up
from retrieval.search.law_kinds import KindTopics
from prompts import load_prompt
from kodeks.settings import load_settings
from retrieval.ranking.model import SHIPPED, load
vocabulary = bcs_vocabulary()
ranker = load(SHIPPED)
topics = KindTopics.of(vocabulary)
print(json.dumps({
    "origins": {name: importlib.util.find_spec(name).origin for name in ("retrieval", "kodeks", "bot", "prompts")},
    "missing": [str(p) for p in missing_files()],
    "tomls": sorted(p.name for p in resources.files("retrieval.language").joinpath("data").iterdir()
                    if p.name.endswith(".toml")),
    "privacy": sorted(p.name for p in resources.files("kodeks.privacy").joinpath("data").iterdir()
                      if p.name.endswith(".txt")),
    "prompt": load_prompt("bs", "system").id,
    "expansions": {q: [e.to_dict() for e in vocabulary.expand(q)] for q in sys.argv[1:]},
    "kinds": {q: topics.named(q) for q in sys.argv[1:]},
    "follow_up": [is_follow_up("a koja je kazna?"), is_follow_up("ukrali su mi auto ispred kuće u petak")],
    "ranker": {"default": load_settings(_env_file=None).ranker, "path": str(SHIPPED), "rerank": ranker.rerank},
}, ensure_ascii=False))
"""


def _build_wheel(out: Path) -> Path:
    """The wheel, built with the venv's own build tools when it has them, else as pip builds it (its build
    requirements from the package index); skipped when neither can build offline."""
    errors = []
    for isolation in (["--no-build-isolation"], []):
        try:
            run = subprocess.run(
                [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", *isolation, "-w", str(out), str(ROOT)],
                capture_output=True,
                text=True,
                timeout=180,
            )
        except subprocess.TimeoutExpired:  # a package index that does not answer
            errors.append(["pip wheel timed out"])
            continue
        wheels = sorted(out.glob("kodeks-*.whl"))
        if run.returncode == 0 and wheels:
            return wheels[0]
        errors.append(run.stderr.strip().splitlines()[-1:] or ["?"])
    pytest.skip(f"the wheel cannot be built here (offline, no setuptools/wheel): {errors}")


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """A fresh venv (no system site-packages) with the wheel installed --no-deps; the dev venv's site-packages
    come after it on a .pth file, for the third-party dependencies only. Runs from a directory outside the tree."""
    tmp = tmp_path_factory.mktemp("wheel")
    wheel = _build_wheel(tmp / "dist")
    names = set(zipfile.ZipFile(wheel).namelist())
    venv = tmp / "venv"
    # Without a pip of its own (seeding one costs seconds): the dev venv's pip installs into it (`--python`).
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}  # no source tree on the path
    env["PYTHONNOUSERSITE"] = "1"
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", "--no-index", str(wheel)],
        check=True,
        env=env,
        timeout=180,
    )
    # After the wheel's own files ("zz" sorts last among .pth files, and a .pth's paths go after site-packages).
    site = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True,
            text=True,
            check=True,
            env=env,
        ).stdout.strip()
    )
    dev_site = sysconfig.get_paths()["purelib"]
    (site / "zz_dev_dependencies.pth").write_text(dev_site + "\n", encoding="utf-8")
    outside = tmp / "elsewhere"
    outside.mkdir()
    probe = subprocess.run(
        [str(python), "-c", PROBE, *QUESTIONS], capture_output=True, text=True, cwd=outside, env=env, timeout=120
    )
    assert probe.returncode == 0, probe.stderr
    version = subprocess.run(
        [str(venv / "bin" / "kodeks"), "--version"], capture_output=True, text=True, cwd=outside, env=env, timeout=120
    )
    return {"names": names, "venv": venv, "probe": json.loads(probe.stdout), "version": version}


def test_the_wheel_ships_every_data_file(installed: dict) -> None:
    names = installed["names"]
    for name in SHIPPED_FILES:
        assert f"retrieval/language/data/{name}" in names
    for path in sorted((ROOT / "prompts").glob("*.txt")) + sorted((ROOT / "kodeks/privacy/data").glob("*.txt")):
        assert path.relative_to(ROOT).as_posix() in names
    probe = installed["probe"]
    assert probe["missing"] == []
    assert set(probe["tomls"]) >= set(SHIPPED_FILES)
    assert probe["privacy"] == sorted(p.name for p in (ROOT / "kodeks/privacy/data").glob("*.txt"))
    assert probe["prompt"].startswith("system_bs:")
    assert probe["follow_up"] == [True, False]
    # The learned ranking's model, on by default: the installed package's own file, read by the installed code.
    assert "retrieval/ranking/data/ranker.json" in names
    assert probe["ranker"]["default"] == "on"
    assert not Path(probe["ranker"]["path"]).is_relative_to(ROOT)
    assert probe["ranker"]["rerank"] >= 1


def test_the_installed_package_is_the_wheels_not_the_source_tree(installed: dict) -> None:
    venv = installed["venv"].resolve()
    for name, origin in installed["probe"]["origins"].items():
        assert Path(origin).resolve().is_relative_to(venv), (name, origin)


def test_the_installed_package_expands_questions_as_the_development_install(installed: dict) -> None:
    from retrieval.language.vocabulary import bcs_vocabulary
    from retrieval.search.law_kinds import KindTopics

    vocabulary = bcs_vocabulary()
    topics = KindTopics.of(vocabulary)
    probe = installed["probe"]
    for question in QUESTIONS:
        assert probe["expansions"][question] == [e.to_dict() for e in vocabulary.expand(question)]
        assert probe["kinds"][question] == topics.named(question)
    assert any(e["source"] == "derivation" for e in probe["expansions"][QUESTIONS[0]])  # "ukrao" → krađa


def _project_version() -> str:
    import tomllib

    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


def test_the_changelogs_newest_version_is_the_packages() -> None:
    import re

    releases = re.findall(
        r"^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}$", (ROOT / "CHANGELOG.md").read_text("utf-8"), re.MULTILINE
    )
    assert releases and releases[0] == _project_version()


def test_the_installed_command_prints_the_package_version(installed: dict) -> None:
    assert installed["version"].returncode == 0, installed["version"].stderr
    assert installed["version"].stdout.strip() == f"kodeks {_project_version()}"


def _units(path: Path) -> list[str]:
    import re

    return re.findall(r"```ini\n(\[Unit\].*?)```", path.read_text(encoding="utf-8"), re.DOTALL)


def test_one_systemd_unit_in_the_readme_and_the_operations_guide() -> None:
    readme, operations = _units(ROOT / "README.md"), _units(ROOT / "docs/operations.md")
    assert len(readme) == 1 and len(operations) == 1 and readme == operations
    assert "ExecStart=/srv/kodeks/.venv/bin/kodeks bot" in readme[0]  # the venv's command named in full
    assert _units(ROOT / "docs/bot.md") == []


def test_env_example_names_no_issue_numbers() -> None:
    import re

    assert not re.search(r"\bissues? ?#?\d", (ROOT / ".env.example").read_text(encoding="utf-8"), re.IGNORECASE)


# --- What we import is what we declare ------------------------------------------------------------------------------

# Imported only where an extra is needed, and said so when it is missing.
OPTIONAL_IMPORTS = {"matplotlib": "plots", "lightgbm": "train"}


def _third_party_imports() -> dict[str, set[str]]:
    """Top-level modules imported by the shipped packages (TYPE_CHECKING imports too) → the files importing them."""
    import ast

    found: dict[str, set[str]] = {}
    ours = {"bot", "kodeks", "retrieval", "prompts"}
    for package in sorted(ours):
        for path in (ROOT / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names = [node.module]
                else:
                    continue
                for name in names:
                    top = name.split(".")[0]
                    if top not in ours and top not in sys.stdlib_module_names:
                        found.setdefault(top, set()).add(str(path.relative_to(ROOT)))
    return found


def _requirement_names(requirements: list[str]) -> set[str]:
    import re

    return {re.split(r"[\s\[<>=!~;]", r, maxsplit=1)[0].lower().replace("_", "-") for r in requirements}


def test_every_imported_distribution_is_declared_and_every_declared_one_is_imported() -> None:
    """[project].dependencies lists exactly the distributions our code imports (a transitive one that happens to
    be installed is not a declaration), and an optional import is in its extra."""
    import importlib.metadata
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = _requirement_names(project["dependencies"])
    providers = importlib.metadata.packages_distributions()
    imported: dict[str, str] = {}  # distribution → one module importing it
    for module, files in _third_party_imports().items():
        dists = {d.lower().replace("_", "-") for d in providers.get(module, [])}
        assert dists, f"`import {module}` ({sorted(files)[0]}) comes from no installed distribution"
        if module in OPTIONAL_IMPORTS:
            extra = _requirement_names(project["optional-dependencies"][OPTIONAL_IMPORTS[module]])
            assert dists & extra, f"{module} is not in the [{OPTIONAL_IMPORTS[module]}] extra"
            assert not dists & declared, (
                f"{module} is optional ([{OPTIONAL_IMPORTS[module]}]) but also a core dependency"
            )
            continue
        assert dists & declared, f"`import {module}` ({sorted(files)[0]}) but none of {sorted(dists)} is declared"
        for dist in dists & declared:
            imported[dist] = module
    # Data-only dependencies, read with importlib.resources (no import statement names them).
    resources = {"gender-guesser", "confusable-homoglyphs"}
    for dist in resources:
        assert dist in declared
    unused = declared - set(imported) - resources
    assert not unused, f"declared but never imported: {sorted(unused)}"


def test_no_extra_is_pulled_that_the_code_does_not_use() -> None:
    """python-telegram-bot's extras: [webhooks] (tornado, for KODEKS_WEBHOOK_URL); not [rate-limiter] (aiolimiter,
    for PTB's AIORateLimiter: bot/delivery.py has its own RetryingLimiter)."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    [ptb] = [r for r in project["dependencies"] if r.startswith("python-telegram-bot")]
    assert ptb.startswith("python-telegram-bot[webhooks]>")
    code = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "bot").rglob("*.py"))
    assert "AIORateLimiter" not in code and "aiolimiter" not in code
