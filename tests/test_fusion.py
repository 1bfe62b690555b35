"""Fusion's lexical saturation (retrieval.search.fusion.saturate): one rare word's BM25 tail no longer
decides alone, while the order of the lexical evidence is kept."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from retrieval.search.fusion import fuse, saturate


def test_saturation_compresses_the_tail_and_keeps_the_order() -> None:
    z = np.array([-1.0, 0.0, 1.0, 3.0, 12.0])
    out = saturate(z, 5.0)
    assert out[0] == -1.0 and out[1] == 0.0  # below the mean: unchanged
    assert np.all(np.diff(out) > 0)  # the order of the evidence is kept
    assert 6.0 < out[-1] < 6.2  # 12 standard deviations count as 6.1 (and 9 as 5.1)
    assert abs(out[2] - 1.0) < 0.1  # an ordinary match hardly changes
    assert np.array_equal(saturate(z, 0.0), z)  # 0 = off


SETTINGS = SimpleNamespace(fusion="zscore", dense_weight=0.6, lexical_weight=0.4, rrf_k=60)


def test_a_lone_lexical_outlier_no_longer_outvotes_dense_and_lexical_agreeing() -> None:
    n = 400
    rng = np.random.default_rng(0)
    dense = rng.normal(0.80, 0.01, n).astype(np.float32)
    lexical = np.zeros(n, dtype=np.float32)
    lexical[rng.choice(n, 120, replace=False)] = rng.uniform(0.5, 2.0, 120)
    lexical[0], dense[0] = 40.0, 0.80  # a rare word in a short article of another law, dense indifferent
    lexical[1], dense[1] = 6.0, 0.84  # the article both retrievers point at
    mask = np.ones(n, dtype=bool)
    raw = fuse(SETTINGS, dense, lexical, mask, True, True, None)
    saturated = fuse(SETTINGS, dense, lexical, mask, True, True, None, saturation=5.0)
    assert raw.argmax() == 0
    assert saturated.argmax() == 1
