"""Reading law sources into `Article`s: corpus JSONL, and law files split at their article headings.

Every problem becomes a `Problem` naming the file (and line) instead of an exception, so one bad
file never stops the others from being ingested and never touches what is already indexed.
Text extraction uses the well-kept libraries (pdfplumber word boxes via retrieval.ingest.pdf_text, python-docx,
BeautifulSoup), and every text passes retrieval.ingest.text_repair (mojibake, YUSCII); only the split into
articles is ours, because it is specific to how BiH laws are laid out.
"""

from __future__ import annotations

import json
import tomllib
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from kodeks.errors import ExtractionError, LimitExceeded, PdfTextError, UnreadableText
from retrieval.ingest.headings import parse_heading
from retrieval.ingest.limits import (
    CORPUS_SUFFIXES,
    DEFAULT_LIMITS,
    HTML_SUFFIXES,
    TEXT_SUFFIXES,
    ReadLimits,
    check_docx,
    check_file_size,
    check_text,
)
from retrieval.ingest.pdf_text import PageProgress, PdfText, pdf_text
from retrieval.ingest.text_repair import repair_text
from retrieval.types import ARTICLE_FIELDS, Article

if TYPE_CHECKING:
    from docx.blkcntnr import BlockItemContainer
    from docx.document import Document as DocxDocument

LAW_FILE_SUFFIXES = TEXT_SUFFIXES | HTML_SUFFIXES | {".pdf", ".docx"}  # one set per size limit (limits.py)

# How a PDF's text is read: `pdf_text` itself; a caller that has already read a PDF (the tests read each
# real law PDF once per session) passes a reader that hands the same reading back, and everything after it
# — repair, splitting, the problems reported — still runs.
PdfReader = Callable[[Path, PageProgress | None, ReadLimits], PdfText]


@dataclass(frozen=True)
class Problem:
    """Something that could not be read; `where` is "file" or "file:line"."""

    where: str
    message: str
    severity: str = "error"  # "error": something could not be read; "warning": read, but worth a look

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


@dataclass(frozen=True)
class LawInfo:
    """How to name the articles of one law file (from CLI flags or a folder's laws.toml)."""

    law: str
    title: str = ""
    jurisdiction: str = ""


# --- corpus JSONL -------------------------------------------------------------------------------


def read_corpus_jsonl(path: Path) -> tuple[list[Article], list[Problem]]:
    """One article per line, read line by line (a library's corpus is never held twice in memory); bad lines
    are reported (file:line) and skipped."""
    articles: list[Article] = []
    problems: list[Problem] = []
    seen: dict[str, int] = {}
    try:
        with path.open(encoding="utf-8-sig") as handle:
            _read_corpus_lines(path, enumerate(handle, 1), articles, problems, seen)
    except (OSError, UnicodeDecodeError) as exc:
        return [], [Problem(str(path), f"cannot read: {exc}")]
    if not articles and not problems:
        problems.append(Problem(str(path), "empty file: no articles"))
    return articles, problems


def _read_corpus_lines(
    path: Path, lines: Iterable[tuple[int, str]], articles: list[Article], problems: list[Problem], seen: dict[str, int]
) -> None:
    for number, line in lines:
        if not line.strip():
            continue
        where = f"{path}:{number}"
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            problems.append(Problem(where, f"not valid JSON ({exc.msg})"))
            continue
        if not isinstance(row, dict):
            problems.append(Problem(where, "expected a JSON object"))
            continue
        missing = [k for k in ("id", "law", "article", "text") if not str(row.get(k) or "").strip()]
        if missing:
            problems.append(Problem(where, f"missing required field(s): {', '.join(missing)}"))
            continue
        art_id = str(row["id"]).strip()
        if art_id in seen:
            problems.append(Problem(where, f"duplicate id {art_id!r} (first on line {seen[art_id]}); line skipped"))
            continue
        seen[art_id] = number
        articles.append(
            Article(
                id=art_id,
                law=str(row["law"]).strip(),
                article=str(row["article"]).strip(),
                text=str(row["text"]).strip(),
                title=str(row.get("title") or "").strip(),
                law_title=str(row.get("law_title") or "").strip(),
                jurisdiction=str(row.get("jurisdiction") or "").strip(),
                extra={k: v for k, v in row.items() if k not in ARTICLE_FIELDS},
                chapter=str(row.get("chapter") or "").strip(),
                deleted=row.get("deleted") is True or str(row.get("deleted")).lower() == "true",
            )
        )


# --- law files: text extraction -----------------------------------------------------------------


def extract_text(
    path: Path,
    notes: list[str] | None = None,
    on_page: PageProgress | None = None,
    limits: ReadLimits = DEFAULT_LIMITS,
    read_pdf: PdfReader = pdf_text,
) -> str:
    """Plain text of a law file, by its suffix, with broken encodings repaired (retrieval.ingest.text_repair).

    What was repaired or removed ("repaired YUSCII encoding …") is appended to `notes`; `on_page(done,
    total)` is called after each page of a PDF. A file over one of the `limits` (retrieval.ingest.limits)
    raises `LimitExceeded` before its parser runs."""
    check_file_size(path, limits)
    try:
        raw = _text_by_suffix(path, notes, on_page, limits, read_pdf)
        check_text(len(raw), limits)
        repaired = repair_text(raw)
    except UnreadableText as exc:
        raise ExtractionError(str(exc)) from None
    if notes is not None:
        notes += repaired.notes
    return repaired.text


def _text_by_suffix(
    path: Path, notes: list[str] | None, on_page: PageProgress | None, limits: ReadLimits, read_pdf: PdfReader
) -> str:
    suffix = path.suffix.lower()
    if suffix == ".pdf":
        return _pdf_text(path, notes, on_page, limits, read_pdf)
    if suffix == ".docx":
        check_docx(path, limits)
        return _docx_text(path)
    raw = _read_text_file(path)
    if suffix in HTML_SUFFIXES:
        from bs4 import BeautifulSoup

        soup = BeautifulSoup(raw, "html.parser")
        for tag in soup(["script", "style", "head"]):
            tag.decompose()
        # Line breaks only where the page has them (blocks, <br>): inline markup such as
        # "<b>Član</b> 12." or "Ko <em>tuđu</em> stvar" must stay on one line, or headings are lost.
        for br in soup.find_all("br"):
            br.replace_with("\n")
        for tag in soup.find_all(_HTML_BLOCKS):
            tag.insert_before("\n")
            tag.insert_after("\n")
        return soup.get_text()
    return raw


_HTML_BLOCKS = [
    "p",
    "div",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "li",
    "ul",
    "ol",
    "tr",
    "td",
    "th",
    "table",
    "section",
    "article",
    "blockquote",
    "pre",
    "dd",
    "dt",
    "dl",
    "header",
    "footer",
    "main",
    "nav",
    "aside",
    "hr",
]


def _read_text_file(path: Path) -> str:
    data = path.read_bytes()
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):  # "Unicode text" as Word/Notepad save it
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError as exc:
            raise ExtractionError(f"not valid UTF-16 text ({exc})") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    # BiH law texts often come as Windows-1250 (Latin) or, in the RS, Windows-1251 (Cyrillic): take
    # the one in which article headings are found ("Član" vs "Члан"), Windows-1250 when in doubt.
    decoded = []
    for encoding in ("cp1250", "cp1251"):
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        headings = sum(1 for i, line in enumerate(text.splitlines()) if parse_heading(line, i))
        decoded.append((headings, encoding == "cp1250", text))
    if not decoded:
        raise ExtractionError("not UTF-8, UTF-16, Windows-1250 or Windows-1251 text")
    return max(decoded)[2]


def _pdf_text(
    path: Path,
    notes: list[str] | None = None,
    on_page: PageProgress | None = None,
    limits: ReadLimits = DEFAULT_LIMITS,
    read_pdf: PdfReader = pdf_text,
) -> str:
    """Columns in reading order, running headers/footers and page numbers removed (retrieval.ingest.pdf_text)."""
    try:
        result = read_pdf(path, on_page, limits)
    except PdfTextError as exc:
        raise ExtractionError(f"not a readable PDF ({exc})") from exc
    if not result.text.strip():
        raise ExtractionError("the PDF has no text layer (scanned?); run OCR on it first")
    if notes is not None and result.removed:
        shown = "; ".join(repr(line[:80]) for line in result.removed[:4])
        notes.append(f"removed {len(result.removed)} running header/footer line(s) from the PDF's pages: {shown}")
    return result.text


def _docx_text(path: Path) -> str:
    import zipfile

    from docx import Document
    from docx.opc.exceptions import PackageNotFoundError

    try:
        document = Document(str(path))
    except (PackageNotFoundError, zipfile.BadZipFile, KeyError, ValueError, OSError) as exc:
        raise ExtractionError(f"not a readable DOCX ({exc})") from exc
    return "\n".join(_docx_lines(document))


def _docx_lines(container: DocxDocument | BlockItemContainer) -> list[str]:
    """Paragraphs and tables in document order (some laws are laid out in tables), cells one per line."""
    from docx.table import Table

    lines: list[str] = []
    for block in container.iter_inner_content():
        if isinstance(block, Table):
            for table_row in block.rows:
                seen: set[int] = set()
                for cell in table_row.cells:
                    if id(cell._tc) in seen:  # a merged cell is returned once per grid column
                        continue
                    seen.add(id(cell._tc))
                    lines += _docx_lines(cell)
        else:
            lines.append(block.text)
    return lines


# --- law files: split into articles -------------------------------------------------------------


def split_articles(
    text: str, info: LawInfo, source: str, markdown: bool = False
) -> tuple[list[Article], list[Problem]]:
    """Split a law's text into articles (retrieval.ingest.splitting); its warnings become `Problem`s."""
    from retrieval.ingest.splitting import split_law

    result = split_law(text, info.law, info.title, info.jurisdiction, source, markdown=markdown)
    problems = [
        Problem(f"{source}:{w.line}" if w.line else source, w.message, "warning" if result.articles else "error")
        for w in result.warnings
    ]
    return result.articles, problems


# --- folders and laws.toml ----------------------------------------------------------------------


def read_laws_toml(folder: Path) -> tuple[dict[str, LawInfo], list[Problem]]:
    """`laws.toml` names each file's law: `["kz.pdf"] law = "KZ FBiH" title = "..." jurisdiction = "FBiH"`."""
    path = folder / "laws.toml"
    if not path.exists():
        return {}, []
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, OSError) as exc:
        return {}, [Problem(str(path), f"cannot read laws.toml: {exc}")]
    table = data.get("files", data)
    out: dict[str, LawInfo] = {}
    problems: list[Problem] = []
    for name, entry in table.items():
        if not isinstance(entry, dict) or not str(entry.get("law", "")).strip():
            problems.append(Problem(str(path), f"entry {name!r} needs a 'law' name"))
            continue
        out[name] = LawInfo(
            law=str(entry["law"]).strip(),
            title=str(entry.get("title", "")).strip(),
            jurisdiction=str(entry.get("jurisdiction", "")).strip(),
        )
    return out, problems


def read_toml_aliases(paths: Iterable[Path]) -> dict[str, list[str]]:
    """law → aliases, from `aliases = ["..."]` entries of every laws.toml under the given folders (a file
    given alone: the entry naming it in the laws.toml beside it).

    Unreadable files are skipped silently here: ingest already reports them as problems."""
    out: dict[str, list[str]] = defaultdict(list)
    for path in paths:
        path = Path(path)
        if path.is_dir():
            tomls: list[tuple[Path, str | None]] = [(toml, None) for toml in sorted(path.rglob("laws.toml"))]
        elif path.is_file() and (path.parent / "laws.toml").is_file():
            tomls = [(path.parent / "laws.toml", path.name)]
        else:
            continue
        for toml, only in tomls:
            try:
                data = tomllib.loads(toml.read_text(encoding="utf-8"))
            except (tomllib.TOMLDecodeError, UnicodeDecodeError, OSError):
                continue
            for name, entry in data.get("files", data).items():
                if not isinstance(entry, dict) or not str(entry.get("law", "")).strip():
                    continue
                if only is not None and name != only:
                    continue
                aliases = entry.get("aliases", [])
                if isinstance(aliases, str):
                    aliases = [aliases]
                law = str(entry["law"]).strip()
                for alias in aliases if isinstance(aliases, list) else []:
                    if str(alias).strip() and str(alias).strip() not in out[law]:
                        out[law].append(str(alias).strip())
    return dict(out)


def _law_for(file: Path, root: Path, tomls: dict[Path, dict[str, LawInfo]]) -> LawInfo | None:
    """The nearest laws.toml (the file's folder, then its parents up to `root`) that names the file."""
    folder = file.parent
    while True:
        laws = tomls.get(folder, {})
        rel = file.relative_to(folder).as_posix()
        if rel in laws or file.name in laws:
            return laws.get(rel) or laws.get(file.name)
        if folder == root or folder == folder.parent:
            return None
        folder = folder.parent


SUPPORTED = "law files .txt .md .html .htm .pdf .docx, corpus .jsonl"
# What to do with the formats admins most often have instead.
_CONVERT = {
    ".doc": "convert to .docx or PDF",
    ".rtf": "convert to .docx or PDF",
    ".odt": "save as .docx or PDF",
    ".pages": "export as .docx or PDF",
    ".xls": "not a law text",
    ".xlsx": "not a law text",
    ".csv": "not a law text (a corpus is .jsonl)",
    ".json": "a corpus is JSON Lines: one article per line, .jsonl",
    ".zip": "unpack it first",
    ".rar": "unpack it first",
    ".7z": "unpack it first",
    ".jpg": "an image: run OCR and save the text",
    ".jpeg": "an image: run OCR and save the text",
    ".png": "an image: run OCR and save the text",
    ".tif": "an image: run OCR and save the text",
    ".tiff": "an image: run OCR and save the text",
}


def skip_reason(file: Path) -> str:
    """Why a file in a folder is not read, and what to do (".doc: convert to .docx or PDF")."""
    if file.name.startswith("."):
        return "hidden file"
    suffix = file.suffix.lower()
    return f"{suffix or '(no suffix)'}: {_CONVERT.get(suffix, f'not a supported type ({SUPPORTED})')}"


def discover(paths: list[Path]) -> tuple[list[tuple[Path, LawInfo | None]], list[Problem]]:
    """Expand folders into readable files, each with the law info its folder's laws.toml gives (a file
    given alone: the laws.toml beside it); every other file of a folder is named as skipped (a warning,
    with what to do), and a folder without any law file is an error."""
    found: list[tuple[Path, LawInfo | None]] = []
    problems: list[Problem] = []
    for path in paths:
        if path.is_dir():
            tomls: dict[Path, dict[str, LawInfo]] = {}
            for toml in sorted(path.rglob("laws.toml")):
                tomls[toml.parent], toml_problems = read_laws_toml(toml.parent)
                problems += toml_problems
            before = len(found)
            for file in sorted(p for p in path.rglob("*") if p.is_file()):
                if file.suffix.lower() in LAW_FILE_SUFFIXES | CORPUS_SUFFIXES and not file.name.startswith("."):
                    found.append((file, _law_for(file, path, tomls)))
                elif file.name != "laws.toml":
                    problems.append(Problem(str(file), f"skipped: {skip_reason(file)}", "warning"))
            if len(found) == before:
                problems.append(Problem(str(path), f"no law files in this folder ({SUPPORTED}); nothing read from it"))
        elif path.is_file():
            if path.suffix.lower() not in LAW_FILE_SUFFIXES | CORPUS_SUFFIXES:
                problems.append(Problem(str(path), f"unsupported file type {skip_reason(path)}"))
            else:  # a file given alone is named by its own folder's laws.toml too (only that folder's)
                laws, toml_problems = read_laws_toml(path.parent)
                problems += toml_problems
                found.append((path, _law_for(path, path.parent, {path.parent: laws})))
        else:
            problems.append(Problem(str(path), "no such file or folder"))
    return found, problems


def read_source(
    path: Path,
    info: LawInfo | None,
    on_page: PageProgress | None = None,
    limits: ReadLimits = DEFAULT_LIMITS,
    read_pdf: PdfReader = pdf_text,
) -> tuple[list[Article], list[Problem]]:
    """Articles of one file: a corpus JSONL, or a law file split at its headings (`on_page(done, total)`
    after each page of a PDF, its text read by `read_pdf`); what extraction repaired or removed comes back
    as warnings, a file over one of the input `limits` as one error naming the limit."""
    if path.suffix.lower() in CORPUS_SUFFIXES:
        try:
            check_file_size(path, limits)
        except LimitExceeded as exc:
            return [], [Problem(str(path), str(exc))]
        except OSError as exc:
            return [], [Problem(str(path), f"cannot read: {exc}")]
        return read_corpus_jsonl(path)
    info = info or LawInfo(law=path.stem)
    notes: list[str] = []
    try:
        text = extract_text(path, notes, on_page, limits, read_pdf)
    except (ExtractionError, LimitExceeded) as exc:
        return [], [Problem(str(path), str(exc))]
    except OSError as exc:
        return [], [Problem(str(path), f"cannot read: {exc}")]
    except Exception as exc:  # a malformed file can make any parser fail in its own way: report, go on
        return [], [Problem(str(path), f"cannot extract text ({type(exc).__name__}: {exc})")]
    if not text.strip():
        return [], [Problem(str(path), "empty file: no text")]
    articles, problems = split_articles(text, info, str(path), markdown=path.suffix.lower() == ".md")
    return articles, [Problem(str(path), note, "warning") for note in notes] + problems
