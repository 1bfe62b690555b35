"""Does the library have a law of the kind the question is about? The evidence `confidence.is_weak` reads first.

A question about a dog bite, a landlord or a passport ranks some articles first whatever is loaded —
administrative wording resembles law text, so neither similarity nor the lead of the first article says
"nothing here is about this" (docs/retrieval.md, "Searching a whole library"). What does: the question
names the subject matter of a kind of law (its `topics` in retrieval/language/data/law_kinds.toml: "stanodavac" is housing
law, "otpremnina" labour law, "pasoš" the law on travel documents), and no law of that kind is loaded in
the officer's scope. The articles found may still speak of it (the criminal code's "Nezakonit lov" for a
hunting question, its careless keeping of dogs for a dog bite in the Federation): then the library does
say something about it.

Kinds of the loaded laws come from their titles or short names (`law_names.LawNames.kinds`); a law of no
known kind counts for no kind, so a question about its subject is judged by whether its articles are found
and speak of it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass

from retrieval.search.law_kinds import KindTopics
from retrieval.types import Hit

SPOKEN_DEPTH = 3  # the first articles whose titles are looked at for a topic of a kind the scope lacks


@dataclass(frozen=True)
class TopicCoverage:
    """What the question's topics say about the loaded laws in its scope.

    judged: topics were looked for (a BCS vocabulary); loaded: kinds the question talks about that the scope
    has a law of; missing: those it has none of; spoken: the title or chapter of one of the first articles
    names a topic of a missing kind ("Nezakonit lov" for a hunting question); served: one of the first
    articles is of a loaded kind the question talks about; asks_rule: the question asks for a rule, a right
    or a procedure rather than telling an act (law_kinds.asks_for_a_rule)."""

    judged: bool = False
    loaded: frozenset[str] = frozenset()
    missing: frozenset[str] = frozenset()
    spoken: bool = False
    served: bool = False
    asks_rule: bool = False
    missing_labels: tuple[str, ...] = ()  # how a reply names the missing kinds ("zakon o radu")

    @property
    def only_missing(self) -> bool:
        """About kinds of law the scope has none of, and about no kind it has."""
        return bool(self.missing) and not self.loaded

    def to_dict(self) -> dict[str, object]:
        return {
            "loaded": sorted(self.loaded),
            "missing": sorted(self.missing),
            "missing_labels": list(self.missing_labels),
            "spoken": self.spoken,
            "served": self.served,
            "asks_rule": self.asks_rule,
        }


def judge(
    topics: KindTopics,
    named: Mapping[str, list[str]],
    asks_rule: bool,
    scope_laws: Collection[str],
    kinds_of_law: Mapping[str, frozenset[str]],
    hits: Sequence[Hit],
    stems_of: Callable[[Hit], Collection[str]],
) -> TopicCoverage:
    """The question's topics (`named`: KindTopics.named of it; `asks_rule`: law_kinds.asks_for_a_rule) against
    the kinds of the laws in its scope, and the first hits (`stems_of`: a hit's title and chapter stems)."""
    if not named:
        return TopicCoverage(judged=True)
    in_scope = {kind for law in scope_laws for kind in kinds_of_law.get(law, ())}
    loaded = frozenset(k for k in named if k in in_scope)
    missing = frozenset(k for k in named if k not in in_scope)
    first = hits[:SPOKEN_DEPTH]
    spoken = bool(missing) and any(topics.spoken_of(missing, stems_of(h)) for h in first)
    served = bool(loaded) and any(kinds_of_law.get(h.article.law, frozenset()) & loaded for h in first)
    labels = tuple(topics.labels.get(k, k) for k in sorted(missing))
    return TopicCoverage(True, loaded, missing, spoken, served, asks_rule, labels)
