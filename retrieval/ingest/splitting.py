"""Splitting a law's clean lines into articles: title, chapter, text, deleted — and a warning for
everything that does not fit.

The method is the same for every file; what differs between files is decided from the file itself:
- whether titles stand above the heading or below it (counted over all headings, the majority wins
  where one article alone is ambiguous);
- where the law ends: numbering that starts again ("Članak 2." after "Članak 421.") is either a
  second copy of the same articles (kept once, the complete copy) or a trailer of closing articles of
  amending laws (not part of this law: reported, not indexed);
- which lines are chapter names (GLAVA / DIO / "I - OPĆE ODREDBE" / all capitals) between articles:
  they become the `chapter` of the articles that follow instead of text of the one before.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from retrieval.ingest.headings import (
    DELETED,
    Heading,
    chapter_level,
    clean_title,
    is_chapter_line,
    is_gazette_reference,
    is_name_line,
    is_preamble_line,
    is_signature,
    is_subsection_line,
    looks_like_title,
    opens_chapter,
    parse_annex,
    parse_heading,
    starts_lower,
)
from retrieval.ingest.law_text import clean_lines
from retrieval.ingest.law_title import find_law_title
from retrieval.ingest.split_words import describe as describe_joins
from retrieval.ingest.split_words import repair_split_words
from retrieval.types import Article

_SENTENCE_END = (".", ":", ";", "!", "?", ")", '"', "”", "“", "»")
_PAGE_NUMBER = re.compile(
    r"^\s*(?:-\s*)?\d{1,3}(?:\s*-)?\s*$|^\s*(?:Strana|Stranica|Str\.|Page)\s+\d+(?:\s*(?:od|/)\s*\d+)?\s*$",
    re.IGNORECASE,
)
_WORD = re.compile(r"\w+")
# The law's own header: where it was published, that this is a consolidated text.
_HEADER_INFO = re.compile(
    r"^\W*(?:Službeni|Službene|Sl\.|Службени|Сл\.|Narodne|Neslužbeni|Nezvanični|Незванични|Izvor|Извор|Obuhvaćeni)",
    re.IGNORECASE,
)
DELETED_TEXT_LIMIT = 300
# A wrapped "title" that ends in "… iz", "… i", "… da" is the first line of a sentence that runs on.
# A provision's own first words: a sentence of the text, never a title, however it wraps.
_OPENS_SENTENCE = re.compile(r"^(?:Tko|Ko|Ako|Kada|Kad|Ovim|Ovaj|Ova|Ovo|Кo|Ко|Ако|Овим)\s")
_ENDS_WITH_FUNCTION_WORD = re.compile(
    r"\s(?:i|u|na|za|iz|od|do|s|sa|o|te|ili|a|da|se|koji|koja|koje|kao|po|pri|prema|и|у|на|за|из|од|до|с|са|о|те|или|а|да|се|који|која|које|као|по|при|према)$",
    re.IGNORECASE,
)


@dataclass
class Warning_:
    """Something an admin should know about a file (line 1-based, 0 = the whole file)."""

    line: int
    message: str


@dataclass
class SplitResult:
    articles: list[Article] = field(default_factory=list)  # in force, deleted, annexes, preamble
    warnings: list[Warning_] = field(default_factory=list)
    removed: dict[str, int] = field(default_factory=dict)  # history blocks, toc lines, notes, trailer chars


@dataclass
class _Piece:
    heading: Heading
    start: int  # first body line
    end: int  # one past the last body line
    title: str = ""
    chapter: str = ""
    role: str = "article"  # article | duplicate | trailer


def split_law(
    text: str, law: str, law_title: str, jurisdiction: str, source: str, markdown: bool = False
) -> SplitResult:
    """Articles of one law text (see the module docstring for the method)."""
    lines, removed = clean_lines(text, markdown)
    lines = ["" if _PAGE_NUMBER.match(line) else line for line in lines]
    lines, joins = repair_split_words(lines)
    result = SplitResult(removed=dict(removed))
    if joins:
        result.removed["split_words"] = len(joins)
        result.warnings.append(Warning_(joins[0].line + 1, describe_joins(joins)))
    headings = [h for i, line in enumerate(lines) if (h := parse_heading(line, i))]
    if not headings:
        result.warnings.append(
            Warning_(
                0,
                "no article headings found (expected 'Član 1.', 'Članak 1.', 'Члан 1.', 'Član I', 'Article 1', '§ 1', ...)",
            )
        )
        return result
    law_title = law_title or find_law_title(lines[: headings[0].line])  # the file's own title when none was given
    annexes = [(i, name) for i in range(headings[0].line + 1, len(lines)) if (name := parse_annex(lines[i]))]
    law_end = annexes[0][0] if annexes else len(lines)
    headings = [h for h in headings if h.line < law_end]

    pieces = [
        _Piece(h, h.line + 1, headings[n + 1].line if n + 1 < len(headings) else law_end)
        for n, h in enumerate(headings)
    ]
    _consume_wrapped_rest(pieces, lines)
    trailer_start = _classify_sequence(pieces, lines, result)
    live = [p for p in pieces if p.role != "trailer"]
    if trailer_start is not None and live:
        live[-1].end = min(live[-1].end, trailer_start)
    before_style = _titles_stand_above(live, lines)
    untitled = _without_titles(live, lines)

    chapters = _Chapters()
    if live:
        chapters.add(_chapter_before(lines, 0, live[0].heading.line))
    if live and before_style:
        live[0].title = _title_above(lines, live[0].heading.line, 0)[0]
    for n, piece in enumerate(live):
        rest = piece.heading.rest
        if rest and is_chapter_line(rest) and not piece.heading.deleted:
            chapters.add([rest])  # "Члан 339. ПРЕЛАЗНЕ И ЗАВРШНЕ ОДРЕДБЕ": a chapter name on the heading line
            piece.heading = _without_rest(piece.heading)
        piece.chapter = chapters.current
        following = live[n + 1] if n + 1 < len(live) else None
        # The tail of this piece: [chapter lines][title of the next article] before the next heading.
        if following is not None and following.heading.line == piece.end:
            # Where titles stand below headings, a title above is taken only when the next article has none of its own.
            own = bool(following.heading.rest and looks_like_title(following.heading.rest)) or bool(
                _title_below(lines, following)[0]
            )
            cut, next_title, next_chapter = _tail(lines, piece, (before_style or not own) and not untitled)
            piece.end = cut
            following.title = next_title
            chapters.add(next_chapter)
    for piece in live:
        _take_title(piece, lines, before_style, untitled)

    last_article = max((p for p in live if p.role == "article"), key=lambda p: p.end, default=None)
    if last_article is not None:
        _cut_closing_block(last_article, lines, result)
    if trailer_start is not None:
        end = law_end
        chars = sum(len(lines[i]) for i in range(trailer_start, end))
        first = next((lines[i] for i in range(trailer_start, end) if lines[i].strip()), "")
        count = sum(1 for p in pieces if p.role == "trailer")
        result.warnings.append(
            Warning_(
                trailer_start + 1,
                f"{count} heading(s) after article {last_article.heading.number if last_article else '?'} start the numbering "
                f"again ({chars} characters from line {trailer_start + 1}: {first[:60]!r}…) – closing articles of amending "
                f"laws or another text, not part of this law; not indexed",
            )
        )
        result.removed["trailer_chars"] = chars

    _preamble(lines, headings[0].line, law, law_title, jurisdiction, source, result)
    _report_text_before(lines, headings[0].line, result)
    seen: dict[str, _Piece] = {}
    for piece in live:
        if piece.role != "article":
            continue
        _emit(piece, lines, law, law_title, jurisdiction, source, result)
        seen[piece.heading.number] = piece
    _emit_annexes(lines, annexes, law, law_title, jurisdiction, source, result)
    _report_jumps(live, result)
    return result


# --- the sequence of headings ---------------------------------------------------------------------


def _words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text) if len(w) > 2}


def _body(lines: list[str], piece: _Piece) -> str:
    return "\n".join(line for line in lines[piece.start : piece.end] if line.strip())


def _similar(a: str, b: str) -> bool:
    wa, wb = _words(a), _words(b)
    if not wa or not wb:
        return True  # an empty copy is a truncated copy
    return len(wa & wb) / min(len(wa), len(wb)) >= 0.6


def _classify_sequence(pieces: list[_Piece], lines: list[str], result: SplitResult) -> int | None:
    """Mark second copies ("duplicate") and the trailer; returns the trailer's first line or None."""
    best: dict[str, _Piece] = {}
    max_number: int | None = None  # suffixes are not compared: 208v, 208g follow the Cyrillic alphabet
    copies: list[str] = []
    for n, piece in enumerate(pieces):
        h = piece.heading
        if max_number is not None and (h.key[0] < max_number or h.number in best) and h.range_end is None:
            earlier = best.get(h.number)
            if earlier is pieces[n - 1] and not _body(lines, earlier):
                # "Član 79" / "Član 79 brisan Zakonom …": the heading repeated as the first line of its text
                earlier.role = "duplicate"
                best[h.number] = piece
                continue
            if earlier is not None and _similar(_body(lines, earlier), _body(lines, piece)):
                longer, shorter = (
                    (piece, earlier) if len(_body(lines, piece)) > len(_body(lines, earlier)) else (earlier, piece)
                )
                shorter.role, longer.role = "duplicate", "article"
                best[h.number] = longer
                copies.append(
                    f"{h.number} (lines {earlier.heading.line + 1} and {h.line + 1}; kept line {longer.heading.line + 1}"
                    f"{', the complete copy' if len(_body(lines, longer)) != len(_body(lines, shorter)) else ', identical'})"
                )
                continue
            for rest in pieces[n:]:
                rest.role = "trailer"
            start = _trailer_line(pieces[n - 1], lines) if n else h.line
            return start
        best.setdefault(h.number, piece)
        top = h.range_end or h.key[0]
        max_number = top if max_number is None else max(top, max_number)
    if copies:
        shown = "; ".join(copies[:5]) + (f"; … {len(copies) - 5} more" if len(copies) > 5 else "")
        result.warnings.append(Warning_(0, f"duplicate heading(s) for {len(copies)} article(s): {shown}"))
    return None


def _trailer_line(previous: _Piece, lines: list[str]) -> int:
    """Where the text that belongs to no article begins: the first separator or signature line after
    the last article's heading, else the heading that restarts the numbering."""
    for i in range(previous.start, previous.end):
        if lines[i] == "***" or is_signature(lines[i]):
            return i
    # A heading of the trailer's own ("Prijelazne i završne odredbe iz NN 92/14") above the restart.
    start, i, taken = previous.end, previous.end - 1, 0
    while i >= previous.start and taken < 4:
        line = lines[i].strip()
        if line:
            if line.endswith(_SENTENCE_END) or not looks_like_title(line):
                break
            start, taken = i, taken + 1
        i -= 1
    return start


def _consume_wrapped_rest(pieces: list[_Piece], lines: list[str]) -> None:
    """A heading whose gazette reference wraps: "Članak 5.a (NN 76/09," / "92/14)"."""
    for piece in pieces:
        rest = piece.heading.rest
        if rest.count("(") > rest.count(")"):
            joined = rest
            i = piece.start
            while i < min(piece.end, piece.start + 3) and joined.count("(") > joined.count(")"):
                joined += " " + lines[i].strip()
                i += 1
            if joined.count("(") == joined.count(")") and is_gazette_reference(joined):
                piece.start = i
                piece.heading = _without_rest(piece.heading)
        elif rest and is_gazette_reference(rest):
            piece.heading = _without_rest(piece.heading)


# --- titles and chapters --------------------------------------------------------------------------


def _nonblank(lines: list[str], start: int, end: int) -> list[int]:
    return [i for i in range(start, end) if lines[i].strip()]


def _title_below(lines: list[str], piece: _Piece) -> tuple[str, int]:
    """A title on the lines right under the heading: "(Predmet)", "Krađa", a title wrapped over two
    lines; returns (title, first body line) or ("", piece.start)."""
    idx = _nonblank(lines, piece.start, piece.end)[:4]
    if not idx:
        return "", piece.start
    first = lines[idx[0]].strip()
    if DELETED.match(first.strip("()–- ")):
        return "", piece.start
    if first.startswith("(") and not re.match(r"^\(\d+\)", first):
        joined, used = first, 1
        while joined.count("(") > joined.count(")") and used < len(idx) and used < 3:
            joined += " " + lines[idx[used]].strip()
            used += 1
        if joined.count("(") == joined.count(")") and joined.endswith(")") and len(joined) <= 200:
            return clean_title(joined), idx[used - 1] + 1
        return "", piece.start
    # A long title wraps in a narrow column, after a comma too ("Izazivanje narodnosne, rasne i vjerske mržnje," /
    # "razdora ili netrpeljivosti"): its first line is a title's without that comma.
    wrapped = first.endswith(",")
    if not looks_like_title(first.rstrip(",")) or (is_chapter_line(first) and not first.isupper()):
        return "", piece.start
    # The lines that continue it start in lower case: one or two (a three-line title of the FBiH code's
    # "Primjena kaznenog zakonodavstva u Federaciji prema" / "svakom tko na području Federacije počini kazneno" /
    # "djelo"); the text starts after them in capitals or with a paragraph mark.
    used = 1
    while used < min(len(idx), 3) and starts_lower(lines[idx[used]]):
        used += 1
    if used == 1:
        return ("", piece.start) if wrapped else (clean_title(first), idx[0] + 1)
    joined = " ".join(lines[i].strip() for i in idx[:used])
    next_lower = len(idx) > used and starts_lower(lines[idx[used]])
    if (
        len(joined) <= 150
        and not joined.endswith((*_SENTENCE_END, ","))
        and not next_lower
        and not _ENDS_WITH_FUNCTION_WORD.search(joined)
        and not _OPENS_SENTENCE.match(joined)
    ):
        return clean_title(joined), idx[used - 1] + 1
    return "", piece.start  # a wrapped first sentence


def _title_above(lines: list[str], heading_line: int, floor: int) -> tuple[str, int]:
    """A title (one or two lines) right above a heading, separated from the text before it;
    returns (title, its first line) or ("", heading_line)."""
    idx = [i for i in range(floor, heading_line) if lines[i].strip()]
    if not idx:
        return "", heading_line
    block = [idx[-1]]
    if (
        len(idx) > 1
        and idx[-2] == idx[-1] - 1
        and looks_like_title(lines[idx[-2]])
        and not is_chapter_line(lines[idx[-2]])
        and not _names_chapter(
            lines, idx[-2], floor
        )  # "GLAVA VIII" / "ZASTARJELOST" / "Zastarjelost krivičnog gonjenja"
    ):
        candidate = f"{lines[idx[-2]].strip()} {lines[idx[-1]].strip()}"
        if len(candidate) <= 150:
            block = [idx[-2], idx[-1]]
    top = lines[block[0]]
    if (
        not looks_like_title(top)
        or is_chapter_line(top)
        or _names_chapter(lines, block[0], floor)  # "V - DUŽNOSTI U SLUČAJU SAOBRAĆAJNE" / "NESREĆE"
        or any(not looks_like_title(lines[i]) and not starts_lower(lines[i]) for i in block)
    ):
        return "", heading_line
    above = [i for i in idx if i < block[0]]
    if above:
        line = lines[above[-1]].strip()
        separated = above[-1] < block[0] - 1
        if not (
            line.endswith(_SENTENCE_END)
            or is_chapter_line(line)
            or _names_chapter(lines, above[-1], floor)
            or is_subsection_line(line)  # "GLAVA III" / … / "1. Opšte odredbe o krivičnom djelu" / "Krivično djelo"
            or line == "***"
            or (separated and len(block) == 1)
        ):
            return "", heading_line
    return clean_title(" ".join(lines[i].strip() for i in block)), block[0]


def _titles_stand_above(pieces: list[_Piece], lines: list[str]) -> bool:
    """Does this file put titles above its headings? Counted over headings that have only one option."""
    above = below = 0
    for n, piece in enumerate(pieces):
        if piece.heading.rest and looks_like_title(piece.heading.rest):
            continue
        floor = pieces[n - 1].start + 1 if n else 0
        has_above = bool(_title_above(lines, piece.heading.line, floor)[0])
        has_below = bool(_title_below(lines, piece)[0])
        above += has_above and not has_below
        below += has_below and not has_above
    return above > below


def _without_titles(pieces: list[_Piece], lines: list[str]) -> bool:
    """Does this file give its articles no titles (zobs-bih.pdf, the roads law)? Then most headings have no
    title candidate at all, and the few that seem to have one are a first line of text that happens to end
    without punctuation ("Suglasnost za izgradnju …, daje"): fewer than a quarter of the headings with a title
    on their line or a candidate above or below."""
    if len(pieces) < 8:
        return False
    titled = 0
    for n, piece in enumerate(pieces):
        if piece.heading.rest and looks_like_title(piece.heading.rest):
            titled += 1
            continue
        floor = pieces[n - 1].start + 1 if n else 0
        titled += bool(_title_above(lines, piece.heading.line, floor)[0] or _title_below(lines, piece)[0])
    return titled < len(pieces) / 4


_CHAPTER_NOUN = re.compile(r"\b(?:GLAVA|Glava|POGLAVLJE|DIO|DEO|ГЛАВА|ДЕО|ДИО|ODJELJAK|ОДЕЉАК)\b")
_FOOTNOTE_BEFORE = re.compile(r"^\d{1,3}\s+(?=[IVXLC]+\.\s)")


class _Chapters:
    """The chapter an article stands in, as a stack of levels: a new GLAVA replaces the old GLAVA and
    its sections but keeps the DIO above it ("POSEBNI DIO – GLAVA XXI – KAZNENA DJELA PROTIV IMOVINE")."""

    def __init__(self) -> None:
        self.levels: dict[int, str] = {}

    def add(self, block: list[str]) -> None:
        entries: list[tuple[int, str]] = []
        for line in block:
            line = _FOOTNOTE_BEFORE.sub("", line)  # "56 XVIII. GLAVA OSAMNAESTA": a footnote number first
            level = chapter_level(line)
            if level is None and entries:
                # The name under "GLAVA XXV" joins it with a dash; the second line of a long name, with a space.
                last = entries[-1][1].split(" – ")[-1]
                joiner = " – " if len(last.split()) <= 3 or _CHAPTER_NOUN.search(last) else " "
                entries[-1] = (entries[-1][0], f"{entries[-1][1]}{joiner}{line}")
            else:
                entries.append((1 if level is None else level, line))
        for level, name in entries:
            self.levels = {k: v for k, v in self.levels.items() if k < level}
            self.levels[level] = name

    @property
    def current(self) -> str:
        return " – ".join(self.levels[k] for k in sorted(self.levels))


def _without_rest(h: Heading) -> Heading:
    return Heading(h.line, h.kind, h.number, "", h.range_end, h.deleted)


def _names_chapter(lines: list[str], i: int, floor: int) -> bool:
    """Is line `i` part of a chapter's name wrapped under its noun ("GLAVA III" / "PRIMJENA KAZNENOG
    ZAKONODAVSTVA U" / "FEDERACIJI")? Narrow columns (the two-column FBiH code) wrap the name, and a last line of
    one word, or a line ending with a comma, is not a chapter line alone: above it, within three lines of the
    name in capitals, there must be the line with the chapter noun."""
    if not is_name_line(lines[i]):
        return False
    seen = 0
    for j in range(i - 1, floor - 1, -1):
        line = lines[j].strip()
        if not line:
            continue
        if opens_chapter(line):
            return True
        seen += 1
        if seen > 3 or not is_name_line(line):
            return False
    return False


def _chapter_before(lines: list[str], floor: int, heading_line: int) -> list[str]:
    """The chapter lines directly above a heading (or above the title above it)."""
    idx = [i for i in range(floor, heading_line) if lines[i].strip()]
    found: list[str] = []
    for i in reversed(idx):
        if is_chapter_line(lines[i]) or _names_chapter(lines, i, floor) or (not found and is_subsection_line(lines[i])):
            found.insert(0, lines[i].strip())
        elif found or not looks_like_title(lines[i]):
            break
    return found


def _tail(lines: list[str], piece: _Piece, before_style: bool) -> tuple[int, str, list[str]]:
    """Split the end of a piece's lines into: where its text ends, the next article's title (if titles
    stand above headings) and the chapter that starts before the next heading."""
    end = piece.end
    title = ""
    floor = piece.start
    if before_style:
        title, top = _title_above(lines, end, _first_nonblank(lines, floor, end) + 1)
        if title:
            end = top
    chapter: list[str] = []
    i = end - 1
    while i >= floor and not lines[i].strip():
        i -= 1
    end = i + 1
    while i >= floor:
        line = lines[i].strip()
        if not line or line == "***":
            i -= 1
            continue
        first_line = i == _first_nonblank(lines, floor, piece.end) and piece.title == "" and not before_style
        if not first_line and (
            is_chapter_line(line)
            or _names_chapter(lines, i, floor)
            or ((i == end - 1 or not chapter) and is_subsection_line(line) and not chapter)
        ):
            chapter.insert(0, line)
            end = i
            i -= 1
            continue
        break
    return end, title, chapter


def _first_nonblank(lines: list[str], start: int, end: int) -> int:
    for i in range(start, end):
        if lines[i].strip():
            return i
    return end


def _take_title(piece: _Piece, lines: list[str], before_style: bool, untitled: bool = False) -> None:
    """The title on the heading line, else below it (unless one above was already taken)."""
    rest = piece.heading.rest
    if rest and not piece.heading.deleted:
        if looks_like_title(rest) and not piece.title:
            piece.title = clean_title(rest)
            return
        if rest.startswith("(") and rest.endswith(")") and not piece.title and not DELETED.match(rest.strip("() ")):
            piece.title = clean_title(rest)
            return
    if piece.title:
        return
    title, start = _title_below(lines, piece)
    if title and untitled and not lines[_first_nonblank(lines, piece.start, piece.end)].lstrip().startswith("("):
        title = ""  # a file without titles: its first line of text is not one, though it may look so
    if title and before_style:
        # Where titles stand above headings, a line below is a title only if the text clearly starts after it.
        after = _nonblank(lines, start, piece.end)
        if after and not (after[0] > start or re.match(r"^\s*(\(|\d|[a-zа-ш]\))", lines[after[0]])):
            title = ""
    if title:
        piece.title, piece.start = title, start


def _cut_closing_block(piece: _Piece, lines: list[str], result: SplitResult) -> None:
    """The last article ends before a signature block or a "***" separator."""
    for i in range(piece.start, piece.end):
        if lines[i] == "***" or is_signature(lines[i]):
            text = [lines[j] for j in range(i, piece.end) if lines[j].strip()]
            if text:
                result.warnings.append(
                    Warning_(
                        i + 1,
                        f"text after article {piece.heading.number} "
                        f"({' / '.join(text)[:80]!r}) is a signature or closing block; not part of it",
                    )
                )
            piece.end = i
            return


# --- entries --------------------------------------------------------------------------------------


def _text(lines: list[str], start: int, end: int) -> str:
    return "\n".join(line.strip() for line in lines[start:end] if line.strip() and line != "***")


def _emit(
    piece: _Piece, lines: list[str], law: str, law_title: str, jurisdiction: str, source: str, result: SplitResult
) -> None:
    h = piece.heading
    body = _text(lines, piece.start, piece.end)
    rest = (
        h.rest
        if h.rest
        and not looks_like_title(h.rest)
        and not (h.rest.startswith("(") and h.rest.endswith(")") and not DELETED.search(h.rest))
        else ""
    )
    if rest and not (piece.title and clean_title(rest) == piece.title):
        body = f"{rest}\n{body}".strip()
    extra = {"source": source}
    if h.range_end is not None:
        note = body or "brisani"
        for number in range(int(h.number), h.range_end + 1):
            result.articles.append(
                Article(
                    f"{law} {h.prefix} {number}",
                    law,
                    str(number),
                    note,
                    "",
                    law_title,
                    jurisdiction,
                    dict(extra),
                    chapter=piece.chapter,
                    deleted=True,
                )
            )
        return
    deleted = h.deleted or _says_deleted(body) or DELETED.fullmatch(piece.title or "-") is not None
    if not body and not deleted:
        if piece.title:
            result.warnings.append(Warning_(h.line + 1, f"article {h.number} has a title but no text"))
            body = piece.title
        else:
            result.warnings.append(Warning_(h.line + 1, f"article {h.number} has a heading but no text; not indexed"))
            return
    result.articles.append(
        Article(
            f"{law} {h.prefix} {h.number}",
            law,
            h.number,
            body or "brisan",
            piece.title if not deleted or (piece.title and not DELETED.search(piece.title)) else "",
            law_title,
            jurisdiction,
            extra,
            chapter=piece.chapter,
            deleted=deleted,
        )
    )


def _says_deleted(body: str) -> bool:
    """A short text with a line that starts "Brisan je (…)", "(prestalo da važi)", "– brisano –"."""
    return len(body) <= DELETED_TEXT_LIMIT and any(DELETED.match(line.lstrip("(–-— ")) for line in body.splitlines())


def _emit_annexes(
    lines: list[str],
    annexes: list[tuple[int, str]],
    law: str,
    law_title: str,
    jurisdiction: str,
    source: str,
    result: SplitResult,
) -> None:
    for n, (start, name) in enumerate(annexes):
        end = annexes[n + 1][0] if n + 1 < len(annexes) else len(lines)
        rest = lines[start].strip()[len(name) :].strip(" .–-:")
        body_idx = _nonblank(lines, start + 1, end)
        title = clean_title(rest) if rest else ""
        if not title and body_idx and looks_like_title(lines[body_idx[0]]) and len(body_idx) > 1:
            title = clean_title(lines[body_idx[0]])
            body_idx = body_idx[1:]
        text = "\n".join(lines[i].strip() for i in body_idx if lines[i] != "***")
        if not text:
            result.warnings.append(Warning_(start + 1, f"{name} has no text; skipped"))
            continue
        result.articles.append(
            Article(
                f"{law} {name}", law, name, text, title, law_title, jurisdiction, {"source": source, "kind": "annex"}
            )
        )


def _preamble(
    lines: list[str], first_heading: int, law: str, law_title: str, jurisdiction: str, source: str, result: SplitResult
) -> None:
    """A "PREAMBULA" line before the first article starts an entry of its own."""
    for i in range(first_heading):
        if is_preamble_line(lines[i]):
            end = first_heading
            title, top = _title_above(lines, first_heading, i + 1)
            if title:
                end = top
            while end > i + 1 and (is_chapter_line(lines[end - 1]) or not lines[end - 1].strip()):
                end -= 1
            text = _text(lines, i + 1, end)
            if text:
                result.articles.append(
                    Article(
                        f"{law} Preambula",
                        law,
                        "Preambula",
                        text,
                        "",
                        law_title,
                        jurisdiction,
                        {"source": source, "kind": "preamble"},
                    )
                )
            return


def _report_text_before(lines: list[str], first_heading: int, result: SplitResult) -> None:
    """Running text before the first article that is no preamble (notes, an introduction): say so."""
    start = next((i + 1 for i in range(first_heading) if is_preamble_line(lines[i])), None)
    if start is not None:
        return  # the preamble entry holds it
    long_lines = [i for i in range(first_heading) if len(lines[i]) >= 120 and not _HEADER_INFO.match(lines[i])]
    if long_lines:
        chars = sum(len(lines[i]) for i in long_lines)
        result.warnings.append(
            Warning_(
                long_lines[0] + 1,
                f"text before the first article ({chars} characters: "
                f"{lines[long_lines[0]][:60]!r}…) belongs to no article; not indexed",
            )
        )


def _report_jumps(pieces: list[_Piece], result: SplitResult) -> None:
    """ "Numbers jump 43 → 50": articles may be missing from the file (or it is incomplete on purpose)."""
    jumps: list[str] = []
    previous: int | None = None
    for piece in pieces:
        if piece.role != "article":
            continue
        h = piece.heading
        number = h.key[0]
        if previous is not None and number > previous + 1:
            jumps.append(f"{previous} → {number}")
        previous = h.range_end if h.range_end else max(number, previous or number)
    if jumps:
        shown = ", ".join(jumps[:8]) + (f", … {len(jumps) - 8} more" if len(jumps) > 8 else "")
        result.warnings.append(Warning_(0, f"article numbers jump ({shown}): articles missing from the file?"))
