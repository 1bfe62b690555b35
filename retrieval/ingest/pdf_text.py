"""PDF text in reading order: columns one after the other, running headers/footers and page numbers removed.

Note for the ingest CLI (progress): `pdf_text(path, on_page=callback)` calls `callback(done, total)` after
each page (1-based `done`, `total` pages); a 66-page PDF takes 5-20 s depending on the machine's load
(pdfminer's parsing is nearly all of it), so drive a progress bar or a progress line with it. The
callback must not raise.

Why word boxes (pdfminer's characters joined by pdfplumber's `WordExtractor`) and not pdfminer's layout
analysis (LAParams), measured in docs/ingest.md: on the justified two-column law PDFs pdfminer's boxes,
ordered by `boxes_flow`, put article headings out of order (the splitter then found 29 of kz-fbih.pdf's
399 articles) and keep the footers; pypdf (used before) reads the content stream, without positions to
find running headers and footers by.
Word boxes are facts we can reason about: the column gutter is the vertical strip, near the middle of
the page, that no word crosses (found per page from the words' x-positions, so any margin or column
width works); a line that does cross it (a running header, a chapter title set across the page) is
full width and splits the page into bands, each read left column then right column. Running headers
and footers are lines in the top/bottom band of the page whose text (page numbers and digits aside)
repeats on many pages; page-number-only lines in those bands go too. The removed lines are reported, so
an admin can see what went.

Footnote stubs: a footnote marker set as a smaller, raised number stays with its line (the line is
built by vertical overlap, not by exact baseline); the footnote area at the page bottom ("Izmjene i
dopune:" under a rule in zobs-bih.pdf) repeats on every page and is removed as a running footer, so it
no longer cuts an article's sentence in two at each page break.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from kodeks.errors import PdfTextError
from retrieval.ingest.limits import ReadLimits, check_pages, check_text

PageProgress = Callable[[int, int], None]

# Lines in the top or bottom share of the page are candidates for running headers/footers.
_BAND = 0.10
# A band line is "running" when its text (digits aside) is on at least this share of pages (and >= 3).
_REPEAT_SHARE = 0.4
# The gutter is looked for in the middle of the page only.
_GUTTER_RANGE = (0.3, 0.7)
_MIN_COLUMN_WORDS = 3  # the last page of a law may hold one line in its right column
_MIN_GUTTER_WIDTH = 6.0  # points; word gaps inside justified text are narrower and never line up


@dataclass(frozen=True)
class Line:
    """One line of text on a page, with its box (PDF points, top-down)."""

    text: str
    x0: float
    x1: float
    top: float
    bottom: float


@dataclass
class PageText:
    """A page's lines in reading order, and how the page was read."""

    number: int
    height: float
    lines: list[Line]
    columns: int
    gutter: float | None = None


@dataclass
class PdfText:
    """Text of a PDF in reading order, with what was removed and how each page was read."""

    text: str
    pages: list[PageText]
    removed: list[str] = field(default_factory=list)  # distinct running header/footer lines removed

    @property
    def two_column_pages(self) -> int:
        return sum(1 for page in self.pages if page.columns == 2)


def pdf_text(path: Path, on_page: PageProgress | None = None, limits: ReadLimits | None = None) -> PdfText:
    """The PDF's text in reading order without running headers, footers or page numbers; over one of the
    `limits` (pages, text) it raises `LimitExceeded` — the page count before any page is parsed."""
    return layout_text(read_words(path, on_page, limits))


RawPage = tuple[list[dict[str, Any]], float, float]  # words (text, x0, x1, top, bottom), page width, page height


def read_words(path: Path, on_page: PageProgress | None = None, limits: ReadLimits | None = None) -> list[RawPage]:
    """Word boxes of every page; the slow part, so it reports progress per page.

    pdfminer parses the pages into characters and pdfplumber's `WordExtractor` joins them into words —
    the same words `pdfplumber.Page.extract_words` gives, in half the time, because pdfplumber's page
    objects first copy every attribute of every character (colours, fonts, matrices) we never read."""
    from pdfminer.converter import PDFPageAggregator
    from pdfminer.layout import LTChar, LTContainer
    from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
    from pdfminer.pdfpage import PDFPage
    from pdfminer.pdfparser import PDFSyntaxError
    from pdfminer.psparser import PSException
    from pdfplumber.utils.text import WordExtractor

    def characters(container: LTContainer[Any], page_top: float) -> list[dict[str, Any]]:
        chars: list[dict[str, Any]] = []
        for obj in container:
            if isinstance(obj, LTChar):
                top = page_top - obj.y1
                chars.append(
                    {
                        "text": obj.get_text(),
                        "x0": obj.x0,
                        "x1": obj.x1,
                        "top": top,
                        "doctop": top,
                        "bottom": page_top - obj.y0,
                        "upright": obj.upright,
                    }
                )
            elif isinstance(obj, LTContainer):  # text inside form XObjects (LTFigure)
                chars += characters(obj, page_top)
        return chars

    words_of = WordExtractor(x_tolerance=1.5, y_tolerance=3, keep_blank_chars=False)
    raw: list[RawPage] = []
    try:
        with path.open("rb") as fp:
            # One page more than the limit is enough to refuse: the page tree of a hostile file is not walked to its end.
            pages = list(PDFPage.get_pages(fp, maxpages=limits.pdf_pages + 1 if limits else 0))
            if limits is not None:
                check_pages(len(pages), limits)
            chars = 0
            resources = PDFResourceManager()
            device = PDFPageAggregator(resources, laparams=None)  # characters only: no layout analysis
            interpreter = PDFPageInterpreter(resources, device)
            for number, page in enumerate(pages, 1):
                interpreter.process_page(page)
                layout = device.get_result()
                words = words_of.extract_words(characters(layout, layout.y1))
                # rotated text (a watermark, a note up the margin) is page furniture, not the law's text
                kept = [_box(w) for w in words if w["text"].strip() and w.get("upright", True)]
                raw.append((kept, float(layout.width), float(layout.height)))
                if limits is not None:
                    chars += sum(len(w["text"]) + 1 for w in kept)
                    check_text(chars, limits, so_far=True)
                if on_page is not None:
                    on_page(number, len(pages))
    except (PDFSyntaxError, PSException, ValueError, KeyError, TypeError) as exc:
        raise PdfTextError(_one_line(exc)) from exc
    except Exception as exc:  # pdfminer raises its own types from deep inside damaged files
        if type(exc).__module__.startswith(("pdfminer", "pdfplumber")):
            raise PdfTextError(_one_line(exc)) from exc
        raise
    return raw


def layout_text(raw: list[RawPage]) -> PdfText:
    """Reading-order text from the pages' word boxes."""
    # Running headers/footers are found on whole-width lines before the columns are split, so a footer
    # that happens to reach across the gutter is one line on every page, not two halves.
    removed = RunningLines.find([(build_lines(words), height) for words, _, height in raw])
    pages = [
        read_page(removed.drop(words, height), number, width, height)
        for number, (words, width, height) in enumerate(raw, 1)
    ]
    text = "\n\n".join("\n".join(line.text for line in page.lines) for page in pages)
    return PdfText(text=text, pages=pages, removed=removed.texts())


def _box(word: dict[str, Any]) -> dict[str, Any]:
    """The fields of a pdfplumber word we use (the rest is dropped to keep a long PDF small in memory)."""
    return {k: word[k] for k in ("text", "x0", "x1", "top", "bottom")}


def _one_line(exc: BaseException) -> str:
    message = " ".join(str(exc).split()) or type(exc).__name__
    return message[:200]


# --- one page: columns and lines ----------------------------------------------------------------


def read_page(words: list[dict[str, Any]], number: int, width: float, height: float) -> PageText:
    """Lines of one page in reading order: full-width bands as they are, two-column bands left then right."""
    gutter = find_gutter(words, width)
    if gutter is None:
        return PageText(number, height, build_lines(words), columns=1)
    spanning, left, right = _split_at_gutter(words, gutter)
    lines: list[Line] = []
    span_lines = build_lines(spanning)
    left_lines, right_lines = build_lines(left), build_lines(right)
    # Full-width lines cut the page into bands; each band is read left column, then right column.
    edges = [line.top for line in span_lines] + [float("inf")]
    band_start = float("-inf")
    for i, edge in enumerate(edges):
        for column in (left_lines, right_lines):
            lines += [line for line in column if band_start <= _middle(line) < edge]
        if i < len(span_lines):
            lines.append(span_lines[i])
            band_start = span_lines[i].top  # contiguous bands: no column line falls between two
    return PageText(number, height, lines, columns=2, gutter=gutter)


def find_gutter(words: list[dict[str, Any]], width: float) -> float | None:
    """The x of the gap between two text columns, or None for a one-column page.

    The gap is the widest vertical strip in the middle of the page crossed by (almost) no word, with
    enough words on each side; a few crossing words (running header, a title set across the page) are
    allowed, because those lines are read as full-width bands."""
    if len(words) < 20 or width <= 0:
        return None
    size = int(width) + 2
    cover = np.zeros(size, dtype=np.int32)
    for w in words:
        a, b = max(0, int(w["x0"])), min(size - 1, int(np.ceil(w["x1"])))
        cover[a:b] += 1
    lo, hi = int(width * _GUTTER_RANGE[0]), int(width * _GUTTER_RANGE[1])
    middle = cover[lo:hi]
    lines_estimate = len({round(w["top"]) for w in words})
    # The fewest crossings first: a gap no word crosses is the gutter exactly; a few crossings are
    # allowed only when no clean gap exists (a title set across the page), so the strip never widens
    # into a column's ragged edge.
    best: tuple[int, int] | None = None
    for allowed in range(int(middle.min()), max(2, lines_estimate // 12) + 1):
        best = _widest_run(middle <= allowed)
        if best is not None and best[1] - best[0] >= _MIN_GUTTER_WIDTH:
            break
    else:
        return None
    gutter = lo + (best[0] + best[1]) / 2
    left = sum(1 for w in words if w["x1"] <= gutter)
    right = sum(1 for w in words if w["x0"] >= gutter)
    if min(left, right) < _MIN_COLUMN_WORDS:
        return None
    return gutter


def _widest_run(mask: np.ndarray) -> tuple[int, int] | None:
    """(start, end) of the longest run of True in mask, or None."""
    best: tuple[int, int] | None = None
    start = None
    for i, value in enumerate([*mask.tolist(), False]):
        if value and start is None:
            start = i
        elif not value and start is not None:
            if best is None or i - start > best[1] - best[0]:
                best = (start, i)
            start = None
    return best


def _split_at_gutter(
    words: list[dict[str, Any]], gutter: float
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    """Words of full-width lines (any word of the line crosses the gutter), of the left and right column."""
    crossing = [w for w in words if w["x0"] < gutter < w["x1"]]
    spans = [(w["top"], w["bottom"]) for w in crossing]

    def on_spanning_line(w: dict[str, Any]) -> bool:
        return any(_overlap(w["top"], w["bottom"], top, bottom) > 0.5 for top, bottom in spans)

    spanning, left, right = [], [], []
    for w in words:
        if spans and on_spanning_line(w):
            spanning.append(w)
        elif (w["x0"] + w["x1"]) / 2 < gutter:
            left.append(w)
        else:
            right.append(w)
    return spanning, left, right


def _overlap(top: float, bottom: float, other_top: float, other_bottom: float) -> float:
    """Vertical overlap as a share of the smaller of the two heights."""
    inter = min(bottom, other_bottom) - max(top, other_top)
    smaller = max(min(bottom - top, other_bottom - other_top), 0.1)
    return max(0.0, inter) / smaller


def _middle(line: Line) -> float:
    return (line.top + line.bottom) / 2


def build_lines(words: list[dict[str, Any]]) -> list[Line]:
    """Words grouped into lines by vertical overlap (a raised footnote number stays on its line), top down."""
    return [_line(row) for row in _rows(words)]


def _rows(words: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Words grouped into rows: a word joins the row above when it overlaps it vertically by half its height."""
    rows: list[list[dict[str, Any]]] = []
    row_top = row_bottom = 0.0
    for w in sorted(words, key=lambda w: (w["top"], w["x0"])):
        if rows and _overlap(w["top"], w["bottom"], row_top, row_bottom) > 0.5:
            rows[-1].append(w)
            row_top, row_bottom = min(row_top, w["top"]), max(row_bottom, w["bottom"])
            continue
        rows.append([w])
        row_top, row_bottom = w["top"], w["bottom"]
    for row in rows:
        row.sort(key=lambda w: w["x0"])
    return rows


def _line(row: list[dict[str, Any]]) -> Line:
    return Line(
        text=" ".join(w["text"] for w in row),
        x0=min(w["x0"] for w in row),
        x1=max(w["x1"] for w in row),
        top=min(w["top"] for w in row),
        bottom=max(w["bottom"] for w in row),
    )


# --- the whole document: running headers, footers, page numbers -------------------------------

_ROMAN = r"[ivxlc]{1,7}"
_PAGE_NUMBER_TOKEN = re.compile(
    rf"^(?:[-–—|]\s*)?(?:(?:str(?:ana|\.)?|page|stranica)\s*)?(?:\d{{1,4}}|{_ROMAN})(?:\s*(?:/|od|of)\s*\d{{1,4}})?(?:\s*[-–—|])?$",
    re.IGNORECASE,
)
_EDGE_NUMBER = re.compile(rf"^(?:\d{{1,4}}|{_ROMAN})\s+|\s+(?:\d{{1,4}}|{_ROMAN})$", re.IGNORECASE)
_RULE = re.compile(r"^[\s_\-–—=.·*]+$")


def is_page_number(text: str) -> bool:
    """ "4", "- 4 -", "IV", "Strana 4 od 66", "4/66": a line that is only a page number."""
    return bool(_PAGE_NUMBER_TOKEN.match(text.strip()))


def running_key(text: str) -> str:
    """A band line's text without its page number and with digits folded, to recognise it on every page."""
    s = " ".join(text.split()).strip("_-–—=. ")
    for _ in range(2):  # "12 Header 12", "___ 1 Izmjene i dopune:"
        s = _EDGE_NUMBER.sub("", s).strip("_-–—=. ")
    return re.sub(r"\d+", "#", s).casefold()


def line_numbers(text: str) -> list[int]:
    """The numbers in a line, in order, a Roman page number at either edge included ("… Livnu IV")."""
    s = " ".join(text.split()).strip("_-–—=. ")
    numbers = [int(n) for n in re.findall(r"\d+", s)]
    for edge in (re.match(rf"^({_ROMAN})\s", s, re.IGNORECASE), re.search(rf"\s({_ROMAN})$", s, re.IGNORECASE)):
        if edge and (value := roman(edge.group(1))):
            numbers = [value, *numbers] if edge.start() == 0 else [*numbers, value]
    return numbers


def roman(text: str) -> int | None:
    """The value of a Roman numeral ("xiv" → 14), or None."""
    values = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100}
    found = [values.get(ch) for ch in text.lower()]
    digits = [d for d in found if d is not None]
    if not found or len(digits) < len(found):
        return None
    return sum(-d if k + 1 < len(digits) and d < digits[k + 1] else d for k, d in enumerate(digits))


def numbers_are_page_numbers(occurrences: list[tuple[int, list[int]]]) -> bool:
    """Whether the numbers of one running line across pages are fixed or count the pages.

    Each (page index, numbers) is one page's copy of the line. A number that changes must change with
    the page (value − page index the same on most pages): a page number. An article heading at the top
    of several pages ("Članak 13." / "Članak 25.") has the same folded text but numbers that do not
    follow the pages, so it is not taken for a running header."""
    length = Counter(len(nums) for _, nums in occurrences).most_common(1)[0][0]
    aligned = [(page, nums) for page, nums in occurrences if len(nums) == length]
    for position in range(length):
        values = [nums[position] for _, nums in aligned]
        if len(set(values)) == 1:
            continue
        offsets = Counter(nums[position] - page for page, nums in aligned)
        if offsets.most_common(1)[0][1] < 0.6 * len(aligned):
            return False
    return True


def _in_band(line: Line, height: float) -> bool:
    return line.bottom <= height * _BAND or line.top >= height * (1 - _BAND)


@dataclass
class RunningLines:
    """Running header/footer keys of a document, and the texts removed (for the report)."""

    keys: set[str]
    removed: dict[str, str] = field(default_factory=dict)

    @classmethod
    def find(cls, pages: list[tuple[list[Line], float]]) -> RunningLines:
        """Keys of band lines (top/bottom of the page) that repeat on many pages, page numbers aside."""
        seen: dict[str, dict[int, list[int]]] = {}  # key → page index → the numbers in that page's copy
        for index, (lines, height) in enumerate(pages):
            for line in lines:
                if _in_band(line, height):
                    seen.setdefault(running_key(line.text), {}).setdefault(index, line_numbers(line.text))
        needed = max(3, int(len(pages) * _REPEAT_SHARE + 0.999))
        return cls(
            {
                key
                for key, copies in seen.items()
                if key and len(copies) >= needed and numbers_are_page_numbers(list(copies.items()))
            }
        )

    def drop(self, words: list[dict[str, Any]], height: float) -> list[dict[str, Any]]:
        """The page's words without its running headers/footers, page numbers and rules in the bands."""
        out: list[dict[str, Any]] = []
        for line_words in _rows(words):
            line = _line(line_words)
            if _in_band(line, height):
                if is_page_number(line.text) or _RULE.match(line.text):
                    continue
                key = running_key(line.text)
                if key in self.keys:
                    self.removed.setdefault(key, _EDGE_NUMBER.sub("", " ".join(line.text.split())).strip())
                    continue
            out += line_words
        return out

    def texts(self) -> list[str]:
        return list(self.removed.values())
