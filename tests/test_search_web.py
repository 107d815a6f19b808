"""/api/search and /search: the contract's shape, hostile input, escaping, the no-JS page."""

import pytest

HOSTILE = ['"', "((", "AND", "title:", "*", "x" * 5000, "a\x00b\x00", "<script>alert(1)</script>",
           "' OR 1=1 --", "NOT", "??", "beam aboard (enemy OR \"ship", "\u2603 \U0001f680"]


def test_api_search_has_the_contract_shape(sample_client):
    res = sample_client.get("/api/search?q=can I beam aboard an opponent's ship")
    assert res.status_code == 200
    data = res.get_json()
    assert {"query", "total", "page", "results", "suggestion"} <= set(data)
    top = data["results"][0]
    assert top["id"] == "2e/sample/beaming"
    assert set(top) >= {"id", "title", "edition", "document", "document_title", "kind", "url", "snippet",
                        "text", "score"}
    assert top["url"] == "/2e/sample/beaming"
    assert "<mark>beam</mark>" in top["snippet"]
    assert data["suggestion"] is None


@pytest.mark.parametrize("q", HOSTILE)
def test_hostile_queries_answer_json(sample_client, q):
    res = sample_client.get("/api/search", query_string={"q": q})
    assert res.status_code == 200
    assert res.is_json and isinstance(res.get_json()["results"], list)


@pytest.mark.parametrize("q", ["", "   "])
def test_an_empty_query_is_a_400_json_error(sample_client, q):
    res = sample_client.get("/api/search", query_string={"q": q})
    assert res.status_code == 400
    assert "error" in res.get_json()


@pytest.mark.parametrize("args", [{"edition": "3e"}, {"kind": "x"}, {"limit": "ten"}, {"page": "0"},
                                  {"document": "nope"}])
def test_bad_parameters_are_400_json_errors(sample_client, args):
    res = sample_client.get("/api/search", query_string={"q": "beaming", **args})
    assert res.status_code == 400
    assert res.get_json()["error"]


@pytest.mark.parametrize("q", HOSTILE)
def test_the_results_page_escapes_everything(sample_client, q):
    res = sample_client.get("/search", query_string={"q": q})
    assert res.status_code == 200
    html = res.get_data(as_text=True)
    assert "<script>alert" not in html
    assert "\x00" not in html


def test_a_query_matching_markup_is_escaped_in_results(sample_client):
    html = sample_client.get("/search?q=<b>beaming</b>").get_data(as_text=True)
    assert "&lt;b&gt;beaming&lt;/b&gt;" in html
    assert "<mark>" in html


def test_results_page_without_javascript(sample_client):
    html = sample_client.get("/search?q=beaming&edition=2e").get_data(as_text=True)
    assert 'action="/search"' in html and 'name="edition"' in html
    assert 'value="2e" checked' in html
    assert 'href="/2e/sample/beaming"' in html
    assert "Sample Rulebook" in html and "2003-01-01" in html
    assert 'class="badge superseded"' in html          # the old printing is labelled
    assert 'href="/2e/sample/glossary--beaming"' in html  # … and points at the one in force


def test_results_page_suggests_a_spelling(sample_client):
    html = sample_client.get("/search?q=beamign").get_data(as_text=True)
    assert "Did you mean" in html and "beaming" in html


def test_empty_search_page_shows_the_form(sample_client):
    res = sample_client.get("/search")
    assert res.status_code == 200
    assert 'name="q"' in res.get_data(as_text=True)


def test_home_has_the_search_box_and_the_document_listing(sample_client):
    html = sample_client.get("/").get_data(as_text=True)
    assert 'class="search-form"' in html and 'name="edition"' in html
    assert "Sample Rulebook" in html


def test_paging_links(sample_client):
    html = sample_client.get("/search?q=beaming&limit=1").get_data(as_text=True)
    assert 'rel="next"' in html and "page=2" in html


def test_healthz_reports_the_open_index(sample_client):
    data = sample_client.get("/healthz").get_json()
    assert data["status"] == "ok"
    assert data["index"]["entries"] == data["entries"]
