"""What an ingest does to the laws already loaded, decided before anything is embedded or written:

- **what it changes of a loaded law's description** — jurisdiction, title, aliases, the file it was read
  from — one line each to print ("KZ FBiH: jurisdiction FBiH → BiH"). What the input does not give is
  kept (reading.kept_fields), so a line here is always a change someone asked for.
- **whether it would destroy most of a loaded law** — more than LOSS_SHARE of its articles in force
  removed or given another text (and at least LOSS_MIN of them: a law of two articles may well change
  one), or a law loaded from a law file replaced from a corpus JSONL or the other way round (a corpus
  names its own ids and laws: the README's sample corpus run against a production data dir removed 705
  articles of laws with the same names). Refused unless the admin insists (`--yes`); an amended law
  that changes a few articles passes, printed as what it is.
- **the illustrative sample laws** (data/sample, `"illustrative": true`) replacing or joining real laws:
  refused always, `--yes` or not. Why no override: a sample article cited to an officer as law, or a real
  law gone because the sample uses its name, is exactly the failure KODEKS exists to prevent, and the
  remedy costs nothing — a data dir of its own (`--data-dir var/try`) — so insisting is never right.
  (Real laws added to a try-out data dir that holds the sample are warned, library_checks.py: there the
  admin is loading real law on purpose, nothing real is lost, and the warning names the fix.)

Nothing here knows the index: the stored articles and laws.json's records are handed in (ingest/run.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kodeks.errors import SampleRefused as SampleRefused  # re-exported: its old import path
from kodeks.errors import UpdateRefused as UpdateRefused  # re-exported: its old import path
from retrieval.ingest.limits import CORPUS_SUFFIXES
from retrieval.ingest.reading import Inputs, loaded_laws, source_key
from retrieval.types import Article

LOSS_SHARE = 0.2  # share of a loaded law's articles in force an update may remove or change without --yes
LOSS_MIN = 3  # ...and fewer than this many never stop it (every change is still printed)

SAMPLE_INTO_REAL = (
    "the illustrative sample laws (data/sample, not law in force) would {how}: answers could cite "
    "them as law. Ingest the sample into a data dir of its own "
    "(--data-dir var/try); nothing was written (--yes does not override this)"
)


def source_kind(path: str) -> str:
    """ "corpus JSONL" or "law file": an update from the other kind is no update of the same text."""
    return "corpus JSONL" if Path(path).suffix.lower() in CORPUS_SUFFIXES else "law file"


@dataclass(frozen=True)
class LawChange:
    """One field of a loaded law's description that this ingest changes."""

    law: str
    what: str  # "jurisdiction", "title", "aliases", "source"
    before: str
    after: str

    def __str__(self) -> str:
        return f"{self.law}: {self.what} {self.before or 'none'} → {self.after or 'none'}"


@dataclass(frozen=True)
class LawLoss:
    """A loaded law this ingest would mostly replace, or replace from a source of another kind."""

    law: str
    in_force: int  # its articles in force now
    removed: int  # of those, the ones this ingest removes
    changed: int  # ... and the ones it gives another text (or marks deleted)
    source_before: str = ""  # the file it was read from, when known
    source_after: str = ""  # the file this ingest reads it from

    @property
    def other_kind(self) -> bool:
        return bool(self.source_before and self.source_after) and source_kind(self.source_before) != source_kind(
            self.source_after
        )

    def message(self) -> str:
        where = ""
        if self.source_before and self.source_after and source_key(self.source_before) != source_key(self.source_after):
            kinds = (
                f" ({source_kind(self.source_before)} → {source_kind(self.source_after)})" if self.other_kind else ""
            )
            where = f", from {self.source_before} to {self.source_after}{kinds}"
        return (
            f"{self.law}: {self.removed} of its {self.in_force} articles in force removed and "
            f"{self.changed} changed{where}"
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "law": self.law,
            "in_force": self.in_force,
            "removed": self.removed,
            "changed": self.changed,
            "source_before": self.source_before,
            "source_after": self.source_after,
            "other_kind": self.other_kind,
            "message": self.message(),
        }


def refusal_message(losses: list[LawLoss]) -> str:
    return (
        "this ingest would replace most of a loaded law or its source — "
        + "; ".join(loss.message() for loss in losses)
        + ". Nothing was written; check the input (--dry-run shows the same), or add --yes to insist"
    )


def incoming_sources(inputs: Inputs) -> dict[str, str]:
    """law → the file this ingest reads it from (resolved; the first, for a law spread over files)."""
    out: dict[str, str] = {}
    for result in inputs.per_file:
        for law in dict.fromkeys(a.law for a in result.articles):
            out.setdefault(law, source_key(result.path))
    return out


def stored_sources(stored: dict[str, Article], records: dict[str, dict[str, Any]]) -> dict[str, str]:
    """law → the file it was read from: laws.json's `source`, else a law file's articles' `source`."""
    out = {law: str(r["source"]) for law, r in records.items() if r.get("source")}
    for a in stored.values():
        if a.law not in out and a.extra.get("source"):
            out[a.law] = str(a.extra["source"])
    return out


def law_changes(
    inputs: Inputs, stored: dict[str, Article], records: dict[str, dict[str, Any]], aliases: dict[str, list[str]]
) -> list[LawChange]:
    """Every change of a loaded law's jurisdiction, title, aliases or source file that this ingest makes."""
    loaded = loaded_laws(stored)
    incoming = loaded_laws({a.id: a for a in inputs.articles})
    before_sources, after_sources = stored_sources(stored, records), incoming_sources(inputs)
    out: list[LawChange] = []
    for law, now in incoming.items():
        was = loaded.get(law)
        if was is None:
            continue
        if now.jurisdiction != was.jurisdiction:
            out.append(LawChange(law, "jurisdiction", was.jurisdiction, now.jurisdiction))
        if now.title != was.title:
            out.append(LawChange(law, "title", was.title, now.title))
        old_aliases = list(records.get(law, {}).get("aliases", []))
        if law in aliases and list(aliases[law]) != old_aliases:
            out.append(LawChange(law, "aliases", ", ".join(old_aliases), ", ".join(aliases[law])))
        source = before_sources.get(law)
        if source and law in after_sources and source_key(source) != after_sources[law]:
            out.append(LawChange(law, "source", source, after_sources[law]))
    return out


def _same_text(a: Article, b: Article) -> bool:
    """ "Replaced" means another text: spacing and line breaks of a new extraction are no change."""
    return b.entry_kind == a.entry_kind and " ".join(a.text.split()) == " ".join(b.text.split())


def law_losses(inputs: Inputs, stored: dict[str, Article], records: dict[str, dict[str, Any]]) -> list[LawLoss]:
    """The loaded laws this ingest would mostly replace (see the module's docstring), with their counts."""
    incoming = {a.id: a for a in inputs.articles}
    before_sources, after_sources = stored_sources(stored, records), incoming_sources(inputs)
    out: list[LawLoss] = []
    for law in sorted({a.law for a in inputs.articles} & {a.law for a in stored.values()}):
        in_force = [a for a in stored.values() if a.law == law and a.entry_kind == "in_force"]
        removed = sum(1 for a in in_force if a.id not in incoming and law in inputs.complete_laws)
        changed = sum(1 for a in in_force if a.id in incoming and not _same_text(a, incoming[a.id]))
        loss = LawLoss(law, len(in_force), removed, changed, before_sources.get(law, ""), after_sources.get(law, ""))
        going = removed + changed
        if loss.other_kind or (going >= LOSS_MIN and going > LOSS_SHARE * len(in_force)):
            out.append(loss)
    return out


def sample_refusal(inputs: Inputs, stored: dict[str, Article]) -> str | None:
    """Why this ingest would put the illustrative sample in place of, or beside, real law; or None.
    `stored` is what stays of the index besides this ingest's own replacements (run.py leaves out what
    `--reindex` drops)."""
    incoming = {a.id: a for a in inputs.articles}
    sample_in = {a.law for a in incoming.values() if a.illustrative}
    if not sample_in:
        return None
    replaced = sorted({a.law for a in stored.values() if not a.illustrative and a.law in sample_in})
    if replaced:
        return SAMPLE_INTO_REAL.format(how=f"replace the real law(s) {', '.join(replaced)} in this data dir")
    removed = {aid for aid, a in stored.items() if a.law in inputs.complete_laws and aid not in incoming}
    real_after = sum(1 for aid, a in (stored | incoming).items() if not a.illustrative and aid not in removed)
    if real_after:
        return SAMPLE_INTO_REAL.format(how=f"join {real_after} real articles in this data dir")
    return None
