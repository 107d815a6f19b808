"""The entry API and permalink pages, over the fixture corpus."""


def test_documents(sample_client):
    docs = sample_client.get("/api/documents").get_json()["documents"]
    assert [(d["edition"], d["document"], d["entries"]) for d in docs] == [
        ("1e", "v1", 1), ("1e", "v0", 2), ("2e", "sample", 5), ("2e", "sample-old", 3),
    ]


def test_entries_of_a_document_in_order(sample_client):
    data = sample_client.get("/api/entries?edition=2e&document=sample").get_json()
    assert [e["id"] for e in data["entries"]][:3] == [
        "2e/sample/introduction", "2e/sample/moving", "2e/sample/beaming",
    ]
    assert set(data["entries"][0]) == {"id", "title", "kind", "text"}


def test_unknown_document_is_a_json_error(sample_client):
    res = sample_client.get("/api/entries?edition=2e&document=nope")
    assert res.status_code == 400 and "nope" in res.get_json()["error"]
    assert sample_client.get("/api/entries?edition=3e").status_code == 400


def test_entry_json_shape(sample_client):
    e = sample_client.get("/api/entries/2e/sample-old/beaming").get_json()
    assert e["superseded_by"] == ["2e/sample/glossary--beaming"] and e["superseded"]
    for key in ("id", "title", "edition", "document", "document_title", "kind", "path", "text",
                "html", "url", "links", "supersedes", "superseded_by", "effective"):
        assert key in e
    assert e["effective"] == "2002-01-01"


def test_unknown_entry_404_json_with_suggestions(sample_client):
    res = sample_client.get("/api/entries/2e/sample/beamng")
    assert res.status_code == 404
    assert "2e/sample/beaming" in res.get_json()["suggestions"]


def test_entry_page_has_breadcrumb_notice_and_quotes(sample_client):
    html = sample_client.get("/2e/sample-old/beaming").get_data(as_text=True)
    assert "Superseded by" in html and 'href="/2e/sample/glossary--beaming"' in html
    page = sample_client.get("/2e/sample/beaming").get_data(as_text=True)
    assert 'href="/2e/sample/moving"' in page  # breadcrumb
    assert "<strong>beam</strong>" in page
    assert "[quote=" in page and "&gt; You cannot beam" in page


def test_unknown_entry_page_is_helpful_html(sample_client):
    res = sample_client.get("/2e/sample/beamng")
    assert res.status_code == 404 and "text/html" in res.content_type
    assert 'href="/2e/sample/beaming"' in res.get_data(as_text=True)


def test_renamed_id_redirects(sample_client):
    res = sample_client.get("/2e/sample/transporting")
    assert res.status_code == 301 and res.headers["Location"].endswith("/2e/sample/beaming")


def test_healthz_and_home(sample_client):
    assert sample_client.get("/healthz").get_json()["status"] == "ok"
    home = sample_client.get("/").get_data(as_text=True)
    assert "Sample Rulebook" in home and 'href="/2e/sample/beaming"' in home
