"""Officers enrol from the chat: a stranger's /start becomes a request to the admins (Odobri / Odbij, then the
jurisdiction), invite links enrol at once, admins remove (/ukloni) and list (/sluzbenici) officers, and
`kodeks officers` does the same from the command line.

`store` (officers.sqlite3: enrolled, requests, invites, audit), `roster` (what the gate admits, re-read when
the file changes), `invites` (codes and links), `handlers` (the Telegram side). Requests are limited here
(one per person until decided or expired, KODEKS_ENROLMENT_REQUESTS_PER_HOUR in all) — apart from the gate's
refusal limiter.

May import: telegram, `bot.officers`, `bot.querylog` (the file helper and the id hash), `bot.texts`,
`bot.replies`, `bot.formatting`, `bot.deps`, `retrieval.jurisdictions` — never `bot.handlers` or `bot.gate`.
"""
