"""KODEKS's top floor: the `kodeks` command (`kodeks.cli`), settings, errors, the redacting log filter
(`logsafe`), malloc arenas (`memory`) and files created private (`private_files`: 0600 / 0700); what talks
to Claude is `kodeks.answering`.

May import anything of ours (`bot`, `retrieval`, `prompts`), but nothing imports `kodeks.cli`; `settings`,
`errors`, `logsafe` and `memory` import nothing of ours but each other, since every package uses them.
"""
