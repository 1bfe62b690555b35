"""The Telegram bot officers use: handlers, access control, reply formatting, admin commands, query log.

Entry points: `bot.app.run_bot` (`kodeks bot`), `bot.querylog.QueryLog` (`kodeks stats|export`).
See docs/bot.md.

May import: telegram, `kodeks.answering` (the pipeline), `kodeks.settings`/`errors`/`logsafe`, and of
retrieval only `Retriever`'s public methods, `retrieval.types` and `retrieval.jurisdictions` (plus
`retrieval.evaluation.percentile` for the figures) — never `kodeks.cli`.
"""
