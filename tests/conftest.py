from pathlib import Path

import pytest

from judge import create_app

FIXTURES = Path(__file__).parent / "fixtures"
ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"


@pytest.fixture(scope="session")
def index_dir(tmp_path_factory):
    """Search indexes live here during tests, never in the per-user data directory."""
    return tmp_path_factory.mktemp("index")


@pytest.fixture
def sample_app(index_dir):
    """An app over the small fixture corpus: fast, and independent of the real one."""
    return create_app({"TESTING": True, "CORPUS_DIRS": [str(FIXTURES / "corpus" / "rules")],
                       "INDEX_DIR": str(index_dir / "sample")})


@pytest.fixture
def sample_client(sample_app):
    return sample_app.test_client()


@pytest.fixture(scope="session")
def corpus():
    from judge.corpus import load_corpus

    return load_corpus()


@pytest.fixture(scope="session")
def real_app(index_dir):
    return create_app({"TESTING": True, "INDEX_DIR": str(index_dir / "real")})


@pytest.fixture
def client(real_app):
    return real_app.test_client()


@pytest.fixture
def runner(real_app):
    return real_app.test_cli_runner()
