"""The forms officers type or dictate — a JMBG in groups, a dictated e-mail, a grouped IBAN, a date of birth in
words or Cyrillic or right after a name, an address with its town or in lower case without a cue, a surname that is
also a word of the language, a plate with dots or of another country, a phone dictated in words, an interleaved
document serial, a first name only its verb or an e-mail beside it shows, a declined road word with a floor, a
foreigner's name, a nickname in quotes, a -anin surname, a first name's possessive, a street after the town dictated
first, a house's letter in Cyrillic, a title after a hyphen in a street's name, a phone dictated after "plus", an
identity document's number in a phone's shape, a trade's noun as a surname, a nickname after "ga zovu", a word as a
surname, a name cut to an initial, a year of birth glued to "god.", numbers, plates and addresses from abroad, a phone
dictated with "crtica", a passport's number and an IBAN spelled letter by letter, the house number before the street,
an address in the English-speaking form, a plural of "živjeti" as a cue, a house's letter after a number in words, a
word as a first name before a surname, a first name's instrumental after "sa", an address broken by a hedge, a
settlement's block, the number before the street after "pod brojem", two coordinated addresses, a date of birth after
a slash or read off the identity card, a mobile dictated without its 0, another country's plate spelled, a foreigner's
name spelt with letters the language has not, a street after "iz <town>,", a full name before "na" and her street, a
street named after a group, a hamlet after "zaselak", a nickname in brackets after "zvani", "godine" after a date of
birth, a date of birth corrected year first, a woman's dative after a verb of telling, a first name's genitive owning
a dwelling, a nickname made from the first name, a plate with a space beside a dash, a street left undeclined after a
preposition, a date of birth after a citizenship — never
reach the stand-in Claude, the query log or the export: each form through the whole bot (the fake Bot API, the real
pipeline, a real query log)."""

from __future__ import annotations

import gzip
import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from kodeks.settings import Settings
from tests.fakes.anthropic_server import cite_first_passage, claude_settings
from tests.fakes.telegram_server import FakeTelegramServer
from tests.test_bot import ADMIN, OFFICER, running_bot

# (question, what of it must never leave or be stored, the placeholder Claude gets instead)
FORMS = {
    "jmbg-spaces": ("Ana Kovačević, JMBG 0101990 170003, vozila pijana", ("0101990 170003", "Kovačević"), "[JMBG]"),
    "jmbg-dots": ("osumnjičeni sa jmbg 010.199.017.000.3 udario radnika", ("010.199.017.000.3",), "[JMBG]"),
    "jmbg-dashes": ("prijavljen jmbg 0101990-170003 zbog krađe", ("0101990-170003",), "[JMBG]"),
    "email-dictated": (
        "prijetnje su stizale sa marko.markovic at gmail dot com, sta da radim",
        ("marko.markovic", "gmail"),
        "[EMAIL]",
    ),
    "email-spaces": ("pisao je sa adrese marko @ gmail.com prijetnje", ("marko @ gmail",), "[EMAIL]"),
    "iban-grouped": ("novac uplacen na racun BA39-1290-0794-0102-8494 prevara", ("1290-0794", "8494"), "[RAČUN]"),
    "birth-words": (
        "rođen dvadeset prvog marta hiljadu devetsto devedesete, da li je maloljetan",
        ("dvadeset prvog marta", "devedesete"),
        "[DATUM ROĐENJA]",
    ),
    "birth-cyrillic": ("осумњичени рођен 12. марта 1990. године, вожња у пијаном стању", ("марта", "1990"), "ROĐENJA]"),
    "address-town": (
        "stanuje u Titovoj 12, Banja Luka, prijavio krađu bicikla",
        ("Titovoj 12", "Banja Luka"),
        "[ADRESA]",
    ),
    "address-dictated-flat": (
        "stanuje na lipova dvanaest, stan 4, sprat 2, prijavila nasilje",
        ("lipova dvanaest", "stan 4"),
        "[ADRESA]",
    ),
    "address-cue-no-number": ("adresa stanovanja: ulica Isaka Lipovca, nije kod kuce", ("Lipovca",), "[ADRESA]"),
    "address-village": (
        "zivi u selu Lipovica kod Zvornika, prijavio prijetnje",
        ("Lipovica", "Zvornika"),
        "[ADRESA]",
    ),
    "name-after-cue": ("gospodin zulkan kaze da mu je ukraden auto, sta dalje", ("zulkan",), "[OSOBA 1]"),
    "name-ica-object": ("pretresli smo grbica bez naloga, je li to zakonito", ("grbica",), "[OSOBA 1]"),
    "address-before-ulica-cyrillic": ("станује у ул. Јасенова бр. 12, пријавила насиље", ("Јасенова",), "[ADRESA]"),
    "name-dictionary-surname": (
        "nermin lipovac i selma grabovac su svjedoci tuce",
        ("lipovac", "grabovac"),
        "[OSOBA 2]",
    ),
    "name-woman-undeclined-surname": ("kod senade lipovac smo nasli drogu u kupatilu", ("lipovac",), "[OSOBA 1]"),
    "name-unlisted-first-name": ("sa zulfom hadzicem smo razgovarali, sta dalje", ("zulfom", "hadzicem"), "[OSOBA 1]"),
    "address-lower-case-town": ("jasenova 12 zenica, komsija prijavio buku", ("jasenova", "zenica"), "[ADRESA]"),
    "address-lower-case-no-cue": ("tuca u lipovoj 12 sinoc oko ponoci", ("lipovoj",), "[ADRESA]"),
    "address-street-word-spoken-number": (
        "pretres u ulici lipovoj broj dvanaest bez naloga",
        ("lipovoj", "dvanaest"),
        "[ADRESA]",
    ),
    "birth-after-name-no-comma": ("marko markovic 12.03.1990 uhapsen zbog kradje", ("12.03.1990",), "ROĐENJA]"),
    "birth-dictated-month": ("rodjen je dvanaestog treceg devedesete, je li maloljetan", ("treceg",), "ROĐENJA]"),
    "plate-foreign": ("udario ga auto KA-HR 317 i otisao, sta sad", ("KA-HR",), "[TABLICE]"),
    "plate-dots": ("vozilo sa tablicama K45.T.908 pobjeglo sa mjesta nesrece", ("K45.T.908",), "[TABLICE]"),
    "phone-spoken": ("zove je sa 062 pet osam jedan nula dva tri i prijeti", ("pet osam jedan",), "[TELEFON]"),
    "document-interleaved": ("ima dvije licne, jednu 3KXA7B1M9 lažnu, koja je prava", ("3KXA7B1M9",), "[DOKUMENT]"),
    "name-sentence-start-verb": ("Sanja prodaje drogu ispred skole, sta da radimo", ("Sanja",), "[OSOBA 1]"),
    "name-beside-email": (
        "Nermina nermina.k@gmail.com kupila telefon preko oglasa i nema ga",
        ("Nermina", "nermina.k"),
        "[OSOBA 1]",
    ),
    "address-road-genitive-floor": (
        "komsija sa Jajačke ceste 9, III sprat, stan 4, Travnik prijeti",
        ("Jajačke", "Travnik"),
        "[ADRESA]",
    ),
    # the fifth round's classes (bench/masking/dev_writer2.jsonl, docs/privacy.md)
    "name-foreign": ("Jacek Nowak nema vozacku, vozio kamion", ("Jacek", "Nowak"), "[OSOBA 1]"),
    "name-quoted-nickname": ('onaj "Bimbo" opet prodaje travu kod skole', ("Bimbo",), "[OSOBA 1]"),
    "name-anin-surname": ("hodzanin je priveden zbog tuce, koliko ga drzimo", ("hodzanin",), "[OSOBA 1]"),
    "name-ica-before-infinitive": ("smijemo li grbica pretresti bez naloga", ("grbica",), "[OSOBA 1]"),
    "name-possessive": ("droga nadjena u Harisovom autu, sta dalje", ("Harisovom",), "[OSOBA 1]"),
    "name-family-plural": ("Lipovčići su se potukli na svadbi, ko je kriv", ("Lipovčići",), "[OSOBA 1]"),
    "name-newly-listed": ("Merjem je prijavila da joj prijeti bivsi", ("Merjem",), "[OSOBA 1]"),
    "address-town-first": ("bihac jasenova 14 nasilje u porodici, sta radimo", ("jasenova",), "[ADRESA]"),
    "address-town-first-spoken": (
        "travnik brezova broj sedamnaest hitno dodjite",
        ("brezova", "sedamnaest"),
        "[ADRESA]",
    ),
    "address-cyrillic-letter": ("станује у Јеловој 17в са мајком, пријавила насиље", ("Јеловој", "17в"), "[ADRESA]"),
    "address-hyphen-title": ("stan na Obali Ali-paše Lipovca 11 je obijen", ("Ali-paše", "Lipovca"), "[ADRESA]"),
    "address-label-no-count": ("ul. zelenih beretki 7 komsija prijavio buku", ("beretki",), "[ADRESA]"),
    "name-word-name-capitalised": ("Vera Golubac, vozila bez dozvole, sta dalje", ("Golubac",), "[OSOBA 1]"),
    "name-after-official": ("sudija Brezak je odredio pritvor, koliko traje", ("Brezak",), "[OSOBA 1]"),
    "address-capitals-broj": ("DOMAĆINSTVO U ULICI JELOVA BROJ 9, NASILJE", ("JELOVA",), "[ADRESA]"),
    "address-regnal-lower-case": ("stanuje u ulici kralja stjepana i 40, prijetnje", ("stjepana",), "[ADRESA]"),
    "address-lower-case-letter": ("buka iz stana u hrastovoj 21 c cijelu noc", ("hrastovoj",), "[ADRESA]"),
    "address-house-number-first": ("kuca broj 21 u selu Jelovac, provala", ("Jelovac",), "[ADRESA]"),
    # the sixth round's classes (bench/masking/dev_writer3.jsonl, docs/privacy.md)
    "phone-read-in-groups": (
        "zvala je sa nula sezdeset dva sedamsto osamnaest cetiri sto devet, prijeti",
        ("sedamsto", "osamnaest"),
        "[TELEFON]",
    ),
    "name-surname-possessive": ("auto je ostao u Lipovčićevom dvorištu, ko odgovara", ("Lipovčićevom",), "[OSOBA 1]"),
    "name-maiden": ("Mara Jelić rođena Hrastić trazi zabranu prilaska", ("Hrastić",), "[OSOBA"),
    "address-flat-in-words": ("stanuje na jelovoj broj sedam stan trinaest, ne otvara", ("trinaest",), "[ADRESA]"),
    "address-settlement-house": ("MZ Gornja Lipnica, kuća broj 14, ranjen muskarac", ("Lipnica",), "[ADRESA]"),
    # the seventh round's classes (bench/masking/dev_writer4.jsonl, docs/privacy.md)
    "jmbg-dictated": (
        "jmbg jedan dva nula tri devet osam sedam jedan nula pet jedan nula dva, da li je trazen",
        ("sedam jedan nula pet",),
        "[JMBG]",
    ),
    "document-in-groups": ("pasoš C 5518 907 ostao je kod nas, sta dalje", ("5518",), "[DOKUMENT]"),
    "address-resident-cue": ("nastanjen u Hrastovoj 7, Tuzla, ne dolazi na poziv", ("Hrastovoj",), "[ADRESA]"),
    "address-flat-before-town": ("nasilje jasenova 7 stan 3 tuzla, hitno", ("jasenova", "tuzla"), "[ADRESA]"),
    "name-after-demonstrative": ("onaj Ćiro sa pijace stalno krade, sta da radimo", ("Ćiro",), "[OSOBA 1]"),
    "plate-dictated": ("tablice te pedeset dva em sto devetnaest, vozac pobjegao", ("pedeset dva",), "[TABLICE]"),
    "name-foreign-three-words": ("prijavu je podnio Karim El Idrissi, konobar", ("Idrissi",), "[OSOBA 1]"),
    # the eighth round's classes (bench/masking/dev_writer5.jsonl, docs/privacy.md)
    "phone-dictated-after-plus": (
        "zvao je plus tri osam pet devet osam sedam sest pet cetiri tri dva, prijeti",
        ("devet osam sedam sest",),
        "[TELEFON]",
    ),
    "jmbg-colloquial-hundred": (
        "jmbg sedamnaest nula tri devetsto osamdeset pet sedamnaest cetristo trideset jedan dva, da li je trazen",
        ("cetristo trideset",),
        "[JMBG]",
    ),
    "document-in-a-phones-shape": (
        "bosanska licna karta 062345678 kod privedenog, sta dalje",
        ("062345678",),
        "[DOKUMENT]",
    ),
    "plate-foreign-vehicle-after": ("W-AB 7731 austrijski kamion stoji na parkingu", ("W-AB", "7731"), "[TABLICE]"),
    "address-block-flat-code": ("naselje Brezik 7, B2/11, razbijeno staklo", ("Brezik", "B2/11"), "[ADRESA]"),
    "name-town-like-after-address": ("Lipova 14, Samir Hrastić, prijetnje komsiji", ("Samir", "Hrastić"), "[OSOBA 1]"),
    "name-noun-surname": ("jelka vrabac kaze da joj je neko razbio auto", ("jelka", "vrabac"), "[OSOBA 1]"),
    "name-nickname-after-zovu": ("onaj sto ga zovu Lisica, ima zabranu prilaska", ("Lisica",), "[OSOBA 1]"),
    "name-two-word-first-name": ("Javed Gul Durrani spavao je u parku, sta sa njim", ("Javed", "Durrani"), "[OSOBA 1]"),
    "name-foreign-lower-case": ("zaustavili smo yusufa demirbasa na granici bez vize", ("demirbasa",), "[OSOBA 1]"),
    # the ninth round (docs/privacy.md "Ninth round")
    "name-word-surname": ("Uručili smo poziv Senadu Kamenu lično, a on ga je bacio", ("Kamenu",), "[OSOBA 1]"),
    "name-report-initial": ("Učesnici tuče: Lipić A. / Jelić B. / nepoznat", ("Lipić", "Jelić"), "[OSOBA"),
    "birth-year-glued": ("imam lika:LIPOVIC Sead,god.1979, da li ga mogu pretresti", ("1979",), "[DATUM ROĐENJA]"),
    "phone-abroad-after-word": ("tel. 0664 3318920 zove svaki dan, prijetnje", ("0664", "3318920"), "[TELEFON]"),
    "iban-after-iban": (
        "uplata sa AT952011182233445566 na BA591610000123456789,iznos 8000 KM",
        ("AT952011182233445566", "BA591610000123456789"),
        "[RAČUN",
    ),
    "plate-serial-with-letter": ("tablice G-41823K, vozač pobjegao", ("G-41823K",), "[TABLICE]"),
    "address-abroad-postcode": (
        "adresa Lindenstraße 45/3, 1100 Wien, treba li ambasada",
        ("Lindenstraße", "Wien"),
        "[ADRESA]",
    ),
    "address-flat-after-town": (
        "adresa hrastova broj dvadeset dva zenica stan jedanaest, buka",
        ("hrastova", "jedanaest"),
        "[ADRESA]",
    ),
    "phone-dictated-dashes": (
        "telefon nula šezdeset dva crtica trista dvadeset jedan crtica sto devetnaest zove je",
        ("trista dvadeset jedan",),
        "[TELEFON]",
    ),
    "document-spelled": (
        "pasoš broj ce razmak sedam tri jedan pet nula dva osam izdat u mostaru",
        ("sedam tri jedan pet nula dva osam",),
        "[DOKUMENT]",
    ),
    "iban-spelled": (
        "iban be a pet devet jedan šest jedan nula nula nula nula jedan dva tri četiri pet šest sedam osam devet",
        ("jedan dva tri četiri pet šest sedam osam devet",),
        "[RAČUN]",
    ),
    # the tenth round (docs/privacy.md "Tenth round")
    "address-house-first": ("Osumnjičena stanuje na 14 Hrastovoj, ne otvara vrata", ("Hrastovoj",), "[ADRESA]"),
    "address-english": (
        "brat mu živi u 221 Maple Avenue, Springfield, IL 62704, kako poslati poziv",
        ("Maple", "Springfield", "62704"),
        "[ADRESA]",
    ),
    "address-dwelling-plural": ("zive u brijesce 4 stan 7 zenica, pitam za nalog", ("brijesce",), "[ADRESA]"),
    "address-house-letter-spoken": (
        "adresa jasenova broj devet c, komšije se žale",
        ("jasenova", "devet c"),
        "[ADRESA]",
    ),
    "name-word-first-name": ("svjedok Vlada Lipović je došao u stanicu", ("Vlada", "Lipović"), "[OSOBA 1]"),
    "name-instrumental-after-with": ("s muharemom iz sela se posvađao, pa ga je udario", ("muharemom",), "[OSOBA 1]"),
    # the eleventh round (docs/privacy.md "Eleventh round")
    "name-said-again": (
        "Svjedok je Bogdan Brezić. Bogdan ima 50 godina, je li iskaz valjan?",
        ("Bogdan",),
        "[OSOBA 1]",
    ),
    "address-village-home": (
        "Ana Lipić živi kod brata u selu Brezova Glava, kako da joj uručimo poziv?",
        ("Brezova", "Glava"),
        "[ADRESA]",
    ),
    "address-village-by-town": ("Svjedok iz sela Jasenovo kod Kaknja nije došao", ("Jasenovo", "Kaknja"), "[ADRESA]"),
    "address-settlement-building": (
        "stanuje u naselju brezik zgrada sedam ulaz c drugi sprat, prijavio je krađu",
        ("brezik", "sedam"),
        "[ADRESA]",
    ),
    "address-for-delivery": ("Adresa za dostavu: Put za Kreševo 33, 70101 Lipa", ("Kreševo", "70101"), "[ADRESA]"),
    "email-dictated-in-words": (
        "mail mu je ana lipic u majmunu gmail tacka com, prijeti",
        ("lipic", "gmail"),
        "[EMAIL]",
    ),
    "document-cyrillic": ("Лична карта бр. 2ТК771045 нађена је у парку", ("2ТК771045",), "[DOKUMENT]"),
    # the twelfth round (docs/privacy.md "Twelfth round")
    "name-after-partner-word": ("prijetnje bivsoj djevojci amri preko vibera, sta radimo", ("amri",), "[OSOBA 1]"),
    "document-letter-alone": (
        "pasos broj d nula sedam tri devet cetiri jedan dva nadjen u autobusu",
        ("d nula sedam tri devet",),
        "[DOKUMENT]",
    ),
    "birth-year-in-a-list": (
        "Osumnjičeni LIPOVAC Dragan (Mile), 1976, da li ga privodimo?",
        ("1976", "LIPOVAC"),
        "[DATUM ROĐENJA]",
    ),
    "address-after-dwelling-and-town": (
        "ime Ana Lipić, živi kod majke u Tuzli, Armije BiH 15, prijavila je prevaru",
        ("Armije BiH 15",),
        "[ADRESA]",
    ),
    # the thirteenth round (docs/privacy.md "Thirteenth round")
    "plate-foreign-digits-first": ("Holandski auto, tablice 47-KLM-3, stoji na trotoaru", ("47-KLM-3",), "[TABLICE]"),
    "name-nickname-between": ("Na pijaci je Ivo «Ićo» Brezar prodavao duhan", ("Ićo", "Brezar"), "[OSOBA 1]"),
    "name-nickname-tied": (
        "Svi kažu da stoji „Škorpion“, a to je Ivo Lipić koji je izašao iz zatvora",
        ("Škorpion", "Lipić"),
        "[OSOBA 1]",
    ),
    "name-nickname-after-naming-verb": ("Svi ga zovu „Jazavac“ i prodaje travu", ("Jazavac",), "[OSOBA 1]"),
    "name-digraph-initial": ('Iz poruke: "Lj. Lipić mi duguje novac", šta da radim', ("Lj.", "Lipić"), "[OSOBA 1]"),
    "name-hyphen-initials": ("Svjedokinja K. L.-M. traži zaštitu identiteta", ("L.-M.",), "[OSOBA 1]"),
    "name-particle": ("Kamper Jeroen van der Lipa kampuje kraj rijeke", ("Jeroen", "van der Lipa"), "[OSOBA 1]"),
    "birth-year-apposition": ("Zaustavili smo K.L., 1996. god., bez vozačke", ("1996",), "[DATUM ROĐENJA]"),
    "name-before-age-in-words": (
        "Majka sa djecom, najstarije Ali star četiri godine, spavala je u parku",
        ("Ali",),
        "[OSOBA",
    ),
    "name-adjective-shaped-surname": ("Nađen je pasoš na ime Youssef Brezani, šta dalje", ("Brezani",), "[OSOBA 1]"),
    "name-after-demonstrative-neuter-shape": ("Opet dolazi onaj Brasko sa drugog sprata", ("Brasko",), "[OSOBA 1]"),
    "name-word-surname-saying": ("Vesna Zlopaka tvrdi da joj je komšija uzeo drva", ("Zlopaka",), "[OSOBA 1]"),
    "address-street-word-after-town": (
        "ja sam Ana Lipić iz Lipe Aleja Brezova 12 komšija mi pali gume",
        ("Aleja Brezova 12",),
        "[ADRESA]",
    ),
    "address-own-home": (
        "stalno stoji ispred moje zgrade u Jasenovih staza 9, je li to proganjanje",
        ("Jasenovih staza",),
        "[ADRESA]",
    ),
    # the fourteenth round (docs/privacy.md "Fourteenth round")
    "address-range": ("adresa Hrastova 12-14, Kakanj, komšije se svađaju", ("Hrastova 12-14", "12-14"), "[ADRESA]"),
    "address-slash-letter": (
        "Jasenova 21/B je adresa vlasnika psa koji je ujeo dijete",
        ("Jasenova 21/B",),
        "[ADRESA]",
    ),
    "address-official-spelling": (
        "Plavih ruža 14, Kakanj je adresa oštećenog, ko piše prijavu",
        ("Plavih ruža 14",),
        "[ADRESA]",
    ),
    "address-code-after-town": ("adresa Brezova 4, Tuzla 75000, jel moram upisati", ("Brezova 4", "75000"), "[ADRESA]"),
    "address-registered-cue": ("prijavljen na Osmog maja 22 a tamo niko ne živi", ("Osmog maja 22",), "[ADRESA]"),
    "address-entrance-roman": (
        "stanuje u Brezovoj 4, ulaz III, stan 23, ima psa bez brnjice",
        ("Brezovoj 4", "ulaz III", "stan 23"),
        "[ADRESA]",
    ),
    "address-dictated-slash": (
        "adresa prijave kralja tvrtka drugog dvadeset kosa crta tri zenica a on je u Njemačkoj",
        ("tvrtka drugog dvadeset", "kosa crta tri"),
        "[ADRESA]",
    ),
    "address-village-no-number": (
        "živi u selu Jasenovo bez broja kod Kaknja, kako dostaviti poziv",
        ("Jasenovo bez broja", "Kaknja"),
        "[ADRESA]",
    ),
    "birth-month-year": ("rodjen aprila 79 kaže, tačan datum ne zna", ("aprila 79",), "[DATUM ROĐENJA]"),
    # the fifteenth round (docs/privacy.md "Fifteenth round")
    "address-hedged": (
        "on stanuje u Brezniku, sad ću vidjeti, broj 8, treba li nalog suda",
        ("Brezniku",),
        "[ADRESA]",
    ),
    "address-settlement-block": (
        "naselje Hrastik, blok 6, stan 2 — pas laje cijelu noć, ko je nadležan",
        ("Hrastik", "blok 6", "stan 2"),
        "[ADRESA]",
    ),
    "address-number-under": (
        "razbijen prozor na kući pod brojem 9 u Lipovoj, Kakanj, šta upisati",
        ("Lipovoj",),
        "[ADRESA]",
    ),
    "address-coordinated": ("svađa između Lipove 3 i Lipove 9 traje danima", ("Lipove 3", "Lipove 9"), "[ADRESA 2]"),
    "birth-after-slash": (
        "Mirela Brezić / 14.02.1991 / Kakanj — tvrdi da joj je ukraden novčanik",
        ("14.02.1991",),
        "[DATUM ROĐENJA]",
    ),
    "birth-by-identity-card": (
        "zadržan Mato, po ličnoj 17.11.1979, bez vozačke dozvole, koja kazna",
        ("17.11.1979",),
        "[DATUM ROĐENJA]",
    ),
    # the sixteenth round (docs/privacy.md "Sixteenth round")
    "phone-mobile-without-zero": (
        "svjedok je na šezdeset jedan tristo dvadeset pet sto četrdeset osam, smijem li ga zvati",
        ("šezdeset jedan tristo dvadeset pet",),
        "[TELEFON]",
    ),
    "plate-abroad-spelled": (
        "njemačke tablice ka el crtica a be sedam sedam tri, vozač spava u kabini, šta radim",
        ("ka el crtica a be sedam sedam tri",),
        "[TABLICE]",
    ),
    "name-foreign-spelling": ("vozač dritan hoxha nije imao zeleni karton, koja kazna", ("hoxha", "dritan"), "[OSOBA"),
    "address-after-town": (
        "vozač Dino Lipić iz Kaknja, Brezovih grana 12 vozio je bez dozvole, koji član",
        ("Brezovih grana 12", "Kaknja"),
        "[ADRESA]",
    ),
    # the seventeenth round (docs/privacy.md "Seventeenth round")
    "name-then-street": (
        "kod Dine Lipića na Hrastove Grane 14, Kakanj nađena je droga, koji član",
        ("Lipića", "Hrastove Grane 14"),
        "[ADRESA]",
    ),
    "address-named-after-group": (
        "Mirna iz Palih jasenova 12 zove svako jutro zbog buke, šta da radim",
        ("Palih jasenova 12",),
        "[ADRESA]",
    ),
    "address-hamlet-zaselak": (
        "zaselak Brezići 4, Kakanj — pucnjava za Novu godinu, koji zakon",
        ("Brezići 4",),
        "[ADRESA]",
    ),
    "nickname-bracketed": ("osumnjičeni Dino Lipić zvani (Brko) prodaje drogu, treba li advokat", ("Brko",), "[OSOBA"),
    "birth-year-word": (
        "Lejla Brezić, rođena 14. maja 1987. godine, prijavila je krađu",
        ("14. maja 1987.",),
        "[DATUM ROĐENJA]",
    ),
    "birth-corrected-year-first": (
        "Lejla Brezić 04.06.1992 ne, 1992 04 06 piše u ličnoj, koji datum upisujem",
        ("1992 04 06", "04.06.1992"),
        "[DATUM ROĐENJA",
    ),
    # the eighteenth round (docs/privacy.md "Eighteenth round")
    "name-dative-after-telling": (
        "komšija je rekao lejli da će joj zapaliti auto, koji je to član",
        ("lejli",),
        "[OSOBA",
    ),
    "name-genitive-owning-a-dwelling": (
        "kod amre smo našli pištolj u stanu bez dozvole, koji član",
        ("amre",),
        "[OSOBA",
    ),
    # the nineteenth round (docs/privacy.md "Nineteenth round")
    "name-in-its-kin-words-case": (
        "razgovarali smo sa sestrom jagodom, treba li zapisnik",
        ("jagodom",),
        "[OSOBA",
    ),
    "names-joined-before-a-plural-verb": (
        "jadran i neven odnijeli bicikl ispred škole, koji je to član",
        ("jadran", "neven"),
        "[OSOBA",
    ),
    "name-oblique-after-a-preposition": (
        "uzeli smo izjavu od aldine bez advokata, vrijedi li",
        ("aldine",),
        "[OSOBA",
    ),
    # the twenty-first round (docs/privacy.md "Twenty-first round")
    "nickname-made-from-the-first-name": (
        "zdravko lipić (zdrale) prijetio susjedu sjekirom, je li to ugrožavanje sigurnosti",
        ("zdrale", "lipić"),
        "[OSOBA",
    ),
    "plate-with-a-space-beside-a-dash": (
        "vozač sa tablicama E41-K- 309 pobjegao sa lica mjesta, koja je kazna",
        ("E41-K- 309", "309"),
        "[TABLICE]",
    ),
    "street-undeclined-after-a-preposition": (
        "vozilo ostavljeno ispred lipicevija 9 na trotoaru, može li pauk",
        ("lipicevija",),
        "[ADRESA]",
    ),
    "date-of-birth-after-citizenship": (
        "radmila lipović, austrijska državljanka, 14 mart 1981, vozila bez dozvole, kako postupiti",
        ("14 mart 1981", "lipović"),
        "[DATUM ROĐENJA]",
    ),
    # the twenty-fifth round (docs/privacy.md "Twenty-fifth round")
    "address-as-a-chain-of-places": (
        "vidjen u Tuzla, Lipovac, Brezova 12, smijemo li ući bez naloga",
        ("Lipovac", "Brezova 12"),
        "[ADRESA]",
    ),
    "house-by-its-place-without-a-street": (
        "u Kaknju, Gornji Lipovac, kuća broj dvanaest živi svjedok, kako ga pozvati",
        ("Lipovac", "dvanaest"),
        "[ADRESA]",
    ),
    # the twenty-sixth round (docs/privacy.md "Twenty-sixth round")
    "lower-case-street-by-its-street-word": (
        "ona je tu, zivi put brezovih lipa 17, zenica, ima li pravo na advokata",
        ("brezovih", "lipa 17"),
        "[ADRESA]",
    ),
    "year-of-birth-after-a-childs-noun": (
        "maloljetan je, dijete iz 2011, uhvaćen sa nožem u školi, ko obavještava roditelje",
        ("2011",),
        "[DATUM ROĐENJA]",
    ),
    # the twenty-seventh round (docs/privacy.md "Twenty-seventh round")
    "possessive-of-a-surname-before-kin": (
        "a kvaricev zet je vozio bez dozvole, jel i on odgovara",
        ("kvaricev",),
        "[OSOBA",
    ),
    "declined-surname-after-a-demonstrative": (
        "sta da radimo protiv tog kvarica, opet prijeti komsiji",
        ("kvarica",),
        "[OSOBA",
    ),
    # the twenty-eighth round (docs/privacy.md "Twenty-eighth round")
    "first-names-possessive-before-a-thing-owned": (
        "zdenkovo oruzje je registrovano na oca koji je umro, ko je sad vlasnik",
        ("zdenkovo",),
        "[OSOBA",
    ),
    "familys-plural-before-su": (
        "kvarevici su inace poznati, smijemo li to napisat u izvjestaj",
        ("kvarevici",),
        "[OSOBA",
    ),
    # the twenty-ninth round (docs/privacy.md "Twenty-ninth round")
    "village-named-like-a-town-with-its-house": (
        "prijavljena na adresi Maglaj 71, a djelo je pocinjeno u Tuzli, ko je nadlezan",
        ("Maglaj 71",),
        "[ADRESA]",
    ),
    "street-named-by-a-date-after-its-town": (
        "prijava od svjedoka iz Zenica, Ulica 17. studenoga 14, susjed mu posjekao stablo",
        ("Zenica", "studenoga 14"),
        "[ADRESA]",
    ),
}


def leaks(personal: tuple[str, ...], text: str) -> bool:
    """Whether any of the personal parts appears in the text as a whole token: a short run of digits such as an
    IBAN's last group also occurs inside a stored score or a latency ("0.78494"), which is not a leak."""
    return any(re.search(rf"(?<!\w){re.escape(part)}(?!\w)", text) for part in personal)


@pytest.mark.parametrize("form", sorted(FORMS))
async def test_each_form_stays_masked_through_the_bot(
    form: str,
    telegram_server: FakeTelegramServer,
    settings: Settings,
    retriever: Any,
    log_path: Path,
    fake_anthropic: Any,
) -> None:
    question, personal, placeholder = FORMS[form]
    fake_anthropic.default = cite_first_passage
    async with running_bot(telegram_server, claude_settings(fake_anthropic, base=settings), retriever, log_path):
        telegram_server.send_text(OFFICER, question)
        await telegram_server.wait_messages(OFFICER, 1, timeout=60)
        telegram_server.send_text(ADMIN, "/export")
        await telegram_server.wait_call("sendDocument", timeout=60)
    wire = json.dumps(fake_anthropic.requests, ensure_ascii=False)
    assert fake_anthropic.requests and placeholder in wire
    assert not leaks(personal, wire), wire
    con = sqlite3.connect(log_path)
    for table in ("queries", "pending"):
        stored = json.dumps(con.execute(f"SELECT * FROM {table}").fetchall(), ensure_ascii=False)
        assert not leaks(personal, stored), (table, stored)
    [document] = telegram_server.calls_to("sendDocument")
    exported = gzip.decompress(next(iter(document.files.values()))[1]).decode("utf-8")
    assert placeholder in exported and not leaks(personal, exported)
