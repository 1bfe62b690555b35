"""The article splitter on generated texts, one quirk of the real law files each (CI has no ../shared).

Every fixture is written here, in the shape the real files have (see ../shared/laws/README.md), with
made-up wording: no law text is copied into the repository.
"""

from __future__ import annotations

import pytest

from retrieval.ingest.sources import LawInfo, split_articles
from retrieval.ingest.splitting import split_law

INFO = LawInfo(law="ZP", title="Zakon o primjeru", jurisdiction="FBiH")


def _split(text: str, markdown: bool = False):
    articles, problems = split_articles(text, INFO, "x.txt", markdown=markdown)
    return articles, [p.message for p in problems]


def _live(articles):
    return [a for a in articles if not a.deleted and not a.extra.get("kind")]


def _body(n: int, words: str = "tekst") -> str:
    return f"({1}) Ko učini djelo broj {n}, {words}, kaznit će se zatvorom do {n} godina."


# --- heading forms --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("heading", "number"),
    [
        ("Član 1.", "1"),
        ("Član 1", "1"),
        ("Članak 5.a", "5a"),
        ("Član 246 a.", "246a"),
        ("Član 246 ww.", "246ww"),
        ("Član 155. a)", "155a"),
        ("Član 162.a", "162a"),
        ("Član 190**", "190"),
        ("Члан 113в", "113в"),
        ("Члан 113в.", "113в"),
        ("Члан 208ђ", "208ђ"),
        ("Član 208đ", "208đ"),
        ("Član XII", "XII"),
        ("Član IV.", "IV"),
        ("   Član 12.", "12"),
        ("**Članak 7.**", "7"),
        ("Čлан 64.", "64"),
    ],
)
def test_heading_forms(heading: str, number: str) -> None:
    articles, problems = _split(f"{heading}\nTekst ovog člana o postupanju policije.\n")
    assert [a.article for a in articles] == [number], problems


def test_cross_references_and_prose_are_never_headings() -> None:
    text = (
        "Član 1.\nPostupa se u skladu sa odredbama iz\nčlana 37. ovog zakona i\nČlan 5. ovog zakona se primjenjuje.\n"
        "Članovi 3. i 4. se ne primjenjuju.\n"
    )
    articles, _ = _split(text)
    assert [a.article for a in articles] == ["1"]
    assert "člana 37. ovog zakona" in articles[0].text and "Članovi 3. i 4." in articles[0].text


def test_mixed_script_headings_are_folded_and_do_not_merge_articles() -> None:
    """ "Čлан 64." (Latin Č, Cyrillic лан): without folding, 64.. would end up inside article 63."""
    text = "".join(
        f"{'Član' if n < 3 else 'Čлан'} {n}.\n(Naslov {n})\n{_body(n)} Nije dostojна osoba.\n\n" for n in range(1, 6)
    )
    articles, problems = _split(text)
    assert [a.article for a in articles] == ["1", "2", "3", "4", "5"], problems
    assert all("dostojna" in a.text for a in articles)  # the homoglyph in the text is folded too


def test_roman_numbered_articles_with_preamble_and_annexes() -> None:
    text = (
        "USTAV PRIMJERA\nPREAMBULA\nPolazeći od načela jednakosti,\nodlučni da osiguraju mir, utvrđuju ovaj Ustav:\n"
        "Član I\nDržava\n1. Kontinuitet\nDržava nastavlja svoje postojanje.\n"
        "Član II\nLjudska prava\nSvi imaju ista prava.\n"
        "Aneks I\nDodatni sporazumi\n1. Konvencija o pravima djeteta\n"
        "Aneks II\nPrelazne odredbe\nZakoni ostaju na snazi.\n"
    )
    articles, problems = _split(text)
    assert [(a.id, a.title) for a in articles] == [
        ("ZP Preambula", ""),
        ("ZP čl. I", "Država"),
        ("ZP čl. II", "Ljudska prava"),
        ("ZP Aneks I", "Dodatni sporazumi"),
        ("ZP Aneks II", "Prelazne odredbe"),
    ], problems
    assert articles[0].text.startswith("Polazeći") and articles[0].extra["kind"] == "preamble"
    assert articles[3].extra["kind"] == "annex" and "Konvencija" in articles[3].text
    assert "Aneks" not in articles[2].text
    assert articles[3].label == "ZP, Aneks I – Dodatni sporazumi" and articles[1].label == "ZP, član I – Država"


def test_one_line_regulation_is_split_at_its_inline_headings_and_its_second_copy_reported() -> None:
    once = " ".join(
        f"Član {n}. (Naslov {n}) Ovom uredbom uređuje se pitanje broj {n} iz člana {n + 10}. Zakona."
        for n in range(1, 6)
    )
    signed = (
        f"{once} V. broj 43/2024 09. januara 2024. godine Sarajevo Ivo Ivić, s. r. Na osnovu člana 9. Zakona donosi"
    )
    text = f"UREDBA O PRIMJERU I - OPĆE ODREDBE {signed} UREDBA O PRIMJERU I - OPĆE ODREDBE {signed}"
    articles, problems = _split(text)
    assert articles[-1].text == "Ovom uredbom uređuje se pitanje broj 5 iz člana 15. Zakona."
    assert any("text after article 5 ('V. broj 43/2024" in p and "signature" in p for p in problems)
    assert [(a.article, a.title) for a in articles] == [(str(n), f"Naslov {n}") for n in range(1, 6)]
    assert all(a.chapter == "I - OPĆE ODREDBE" for a in articles)
    assert articles[1].text == "Ovom uredbom uređuje se pitanje broj 2 iz člana 12. Zakona."
    assert any("duplicate heading(s) for 5 article(s)" in p and "identical" in p for p in problems)


def test_duplicate_heading_keeps_the_complete_copy_and_says_which() -> None:
    text = (
        "Član 9.\nPrvi tekst o upisu.\n\nČlan 10.\n(Upis)\n(1) Zahtjev se podnosi komori\n\n"
        "Član 10.\n(Upis)\n(1) Zahtjev se podnosi komori u roku od 30 dana.\n(2) Komora odlučuje rješenjem.\n\n"
        "Član 11.\nTreći tekst.\n"
    )
    articles, problems = _split(text)
    assert [a.article for a in articles] == ["9", "10", "11"]
    assert articles[1].text.endswith("(2) Komora odlučuje rješenjem.")
    assert any("10 (lines 4 and 8; kept line 8, the complete copy)" in p for p in problems)


# --- titles ---------------------------------------------------------------------------------------


def test_title_above_the_heading_with_a_wrapped_title_and_a_footnote_digit() -> None:
    text = (
        "Osnov i funkcija krivičnog zakonodavstva\nRepublike Primjera\nČlan 1\n(1) Prvi stav.\n(2) Drugi stav.\n"
        " 16 Kazna dugotrajnog zatvora\nČlan 2\n(1) Treći stav.\n"
        "Načelo zakonitosti\nČlan 3\nNiko ne može biti kažnjen bez zakona.\n"
    )
    articles, _ = _split(text)
    assert [(a.article, a.title) for a in articles] == [
        ("1", "Osnov i funkcija krivičnog zakonodavstva Republike Primjera"),
        ("2", "Kazna dugotrajnog zatvora"),
        ("3", "Načelo zakonitosti"),
    ]
    assert articles[0].text == "(1) Prvi stav.\n(2) Drugi stav."


def test_title_after_the_heading_wrapped_or_in_parentheses_never_a_chapter_name() -> None:
    text = (
        "GLAVA XXV\nKAZNENA DJELA PROTIV IMOVINE\n\nČlanak 286.\nKrađa\n\n(1) Tko tuđu pokretnu stvar oduzme.\n\n"
        "Članak 287.\nTeška krađa počinjena u sastavu\nzločinačke organizacije\n\n(1) Tko počini krađu.\n\n"
        "Članak 288.\n(Usklađenost s pravnom\nstečevinom)\n\nOvim se zakonom preuzima direktiva.\n\n"
        "GLAVA XXVI\nKAZNENA DJELA PROTIV GOSPODARSTVA\n\nČlanak 289.\nPrijevara\n\nTko obmane drugoga.\n"
    )
    articles, _ = _split(text)
    assert [(a.article, a.title) for a in articles] == [
        ("286", "Krađa"),
        ("287", "Teška krađa počinjena u sastavu zločinačke organizacije"),
        ("288", "Usklađenost s pravnom stečevinom"),
        ("289", "Prijevara"),
    ]
    assert [a.chapter for a in articles] == ["GLAVA XXV – KAZNENA DJELA PROTIV IMOVINE"] * 3 + [
        "GLAVA XXVI – KAZNENA DJELA PROTIV GOSPODARSTVA"
    ]
    assert "GLAVA" not in articles[2].text and articles[2].text == "Ovim se zakonom preuzima direktiva."


def test_a_chapter_name_wrapped_in_a_narrow_column_is_the_chapter_not_the_text_before() -> None:
    # A two-column PDF wraps a chapter's name: its last line may be one word, or a line may end with a comma;
    # neither is a chapter line alone, both are under the line with the chapter noun.
    text = (
        "GLAVA I\nOPĆE ODREDBE\n\nČlanak 1.\nPredmet\n\nOvim se zakonom uređuje primjer.\n\n"
        "GLAVA II\nPRIMJENA KAZNENOG ZAKONA U\nFEDERACIJI\n\nČlanak 2.\nPrimjena\n\nZakon se primjenjuje svuda.\n\n"
        "GLAVA III\nKRIVNJA\n\nČlanak 3.\nSadržaj krivnje\n\nKrivnja postoji.\n\n"
        "GLAVA IV\nKAZNENA DJELA PROTIV GOSPODARSTVA,\nPOSLOVANJA I PLATNOG PROMETA\n\nČlanak 4.\nLažni stečaj\n\n"
        "Tko prouzroči stečaj.\n"
    )
    articles, _ = _split(text)
    assert [(a.article, a.chapter) for a in articles] == [
        ("1", "GLAVA I – OPĆE ODREDBE"),
        ("2", "GLAVA II – PRIMJENA KAZNENOG ZAKONA U FEDERACIJI"),
        ("3", "GLAVA III – KRIVNJA"),
        ("4", "GLAVA IV – KAZNENA DJELA PROTIV GOSPODARSTVA, POSLOVANJA I PLATNOG PROMETA"),
    ]
    assert [a.text for a in articles] == [
        "Ovim se zakonom uređuje primjer.",
        "Zakon se primjenjuje svuda.",
        "Krivnja postoji.",
        "Tko prouzroči stečaj.",
    ]


def test_capitals_at_the_end_of_an_article_without_a_chapter_noun_above_stay_its_text() -> None:
    text = "Članak 1.\nOznake\n\nNa vozilu piše:\nPOLICIJA\n\nČlanak 2.\nBoja\n\nVozilo je plavo.\n"
    articles, _ = _split(text)
    assert [(a.article, a.chapter, a.text) for a in articles] == [
        ("1", "", "Na vozilu piše:\nPOLICIJA"),
        ("2", "", "Vozilo je plavo."),
    ]


def test_a_title_wrapped_after_a_comma_or_over_three_lines() -> None:
    text = (
        "Članak 1.\nIzazivanje mržnje, razdora\nili netrpeljivosti\nTko javno izaziva mržnju, kaznit će se.\n\n"
        "Članak 2.\nPrimjena zakona prema\nsvakom tko na području počini kazneno\ndjelo\n(1) Zakon se primjenjuje.\n\n"
        "Članak 3.\nTko drugoga usmrti,\nkaznit će se zatvorom.\n\n"
        "Članak 4.\nTko javno izaziva,\nili raspaljuje mržnju\nkaznit će se zatvorom\nod jedne godine.\n"
    )
    articles, _ = _split(text)
    assert [(a.article, a.title) for a in articles] == [
        ("1", "Izazivanje mržnje, razdora ili netrpeljivosti"),
        ("2", "Primjena zakona prema svakom tko na području počini kazneno djelo"),
        ("3", ""),
        ("4", ""),
    ]
    assert articles[0].text == "Tko javno izaziva mržnju, kaznit će se."
    assert articles[1].text == "(1) Zakon se primjenjuje."
    assert articles[2].text.startswith("Tko drugoga usmrti,") and articles[3].text.startswith("Tko javno izaziva,")


def test_title_on_the_heading_line_and_chapter_names_there() -> None:
    text = (
        "I. ОСНОВНЕ ОДРЕДБЕ\n\nЧлан 1. Предмет\nОвим законом уређује се ред.\n\n"
        "Члан 2. ПОКРЕТАЊЕ ПОСТУПКА\nПоступак се покреће решењем.\n\nЧлан 3.\nОстали текст.\n"
    )
    articles, _ = _split(text)
    assert [(a.article, a.title, a.chapter) for a in articles] == [
        ("1", "Предмет", "I. ОСНОВНЕ ОДРЕДБЕ"),
        ("2", "", "ПОКРЕТАЊЕ ПОСТУПКА"),
        ("3", "", "ПОКРЕТАЊЕ ПОСТУПКА"),
    ]


def test_section_names_between_articles_are_chapters_not_text() -> None:
    text = (
        "DRUGI DIO\nGLAVA II - UPRAVLJANJE\n1. Savjet za bezbjednost\nČlan 10\nSavjet se osniva.\n"
        "2. Agencija za bezbjednost\nČlan 11\nAgencija se osniva.\nGLAVA III - NADZOR\nČlan 12\nNadzor vrši ministarstvo.\n"
    )
    articles, _ = _split(text)
    assert [a.chapter for a in articles] == [
        "DRUGI DIO – GLAVA II - UPRAVLJANJE – 1. Savjet za bezbjednost",
        "DRUGI DIO – GLAVA II - UPRAVLJANJE – 2. Agencija za bezbjednost",
        "DRUGI DIO – GLAVA III - NADZOR",
    ]
    assert [a.text for a in articles] == ["Savjet se osniva.", "Agencija se osniva.", "Nadzor vrši ministarstvo."]


def test_gazette_reference_on_a_heading_wrapping_onto_the_next_line_is_not_a_title() -> None:
    text = "Članak 5.a (NN [92/14](https://example.org/a),\n[70/19](https://example.org/b))\n\n(1) Policija postupa.\n"
    articles, _ = _split(text, markdown=True)
    assert [(a.article, a.title, a.text) for a in articles] == [("5a", "", "(1) Policija postupa.")]


# --- clean current text ---------------------------------------------------------------------------


def test_escaped_markdown_history_blockquotes_and_notes_are_not_current_law() -> None:
    text = (
        "\\#\\#\\# \\*\\*KAZNENI ZAKON\\*\\*\n\n\\*\\*GLAVA I\\*\\*\n\n\\*\\*Članak 1.\\*\\*  \n\\*\\*Predmet\\*\\*\n\n"
        "\\*\\*\\*  \n\\*\\*\\*Članak 1a. je dodan Zakonom o izmjenama (SN 58/25)\\*\\*\\*\n\n"
        "\\*\\*Članak 1a.\\*\\*  \n\\*\\*(Usklađenost)\\*\\*\n\nOvim se zakonom preuzima direktiva od 14\\. svibnja.  \n\\*\\*\\*\n\n"
        "\\*\\*Članak 2.\\*\\*  \n\\*\\*Značenje izričaja\\*\\*\n\n(12) Dijete je osoba mlađa od 18 godina.\n\n"
        "\\> \\#\\#\\#\\# Historijat izmjena članka 2\\.  \n\\>  \n\\> \\*\\*Verzija važeća do izmjena iz SN 58/25\\*\\*  \n"
        "\\> (12) Dijete je osoba koja nije navršila četrnaest godina.  \n\n"
        "\\*\\*Članak 3.\\*\\*  \n\\*\\*Načelo\\*\\*\n\nNikome ne može biti izrečena kazna.\n"
    )
    articles, problems = _split(text, markdown=True)
    assert [(a.article, a.title) for a in articles] == [
        ("1", "Predmet"),
        ("1a", "Usklađenost"),
        ("2", "Značenje izričaja"),
        ("3", "Načelo"),
    ]
    assert articles[1].text == "Ovim se zakonom preuzima direktiva od 14. svibnja."
    assert articles[2].text == "(12) Dijete je osoba mlađa od 18 godina."
    for a in articles:
        assert "*" not in a.text and "\\" not in a.text and "Historijat" not in a.text and "četrnaest" not in a.text
    assert any("title but no text" in p for p in problems)  # article 1 has a heading and a title only


def test_tables_of_contents_are_dropped() -> None:
    text = (
        "SADRŽAJ\nČlan 1. Predmet .............. 3\nČlan 2. Krađa ....... 4\n"
        "[Glava I. UVODNE ODREDBE\n[2](#glava-i)](#glava-i)\n\n"
        "Član 1.\nPredmet\nOvim zakonom uređuje se red.\n\nČlan 2.\nKrađa\nKo ukrade, kaznit će se.\n"
    )
    articles, problems = _split(text, markdown=True)
    assert [(a.article, a.title, a.text) for a in articles] == [
        ("1", "Predmet", "Ovim zakonom uređuje se red."),
        ("2", "Krađa", "Ko ukrade, kaznit će se."),
    ], problems


def test_gazette_footnotes_and_page_numbers_are_dropped() -> None:
    text = (
        "Члан 1.\nОвим законом уређује се ред.\n\n*Службени гласник РС, број 24/2018\n\n12\n\nЧлан 2.\nДруги текст.\n"
    )
    articles, _ = _split(text)
    assert [a.text for a in articles] == ["Овим законом уређује се ред.", "Други текст."]


def test_signature_and_closing_articles_of_amending_laws_after_the_last_article() -> None:
    text = (
        "Članak 420.\nObveza usklađivanja\n\nSud usklađuje presude.\n\n"
        "Članak 421.\nStupanje na snagu\n\nOvaj Zakon stupa na snagu 1. kolovoza 2003. godine.\n\n"
        "Predsjedatelj Predsjedatelj\nDoma naroda Zastupničkog doma\n\n"
        'Samostalni članak\nZakona o izmjenama\n("Službene novine", 69/2004)\n\nČlanak 2.\n\nOvaj zakon stupa na snagu odmah.\n\n'
        "Samostalni članak\nZakona o dopuni\n\nČlanak 70.\n\nOvaj zakon stupa na snagu narednog dana.\n"
    )
    articles, problems = _split(text)
    assert [(a.article, a.text) for a in articles] == [
        ("420", "Sud usklađuje presude."),
        ("421", "Ovaj Zakon stupa na snagu 1. kolovoza 2003. godine."),
    ]
    assert any(
        "2 heading(s) after article 421 start the numbering again" in p
        and "'Predsjedatelj Predsjedatelj'" in p
        and "not indexed" in p
        for p in problems
    )
    _, problems = _split("Član 1.\nTekst.\n\nČlan 2.\nZakon stupa na snagu.\n\nPredsjednik\nIvo Ivić\n")
    assert any("text after article 2 ('Predsjednik / Ivo Ivić')" in p and "signature" in p for p in problems)


def test_closing_articles_after_a_separator_and_an_annex() -> None:
    text = (
        "Član 1.\nPredmet\nOvim zakonom uvodi se porez.\n\nČlan 2.\nStupanje na snagu\nZakon stupa na snagu.\n\n"
        '***\n"Službeni glasnik", broj 35/05\n\nČlan 1.\nStupanje na snagu\nIzmjena stupa na snagu.\n\n'
        "ANEKS 1.\nUMJETNIČKA DJELA\n(a) slike i crteži izrađeni rukom;\n"
    )
    articles, problems = _split(text)
    assert [(a.id, a.title) for a in articles] == [
        ("ZP čl. 1", "Predmet"),
        ("ZP čl. 2", "Stupanje na snagu"),
        ("ZP Aneks 1", "UMJETNIČKA DJELA"),
    ]
    assert articles[1].text == "Zakon stupa na snagu." and articles[2].text == "(a) slike i crteži izrađeni rukom;"
    assert any("start the numbering again" in p for p in problems)


# --- deleted articles -----------------------------------------------------------------------------


def test_deleted_articles_and_range_headings_are_recorded_as_deleted() -> None:
    text = (
        "Članak 78.\nNaslov\nTekst 78.\n\nČlanak 79. – 82.\n\nČlanak 83.\nNaslov 83\nTekst 83.\n\n"
        "Članak 204. do 205.\n(brisani)\n\nČlan 206\nČlan 206 brisan Zakonom o izmjenama (Sl. glasnik 9/13).\n"
        "Član 207\n(prestalo da važi)\nČlan 208.\nБрисан је (види члан 45. Закона - 24/2018)\nČlan 209.\nTekst koji kaže da je prethodni član brisan i da se primjenjuje ovaj.\n"
    )
    articles, problems = _split(text)
    deleted = [a.article for a in articles if a.deleted]
    assert deleted == ["79", "80", "81", "82", "204", "205", "206", "207", "208"], problems
    assert [a.article for a in _live(articles)] == ["78", "83", "209"]
    assert not any("duplicate" in p for p in problems)  # "Član 206" / "Član 206 brisan …" is one heading


def test_numbers_that_jump_are_reported() -> None:
    text = "Član 1.\nPrvi.\nČlan 2.\nDrugi.\nČlan 7.\nSedmi.\n"
    _, problems = _split(text)
    assert any("article numbers jump (2 → 7)" in p for p in problems)


def test_suffixes_in_cyrillic_alphabet_order_are_not_a_restart() -> None:
    text = "".join(f"Član 208{s}\nTekst {s}.\n" for s in ["", "a", "b", "v", "g", "d", "đ"]) + "Član 209\nKraj.\n"
    articles, problems = _split(text)
    assert [a.article for a in articles] == ["208", "208a", "208b", "208v", "208g", "208d", "208đ", "209"], problems


def test_split_law_reports_what_was_removed() -> None:
    result = split_law(
        "Član 1.\nTekst.\n> Historijat izmjena člana 1.\n> Stari tekst.\n", "ZP", "", "", "x.md", markdown=True
    )
    assert result.removed["history_blocks"] == 1 and [a.text for a in result.articles] == ["Tekst."]


def test_text_before_the_first_article_is_reported_unless_it_is_a_preamble() -> None:
    note = "* Odredbe člana 3. ovog zakona prestale su da važe na osnovu odluke Ustavnog suda broj U-1/23, objavljene u službenom glasilu."
    _, problems = _split(f"ZAKON O PRIMJERU\n{note}\nČlan 1.\nPrvi tekst.\n")
    assert any("text before the first article" in p and "not indexed" in p for p in problems)
    _, problems = _split(f"ZAKON O PRIMJERU\nPREAMBULA\n{note}\nČlan 1.\nPrvi tekst.\n")
    assert not any("text before the first article" in p for p in problems)


def test_a_trailer_section_heading_is_not_glued_to_the_last_article() -> None:
    text = (
        "Članak 105.\n\nOvaj Zakon stupa na snagu 1. srpnja 2009.\n\n#### Prijelazne i završne odredbe iz NN 92/14\n\n"
        "Članak 34.\n\nProgrami se donose u roku od šest mjeseci.\n"
    )
    articles, problems = _split(text, markdown=True)
    assert [(a.article, a.text) for a in articles] == [("105", "Ovaj Zakon stupa na snagu 1. srpnja 2009.")]
    assert any("'Prijelazne i završne odredbe iz NN 92/14'" in p for p in problems)


def test_a_one_word_chapter_name_above_a_title_above_the_heading_is_the_chapter_not_the_title() -> None:
    # Titles stand above headings (the RS and Brčko codes): "GLAVA VIII" / "ZASTARJELOST" / "Zastarjelost
    # gonjenja" / "Član 3": the capitals name the chapter, the line in lower case is the title; a numbered
    # section ("1. Opšte odredbe") between the chapter and the title is a section, and a chapter numbered in
    # Roman numerals before its noun ("IV. GLAVA ČETVRTA") wraps its name the same way.
    text = (
        "GLAVA I\nOSNOVNE ODREDBE\nPredmet\nČlan 1\nOvim se zakonom uređuje primjer.\n"
        "Primjena\nČlan 2\nZakon se primjenjuje svuda.\n"
        "GLAVA II\nKRIVIČNO DJELO\n1. Opšte odredbe o djelu\nKrivično djelo\nČlan 3\nDjelo je protivpravno.\n"
        "Način izvršenja\nČlan 4\nDjelo se izvršava činjenjem.\n"
        "IV. GLAVA ČETVRTA\nZASTARJELOST\nZastarjelost gonjenja\nČlan 5\nGonjenje zastarijeva.\n"
        "Zastarjelost kazne\nČlan 6\nKazna zastarijeva.\n"
    )
    articles, _ = _split(text)
    assert [(a.article, a.title, a.chapter, a.text) for a in articles] == [
        ("1", "Predmet", "GLAVA I – OSNOVNE ODREDBE", "Ovim se zakonom uređuje primjer."),
        ("2", "Primjena", "GLAVA I – OSNOVNE ODREDBE", "Zakon se primjenjuje svuda."),
        ("3", "Krivično djelo", "GLAVA II – KRIVIČNO DJELO – 1. Opšte odredbe o djelu", "Djelo je protivpravno."),
        (
            "4",
            "Način izvršenja",
            "GLAVA II – KRIVIČNO DJELO – 1. Opšte odredbe o djelu",
            "Djelo se izvršava činjenjem.",
        ),
        ("5", "Zastarjelost gonjenja", "IV. GLAVA ČETVRTA – ZASTARJELOST", "Gonjenje zastarijeva."),
        ("6", "Zastarjelost kazne", "IV. GLAVA ČETVRTA – ZASTARJELOST", "Kazna zastarijeva."),
    ]


def test_a_file_without_titles_takes_no_first_line_of_text_as_one() -> None:
    # The traffic and roads laws give articles no titles; a first line of text that ends without punctuation
    # ("Suglasnost … daje" / "Federalno ministarstvo …") is text, and the one-word last line of a numbered
    # chapter's name ("V - DUŽNOSTI U SLUČAJU SAOBRAĆAJNE" / "NESREĆE") is the chapter's, not a title.
    body = "\n".join(
        f"Član {n}.\n{'Suglasnost za gradnju daje' if n == 3 else 'Vozač je dužan voziti'}\n"
        f"{'Federalno ministarstvo nadležni' if n == 3 else 'pažljivo'} organ.\n"
        + ("V - DUŽNOSTI U SLUČAJU SAOBRAĆAJNE\nNESREĆE\n" if n == 8 else "")
        for n in range(1, 11)
    )
    articles, _ = _split("I - OSNOVNE ODREDBE\n" + body)
    assert all(a.title == "" for a in articles)
    assert articles[2].text == "Suglasnost za gradnju daje\nFederalno ministarstvo nadležni organ."
    assert [a.chapter for a in articles][7:] == ["I - OSNOVNE ODREDBE"] + [
        "V - DUŽNOSTI U SLUČAJU SAOBRAĆAJNE NESREĆE"
    ] * 2
    assert "NESREĆE" not in articles[7].text


def test_a_sentence_with_a_cross_reference_is_never_a_title() -> None:
    text = (
        "Članak 1.\nPredmet\nOvim se zakonom uređuje primjer.\n\n"
        "Članak 2.\nOrgani iz stavka 1. ovog članka ugovorom reguliraju uvjete\nPosebnim ugovorom.\n"
    )
    articles, _ = _split(text)
    assert [a.title for a in articles] == ["Predmet", ""]
