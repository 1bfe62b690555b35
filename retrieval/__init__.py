"""Law files → articles → an index on disk → ranked, cited articles for a question. No Telegram, no LLM.

Three stages, each a sub-package with one job, over three plain modules every stage may use:

    search/      question → ranked, served hits (the `Retriever` façade in search/retriever.py)
    ingest/      law files → articles (reading), and `kodeks ingest` (ingest/run.py) handing them to index/
    index/       articles → chunks → what is on disk (Chroma, BM25, float16 vectors, article catalog),
                 how it is written (index/writer.py) and opened (index/opening.py)
    language/    BCS text: folding, tokens for BM25, article numbers, variants / derivation / thesaurus
    jurisdictions.py   BiH's jurisdictions and whose law applies to whom
    types.py     the data types shared with answering and the bot (Article, Hit, SearchResult, …)
    evaluation.py      retrieval metrics and the threshold sweep (`kodeks eval retrieval`)

Imports run downward only: evaluation → search | ingest → index → jurisdictions → language → types
(search and ingest never import each other). The rules are import-linter contracts in pyproject.toml,
checked by tests/test_architecture.py; docs/architecture.md draws the map.
"""
