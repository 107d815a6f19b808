"""What a server answers from: the corpus and its search index, opened together and replaced
together when a new index is published (no Flask here).

A server process opens the index once, before it answers anything (``Library.open``); requests
never build it. ``judge index`` (or any build) publishes a new index by switching the ``CURRENT``
pointer; :meth:`Library.refresh`, called by the web layer at most once a second, notices the
switch, reads the corpus again, and swaps in the new pair only when the corpus on disk is the one
the new index was built from. Requests already running keep the snapshot they started with, so a
rebuild never fails a request, and every request sees one consistent corpus and index.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ..corpus import Corpus, load_corpus
from . import index as ix_files
from .engine import SearchIndex, with_cards

log = logging.getLogger(__name__)

# How often a server looks at the CURRENT pointer: a stat() a second costs nothing, and a new index
# is in service within a second of being published.
REFRESH_SECONDS = 1.0


@dataclass(frozen=True)
class Snapshot:
    corpus: Corpus
    index: SearchIndex

    @property
    def fingerprint(self) -> str:
        return self.index.info.fingerprint


def open_index(corpus: Corpus, base: Path | None = None, *, build: bool = True, rebuild: bool = False,
               progress: ix_files.Progress | None = None) -> SearchIndex:
    """The index of ``corpus`` under ``base``: opened, or built first when missing or stale (and
    ``build``), or rebuilt (``rebuild``). Without ``build``, a missing or stale index is a 503."""
    base = Path(base) if base else ix_files.default_index_dir()
    if not build and not rebuild:
        opened = ix_files.open_live(base)
        if opened is None or opened[1].fingerprint != ix_files.fingerprint(corpus):
            raise ix_files.IndexError_(f"The search index in {base} is missing or out of date: "
                                       "run 'judge index' before starting the server.")
        return with_cards(SearchIndex(*opened), corpus)
    return SearchIndex.open(corpus, base, rebuild=rebuild, progress=progress)


class Library:
    """The live snapshot of one server process."""

    def __init__(self, snapshot: Snapshot, base: Path, dirs: list[Path] | None) -> None:
        self._snapshot = snapshot
        self.base = base
        self.dirs = dirs
        self._lock = threading.Lock()
        self._checked = time.monotonic()
        self._pid = os.getpid()
        self._passed: Path | None = None   # a published index not taken up (another corpus)

    @classmethod
    def open(cls, dirs: Iterable[Path | str] | None = None, base: Path | str | None = None, *,
             build: bool = True, progress: ix_files.Progress | None = None) -> Library:
        dirs = [Path(d) for d in dirs] if dirs else None
        base = Path(base) if base else ix_files.default_index_dir()
        corpus = load_corpus(dirs)
        return cls(Snapshot(corpus, open_index(corpus, base, build=build, progress=progress)), base, dirs)

    @property
    def current(self) -> Snapshot:
        return self._snapshot

    def refresh(self, every: float = REFRESH_SECONDS) -> Snapshot:
        """The snapshot to answer from, after looking (at most every ``every`` seconds, by one
        thread at a time, the others not waiting) whether a new index was published."""
        if self._pid != os.getpid():
            self._after_fork()
        now = time.monotonic()
        if now - self._checked < every or not self._lock.acquire(blocking=False):
            return self._snapshot
        try:
            self._checked = now
            live = ix_files.live_path(self.base)
            if live is not None and live != self._snapshot.index.info.path and live != self._passed:
                self._swap(live)
        finally:
            self._lock.release()
        return self._snapshot

    def _after_fork(self) -> None:
        """A worker forked from the process that opened the index (gunicorn --preload) shares its
        open files, and with them their read offsets: it opens the same index again for itself (or,
        when that one is gone, takes up the live one at once)."""
        with self._lock:
            if self._pid == os.getpid():
                return
            self._pid = os.getpid()
            old = self._snapshot
            opened = ix_files.open_path(old.index.info.path)
            if opened is not None:
                self._snapshot = Snapshot(old.corpus, with_cards(SearchIndex(*opened), old.corpus))
            self._checked = float("-inf")

    def _swap(self, live: Path) -> None:
        opened = ix_files.open_live(self.base)
        if opened is None or opened[1].path != live:
            return  # half-published or replaced again meanwhile: look again next time
        info = opened[1]
        old = self._snapshot
        try:
            corpus = old.corpus if info.fingerprint == old.fingerprint else load_corpus(self.dirs)
        except Exception:  # noqa: BLE001 - a corpus being edited: keep serving the old snapshot
            log.exception("a new index is published but the corpus cannot be read; keeping the old one")
            opened[0].close()
            return
        if ix_files.fingerprint(corpus) != info.fingerprint:
            log.warning("the index at %s was built from another corpus than the one on disk; "
                        "keeping %s", live, old.index.info.path)
            opened[0].close()
            self._passed = live   # not read again for this index (the corpus files may change yet:
            return                # the next `judge index` publishes a new folder)
        self._snapshot = Snapshot(corpus, with_cards(SearchIndex(*opened), corpus))
        log.info("now serving the index at %s (%d entries)", live, info.entries)
        # the old snapshot is not closed: requests running on it finish on it, and its files stay
        # readable (build() keeps the previous index folder on disk)
