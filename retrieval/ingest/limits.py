"""What one input file may cost: hostile or broken files are refused before their parser runs, in one line
naming the limit and the setting that raises it.

Before these limits a 1 MB DOCX that expands to 300 MB drove `kodeks ingest --dry-run` past 3.2 GB and
5 minutes, and a 207 MB text file past 1 GB. Each check is made as early as the format allows:

- **Size on disk** (a `stat`, nothing read): PDF and DOCX ≤ KODEKS_MAX_FILE_MB; .txt / .md ≤
  KODEKS_MAX_TEXT_MB (their size is their text); .html / .htm ≤ KODEKS_MAX_HTML_MB (a parsed tree costs
  ~10× the file); corpus JSONL ≤ KODEKS_MAX_CORPUS_MB (it is read line by line, so only its articles are
  held).
- **DOCX** is a zip: its central directory is read first, and the declared uncompressed size of all its
  parts must stay ≤ KODEKS_MAX_DOCX_MB, and every part over 1 MB ≤ KODEKS_MAX_ZIP_RATIO times its
  compressed size. A directory can lie, and `zipfile.read()` (python-docx's way in) inflates a part in one
  call of up to 1 GiB before cutting it to the declared size, so the parts are then inflated once more in
  1 MB steps, as far as the limit and no further: a part that inflates to more than it declares, or past
  the limit, is refused before python-docx sees the file (~20 ms for a 5 MB document).
- **XML**: KODEKS parses no XML of its own (so `defusedxml` has nothing to guard). python-docx parses the
  DOCX's parts with lxml's `XMLParser(resolve_entities=False)`: entities are not expanded ("billion
  laughs") and external entities are not fetched (XXE); lxml's default `huge_tree=False` caps a text node
  at 10 MB and the tree depth at 256. tests/test_hostile_files.py checks both on generated files.
- **PDF**: pages ≤ KODEKS_MAX_PDF_PAGES, counted from the page tree before any page is parsed; the text
  read so far ≤ KODEKS_MAX_TEXT_MB, checked after each page.
- **Extracted text** of any law file ≤ KODEKS_MAX_TEXT_MB before it is split into articles.
"""

from __future__ import annotations

import copy
import zipfile
from dataclasses import dataclass
from pathlib import Path

from kodeks.errors import LimitExceeded
from kodeks.settings import Settings

MB = 1024 * 1024
RATIO_CHECKED_FROM = 1 * MB  # a small part may compress extremely well (a run of spaces); only big ones count

TEXT_SUFFIXES = {".txt", ".md"}
HTML_SUFFIXES = {".html", ".htm"}
CORPUS_SUFFIXES = {".jsonl"}


@dataclass(frozen=True)
class ReadLimits:
    """The input limits of one ingest (KODEKS_MAX_… settings)."""

    file_mb: float
    text_mb: float
    html_mb: float
    corpus_mb: float
    pdf_pages: int
    docx_mb: float
    zip_ratio: float

    @classmethod
    def from_settings(cls, settings: Settings) -> ReadLimits:
        return cls(
            settings.max_file_mb,
            settings.max_text_mb,
            settings.max_html_mb,
            settings.max_corpus_mb,
            settings.max_pdf_pages,
            settings.max_docx_mb,
            settings.max_zip_ratio,
        )

    @property
    def text_chars(self) -> int:
        """KODEKS_MAX_TEXT_MB as characters of extracted text."""
        return int(self.text_mb * MB)


DEFAULT_LIMITS = ReadLimits.from_settings(Settings.model_construct())  # the settings' defaults


def _mb(size: float) -> str:
    if size < 100 * 1024:
        return f"{size:.0f} B"
    return f"{size / MB:.1f} MB" if size < 10 * MB else f"{size / MB:.0f} MB"


def _refuse(what: str, size: str, setting: str, limit: float) -> LimitExceeded:
    return LimitExceeded(
        f"{what} is {size}, more than {setting}={limit:g} allows; not read "
        f"(split the file, or raise {setting} if it really is one law)"
    )


def check_file_size(path: Path, limits: ReadLimits) -> None:
    """Refuse a file whose size on disk is over its format's limit (nothing is read)."""
    size = path.stat().st_size
    suffix = path.suffix.lower()
    if suffix in TEXT_SUFFIXES:
        setting, limit, what = "KODEKS_MAX_TEXT_MB", limits.text_mb, "the text file"
    elif suffix in HTML_SUFFIXES:
        setting, limit, what = "KODEKS_MAX_HTML_MB", limits.html_mb, "the HTML file"
    elif suffix in CORPUS_SUFFIXES:
        setting, limit, what = "KODEKS_MAX_CORPUS_MB", limits.corpus_mb, "the corpus file"
    else:
        setting, limit, what = "KODEKS_MAX_FILE_MB", limits.file_mb, "the file"
    if size > limit * MB:
        raise _refuse(what, _mb(size), setting, limit)


def check_docx(path: Path, limits: ReadLimits) -> None:
    """Refuse a DOCX whose parts, as its zip directory declares them, expand past the limits (before parsing).

    A file that is not a zip is left to python-docx, which reports it as not a readable DOCX."""
    try:
        with zipfile.ZipFile(path) as archive:
            parts = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError):
        return
    total = sum(p.file_size for p in parts)
    if total > limits.docx_mb * MB:
        raise LimitExceeded(
            f"the DOCX expands to {_mb(total)} ({len(parts)} parts), more than KODEKS_MAX_DOCX_MB="
            f"{limits.docx_mb:g} allows; not read (a document this large is not one law, or it is a "
            "zip bomb)"
        )
    for part in parts:
        if part.file_size >= RATIO_CHECKED_FROM and part.file_size > limits.zip_ratio * max(part.compress_size, 1):
            ratio = part.file_size / max(part.compress_size, 1)
            raise LimitExceeded(
                f"the DOCX part {part.filename} expands {ratio:.0f}× ({_mb(part.compress_size)} → "
                f"{_mb(part.file_size)}), more than KODEKS_MAX_ZIP_RATIO={limits.zip_ratio:g} "
                "allows; not read (a zip bomb, or raise the limit)"
            )
    _inflate_within(path, parts, int(limits.docx_mb * MB))


def _inflate_within(path: Path, parts: list[zipfile.ZipInfo], budget: int) -> None:
    """Inflate every part in 1 MB steps, never past `budget` bytes in all: the sizes the directory declares
    must be the sizes the parts really have."""
    inflated = 0
    try:
        with zipfile.ZipFile(path) as archive:
            for part in parts:
                probe = copy.copy(part)
                probe.file_size = budget - inflated + 1  # read on to the budget, whatever the directory says
                size = 0
                with archive.open(probe) as stream:
                    while chunk := stream.read(MB):
                        size += len(chunk)
                        if inflated + size > budget:
                            raise LimitExceeded(
                                f"the DOCX part {part.filename} inflates past KODEKS_MAX_DOCX_MB="
                                f"{budget / MB:g} (its zip directory says {_mb(part.file_size)}); not read "
                                "(a zip bomb)"
                            )
                if size != part.file_size:
                    raise LimitExceeded(
                        f"the DOCX part {part.filename} inflates to {_mb(size)}, not the "
                        f"{_mb(part.file_size)} its zip directory says; not read (a damaged or forged file)"
                    )
                inflated += size
    except zipfile.BadZipFile as exc:  # a CRC that fits no content: forged to pass one of the checks above
        raise LimitExceeded(
            f"the DOCX's parts do not match its zip directory ({exc}); not read (a damaged or forged file)"
        ) from None
    except (OSError, EOFError, NotImplementedError, RuntimeError, ValueError):
        return  # damaged in another way (encrypted, unknown compression): python-docx reports it


def check_pages(pages: int, limits: ReadLimits) -> None:
    if pages > limits.pdf_pages:
        raise LimitExceeded(
            f"the PDF has more than {limits.pdf_pages} pages (KODEKS_MAX_PDF_PAGES={limits.pdf_pages}); "
            "not read (split it, or raise KODEKS_MAX_PDF_PAGES if it really is one law)"
        )


def check_text(chars: int, limits: ReadLimits, so_far: bool = False) -> None:
    """Refuse extracted text over KODEKS_MAX_TEXT_MB (`so_far`: counted while a PDF is still being read)."""
    if chars > limits.text_chars:
        what = "the text read so far" if so_far else "the extracted text"
        raise _refuse(what, f"{chars / MB:.0f} million characters", "KODEKS_MAX_TEXT_MB", limits.text_mb)
