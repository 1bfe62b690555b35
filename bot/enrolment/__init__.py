"""Officers enrol from the chat: a stranger's /start becomes a request to the admins (Odobri / Odbij, then the
jurisdiction), invite links enrol at once (each use announced to the admins), admins remove (/ukloni) and list
(/sluzbenici) officers and list or revoke open invites (/pozivnice), and `kodeks officers` does the same from the
command line. A removed officer stays blocked from every invite until an admin re-adds them: revocation wins.

`store` (officers.sqlite3: enrolled, requests, invites, audit), `roster` (what the gate admits, re-read when
the file changes), `invites` (codes and links), `handlers` (the Telegram side). Requests are limited here
(one per person until decided or expired, KODEKS_ENROLMENT_REQUESTS_PER_HOUR in all) — apart from the gate's
refusal limiter.

May import: telegram, `bot.officers`, `bot.querylog` (the file helper and the id hash), `bot.texts`,
`bot.replies`, `bot.formatting`, `bot.deps`, `retrieval.jurisdictions` — never `bot.handlers` or `bot.gate`.
"""
