"""Hostile requests against every route: no 5xx, every /api/ error is JSON with a sentence, nothing
echoed unescaped. (The same against a running gunicorn, with slow clients: test_server_live.py.)"""

import json

import pytest

SCRIPT = "<script>alert(1)</script>"
TRAVERSAL = ["../../etc/passwd", "..%2f..%2fetc%2fpasswd", "%2e%2e/%2e%2e/etc/passwd",
             "2e/../../../etc/passwd",
             "2e/rulebook/..%2F..%2Fpyproject.toml", "..\\..\\windows", "%00", "2e/rulebook/beam%00ing",
             "2e/rulebook/%ff%fe", "static/../../judge/cli.py", "2e%2frulebook%2fbeaming/%2e%2e"]
QUERIES = ["", " ", "x" * 5000, '"unbalanced', 'a "b" "c', "((", ")", "AND", "OR NOT", "title:", ":*?",
           "a\x00b", "\x00", SCRIPT, "' OR 1=1 --", "%", "\\", "\u2603" * 300]
NUMBERS = ["-1", "0", "-99999999999999999999", "abc", "1e3", "1.5", "", " ", "99999999999999999999", SCRIPT,
           "\x00"]


def assert_sane(res, api: bool):
    assert res.status_code < 500, (res.status_code, res.get_data(as_text=True)[:300])
    if api and res.status_code >= 400:
        assert res.is_json, res.get_data(as_text=True)[:200]
        error = res.get_json()["error"]
        assert isinstance(error, str) and error.endswith((".", ")", "?")) and len(error) > 10
    if res.mimetype == "text/html":
        assert SCRIPT not in res.get_data(as_text=True)
        assert "&amp;lt;" not in res.get_data(as_text=True)   # escaped once, not twice


@pytest.mark.parametrize("q", QUERIES)
@pytest.mark.parametrize("path", ["/api/search", "/search"])
def test_any_query(sample_client, path, q):
    assert_sane(sample_client.get(path, query_string={"q": q}), path.startswith("/api/"))


@pytest.mark.parametrize("value", NUMBERS)
@pytest.mark.parametrize("name", ["limit", "page"])
@pytest.mark.parametrize("path", ["/api/search", "/search"])
def test_any_limit_and_page(sample_client, path, name, value):
    res = sample_client.get(path, query_string={"q": "beaming", name: value})
    assert_sane(res, path.startswith("/api/"))


def test_invalid_utf8_and_nul_in_the_raw_query_string(sample_client):
    for raw in [b"q=%ff%fe%fd", b"q=%00%00", b"q=beam%c3%28", b"q=%E0%80%80&edition=%ff", b"q&&&=&=="]:
        for path in ("/api/search", "/search", "/api/entries", "/"):
            assert_sane(sample_client.get(f"{path}?{raw.decode()}"), path.startswith("/api/"))


@pytest.mark.parametrize("entry_id", TRAVERSAL)
def test_traversal_in_ids(sample_client, entry_id):
    for path in (f"/api/entries/{entry_id}", f"/{entry_id}", f"/static/{entry_id}"):
        res = sample_client.get(path)
        assert_sane(res, path.startswith("/api/"))
        assert res.status_code in (301, 308, 400, 404), (path, res.status_code)
        assert b"root:" not in res.data and b"[project]" not in res.data


@pytest.mark.parametrize("param", ["q", "edition", "document", "kind", "page", "limit"])
def test_script_in_every_echoed_parameter_of_search(sample_client, param):
    args = {"q": "beaming", param: SCRIPT}
    for path in ("/search", "/api/search"):
        assert_sane(sample_client.get(path, query_string=args), path.startswith("/api/"))


@pytest.mark.parametrize("path", [f"/{SCRIPT}", f"/2e/{SCRIPT}", f"/2e/sample/{SCRIPT}",
                                  f"/api/entries/{SCRIPT}",
                                  f"/api/entries?edition={SCRIPT}", f"/api/entries?document={SCRIPT}",
                                  f"/ask?template={SCRIPT}", f"/ask?s={SCRIPT}", f"/nowhere?x={SCRIPT}",
                                  f"/api/{SCRIPT}"])
def test_script_in_paths_and_other_parameters(sample_client, path):
    assert_sane(sample_client.get(path), path.startswith("/api/"))


def test_script_in_posted_forms(sample_client):
    assert_sane(sample_client.post("/parse", data={"text": SCRIPT, "edition": SCRIPT}), False)
    assert_sane(sample_client.post("/ask", data={"scenario": SCRIPT}), False)
    assert_sane(sample_client.post("/ask", data={"scenario": f"edition: 2e\nquestion: {{kind: '{SCRIPT}'}}"}),
                False)


BODIES = [
    ("text/plain", b"hello"), ("application/json", b"not json"), ("application/json", b"[]"),
    ("application/json", b'"text"'), ("application/json", b"42"), ("application/json", b"null"),
    ("application/json", b'{"text": 5}'), ("application/json", b'{"text": ["a"]}'),
    ("application/json", b'{"text": null}'), ("application/json", b'{"text": "x", "edition": 7}'),
    ("application/json", b"\xff\xfe\x00"), ("application/json", b'{"text": "a\\u0000b"}'),
    ("application/x-www-form-urlencoded", b"text=abc"), ("application/json", b"{" * 5000),
    (None, b""),
]


@pytest.mark.parametrize(("kind", "body"), BODIES)
@pytest.mark.parametrize("path", ["/api/parse", "/api/ask"])
def test_non_json_and_wrong_typed_bodies(sample_client, path, kind, body):
    headers = {"Content-Type": kind} if kind else {}
    assert_sane(sample_client.post(path, data=body, headers=headers), True)


def test_a_200_kb_card_text(sample_client):
    big = "Once each turn, you may draw a card. " * 5600
    assert len(big) > 200_000
    res = sample_client.post("/api/parse", json={"text": big})
    assert res.status_code == 413 and "limit" in res.get_json()["error"]
    assert_sane(sample_client.post("/parse", data={"text": big}), False)


YAML_BOMB = b"""a: &a ["x","x","x","x","x","x","x","x","x"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: [*e,*e,*e,*e,*e,*e,*e,*e,*e]
"""
PYTHON_TAGS = [b"!!python/object/apply:os.system ['echo pwned']",
               b"edition: !!python/name:os.system\nquestion: {kind: play}",
               b"x: !!python/object/new:subprocess.Popen [['id']]", b"!custom {a: 1}"]


@pytest.mark.parametrize("body", [YAML_BOMB, *PYTHON_TAGS])
@pytest.mark.parametrize("kind", ["application/yaml", "text/yaml"])
def test_yaml_alias_bombs_and_python_tags(sample_client, body, kind):
    res = sample_client.post("/api/ask", data=body, headers={"Content-Type": kind})
    assert_sane(res, True)
    assert res.status_code in (413, 415, 422)
    assert_sane(sample_client.post("/ask", data={"scenario": body.decode()}), False)


def test_a_scenario_of_20000_cards(sample_client):
    cards = [{"id": f"c{n}", "title": f"Card {n}", "type": "personnel", "owner": "a"} for n in range(20_000)]
    scenario = {"edition": "2e", "players": ["a", "b"], "cards": cards, "question": {"kind": "winner"}}
    res = sample_client.post("/api/ask", data=json.dumps(scenario),
                             headers={"Content-Type": "application/json"})
    assert_sane(res, True)
    assert res.status_code in (413, 422)
    short = {**scenario, "cards": [f"c{n}" for n in range(20_000)]}   # under the byte limit
    res = sample_client.post("/api/ask", json=short)
    assert_sane(res, True)
    assert res.status_code == 422 and "1000" in res.get_json()["error"]


@pytest.mark.parametrize("method", ["PUT", "DELETE", "PATCH", "POST"])
def test_wrong_methods_are_json_on_the_api(sample_client, method):
    for path in ("/api/search?q=x", "/api/documents", "/api/entries/2e/sample/beaming", "/api/openapi.json"):
        res = sample_client.open(path, method=method)
        assert_sane(res, True)
        assert res.status_code == 405


def test_too_long_a_query_string_is_a_json_414(sample_client):
    res = sample_client.get("/api/search", query_string={"q": "\u2603" * 5000})
    assert res.status_code == 414 and "limit" in res.get_json()["error"]
    assert_sane(sample_client.get("/search", query_string={"q": "\u2603" * 5000}), False)


def test_a_body_over_the_limit_is_a_json_413(sample_client):
    res = sample_client.post("/api/ask", data=b"a: b\n" * 200_000,
                             headers={"Content-Type": "application/yaml"})
    assert res.status_code == 413 and res.is_json


def test_healthz_answers_afterwards(sample_client):
    assert sample_client.get("/healthz").get_json()["status"] == "ok"
