"""The Telegram bot officers use: handlers, access control, reply formatting, admin commands, query log.

Entry points: `bot.app.run_bot` (`kodeks bot`), `bot.querylog.QueryLog` (`kodeks stats|export`).
See docs/bot.md.
"""
