"""A breaking and a taking after it compose burglary (issue 29/31; thesaurus.toml [[compose]] "obijanje pa uzimanje",
retrieval/language/composed.py). The codes' "Teška krađa" is a theft done by breaking or breaking into a closed
building, room or vehicle; a story tells the breaking and then the taking, and the breaking read alone is damage to
another's thing, which then outweighs the theft it was the means of. Both told, in that order: burglary is read and
the breaking's damage phrases give way; a breaking alone, a negated taking, or a taking before the breaking: not.
Phrasings made up for these tests, not taken from any benchmark's turns."""

from __future__ import annotations

from pathlib import Path

import pytest

from retrieval.language.vocabulary import bcs_vocabulary
from tests.retrieval_helpers import expansion_weights, vocabulary_from

BURGLARY = "teška krađa"
DAMAGE = "oštećenje tuđe stvari"


@pytest.mark.parametrize(
    "story",
    [
        "neko je razbio prozor na garaži i uzeo dvije bušilice",
        "razbijen prozor na butiku, odnesene jakne i torbe",
        "razbio vrata od podruma pa ukrao kutiju alata",
    ],
)
def test_a_breaking_then_a_taking_reads_as_burglary_not_damage(story: str) -> None:
    w = expansion_weights(bcs_vocabulary(), story)
    assert w.get(BURGLARY) == 1.0, story
    assert DAMAGE not in w, story  # the breaking was the theft's means


@pytest.mark.parametrize(
    "story",
    [
        "razbio prozor na školi i pobjegao",  # a breaking, nothing taken
        "razbio staklo na autu, ali ništa nije uzeo",  # the taking negated
        "uzeo je kamen i razbio izlog",  # the taking before the breaking: the stone is the means of damage
    ],
)
def test_a_breaking_without_a_taking_after_it_stays_damage(story: str) -> None:
    w = expansion_weights(bcs_vocabulary(), story)
    assert DAMAGE in w, story
    assert "obijanje pa uzimanje" not in {e.matched for e in bcs_vocabulary().expand(story)}, story


COMPOSE = """
[[compose]]
name = "obijanje pa uzimanje"
parts = [["oštećenje"], ["krađa"]]
verbs = ["uze", "odni"]
negations = ["nije"]
legal = ["teška krađa"]
supersedes = [0]
where_read = true

[[entry]]
lay = ["razbio"]
legal = ["oštećenje"]

[[entry]]
lay = ["vikendica"]
legal = ["teška krađa"]
"""


def test_the_taking_verbs_and_where_read_come_from_the_data(tmp_path: Path) -> None:
    (tmp_path / "with").mkdir()
    (tmp_path / "kept").mkdir()
    table = vocabulary_from(COMPOSE, tmp_path / "with")
    assert set(expansion_weights(table, "razbio prozor i odnio televizor")) == {"teška krađa"}
    assert set(expansion_weights(table, "razbio prozor i nije uzeo ništa")) == {"oštećenje"}
    # a burglary phrase already read: the breaking still gives way where `where_read` says so
    assert set(expansion_weights(table, "razbio prozor na vikendica i uzeo alat")) == {"teška krađa"}
    kept = vocabulary_from(COMPOSE.replace("where_read = true\n", ""), tmp_path / "kept")
    assert set(expansion_weights(kept, "razbio prozor na vikendica i uzeo alat")) == {"teška krađa", "oštećenje"}


def test_a_car_taken_for_a_ride_is_no_breaking() -> None:
    # the title naming damage and a taking for use together reads no breaking; it gives way only with a breaking
    story = "uzeo je komšijin auto samo da se provoza pa ga vratio"
    assert "obijanje pa uzimanje" not in {e.matched for e in bcs_vocabulary().expand(story)}
    w = expansion_weights(bcs_vocabulary(), "razbio staklo na garaži i uzeo alat")
    assert "oštećenje i oduzimanje tuđe stvari" not in w
