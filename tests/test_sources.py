"""Reading law sources: every format, every heading style, laws.toml, encodings, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from retrieval.ingest.sources import LawInfo, discover, read_corpus_jsonl, read_source, split_articles

DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")

LAW_TEXT = """ZAKON O PRIMJERU (ilustrativni tekst)

Član 1. Predmet
Ovim zakonom uređuje se postupanje policijskih službenika.

Član 2.
Krađa
(1) Ko tuđu pokretnu stvar oduzme drugom, kaznit će se.
(2) Ako je vrijednost mala, kaznit će se novčanom kaznom.

Razbojništvo
Član 3.
Ko upotrebom sile oduzme tuđu stvar, kaznit će se zatvorom.
"""

EXPECTED = [
    ("ZP čl. 1", "1", "Predmet", "Ovim zakonom uređuje se postupanje policijskih službenika."),
    (
        "ZP čl. 2",
        "2",
        "Krađa",
        "(1) Ko tuđu pokretnu stvar oduzme drugom, kaznit će se.\n(2) Ako je vrijednost mala, kaznit će se novčanom kaznom.",
    ),
    ("ZP čl. 3", "3", "Razbojništvo", "Ko upotrebom sile oduzme tuđu stvar, kaznit će se zatvorom."),
]
INFO = LawInfo(law="ZP", title="Zakon o primjeru", jurisdiction="FBiH")


def _summary(articles):
    return [(a.id, a.article, a.title, a.text) for a in articles]


def _read(path: Path, info: LawInfo | None = INFO):
    articles, problems = read_source(path, info)
    assert not problems, [str(p) for p in problems]
    return articles


# --- headings ------------------------------------------------------------------------------------


def test_titles_on_the_heading_line_above_and_below() -> None:
    articles, problems = split_articles(LAW_TEXT, INFO, "zp.txt")
    assert not problems
    assert _summary(articles) == EXPECTED
    assert {(a.law, a.law_title, a.jurisdiction) for a in articles} == {("ZP", "Zakon o primjeru", "FBiH")}


def test_title_above_the_very_first_heading() -> None:
    text = "Krađa\nČlan 12.\nKo tuđu stvar oduzme, kaznit će se.\n\nRazbojništvo\nČlan 13.\nKo silom oduzme, kaznit će se.\n"
    articles, _ = split_articles(text, INFO, "x.txt")
    assert [(a.article, a.title, a.text) for a in articles] == [
        ("12", "Krađa", "Ko tuđu stvar oduzme, kaznit će se."),
        ("13", "Razbojništvo", "Ko silom oduzme, kaznit će se."),
    ]


def test_headings_without_titles() -> None:
    text = "Član 12.\nKo tuđu stvar oduzme, kaznit će se.\nČlan 13.\nKo silom oduzme, kaznit će se.\n"
    articles, _ = split_articles(text, INFO, "x.txt")
    assert [(a.article, a.title, a.text) for a in articles] == [
        ("12", "", "Ko tuđu stvar oduzme, kaznit će se."),
        ("13", "", "Ko silom oduzme, kaznit će se."),
    ]


def test_heading_line_that_carries_text_not_a_title() -> None:
    articles, _ = split_articles("Član 2. Ovaj zakon se primjenjuje na sve.\n", INFO, "x.txt")
    assert [(a.title, a.text) for a in articles] == [("", "Ovaj zakon se primjenjuje na sve.")]


def test_cyrillic_headings() -> None:
    text = "Члан 12.\nКрађа\nКо туђу ствар одузме, казниће се.\n\nЧлан 13. Разбојништво\nКо силом одузме ствар.\n"
    articles, _ = split_articles(text, INFO, "x.txt")
    assert [(a.id, a.title, a.text) for a in articles] == [
        ("ZP čl. 12", "Крађа", "Ко туђу ствар одузме, казниће се."),
        ("ZP čl. 13", "Разбојништво", "Ко силом одузме ствар."),
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Članak 12.\n(Krađa)\nTko tuđu stvar oduzme.\n", [("ZP čl. 12", "12", "Krađa")]),
        ("Clan 12 - Krađa\nKo tuđu stvar oduzme.\n", [("ZP čl. 12", "12", "Krađa")]),
        (
            "Article 12\nTheft\nWhoever takes.\n\nArticle 13 - Robbery\nWhoever uses force.\n",
            [("ZP Article 12", "12", "Theft"), ("ZP Article 13", "13", "Robbery")],
        ),
        (
            "§ 12 Diebstahl\nWer eine fremde Sache wegnimmt.\n\n§ 13\nWer mit Gewalt wegnimmt.\n",
            [("ZP § 12", "12", "Diebstahl"), ("ZP § 13", "13", "")],
        ),
        ("Član 12a. Teška krađa\nKo provali, kaznit će se.\n", [("ZP čl. 12a", "12a", "Teška krađa")]),
    ],
)
def test_heading_styles(text: str, expected: list[tuple[str, str, str]]) -> None:
    articles, problems = split_articles(text, INFO, "x.txt")
    assert not problems
    assert [(a.id, a.article, a.title) for a in articles] == expected


def test_wrapped_cross_reference_is_not_a_heading() -> None:
    """PDF lines wrap anywhere: "član 42. ovog zakona" at a line start must not split the article."""
    text = (
        "Član 41.\nKrađa\n(1) Ko ukrade stvar, kaznit će se kako je propisano u\n"
        "član 42. ovog zakona, a u skladu sa\nČlan 44. stav 2. ovog zakona.\n(2) Drugi stav.\n\n"
        "Član 42.\nSvrha\nTekst člana 42.\n\nČLAN 43.\nPREVARA\nTekst 43.\n\nČlan 44. (brisano)\n"
    )
    articles, problems = split_articles(text, INFO, "x.txt")
    assert not problems
    assert [(a.article, a.title) for a in articles] == [("41", "Krađa"), ("42", "Svrha"), ("43", "PREVARA"), ("44", "")]
    assert articles[0].text.endswith(
        "član 42. ovog zakona, a u skladu sa\nČlan 44. stav 2. ovog zakona.\n(2) Drugi stav."
    )
    assert articles[3].text == "(brisano)"


def test_wrapped_first_sentence_is_not_a_title() -> None:
    text = "Član 4.\nOvim zakonom se uređuju\nprava i obaveze policije.\nČlan 5.\nKrađa\nKo ukrade, kaznit će se.\n"
    articles, _ = split_articles(text, INFO, "x.txt")
    assert [(a.title, a.text) for a in articles] == [
        ("", "Ovim zakonom se uređuju\nprava i obaveze policije."),
        ("Krađa", "Ko ukrade, kaznit će se."),
    ]


def test_text_without_headings_is_a_problem() -> None:
    articles, problems = split_articles("Samo tekst bez članova.\n", INFO, "x.txt")
    assert articles == []
    assert len(problems) == 1 and problems[0].where == "x.txt" and "heading" in problems[0].message


def test_duplicate_and_empty_articles_are_reported_with_line() -> None:
    text = "Član 1.\nPrvi tekst.\nČlan 2.\n\nČlan 1.\nPonovo prvi.\n"
    articles, problems = split_articles(text, INFO, "x.txt")
    assert [a.id for a in articles] == ["ZP čl. 1"]
    assert {str(p).split(":")[0] + ":" + str(p).split(":")[1] for p in problems} == {"x.txt:3", "x.txt:5"}


# --- formats ---------------------------------------------------------------------------------------


def test_txt_utf8(tmp_path: Path) -> None:
    path = tmp_path / "zp.txt"
    path.write_text(LAW_TEXT, encoding="utf-8")
    assert _summary(_read(path)) == EXPECTED


def test_txt_windows_1250(tmp_path: Path) -> None:
    path = tmp_path / "zp.txt"
    path.write_bytes(LAW_TEXT.replace("\n", "\r\n").encode("cp1250"))
    assert _summary(_read(path)) == EXPECTED


def test_txt_windows_1251_cyrillic(tmp_path: Path) -> None:
    path = tmp_path / "rs.txt"
    path.write_bytes(
        "Члан 12.\nКрађа\nКо туђу ствар одузме, казниће се.\n\nЧлан 13.\nКо силом одузме.\n".encode("cp1251")
    )
    assert [(a.article, a.title, a.text) for a in _read(path)] == [
        ("12", "Крађа", "Ко туђу ствар одузме, казниће се."),
        ("13", "", "Ко силом одузме."),
    ]


def test_txt_utf16(tmp_path: Path) -> None:
    path = tmp_path / "zp.txt"
    path.write_text(LAW_TEXT, encoding="utf-16")
    assert _summary(_read(path)) == EXPECTED


def test_markdown(tmp_path: Path) -> None:
    path = tmp_path / "zp.md"
    path.write_text(
        "# Zakon o primjeru\n\n## Član 1. Predmet\n\nOvim zakonom uređuje se postupanje policijskih službenika.\n\n"
        "**Član 2.**\n\n*Krađa*\n\n(1) Ko tuđu pokretnu stvar oduzme drugom, kaznit će se.\n"
        "(2) Ako je vrijednost mala, kaznit će se novčanom kaznom.\n\n"
        "### Razbojništvo\n\n### Član 3.\n\nKo upotrebom sile oduzme tuđu stvar, kaznit će se zatvorom.\n",
        encoding="utf-8",
    )
    assert _summary(_read(path)) == EXPECTED


def test_html(tmp_path: Path) -> None:
    path = tmp_path / "zp.html"
    path.write_text(
        "<html><head><title>Zakon</title><style>p{}</style></head><body><h1>Zakon o primjeru</h1>"
        "<h3>Član 1. Predmet</h3><p>Ovim zakonom uređuje se postupanje policijskih službenika.</p>"
        "<h3>Član 2.</h3><p><b>Krađa</b></p><p>(1) Ko tuđu pokretnu stvar oduzme drugom, kaznit će se.</p>"
        "<p>(2) Ako je vrijednost mala, kaznit će se novčanom kaznom.</p>"
        "<p>Razbojništvo</p><h3>Član 3.</h3><p>Ko upotrebom sile oduzme tuđu stvar, kaznit će se zatvorom.</p>"
        "<script>var x = 'Član 99.';</script></body></html>",
        encoding="utf-8",
    )
    assert _summary(_read(path)) == EXPECTED


def test_html_inline_markup_stays_on_its_line(tmp_path: Path) -> None:
    path = tmp_path / "inline.htm"
    path.write_text(
        "<html><body><p><b>Član</b> 12. <i>Krađa</i></p><p>Ko <em>tuđu</em> pokretnu stvar oduzme, kaznit će se.</p>"
        "<div><strong>Član 13.</strong></div><p>Ko <a href='#'>silom</a> oduzme<br>tuđu stvar, kaznit će se.</p>"
        "<table><tr><td>Član 14.</td></tr><tr><td>Prevara</td></tr><tr><td>Ko prevari drugog, kaznit će se.</td></tr></table>"
        "</body></html>",
        encoding="utf-8",
    )
    assert [(a.article, a.title, a.text) for a in _read(path)] == [
        ("12", "Krađa", "Ko tuđu pokretnu stvar oduzme, kaznit će se."),
        ("13", "", "Ko silom oduzme\ntuđu stvar, kaznit će se."),
        ("14", "Prevara", "Ko prevari drugog, kaznit će se."),
    ]


def test_docx(tmp_path: Path) -> None:
    from docx import Document

    document = Document()
    for line in LAW_TEXT.splitlines():
        document.add_paragraph(line)
    path = tmp_path / "zp.docx"
    document.save(str(path))
    assert _summary(_read(path)) == EXPECTED


def test_docx_with_a_table(tmp_path: Path) -> None:
    from docx import Document

    document = Document()
    document.add_paragraph("Član 1. Predmet")
    document.add_paragraph("Ovim zakonom uređuje se postupanje policijskih službenika.")
    table = document.add_table(rows=2, cols=2)
    table.cell(0, 0).text = "Član 2."
    table.cell(0, 1).text = "Krađa"
    merged = table.cell(1, 0).merge(table.cell(1, 1))
    merged.text = "Ko tuđu pokretnu stvar oduzme drugom, kaznit će se."
    document.add_paragraph("Član 3. Razbojništvo")
    document.add_paragraph("Ko upotrebom sile oduzme tuđu stvar, kaznit će se zatvorom.")
    path = tmp_path / "table.docx"
    document.save(str(path))
    assert [(a.article, a.title, a.text) for a in _read(path)] == [
        ("1", "Predmet", "Ovim zakonom uređuje se postupanje policijskih službenika."),
        ("2", "Krađa", "Ko tuđu pokretnu stvar oduzme drugom, kaznit će se."),
        ("3", "Razbojništvo", "Ko upotrebom sile oduzme tuđu stvar, kaznit će se zatvorom."),
    ]


def _pdf(path: Path, lines: list[str]) -> None:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas

    pdfmetrics.registerFont(TTFont("DejaVuSans", str(DEJAVU)))
    c = canvas.Canvas(str(path), pagesize=A4)
    y = 800
    for line in lines:
        if y < 60:  # next page: headings must survive page breaks too
            c.showPage()
            y = 800
        c.setFont("DejaVuSans", 10)
        c.drawString(50, y, line)
        y -= 16
    c.save()


@pytest.mark.skipif(not DEJAVU.exists(), reason="needs the DejaVuSans font to write č/ć/š/ž/đ into a PDF")
def test_pdf_with_bcs_letters(tmp_path: Path) -> None:
    path = tmp_path / "zp.pdf"
    _pdf(path, LAW_TEXT.splitlines())
    assert _summary(_read(path)) == EXPECTED


@pytest.mark.skipif(not DEJAVU.exists(), reason="needs the DejaVuSans font")
def test_pdf_over_several_pages_with_cyrillic(tmp_path: Path) -> None:
    lines = []
    for n in range(1, 31):
        lines += [f"Члан {n}.", f"Наслов {n}", f"Текст члана {n} о поступању полиције.", ""]
    path = tmp_path / "rs.pdf"
    _pdf(path, lines)
    articles = _read(path)
    assert [a.article for a in articles] == [str(n) for n in range(1, 31)]
    assert articles[29].title == "Наслов 30" and articles[29].text == "Текст члана 30 о поступању полиције."


def test_pdf_without_text_is_a_problem(tmp_path: Path) -> None:
    from reportlab.pdfgen import canvas

    path = tmp_path / "scan.pdf"
    c = canvas.Canvas(str(path))
    c.rect(100, 100, 200, 200, fill=1)
    c.save()
    articles, problems = read_source(path, INFO)
    assert articles == []
    assert len(problems) == 1 and problems[0].where == str(path) and "no text" in problems[0].message


@pytest.mark.parametrize(
    ("name", "content", "words"),
    [
        ("empty.txt", b"", "empty"),
        ("blank.md", b"  \n\n ", "empty"),
        ("garbage.txt", b"\x98\x98\x98", "not UTF-8"),
        ("broken.pdf", b"%PDF-1.4 this is not really a pdf", "PDF"),
        ("broken.docx", b"PK not a zip", "DOCX"),
        ("empty.jsonl", b"\n\n", "empty"),
    ],
)
def test_unreadable_files_are_problems_naming_the_file(tmp_path: Path, name: str, content: bytes, words: str) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    articles, problems = read_source(path, INFO)
    assert articles == []
    assert len(problems) == 1
    assert problems[0].where == str(path) and words in problems[0].message
    assert "\n" not in str(problems[0])


# --- corpus JSONL ------------------------------------------------------------------------------------


def test_corpus_jsonl_bad_lines_named_by_file_and_line(tmp_path: Path) -> None:
    good = {
        "id": "A čl. 1",
        "law": "A",
        "article": "1",
        "text": "Tekst.",
        "title": "Naslov",
        "jurisdiction": "BiH",
        "source_url": "x",
    }
    path = tmp_path / "c.jsonl"
    path.write_text(
        "\n".join(
            [
                json.dumps(good, ensure_ascii=False),
                json.dumps({"id": "A čl. 2", "law": "A", "article": "2"}),
                "{not json",
                json.dumps(good, ensure_ascii=False),
                "[1, 2]",
                "",
                json.dumps({"id": "A čl. 3", "law": "A", "article": "3", "text": "Treći."}),
            ]
        )
        + "\n",
        encoding="utf-8",
    )
    articles, problems = read_corpus_jsonl(path)
    assert [a.id for a in articles] == ["A čl. 1", "A čl. 3"]
    assert articles[0].extra == {"source_url": "x"} and articles[0].title == "Naslov"
    by_line = {p.where: p.message for p in problems}
    assert set(by_line) == {f"{path}:2", f"{path}:3", f"{path}:4", f"{path}:5"}
    assert "text" in by_line[f"{path}:2"]
    assert "JSON" in by_line[f"{path}:3"]
    assert "duplicate" in by_line[f"{path}:4"] and "line 1" in by_line[f"{path}:4"]


# --- folders ---------------------------------------------------------------------------------------


def test_folder_with_laws_toml(tmp_path: Path) -> None:
    folder = tmp_path / "laws"
    (folder / "sub").mkdir(parents=True)
    (folder / "kz.txt").write_text("Član 1. Krađa\nKo ukrade.\n", encoding="utf-8")
    (folder / "sub" / "zobs.md").write_text("Član 1. Brzina\nVozač vozi polako.\n", encoding="utf-8")
    (folder / "other.txt").write_text("Član 7.\nNešto.\n", encoding="utf-8")
    (folder / "notes.csv").write_text("ignored", encoding="utf-8")
    (folder / "laws.toml").write_text(
        '["kz.txt"]\nlaw = "KZ FBiH"\ntitle = "Krivični zakon"\njurisdiction = "FBiH"\n\n'
        '["sub/zobs.md"]\nlaw = "ZOBS BiH"\njurisdiction = "BiH"\n',
        encoding="utf-8",
    )
    files, problems = discover([folder])
    # a file that is not a law is named, with what to do, and read no further
    assert [(Path(p.where).name, p.severity, p.message) for p in problems] == [
        ("notes.csv", "warning", "skipped: .csv: not a law text (a corpus is .jsonl)")
    ]
    named = {path.name: info for path, info in files}
    assert set(named) == {"kz.txt", "zobs.md", "other.txt"}
    assert named["kz.txt"] == LawInfo("KZ FBiH", "Krivični zakon", "FBiH")
    assert named["zobs.md"] == LawInfo("ZOBS BiH", "", "BiH")
    assert named["other.txt"] is None
    ids = sorted(a.id for path, info in files for a in read_source(path, info)[0])
    assert ids == ["KZ FBiH čl. 1", "ZOBS BiH čl. 1", "other čl. 7"]  # no laws.toml entry: the file name


def test_laws_toml_in_subfolders(tmp_path: Path) -> None:
    (tmp_path / "fbih").mkdir()
    (tmp_path / "rs").mkdir()
    (tmp_path / "fbih" / "kz.txt").write_text("Član 1.\nTekst.\n", encoding="utf-8")
    (tmp_path / "rs" / "kz.txt").write_text("Члан 1.\nТекст.\n", encoding="utf-8")
    (tmp_path / "fbih" / "laws.toml").write_text(
        '["kz.txt"]\nlaw = "KZ FBiH"\njurisdiction = "FBiH"\n', encoding="utf-8"
    )
    (tmp_path / "rs" / "laws.toml").write_text('["kz.txt"]\nlaw = "KZ RS"\njurisdiction = "RS"\n', encoding="utf-8")
    (tmp_path / "laws.toml").write_text('["rs/kz.txt"]\nlaw = "overridden by the nearer laws.toml"\n', encoding="utf-8")
    files, problems = discover([tmp_path])
    assert not problems
    assert sorted((p.parent.name, info.law) for p, info in files) == [("fbih", "KZ FBiH"), ("rs", "KZ RS")]


def test_laws_toml_entry_without_law_is_a_problem(tmp_path: Path) -> None:
    (tmp_path / "laws.toml").write_text('["a.txt"]\ntitle = "x"\n', encoding="utf-8")
    _, problems = discover([tmp_path])
    assert "laws.toml" in problems[0].where and "a.txt" in problems[0].message
    assert problems[1:] and problems[1].where == str(tmp_path) and "no law files" in problems[1].message


def test_missing_path_and_unsupported_type(tmp_path: Path) -> None:
    (tmp_path / "x.csv").write_text("a", encoding="utf-8")
    files, problems = discover([tmp_path / "nope", tmp_path / "x.csv"])
    assert files == []
    assert [p.where for p in problems] == [str(tmp_path / "nope"), str(tmp_path / "x.csv")]
