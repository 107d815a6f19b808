"""The per-user folders judge keeps files in, by platform: data (the search index) and cache (the
card-text reader's built parsers)."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def user_dir(kind: str) -> Path:
    """``~/.local/share/judge`` (``kind`` "data") or ``~/.cache/judge`` ("cache") on Linux and the
    like (``$XDG_DATA_HOME``, ``$XDG_CACHE_HOME``), ``~/Library/Application Support/judge`` or
    ``~/Library/Caches/judge`` on macOS, ``%LOCALAPPDATA%\\judge`` (its ``cache`` folder for the
    cache) on Windows."""
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local") / "judge"
        return base / "cache" if kind == "cache" else base
    if sys.platform == "darwin":
        return Path.home() / "Library" / ("Caches" if kind == "cache" else "Application Support") / "judge"
    if kind == "cache":
        return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "judge"
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "judge"
