"""One error hierarchy: every error a user can cause carries a status and a message a person can act on."""

from __future__ import annotations


class JudgeError(Exception):
    """Base error. ``status`` is the HTTP status; ``details`` are extra JSON fields."""

    status = 400

    def __init__(self, message: str, *, status: int | None = None, **details: object) -> None:
        super().__init__(message)
        self.message = message
        if status is not None:
            self.status = status
        self.details = details

    def to_json(self) -> dict:
        return {"error": self.message, **self.details}


class NotFound(JudgeError):
    status = 404


class BadRequest(JudgeError):
    status = 400


class Unprocessable(JudgeError):
    status = 422


class TooLarge(JudgeError):
    status = 413


class CorpusError(JudgeError):
    """The Markdown corpus is malformed; the message names the file and line."""

    status = 500

    def __init__(self, path: object, line: int | None, message: str) -> None:
        where = f"{path}:{line}" if line is not None else f"{path}"
        super().__init__(f"{where}: {message}", file=str(path), line=line)
        self.path = path
        self.line = line
