"""PDF text in reading order (retrieval.ingest.pdf_text): generated two-column PDFs with running headers and
footers, page numbers, a title across both columns and raised footnote numbers; then the real PDFs in
../shared/laws when they are there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from retrieval.ingest.pdf_text import (
    PdfText,
    PdfTextError,
    find_gutter,
    is_page_number,
    line_numbers,
    numbers_are_page_numbers,
    pdf_text,
    read_page,
    running_key,
)
from retrieval.ingest.sources import ExtractionError, extract_text
from retrieval.ingest.split_check import cut_at_reference_headings, read_reference, token_recall
from tests.pdf_fixtures import FOOTER, HEADER, one_column_pdf, two_column_law
from tests.real_laws import LAWS, real_pdf_text, shared_reading


def _lines(text: str) -> list[str]:
    return [line for line in text.split("\n") if line.strip()]


@pytest.fixture(scope="module")
def law(tmp_path_factory: pytest.TempPathFactory):
    return two_column_law(tmp_path_factory.mktemp("pdf") / "law.pdf")


def test_two_columns_are_read_left_then_right_page_by_page(law) -> None:
    result = pdf_text(law.path)
    assert _lines(result.text) == law.reading_order
    assert [page.columns for page in result.pages] == [1] + [2] * (law.pages - 1)


def test_running_header_footer_and_page_numbers_are_removed(law) -> None:
    result = pdf_text(law.path)
    text = result.text
    assert "Službene novine" not in text and "priredio" not in text
    assert not any(is_page_number(line) for line in _lines(text))
    assert set(result.removed) == {HEADER, FOOTER}


def test_a_title_across_both_columns_splits_the_page_into_bands(law) -> None:
    lines = _lines(pdf_text(law.path).text)
    title = next(i for i, line in enumerate(lines) if line.startswith("GLAVA II"))
    # everything before the title (both columns of the upper band) comes before it, the lower band after
    assert lines[:title] == law.reading_order[:title] and lines[title + 1 :] == law.reading_order[title + 1 :]


def test_raised_footnote_number_stays_on_its_line(law) -> None:
    lines = _lines(pdf_text(law.path).text)
    assert law.footnoted and all(line in lines for line in law.footnoted)


@pytest.mark.parametrize(("left_x", "column_width", "gap"), [(40.0, 240.0, 60.0), (80.0, 240.0, 10.0)])
def test_the_gutter_is_found_wherever_the_columns_are(
    tmp_path: Path, left_x: float, column_width: float, gap: float
) -> None:
    law = two_column_law(
        tmp_path / "law.pdf",
        articles=30,
        left_x=left_x,
        column_width=column_width,
        gap=gap,
        title_page=False,
        spanning_title_on_page=None,
        footnote_on_page=None,
    )
    result = pdf_text(law.path)
    assert _lines(result.text) == law.reading_order
    two = [page for page in result.pages if page.columns == 2]
    assert len(two) >= law.pages - 1  # the last page may hold a few lines of the left column only
    assert all(left_x + 100 < page.gutter < left_x + column_width + gap for page in two)


def test_one_column_pages_stay_as_they_are(tmp_path: Path) -> None:
    lines = [
        f"Članak {n}. Ovaj redak ide cijelom širinom stranice, od lijeve margine do desne, broj {n}." for n in range(40)
    ]
    result = pdf_text(one_column_pdf(tmp_path / "one.pdf", lines))
    assert _lines(result.text) == lines
    assert result.two_column_pages == 0


def test_article_headings_at_the_top_of_pages_are_not_running_headers(tmp_path: Path) -> None:
    # one_column_pdf puts 47 lines on a page: with articles of 47 lines every page starts "Članak N."
    lines = [
        line
        for n in range(1, 5)
        for line in [f"Članak {n * 3}.", *(f"Tekst članka {n * 3}, redak {k}, koji ide dalje." for k in range(46))]
    ]
    result = pdf_text(one_column_pdf(tmp_path / "tops.pdf", lines))
    assert _lines(result.text) == lines and result.removed == []


def test_progress_is_reported_per_page(law) -> None:
    seen: list[tuple[int, int]] = []
    pdf_text(law.path, on_page=lambda done, total: seen.append((done, total)))
    assert seen == [(n, law.pages) for n in range(1, law.pages + 1)]


def test_no_gutter_in_a_justified_single_column() -> None:
    # word boxes of 30 justified lines whose word gaps fall at different places on each line
    words = []
    for row in range(30):
        x = 57.0
        for k in range(9):
            width = 40 + ((row * 7 + k * 13) % 23)
            words.append({"text": "riječ", "x0": x, "x1": x + width, "top": 100 + row * 12, "bottom": 109 + row * 12})
            x += width + 4
    assert find_gutter(words, 595) is None


def test_no_word_is_lost_between_bands() -> None:
    def word(text: str, x0: float, top: float, width: float = 60) -> dict:
        return {"text": text, "x0": x0, "x1": x0 + width, "top": top, "bottom": top + 9}

    words = [word(f"L{r}", 57, 100 + r * 12, 230) for r in range(12)]
    words += [word(f"R{r}", 320, 100 + r * 12, 230) for r in range(12)]
    words += [word("NASLOV", 150, 250, 300)]  # a title across the gutter...
    words += [word("uz", 57, 245.5)]  # ...and a column word overlapping it by exactly half its height
    page = read_page(words, 1, 595, 842)
    assert page.columns == 2 and 287 < page.gutter < 320
    assert sorted(" ".join(line.text for line in page.lines).split()) == sorted(w["text"] for w in words)


def test_page_numbers_and_running_keys() -> None:
    for text in ("4", "- 12 -", "IV", "Strana 4 od 66", "str. 7", "4/66"):
        assert is_page_number(text), text
    for text in ("4. Krađa", "(4)", "Članak 4.", "I - OPĆE ODREDBE"):
        assert not is_page_number(text), text
    assert running_key(f"{FOOTER} 4") == running_key(f"{FOOTER} 57") == running_key(f"{FOOTER} XII")
    assert running_key("Članak 12.") != running_key("Naslov članka")
    assert line_numbers(f"{FOOTER} XII") == [12] and line_numbers("Broj 6 – Strana 12") == [6, 12]
    assert numbers_are_page_numbers([(0, [6, 1]), (1, [6, 2]), (2, [6, 3]), (4, [6, 5])])
    assert not numbers_are_page_numbers([(0, [1]), (1, [13]), (2, [25])])  # article numbers


def test_a_broken_pdf_is_one_clear_line(tmp_path: Path) -> None:
    for name, data in (("garbage.pdf", b"not a pdf at all"), ("cut.pdf", b"%PDF-1.4\n1 0 obj << /Type")):
        path = tmp_path / name
        path.write_bytes(data)
        with pytest.raises(PdfTextError):
            pdf_text(path)
        with pytest.raises(ExtractionError) as info:
            extract_text(path)
        assert "\n" not in str(info.value) and "PDF" in str(info.value)


def test_a_pdf_without_text_says_to_run_ocr(tmp_path: Path) -> None:
    from reportlab.pdfgen import canvas

    path = tmp_path / "scan.pdf"
    c = canvas.Canvas(str(path))
    c.rect(50, 50, 300, 300, fill=1)
    c.save()
    with pytest.raises(ExtractionError, match="OCR"):
        extract_text(path)


def test_extract_text_reports_what_it_removed(law) -> None:
    notes: list[str] = []
    extract_text(law.path, notes)
    assert any("running header/footer" in note and "priredio" in note for note in notes)


# --- the real PDFs in ../shared/laws ------------------------------------------------------------

needs_laws = pytest.mark.skipif(not LAWS.is_dir(), reason="../shared/laws is not there")


def _shared_pdf_text(name: str) -> PdfText:
    """The extracted text of one of the real PDFs (the session's one reading of it, tests/real_laws.py);
    the test is skipped when the file is not there."""
    if not (LAWS / name).exists():
        pytest.skip(f"{name} is not in ../shared/laws")
    return real_pdf_text(name)


@pytest.fixture(scope="module")
def kz_fbih():
    return _shared_pdf_text("kz-fbih.pdf")


@pytest.fixture(scope="module")
def zobs():
    return _shared_pdf_text("zobs-bih.pdf")


def _headings(text: str) -> list[tuple[int, str]]:
    return [
        (i, m.group(1))
        for i, line in enumerate(text.split("\n"))
        if (m := re.match(r"^Član(?:ak)? (\d+[a-z]?)\.$", line))
    ]


@needs_laws
def test_kz_fbih_has_no_footer_or_header_line(kz_fbih) -> None:
    assert "Neslužbeni pročišćeni tekst priredio" not in kz_fbih.text
    assert '"Službene novine Federacije BiH", broj 36/03' not in kz_fbih.text
    assert kz_fbih.two_column_pages >= 60


@needs_laws
def test_kz_fbih_reads_column_one_before_column_two(kz_fbih) -> None:
    lines = kz_fbih.text.split("\n")
    # page 6: articles 12 and 13 fill the left column, 14 and 15 the right; each heading before its text
    order = [lines.index(h) for h in ("Članak 12.", "Članak 13.", "Članak 14.", "Članak 15.")]
    assert order == sorted(order)
    assert lines.index("Članak 15.") < lines.index("Zastara kaznenog progona") < lines.index("Članak 16.")
    body = [n for _, n in _headings(kz_fbih.text)]
    numbers = [int(re.match(r"\d+", n).group(0)) for n in body[: body.index("421") + 1]]
    assert numbers == sorted(numbers), "article headings out of order in the law's body"


@needs_laws
def test_kz_fbih_text_holds_each_reference_article(kz_fbih) -> None:
    reference = read_reference(LAWS / "kz_fbih_pdf.reference.jsonl")
    cut = cut_at_reference_headings(kz_fbih.text, list(reference))
    recalls = {n: token_recall(cut.get(n, ""), text) for n, text in reference.items()}
    good = sum(1 for r in recalls.values() if r >= 0.9)
    assert good / len(reference) >= 0.99, sorted(recalls.items(), key=lambda kv: kv[1])[:10]


@needs_laws
def test_zobs_extracts_in_column_order(zobs) -> None:
    assert "Izmjene i dopune:" not in zobs.text.split("\n")
    reference = read_reference(LAWS / "zobs_bih.corpus.jsonl")
    cut = cut_at_reference_headings(zobs.text, list(reference))
    assert len(cut) == len(reference) == 256
    recalls = {n: token_recall(cut[n], text) for n, text in reference.items()}
    good = sum(1 for r in recalls.values() if r >= 0.9)
    assert good / len(reference) >= 0.99, sorted(recalls.items(), key=lambda kv: kv[1])[:10]


@needs_laws
def test_yuscii_pdf_decodes_to_clanak_1() -> None:
    path = LAWS / "zakon-o-cestama-fbih-yuscii.pdf"
    if not path.exists():
        pytest.skip("the YUSCII PDF is not in ../shared/laws")
    notes: list[str] = []
    text = extract_text(path, notes, read_pdf=shared_reading)  # the session's one reading of the PDF
    assert "Članak 1." in text.split("\n") and "^lanak" not in text
    numbers = [int(n) for n in re.findall(r"^Članak (\d+)\.?$", text, re.MULTILINE)]
    assert numbers == list(range(1, 110))  # the README's 109 articles, in order
    assert any("YUSCII" in note for note in notes)
