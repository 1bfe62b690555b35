"""What tells two neighbours apart (the thesaurus's fifth law-side pass, issue 29/31). Within one code a sibling of
the same chapter with a near-identical title often stands above the article asked about (giving and taking a bribe,
an escape and its enabling, a base form and its aggravated form), and in the traffic law neighbouring untitled rules
share everyday words (stopping and parking, the lights, a motorway's lanes). The qualifier that tells them apart —
who does it, to whom, the means, the result, the place, the age, the kind of vehicle — reaches the words of the right
sibling's title. Invented stories, both ways: a story told by the qualifier reaches its sibling; a look-alike story
of the other sibling (or of another act holding the same circumstance) does not take it in."""

from __future__ import annotations

import pytest

from tests.retrieval_helpers import added_terms


@pytest.mark.parametrize(
    ("story", "sibling"),
    [
        # who gives, who takes
        ("vozač ponudio policajcu 50 KM da ne piše kaznu", "davanje dara"),
        ("na granici carinik uzeo 100 eura od vozača kamiona", "primanje dara"),
        # the prisoner, or the one who lets him out
        ("stražar je ostavio ćeliju otključanu i zatvorenik izašao", "omogućavanje bijega"),
        ("pritvorenik pobjegao iz policijske stanice kroz prozor", "bijeg osobe"),
        # what an official does with the office's money and things
        ("načelnik službenim autom na more sa porodicom", "posluga"),
        ("poštarka zadržala penzije trojice penzionera", "pronevjera u službi"),
        ("referent naplatio putovanje kojeg nije bilo", "prevara u službi"),
        ("matičar izdao lažni izvod iz knjige rođenih", "krivotvorenje službene isprave"),
        # a killing: the victim, the provocation, the birth; an act begun or prepared
        ("ubio policajca na dužnosti ispred stanice", "teško ubistvo"),
        ("ubila muža koji ju je tukao godinama", "ubistvo na mah"),
        ("rodila pa ostavila da umre u kupatilu", "čedomorstvo"),
        ("pokušao ga zadaviti kablom u podrumu", "pokušaj"),
        ("planirali pljačku pošte i nabavili maske i oružje", "pripremanje"),
        # theft: the place; force after the theft; blackmail by a secret
        ("ukrali iz crkve kandila i novac", "teška krađa"),
        ("zatekla ga u kući pa ju je udario i pobjegao", "razbojnička krađa"),
        ("traži novac da ne objavi njihove zajedničke slike", "ucjena"),
        ("vlasnik isključio podstanaru struju zbog kirije", "samovlašće"),
        # officers kept from acting, by one or by a crowd
        ("otimao se policiji pri privođenju", "sprečavanje službenog lica"),
        ("mještani spriječili policiju da uhapsi komšiju", "učestvovanje u grupi"),
        # sound or picture
        ("tajno snimao razgovor sa šefom telefonom", "tonsko snimanje"),
        ("komšija postavio kameru u njen hodnik", "snimanje slike"),
        # terrorism and elections
        ("slao novac teroristima preko posrednika", "financiranje terorističkih aktivnosti"),
        ("vrbovao mladiće za isil u podrumu kuće", "vrbovanje"),
        ("na biralištu je glasao dva puta", "prijevara pri glasanju"),
        ("član odbora slikao glasački listić birača", "tajnosti glasanja"),
        ("direktor tjera radnike da glasaju za njegovu stranku", "slobode odlučivanja birača"),
        # the victim's state, the offender's position, the child's age
        ("profesor tražio seks za ocjenu od studentice", "obljuba zloupotrebom položaja"),
        ("imao spolni odnos sa šesnaestogodišnjakinjom", "polna zloupotreba djeteta starijeg od petnaest godina"),
        ("spavao sa trinaestogodišnjakinjom iz susjedstva", "obljuba sa djetetom mlađim od petnaest godina"),
        ("ostavila bebu ispred bolnice u kutiji", "napuštanje djeteta"),
        ("dala mu da proba heroin u stanu", "omogućavanje uživanja opojnih droga"),
        # the traffic rules: the place, the lane, the lights, the vehicle, the measure
        ("vozač taksija stao na zebri da izbaci putnika", "ne smije da zaustavi ili parkira vozilo"),
        ("komšija parkirao ispred ulaza u zgradu", "prolazima i ulazima škola"),
        ("stao na zaustavnoj traci autoputa da telefonira", "ne smije da zaustavlja motorno vozilo"),
        ("vozi stalno lijevom trakom na autoputu", "krajnjom desnom saobraćajnom trakom"),
        ("šleper vozi lijevom trakom na autoputu sa tri trake", "vozači teretnih motornih vozila"),
        ("vozio danju bez svjetala kroz grad", "danju na vozilu moraju da budu upaljena kratka svjetla"),
        ("zaslijepio me dugim svjetlima u krivini", "kratka svjetla umjesto dugih svjetala"),
        ("koliko smije kamion van naselja", "brzina kretanja ograničava se za sljedeća vozila"),
        ("koliko dugo je bez vozačke zbog alkohola", "dok zabrana traje"),
    ],
)
def test_the_qualifier_reaches_the_right_sibling(story: str, sibling: str) -> None:
    assert sibling in added_terms(story, recognised_only=True), story


@pytest.mark.parametrize(
    ("story", "not_added"),
    [
        # the other side of a bribe
        ("policajac uzeo novac od vozača", "davanje dara"),
        ("vozač ponudio policajcu novac", "primanje dara"),
        # the prisoner alone, and a helper of another kind
        ("zatvorenik pobjegao iz zatvora preko zida", "omogućavanje bijega"),
        # the sound or the picture, not both
        ("snimio razgovor telefonom bez njegovog znanja", "snimanje slike"),
        ("kamera u kupatilu iznajmljenog stana", "tonsko snimanje"),
        # a vote cast twice is not a secret broken
        ("glasao dva puta na istim izborima", "tajnosti glasanja"),
        # a death on the road is no aggravated murder
        ("pijani vozač pregazio i ubio dijete na pješačkom", "teško ubistvo"),
        ("vozač kamiona ubio dvoje pješaka", "teško ubistvo"),
        # a girl's age in a story of another act
        ("šesnaestogodišnjakinja ukrala parfem iz prodavnice", "polna zloupotreba djeteta starijeg od petnaest godina"),
        ("trinaestogodišnjakinja udarena autom", "obljuba sa djetetom mlađim od petnaest godina"),
        # a match named without a violent act
        ("ukrali mu novčanik na utakmici", "sportskoj priredbi"),
        # a dog that bit is not a dog tortured
        ("pas ujeo dijete u parku", "mučenje i ubijanje životinja"),
        # the alcohol rule is not the ban
        ("vozio pijan sa 1,5 promila", "dok zabrana traje"),
        # parking on a pavement is not stopping on a motorway
        ("parkirao na trotoaru ispred pekare", "ne smije da zaustavlja motorno vozilo"),
    ],
)
def test_a_look_alike_of_the_other_sibling_does_not_take_it(story: str, not_added: str) -> None:
    assert not_added not in added_terms(story, recognised_only=True), story
