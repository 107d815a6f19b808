"""What a production server relies on: configuration, headers, caching, logging, shared serializers."""

import json
import logging

import pytest
from click.testing import CliRunner

from judge import create_app
from judge.cli import main
from judge.web.hygiene import HEADERS

from .conftest import FIXTURES

SAMPLE = str(FIXTURES / "corpus" / "rules")


@pytest.mark.parametrize("path", ["/", "/search?q=beaming", "/2e/sample/beaming", "/parse", "/ask",
                                  "/api/documents", "/api/search?q=x", "/nowhere/at/all", "/healthz"])
def test_every_answer_carries_the_security_headers(sample_client, path):
    res = sample_client.get(path)
    for name, value in HEADERS.items():
        assert res.headers[name] == value
    assert "frame-ancestors 'none'" in res.headers["Content-Security-Policy"]


def test_entry_pages_are_cached_on_the_corpus_fingerprint(sample_client):
    first = sample_client.get("/2e/sample/beaming")
    etag = first.headers["ETag"].strip('"')
    assert first.status_code == 200 and first.headers["Cache-Control"] == "public, max-age=300"
    again = sample_client.get("/2e/sample/beaming", headers={"If-None-Match": f'"{etag}"'})
    assert again.status_code == 304 and again.data == b""
    other = sample_client.get("/2e/sample/glossary--beaming")
    assert other.headers["ETag"].strip('"') != etag


def test_a_published_index_is_served_and_etags_change_with_it(tmp_path):
    import shutil

    shutil.copytree(SAMPLE, tmp_path / "rules")
    app = create_app({"TESTING": True, "CORPUS_DIRS": [str(tmp_path / "rules")],
                      "INDEX_DIR": str(tmp_path / "ix"), "INDEX_REFRESH_SECONDS": 0})
    client = app.test_client()
    before = client.get("/2e/sample/beaming").headers["ETag"]
    doc = tmp_path / "rules" / "sample.md"
    doc.write_text(doc.read_text().replace("To move personnel", "To move quokkas"))
    from judge.corpus import load_corpus
    from judge.search import open_index

    open_index(load_corpus([tmp_path / "rules"]), tmp_path / "ix")   # what `judge index` does
    res = client.get("/2e/sample/glossary--beaming")
    assert "quokkas" in res.get_data(as_text=True)
    assert client.get("/2e/sample/beaming").headers["ETag"] != before


def test_static_files_come_from_a_fixed_list(sample_client):
    assert sample_client.get("/static/judge.css").status_code == 200
    for path in ["/static/../__init__.py", "/static/%2e%2e/__init__.py", "/static/..%2f..%2fcli.py",
                 "/static/templates/base.html", "/static/"]:
        assert sample_client.get(path).status_code == 404


def test_one_log_line_per_request(sample_client, caplog):
    with caplog.at_level(logging.INFO, logger="judge.access"):
        sample_client.get("/api/search?q=beaming")
    lines = [r.getMessage() for r in caplog.records if r.name == "judge.access"]
    assert len(lines) == 1
    method, path, status, ms = lines[0].split(" ")
    assert (method, path, status) == ("GET", "/api/search?q=beaming", "200") and ms.endswith("ms")
    with caplog.at_level(logging.INFO, logger="judge.access"):
        sample_client.get("/2e/sample/x%0a2026-01-01 GET /forged 200 1.0ms")
    forged = [r.getMessage() for r in caplog.records if r.name == "judge.access"][-1]
    assert "\n" not in forged and "%0A" in forged


def test_settings_come_from_a_file_and_the_environment(tmp_path, monkeypatch, index_dir):
    conf = tmp_path / "judge.toml"
    conf.write_text(f'CORPUS_DIRS = ["{SAMPLE}"]\nINDEX_DIR = "{index_dir / "sample"}"\nCACHE_MAX_AGE = 60\n')
    monkeypatch.setenv("JUDGE_CONFIG", str(conf))
    monkeypatch.setenv("JUDGE_PAGE_CACHE_SIZE", "7")
    app = create_app({"TESTING": True})
    assert app.config["CACHE_MAX_AGE"] == 60 and app.config["PAGE_CACHE_SIZE"] == 7
    docs = app.test_client().get("/api/documents").get_json()["documents"]
    assert "Sample Rulebook" in {d["title"] for d in docs}
    monkeypatch.setenv("JUDGE_CORPUS_DIRS", SAMPLE)     # a plain path list, os.pathsep-separated
    monkeypatch.delenv("JUDGE_CONFIG")
    monkeypatch.setenv("JUDGE_INDEX_DIR", str(index_dir / "sample"))
    assert create_app({"TESTING": True}).config["CORPUS_DIRS"] == [SAMPLE]


def test_the_command_line_prints_the_api_shapes(client, monkeypatch, index_dir):
    monkeypatch.setenv("JUDGE_INDEX_DIR", str(index_dir / "real"))
    runner = CliRunner()
    out = runner.invoke(main, ["search", "beaming", "--limit", "3", "--json"])
    assert out.exit_code == 0, out.output
    api = client.get("/api/search?q=beaming&limit=3").get_json()
    assert json.loads(out.output) == api
    shown = json.loads(runner.invoke(main, ["show", "2e/rulebook/beaming", "--json"]).output)
    served = client.get("/api/entries/2e/rulebook/beaming").get_json()
    assert shown.pop("permalink") == "/2e/rulebook/beaming"
    assert served.pop("permalink") == "http://localhost/2e/rulebook/beaming"
    for key in ("quote",):
        shown.pop(key), served.pop(key)
    assert shown == served


def test_the_command_line_does_not_import_flask_to_show_or_search(tmp_path):
    import subprocess
    import sys

    code = ("import sys; from judge.cli import main\n"
            "sys.argv = ['judge', 'show', '2e/rulebook/beaming']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "assert 'flask' not in sys.modules, 'flask imported'\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=FIXTURES.parents[1])
    assert done.returncode == 0, done.stderr


def test_behind_a_trusted_proxy_permalinks_use_the_forwarded_host(index_dir):
    app = create_app({"TESTING": True, "CORPUS_DIRS": [SAMPLE], "INDEX_DIR": str(index_dir / "sample"),
                      "TRUSTED_PROXIES": 1, "PREWARM_PAGES": False})
    headers = {"X-Forwarded-Host": "rules.example.org", "X-Forwarded-Proto": "https"}
    data = app.test_client().get("/api/entries/2e/sample/beaming", headers=headers).get_json()
    assert data["permalink"] == "https://rules.example.org/2e/sample/beaming"
    plain = create_app({"TESTING": True, "CORPUS_DIRS": [SAMPLE], "INDEX_DIR": str(index_dir / "sample")})
    data = plain.test_client().get("/api/entries/2e/sample/beaming", headers=headers).get_json()
    assert data["permalink"] == "http://localhost/2e/sample/beaming"


def test_the_readme_documents_every_setting_and_serve_option():
    from judge.web.config import DEFAULTS

    readme = (FIXTURES.parents[1] / "README.md").read_text(encoding="utf-8")
    internal = {"MAX_FORM_MEMORY_SIZE", "MAX_FORM_PARTS"}   # Werkzeug's own limits, set for us
    for name in set(DEFAULTS) - internal:
        assert f"`{name}`" in readme, name
    for option in ("--host", "--port", "--workers", "--threads", "--debug"):
        assert option in readme
