"""Later turns read by class of form, sixteenth round (issue 29; threads.toml, thread_reading.py, conversation.py).

Seven forms of a later turn, each checked both ways. A statement with the officers' own time clause ("imao je nož u
ruci kad smo ušli") is a detail of the thread's act: what the officers did is no act of the story. A message whose
subject is the thread's act ("sve je to bilo na ulici …") says where or before whom it was. A correction's contrast
after an apology ("nije X, izvinjavam se, nego Y"), a bare "ne" after an apology ("izvini, ne X, Y …"), and openers
that say one misunderstood ("nisam dobro razumio …") read as corrections; a negated verb of knowing ("nije znao da
je …") takes nothing back. A correction after another jurisdiction's law was asked for goes back to the case's own
jurisdiction. And a town whose name is also a common word counts only after a place preposition ("kod Pala").
Phrasings made up for these tests, not taken from any benchmark's turns."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kodeks.answering.conversation import understand
from kodeks.settings import Settings
from retrieval.search.thread_reading import cues, read_message
from tests.fakes.telegram_server import FakeTelegramServer
from tests.test_bot import OFFICER, rows, running_bot
from tests.test_bot_jurisdictions import juris_bot_settings, plain
from tests.thread_helpers import thread_of

FAMILY = "muž udara ženu u stanu, djeca gledaju, komšinica zvala policiju"
THREAT = "komšija izašao s motkom i vikao da će ga ubiti i zapaliti mu štalu"
THEFT = "ukrao mu je novčanik iz džepa u tramvaju, tuđa stvar oduzeta"
FORGERY = "vozač pokazao saobraćajnu dozvolu, a vidi se da je lažna, loš papir"
BRIBE = "na kontroli vozač gurnuo 20 KM u saobraćajnu da ga pustimo"
SCOOTER = "dječak od 12 godina vozi skuter bez kacige po gradu"


def test_the_data_lists_the_new_classes() -> None:
    c = cues()
    assert "znao" in c.modals and "to" in c.the_act and c.officer_clause_words >= 2
    assert any(code == "RS" for _, code in c.places_after)


def test_a_statement_with_the_officers_time_clause_is_a_detail_of_the_act() -> None:
    """Through the bot's path: "imao je palicu u ruci kad smo stigli" — what the officers did ("stigli") is no act of the
    story, so the statement continues the thread's act."""
    understood = understand("imao je palicu u ruci kad smo stigli", thread_of(FAMILY))
    assert understood.follow_up and understood.kind == "continuation" and understood.circumstance
    assert understood.context is not None and "udara" in understood.context.words


def test_an_act_of_its_own_with_the_officers_time_clause_reads_as_before() -> None:
    """The clause removed, an act is still told ("udario kolegu"): no detail of the thread's act."""
    assert read_message("kad smo stigli jedan je udario kolegu šakom", FAMILY).kind != "continuation"


def test_the_act_as_subject_says_where_it_was() -> None:
    reading = read_message("sve se to desilo na pijaci pred masom svijeta, nastao haos", THREAT)
    assert reading.kind == "continuation" and reading.adds and "motkom" in reading.inherited


def test_a_person_as_subject_or_all_alone_is_no_act_as_subject() -> None:
    assert read_message("taj je poslije razbio izlog prodavnice", THREAT).kind != "continuation"
    assert read_message("sve je bilo mirno dok nije došao brat i izvadio nož", THREAT).kind != "continuation"


def test_a_contrast_after_an_apology_makes_a_correction() -> None:
    """What is taken back is not in the thread's words ("davao pare" after "gurnuo 20 KM"): the contrast word after
    the apology makes it a correction."""
    reading = read_message("nije davao pare, izvini, nego je prijetio da će me naći poslije smjene", BRIBE)
    assert reading.kind == "correction" and reading.negated == ("davao", "pare")
    assert reading.act.startswith("prijetio")


def test_without_a_contrast_the_apology_changes_nothing() -> None:
    assert read_message("nije davao pare, izvini, pitao je gdje je stanica", BRIBE).kind != "correction"


def test_a_bare_ne_after_an_apology_takes_back_the_thing() -> None:
    reading = read_message("izvini ne skuter, bicikl je bio, vozio po magistrali", SCOOTER)
    assert reading.kind == "correction" and reading.negated == ("skuter",)
    assert "skuter" not in reading.story and "bicikl" in reading.act


def test_an_opener_of_misunderstanding_is_no_negation_of_the_story() -> None:
    reading = read_message(
        "nisam dobro razumio. ne traže pare za zaštitu nego prijete da će objaviti slike",
        "dvojica traže pare od vlasnika kafića za zaštitu",
    )
    assert reading.kind == "correction" and "razumio" not in reading.negated and "traze" in reading.negated


def test_the_negation_inside_an_opener_is_the_openers_own() -> None:
    """ "nisam dobro rekao, …" takes back nothing of the story: the negation after it does."""
    reading = read_message("nisam dobro rekao, nije ga udario nego mu je prijetio", "udario ga je u kafani")
    assert reading.kind == "correction" and reading.negated == ("udario",) and "prijetio" in reading.act


def test_a_negated_verb_of_knowing_takes_nothing_back() -> None:
    """Through the bot's path: "nije znao da je lažna" is what the driver says he knew, not a correction of "lažna"."""
    understood = understand("kaže da ju je kupio na buvljaku, nije znao da je lažna", thread_of(FORGERY))
    assert understood.kind != "correction"
    assert read_message("nije bila lažna, nego istekla", FORGERY).kind == "correction"


def test_a_correction_after_another_jurisdiction_goes_back_to_the_case() -> None:
    """A switch asks how another law sees the case; a correction then corrects the case, in its own jurisdiction.
    A continuation after the switch keeps the jurisdiction asked for."""
    thread = thread_of(THEFT, "a kako je to po zakonu RS?", jurisdictions=(None, "RS"))
    corrected = understand("ne, nije ukrao novčanik, nego ga je prevario za pare", thread)
    assert corrected.kind == "correction" and corrected.jurisdiction is None
    asked = understand("a koja je kazna za to?", thread)
    assert asked.kind == "continuation" and asked.jurisdiction == "RS"


def test_a_correction_naming_a_jurisdiction_keeps_it() -> None:
    thread = thread_of(THEFT, "a kako je to po zakonu RS?", jurisdictions=(None, "RS"))
    corrected = understand("ne, nije ukrao novčanik, nego ga je prevario, i to u Federaciji", thread)
    assert corrected.kind == "correction" and corrected.jurisdiction == "FBiH"


def test_a_town_that_is_a_common_word_counts_only_after_a_preposition() -> None:
    assert read_message("a da je to bilo kod Pala, koji je član?", THEFT).jurisdiction == "RS"
    assert read_message("a da je pala?", THEFT).jurisdiction is None
    assert read_message("a u Stocu?", THEFT).jurisdiction == "FBiH"


async def test_the_bot_answers_a_correction_after_a_switch_from_the_officers_own_law(
    telegram_server: FakeTelegramServer, juris_settings: Settings, juris: Any, tmp_path: Path
) -> None:
    """A Federation officer's thread: a theft, the RS law asked for it, then a correction of the case — answered
    from the Federation's code again, not labelled as another jurisdiction's law."""
    settings = juris_bot_settings(juris_settings, telegram_server, tmp_path, default_jurisdiction="FBiH")
    log_path = tmp_path / "queries.sqlite3"
    async with running_bot(telegram_server, settings, juris, log_path):
        _, in_rs, corrected = await telegram_server.converse(
            OFFICER,
            [THEFT, "a kako je to po zakonu RS?", "ne, nije ukrao novčanik, nego ga je prevario za pare"],
        )
    assert "KZ RS" in plain(in_rs).split("Izvori:")[1]
    text = plain(corrected)
    assert text.startswith("Razumio sam") and "Republika Srpska (RS)" not in text.splitlines()[0]
    assert "KZ RS" not in text.split("Izvori:")[1]
    logged = rows(log_path)
    assert [r["jurisdiction"] for r in logged] == ["FBiH", "RS", "FBiH"]
    assert logged[2]["follows"] == logged[1]["id"]
