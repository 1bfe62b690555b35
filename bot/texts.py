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
    "Ispod odgovora: 📖 otvara cijeli član, 👍/👎 ocjenjuje odgovor.\n\n"
    "<i>Odgovor je pomoć, ne pravno mišljenje — provjerite navedeni član.</i>"
)

REFUSED = (
    "Žao mi je, ovaj bot je samo za ovlaštene policijske službenike.\n"
    "Ako trebate pristup, proslijedite administratoru svoj Telegram ID: {user_id}"
)
REFUSED_CALLBACK = "Nemate pristup. Vaš Telegram ID: {user_id}"
ADMINS_ONLY = "Ova naredba je samo za administratore."
GROUP_CHAT = "Radim samo u privatnom razgovoru. Pišite mi direktno."
RATE_LIMITED = "Polako, molim — najviše {limit} pitanja u minuti. Pokušajte ponovo za {seconds} s."
TOO_LONG = "Pitanje je predugo ({length} znakova, najviše {limit}). Skratite ga na ono bitno."
EMPTY = "Napišite pitanje tekstom."
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

COMMANDS = [
    ("help", "Kako koristiti bot"),
    ("clan", "Tekst člana, npr. /clan KZ FBiH 373"),
]
