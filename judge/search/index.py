"""Building, opening and replacing the index on disk.

Layout of the index directory::

    CURRENT                  one line: the name of the live index folder
    ix-<fingerprint>-<rnd>/  a complete Whoosh index plus meta.json and vocab.json

A build writes a fresh folder under a temporary name, renames it, then atomically replaces
``CURRENT``; a reader therefore always sees a complete index, and a failed build leaves the
previous one in force. The index is stale when the corpus fingerprint in its ``meta.json``
differs from the fingerprint of the corpus being served.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import shutil
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from whoosh import index as whoosh_index
from whoosh.filedb.filestore import FileStorage

from ..corpus import Corpus
from ..errors import JudgeError
from ..userdirs import user_dir
from .analysis import words
from .schema import entry_document, make_schema

# Bump when the schema, the analyzer or the stored files change: old indexes become stale.
INDEX_FORMAT = 4   # 4: the 1E card pool is not in the Whoosh index (see build)
ENV_VAR = "JUDGE_INDEX_DIR"
CURRENT = "CURRENT"
META = "meta.json"
VOCAB = "vocab.json"

Progress = Callable[[int, int], None]


class IndexError_(JudgeError):  # noqa: N801 - "IndexError" is a builtin
    """The index cannot be built or opened (disk full, permissions, …)."""

    status = 503


@dataclass(frozen=True)
class IndexInfo:
    path: Path
    fingerprint: str
    entries: int
    built_at: float
    build_seconds: float


def default_index_dir() -> Path:
    """The per-user data directory (``$JUDGE_INDEX_DIR`` overrides it)."""
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override).expanduser()
    return user_dir("data") / "index"


CARD_POOL = "1e/cards"   # searched in memory by judge.cards.titles, not indexed by Whoosh


def fingerprint(corpus: Corpus) -> str:
    """A hash of everything the index holds: change any entry and the index is stale."""
    h = hashlib.sha256(f"judge-index-{INDEX_FORMAT}".encode())
    for doc in corpus.documents:   # the card pool too: not indexed, but a new import is a new version
        h.update(f"\0doc\0{doc.key}\0{doc.title}\0{doc.date}\0{doc.effective}".encode())
        for e in doc.entries:
            fields = (str(e.id), e.title, e.kind, " › ".join(e.path), e.text,
                      " ".join(map(str, e.superseded_by)), e.replaced_by_document or "")
            h.update("\0".join(("", *fields)).encode())
    return h.hexdigest()


def live_path(base: Path) -> Path | None:
    try:
        name = (base / CURRENT).read_text(encoding="utf-8").strip()
    except OSError:
        return None
    path = base / name
    return path if name and "/" not in name and path.is_dir() else None


def read_info(path: Path) -> IndexInfo | None:
    try:
        meta = json.loads((path / META).read_text(encoding="utf-8"))
        return IndexInfo(path, meta["fingerprint"], meta["entries"], meta["built_at"], meta["build_seconds"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def is_fresh(base: Path, corpus: Corpus, fp: str | None = None) -> bool:
    path = live_path(base)
    info = read_info(path) if path else None
    return info is not None and info.fingerprint == (fp or fingerprint(corpus))


def build(corpus: Corpus, base: Path, progress: Progress | None = None) -> IndexInfo:
    """Write a complete new index for ``corpus`` and make it the live one."""
    started = time.perf_counter()
    fp = fingerprint(corpus)
    try:
        base.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=".build-", dir=base))
    except OSError as exc:
        raise IndexError_(f"Cannot create the search index in {base}: {exc.strerror}.") from None
    try:
        # the card pool is searched by its own title index (judge.cards.titles): its 3,400 texts would
        # shift the BM25 statistics of every rules word
        entries = [e for e in corpus.entries if e.id.document_key != CARD_POOL]
        ix = FileStorage(str(tmp)).create_index(make_schema())
        writer = ix.writer(limitmb=256)
        vocab: Counter[str] = Counter()
        for n, entry in enumerate(entries, 1):
            fields = entry_document(corpus, entry)
            writer.add_document(**fields)
            vocab.update(words(f"{entry.title} {entry.text}"))
            if progress and (n % 50 == 0 or n == len(entries)):
                progress(n, len(entries))
        writer.commit()
        ix.close()
        info = IndexInfo(tmp, fp, len(entries), time.time(), time.perf_counter() - started)
        (tmp / VOCAB).write_text(json.dumps(dict(vocab.most_common())), encoding="utf-8")
        (tmp / META).write_text(json.dumps({
            "fingerprint": fp, "entries": info.entries, "built_at": info.built_at,
            "build_seconds": round(info.build_seconds, 3), "format": INDEX_FORMAT,
        }), encoding="utf-8")
        final = base / f"ix-{fp[:12]}-{tmp.name.removeprefix('.build-')}"
        os.rename(tmp, final)
        previous = live_path(base)
        pointer = base / f".{CURRENT}.{os.getpid()}"
        pointer.write_text(final.name + "\n", encoding="utf-8")
        os.replace(pointer, base / CURRENT)
    except OSError as exc:
        shutil.rmtree(tmp, ignore_errors=True)
        raise IndexError_(f"Cannot write the search index in {base}: {exc.strerror}.") from None
    # the index just replaced stays on disk: a running server answers from it until it has opened
    # the new one (search.live); the one before it goes
    _remove_old(base, keep={final.name, previous.name if previous else final.name})
    return IndexInfo(final, fp, info.entries, info.built_at, time.perf_counter() - started)


def _remove_old(base: Path, keep: set[str], stale_build_age: float = 3600) -> None:
    """Remove replaced indexes but ``keep``, and abandoned build folders older than an hour."""
    now = time.time()
    for child in base.iterdir():
        if child.name in keep or not child.is_dir():
            continue
        if child.name.startswith("ix-") or (
            child.name.startswith(".build-") and now - child.stat().st_mtime > stale_build_age
        ):
            shutil.rmtree(child, ignore_errors=True)


def open_live(base: Path):
    """The live Whoosh index under ``base``, with its info and vocabulary, or None."""
    path = live_path(base)
    return open_path(path) if path else None


def open_path(path: Path):
    """The Whoosh index in ``path`` (a folder ``build`` wrote), with its info and vocabulary, or None."""
    info = read_info(path)
    if info is None:
        return None
    try:
        ix = whoosh_index.open_dir(str(path))
        vocab = json.loads((path / VOCAB).read_text(encoding="utf-8"))
    except (OSError, ValueError, EOFError, AttributeError, ImportError, pickle.UnpicklingError,
            whoosh_index.IndexError, whoosh_index.EmptyIndexError):
        return None  # an unreadable or outdated index is simply rebuilt
    return ix, info, vocab
