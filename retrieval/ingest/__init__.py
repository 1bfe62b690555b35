"""Ingest: law files (.txt .md .html .pdf .docx) and corpus JSONL → articles, and `kodeks ingest`.

Reading (`sources`, `pdf_text`, `text_repair`, `law_text`, `headings`, `splitting`, `reading`,
`split_check`) turns a file into articles with title, chapter and deleted flag, and every problem into
a `Problem` naming the file and line; it knows nothing of the index. `run` (`ingest_paths`, `dry_run`)
reads the inputs and hands the articles to `retrieval.index.writer`.

May import: retrieval.index (run.py only), retrieval.jurisdictions, retrieval.language, retrieval.types,
kodeks.settings, kodeks.errors, kodeks.private_files (the data dir made 0700). Never retrieval.search.
"""
