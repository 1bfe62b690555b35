"""A correction of an act done to the officers on duty (issue 29; threads.toml [officers] `object`, [correction]
`not_only`; `thread_reading._officers_still`): the story told the act against the officers (their own time clause,
"kolegu" or "nas" its object); a correction that takes back what was done, not to whom, and tells its new act done to
someone again reads that object as the lay word the vocabulary names the police by, right after its verb — where the
vocabulary's phrases of resisting or attacking an official read it. "nije samo X nego Y" ("not only") is a correction
whose act is Y. A story of a citizen, the officers taken back, or an act done to no one read as before. Wording
invented for these tests; the reading only, no index."""

from __future__ import annotations

from retrieval.language.vocabulary import bcs_vocabulary
from retrieval.search.thread_reading import cues, read_message

OFFICERS = "na pijaci lik ošamario kolegu kad smo ga legitimisali"
CITIZEN = "na pijaci lik ošamario prodavača jer mu nije htio vratiti kusur"


def _reading(text: str, story: str = OFFICERS):  # type: ignore[no-untyped-def]
    reading = read_message(text, story)
    assert reading.kind == "correction"
    return reading


def _read(text: str) -> set[str]:
    return {e.adds for e in bcs_vocabulary().expand(text)}


def test_an_object_pronoun_pointing_back_to_the_officer_reads_as_the_police() -> None:
    reading = _reading("ne, nije ga ošamario, samo ga gurnuo i pobjegao niz ulicu")
    assert reading.act.startswith(f"gurnuo {cues().officer_object}")
    assert " ga " not in f" {reading.act} "
    assert "sprečavanje službenog lica u vršenju službene radnje" in _read(reading.act)


def test_the_officers_named_in_the_new_act_read_so_too() -> None:
    reading = _reading("nije ga ošamario nego je kolegu udario laktom u stomak")
    assert reading.act.startswith(f"udario {cues().officer_object}")
    assert "napad na službenu osobu u obavljanju poslova sigurnosti" in _read(reading.act)


def test_not_only_is_a_correction_whose_act_follows_the_contrast() -> None:
    reading = _reading("nije se samo opirao nego je kolegu ugrizao za ruku")
    assert "opirao" in reading.negated
    assert reading.act.startswith(f"ugrizao {cues().officer_object}")


def test_a_bare_ne_samo_reads_as_before() -> None:
    assert read_message("ne samo da je bježao, nego je i psovao", CITIZEN).kind != "correction"


def test_a_citizen_s_story_keeps_its_object() -> None:
    reading = _reading("ne, nije ga ošamario, samo ga gurnuo", CITIZEN)
    assert cues().officer_object not in reading.act
    assert "ga gurnuo" in reading.act


def test_an_act_done_to_no_one_or_the_officers_taken_back_read_as_before() -> None:
    reading = _reading("ne, nije ga ošamario, samo je pobjegao niz ulicu")
    assert cues().officer_object not in reading.act
    reading = _reading("nije ošamario kolegu nego prodavača, a onda ga gurnuo")
    assert cues().officer_object not in reading.act
