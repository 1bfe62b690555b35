"""Why a law file was refused, in Bosnian: the admin reads the bot in one language.

The input limits (retrieval/ingest/limits.py) and the ingest word their refusals in English for the
command line and the log, each naming the setting and its value ("…, more than KODEKS_MAX_DOCX_MB=1
allows; not read (…)"). `bosnian` renders the ones it knows by their shape — the setting is kept as is,
since that is what the admin changes — and leaves any other text unchanged, a file name prefix included.
"""

from __future__ import annotations

import re

_FILE_PREFIX = re.compile(r"^(?P<file>[^:\n]{1,200}?\.[A-Za-z0-9]{1,5}): (?P<rest>.*)$", re.S)

# (pattern over the English text, Bosnian template over its groups)
_RENDERINGS: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(
            r"^the (?:text|HTML|corpus)? ?file is (?P<size>.+?), more than (?P<s>KODEKS_\w+)=(?P<v>[\d.]+) allows"
        ),
        "datoteka ima {size}, više nego što {s}={v} dopušta; nije pročitana (podijelite datoteku ili povećajte {s} "
        "ako je to zaista jedan zakon)",
    ),
    (
        re.compile(
            r"^the DOCX expands to (?P<size>\S+ \S+) \(\d+ parts\), more than (?P<s>KODEKS_MAX_DOCX_MB)=(?P<v>[\d.]+)"
        ),
        "DOCX se raspakuje u {size}, više nego što {s}={v} dopušta; nije pročitan (toliki dokument nije jedan zakon, "
        "ili je zip bomba)",
    ),
    (
        re.compile(r"^the DOCX part (?P<part>\S+) expands (?P<ratio>\d+)×.*?(?P<s>KODEKS_MAX_ZIP_RATIO)=(?P<v>[\d.]+)"),
        "dio DOCX-a {part} se raspakuje {ratio}×, više nego što {s}={v} dopušta; nije pročitan (zip bomba, ili "
        "povećajte granicu)",
    ),
    (
        re.compile(r"^the DOCX part (?P<part>\S+) inflates past (?P<s>KODEKS_MAX_DOCX_MB)=(?P<v>[\d.]+)"),
        "dio DOCX-a {part} se raspakuje preko {s}={v}; nije pročitan (oštećena ili krivotvorena datoteka)",
    ),
    (
        re.compile(r"^the DOCX part (?P<part>\S+) inflates to (?P<size>\S+ \S+), not the"),
        "dio DOCX-a {part} se raspakuje u {size}, a ne koliko kaže njegov zip direktorij; nije pročitan (oštećena "
        "ili krivotvorena datoteka)",
    ),
    (
        re.compile(r"^the DOCX's parts do not match its zip directory"),
        "dijelovi DOCX-a ne odgovaraju njegovom zip direktoriju; nije pročitan (oštećena ili krivotvorena datoteka)",
    ),
    (
        re.compile(r"^the PDF has more than (?P<n>\d+) pages \((?P<s>KODEKS_MAX_PDF_PAGES)=\d+\)"),
        "PDF ima više od {n} stranica ({s}); nije pročitan (podijelite ga, ili povećajte {s} ako je to zaista "
        "jedan zakon)",
    ),
    (
        re.compile(r"^(?P<what>.+?) is (?P<size>.+?), more than (?P<s>KODEKS_\w+)=(?P<v>[\d.]+) allows"),
        "tekst ima {size}, više nego što {s}={v} dopušta; nije pročitan (podijelite datoteku ili povećajte {s} "
        "ako je to zaista jedan zakon)",
    ),
)


def bosnian(text: str) -> str:
    """`text` in Bosnian when it is a refusal this module knows; otherwise `text` itself."""
    prefix, rest = "", text
    if (named := _FILE_PREFIX.match(text)) is not None:
        prefix, rest = named["file"] + ": ", named["rest"]
    for pattern, template in _RENDERINGS:
        if (found := pattern.search(rest)) is not None:
            return prefix + template.format(**found.groupdict())
    return text
