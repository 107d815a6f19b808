from pathlib import Path

import pytest

from judge import create_app

FIXTURES = Path(__file__).parent / "fixtures"
ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"


@pytest.fixture
def sample_app():
    """An app over the small fixture corpus: fast, and independent of the real one."""
    return create_app({"TESTING": True, "CORPUS_DIRS": [str(FIXTURES / "corpus" / "rules")]})


@pytest.fixture
def sample_client(sample_app):
    return sample_app.test_client()


@pytest.fixture(scope="session")
def corpus():
    from judge.corpus import load_corpus

    return load_corpus()


@pytest.fixture(scope="session")
def real_app():
    return create_app({"TESTING": True})


@pytest.fixture
def client(real_app):
    return real_app.test_client()


@pytest.fixture
def runner(real_app):
    return real_app.test_cli_runner()
