"""What the engine returns: a verdict, the facts behind it, and the steps it took, each citing the
rules it relied on (``shared/spec/scenario.md``, "Answer")."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .rules import Rule

UNKNOWN = "unknown"


@dataclass(frozen=True)
class Step:
    text: str
    cites: tuple[str, ...]

    def to_json(self) -> dict:
        return {"text": self.text, "cites": list(self.cites)}


@dataclass(frozen=True)
class Citation:
    id: str
    title: str
    url: str

    def to_json(self) -> dict:
        return {"id": self.id, "title": self.title, "url": self.url}


@dataclass(frozen=True)
class Answer:
    kind: str
    edition: str
    verdict: Any
    answer: str
    facts: Mapping[str, Any]
    steps: tuple[Step, ...]
    citations: tuple[Citation, ...]
    doubts: tuple[str, ...] = ()

    def to_json(self) -> dict:
        out = {"kind": self.kind, "edition": self.edition, "verdict": self.verdict, "answer": self.answer,
               "facts": dict(self.facts), "steps": [s.to_json() for s in self.steps],
               "citations": [c.to_json() for c in self.citations]}
        if self.doubts:
            out["doubts"] = list(self.doubts)
        return out

    def to_text(self) -> str:
        """The answer as readable prose: verdict, the steps numbered with their citations, the
        entries to read."""
        verdict = self.verdict if isinstance(self.verdict, str) else ", ".join(map(str, self.verdict))
        lines = [f"{self.kind} ({self.edition}): {verdict}", "", self.answer, ""]
        for i, step in enumerate(self.steps, 1):
            lines.append(f"{i}. {step.text}  [{', '.join(step.cites)}]")
        if self.doubts:
            lines += ["", "Not decided by the engine:"] + [f"- {d}" for d in self.doubts]
        lines += ["", "Read:"] + [f"- {c.title}: {c.url}" for c in self.citations]
        return "\n".join(lines)


@dataclass
class Trace:
    """The steps of one answer as it is worked out."""
    kind: str
    edition: str
    steps: list[Step] = field(default_factory=list)
    doubts: list[str] = field(default_factory=list)

    def step(self, text: str, *rules: Rule) -> None:
        cites: list[str] = []
        for rule in rules:
            cites += [c for c in rule.cites if c not in cites]
        if not cites:
            raise AssertionError(f"a step without a rule behind it: {text}")
        self.steps.append(Step(text, tuple(cites)))

    def doubt(self, reasons: list[str]) -> None:
        for reason in reasons:
            if reason not in self.doubts:
                self.doubts.append(reason)

    def finish(self, verdict: Any, answer: str, facts: Mapping[str, Any],
               title_of: Callable[[str], str]) -> Answer:
        """The answer; with doubts recorded, the verdict is ``unknown`` and says why."""
        if self.doubts and verdict != UNKNOWN:
            answer = (f"Unknown: the rules alone would say '{verdict}', but card text the engine cannot "
                      f"read may change that ({self.doubts[0]}). A judge should read the cards and the "
                      "cited rules.")
            verdict = UNKNOWN
        seen: list[str] = []
        for s in self.steps:
            seen += [c for c in s.cites if c not in seen]
        citations = tuple(Citation(i, title_of(i), "/" + i) for i in seen)
        return Answer(self.kind, self.edition, verdict, answer, facts, tuple(self.steps), citations,
                      tuple(self.doubts))
