"""What a whole library knows about its laws that one article's scores do not: kinds, levels, twins.

A ministry loads several kinds of law into one index (criminal codes of every level, traffic laws, VAT,
advocacy, …). Two things then go wrong that never happen over one code (measured in docs/retrieval.md,
"Searching a whole library"):

- **The state code in every officer's scope.** An RS officer searches KZ RS and KZ BiH; most ordinary
  offences, the general part and the procedure-like articles exist in both, so half of the top five is
  the state code's copy of what the officer's own code says. `twins`: an article of a higher-level law
  whose provision the officer's own law of the same kind also has — found as *mutual nearest
  neighbours* of the two laws' article vectors with a margin over their other neighbours (the
  bitext-mining criterion: "Terorizam" ~ "Terorizam", "Davanje lažnog iskaza" ~ the same; "Genocid",
  "Krivotvorenje novca", "Ratni zločin …" have no counterpart in an entity code and are no twins) — is
  lowered by KODEKS_TWIN_PENALTY (fused z units) in that officer's searches. State-only offences stay
  where their scores put them. Twins are pairs: a question that names the level above ("svjedok na Sudu
  BiH", "izbori za predsjedništvo BiH": jurisdictions.names_level_above) is about that level's matter —
  KZ BiH's twin offences name the state's institutions as their field (čl. 151, 191, 235) — so the
  officer's own copy of the pair is lowered instead (`copies`). Of a pair, the preferred copy is served before the
  lowered one (`partners`): the penalty lowers the state's copy against every other article, and where the
  officer's own copy stood lower still, within the penalty of it (a general-part article found by its words alone),
  it is lifted to just above its twin, so the state's copy does not take the place its own copy should hold. Only
  for kinds where every level has a complete code of its own (criminal codes and procedure: `parallel` in
  retrieval/language/data/law_kinds.toml); the state traffic law is a framework the entity laws complete, and its
  alcohol article is no duplicate of the RS law's pedestrian one.
- **Other kinds of law on everyday words.** "ukrao je gorivo iz kamiona na parkingu" is a theft, but
  "kamion" and "parking" are rare words of the traffic law, so its articles outscore the criminal code
  on BM25. The question's legal terms (the vocabulary's additions: "krađa") say what it is about; a kind
  of law none of whose titles or chapters match them (the best title-field share within its kind) is
  lowered by KODEKS_KIND_AFFINITY × (1 − that share). Kinds come from `law_kinds` (title and short
  name); a law of no known kind is a kind of its own.
- **A special law on a story that never names its subject.** Where nothing is recognised at all ("na graničnom
  prelazu službenik naplaćuje taksu i stavlja u džep", "pregledali mu laptop …"), the traffic and VAT laws' long
  articles still win on everyday words (a crossing, a school, children, goods) by both retrievers. A law of a
  special subject — no complete code every level has, topics in law_kinds.toml — is off topic unless the question's
  words or the vocabulary's additions name one of its kind's topics (`unnamed`); off topic is lowered by
  KODEKS_TOPIC_AFFINITY, as the laws of other kinds are when a rule is asked about a named topic.
- **A story of the road that tells harm done to a person.** "pijan vozio i zamalo sletio s putnicima", "preticao
  … vozač teško povrijeđen": the traffic law's rules are in it, but the injury, the death or the danger makes it the
  criminal codes' endangering of traffic (or leaving the injured). Such a story (law_kinds.HarmReading: no rule asked,
  a kind named whose `harm` lists those offences) judges the kinds by the offences' titles (KODEKS_OFFENCE_AFFINITY,
  as an offence verb does) and has the criminal codes as its topic (the other laws lowered by KODEKS_TOPIC_AFFINITY,
  as for a rule asked): the retriever passes both in (`Retriever._harm_offences`, `_harm_kinds`). So does a story
  of the road's sign removed or damaged with a crash following (endangering traffic by a dangerous act); one that
  also tells someone leaving searches the offence of leaving the injured by its titles (`Retriever._left_injured`).
- **A crime told with a vehicle.** "zapalio je auto svom šefu", "vozač nudi policajcu novac": the traffic law's
  subject is named only by the vehicle or the driver (law_kinds.CircumstanceReading) — or by a road's place told
  after a preposition of place ("u podzemnom prolazu", whose pedestrian rules the vocabulary's additions are then not
  searched) — and the legal terms are titled best in a criminal code: the criminal codes are the story's topic, the
  kinds judged at KODEKS_OFFENCE_AFFINITY (`Retriever._circumstance_kinds`, `CandidateFinder._offence_told`).

Over one law both are no-ops (no other level, one kind), so single-code results are unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence

import numpy as np

from retrieval.jurisdictions import ancestors
from retrieval.jurisdictions import find as find_jurisdiction
from retrieval.language.normalize import fold
from retrieval.search.law_kinds import LawKind

TWIN_NEIGHBOURS = 4  # the margin compares a pair with each side's mean similarity to its 4 nearest
TWIN_MARGIN = 1.005  # mutual nearest neighbours whose similarity stands this far above their neighbourhoods
PAIR_STEP = 1e-3  # how far above its lowered twin the preferred copy of a pair is served (an order, not a weight)


class LibraryPriors:
    """Per-article kind groups and twin masks of one index, built once at open."""

    def __init__(
        self,
        kind_group: np.ndarray,
        twins: dict[str, np.ndarray],
        law_code: np.ndarray | None = None,
        law_kinds: Sequence[frozenset[str]] = (),
        copies: dict[str, np.ndarray] | None = None,
        special: Sequence[bool] = (),
        partners: dict[str, np.ndarray] | None = None,
        complete: Sequence[bool] = (),
    ) -> None:
        self.kind_group = kind_group  # int32 per article: articles of one kind of law share a group
        self.groups = int(kind_group.max()) + 1 if len(kind_group) else 0
        self.twins = twins  # folded jurisdiction code → bool per article: a higher-level twin of its own law
        # the other side of the same pairs: folded code → bool per article: its own law's article with a higher twin
        self.copies = copies if copies is not None else {}
        self._law_code = law_code if law_code is not None else np.zeros(0, np.int32)
        self._law_kinds = list(law_kinds)  # per law code: every kind the law is
        # per law code: a law of a special subject (traffic, VAT, advocacy …): of known kinds, none of them a
        # complete code every level has (`parallel`), each with topics a question would name it by (`unnamed`)
        self._special = list(special) or [False] * len(self._law_kinds)
        # folded code → per article: the other side of its twin pair (its own copy for a higher code's twin, the
        # higher twin for its own copy), -1 where it has none
        self.partners = partners if partners is not None else {}
        # per law code: a complete code of a kind every level has (`parallel`: the criminal codes, their procedure)
        self._complete = list(complete) or [False] * len(self._law_kinds)

    def of_kinds(self, kinds: Collection[str]) -> np.ndarray | None:
        """Per article: its law is of one of these kinds; None when no loaded law is (nothing to prefer)."""
        codes = [code for code, of in enumerate(self._law_kinds) if not of.isdisjoint(kinds)]
        return np.isin(self._law_code, codes) if codes else None

    def unnamed(self, named: Collection[str]) -> np.ndarray | None:
        """Per article: its law is of a special subject (`_special`) and the question names none of its kinds
        (`named`: the kinds whose topics its words or the vocabulary's additions name) — a story of a crime told
        with a border crossing, a school or a tax inspector in it is not about the traffic or the VAT law. None
        when no loaded law is so."""
        codes = [c for c, of in enumerate(self._law_kinds) if self._special[c] and of.isdisjoint(named)]
        return np.isin(self._law_code, codes) if codes else None

    def complete_code(self, law: int) -> bool:
        """Whether the law (its code) is a complete code of a kind every level has (a criminal code): one whose order
        alone is the evidence its weights were chosen on (law_order.py)."""
        return 0 <= law < len(self._complete) and self._complete[law]

    def shared_kinds(self, rows: Collection[int]) -> frozenset[str]:
        """The kinds of law the laws of all these articles (row indexes) are — what a thread's answer agrees it is
        about; empty when they differ (a traffic article and a criminal code's) or none is known."""
        codes = {int(self._law_code[r]) for r in rows if 0 <= r < len(self._law_code)}
        kinds = [self._law_kinds[c] for c in codes if c < len(self._law_kinds)]
        return frozenset.intersection(*kinds) if kinds and len(kinds) == len(codes) else frozenset()

    def twins_of(self, officer: str | None, level_above: bool = False) -> np.ndarray | None:
        """Per article: a higher-level twin of a provision the officer's own law has (None: no officer, no twins).
        `level_above`: the question names a level above the officer's own (jurisdictions.names_level_above) — its
        matter is that level's, so the officer's own copies of the pairs are the ones lowered instead."""
        if not officer:
            return None
        return (self.copies if level_above else self.twins).get(fold(officer))

    def kind_gap(self, mask: np.ndarray, title: np.ndarray) -> np.ndarray | None:
        """Per article: 1 − the best title share (`title`) among the admitted articles of its kind of law; None
        over one kind (nothing to compare)."""
        if self.groups <= 1:
            return None
        share = np.zeros(self.groups, dtype=np.float32)
        admitted = mask & (title > 0)
        np.maximum.at(share, self.kind_group[admitted], title[admitted])
        gap: np.ndarray = 1.0 - share[self.kind_group]
        return gap

    def _own_copy_first(
        self, out: np.ndarray, lowered: np.ndarray, officer: str | None, penalty: float, rows: np.ndarray | None
    ) -> np.ndarray:
        """`out` (the penalty applied) with each pair's preferred copy served just before the lowered one (`lowered`:
        the mask `twins_of` gave; `rows`: the articles `out` holds, when a subset). The penalty lowers the state's copy
        against every other article, but where the officer's own copy stands lower still ("zastara krivičnog progona",
        found by words only), the pair came out in the wrong order, the state's copy taking a place among the first
        five that its provision's own copy should hold: the preferred copy is lifted to just above its twin, never
        lowered, and articles outside the filter (-inf) stay out."""
        partner = self.partners.get(fold(officer or ""))
        if partner is None:
            return out
        if rows is None:
            at = np.nonzero(lowered & (partner >= 0))[0]
            twin, copy = at, partner[at]
        else:
            where = {int(r): n for n, r in enumerate(rows.tolist())}
            found = [(n, where.get(int(partner[r]), -1)) for n, r in enumerate(rows.tolist()) if lowered[r]]
            twin = np.asarray([n for n, c in found if c >= 0], dtype=np.int64)
            copy = np.asarray([c for _, c in found if c >= 0], dtype=np.int64)
        if not len(twin):
            return out
        out = np.array(out, copy=True)
        # within the penalty behind its lowered twin: further back, the question does not read the two as one provision
        ok = np.isfinite(out[twin]) & np.isfinite(out[copy]) & (out[copy] >= out[twin] - penalty)
        np.maximum.at(out, copy[ok], out[twin[ok]] + PAIR_STEP)
        return out

    @classmethod
    def build(
        cls,
        law_code: np.ndarray,
        law_names: Sequence[str],
        jurisdiction_of_law: dict[str, str],
        kinds_of_law: Mapping[str, Sequence[LawKind]],
        article_vectors: Callable[[np.ndarray], np.ndarray],
        title_stems: Sequence[frozenset[str]] | None = None,
        field_titled: tuple[np.ndarray, Sequence[str]] | None = None,
    ) -> LibraryPriors:
        """`kinds_of_law`: each law's kinds (law_names.LawNames.kinds); `article_vectors(indexes) -> matrix` gives
        normalised article vectors (mean of their chunks); `title_stems`: per article, its title's stems (empty
        without a title): two articles titled alike are twins too."""
        kinds: dict[str, str] = {}
        parallel: set[str] = set()
        for law in law_names:
            found = kinds_of_law.get(law, ())
            kinds[law] = found[0].kind if found else f"law:{law}"
            if found and found[0].parallel:
                parallel.add(law)
        group_names = list(dict.fromkeys(kinds[law] for law in law_names))
        per_law_group = np.asarray([group_names.index(kinds[law]) for law in law_names], dtype=np.int32)
        kind_group = per_law_group[law_code] if len(law_code) else np.zeros(0, np.int32)
        twins, copies, partners = _twins(
            law_code, law_names, jurisdiction_of_law, kinds, parallel, article_vectors, title_stems, field_titled
        )
        law_kinds = [frozenset(k.kind for k in kinds_of_law.get(law, ())) for law in law_names]
        special = [
            bool(found) and all(not k.parallel and k.topics for k in found)
            for found in (kinds_of_law.get(law, ()) for law in law_names)
        ]
        complete = [law in parallel for law in law_names]
        return cls(kind_group, twins, law_code, law_kinds, copies, special, partners, complete)

    def adjust(
        self,
        fused: np.ndarray,
        mask: np.ndarray,
        title: np.ndarray | None,
        officer: str | None,
        twin_penalty: float,
        kind_affinity: float,
        rows: np.ndarray | None = None,
        topic: np.ndarray | None = None,
        topic_affinity: float = 0.0,
        level_above: bool = False,
    ) -> np.ndarray:
        """`fused` with the priors applied (`rows`: the articles `fused` holds, when it is a subset). `topic`:
        per article, of a kind the question's topics name (`of_kinds`); the others lowered by `topic_affinity`.
        `level_above`: the question is about a level above the officer's (`twins_of`)."""
        idx = slice(None) if rows is None else rows
        out = fused
        if twin_penalty and (twins := self.twins_of(officer, level_above)) is not None:
            out = self._own_copy_first(out - twin_penalty * twins[idx], twins, officer, twin_penalty, rows)
        if kind_affinity and title is not None and (gap := self.kind_gap(mask, title)) is not None:
            out = out - kind_affinity * gap[idx]
        if topic_affinity and topic is not None:
            out = out - topic_affinity * ~topic[idx]
        return out


def _twins(
    law_code: np.ndarray,
    law_names: Sequence[str],
    jurisdiction_of_law: dict[str, str],
    kinds: dict[str, str],
    parallel: set[str],
    article_vectors: Callable[[np.ndarray], np.ndarray],
    title_stems: Sequence[frozenset[str]] | None = None,
    field_titled: tuple[np.ndarray, Sequence[str]] | None = None,
) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray], dict[str, np.ndarray]]:
    """For each jurisdiction with a law: the articles of laws above it (same kind) that have a twin in it,
    (the second mapping) its own articles that have a twin above, and (the third) per article the index of its
    twin (-1: none) —
    only for kinds where each level has a complete code of its own (`parallel` in law_kinds.toml). A twin is
    a mutual nearest neighbour by meaning, or an article titled as one of the officer's law is ("Kazna
    zatvora", "Uvjetna osuda" ~ "Uslovna osuda": the variants meet in the stems), whose texts are too long
    and general for their nearest neighbours to be each other."""
    out: dict[str, np.ndarray] = {}
    copies: dict[str, np.ndarray] = {}
    partners: dict[str, np.ndarray] = {}
    codes = {law: find_jurisdiction(jurisdiction_of_law.get(law, "")) for law in law_names}
    for low, low_code in codes.items():
        if low_code is None or low not in parallel:
            continue
        above = set(ancestors(low_code))
        for high, high_code in codes.items():
            if high == low or high_code not in above or kinds[high] != kinds[low]:
                continue
            high_rows = np.nonzero(law_code == law_names.index(high))[0]
            low_rows = np.nonzero(law_code == law_names.index(low))[0]
            found, own = _mutual_pairs(high_rows, low_rows, article_vectors)
            pair = partners.setdefault(fold(low_code), np.full(len(law_code), -1, dtype=np.int64))
            pair[found], pair[own] = own, found
            if title_stems is not None:
                _pair_by_titles(pair, high_rows, low_rows, title_stems)
                titled = {title_stems[i] for i in low_rows.tolist() if title_stems[i]}
                above_titles = {title_stems[i] for i in high_rows.tolist() if title_stems[i]}
                found = np.union1d(
                    found, [i for i in high_rows.tolist() if title_stems[i] and title_stems[i] in titled]
                ).astype(np.int64)
                own = np.union1d(
                    own, [i for i in low_rows.tolist() if title_stems[i] and title_stems[i] in above_titles]
                ).astype(np.int64)
            if field_titled is not None:
                found = np.union1d(found, _field_variants(high_rows, found, *field_titled)).astype(np.int64)
            if found.size:
                mask = out.setdefault(fold(low_code), np.zeros(len(law_code), dtype=bool))
                mask[found] = True
                mine = copies.setdefault(fold(low_code), np.zeros(len(law_code), dtype=bool))
                mine[own] = True
    return out, copies, partners


def _field_variants(high: np.ndarray, twins: np.ndarray, titled: np.ndarray, heads: Sequence[str]) -> np.ndarray:
    """The articles of `high` that are the state's field's variant of an act the officer's own law has: a title that
    names the field (`titled`: "Neprijavljivanje osobe koja je optužena od strane međunarodnog krivičnog suda") and
    opens with the head (`heads`) of one of the same code's twins (`twins`: "Neprijavljivanje krivičnog djela ili
    učinioca", whose provision the officer's code has). Lowered with the twins for a story that tells nothing of the
    field (`copies` keeps them for one that does); the field's own crimes, whose act the code states only for its
    field ("Genocid", "Ratni zločin …", "Krijumčarenje"), are not."""
    own = {heads[i] for i in twins.tolist() if heads[i]}
    return np.asarray([i for i in high.tolist() if titled[i] and heads[i] in own], dtype=np.int64)


def _pair_by_titles(pair: np.ndarray, high: np.ndarray, low: np.ndarray, title_stems: Sequence[frozenset[str]]) -> None:
    """Pair (in `pair`: per article, its twin's index) the articles of `high` and `low` titled alike that meaning
    left unpaired — one article of each title, as the masks count them twins."""
    low_by_title = {title_stems[i]: i for i in low.tolist() if title_stems[i]}
    high_by_title = {title_stems[i]: i for i in high.tolist() if title_stems[i]}
    for stems, i in high_by_title.items():
        j = low_by_title.get(stems, -1)
        if j >= 0 and pair[i] < 0 and pair[j] < 0:
            pair[i], pair[j] = j, i


def _mutual_pairs(
    high: np.ndarray, low: np.ndarray, article_vectors: Callable[[np.ndarray], np.ndarray]
) -> tuple[np.ndarray, np.ndarray]:
    """Twins by meaning: articles of `high` whose nearest article in `low` has them as its nearest too, with a
    margin — (their articles of `high`, their articles of `low`)."""
    if len(high) < 2 or len(low) < 2:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    a, b = article_vectors(high), article_vectors(low)
    ok_a, ok_b = np.linalg.norm(a, axis=1) > 0, np.linalg.norm(b, axis=1) > 0
    high, low, a, b = high[ok_a], low[ok_b], a[ok_a], b[ok_b]
    sims = a @ b.T
    k = min(TWIN_NEIGHBOURS, sims.shape[0], sims.shape[1])
    near_a = np.sort(sims, axis=1)[:, -k:].mean(axis=1)
    near_b = np.sort(sims, axis=0)[-k:, :].mean(axis=0)
    best = sims.argmax(axis=1)
    mutual = sims.argmax(axis=0)[best] == np.arange(len(high))
    margin = sims[np.arange(len(high)), best] / ((near_a + near_b[best]) / 2)
    kept = mutual & (margin >= TWIN_MARGIN)
    return high[kept], low[best[kept]]
