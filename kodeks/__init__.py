"""KODEKS's top floor: the `kodeks` command (`kodeks.cli`), settings, errors, the redacting log filter
(`logsafe`), malloc arenas (`memory`) and files created private (`private_files`: 0600 / 0700); what talks
to Claude is `kodeks.answering`.

The console script is `kodeks.launch` (it installs `kodeks bot`'s signal handlers, then loads `kodeks.cli`).

May import anything of ours (`bot`, `retrieval`, `prompts`), but nothing imports `kodeks.cli` except the
launcher; `settings`, `errors`, `logsafe` and `memory` import nothing of ours but each other, since every
package uses them.
"""
