"""Later turns read by class of form, twenty-second round (issue 29; threads.toml, thread_reading.py).

Two forms of a correction, each checked both ways. A correction that replaces only what a verb says — two clauses of
the same complementizer in contrast ("ne prijeti da će X nego da će Y") — keeps the verb: the verb with the new clause
is the act, and only the first clause is taken back; "nije ga udario nego ga odgurnuo" (no such clause) and "ne
prijeti da će X nego mu šalje poruke" (the replacing part opens no clause of the same word) read as before. The
spoken contracted past participle ("izvuko" for izvukao) is a verb of a correction's replacing part when it opens its
clause with a pronoun object after it ("izvuko ga iz auta"), so the correction replaces the act rather than its
manner; and a story's contracted verbs read after a clitic ("oborio je i otrgo joj torbu") are dropped from the
story kept beside a correction, as its other verbs are. Phrasings made up for these tests, not taken from any
benchmark's turns."""

from __future__ import annotations

from kodeks.answering.conversation import understand
from retrieval.search.thread_reading import cues, read_message, tells_an_act
from tests.thread_helpers import thread_of

DEBT = "lik pozajmio komšiji 2000 km, sad traži duplo i prijeti mu da će ga prebiti ako ne vrati"
NEIGHBOUR = "komšija rekao susjedu da će ga ubiti"
FOUND = "momak našao torbu na stanici, pare uzeo a torbu bacio u rijeku"
OLD_WOMAN = "napao ženu u parku, oborio je i otrgo joj lančić"
HIT = "lik udario konobara flašom"


def test_the_data_lists_the_new_classes() -> None:
    c = cues()
    assert "da" in c.complements and "ga" in c.verb_first and "i" in c.joining
    assert "dugo" in c.not_contracted


def test_a_replaced_clause_keeps_its_verb_as_the_act() -> None:
    """Through the bot's path: the verb of threatening stays, the new clause completes it; only the first clause's
    words are taken back."""
    understood = understand("ne prijeti da će ga prebiti nego da će mu ženi sve reći", thread_of(DEBT))
    assert understood.kind == "correction"
    assert understood.act.startswith("prijeti da ce") and "zeni" in understood.act  # the act is read folded
    reading = read_message("ne prijeti da će ga prebiti nego da će mu ženi sve reći", DEBT)
    assert reading.negated == ("prebiti",)
    assert "pozajmio" not in reading.story and "komšiji" in reading.story  # the story's setting, not its verbs
    said = read_message("nije rekao da će ga ubiti, nego da će mu zapaliti kuću", NEIGHBOUR)
    assert said.act.startswith("rekao da ce") and said.negated == ("ubiti",)


def test_without_two_clauses_of_one_word_the_correction_reads_as_before() -> None:
    """No clause after the verb: the verb is what is taken back; a replacing part that opens no such clause
    replaces the whole negated part, verb and all."""
    pushed = read_message("nije ga udario nego ga odgurnuo", HIT)
    assert pushed.negated == ("udario",) and pushed.act == "ga odgurnuo"
    messages = read_message("ne prijeti da će ga prebiti nego mu šalje poruke", DEBT)
    assert "prijeti" in messages.negated and not messages.act.startswith("prijeti da")


def test_a_contracted_verb_opening_the_replacing_part_replaces_the_act() -> None:
    """ "izvuko ga …" is the new act: the story is kept without its verbs ("uzeo", "bacio"), not with them as when
    the correction only told how ("nije ga našao, imao je ključ" keeps them: the manner of the same act)."""
    reading = read_message("ne, nije ga našao, izvuko ga iz tuđeg auta", FOUND)
    assert reading.kind == "correction" and reading.act == "izvuko ga iz tudjeg auta"
    assert "uzeo" not in reading.story.split() and "bacio" not in reading.story.split() and "torbu" in reading.story
    manner = read_message("ne, nije ga našao, imao je ključ od ormarića", FOUND)
    assert "uzeo" in manner.story.split()


def test_a_contracted_word_reads_as_a_verb_only_in_its_place() -> None:
    """Verb first before a pronoun object only in a correction's replacing part; an adverb of `not_contracted`
    never; a story's noun after its clause's own verb stays."""
    assert tells_an_act("ne, nije ga našao, izvuko ga iz tuđeg auta")
    assert not tells_an_act("dugo ga čeka ispred zgrade")  # an adverb, no verb first
    assert not tells_an_act("staklo mu na autu")  # outside a correction a noun may open so
    broke = read_message("ne, nije ga našao, razbio je staklo i uzeo je", FOUND)
    assert "staklo" in broke.act


def test_a_story_s_contracted_verb_is_dropped_with_its_other_verbs() -> None:
    reading = read_message("ne, nije je napao, uzeo joj lančić sa klupe dok je spavala", OLD_WOMAN)
    assert reading.kind == "correction"
    assert "otrgo" not in reading.story.split() and "oborio" not in reading.story.split()
    assert "lančić" in reading.story and "ženu" in reading.story
