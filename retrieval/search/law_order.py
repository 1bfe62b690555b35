"""The order within one criminal code, over a library, as that code alone gives it.

Over a library the fused scores are standardised over every admitted law and the lexical tail is compressed
(fusion.saturate): both decide well which law a question is about, but they also reorder the articles *within* a
criminal code, where the uncompressed tail is the evidence its order was chosen on ("htio da ubije komšiju, pucao i
promašio": KZ RS alone puts the attempt 4th, the library 6th). Where one code holds most of the first five
(`MAJORITY`), the question is that code's: its articles keep the places the library gave the code, and fill them
in the order the code gives alone (`Candidates.find` over that code's articles). Only for codes of a kind every
level has complete (criminal codes: `parallel` in law_kinds.toml); a traffic law's long untitled articles are
ordered no better alone.

Only for a told story searched on its own words (`applies`): a question of fewer than `MIN_WORDS` content words
("vozač ima 17 godina", a follow-up asked alone) leaves the code's uncompressed order to one rare word, which the
library's compressed tail kept from deciding; and a search in a thread inherits the earlier turns' words
(followup.lexical_scores), which within one code, uncompressed, outweigh a correction that has just taken them back.
Measured in docs/retrieval.md ("The library's cost, sixth round" and "seventh round").
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from retrieval.language.followups import content_words
from retrieval.types import ThreadContext

FIRST = 5  # the places that say which law a question is about
MAJORITY = 3  # … held by one code: chosen by leave-one-set-out over the readable library sets (3, 4, 5)
MIN_WORDS = 6  # content words of a told story: chosen by leave-one-set-out (5, 6, 8) and the thread bench


def applies(query: str, context: ThreadContext | None) -> bool:
    """Whether the code's own order may be asked for this search: a question of at least MIN_WORDS content words
    (followups.content_words) searched without a thread's context — or as a question of its own in a thread, which
    brings only the thread's kind of law (`ThreadContext.own`)."""
    return (context is None or context.own) and len(content_words(query)) >= MIN_WORDS


def leading_law(codes: np.ndarray) -> int | None:
    """The law (code) holding at least MAJORITY of the first FIRST places of `codes` (per place, its law's code),
    None when none does or fewer than FIRST are ranked."""
    if len(codes) < FIRST:
        return None
    values, counts = np.unique(codes[:FIRST], return_counts=True)
    best = int(np.argmax(counts))
    return int(values[best]) if counts[best] >= MAJORITY else None


def reorder_within(
    order: np.ndarray, fused: np.ndarray, codes: np.ndarray, law: int, alone: Mapping[int, int]
) -> tuple[np.ndarray, np.ndarray]:
    """`order` (article indexes, best first; `codes` their laws) with the places `law` holds refilled by its articles
    in the order `alone` gives (article index → its place alone; an article it does not rank keeps its relative place
    after those it does), and `fused` with each place's score moved to the article now there — the scores, their order
    and the other laws' places are unchanged."""
    slots = np.nonzero(codes == law)[0]
    if len(slots) < 2:
        return order, fused
    rows = order[slots]
    unranked = len(alone)
    key = [alone.get(int(r), unranked + n) for n, r in enumerate(rows.tolist())]
    ranked = rows[np.argsort(key, kind="stable")]
    new_order, new_fused = order.copy(), fused.copy()
    new_fused[ranked] = fused[rows]
    new_order[slots] = ranked
    return new_order, new_fused
