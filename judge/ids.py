"""Entry ids, ``<edition>/<document>/<slug>``: parsed, made and printed here and nowhere else."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from .errors import BadRequest

EDITIONS = ("1e", "2e")
_SEGMENT = re.compile(r"^[a-z0-9][a-z0-9.\-]*$")


@dataclass(frozen=True, order=True)
class EntryId:
    edition: str
    document: str
    slug: str

    @classmethod
    def parse(cls, text: str) -> EntryId:
        parts = text.strip().strip("/").split("/")
        if len(parts) != 3:
            raise BadRequest(f"'{text}' is not an entry id: expected <edition>/<document>/<slug>.")
        edition, document, slug = parts
        if edition not in EDITIONS:
            raise BadRequest(f"'{text}' is not an entry id: the edition must be 1e or 2e.")
        for seg in (document, slug):
            if not _SEGMENT.match(seg):
                raise BadRequest(f"'{text}' is not an entry id: '{seg}' has characters ids never use.")
        return cls(edition, document, slug)

    @property
    def document_key(self) -> str:
        return f"{self.edition}/{self.document}"

    @property
    def url(self) -> str:
        return "/" + str(self)

    def __str__(self) -> str:
        return f"{self.edition}/{self.document}/{self.slug}"


def slugify(text: str) -> str:
    """``Moving a Ship`` -> ``moving-a-ship``; ``Captain's Order`` -> ``captains-order``."""
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    text = text.lower().replace("'", "").replace("\u2019", "")
    text = re.sub(r"[^a-z0-9.]+", "-", text)
    text = re.sub(r"\.(?![0-9])", "-", text)  # keep "1.7", drop sentence dots
    text = re.sub(r"-{2,}", "-", text).strip("-.")
    return text or "entry"
