"""The First Edition card pool (issue 11): import, data files, ids, links from the rulebooks and the
rulings, title search, and the card routes."""

import csv
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cards import bundled, load_cards
from judge.cards.importer import read_csv, write
from judge.cards.links import resolve_card, variants
from judge.cards.titles import fold
from judge.cli import main
from judge.errors import CorpusError

from .conftest import ROOT, SHARED

CSV = SHARED / "cards" / "1e" / "physical.csv"
SEEDS = SHARED / "seeds"
needs_csv = pytest.mark.skipif(not CSV.is_file(), reason="../shared/cards/1e/physical.csv is not here")


@pytest.fixture(scope="module")
def report():
    return read_csv(CSV)


@pytest.fixture(scope="module")
def pool():
    return bundled()


@needs_csv
def test_every_row_is_imported_or_reported_with_its_line(report):
    with CSV.open(encoding="utf-8-sig", newline="") as f:
        rows = sum(1 for _ in csv.DictReader(f))
    assert report.rows == rows == 3396
    assert len(report.records) + len(report.problems) == rows
    assert len(report.records) == 3396 and report.problems == []


def test_bad_rows_are_reported_with_their_line(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_text("Name,Type,Release,Text\nGood Card,Event,premiere,Draw a card.\n,Event,premiere,x\n"
                    "No Type,,premiere,x\n", encoding="utf-8")
    report = read_csv(path)
    assert [r.title for r in report.records] == ["Good Card"]
    assert report.problems == [(3, "no title (Name is empty)"), (4, "'No Type' has no card type")]


@needs_csv
def test_a_reimport_gives_the_committed_data_unchanged(report, tmp_path):
    written = sorted(write(report.records, tmp_path))
    committed = sorted((ROOT / "cards" / "1e").glob("*.jsonl"))
    assert [p.name for p in written] == [p.name for p in committed]
    for new, old in zip(written, committed, strict=True):
        assert new.read_text(encoding="utf-8") == old.read_text(encoding="utf-8"), old.name


@needs_csv
def test_the_card_text_served_is_the_card_lists(client, report):
    with CSV.open(encoding="utf-8-sig", newline="") as f:
        texts = {i: (row["Text"] or "").strip() for i, row in enumerate(csv.DictReader(f), start=2)}
    by_line = {r.line: r for r in report.records}
    assert {line: by_line[line].text for line in texts} == texts
    for record in report.records[::40]:     # and over HTTP, one card in forty
        assert client.get(f"/api/cards/{record.id}").get_json()["text"] == texts[record.line]


def test_records_have_the_fields_of_their_type(pool):
    hagath = pool.get("1e/cards/hagath")
    skills = [(s["skill"], s["level"]) for s in hagath.to_json()["skills"]]
    assert skills == [("Acquisition", 1), ("Treachery", 2), ("Anthropology", 1), ("ENGINEER", 1)]
    assert hagath.attributes == {"integrity": 2, "cunning": 7, "strength": 5}
    assert hagath.characteristics == ("Humanoid", "Arms dealer", "Male") and hagath.unique
    ship = next(c for c in pool if c.kind == "ship" and c.staffing)
    assert set(ship.attributes) <= {"range", "weapons", "shields"} and ship.ship_class
    mission = pool.get("1e/cards/a-good-place-to-die")
    assert (mission.span, mission.points) == (3, "25")
    assert mission.requirements == "Physics + STRENGTH>33 OR Biology + Honor"


def test_ids_follow_the_spec(pool):
    ids = [c.id for c in pool]
    assert len(ids) == len(set(ids)) == len(pool)
    assert pool.get("1e/cards/worf-first-contact").title == "Worf"   # set name added for a repeated title
    assert {c.id for c in pool.versions("worf")} >= {"1e/cards/worf-premiere", "1e/cards/worf-first-contact"}
    assert all(re.fullmatch(r"1e/cards/[a-z0-9][a-z0-9.\-]*", i) for i in ids)
    assert not any(c.title.endswith("*") for c in pool)


def test_the_loader_names_file_and_line(tmp_path):
    folder = tmp_path / "1e"
    folder.mkdir()
    good = json.dumps(bundled().get("1e/cards/hagath").to_row())
    (folder / "x.jsonl").write_text(good + "\n{not json\n", encoding="utf-8")
    with pytest.raises(CorpusError, match=r"x\.jsonl:2"):
        load_cards(tmp_path)
    (folder / "x.jsonl").write_text(good.replace('"lore"', '"lure"') + "\n", encoding="utf-8")
    with pytest.raises(CorpusError, match=r"x\.jsonl:1.*unknown field"):
        load_cards(tmp_path)


# --- links from the rulebook and the rulings ----------------------------------------------------

def _pool_titles(pool) -> set[str]:
    return {fold(c.title) for c in pool}


@pytest.mark.skipif(not SEEDS.is_dir(), reason="../shared/seeds is not here")
def test_rulebook_references_to_pool_cards_link_to_them(corpus, pool):
    """Of the 2.3.2 rulebook's [Title](#) references that name a title of the pool, >= 95% link to a card
    page of that title (the version its parentheses name, or the title's list of versions)."""
    source = (SEEDS / "003_4ab09d7bd820e94b.txt").read_text(encoding="utf-8")
    names = [" ".join(n.replace("\\", "").split()) for n in re.findall(r"\[([^\]]*)\]\(#\)", source)]
    titles = _pool_titles(pool)
    in_pool = [n for n in names if any(fold(re.sub(r"\s*\([^()]*\)$", "", v)) in titles for v in variants(n))]
    markdown = "\n".join(e.markdown for e in corpus.document("1e/rulebook").entries)
    links = re.findall(r"\[([^\]]*)\]\(/1e/cards/([^)]+)\)", markdown)
    linked = {" ".join(n.replace("\\", "").split()) for n, _ in links}
    for name, slug in links:     # each link goes to a card of the title it names
        card = pool.get(f"1e/cards/{slug}") or pool.versions(slug)[0]
        assert any(fold(card.title) == fold(re.sub(r"\s*\([^()]*\)$", "", v)) for v in variants(name)), name
    share = sum(1 for n in in_pool if n in linked) / len(in_pool)
    assert len(in_pool) > 600 and share >= 0.95, (share, sorted({n for n in in_pool if n not in linked}))


def test_rulings_about_a_card_link_to_it(corpus, pool):
    rulings = [e for e in corpus.document("1e/rulings-2002-04").entries if e.kind == "ruling"]
    about_cards = [e for e in rulings if resolve_card(e.title, pool)]
    assert len(about_cards) >= 30
    for e in about_cards:
        assert resolve_card(e.title, pool) in {str(i) for i in e.links}, e.title


def test_a_card_page_lists_the_entries_that_name_it_in_force_first(client):
    data = client.get("/api/cards/1e/cards/klingon-disruptor").get_json()
    ids = [m["id"] for m in data["mentioned_in"]]
    assert "1e/rulebook/set-add-multiply-s-a-m" in ids and all(m["in_force"] for m in data["mentioned_in"])
    ruled = client.get("/api/cards/1e/cards/caithlin-dar").get_json()["mentioned_in"]
    assert [m["id"] for m in ruled] == ["1e/rulings-2002-04/caithlin-dar"]


# --- title search ---------------------------------------------------------------------------------

def test_every_exact_title_finds_its_card_first(pool):
    misses = []
    for card in pool:
        hits = pool.titles.search(card.title, limit=max(3, len(pool.by_title(card.title))), text=False)
        top = {h.record.id for h in hits[: len(pool.by_title(card.title))]}
        if card.id not in top:
            misses.append(card.title)
    assert misses == []


QUERY_FILES = sorted((ROOT / "tests" / "data").glob("card_queries*.json"))


@pytest.mark.parametrize("path", QUERY_FILES, ids=[p.stem for p in QUERY_FILES])
@pytest.mark.parametrize("holdout", [False, True], ids=["dev", "holdout"])
def test_typed_queries_recall_at_3(pool, path, holdout):
    """Queries as people type them (typos, run-together words, abbreviations, missing punctuation),
    each with the card(s) meant; the held-out ones were set aside before the search was measured."""
    queries = [q for q in json.loads(path.read_text())["queries"] if q.get("holdout", False) == holdout]
    found = []
    for q in queries:
        top = [h.record.id for h in pool.titles.search(q["q"], limit=max(3, len(q["expect"])))]
        found.append(bool(set(top) & set(q["expect"])))
    recall = sum(found) / len(queries)
    assert recall >= 0.95, [q["q"] for q, ok in zip(queries, found, strict=True) if not ok]


# --- routes and command line -----------------------------------------------------------------------

def test_api_cards_finds_and_filters(client):
    got = client.get("/api/cards?q=worf+fc").get_json()
    assert got["results"][0]["id"] == "1e/cards/worf-first-contact"
    assert set(got) >= {"query", "total", "page", "results"}
    typed = client.get("/api/cards?q=kivas+fajo&type=personnel").get_json()["results"]
    assert typed[0]["id"] == "1e/cards/kivas-fajo" and all(r["type"] == "Personnel" for r in typed)
    assert client.get("/api/cards?set=premiere&type=Ship&limit=50").get_json()["total"] > 10
    for bad in ("limit=0", "limit=51", "page=0", "page=x", "q=" + "x" * 600):
        response = client.get(f"/api/cards?{bad}")
        assert response.status_code == 400 and "error" in response.get_json(), bad


def test_api_card_record_and_errors(client):
    hagath = client.get("/api/cards/1e/cards/hagath").get_json()
    assert hagath["url"] == "/1e/cards/hagath" and hagath["abilities"] and "mentioned_in" in hagath
    versions = client.get("/api/cards/1e/cards/worf").get_json()["versions"]
    assert "1e/cards/worf-premiere" in {v["id"] for v in versions}
    missing = client.get("/api/cards/1e/cards/wrof")
    assert missing.status_code == 404 and "1e/cards/worf-premiere" in missing.get_json()["suggestions"]


def test_card_page_and_search(client):
    page = client.get("/1e/cards/hagath").get_data(as_text=True)
    assert "Hagath" in page and "Your hand weapons may report here." in page and "[quote=" in page
    assert client.get("/1e/cards/worf").status_code == 200
    assert client.get("/1e/cards/nope").status_code == 404
    first = client.get("/api/search?q=kivas+fajo").get_json()["results"][0]
    assert first["id"] == "1e/cards/kivas-fajo" and first["kind"] == "card"
    by_text = client.get("/api/search?q=hand+weapons+may+report&kind=card").get_json()["results"]
    assert "1e/cards/hagath" in [r["id"] for r in by_text[:5]]


def test_cli_card_and_import(tmp_path):
    runner = CliRunner()
    shown = runner.invoke(main, ["card", "worf", "fc"])
    assert shown.exit_code == 0 and "1e/cards/worf-first-contact" in shown.output
    several = runner.invoke(main, ["card", "worf"])
    assert several.exit_code == 1 and "1e/cards/worf-premiere" in several.output
    as_json = runner.invoke(main, ["card", "hagath", "--json"])
    assert json.loads(as_json.output)["id"] == "1e/cards/hagath"
    if CSV.is_file():
        done = runner.invoke(main, ["import-cards", str(CSV), "--out", str(tmp_path)])
        assert done.exit_code == 0 and "3396 cards imported" in done.output
        assert len(list(Path(tmp_path, "cards", "1e").glob("*.jsonl"))) == 46


def test_a_prohibition_is_described_as_one():
    """The card page's plain words keep "may not": "Opponent's personnel may not report here." had
    read "report — Opponent's personnel", the opposite of the card."""
    from judge.cards.mentions import describe
    from judge.cardtext import parse

    def words(text):
        return describe(parse(text, card_type="Event").to_json()["abilities"][0])

    assert "may not report — Opponent's personnel" in words("Opponent's personnel may not report here.")
    assert words("Opponent may not seed or build facilities at this location.").count("may not") == 2
    assert "may draw" in words("You may draw a card.")
    assert "may " not in words("No player may download cards.")


def test_a_card_that_does_it_is_described_as_such():
    """ "Nullified by {Vulcan Nerve Pinch}." had been described as "nullify Vulcan Nerve Pinch", the
    card nullifying the one that nullifies it; "Plays on {Quark's Bar}." as "play Quark's Bar"."""
    from judge.cards.mentions import describe
    from judge.cardtext import parse

    ability = parse("Nullified by {Vulcan Nerve Pinch}.", card_type="Dilemma").to_json()["abilities"][0]
    assert "card" not in ability["effects"][0]
    assert describe(ability).endswith("nullify by {Vulcan Nerve Pinch}")
    ability = parse("Nullify {Red Alert!}.", card_type="Interrupt").to_json()["abilities"][0]
    assert ability["effects"][0]["card"] == "Red Alert!"
    # nor is one it is not done to, or where it goes
    ability = parse("Plays on any ship, except {Borg Ship}.", card_type="Event").to_json()["abilities"][0]
    assert "card" not in ability["effects"][0] and ability["effects"][0]["except"]["card"] == "Borg Ship"
    ability = parse("Plays on {Quark's Bar}.", card_type="Event").to_json()["abilities"][0]
    assert "card" not in ability["effects"][0] and describe(ability).endswith("play on {Quark's Bar}")


def test_the_card_page_reads_a_card_as_judge_parse_does():
    """The card page's reading is ``judge parse --file``'s: by the card's type and with its title (it
    had read every card as untyped text, and 668 of the pool's readings differed, a dilemma's
    sentences as standing rules among them)."""
    from judge.cardtext import parse_card
    from judge.cardtext.report import read_cards

    pool = bundled()
    cards = read_cards(sorted((Path(__file__).parent.parent / "cards" / "1e").glob("*.jsonl")))
    sample = cards[::17]
    assert len(sample) > 150 and any(c["type"] == "Dilemma" for c in sample)
    for card in sample:
        assert pool.get(card["id"]).parsed == parse_card(card).to_json(), card["id"]
