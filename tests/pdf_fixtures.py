"""Generated PDFs with the quirks of real law PDFs (two columns, running header/footer, page numbers,
a title set across both columns, raised footnote numbers, YUSCII text), drawn with reportlab so the
tests know exactly which lines the reader must give back and in which order."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

HEADER = '"Službene novine Federacije BiH", broj 36/03, 69/04, 18/05, 42/10, 42/11, 59/14 i 58/25'
FOOTER = "Neslužbeni pročišćeni tekst priredio: Ivan Ivić, Općinski sud u Mostaru"

PAGE_W, PAGE_H = 595.0, 842.0
LINE = 12.0


def font_name() -> str:
    """DejaVu Sans (shipped with matplotlib, a dependency) registered once: it has č ć š ž đ."""
    from matplotlib import get_data_path
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if "DejaVu" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont("DejaVu", str(Path(get_data_path()) / "fonts" / "ttf" / "DejaVuSans.ttf")))
    return "DejaVu"


def article_lines(number: int, paragraphs: int = 3) -> list[str]:
    """A heading, a title and numbered paragraphs of short lines (each line unique, so order is checkable)."""
    lines = [f"Članak {number}.", f"Naslov članka {number} o krađi i šteti"]
    for p in range(1, paragraphs + 1):
        lines += [
            f"({p}) Tko tuđu pokretnu stvar oduzme, član {number} stav {p}",
            f"drugome s ciljem da je prisvoji, kaznit će se {number}-{p}",
            f"novčanom kaznom ili kaznom zatvora do {p} godine.",
        ]
    return lines


@dataclass
class TwoColumnLaw:
    """What was drawn: the body lines in reading order, and the pages' column layout."""

    path: Path
    reading_order: list[str] = field(default_factory=list)
    footnoted: list[str] = field(default_factory=list)  # lines drawn with a raised footnote number "1"
    pages: int = 0


def two_column_law(
    path: Path,
    articles: int = 24,
    left_x: float = 57.0,
    column_width: float = 240.0,
    gap: float = 20.0,
    spanning_title_on_page: int | None = 2,
    title_page: bool = True,
    footnote_on_page: int | None = 1,
) -> TwoColumnLaw:
    """A law set in two columns: header and footer (with page number) on every page, optionally a
    one-column title page first and a chapter title across both columns in the middle of one page."""
    from reportlab.pdfgen import canvas

    font = font_name()
    c = canvas.Canvas(str(path), pagesize=(PAGE_W, PAGE_H))
    out = TwoColumnLaw(path)
    page = 0
    right_x = left_x + column_width + gap
    top_y, bottom_y = PAGE_H - 100, 100.0  # body clear of the header/footer bands, as in print

    def furniture() -> None:
        c.setFont(font, 9)
        c.drawString(left_x, PAGE_H - 35, HEADER)  # reaches across the gutter
        c.drawString(left_x, 30, FOOTER)
        c.drawString(right_x + column_width - 10, 30, str(page))  # page number at the right margin
        c.setFont(font, 9)

    if title_page:
        page += 1
        furniture()
        c.setFont(font, 11)
        first = [
            "KAZNENI ZAKON FEDERACIJE BOSNE I HERCEGOVINE – NESLUŽBENI PROČIŠĆENI TEKST",
            "Ovaj tekst je jednostupačni uvod koji se čita redom kako je napisan, bez stupaca.",
            "Drugi redak uvoda ide cijelom širinom stranice i prelazi sredinu stranice.",
        ]
        for i, line in enumerate(first):
            c.drawString(left_x, top_y - i * 2 * LINE, line)
        out.reading_order += first
        c.showPage()

    body = [line for n in range(1, articles + 1) for line in article_lines(n)]
    lines_per_column = int((top_y - bottom_y) // LINE)
    i = 0
    while i < len(body):
        page += 1
        furniture()
        c.setFont(font, 9)
        bands: list[tuple[float, float]] = [(top_y, bottom_y)]
        if spanning_title_on_page == page - (1 if title_page else 0):
            middle = (top_y + bottom_y) / 2
            bands = [(top_y, middle + LINE), (middle - LINE, bottom_y)]
        for b, (band_top, band_bottom) in enumerate(bands):
            per_column = int((band_top - band_bottom) // LINE) if len(bands) > 1 else lines_per_column
            for x in (left_x, right_x):
                y = band_top
                for _ in range(per_column):
                    if i >= len(body):
                        break
                    c.drawString(x, y, body[i])
                    if (
                        footnote_on_page == page - (1 if title_page else 0)
                        and body[i].startswith("(2)")
                        and x == left_x
                    ):
                        # a raised, smaller footnote number right after the line's last word
                        c.setFont(font, 5)
                        c.drawString(x + c.stringWidth(body[i], font, 9) + 0.5, y + 3.5, "1")
                        c.setFont(font, 9)
                        out.reading_order.append(body[i] + "1")
                        out.footnoted.append(body[i] + "1")
                    else:
                        out.reading_order.append(body[i])
                    i += 1
                    y -= LINE
            if b == 0 and len(bands) > 1:
                title = "GLAVA II – KAZNENA DJELA PROTIV IMOVINE (NASLOV PREKO OBA STUPCA)"
                c.setFont(font, 11)
                c.drawCentredString(PAGE_W / 2, (top_y + bottom_y) / 2, title)
                c.setFont(font, 9)
                out.reading_order.append(title)
        c.showPage()
    c.save()
    out.pages = page
    return out


def one_column_pdf(path: Path, lines: list[str], font_size: float = 10) -> Path:
    """A plain one-column PDF with the given lines (e.g. YUSCII text, which is plain ASCII)."""
    from reportlab.pdfgen import canvas

    font = font_name()
    c = canvas.Canvas(str(path), pagesize=(PAGE_W, PAGE_H))
    c.setFont(font, font_size)
    y = PAGE_H - 70
    for line in lines:
        if y < 80:
            c.showPage()
            c.setFont(font, font_size)
            y = PAGE_H - 70
        c.drawString(57, y, line)
        y -= font_size * 1.5
    c.save()
    return path
