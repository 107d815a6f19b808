"""The OpenAPI document describes every /api/ route the app serves, and nothing it does not; and a
property-based run over it (Hypothesis, requests built from the document's own parameters and
bodies) finds no server error and no answer that breaks the document's shapes."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.web.openapi import openapi_path


def test_every_api_route_is_documented(sample_app):
    doc = sample_app.test_client().get("/api/openapi.json").get_json()
    assert doc["openapi"].startswith("3.")
    served = {(openapi_path(r.rule), m.lower()) for r in sample_app.url_map.iter_rules()
              if r.rule.startswith("/api/") for m in r.methods - {"HEAD", "OPTIONS"}}
    documented = {(p, m) for p, ops in doc["paths"].items() for m in ops}
    assert served == documented
    for path, ops in doc["paths"].items():
        for op in ops.values():
            named = {p["name"] for p in op.get("parameters", []) if p["in"] == "path"}
            assert named == {n.strip("{}") for n in path.split("/") if n.startswith("{")}


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    from judge import create_app

    from .conftest import FIXTURES

    app = create_app({"TESTING": True, "CORPUS_DIRS": [str(FIXTURES / "corpus" / "rules")],
                      "INDEX_DIR": str(tmp_path_factory.mktemp("openapi-index")), "LOG_REQUESTS": False})
    client = app.test_client()
    return client, client.get("/api/openapi.json").get_json()


SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30)
JSON = st.recursive(SCALARS, lambda kids: st.lists(kids, max_size=4)
                    | st.dictionaries(st.text(max_size=8), kids, max_size=4), max_leaves=10)
IDS = st.sampled_from(["2e/sample/beaming", "2e/sample/glossary--beaming", "1e/x/y", "../../etc/passwd", ""])


def value_for(schema: dict) -> st.SearchStrategy:
    """Values the schema allows, and some it does not (a server must refuse those with a 4xx)."""
    kind = schema.get("type")
    good: st.SearchStrategy
    if "enum" in schema:
        good = st.sampled_from(schema["enum"])
    elif kind == "integer":
        good = st.integers(min_value=-10**6, max_value=10**6)
    elif kind == "object":
        props, required = schema.get("properties", {}), schema.get("required", [])
        good = st.fixed_dictionaries(
            {k: value_for(v) for k, v in props.items() if k in required},
            optional={k: value_for(v) for k, v in props.items() if k not in required})
    else:
        good = st.text(max_size=60)
    return good | JSON if kind == "object" else good | st.text(max_size=20)


def request_for(path: str, method: str, op: dict) -> st.SearchStrategy:
    params = {}
    for p in op.get("parameters", []):
        strategy = IDS if p["in"] == "path" else value_for(p["schema"])
        params[(p["in"], p["name"])] = strategy if p.get("required") else st.none() | strategy
    body = st.none()
    content = op.get("requestBody", {}).get("content", {})
    if content:
        body = st.sampled_from(sorted(content)).flatmap(
            lambda kind: st.tuples(st.just(kind), value_for(content[kind]["schema"])))
    return st.tuples(st.just(path), st.just(method), st.fixed_dictionaries(params), body)


def conforms(value, schema: dict, doc: dict) -> bool:
    if "$ref" in schema:
        schema = doc["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    if value is None:
        return schema.get("nullable", False) or "type" not in schema
    kind = schema.get("type")
    checks = {"string": str, "integer": int, "number": (int, float), "boolean": bool, "array": list,
              "object": dict}
    if kind and not isinstance(value, checks[kind]):
        return False
    if kind == "object":
        return all(k in value for k in schema.get("required", [])) and all(
            conforms(value[k], s, doc) for k, s in schema.get("properties", {}).items() if k in value)
    if kind == "array":
        return all(conforms(v, schema.get("items", {}), doc) for v in value)
    return True


def test_no_server_error_anywhere_in_the_document(api):
    client, doc = api
    operations = [request_for(p, m, op) for p, ops in doc["paths"].items() for m, op in ops.items()]

    @settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.one_of(operations))
    def check(req):
        path, method, params, body = req
        url, query = path, {}
        for (where, name), value in params.items():
            if value is None:
                continue
            if where == "path":
                url = url.replace("{" + name + "}", str(value))
            else:
                query[name] = str(value)
        kwargs = {}
        if body is not None:
            kind, value = body
            kwargs = {"data": value if isinstance(value, str) else json.dumps(value), "content_type": kind}
        res = client.open(url, method=method.upper(), query_string=query, **kwargs)
        assert res.status_code < 500, (url, query, body, res.get_data(as_text=True)[:200])
        if res.status_code >= 400:
            assert res.is_json and isinstance(res.get_json()["error"], str), (url, res.status_code)
        elif res.status_code == 200:
            schema = doc["paths"][path][method]["responses"]["200"].get("content", {}).get(
                "application/json", {}).get("schema")
            if schema:
                assert conforms(res.get_json(), schema, doc), (url, query)

    check()
