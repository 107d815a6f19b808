"""POST /api/parse, the /parse page and `judge parse`."""

import json

from judge.cli import main


def test_api_parse(sample_client):
    r = sample_client.post("/api/parse", json={"text": "Nullifies {Borg Ship}.", "edition": "1e"})
    assert r.status_code == 200
    data = r.get_json()
    assert data["abilities"][0]["effects"][0]["verb"] == "nullify"
    assert data["unparsed"] == []


def test_api_parse_guesses_edition(sample_client):
    r = sample_client.post("/api/parse", json={"text": "Order - Discard a card from hand to draw a card."})
    assert r.get_json()["edition"] == "2e"


def test_api_parse_errors_are_json(sample_client):
    assert sample_client.post("/api/parse", json={}).status_code == 400
    assert sample_client.post("/api/parse", json={"text": 5}).status_code == 422
    assert sample_client.post("/api/parse", json={"text": "x", "edition": "3e"}).status_code == 422
    r = sample_client.post("/api/parse", data="not json", content_type="application/json")
    assert r.status_code == 400 and "error" in r.get_json()
    r = sample_client.post("/api/parse", json={"text": "a" * 10_001})
    assert r.status_code == 413 and "limit" in r.get_json()


def test_api_parse_200kb_body_is_a_json_413(sample_client):
    r = sample_client.post("/api/parse", data=json.dumps({"text": "When " * 40_000}),
                           content_type="application/json")
    assert r.status_code == 413
    assert r.is_json and "error" in r.get_json()


def test_hostile_text_is_200(sample_client):
    r = sample_client.post("/api/parse", json={"text": "When " * 1999})
    assert r.status_code == 200
    assert r.get_json()["unparsed"]


def test_parse_page(sample_client):
    assert sample_client.get("/parse").status_code == 200
    r = sample_client.post("/parse", data={"text": "Damage - This ship is Range -2.", "edition": "2e"})
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    assert "damage" in html and "modify" in html and "range" in html


def test_parse_page_shows_a_personnels_skills_and_downloads(sample_client):
    text = "V.I.P. Leadership x 2 Honor (if {The Emissary} in play). DL/ {Bajoran Treaty} (if Kai present)."
    r = sample_client.post("/parse", data={"text": text, "type": "Personnel"})
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    start = html.index('<dl class="skill-list">')
    section = html[start:html.index("</dl>", start)]
    assert "Leadership x2" in section and "Honor: “(if {The Emissary} in play).”" in section
    assert "Bajoran Treaty: “if Kai present”" in section


def test_cli_parse_text():
    from click.testing import CliRunner

    result = CliRunner().invoke(main, ["parse", "Nullifies {Borg Ship}.", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["abilities"][0]["effects"][0]["card"] == "Borg Ship"


def test_cli_parse_report(tmp_path):
    from click.testing import CliRunner

    path = tmp_path / "c.jsonl"
    path.write_text(json.dumps({"name": "A", "type": "Event", "text": "Destroy an event."}) + "\n")
    result = CliRunner().invoke(main, ["parse", "--file", str(path), "--report", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["cards"], data["fully_parsed"], data["share"]) == (1, 1, 1.0)
    assert {"seconds", "top_unparsed"} <= set(data)


def test_cli_parse_report_prints_shares_from_the_counts(tmp_path):
    """73 of 74 is 98.6%; the JSON's share rounded to four places (0.9865) and rounded again for
    print showed 98.7%."""
    from click.testing import CliRunner

    path = tmp_path / "c.jsonl"
    rows = [{"name": f"A{i}", "type": "Event", "text": "Destroy an event."} for i in range(73)]
    rows.append({"name": "B", "type": "Event", "text": "Fooble the abyss."})
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    result = CliRunner().invoke(main, ["parse", "--file", str(path), "--report"])
    assert result.exit_code == 0, result.output
    assert "fully parsed: 73 (98.6%)" in result.output
    assert "Event" in result.output and "73/74   98.6%" in result.output


def test_cli_parse_file_reads_the_edition_given(tmp_path):
    """With --file, --edition reads the cards in that edition where a record has no 'edition' of
    its own (it was ignored: every card was read as 1E)."""
    from click.testing import CliRunner

    path = tmp_path / "c.jsonl"
    rows = [{"name": "A", "type": "Event", "text": "Destroy an event."},
            {"name": "B", "type": "Event", "text": "Destroy an event.", "edition": "1e"}]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    result = CliRunner().invoke(main, ["parse", "--file", str(path), "--edition", "2e"])
    assert result.exit_code == 0, result.output
    assert [json.loads(line)["edition"] for line in result.output.splitlines()] == ["2e", "1e"]
    result = CliRunner().invoke(main, ["parse", "--file", str(path)])
    assert [json.loads(line)["edition"] for line in result.output.splitlines()] == ["1e", "1e"]


def test_cli_parse_prints_a_personnels_skills_downloads_and_their_notes():
    from click.testing import CliRunner

    text = ("V.I.P. Leadership x 2 Honor (if {The Emissary} in play). DL/ {Bajoran Treaty} (if Kai present). "
            "Your leaders may report here.")
    result = CliRunner().invoke(main, ["parse", "--type", "Personnel", text])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:4] == ["skills  V.I.P., Leadership x2, Honor", "  Honor: (if {The Emissary} in play).",
                         "downloads  Bajoran Treaty", "  Bajoran Treaty: if Kai present"]
    assert lines[4].startswith("continuous  Your leaders may report here.")


def test_cli_parse_report_over_several_files(tmp_path):
    """A shell glob after --file ("--file cards/*.jsonl") reads every file; a missing one is an error."""
    from click.testing import CliRunner

    paths = []
    for name, text in (("a", "Destroy an event."), ("b", "Fooble the abyss.")):
        path = tmp_path / f"{name}.jsonl"
        path.write_text(json.dumps({"name": name, "type": "Event", "text": text}) + "\n")
        paths.append(str(path))
    result = CliRunner().invoke(main, ["parse", "--file", *paths, "--report", "--json"])
    assert result.exit_code == 0, result.output
    assert (json.loads(result.output)["cards"], json.loads(result.output)["fully_parsed"]) == (2, 1)
    result = CliRunner().invoke(main, ["parse", "--file", paths[0], str(tmp_path / "nope.jsonl"), "--report"])
    assert result.exit_code != 0 and "not a card file" in result.output


def test_cli_parse_prints_label_and_conditions():
    from click.testing import CliRunner

    text = "ALIEN PARASITES: Unless INTEGRITY>32, Away Team beams back."
    result = CliRunner().invoke(main, ["parse", text])
    assert result.exit_code == 0, result.output
    assert "label: ALIEN PARASITES" in result.output
    assert "condition: unless  Unless INTEGRITY>32" in result.output


def test_api_parse_reads_by_the_cards_type(sample_client):
    """``type`` reads a personnel's skill list, a mission's requirements and a dilemma's sentences as
    over ``judge parse --file``; without it the same texts read otherwise."""
    text = "SECURITY Navigation Your ships are each WEAPONS +2."
    typed = sample_client.post("/api/parse", json={"text": text, "type": "Personnel"}).get_json()
    assert [s["skill"] for s in typed["skills"]] == ["SECURITY", "Navigation"]
    assert "skills" not in sample_client.post("/api/parse", json={"text": text}).get_json()
    mission = sample_client.post("/api/parse", json={"text": "Diplomacy + Leadership OR CUNNING>30",
                                                     "type": "mission"}).get_json()
    assert mission["requirements"]["any"][1] == {"attribute": "cunning", "op": ">", "value": 30}
    stopped = "All your personnel are stopped."
    kinds = {t: sample_client.post("/api/parse", json={"text": stopped, "type": t}).get_json()
             ["abilities"][0]["kind"] for t in ("Dilemma", "Event")}
    assert kinds == {"Dilemma": "play_effect", "Event": "continuous"}


def test_api_parse_refuses_an_unknown_type(sample_client):
    for bad in ("Starship", 5, ["Dilemma"]):
        r = sample_client.post("/api/parse", json={"text": "Nullifies {Borg Ship}.", "type": bad})
        assert r.status_code == 422 and "Dilemma" in r.get_json()["types"]


def test_cli_parse_report_reads_the_card_list_csv(tmp_path):
    from click.testing import CliRunner

    from judge.cli import main

    path = tmp_path / "cards.csv"
    path.write_text("Name,Set,ImageFile,Release,Type,Text\n"
                    "Wibble,x,wibble,pr,Event,Fooble the wibble.\n"
                    "Nullify,x,nullify,pr,Interrupt,Nullifies {Borg Ship}.\n"
                    "Skilled,x,skilled,pr,Personnel,SECURITY Navigation\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["parse", "--file", str(path), "--report", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["cards"] == 3 and data["fully_parsed"] == 2
    assert data["by_type"]["Event"]["top_unparsed"] == [{"text": "Fooble the wibble.", "count": 1}]
    assert data["by_type"]["Personnel"]["fully_parsed"] == 1


def test_api_parse_takes_the_cards_title(sample_client):
    body = {"text": "Nullifies another Off Switch.", "type": "Dilemma"}
    effect = sample_client.post("/api/parse", json={**body, "title": "Off Switch"}).get_json()[
        "abilities"][0]["effects"][0]
    assert effect["verb"] == "nullify" and effect["object"]["card"] == "Off Switch"
    bare = sample_client.post("/api/parse", json=body).get_json()["abilities"][0]["effects"]
    assert [e["verb"] for e in bare] != ["nullify"]
    for bad in (5, "x" * 201, ["Off Switch"]):
        r = sample_client.post("/api/parse", json={**body, "title": bad})
        assert r.status_code == 422 and "title" in r.get_json()["error"]


def test_cli_parse_takes_the_title():
    from click.testing import CliRunner

    out = CliRunner().invoke(main, ["parse", "--type", "Dilemma", "--title", "Off Switch", "--json",
                                    "Nullifies another Off Switch."])
    assert out.exit_code == 0
    assert json.loads(out.output)["abilities"][0]["effects"][0]["object"]["card"] == "Off Switch"


def test_parse_page_takes_the_title(sample_client):
    r = sample_client.post("/parse", data={"text": "Nullifies another Off Switch.", "type": "Dilemma",
                                           "title": "Off Switch"})
    assert r.status_code == 200 and b'value="Off Switch"' in r.data and b"Off Switch" in r.data
    r = sample_client.post("/parse", data={"text": "x", "title": "y" * 201})
    assert r.status_code == 422
