"""The act told by its pieces (the thesaurus's fourth law-side pass, issue 29/31). Officers often tell an act not by
its verb but by its pieces: who was hit, what was taken, the means, the place, the result. Invented stories, both
ways: a story told by the pieces reaches its offence; a story of another act that holds a like piece (a guard hit
at a club's door, a pistol pointed in a threat, a phone taken out of a pocket, a van in a crash, a flat's ad) does
not take the offence in."""

from __future__ import annotations

import pytest

from tests.retrieval_helpers import added_terms


@pytest.mark.parametrize(
    ("story", "offence"),
    [
        # who was hit
        ("pijani mladić zamahnuo nožem na policajca kod stanice", "napad na službeno lice u vršenju službene dužnosti"),
        ("na prelazu je udario carinika šakom", "napad na službeno lice u vršenju službene dužnosti"),
        ("optuženi je nakon ročišta nasrnuo na sudiju", "napad na sudiju i javnog tužioca"),
        # what was taken
        ("noću pretočio gorivo iz bagera na gradilištu", "krađa"),
        ("sa napuštene trafostanice skinuo bakar", "krađa"),
        ("iz štale odveli krave dok je bio na njivi", "krađa"),
        ("traktorom vozi drva iz državne šume", "šumska krađa"),
        # the means
        ("baki se javio kao unuk i tražio 3000 KM", "prevara"),
        ("dala kaparu za stan a vlasnika nema", "prevara"),
        ("odštampao vozačku kod kuće na printeru", "falsifikovanje isprave"),
        ("na ličnoj karti zalijepio svoju sliku", "falsifikovanje isprave"),
        ("firma izdavala fiktivne fakture za povrat poreza", "lažna porezna isprava"),
        ("prijetio nož kasirki i uzeo pazar", "razbojništvo"),
        # the place
        ("u tovarnom prostoru skriveni u kombiju desetak stranaca", "krijumčarenje ljudi"),
        ("prešli su mimo graničnog prelaza kroz šumu", "krijumčarenje"),
        ("u kafiću aparati bez dozvole", "organizovanje nedozvoljenih igara na sreću"),
        # the result
        ("kuća ima struju mimo brojila", "krađa električne energije"),
        ("komšija nakačio se na struju sa stuba", "krađa električne energije"),
        ("nepokretni otac ležao bez njege danima", "napuštanje nemoćnog lica"),
        ("pothranjeno dijete nađeno u stanu", "zapuštanje i zlostavljanje djeteta"),
    ],
)
def test_an_act_told_by_its_pieces_reaches_its_offence(story: str, offence: str) -> None:
    assert offence in added_terms(story, recognised_only=True), story


@pytest.mark.parametrize(
    ("story", "not_added"),
    [
        # a guard hit at a club's door is bodily harm, not a robbery
        ("zaštitar ispred kluba udario gosta", "razbojništvo"),
        ("udario zaštitara na ulazu u diskoteku", "razbojništvo"),
        # a phone taken out of one's own pocket is no theft
        ("izvadio mobitel iz džepa i snimao", "krađa"),
        # a van with people in a crash is no smuggling
        ("kombi sa osam ljudi sletio s puta", "krijumčarenje ljudi"),
        # a flat's ad is no fraud by itself
        ("vidio oglas za stan i pitao za cijenu", "prevara"),
        # a son who had an accident on the road is no grandson scam
        ("sin imao nesreću autom na magistrali", "prevara"),
        # an officer hurt in a road accident was not attacked
        ("policajac povrijeđen u saobraćajnoj nesreći", "napad na sudiju i javnog tužioca"),
        # a meter read, a licence printed for a rule question
        ("kako se očitava brojilo struje", "krađa električne energije"),
    ],
)
def test_a_like_piece_of_another_act_does_not_pull_the_offence(story: str, not_added: str) -> None:
    assert not_added not in added_terms(story, recognised_only=True), story
