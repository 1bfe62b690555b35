"""Hostile and oversized files are refused before their parser runs, in one line naming the limit and its
setting (retrieval/ingest/limits.py); folders name every file they skip, and an empty folder is an error.

Every hostile file is made here, at test time: a sparse 207 MB text file (no disk used), a DOCX zip bomb
streamed into its zip, a DOCX whose zip directory lies, entity tricks inside a DOCX's XML. Memory is
checked with tracemalloc (the Python heap while the file is refused), never by timing."""

from __future__ import annotations

import io
import json
import re
import tracemalloc
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from retrieval.ingest.limits import DEFAULT_LIMITS, MB, ReadLimits
from retrieval.ingest.sources import discover, read_source
from tests.pdf_fixtures import one_column_pdf
from tests.retrieval_helpers import invoke

LAW = "Član 1.\nKrađa\nKo ukrade tuđu stvar kaznit će se.\n\nČlan 2.\nTeška krađa\nKo provali kaznit će se strože.\n"


def limits(**changes: Any) -> ReadLimits:
    return ReadLimits(**{**DEFAULT_LIMITS.__dict__, **changes})


def peak_mb(work: Callable[[], Any]) -> tuple[Any, float]:
    """What `work` returns, and the peak of the Python heap while it ran, in MB."""
    tracemalloc.start()
    try:
        result = work()
        return result, tracemalloc.get_traced_memory()[1] / MB
    finally:
        tracemalloc.stop()


def sparse(path: Path, size: int, head: bytes = b"") -> Path:
    """A file of `size` bytes that takes no disk: `head`, then a hole."""
    with path.open("wb") as handle:
        handle.write(head)
        handle.truncate(size)
    return path


def minimal_docx(body_xml: str, *, doctype: str = "") -> bytes:
    """A DOCX python-docx opens: the parts it needs, with `body_xml` inside <w:body>."""
    from docx import Document

    buffer = io.BytesIO()
    Document().save(buffer)
    source = zipfile.ZipFile(io.BytesIO(buffer.getvalue()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for item in source.infolist():
            data = source.read(item)
            if item.filename == "word/document.xml":
                data = (
                    f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n{doctype}'
                    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
                    f"<w:body>{body_xml}</w:body></w:document>"
                ).encode()
            target.writestr(item, data)
    return out.getvalue()


def paragraph(text: str) -> str:
    return f"<w:p><w:r><w:t>{text}</w:t></w:r></w:p>"


@pytest.fixture(scope="module")
def zip_bomb(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A ~0.3 MB DOCX whose document.xml inflates to 300 MB (the red team's file), streamed: never in memory."""
    path = tmp_path_factory.mktemp("bomb") / "zakon.docx"
    template = zipfile.ZipFile(io.BytesIO(minimal_docx(paragraph("Član 1."))))
    block = paragraph("Ko ukrade tuđu stvar kaznit će se. ") * 2000
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as target:
        for item in template.infolist():
            if item.filename != "word/document.xml":
                target.writestr(item, template.read(item))
        with target.open("word/document.xml", "w", force_zip64=True) as part:
            part.write(b'<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>')
            data = block.encode()
            for _ in range(300 * MB // len(data)):
                part.write(data)
            part.write(b"</w:body></w:document>")
    return path


# --- sizes on disk ---------------------------------------------------------------------------------


def test_a_207_mb_text_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = sparse(tmp_path / "kz.txt", 207 * MB, LAW.encode())
    (articles, problems), peak = peak_mb(lambda: read_source(path, None))
    assert articles == [] and len(problems) == 1
    message = str(problems[0])
    assert message.startswith(f"{path}: the text file is 207 MB, more than KODEKS_MAX_TEXT_MB=20 allows; not read")
    assert "\n" not in message and peak < 5  # nothing of it was read


@pytest.mark.parametrize(
    "name, setting",
    [
        ("zakon.html", "KODEKS_MAX_HTML_MB=10"),
        ("zakon.pdf", "KODEKS_MAX_FILE_MB=50"),
        ("zakon.docx", "KODEKS_MAX_FILE_MB=50"),
        ("c.jsonl", "KODEKS_MAX_CORPUS_MB=1024"),
    ],
)
def test_every_format_has_its_size_limit(tmp_path: Path, name: str, setting: str) -> None:
    path = sparse(tmp_path / name, int(1100 * MB) if name.endswith(".jsonl") else 60 * MB)
    articles, problems = read_source(path, None)
    assert articles == [] and [p.severity for p in problems] == ["error"]
    assert f"more than {setting} allows; not read" in problems[0].message


def test_the_limit_is_a_setting_and_the_cli_names_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    law = tmp_path / "kz.txt"
    law.write_text(LAW * 400, encoding="utf-8")  # ~40 KB
    monkeypatch.setenv("KODEKS_MAX_TEXT_MB", "0.01")
    done = invoke("ingest", "--dry-run", "--json", str(law), "--law", "KZ", "--data-dir", str(tmp_path / "idx"))
    assert done.exit_code == 1
    [warning] = json.loads(done.stdout)["warnings"]
    assert (
        warning.startswith(f"{law}: the text file is ")
        and "more than KODEKS_MAX_TEXT_MB=0.01 allows; not read" in warning
    )
    monkeypatch.setenv("KODEKS_MAX_TEXT_MB", "1")
    done = invoke("ingest", "--dry-run", str(law), "--law", "KZ", "--data-dir", str(tmp_path / "idx"))
    assert done.exit_code == 0 and "KODEKS_MAX" not in done.stdout


# --- DOCX: the zip directory first ------------------------------------------------------------------


def test_a_docx_zip_bomb_is_refused_from_its_zip_directory(zip_bomb: Path) -> None:
    assert zip_bomb.stat().st_size < 2 * MB
    (articles, problems), peak = peak_mb(lambda: read_source(zip_bomb, None))
    assert articles == [] and len(problems) == 1
    assert re.match(r"the DOCX expands to 30\d MB \(\d+ parts\)", problems[0].message)
    assert "more than KODEKS_MAX_DOCX_MB=50 allows; not read" in problems[0].message
    assert peak < 5  # refused before python-docx inflated anything


def test_a_docx_that_compresses_too_well_is_refused_by_its_ratio(zip_bomb: Path) -> None:
    articles, problems = read_source(zip_bomb, None, limits=limits(docx_mb=1000))
    assert articles == [] and "word/document.xml expands" in problems[0].message
    assert "more than KODEKS_MAX_ZIP_RATIO=100 allows" in problems[0].message


def test_a_zip_directory_that_lies_about_sizes_gives_a_refusal_not_a_bomb(tmp_path: Path) -> None:
    """The directory says 1 KB; the data inflates to 11 MB. zipfile stops at the declared size, so python-docx
    gets a truncated part (a CRC error), never 11 MB."""
    big = minimal_docx(paragraph("Član 1.") + paragraph("x " * 100) * 50_000)
    real = zipfile.ZipFile(io.BytesIO(big)).getinfo("word/document.xml").file_size
    assert real > 10 * MB
    lying = bytearray(big)
    for marker in (b"PK\x03\x04", b"PK\x01\x02"):  # local header and central directory entry of the part
        start = 0
        while (at := lying.find(marker, start)) >= 0:
            local = marker == b"PK\x03\x04"
            offset, name_at, length_at = (22, 30, 26) if local else (24, 46, 28)  # uncompressed size, name, its length
            name_len = int.from_bytes(lying[at + length_at : at + length_at + 2], "little")
            if bytes(lying[at + name_at : at + name_at + name_len]) == b"word/document.xml":
                lying[at + offset : at + offset + 4] = (1000).to_bytes(4, "little")
            start = at + 4
    path = tmp_path / "lies.docx"
    path.write_bytes(bytes(lying))
    (articles, problems), peak = peak_mb(lambda: read_source(path, None))
    assert articles == [] and "not the 1000 B its zip directory says; not read" in problems[0].message
    assert peak < 5  # inflated 1 MB at a time, and only as far as the limit


def test_entities_in_a_docx_are_not_expanded(tmp_path: Path) -> None:
    """python-docx's lxml parser has resolve_entities=False: no billion laughs, no external file read."""
    secret = tmp_path / "secret.txt"
    secret.write_text("TAJNA-LOZINKA", encoding="utf-8")
    laughs = "".join(f'<!ENTITY l{i} "{f"&l{i - 1};" * 10}">' for i in range(1, 10))
    doctype = f'<!DOCTYPE w:document [<!ENTITY l0 "ha">{laughs}<!ENTITY xxe SYSTEM "file://{secret}">]>'
    path = tmp_path / "entities.docx"
    path.write_bytes(minimal_docx(paragraph("Član 1.") + paragraph("Krađa &l9; &xxe;"), doctype=doctype))
    (articles, problems), peak = peak_mb(lambda: read_source(path, None))
    text = " ".join(a.text for a in articles) + " ".join(p.message for p in problems)
    assert "TAJNA" not in text and "hahaha" not in text
    assert peak < 20  # 10^9 "ha"s were never made


def test_a_normal_docx_is_read(tmp_path: Path) -> None:
    path = tmp_path / "zakon.docx"
    path.write_bytes(minimal_docx(paragraph("Član 1.") + paragraph("Ko ukrade tuđu stvar kaznit će se.")))
    articles, problems = read_source(path, None)
    assert [a.article for a in articles] == ["1"] and not [p for p in problems if p.severity == "error"]


# --- PDF: pages before parsing, text while reading -----------------------------------------------------


def test_a_pdf_over_the_page_limit_is_refused_before_its_pages_are_parsed(tmp_path: Path) -> None:
    path = one_column_pdf(tmp_path / "zakon.pdf", [f"Član {n}." if n % 40 == 1 else "Tekst." for n in range(1, 700)])
    pages_parsed: list[int] = []
    articles, problems = read_source(
        path, None, on_page=lambda done, total: pages_parsed.append(done), limits=limits(pdf_pages=5)
    )
    assert articles == [] and pages_parsed == []
    assert "the PDF has more than 5 pages (KODEKS_MAX_PDF_PAGES=5); not read" in problems[0].message
    articles, _ = read_source(path, None, limits=limits(pdf_pages=100))
    assert articles  # within the limit it reads as before


def test_a_pdf_whose_text_grows_past_the_limit_stops_reading(tmp_path: Path) -> None:
    path = one_column_pdf(tmp_path / "zakon.pdf", ["Član 1."] + ["Ko ukrade tuđu stvar kaznit će se."] * 400)
    seen: list[tuple[int, int]] = []
    articles, problems = read_source(
        path, None, on_page=lambda done, total: seen.append((done, total)), limits=limits(text_mb=2000 / MB)
    )
    assert articles == [] and "the text read so far is" in problems[0].message
    assert "KODEKS_MAX_TEXT_MB" in problems[0].message
    assert len(seen) < 3 < seen[0][1] if seen else True  # stopped at once, not after the last page


# --- folders ------------------------------------------------------------------------------------


def test_a_folder_names_every_file_it_skips(tmp_path: Path) -> None:
    (tmp_path / "kz.txt").write_text(LAW, encoding="utf-8")
    for name in ("stari.doc", "tabela.xlsx", "skener.jpg", ".DS_Store", "README"):
        (tmp_path / name).write_bytes(b"x")
    files, problems = discover([tmp_path])
    assert [p.name for p, _ in files] == ["kz.txt"]
    skipped = {Path(p.where).name: p.message for p in problems}
    assert skipped == {
        ".DS_Store": "skipped: hidden file",
        "README": "skipped: (no suffix): not a supported type (law files .txt .md .html .htm .pdf .docx, corpus .jsonl)",
        "skener.jpg": "skipped: .jpg: an image: run OCR and save the text",
        "stari.doc": "skipped: .doc: convert to .docx or PDF",
        "tabela.xlsx": "skipped: .xlsx: not a law text",
    }
    assert all(p.severity == "warning" for p in problems)


@pytest.mark.parametrize("dry", [True, False])
def test_an_empty_folder_is_an_error_in_a_dry_run_and_an_ingest(tmp_path: Path, dry: bool) -> None:
    folder = tmp_path / "zakoni"
    folder.mkdir()
    (folder / "stari.doc").write_bytes(b"x")
    done = invoke("ingest", *(["--dry-run", "--json"] if dry else []), str(folder), "--data-dir", str(tmp_path / "idx"))
    assert done.exit_code == 1
    # the dry run's warnings, or the ingest's "kodeks: warning: …" / "kodeks: error: …" lines without their prefix
    messages = (
        json.loads(done.stdout)["warnings"] if dry else [line.split(": ", 2)[2] for line in done.stderr.splitlines()]
    )
    assert f"{folder / 'stari.doc'}: skipped: .doc: convert to .docx or PDF" in messages
    assert any(m.startswith(f"{folder}: no law files in this folder") for m in messages)
    assert not (tmp_path / "idx" / "articles.jsonl").exists()
