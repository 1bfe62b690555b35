"""The general part told as a story (the thesaurus's sixth law-side pass, issue 31). Officers rarely name a rule of
the codes' general part; they tell the story that raises it — he hit back when he was attacked, broke a window to
save a child, was caught at the door, gave it back, drove the car, heard voices, it happened years ago, thought it was
his, did it abroad. The story reaches the words of the rule's title in the codes' wordings (nužna odbrana / obrana,
krajnja nužda, pokušaj, dobrovoljni / dragovoljni odustanak, …). Invented stories, both ways: the situation adds the
title's words; the plain offence told without it does not."""

from __future__ import annotations

import pytest

from tests.retrieval_helpers import added_terms


@pytest.mark.parametrize(
    ("story", "title_words"),
    [
        ("udario ga flašom jer je on prvi napao ispred kafane", "nužna odbrana"),
        ("ubo napadača nožem u parku kad su ga napali", "nužna obrana"),
        ("razbio prozor da spasi dijete iz zapaljene kuće", "krajnja nužda"),
        ("komšija ubio psa koji je napao dijete", "krajnja nužda"),
        ("uhvaćen dok je obijao vrata podruma", "pokušaj"),
        ("pucao u komšiju ali promašio", "pokušaj"),
        ("pištolj nije bio napunjen kad je povukao okidač", "nepodoban pokušaj"),
        ("uzeo tašnu pa se pokajao i vratio sve što je uzeo", "dobrovoljni odustanak"),
        ("sam je ugasio vatru koju je zapalio u štali", "dragovoljni odustanak"),
        ("držao ga dok ga je drugi udarao", "saizvršilaštvo"),
        ("platio dvojici da ga pretuku", "podstrekavanje"),
        ("čekao ih u kolima dok su pljačkali kladionicu", "pomaganje"),
        ("javio im da je kuća prazna", "pomaganje"),
        ("napao majku jer kaže da čuje glasove", "neuračunljivost"),
        ("prestao piti terapiju i razbio stan", "ubrojivost"),
        ("pravda se da je bio pijan kad je udario ženu", "skrivljena neuračunljivost"),
        ("čistio pištolj pa ubio brata", "nehat"),
        ("zaboravila ugasiti šporet i izgorio stan", "nehaj"),
        ("uzeo pogrešan kofer na aerodromu", "stvarna zabluda"),
        ("stranac kaže da je kod njih to dozvoljeno", "pravna zabluda"),
        ("mjesecima uzimala iz kase po malo", "produženo krivično djelo"),
        ("hoće li mu oduzeti auto u kojem je prevozio drogu", "oduzimanje predmeta"),
        ("sud mu zabranio da vozi dvije godine", "zabrana upravljanja motornim vozilom"),
        ("dok je bio na uslovnoj opet ukrao", "uslovna osuda"),
        ("može li raditi u policiji sa osudom za krađu", "pravne posljedice osude"),
        ("računa li se pritvor u kaznu", "uračunavanje pritvora"),
        ("dječaci razbili izlog prodavnice", "maloljetnicima"),
        ("ukrao auto u Njemačkoj i dovezao ga ovamo", "van njene teritorije"),
        ("silovanje se desilo prije deset godina a tek sad prijavila", "zastarjelost krivičnog gonjenja"),
        ("da li je doktor službeno lice kad izdaje potvrde", "značenje izraza"),
    ],
)
def test_the_story_adds_the_general_part_rule(story: str, title_words: str) -> None:
    assert title_words in added_terms(story, recognised_only=True), story


@pytest.mark.parametrize(
    ("story", "not_added"),
    [
        # a blow, a knife or a killing told plainly is no defence
        ("udario ga flašom u glavu ispred kafane", "nužna odbrana"),
        ("ubo ga nožem u stomak", "nužna obrana"),
        # a window broken, a dog killed, a theft: no danger averted
        ("razbio prozor na autu i ukrao torbu", "krajnja nužda"),
        ("otrovao komšijinog psa", "krajnja nužda"),
        # a theft done is no attempt, a return no withdrawal
        ("ukrao novčanik iz jakne", "pokušaj"),
        ("vratio se kući kasno pijan", "dobrovoljni odustanak"),
        # one man alone, a car in a story of its own
        ("čekao ga ispred zgrade i udario", "pomaganje"),
        ("pretukao ga na parkingu", "saizvršilaštvo"),
        # drunk driving is not a drunk man's defence
        ("vozio pijan sa dva promila", "skrivljena neuračunljivost"),
        # a road death told plainly, an old crime reported at once
        ("udario pješaka na pješačkom prelazu", "nehat"),
        ("ukrali mu auto prije sat vremena", "zastarjelost krivičnog gonjenja"),
        # a foreigner's fine on the road, a driver's licence taken for speed
        ("kazna iz Hrvatske za brzinu", "van njene teritorije"),
        ("policija mu oduzela vozačku zbog brzine", "uslovna osuda"),
        # a child as a victim is no child offender
        ("pretukli dječaka ispred škole", "maloljetnicima"),
    ],
)
def test_the_plain_offence_does_not_add_it(story: str, not_added: str) -> None:
    assert not_added not in added_terms(story, recognised_only=True), story
