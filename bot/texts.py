"""Every string an officer sees, in Bosnian, in one place.

Kept apart from the handlers so wording can be reviewed (and later translated) without touching
logic. Strings are plain text unless the name ends in `_HTML`; those are already valid Telegram HTML
and only their `{placeholders}` need escaping by the caller.
"""

from __future__ import annotations

HELP_HTML = (
    "<b>KODEKS</b> odgovara na pitanja <b>samo iz zakona</b> i uz svaku tvrdnju navodi član.\n\n"
    "Napišite pitanje običnim riječima, npr.:\n"
    "• <i>Neko mi je krivotvorio potpis na ugovoru, koje je to djelo?</i>\n"
    "• <i>Kada policija smije lišiti osobu slobode?</i>\n\n"
    "Tekst člana: <code>/clan KZ FBiH 373</code> ili samo <code>član 373 KZ FBiH</code>.\n"
    "Koje zakone znam: /zakoni.\n"
    "Ispod odgovora: 📖 otvara cijeli član, 👍/👎 ocjenjuje odgovor.\n"
    "Vaša nadležnost: /nadleznost · isto djelo u drugim zakonima: <i>isto u RS?</i> ili /uporedi\n"
    "Dodatno pitanje (<i>a koja je kazna?</i>) nastavlja razgovor; /novo počinje novi. "
    "Možete poslati i glasovnu poruku.\n\n"
    "<i>Odgovor je pomoć, ne pravno mišljenje — provjerite navedeni član.</i>"
)

REFUSED = (
    "Žao mi je, ovaj bot je samo za ovlaštene policijske službenike.\n"
    "Za pristup pošaljite /start: zahtjev ide administratoru (vaš Telegram ID: {user_id})."
)
REFUSED_CALLBACK = "Nemate pristup. Vaš Telegram ID: {user_id}"
ADMINS_ONLY = "Ova naredba je samo za administratore."
GROUP_CHAT = "Radim samo u privatnom razgovoru. Pišite mi direktno."
RATE_LIMITED = "Polako, molim — najviše {limit} pitanja u minuti. Pokušajte ponovo za {seconds} s."
TOO_LONG = "Pitanje je predugo ({length} znakova, najviše {limit}). Skratite ga na ono bitno."
EMPTY = "Napišite pitanje tekstom."
THANKS = "Nema na čemu. Pošaljite pitanje kad zatreba."
NO_WORDS = "Pošaljite pitanje riječima."
NON_TEXT = "Razumijem samo tekstualna pitanja. Napišite pitanje riječima."
EDITED = "Izmijenjene poruke ne obrađujem. Pošaljite pitanje kao novu poruku."
UNKNOWN_COMMAND = "Ne poznajem naredbu {command}. Pogledajte /help."
ERROR = "Nešto je pošlo po zlu i nisam mogao odgovoriti. Pokušajte ponovo za minutu."
ANSWER_FAILED = "Trenutno ne mogu pripremiti odgovor. Pokušajte ponovo za minutu."

CLAN_USAGE_HTML = "Upotreba: <code>/clan ZAKON BROJ</code>, npr. <code>/clan KZ FBiH 373</code>"
ARTICLE_NOT_FOUND = "Nisam našao {reference}. Poznati zakoni: {laws}."
ARTICLE_GONE = "Taj član više nije dostupan."
ANSWER_GONE = "Taj odgovor više nije u evidenciji."
INLINE_BUTTON = "Ovo dugme radi samo u privatnom razgovoru s botom."
# Bad command arguments (bot/arguments.py): one sentence, then the command's usage line.
ARGUMENTS_TOO_LONG = "Predugo: {length} znakova iza naredbe (najviše {limit})."
BAD_ARGUMENT = "Ne razumijem „{argument}”."
STATS_USAGE_HTML = "Upotreba: <code>/stats</code> (bez dodataka): brojke za zadnji dan i sedmicu."
EXPORT_USAGE_HTML = (
    "Upotreba: <code>/export</code> (sva pitanja) ili <code>/export GGGG-MM-DD</code> "
    "(od tog dana), npr. <code>/export 2026-01-31</code>"
)
ZAKONI_USAGE_HTML = "Upotreba: <code>/zakoni</code> (bez dodataka): učitani zakoni."
HELP_USAGE_HTML = "Pogledajte /help."
NADLEZNOST_USAGE_HTML = (
    "Upotreba: <code>/nadleznost</code> (vaša nadležnost) ili <code>/nadleznost RS</code>. "
    "Administrator: <code>/nadleznost ID</code>, <code>/nadleznost ID RS</code>, "
    "<code>/nadleznost ID -</code>; ID su samo cifre 0–9."
)

SOURCES_HEADING = "Izvori:"
NO_SOURCES = "Nijedan član nije citiran."
EXTRACTIVE_NOTE = "⚠️ Izvod iz zakona (bez AI sažetka)"
MISSING_PREFIX = "Nije pokriveno: "
CONTINUED = "(nastavak)"

FEEDBACK_THANKS = "Hvala na ocjeni!"
FEEDBACK_UP_CHOSEN = "👍 Korisno ✓"
FEEDBACK_DOWN_CHOSEN = "👎 Nije korisno ✓"
BUTTON_UP = "👍"
BUTTON_DOWN = "👎"
BUTTON_ARTICLE = "📖 {law} čl. {article}"

EXPORT_CAPTION = "Evidencija pitanja ({count}) za označavanje i evaluaciju."
EXPORT_EMPTY = "Nema pitanja za izvoz."

LAWS_HEADING_HTML = "<b>Učitani zakoni</b> ({laws}, ukupno {articles})"
LAWS_INGESTED = "učitano {date}"
NO_LAWS = "Nijedan zakon još nije učitan."
NO_JURISDICTION = "Ostalo"
AMBIGUOUS_LAW = "Koji zakon mislite pod „{name}“? Učitani su: {laws}. Napišite npr. „član {article} {example}“."
UNKNOWN_LAW = (
    "Zakon „{name}“ nije učitan, pa ne mogu prikazati njegov član {article}. Učitane zakone vidite sa /zakoni."
)

COMMANDS = [
    ("help", "Kako koristiti bot"),
    ("zakoni", "Koje zakone znam"),
    ("clan", "Tekst člana, npr. /clan KZ FBiH 373"),
    ("nadleznost", "Vaša nadležnost (čiji zakoni važe)"),
    ("uporedi", "Isto djelo u drugim zakonima, npr. /uporedi KZ RS 124"),
    ("novo", "Novi razgovor: sljedeće pitanje ne nastavlja prethodna"),
]
# The admins' menu (set per admin chat): everyone's commands, then these.
ADMIN_COMMANDS = [
    ("pozivnica", "Nova pozivnica, npr. /pozivnica 10 7 RS"),
    ("pozivnice", "Otvorene pozivnice i njihov opoziv"),
    ("sluzbenici", "Upisani službenici"),
    ("ukloni", "Ukloni službenika, npr. /ukloni @korisnik"),
    ("stats", "Brojke za zadnji dan i sedmicu"),
    ("export", "Evidencija pitanja za označavanje"),
]
ARTICLE_DELETED = "Ovaj član je brisan – nije važeći propis (tekst ispod je samo bilješka o brisanju)."
# issue 20: the sample laws of "Try it" (data/sample) are marked wherever they are shown
ILLUSTRATIVE_MARK = "ilustrativni primjer"
ILLUSTRATIVE_ARTICLE = "⚠️ Ilustrativni primjer teksta (data/sample) – nije važeći propis."

# --- jurisdictions (/nadleznost, the line above Izvori:, /uporedi) ---------------------------------
JURISDICTION_MARK = "⚖️"
JURISDICTION_HIGHER = "{level} nivo ({code})"
JURISDICTION_ONLY_HIGHER = "ovu oblast uređuje {level} nivo ({code})"  # when the answer leads with it
JURISDICTION_OTHER = "⚠️ druga nadležnost – {name} ({code})"
JURISDICTION_UNKNOWN = "⚠️ nadležnost zakona nije upisana"
JURISDICTION_SEARCHED = "pretraženi propisi: {codes}"
OTHER_JURISDICTION_NOTE = "⚠️ Zakon druge nadležnosti: {name} ({code}). Vaša nadležnost: {own}."
JURISDICTION_NO_LAW = "⚠️ nijedan zakon za {name} ({code}) nije učitan – odgovor je iz propisa viših nivoa"  # issue 22

NADLEZNOST_CURRENT = "Vaša nadležnost: {name} ({code}) – {how}."
NADLEZNOST_NONE = "Nadležnost vam nije postavljena: odgovaram iz svih učitanih zakona."
NADLEZNOST_HOW = {
    "admin": "postavio administrator",
    "settings": "postavio administrator",
    "self": "izabrali ste je",
    "default": "zadana za sve službenike",
}
NADLEZNOST_CHOOSE = "Izaberite gdje službujete (jednom; kasnije je mijenja administrator):"
NADLEZNOST_LOCKED = "Promjenu nadležnosti radi administrator."
NADLEZNOST_SET = "Nadležnost postavljena: {name} ({code}). Odgovaram iz zakona {codes}."
NADLEZNOST_ADMIN_CHOOSE = "Nadležnost za korisnika {user_id} (sada: {current}):"
NADLEZNOST_ADMIN_SET = "Korisnik {user_id}: nadležnost {name} ({code})."
NADLEZNOST_ADMIN_CLEARED = "Korisnik {user_id}: vraćena zadana nadležnost ({current})."
NADLEZNOST_ADMIN_USAGE_HTML = (
    "Administrator: <code>/nadleznost ID</code> (dugmad), <code>/nadleznost ID RS</code> "
    "ili <code>/nadleznost ID -</code> (vrati zadanu)."
)
NADLEZNOST_UNKNOWN = "Ne poznajem nadležnost {code}. Poznate: {known}."

UPOREDI_HEADING = "Uporedba: {label}"
UPOREDI_PENALTY = "Kazna: "
UPOREDI_NONE = "nema odgovarajućeg člana u učitanim zakonima"
UPOREDI_APPLIES = "isti zakon važi i ovdje ({level} nivo)"  # only in an area that level alone legislates
UPOREDI_NOT_LOADED = "za {code} nije učitan {kind} – ne mogu reći šta tamo važi"
UPOREDI_MEANING = "najbliži po sadržaju (naslov se razlikuje – provjerite)"
UPOREDI_NOTHING = "Nema zakona drugih nadležnosti za uporedbu s {law}."
UPOREDI_WHAT_HTML = (
    "Šta da uporedim? Prvo postavite pitanje, pa napišite <i>isto u RS?</i>, ili "
    "<code>/uporedi KZ RS 124</code>, ili <code>/uporedi ubistvo</code>."
)

# Start-up recovery after a crash (bot/journal.py)
RESTART_ASK_AGAIN = (
    "Bot je ponovo pokrenut i nisam stigao odgovoriti na vaše pitanje ({time} UTC): „{question}”. "
    "Molim pošaljite ga ponovo."
)
RESTART_MAYBE_SENT = (
    "Bot je ponovo pokrenut dok sam slao odgovor na pitanje „{question}”. "
    "Ako odgovor niste dobili, pošaljite pitanje ponovo."
)

# --- enrolment in the chat (issue 23: bot/enrolment/) ------------------------------------------------
ENROL_SENT = "Zahtjev poslan administratorima. Javit ću vam kad ga odobre."
ENROL_PENDING = "Vaš zahtjev je već poslan i čeka odobrenje administratora."
ENROL_REJECTED = "Vaš zahtjev za pristup nije odobren. Obratite se svom administratoru."
ENROL_BUSY = "Trenutno ima previše zahtjeva. Pokušajte ponovo za sat."
ENROL_NO_ADMINS = "Zahtjev nije moguće poslati: nijedan administrator nije postavljen."
ENROL_APPROVED = "Pristup odobren. Dobro došli u KODEKS! Nadležnost: {jurisdiction}. Pogledajte /help."
ENROL_REQUEST_HTML = (
    "<b>Zahtjev za pristup</b>\nIme: {name}\nKorisničko ime: {username}\nTelegram ID: <code>{user_id}</code>\n"
    "Zahtjev ističe {expires} UTC."
)
ENROL_CHOOSE_JURISDICTION = "Nadležnost za {name}:"
ENROL_NO_JURISDICTION = "Bez (zadana)"
ENROL_DONE_APPROVED = "✅ {name}: odobrio {admin} ({jurisdiction})."
ENROL_DONE_REJECTED = "❌ {name}: odbio {admin}."
ENROL_GONE = "Zahtjev je već riješen ili je istekao."
BUTTON_APPROVE = "✅ Odobri"
BUTTON_REJECT = "❌ Odbij"
INVITE_INVALID = "Pozivnica nije važeća ili je istekla. Pošaljite /start da zatražite pristup od administratora."
INVITE_CREATED_HTML = (
    "Pozivnica: {link}\nOznaka: {id} (/pozivnice). Vrijedi do {expires} UTC, za {uses} službenika. "
    "Nadležnost: {jurisdiction}.\n"
    "<i>Proslijedite je samo onima kojima je namijenjena.</i>"
)
INVITE_USAGE_HTML = (
    "Upotreba: <code>/pozivnica [broj] [dana] [nadležnost]</code>, npr. <code>/pozivnica 10 7 RS</code> "
    "(do {max_uses} službenika, do {max_days} dana)."
)
ENROL_REQUEST_REMOVED_HTML = "\n⚠️ Ranije uklonjen {when} UTC ({by})."
INVITE_REMOVED = "Pozivnica vam ne daje pristup: uklonjeni ste s popisa službenika."
INVITE_BLOCKED_NOTE_HTML = (
    "\n⚠️ Uklonjen {when} UTC ({by}). Otvorio je pozivnicu {invite}: <b>nije upisan</b> "
    "(uklanjanje važi za sve pozivnice)."
)
INVITE_USED_HTML = (
    "🔗 <b>Upis pozivnicom {invite}</b>\nIme: {name}\nKorisničko ime: {username}\n"
    "Telegram ID: <code>{user_id}</code>\nNadležnost: {jurisdiction}\n"
    "Pozivnicu napravio: {by}; preostalo upisa: {left} od {uses}."
)
POZIVNICE_HEADING = "Otvorene pozivnice ({count}):"
POZIVNICE_LINE = (
    "• Oznaka {id} – preostalo {left} od {uses}, vrijedi do {expires} UTC, nadležnost {jurisdiction}, napravio {by}"
)
POZIVNICE_MORE = "… i još {n} (prikazane su najnovije)"
POZIVNICE_NONE = "Nema otvorenih pozivnica."
POZIVNICE_REVOKED = "Pozivnica {id} je opozvana: njen link više nikoga ne upisuje."
POZIVNICE_NOT_FOUND = "Nema otvorene pozivnice s oznakom {id}. Pogledajte /pozivnice."
POZIVNICE_USAGE_HTML = (
    "Upotreba: <code>/pozivnice</code> (otvorene pozivnice) ili "
    "<code>/pozivnice opozovi OZNAKA</code>, npr. <code>/pozivnice opozovi 3fa9c2d1</code>."
)
BUTTON_REVOKE_INVITE = "🚫 Opozovi {id}"
UKLONI_USAGE_HTML = "Upotreba: <code>/ukloni ID</code> ili <code>/ukloni @korisnik</code>"
UKLONI_DONE = "Uklonjen: {name}. Od sljedeće poruke nema pristup."
UKLONI_NOT_FOUND = "Nije pronađen upisani službenik {who}."
UKLONI_ADMIN = "{name} je administrator iz KODEKS_ADMINS: uklanja se samo u postavkama."
SLUZBENICI_HEADING = "Upisani službenici ({count}), strana {page}/{pages}:"
SLUZBENICI_LINE = "• {name} – od {since}, upisao {by}, nadležnost {jurisdiction}"
SLUZBENICI_NONE = "Nema upisanih službenika."
BUTTON_PREVIOUS = "◀"
BUTTON_NEXT = "▶"
# --- conversation (issue 24: follow-ups in a thread, /novo) -------------------------------------------
UNDERSTOOD = "Razumio sam: {what} (nastavak; novo pitanje: /novo)"
# A question that named another jurisdiction is answered from its law, for that answer only.
ASKED_JURISDICTION = "Po zakonu koji ste tražili: {name} ({code}); vaša nadležnost ostaje {own}."
NEW_THREAD = "U redu, novi razgovor: sljedeće pitanje ne nastavljam na prethodna."
THREADS_OFF = "Svako pitanje odgovaram zasebno (razgovor nije uključen), pa nema šta početi iznova."

# --- voice messages (issue 24) -------------------------------------------------------------------------
HEARD = "Čuo sam: „{text}“"
VOICE_OFF = "Glasovne poruke nisu uključene na ovom botu. Napišite pitanje tekstom."
VOICE_TOO_LONG = "Glasovna poruka je preduga ({seconds} s, najviše {limit} s). Skratite je ili napišite pitanje."
VOICE_TOO_BIG = "Zvučni zapis je prevelik ({size}, najviše {limit}). Pošaljite kraću poruku ili napišite pitanje."
VOICE_OVER_LIMIT = (
    "Zvučni zapis je veći od {limit}. Pošaljite kraću poruku ili napišite pitanje."  # cut while downloading
)
VOICE_FAILED = "Nisam uspio pretvoriti glasovnu poruku u tekst. Pokušajte ponovo ili napišite pitanje."
VOICE_UNCLEAR = "Nisam razumio glasovnu poruku. Napišite pitanje tekstom."  # a reply that is no transcript
VOICE_EMPTY = "U glasovnoj poruci nisam razumio nijednu riječ. Pokušajte ponovo, jasnije, ili napišite pitanje."

# --- issue 20: admins sending a law file (bot/law_upload.py) -------------------------------------
UPLOAD_TYPE = "Datoteke {suffix} ne primam. Pošaljite zakon kao: {types}."
UPLOAD_OVER_LIMIT = "Datoteka je veća od {limit:g} MB (KODEKS_UPLOAD_MAX_MB)."  # cut while downloading
UPLOAD_TOO_BIG = "Datoteka ima {size:.1f} MB, a najviše je {limit:g} MB (KODEKS_UPLOAD_MAX_MB)."
UPLOAD_UNKNOWN_JURISDICTION = "Ne poznajem nadležnost „{code}“. Poznate: {known}."
UPLOAD_CAPTION_TOO_LONG = (
    "Opis je predug: kratki naziv zakona najviše {law} znakova, naslov najviše {title}. "
    "Npr.: KZ FBiH; Kazneni zakon Federacije BiH; FBiH"
)
UPLOAD_WHICH_JURISDICTION = (
    "Koja je nadležnost zakona „{law}“? (Naziv i naslov daje opis datoteke, npr. "
    "„KZ FBiH; Kazneni zakon Federacije BiH; FBiH“.)"
)
UPLOAD_CHECKING = "⏳ Provjeravam {file}…"
UPLOAD_DOWNLOAD_FAILED = "Nisam mogao preuzeti datoteku od Telegrama. Pošaljite je ponovo."
UPLOAD_CHECK_FAILED = "Provjera datoteke nije uspjela (greška je zapisana u dnevnik). Ništa nije dodano."
UPLOAD_COUNTS = "Članova: {articles} · brisanih: {deleted} · aneksa: {annexes}"
UPLOAD_TITLES = "Prvi članovi: {titles}"
UPLOAD_REPLACES = "Zamjenjuje tekst zakona {law} koji je sada učitan ({articles} članova)."
UPLOAD_WARNINGS = "Upozorenja ({n}):"
UPLOAD_MORE_WARNINGS = "… i još {n} (kodeks ingest --dry-run pokazuje sve)"
UPLOAD_DUPLICATE = (
    "⛔ Isti tekst je već učitan kao zakon {other}: nije ponuđen za dodavanje. Da ažurirate taj "
    "zakon, pošaljite datoteku s nazivom {other}."
)
UPLOAD_NOTHING = "⛔ U datoteci nisam našao nijedan član: nije ponuđena za dodavanje."
UPLOAD_AT_RISK = (
    "⚠️ Ovo bi zamijenilo veći dio zakona {law}. Članova na snazi: {in_force} · uklanja se: {removed} "
    "· mijenja se: {changed}."
)
UPLOAD_AT_RISK_SOURCE = "Sada učitan iz: {before}; novi tekst iz: {after}."
UPLOAD_CONFIRM_REPLACE = "Provjerite da je ovo pravi tekst zakona. Zamijeniti ipak?"
UPLOAD_REPLACE = "Ipak zamijeni"
UPLOAD_CONFIRM_FIRST = "Ova datoteka mijenja veći dio zakona: potvrdite s „Ipak zamijeni“."
UPLOAD_DECIDE = "Dodati u biblioteku zakona?"
UPLOAD_ADD = "Dodaj"
UPLOAD_CANCEL = "Odustani"
UPLOAD_CANCELLED = "Odustano: {file} nije dodan."
UPLOAD_GONE = "Ovaj prijedlog više ne važi. Pošaljite datoteku ponovo."
UPLOAD_BUSY = "Već dodajem ovaj zakon."
UPLOAD_WAITING = "⏳ Dodajem {law}…"
UPLOAD_WAITING_LOCK = "⏳ {law}: čekam da završi drugo učitavanje"  # + ", od HH:MM…" (bot/law_upload.py)
UPLOAD_READING = "⏳ Čitam {file}…"
UPLOAD_READING_PAGES = "⏳ Čitam {file}: stranica {done}/{total}"
UPLOAD_EMBEDDING = "⏳ Indeksiram {law}: {done}/{total} dijelova teksta"
UPLOAD_ADDED = (
    "✅ Dodano: {law} – {articles} (brisanih: {deleted}; dijelova teksta indeksirano: {embedded}, "
    "preuzeto: {reused}). Bot odgovara iz njega čim učita novi indeks."
)
UPLOAD_REFUSED = "⛔ Nije dodano: {reason}"
UPLOAD_FAILED = "⛔ Dodavanje nije uspjelo (greška je zapisana u dnevnik). Biblioteka je ostala kakva je bila."
