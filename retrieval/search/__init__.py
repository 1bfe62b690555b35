"""Search: a question → ranked articles, with the fallback level that served them. Read-only over the index.

One job per module: `retriever` (the `Retriever` façade: open once, `search`, lookups), `candidates`
(both retrievers scored and fused), `dense` (exact or HNSW cosine scores), `fusion` (z-score / RRF
arithmetic), `layout` (chunks grouped by article, per-article columns), `serving` (minimum context,
deleted articles, why each hit matched), `confidence` (the weak signal, the confident `threshold`
label), `library_priors` (kinds, levels and twins of a whole library), `references`, `law_names` and
`law_kinds` (explicit "član 42 KZ FBiH", law names and kinds of law as officers write them), `title_field` (titles as their own BM25
field), `subqueries` (long questions), `rewriting` (the `QueryRewriter` seam), `parallels` (the same
offence in the other codes), `passages` (the best paragraph for an excerpt).

May import: retrieval.index, retrieval.jurisdictions, retrieval.language, retrieval.types, kodeks.settings,
kodeks.errors. Never retrieval.ingest (search reads what ingest wrote, through index/).
"""
