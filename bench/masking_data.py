"""Writes bench/masking/questions.jsonl: synthetic officers' questions with personal data, labelled span by span.

    .venv/bin/python bench/masking_data.py          # rewrites the file (deterministic: seed 23)

Templates are written by hand as officers type them (short, lower case, without č/ć/š/ž/đ, sometimes in
Cyrillic or in capitals); the values are generated: JMBGs and IBANs / account numbers with correct check
digits, plates, phones, documents, dates and addresses in the formats officers use. Each line:
`{"id", "text", "spans": [{"start", "end", "kind"}], "split": "tune" | "heldout"}`.

Held out: the odd templates, and separate pools of names, streets and numbers, are `heldout` — the
recogniser is tuned on `tune` only, and `heldout` is measured once (docs/benchmarks.md).
Clean questions (no personal data; `spans` empty) are in the same file.
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

from stdnum import iban as stdnum_iban
from stdnum.si import emso

sys.path.append(str(Path(__file__).resolve().parents[1]))
from retrieval.language.normalize import to_cyrillic

OUT = Path(__file__).resolve().parent / "masking" / "questions.jsonl"
SEED = 23

# --- value pools: [tune, heldout] -------------------------------------------------------------------------
# A third pool, tune only: first names the lexicon does not list, so tuning sees names it cannot look up.
EXTRA_MALE = ["Spasoje", "Ranko", "Cvijetin", "Gojko", "Husnija", "Rifet", "Ibro", "Šefik", "Mišo", "Dobrica"]
EXTRA_FEMALE = ["Nevzeta", "Rabija", "Stojanka", "Dušica", "Božana", "Zlatija", "Hajrija", "Milosava"]
EXTRA_SURNAMES = ["Ćatić", "Mešić", "Gojković", "Vasić", "Rašić", "Kurtović", "Mandić", "Đukić", "Šabić", "Lalić"]
MALE = [
    ["Marko", "Dragan", "Emir", "Ivan", "Nenad", "Senad", "Zoran", "Mirsad", "Goran", "Adnan", "Petar", "Haris"],
    ["Nikola", "Damir", "Slobodan", "Kenan", "Josip", "Radenko", "Vukan", "Ostoja", "Jozo", "Edin", "Mladen", "Tarik"],
]
FEMALE = [
    ["Ana", "Amra", "Jelena", "Selma", "Ivana", "Dragana", "Lejla", "Mirjana", "Azra", "Sanja"],
    ["Emina", "Gordana", "Marija", "Aida", "Slađana", "Mevlida", "Biljana", "Nermina", "Vesna", "Ljiljana"],
]
SURNAMES = [
    [
        "Marković",
        "Hodžić",
        "Petrović",
        "Kovačević",
        "Delić",
        "Babić",
        "Kovač",
        "Jurić",
        "Mehmedović",
        "Savić",
        "Šarac",
        "Begović",
        "Horvat",
        "Tadić",
    ],
    [
        "Nikolić",
        "Hadžiahmetović",
        "Jovanović",
        "Mujić",
        "Knežević",
        "Pašić",
        "Zec",
        "Ilić",
        "Čolaković",
        "Tomić",
        "Dizdar",
        "Lukić",
        "Husić",
        "Vuković",
    ],
]
STREETS = [
    [
        "Maršala Tita",
        "Zmaja od Bosne",
        "Ferhadija",
        "Titova",
        "Kralja Tvrtka",
        "Vase Pelagića",
        "Safeta Hadžića",
        "Bulevar Meše Selimovića",
        "Njegoševa",
    ],
    [
        "Kralja Petra I",
        "Alipašina",
        "Kneza Miloša",
        "Branilaca Sarajeva",
        "Hamdije Kreševljakovića",
        "Jevrejska",
        "Ive Andrića",
        "Trg heroja",
        "Stjepana Radića",
    ],
]
EMAIL_DOMAINS = [["gmail.com", "hotmail.com", "bih.net.ba"], ["yahoo.com", "outlook.com", "teol.net"]]
MONTHS = [
    "januara",
    "februara",
    "marta",
    "aprila",
    "maja",
    "juna",
    "jula",
    "augusta",
    "septembra",
    "oktobra",
    "novembra",
    "decembra",
]

# --- templates: {KIND} slots; PERSON slots may carry a case: {PERSON:acc} -----------------------------
TEMPLATES = [
    "{PERSON} jmbg {JMBG} vozio pijan auto {PLATE}, sta mu slijedi",
    "zaustavio sam vozilo {PLATE}, vozac {PERSON} nema vozacku, koja je kazna",
    "{PERSON} prijetio komsiji sa broja {PHONE}, je li to krivicno djelo",
    "komsija {PERSON:nom} stanuje u ulici {ADDRESS} i tuce zenu, sta da radim",
    "prijava protiv {PERSON:gen} zbog prevare, uplatio mu je novac na racun {IBAN}",
    "osumnjiceni {PERSON}, rodjen {DOB}, lk broj {DOC}, ukrao mobitel",
    "{PERSON} mi salje prijetnje na mail {EMAIL} i zove sa {PHONE}",
    "udario je {PERSON:acc} flasom u kafani, koja je kvalifikacija",
    "maloljetni {PERSON} rodjen {DOB} vozio {PLATE} bez dozvole",
    "{PERSON} je dao lazni pasos broj {DOC} na granici",
    "stranka {PERSON} jmbg {JMBG} trazi da joj vratimo licnu kartu",
    "{PERSON} i {PERSON} se potukli ispred kluba, {PERSON:nom1} ima ranu",
    "vozilo {PLATE} parkirano na adresi {ADDRESS}, vlasnik {PERSON}, sta ako ne plati kaznu",
    "{PERSON} ima vozacku dozvolu broj {DOC} a vozio je pod dejstvom alkohola",
    "nasilje u porodici: {PERSON} udario suprugu {PERSON:acc}, adresa {ADDRESS}",
    "dojava sa broja {PHONE}: {PERSON} prodaje drogu kod skole",
    "{PERSON:gen} smo zatekli kako obija auto {PLATE}",
    "kako uzeti izjavu od {PERSON:gen} jmbg {JMBG} koji je svjedok",
    "sumnja na pranje novca, racun {IBAN} glasi na {PERSON:acc}",
    "{PERSON} godiste {DOB} ne zeli dati alkotest",
    "{PERSON} stalno zove bivsu zenu na {PHONE}, je li to proganjanje",
    "ukraden auto {PLATE} sa adrese {ADDRESS}, vlasnik {PERSON} tel {PHONE}",
    "na e-mail {EMAIL} stize ucjena, posiljalac {PERSON}",
    "{PERSON} falsifikovao saobracajnu dozvolu br. {DOC}",
    "lisen slobode {PERSON} jmbg {JMBG}, koliko ga mozemo drzati",
    "pretres stana {PERSON:gen} u {ADDRESS}, treba li naredba suda",
    "da li smijem dati podatke o {PERSON:dat} njegovom advokatu",
    "{PERSON} ({DOB}) pobjegao sa mjesta nesrece, vozilo {PLATE}",
    "oduzeli smo telefon {PERSON:dat}, broj {PHONE}, moze li se pregledati bez naloga",
    "{PERSON} uplatio mito na racun {IBAN}, sta je to po zakonu",
    "prekrsajni nalog za {PERSON:acc}, {ADDRESS}, vozilo {PLATE}",
    "{PERSON} se predstavlja lazno kao policajac, javlja se sa {PHONE} i {EMAIL}",
    "pronadjena licna karta br {DOC} na ime {PERSON}",
    "{PERSON} jmbg {JMBG} i {PERSON} jmbg {JMBG} ukrali gorivo",
    "prijavila je {PERSON} da joj je {PERSON} ukrao novcanik",
    "broj sasije {DOC} na vozilu {PLATE} je prebrusen",
    "svjedok {PERSON}, datum rodjenja {DOB}, stanuje {ADDRESS}",
    "koja je kazna za {PERSON:acc} koji je vozio {PLATE} 150 na sat",
    "{PERSON} prijetila komsinici {PERSON:dat} nozem",
    "kontakt osumnjicenog {PHONE}, mail {EMAIL}, ime {PERSON}",
]

CLEAN = [
    "sta ako vozac odbije alkotest",
    "koja je kazna za kradju mobitela u RS",
    "član 42 stav 2 KZ FBiH sta kaze",
    "neko mi je krivotvorio potpis na ugovoru",
    "vozio 120 km/h u naselju, koja je kazna",
    "imao je 1,5 promila alkohola u krvi",
    "Krivični zakon Republike Srpske, član 124",
    "sta kaze zakon o policijskim sluzbenicima o upotrebi sile",
    "kad se moze lisiti slobode osoba bez naloga",
    "nasilje u porodici u Banja Luci, sta propisuje zakon",
    "Službeni glasnik RS 64/17, izmjene zakona",
    "tuca ispred kafica u Sarajevu, dvojica povrijedjena",
    "maloljetnik od 16 godina vozio BMW X5 bez dozvole",
    "mladić je ukrao listić lota iz trafike",
    "za Božić je bio nered na trgu, ko je nadlezan",
    "koliko moze trajati zadrzavanje, 24 sata ili 48",
    "Ustavni sud BiH i ljudska prava pritvorenika",
    "prekrsaj po clanu 187 Zakona o bezbjednosti saobracaja",
    "Golf 4 bez registracije na parkingu, sta radimo",
    "pijan vozac udario pjesaka na pjesackom prelazu",
    "oduzimanje oruzja bez dozvole, koji clan",
    "kradja goriva iz kamiona na pumpi kod Zenice",
    "novcana kazna od 1.000 do 3.000 KM, ko je izrice",
    "Dana 12.03.2024. oko 14 sati prijavljena kradja",
    "da li je prijetnja preko Vibera krivicno djelo",
    "sta je teska tjelesna povreda",
    "Zakon o prekrsajima FBiH član 33",
    "Kazneni zakon FBiH, članak 286",
    "pas ujeo dijete u parku, ko odgovara",
    "policijska stanica Centar trazi pojacanje",
    "MUP RS i SIPA zajednicka akcija, ko vodi",
    "kako se radi uvidjaj saobracajne nezgode",
    "osoba odbija dati licnu kartu na uvid",
    "sta ako neko vozi bez vozacke dozvole",
    "prodaja alkohola maloljetnicima u prodavnici",
    "razbio je izlog trgovine u Mostaru",
    "Zakon o krivicnom postupku, clan 139 stav 1",
    "bacao petarde na utakmici, koja je kazna",
    "prijetio je da ce zapaliti kucu",
    "ukrao je 3 telefona i 200 KM iz kase",
    "Ima li Brčko Distrikt svoj krivični zakon",
    "uvreda policijskog sluzbenika na duznosti",
    "Zakon o javnom redu i miru RS, clan 8",
    "od 2019. do 2021. godine primao mito",
    "u roku od 8 dana od dostavljanja rjesenja",
    "koliko je zastara za prekrsaj",
    "Vozač Opel Astre nije imao tehnički",
    "zlostavljanje zivotinja, koji zakon",
    "kradja u Tuzli, vrijednost 500 KM",
    "lazno prijavljivanje krivicnog djela",
]

PLAIN = str.maketrans("čćšžđČĆŠŽĐ", "ccszdCCSZD")


STYLES = ["officer", "officer", "officer", "plain", "proper", "cyrillic", "caps"]


def styled(segment: str, style: str, structured: bool) -> str:
    """How the officer typed it: lower case without diacritics (most), without diacritics, properly,
    in Cyrillic (not e-mails or numbers with Latin letters), or names in capitals."""
    if style == "officer":
        return segment.translate(PLAIN).lower()
    if style == "plain":
        return segment.translate(PLAIN)
    if style == "cyrillic" and not structured:
        return to_cyrillic(segment)
    if style == "caps" and not structured and segment[:1].isupper():
        return segment.upper()
    return segment


# --- generated values ------------------------------------------------------------------------------
def jmbg(rng: random.Random) -> tuple[str, str]:
    """A JMBG with a correct check digit, and the date of birth it holds."""
    while True:
        day, month, year = rng.randint(1, 28), rng.randint(1, 12), rng.randint(1945, 2006)
        body = f"{day:02d}{month:02d}{year % 1000:03d}{rng.randint(10, 19)}{rng.randint(0, 999):03d}"
        if -sum(int(n) * w for n, w in zip(body, (7, 6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2))) % 11 == 10:
            continue  # such numbers are not issued
        number = body + emso.calc_check_digit(body)
        assert emso.is_valid(number)
        return number, f"{day}.{month}.{year}"


def account(rng: random.Random) -> str:
    body = "".join(str(rng.randint(0, 9)) for _ in range(14))
    return body + f"{98 - int(body + '00') % 97:02d}"


def iban(rng: random.Random) -> str:
    acc = account(rng)
    check = stdnum_iban.calc_check_digits("BA00" + acc)
    number = f"BA{check}{acc}"
    assert stdnum_iban.is_valid(number)
    form = rng.choice(["compact", "grouped", "grouped", "domestic", "dashed"])
    if form == "compact":
        return number
    if form == "grouped":
        return " ".join(number[i : i + 4] for i in range(0, len(number), 4))
    if form == "domestic":
        return acc
    return f"{acc[:3]}-{acc[3:6]}-{acc[6:14]}-{acc[14:]}"


def plate(rng: random.Random) -> str:
    letters = "AEJKMOT"
    d = lambda n: "".join(str(rng.randint(0, 9)) for _ in range(n))  # noqa: E731 - a one-line digit or letter generator
    form = rng.randint(0, 7)
    if form <= 1:
        return f"{rng.choice(letters)}{d(2)}-{rng.choice(letters)}-{d(3)}"
    if form == 2:
        return f"{d(3)}-{rng.choice(letters)}-{d(3)}"
    if form == 3:
        return f"{rng.choice(letters)}{d(2)}{rng.choice(letters)}{d(3)}"
    if form == 4:
        return f"{d(3)}{rng.choice(letters)}{d(3)}"
    if form == 5:
        return f"{rng.choice(['SA', 'BL', 'MO', 'TZ', 'ZE'])} {d(3)}-{d(3)}"
    if form == 6:
        return f"{rng.choice(['BG', 'NS', 'ZG', 'ST'])} {d(rng.choice([3, 4]))}-{rng.choice(['AB', 'KT', 'MJ'])}"
    return f"{rng.choice(letters)}{d(2)} {rng.choice(letters)} {d(3)}"


def phone(rng: random.Random) -> str:
    d = lambda n: "".join(str(rng.randint(0, 9)) for _ in range(n))  # noqa: E731 - a one-line digit or letter generator
    prefix = rng.choice(["61", "62", "63", "65", "60"])
    form = rng.randint(0, 8)
    if form == 0:
        return f"0{prefix} {d(3)} {d(3)}"
    if form == 1:
        return f"0{prefix}/{d(3)}-{d(3)}"
    if form == 2:
        return f"0{prefix}{d(6)}"
    if form == 3:
        return f"+387 {prefix} {d(3)} {d(3)}"
    if form == 4:
        return f"+387{prefix}{d(6)}"
    if form == 5:
        return f"00387 {prefix} {d(3)} {d(3)}"
    if form == 6:
        return f"0{rng.choice(['64', '66', '67'])} {d(3)} {d(4)}"
    if form == 7:
        return f"0{rng.choice(['33', '51', '35', '36'])} {d(3)} {d(3)}"
    return f"+{rng.choice(['381 64', '385 91', '49 176'])} {d(3)} {d(4)}"


def email(rng: random.Random, first: str, last: str, split: int) -> str:
    f, s = first.translate(PLAIN).lower(), last.translate(PLAIN).lower()
    user = rng.choice(
        [f"{f}.{s}", f"{f}{rng.randint(1, 99)}", f"{f[0]}{s}", f"{s}_{f}", f"{f}.{s}{rng.randint(70, 99)}"]
    )
    return f"{user}@{rng.choice(EMAIL_DOMAINS[split % 2])}"


def document(rng: random.Random) -> str:
    d = lambda n: "".join(str(rng.randint(0, 9)) for _ in range(n))  # noqa: E731 - a one-line digit or letter generator
    up = lambda n: "".join(rng.choice("ABCEJKMT") for _ in range(n))  # noqa: E731 - a one-line digit or letter generator
    form = rng.randint(0, 5)
    if form == 0:
        return f"{d(1)}{up(1)}{d(3)}{up(3)}{d(1)}"  # lična karta, e.g. 1E181TKT3
    if form == 1:
        return f"{d(2)}{up(1)}{d(6)}"
    if form == 2:
        return f"{up(1)}{d(7)}"  # passport
    if form == 3:
        return d(9)
    if form == 4:
        return f"{up(2)}{d(7)}"
    vin = "WVWZZZ" + up(1) + d(2) + up(1) + "W" + d(6)
    return vin[:17]


def dob(rng: random.Random) -> str:
    day, month, year = rng.randint(1, 28), rng.randint(1, 12), rng.randint(1950, 2007)
    return rng.choice(
        [
            f"{day:02d}.{month:02d}.{year}",
            f"{day}.{month}.{year}.",
            f"{year}.",
            f"{day:02d}/{month:02d}/{year}",
            f"{day}. {MONTHS[month - 1]} {year}",
            f"{year}",
        ]
    )


def address(rng: random.Random, split: int) -> str:
    number = rng.choice(
        [str(rng.randint(1, 120)), f"{rng.randint(1, 60)}a", f"{rng.randint(1, 90)}/{rng.randint(1, 9)}", "bb"]
    )
    return f"{rng.choice(STREETS[split % 2])} {number}"


# --- persons, declined -------------------------------------------------------------------------------
def declined_first(name: str, case: str, female: bool) -> str:
    if case == "nom":
        return name
    endings = {"acc": ("u", "a"), "gen": ("e", "a"), "dat": ("i", "u")}[case]
    if female or name.endswith("a"):  # Nikola, Husnija decline like Ana
        return name[:-1] + endings[0] if name.endswith("a") else name
    if name.endswith("o"):
        return name[:-1] + endings[1]
    return name + endings[1]


def declined_surname(name: str, case: str, female: bool) -> str:
    if female or case == "nom" or not name.endswith("ić"):
        return name if female or case == "nom" else name + {"acc": "a", "gen": "a", "dat": "u"}[case]
    return name + {"acc": "a", "gen": "a", "dat": "u"}[case]


def person(rng: random.Random, split: int, case: str) -> tuple[str, str, str]:
    female = rng.random() < 0.4
    pools = (FEMALE, MALE, SURNAMES) if split < 2 else ([EXTRA_FEMALE] * 3, [EXTRA_MALE] * 3, [EXTRA_SURNAMES] * 3)
    first = rng.choice((pools[0] if female else pools[1])[split % 2])
    last = rng.choice(pools[2][split % 2])
    form = rng.choice(["full", "full", "full", "surname_first", "first_only", "surname_only"])
    f, s = declined_first(first, case, female), declined_surname(last, case, female)
    text = {"full": f"{f} {s}", "surname_first": f"{s} {f}", "first_only": f, "surname_only": s}[form]
    if case != "nom" and form == "surname_first":
        text = f"{f} {s}"
    return text, first, last


def build(template: str, rng: random.Random, split: int) -> tuple[list[tuple[str, str | None]], str]:
    style = rng.choice(STYLES)
    segments: list[tuple[str, str | None]] = []
    last_name = ("Marko", "Marković")
    pos = 0
    for m in re.finditer(r"\{(\w+)(?::(\w+))?\}", template):
        segments.append((template[pos : m.start()], None))
        kind, case = m.group(1), m.group(2) or "nom"
        if kind == "PERSON":
            text, first, last = person(rng, split, case.rstrip("1"))
            last_name = (first, last)
            segments.append((text, "PERSON"))
        elif kind == "JMBG":
            segments.append((jmbg(rng)[0], "JMBG"))
        elif kind == "PLATE":
            segments.append((plate(rng), "PLATE"))
        elif kind == "PHONE":
            segments.append((phone(rng), "PHONE"))
        elif kind == "EMAIL":
            segments.append((email(rng, *last_name, split), "EMAIL"))
        elif kind == "IBAN":
            segments.append((iban(rng), "IBAN"))
        elif kind == "DOC":
            segments.append((document(rng), "DOC_NUMBER"))
        elif kind == "DOB":
            segments.append((dob(rng), "DATE_OF_BIRTH"))
        elif kind == "ADDRESS":
            segments.append((address(rng, split), "ADDRESS"))
        pos = m.end()
    segments.append((template[pos:], None))
    return segments, style


def render(segments: list[tuple[str, str | None]], style: str) -> tuple[str, list[dict[str, object]]]:
    text, spans = "", []
    for segment, kind in segments:
        structured = kind not in (None, "PERSON", "ADDRESS")
        piece = styled(segment, style, structured)
        if kind is not None:
            spans.append({"start": len(text), "end": len(text) + len(piece), "kind": kind})
        text += piece
    return text, spans


def main() -> None:
    rng = random.Random(SEED)
    lines = []
    for t, template in enumerate(TEMPLATES):
        split = t % 2
        for copy in range(4):
            text, spans = render(*build(template, rng, split))
            lines.append(
                {"id": f"p{t:02d}-{copy}", "text": text, "spans": spans, "split": "heldout" if split else "tune"}
            )
    extra = random.Random(SEED + 1)  # appended, so the lines above stay as they were
    for t, template in enumerate(TEMPLATES[::2]):
        text, spans = render(*build(template, extra, 2))
        lines.append({"id": f"x{t:02d}", "text": text, "spans": spans, "split": "tune"})
    for c, question in enumerate(CLEAN):
        style = rng.choice(["officer", "plain", "proper"])
        text = question if style == "proper" else styled(question, style, False)
        lines.append({"id": f"c{c:02d}", "text": text, "spans": [], "split": "heldout" if c % 2 else "tune"})
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as out:
        for line in lines:
            out.write(json.dumps(line, ensure_ascii=False) + "\n")
    personal = sum(1 for x in lines if x["spans"])
    print(
        f"{OUT}: {personal} questions with personal data ({sum(len(x['spans']) for x in lines)} spans), "
        f"{len(lines) - personal} without"
    )


if __name__ == "__main__":
    main()
