"""The ``judge`` command."""

from __future__ import annotations

import html
import json
import os
import sys
from pathlib import Path

import click

from .errors import JudgeError


class JudgeGroup(click.Group):
    """Turns a JudgeError into a one-line message and exit status 1 instead of a traceback."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except JudgeError as exc:
            click.echo(f"judge: {exc.message}", err=True)
            for key, value in exc.details.items():
                if value:
                    click.echo(f"  {key}: {value}", err=True)
            sys.exit(1)


@click.group(cls=JudgeGroup)
@click.version_option(package_name="judge")
def main() -> None:
    """Rules reference and judging assistant for the Star Trek CCG."""


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="0.0.0.0 to serve other machines.")
@click.option("--port", default=5000, show_default=True, type=int)
@click.option("--workers", type=click.IntRange(1, 64), help="Worker processes [default: WORKERS setting].")
@click.option("--threads", type=click.IntRange(1, 64), help="Threads per worker [default: THREADS setting].")
@click.option("--debug", is_flag=True, help="Werkzeug's development server, reloading on changes.")
def serve(host: str, port: int, workers: int | None, threads: int | None, debug: bool) -> None:
    """Serve the web app under gunicorn (the index is built first when missing or stale)."""
    from .search import open_index
    from .web import create_app, get_library
    from .web.server import configure_logging, run

    configure_logging()
    if not debug:  # build before the app starts, with a progress bar; workers only open it
        from .corpus import load_corpus
        from .web.config import settings

        config = settings()
        corpus = load_corpus(config["CORPUS_DIRS"])
        build = config["INDEX_BUILD"]
        open_index(corpus, config["INDEX_DIR"], build=build, progress=_index_progress()).close()
    app = create_app()
    info = get_library(app).current.index.info
    click.echo(f"judge: index of {info.entries} entries at {info.path}", err=True)
    if debug:
        app.run(host=host, port=port, debug=True)
        return
    workers = workers or app.config["WORKERS"]
    threads = threads or app.config["THREADS"]
    click.echo(f"judge: serving on http://{host}:{port}/ ({workers} workers × {threads} threads)", err=True)
    run(app, host, port, workers, threads)


@main.command()
@click.argument("entry_id")
@click.option("--json", "as_json", is_flag=True, help="Print the entry as JSON.")
def show(entry_id: str, as_json: bool) -> None:
    """Print one entry, e.g. ``judge show 2e/rulebook/beaming``."""
    from .corpus import load_corpus
    from .corpus.serialize import entry_json

    corpus = load_corpus(_corpus_dirs())
    key = entry_id.strip().strip("/").lower()
    entry = corpus.find(corpus.redirect_for(key) or key)
    if entry is None:
        corpus.get(key)  # raises NotFound with suggestions
    data = entry_json(corpus, entry)
    if as_json:
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    click.echo(click.style(data["title"], bold=True))
    click.echo(f"{data['document_title']} · {data['date']} · {data['kind']} · {data['id']}")
    if data["path"]:
        click.echo(" › ".join(data["path"]))
    if data["superseded_by"]:
        click.echo(f"Superseded by: {', '.join(data['superseded_by'])}")
    elif data["replaced_by_document"]:
        click.echo(f"Superseded: the document is replaced by {data['replaced_by_document']}")
    if data["supersedes"]:
        click.echo(f"Supersedes: {', '.join(data['supersedes'])}")
    click.echo()
    click.echo(data["text"])


def _index_progress():
    """A progress callback drawing a bar on stderr (shown only when a build actually runs)."""
    state: dict = {}

    def progress(done: int, total: int) -> None:
        bar = state.get("bar")
        if bar is None:
            bar = state["bar"] = click.progressbar(length=total, label="judge: indexing", file=sys.stderr)
            bar.__enter__()
        bar.update(done - bar.pos)
        if done >= total:
            bar.__exit__(None, None, None)

    return progress


def _corpus_dirs() -> list[str] | None:
    """``$JUDGE_CORPUS_DIRS`` (directories separated like PATH), as the server reads it; else the
    bundled corpus."""
    dirs = [d for d in os.environ.get("JUDGE_CORPUS_DIRS", "").split(os.pathsep) if d]
    return dirs or None


def _index_dir():
    from pathlib import Path

    from .search import default_index_dir

    return Path(os.environ["JUDGE_INDEX_DIR"]) if os.environ.get("JUDGE_INDEX_DIR") else default_index_dir()


@main.command()
@click.option("--rebuild", is_flag=True, help="Rebuild even when the index is up to date.")
def index(rebuild: bool) -> None:
    """Build the search index (in the per-user data directory, or $JUDGE_INDEX_DIR)."""
    from .corpus import load_corpus
    from .search import SearchIndex, is_fresh

    corpus = load_corpus(_corpus_dirs())
    base = _index_dir()
    was_fresh = not rebuild and is_fresh(base, corpus)
    info = SearchIndex.open(corpus, base, rebuild=rebuild, progress=_index_progress()).info
    state = "up to date" if was_fresh else f"built in {info.build_seconds:.2f} s"
    click.echo(f"judge: index {state}: {info.entries} entries, corpus {info.fingerprint[:12]}, {info.path}")


@main.command()
@click.argument("query", nargs=-1, required=True)
@click.option("--edition", type=click.Choice(["1e", "2e"]), help="Only this edition.")
@click.option("--document", help="Only this document, e.g. rulebook or rulings-2002-04.")
@click.option("--kind", type=click.Choice(["rule", "glossary", "ruling", "card"]),
              help="Only this kind of entry.")
@click.option("--limit", default=5, show_default=True, type=click.IntRange(1, 50))
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON (the /api/search shape).")
def search(query: tuple[str, ...], edition: str | None, document: str | None, kind: str | None,
           limit: int, as_json: bool) -> None:
    """Print the top results for QUERY, e.g. ``judge search can my crew beam onto an enemy ship``."""
    import re

    from .corpus import load_corpus
    from .search import open_index, search_json

    corpus = load_corpus(_corpus_dirs())
    idx = open_index(corpus, _index_dir(), progress=_index_progress())
    page = idx.search(" ".join(query), edition=edition, document=document, kind=kind, limit=limit)
    if as_json:
        click.echo(json.dumps(search_json(page, corpus), indent=2, ensure_ascii=False))
        return
    if page.suggestion:
        click.echo(f"Did you mean: {page.suggestion}")
    click.echo(f"{page.total} results for \"{page.query}\"")
    for n, h in enumerate(page.hits, 1):
        badge = click.style(" [superseded]", fg="red") if h.superseded else ""
        click.echo(f"\n{n}. {click.style(h.title, bold=True)}{badge}  ({h.score})")
        click.echo(f"   {h.edition.upper()} · {h.document_title} · {h.date} · {h.kind} · {h.url}")
        text = re.sub(r"</?mark>", "*", h.snippet)
        click.echo("   " + html.unescape(text))


@main.command("import")
@click.option("--seeds", "seeds", required=True, type=click.Path(exists=True, file_okay=False),
              help="The folder of source documents (shared/seeds).")
@click.option("--out", "out", default=".", type=click.Path(file_okay=False),
              help="The project root to write rules/ and rulings/ under.")
@click.option("--only", multiple=True, help="Import only these source ids (000, 001, …).")
def import_(seeds: str, out: str, only: tuple[str, ...]) -> None:
    """Re-run the conversion of the source documents into the Markdown corpus."""
    from pathlib import Path

    from .corpus.importers import import_all

    for path, report in import_all(Path(seeds), Path(out), only=only or None):
        click.echo(f"{path}: {report}")


@main.command("parse")
@click.argument("text", nargs=-1)
@click.option("--edition", type=click.Choice(["1e", "2e"]), default=None,
              help="Default: guess (with --file: a record's own 'edition', else 1E).")
@click.option("--file", "files", multiple=True, type=click.Path(exists=True, dir_okay=False),
              help="Card data: JSON lines with 'name', 'type' and 'text' (cards/1e/*.jsonl), or the "
                   "card-list CSV (physical.csv).")
@click.option("--type", "card_type", default=None,
              help="The card's type as the card data writes it (Personnel, Mission, Dilemma, …).")
@click.option("--title", "title", default=None,
              help="The card's title, read as a title where the text names it without braces.")
@click.option("--report", is_flag=True, help="With --file: print the coverage report.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def parse_(text: tuple[str, ...], edition: str | None, card_type: str | None, title: str | None,
           files: tuple[str, ...], report: bool, as_json: bool) -> None:
    """Parse card text into abilities and effects, or report coverage over card files.

    With --file, further arguments are more card files (a shell glob: --file cards/*.jsonl)."""
    from pathlib import Path

    from .cardtext import parse_card
    from .cardtext.api import parse_request
    from .cardtext.report import coverage, read_cards
    from .errors import BadRequest

    if files:
        missing = [t for t in text if not Path(t).is_file()]
        if missing:
            raise BadRequest(f"not a card file: {missing[0]} (with --file, every argument is a file)")
        files = (*files, *text)
        cards = read_cards(Path(f) for f in files)
        if edition:  # the edition the cards are read in, where a record does not give its own
            cards = [{**card, "edition": card.get("edition") or edition} for card in cards]
        if report:
            data = coverage(cards)
            if as_json:
                click.echo(json.dumps(data, indent=2, ensure_ascii=False))
                return
            click.echo(f"cards read: {data['cards']}")
            # (shares printed from the counts: the JSON's are rounded to four places, and rounding
            # them again for print showed 3,350 of 3,396 as 98.7%, not 98.6%)
            done = data["fully_parsed"]
            click.echo(f"fully parsed: {done} ({_share(done, data['cards'])})")
            non = data["non_personnel"]
            click.echo(f"non-personnel: {non['fully_parsed']}/{non['cards']} "
                       f"({_share(non['fully_parsed'], non['cards'])})")
            for kind, row in data["by_type"].items():
                click.echo(f"  {kind:<14} {row['fully_parsed']:>4}/{row['cards']:<4} "
                           f"{_share(row['fully_parsed'], row['cards'])}")
                for phrase in row["top_unparsed"]:
                    click.echo(f"      {phrase['count']:>3}  {phrase['text']}")
            for kind, row in data["two_types"].items():
                # a card printed with two types is in both rows above; as printed, its own row here
                share = _share(row["fully_parsed"], row["cards"])
                click.echo(f"  {kind:<14} {row['fully_parsed']:>4}/{row['cards']:<4} {share}  "
                           "(as printed; counted under each type)")
            click.echo(f"time: {data['seconds']:.3f} s")
            click.echo("most common unparsed:")
            for row in data["top_unparsed"]:
                click.echo(f"  {row['count']:>3}  {row['text']}")
            return
        for card in cards:
            result = parse_card(card).to_json()
            click.echo(json.dumps({"name": card.get("name"), **result}, ensure_ascii=False))
        return
    if not text:
        raise BadRequest("give TEXT to parse, or --file CARDS.jsonl")
    result = parse_request(" ".join(text), edition, card_type, title).to_json()
    if as_json:
        click.echo(json.dumps(result, indent=2, ensure_ascii=False))
        return
    if result.get("skills"):  # a 1E personnel's skill list, what qualifies a skill, its downloads
        click.echo(click.style("skills", bold=True) + "  " + ", ".join(
            s["skill"] + (f" x{s['levels']}" if s["levels"] > 1 else "") for s in result["skills"]))
    for note in result.get("skill_notes", []):
        click.echo(f"  {note['skill']}: {note['raw']}")
    if result.get("downloads"):
        click.echo(click.style("downloads", bold=True) + "  " + ", ".join(result["downloads"]))
    for note in (*result.get("download_conditions", []), *result.get("download_notes", [])):
        click.echo(f"  {note['download']}: {note['raw']}")
    for a in result["abilities"]:
        click.echo(click.style(a["kind"], bold=True) + f"  {a['raw']}")
        if a["trigger"]:
            click.echo(f"  trigger: {a['trigger']['event']} ({a['trigger']['raw']})")
        if a["limit"]:
            click.echo(f"  limit: {a['limit']}")
        if a.get("label"):
            click.echo(f"  label: {a['label']}")
        condition = a["condition"]  # one, a list, or none
        for c in condition if isinstance(condition, list) else [condition] if condition else []:
            click.echo(f"  condition: {c['word']}  {c['raw']}")
        for c in a["costs"]:
            click.echo(f"  cost: {c['verb']}  {c['raw']}")
        for e in a["effects"]:
            extra = "".join(f" {k}={e[k]}" for k in ("attribute", "amount", "skill", "card") if k in e)
            click.echo(f"  effect: {e['verb']}{extra}  {e['raw']}")
        for k in a.get("keywords", []):
            click.echo(f"  keyword: {k}")
    for u in result["unparsed"]:
        click.echo(f"unparsed [{u['start']}:{u['end']}] {u['text']}  ({u['reason']})")



@main.command("ask")
@click.argument("scenario", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON (the /api/ask shape).")
def ask_(scenario: str, as_json: bool) -> None:
    """Answer a scenario (YAML or JSON; - reads standard input), e.g. ``judge ask move.yaml``."""
    from .corpus import load_corpus
    from .engine import ask, load
    from .engine.loading import MAX_BYTES

    try:
        with click.open_file(scenario, "rb") as stream:
            body = stream.read(MAX_BYTES + 1)
    except OSError as exc:
        raise JudgeError(f"cannot read {scenario}: {exc.strerror}") from None
    kind = "application/json" if scenario.endswith(".json") else None
    answer = ask(load(body, kind, pool=_card_pool()), load_corpus(_corpus_dirs()))
    if as_json:
        click.echo(json.dumps(answer.to_json(), indent=2, ensure_ascii=False))
    else:
        click.echo(answer.to_text())


def _card_pool():
    """The bundled card pool's lookup for ``card:`` references."""
    from .engine.pool import card_pool

    return card_pool()



@main.command("import-cards")
@click.argument("csv_path", metavar="CSV", type=click.Path(exists=True, dir_okay=False))
@click.option("--out", "out", default=".", show_default=True, type=click.Path(file_okay=False),
              help="The repository root: the data goes to OUT/cards/1e/.")
def import_cards(csv_path: str, out: str) -> None:
    """Import the First Edition card list (physical.csv) into cards/1e/*.jsonl."""
    import time

    from .cards.importer import read_csv, write

    started = time.perf_counter()
    report = read_csv(Path(csv_path))
    files = write(report.records, Path(out))
    click.echo(f"{report.rows} rows: {len(report.records)} cards imported into {len(files)} files, "
               f"{len(report.problems)} rows not imported ({time.perf_counter() - started:.2f} s)")
    for line, why in report.problems:
        click.echo(f"  line {line}: not imported: {why}")
    for line, why in report.notes:
        click.echo(f"  line {line}: {why}")


@main.command("card")
@click.argument("name", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print the card as JSON (the /api/cards/<id> shape).")
def card_(name: tuple[str, ...], as_json: bool) -> None:
    """Print a First Edition card by id or title, e.g. ``judge card worf fc``."""
    from .cards.mentions import card_record, describe
    from .corpus import load_corpus

    corpus = load_corpus()
    query = " ".join(name)
    pool = corpus.cards
    found = pool.lookup(query)
    if len(found) != 1:
        hits = pool.titles.search(query, limit=8)
        exact = [h.record for h in hits if pool.titles.is_title(query, h.record)]
        clear = hits and hits[0].score >= 2.5 and (len(hits) == 1 or hits[0].score > hits[1].score)
        found = exact if len(exact) == 1 else [hits[0].record] if clear else found or [h.record for h in hits]
    if len(found) != 1:
        if not found:
            raise JudgeError(f"no card matches '{query}'")
        click.echo(f"judge: '{query}' matches {len(found)} cards; name one:", err=True)
        for r in found:
            click.echo(f"  {r.id}  {r.title} ({r.set}, {r.type})")
        sys.exit(1)
    data = card_record(corpus, found[0].id)
    if as_json:
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    parts = [data["type"], "/".join(data["affiliation"]), data.get("classification") or "", data["set"]]
    head = " · ".join(x for x in parts if x)
    click.echo(f"{data['title']}  ({data['id']})\n{head}")
    if data["attributes"]:
        click.echo("  ".join(f"{k.upper()} {v}" for k, v in data["attributes"].items()))
    if data["skills"]:
        click.echo("Skills: " + ", ".join(f"{s['level']} {s['skill']}" if s["level"] > 1 else s["skill"]
                                         for s in data["skills"]))
    click.echo(f"\n{data['text']}\n")
    for ability in data["abilities"]:
        click.echo(f"- {describe(ability)}")
    for m in data["mentioned_in"]:
        click.echo(f"  named in: {m['title']} — {m['document_title']} /{m['id']}"
                   f"{'' if m['in_force'] else ' (superseded)'}")


if __name__ == "__main__":  # pragma: no cover
    main()


def _share(part: int, whole: int) -> str:
    return f"{part / whole:.1%}" if whole else "0.0%"
