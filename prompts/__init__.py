"""Prompt templates as plain text files, each carrying its own version.

The version lives in the file (first line `# version: ...`) so that a prompt edit and its version
change travel in one diff, and every logged answer can say which prompt produced it. Header lines
starting with `#` are metadata and are stripped before the text reaches a model.
This package imports nothing of ours (see docs/architecture.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

PROMPT_DIR = Path(__file__).resolve().parent
LANGUAGES: tuple[str, ...] = ("bs", "en")
_VERSION = re.compile(r"^#\s*version:\s*(\S+)\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Prompt:
    """A loaded prompt: the text sent to the model and the version logged with each answer."""

    name: str  # file stem, e.g. "system_bs"
    version: str  # e.g. "2026-11-30.1"
    text: str

    @property
    def id(self) -> str:
        """What answers log: "system_bs:2026-11-30.1"."""
        return f"{self.name}:{self.version}"


def parse_prompt(name: str, raw: str) -> Prompt:
    """Split a prompt file into its version header and the text; a file without a version is an error."""
    lines = raw.splitlines()
    version = None
    body_start = 0
    for i, line in enumerate(lines):
        if not line.startswith("#"):
            body_start = i
            break
        match = _VERSION.match(line)
        if match and version is None:
            version = match.group(1)
    else:
        body_start = len(lines)
    if version is None:
        raise ValueError(f"prompt {name!r} has no '# version: ...' header line")
    text = "\n".join(lines[body_start:]).strip()
    if not text:
        raise ValueError(f"prompt {name!r} is empty")
    return Prompt(name=name, version=version, text=text)


@cache
def load_prompt(language: str = "bs", kind: str = "system") -> Prompt:
    """Load `prompts/{kind}_{language}.txt`; raises ValueError for an unknown language or a bad file."""
    language = language.strip().lower()
    path = PROMPT_DIR / f"{kind}_{language}.txt"
    if not path.is_file():
        known = ", ".join(LANGUAGES)
        raise ValueError(f"no {kind} prompt for language {language!r} (known: {known})")
    return parse_prompt(path.stem, path.read_text(encoding="utf-8"))
