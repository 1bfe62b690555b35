"""Text that cannot be right (retrieval.ingest.text_repair): mojibake repaired with ftfy, YUSCII mapped back,
lost letters refused — on generated strings and files, so CI without ../shared covers every case."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from retrieval.ingest.sources import ExtractionError, extract_text
from retrieval.ingest.text_repair import UnreadableText, decode_yuscii, looks_like_yuscii, repair_text
from tests.pdf_fixtures import one_column_pdf

CLEAN = (
    "Članak 1.\nKrađa\n(1) Tko tuđu pokretnu stvar oduzme drugome s ciljem da je protupravno prisvoji,\n"
    "kaznit će se novčanom kaznom ili kaznom zatvora do tri godine. Đurđevdan, ŠUMA ŽIČARA ĆUPRIJA ČAČAK.\n"
)
YUSCII = (
    "^lanak 1.\nKra|a\n(1) Tko tu|u pokretnu stvar oduzme drugome s ciljem da je protupravno prisvoji,\n"
    "kaznit }e se nov~anom kaznom ili kaznom zatvora do tri godine. \\ur|evdan, [UMA @I^ARA ]UPRIJA ^A^AK.\n"
)


def _double_encoded(text: str, codec: str) -> str:
    return text.encode("utf-8").decode(codec)


@pytest.mark.parametrize("codec", ["latin-1", "cp1250", "cp1252", "iso-8859-2"])
def test_double_encoded_utf8_is_repaired(codec: str) -> None:
    text = "Član 1. Ovim zakonom uređuje se pravni položaj javnih cesta; ćelija, šuma, žena.\n" * 3
    broken = _double_encoded(text, codec)
    assert broken != text
    repaired = repair_text(broken)
    assert repaired.text == text
    assert repaired.notes and repaired.notes[0].startswith("repaired double-encoded UTF-8 in 3 line(s)")


def test_latin1_mojibake_with_c1_controls() -> None:
    repaired = repair_text("Ä\x8dlan 42. ovog zakona")
    assert repaired.text == "član 42. ovog zakona"


def test_only_the_garbled_lines_of_a_file_are_touched() -> None:
    broken = CLEAN + "silovanje â\x80\x93 član 165; obljuba â\x80\x93 član 167\n" + CLEAN
    repaired = repair_text(broken)
    assert repaired.text == CLEAN + "silovanje – član 165; obljuba – član 167\n" + CLEAN
    assert "in 1 line(s)" in repaired.notes[0] and "'â\\x80\\x93' → '–'" in repaired.notes[0]


def test_yuscii_is_mapped_back() -> None:
    repaired = repair_text(YUSCII)
    assert repaired.text.startswith("Članak 1.\nKrađa\n(1) Tko tuđu")
    assert repaired.text == CLEAN
    assert any(note.startswith("repaired YUSCII encoding") for note in repaired.notes)


def test_yuscii_keeps_email_addresses_and_lone_signs() -> None:
    text, counts = decode_yuscii("za{tita cesta, pi{ite na info@ceste-fbih.ba ili http://x.ba/~a|b ; a [ b\n")
    assert text == "zaštita cesta, pišite na info@ceste-fbih.ba ili http://x.ba/~a|b ; a [ b\n"
    assert counts == {"{": 2}


@pytest.mark.parametrize(
    "text",
    [
        CLEAN,
        "Члан 1. Овим законом уређује се безбедност саобраћаја на путевима.",
        "Članak 5. [brisano] {vidi članak 7.} a|b — tablica | stupac | stupac",  # real diacritics present
        "[Članak 5.a](#clanak-5a) [Članak 6.](#clanak-6) [Članak 7.](#clanak-7) — sadržaj",
        "Article 12 | Section [a] | Regulation {2016/679} applies ~ as amended",  # English, no letters inside
    ],
)
def test_clean_text_is_left_alone(text: str) -> None:
    repaired = repair_text(text)
    assert repaired.text == text and repaired.notes == []


def test_yuscii_needs_several_kinds_inside_words() -> None:
    assert looks_like_yuscii(YUSCII)
    assert not looks_like_yuscii("a{b c{d e{f")  # one kind only: code, not YUSCII
    assert not looks_like_yuscii(YUSCII + CLEAN * 3)  # real diacritics outnumber the signs


def test_yuscii_signs_next_to_real_diacritics_are_reported_not_guessed() -> None:
    text = (
        CLEAN * 3
        + "Stari dio: za{tita, ure|uje, nov~ana, polo`aj, ve}i, dru{tvo, gra|evina, ku}a, ~lan, `ena, {uma, ra~un, mo`e, sre|en.\n"
    )
    repaired = repair_text(text)
    assert repaired.text == text
    assert len(repaired.notes) == 1 and "YUSCII-like signs" in repaired.notes[0] and "za{tita" in repaired.notes[0]


def test_glyphs_without_unicode_are_refused() -> None:
    with pytest.raises(UnreadableText, match="cid"):
        repair_text("(cid:12)(cid:7)(cid:44) " * 10)


def test_many_replacement_characters_are_refused_a_few_are_reported() -> None:
    with pytest.raises(UnreadableText, match="lost"):
        repair_text("Kra\ufffda tu\ufffde stvari " * 20)
    repaired = repair_text("Član 1.\nKra\ufffda\n")
    assert repaired.text == "Član 1.\nKra\ufffda\n"
    assert any("lost" in note and "line 2" in note for note in repaired.notes)


def test_extract_text_repairs_a_double_encoded_text_file(tmp_path: Path) -> None:
    path = tmp_path / "zakon.txt"
    path.write_text(_double_encoded(CLEAN, "latin-1"), encoding="utf-8")
    notes: list[str] = []
    assert extract_text(path, notes) == CLEAN
    assert any("double-encoded" in note for note in notes)


def test_extract_text_repairs_a_yuscii_pdf(tmp_path: Path) -> None:
    lines = [
        "^lanak 1.",
        "Ovim zakonom ure|uje se pravni polo`aj javnih cesta, za{tita cesta i",
        "uvjeti vr{enja prometa.",
        "^lanak 2.",
        "Cesta je prema ovom zakonu svaka povr{ina na kojoj se vr{i promet; ve}i zna~aj.",
    ]
    notes: list[str] = []
    text = extract_text(one_column_pdf(tmp_path / "yuscii.pdf", lines), notes)
    assert text.split("\n")[:3] == [
        "Članak 1.",
        "Ovim zakonom uređuje se pravni položaj javnih cesta, zaštita cesta i",
        "uvjeti vršenja prometa.",
    ]
    assert any("YUSCII" in note for note in notes)


def test_extract_text_refuses_unreadable_text_naming_why(tmp_path: Path) -> None:
    path = tmp_path / "cid.txt"
    path.write_text("Član 1. " + "(cid:3)" * 40, encoding="utf-8")
    with pytest.raises(ExtractionError, match="Unicode mapping"):
        extract_text(path)


_WORDS = st.sampled_from(
    [
        "Članak",
        "12.",
        "krađa",
        "tuđu",
        "stvar",
        "oduzme",
        "kaznit",
        "će",
        "novčanom",
        "(1)",
        "Đurđevdan",
        "š",
        "žena",
        "Члан",
        "закон",
        "—",
        "„navodnici“",
        "[brisano]",
        "(član",
        "42)",
        ";",
        "Article",
        "5a",
        "ćevapi",
        "ŠUMA",
    ]
)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(_WORDS, min_size=1, max_size=12).map(" ".join), min_size=1, max_size=20).map("\n".join))
def test_correct_law_text_is_never_changed(text: str) -> None:
    repaired = repair_text(text)
    assert repaired.text == text and repaired.notes == []
