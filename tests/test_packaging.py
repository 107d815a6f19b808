"""A regular install must carry every sub-package, the corpus and the grammar."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def test_every_subpackage_is_listed_for_installation():
    listed = set(pyproject()["tool"]["setuptools"]["packages"])
    found = {
        ".".join(p.parent.relative_to(ROOT).parts)
        for p in (ROOT / "judge").rglob("__init__.py")
    }
    assert found - listed == set(), "add these to [tool.setuptools] packages in pyproject.toml"


def test_corpus_and_grammar_are_package_data():
    setuptools = pyproject()["tool"]["setuptools"]
    assert setuptools["package-dir"] == {
        "judge._data.rules": "rules", "judge._data.rulings": "rulings", "judge._data.grammar": "grammar",
        "judge._data.cards": "cards",
    }
    data = setuptools["package-data"]
    assert data["judge._data.rules"] == ["**/*.md"] and data["judge._data.rulings"] == ["**/*.md"]
    assert data["judge._data.grammar"] == ["*.lark"]
    assert data["judge._data.cards"] == ["1e/*.jsonl"]


def test_console_script():
    assert pyproject()["project"]["scripts"]["judge"] == "judge.cli:main"
