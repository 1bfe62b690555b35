"""All settings in one place, read from the environment and `.env` (pydantic-settings).

Names are a contract (see DESIGN.md and `.env.example`); secrets are `SecretStr` so they never
show up in a repr, a log line or a traceback.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Annotated, Any, Literal, cast

from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from kodeks.errors import SettingsError

DEFAULT_CLAUDE_MODEL = "claude-sonnet-4-5"

IdList = Annotated[frozenset[int], NoDecode]
JurisdictionMap = Annotated[dict[int, str], NoDecode]


class Settings(BaseSettings):
    """KODEKS configuration. Every field maps to an environment variable of the same name."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore", populate_by_name=True)

    # --- storage -------------------------------------------------------------------------
    data_dir: Path = Field(Path("./var"), alias="KODEKS_DATA_DIR")
    chroma_host: str | None = Field(None, alias="CHROMA_HOST")
    chroma_port: int = Field(8000, alias="CHROMA_PORT")
    collection: str = Field("kodeks", alias="KODEKS_COLLECTION")
    # issue 34: serving state in PostgreSQL (postgresql://user:password@host:5432/kodeks) so several bot
    # processes share it; unset = the SQLite files under KODEKS_DATA_DIR. A secret: it may hold a password.
    database_url: SecretStr | None = Field(None, alias="KODEKS_DATABASE_URL")

    # --- embeddings ----------------------------------------------------------------------
    # "bench" is refused outside bench/ and tests (retrieval/index/embedders.py: BENCH_ONLY).
    embedder: Literal["local", "openai", "bench"] = Field("local", alias="KODEKS_EMBEDDER")
    openai_api_key: SecretStr | None = Field(None, alias="OPENAI_API_KEY")
    openai_base_url: str | None = Field(None, alias="OPENAI_BASE_URL")
    openai_embedding_model: str = Field("text-embedding-3-small", alias="KODEKS_OPENAI_EMBEDDING_MODEL")

    # --- retrieval -----------------------------------------------------------------------
    threshold: float = Field(0.78, alias="KODEKS_THRESHOLD")
    top_k: int = Field(5, alias="KODEKS_TOP_K", ge=1)
    fallback_k: int = Field(3, alias="KODEKS_FALLBACK_K", ge=1)
    lexical_language: str = Field("serbian", alias="KODEKS_LEXICAL_LANGUAGE")
    fusion: Literal["zscore", "rrf"] = Field("zscore", alias="KODEKS_FUSION")
    rrf_k: int = Field(60, alias="KODEKS_RRF_K", ge=1)
    dense_weight: float = Field(0.6, alias="KODEKS_DENSE_WEIGHT", ge=0)
    lexical_weight: float = Field(0.4, alias="KODEKS_LEXICAL_WEIGHT", ge=0)
    subqueries: bool = Field(True, alias="KODEKS_SUBQUERIES")
    # issue 21: a question longer than this is embedded as windows of at most this many characters (0: whole)
    embed_window_chars: int = Field(250, alias="KODEKS_EMBED_WINDOW_CHARS", ge=0)
    candidate_depth: int = Field(100, alias="KODEKS_CANDIDATE_DEPTH", ge=1)
    max_chunk_chars: int = Field(1500, alias="KODEKS_MAX_CHUNK_CHARS", ge=200)
    law_aliases: str = Field("", alias="KODEKS_LAW_ALIASES")
    search_mode: Literal["hybrid", "dense", "lexical"] = Field("hybrid", alias="KODEKS_SEARCH_MODE")
    # vocabulary knowledge (BCS variants, derivation, lay→legal thesaurus; docs/retrieval.md)
    vocabulary: bool = Field(True, alias="KODEKS_VOCABULARY")
    thesaurus: Path | None = Field(None, alias="KODEKS_THESAURUS")
    expansion_weight: float = Field(1.5, alias="KODEKS_EXPANSION_WEIGHT", ge=0)
    title_weight: float = Field(1.0, alias="KODEKS_TITLE_WEIGHT", ge=0)
    # issue 22: the question's own words in the title field — how much of the question a title holds (idf-weighted
    # coverage, 0..1) × this, against an added legal term's share of the best title match
    question_title_weight: float = Field(1.0, alias="KODEKS_QUESTION_TITLE_WEIGHT", ge=0)
    # issue 31: the words of the question's asking clause ("…, je li to odbrana") in an article's own title (not an
    # untitled article's opening sentence) — their coverage or the legal terms the vocabulary reads in them, 0..1 —
    # × this, added to the title field (retrieval/language/asking.py; chosen by leave-one-set-out, docs/retrieval.md)
    asked_title_weight: float = Field(3.0, alias="KODEKS_ASKED_TITLE_WEIGHT", ge=0)
    # An offence title written whole reads the story's other additions as circumstances (retrieval/search/named_act.py);
    # (docs/retrieval.md, "Ambiguous lay phrases and a named act", issue 31)
    named_act: bool = Field(True, alias="KODEKS_NAMED_ACT")
    # Among the first served (the cascade's five), near neighbours of one law (the same chapter, or near-identical
    # titles) reordered among themselves by what tells them apart in the question: the idf share of its words each
    # holds alone, and of its own title words told less untold, × this added to the stage's score
    # (retrieval/search/contrast.py; chosen by leave-one-set-out, docs/retrieval.md; 0 = off)
    neighbour_contrast: float = Field(1.0, alias="KODEKS_NEIGHBOUR_CONTRAST", ge=0)
    # Over a library, among the first served, a state's twin of a general-part institution ("Podstrekavanje") that the
    # learned stage put above the officer's own code's copy is moved to just below it (retrieval/search/general_part.py;
    # docs/retrieval.md, "The library's cost, eighth round", issue 31)
    own_general_part: bool = Field(True, alias="KODEKS_OWN_GENERAL_PART")
    # Among the first served, within each law's slots, the untitled articles whose opening sentence names the
    # authorised official first, where the question asks in the first person what the officer may or must do
    # (retrieval/search/officer_acts.py; docs/retrieval.md, "the officer's own act asked", issue 31)
    officer_acts: bool = Field(True, alias="KODEKS_OFFICER_ACTS")
    # Dense scoring: every vector exactly in memory, or Chroma's HNSW index for the nearest chunks (then
    # the fused top re-scored exactly); `auto` = exact up to KODEKS_EXACT_MAX_CHUNKS (docs/architecture.md).
    dense_search: Literal["auto", "exact", "hnsw"] = Field("auto", alias="KODEKS_DENSE_SEARCH")
    exact_max_chunks: int = Field(20_000, alias="KODEKS_EXACT_MAX_CHUNKS", ge=0)
    # issue 22 — a whole library in one index (retrieval/search/library_priors.py, docs/retrieval.md):
    # a higher-level article the officer's own law of the same kind also has is lowered by this (z units);
    # a kind of law none of whose titles match the question's legal terms by this × (1 − best share).
    twin_penalty: float = Field(1.0, alias="KODEKS_TWIN_PENALTY", ge=0)
    # the state code's field variants of its twins' acts lowered as twins where the story tells nothing of the field
    field_titles: bool = Field(True, alias="KODEKS_FIELD_TITLES")
    kind_affinity: float = Field(1.0, alias="KODEKS_KIND_AFFINITY", ge=0)
    # … and the laws of no kind the question's topics name (retrieval/language/data/law_kinds.toml), when it names some, asks for
    # a rule, and the vocabulary recognised no offence in it, by this (z units); and, in any question, a law of a special
    # subject (traffic, VAT …: no complete code at every level) none of whose kinds' topics it names (library_priors.py)
    topic_affinity: float = Field(0.5, alias="KODEKS_TOPIC_AFFINITY", ge=0)
    # … and where a verb of an offence's root was recognised ("ukrao" → krađa: the derivation table), the kinds
    # none of whose titles name that offence, by this × (1 − best share), instead of KODEKS_KIND_AFFINITY
    offence_affinity: float = Field(1.5, alias="KODEKS_OFFENCE_AFFINITY", ge=0)
    # positive lexical z-scores compressed as s·ln(1 + z/s) where several laws compete (fusion.saturate); 0 = off
    lexical_saturation: float = Field(5.0, alias="KODEKS_LEXICAL_SATURATION", ge=0)
    # issue 31 — the learned ranking stage (retrieval/ranking/, docs/retrieval.md "Learned ranking"): the hand-weighted
    # order above chooses the first few served, the model reorders them. "on": the model kodeks ships (over the
    # default embedder; an index of another is served the hand order); a model file made by `kodeks eval
    # train-ranker`; "off": the hand-weighted order alone
    ranker: str = Field("on", alias="KODEKS_RANKER")

    # --- answering -----------------------------------------------------------------------
    anthropic_api_key: SecretStr | None = Field(None, alias="ANTHROPIC_API_KEY")
    anthropic_base_url: str | None = Field(None, alias="ANTHROPIC_BASE_URL")
    claude_model: str = Field(DEFAULT_CLAUDE_MODEL, alias="KODEKS_CLAUDE_MODEL")
    claude_max_tokens: int = Field(1024, alias="KODEKS_CLAUDE_MAX_TOKENS", ge=64)
    claude_timeout: float = Field(30.0, alias="KODEKS_CLAUDE_TIMEOUT", gt=0)
    claude_max_retries: int = Field(2, alias="KODEKS_CLAUDE_MAX_RETRIES", ge=0)
    prompt_language: str = Field("bs", alias="KODEKS_PROMPT_LANGUAGE")
    # query rewrite before search (kodeks/answering/rewrite.py); only with ANTHROPIC_API_KEY
    rewrite: bool = Field(True, alias="KODEKS_REWRITE")
    rewrite_model: str = Field("claude-haiku-4-5", alias="KODEKS_REWRITE_MODEL")
    rewrite_timeout: float = Field(3.0, alias="KODEKS_REWRITE_TIMEOUT", gt=0)

    # --- telegram ------------------------------------------------------------------------
    telegram_bot_token: SecretStr | None = Field(None, alias="TELEGRAM_BOT_TOKEN")
    telegram_base_url: str | None = Field(None, alias="KODEKS_TELEGRAM_BASE_URL")
    allowed_users: IdList = Field(frozenset(), alias="KODEKS_ALLOWED_USERS")
    admins: IdList = Field(frozenset(), alias="KODEKS_ADMINS")
    webhook_url: str | None = Field(None, alias="KODEKS_WEBHOOK_URL")
    webhook_listen: str = Field("0.0.0.0", alias="KODEKS_WEBHOOK_LISTEN")
    webhook_port: int = Field(8443, alias="KODEKS_WEBHOOK_PORT")
    webhook_secret: SecretStr | None = Field(None, alias="KODEKS_WEBHOOK_SECRET")
    # A webhook update is acknowledged (2xx) once journaled or handled, waiting at most this long (bot/webhook.py):
    # an update whose replica dies before that is retried by Telegram, and reaches another replica.
    webhook_ack_seconds: float = Field(30.0, alias="KODEKS_WEBHOOK_ACK_SECONDS", gt=0, le=600)
    # --- issue 34: replicas sharing KODEKS_DATABASE_URL (bot/replicas.py) ---------------------
    # This replica's name in the heartbeat table (default: the host name); the pid and start time are added.
    replica_name: str | None = Field(None, alias="KODEKS_REPLICA_NAME", max_length=100)
    # How often a replica writes its heartbeat and looks for a dead replica's open questions.
    replica_heartbeat_seconds: float = Field(1.0, alias="KODEKS_REPLICA_HEARTBEAT_SECONDS", gt=0, le=60)
    # A replica whose heartbeat is older than this is dead: a live one takes over its open questions.
    replica_stale_seconds: float = Field(5.0, alias="KODEKS_REPLICA_STALE_SECONDS", gt=0, le=3600)
    rate_limit_per_minute: int = Field(10, alias="KODEKS_RATE_LIMIT_PER_MINUTE", ge=1)
    max_question_chars: int = Field(1000, alias="KODEKS_MAX_QUESTION_CHARS", ge=10)
    concurrency: int = Field(32, alias="KODEKS_CONCURRENCY", ge=1)
    recovery_minutes: int = Field(10, alias="KODEKS_RECOVERY_MINUTES", ge=0)

    # --- issue 21: fair scheduling and strict input -------------------------------------------------
    # Longest text after a command (/clan, /uporedi, /nadleznost, /export …): longer gets the usage line.
    max_argument_chars: int = Field(200, alias="KODEKS_MAX_ARGUMENT_CHARS", ge=10)
    # Threads for searches and lookups (bot/scheduling.py), apart from the query log's; officers served in turn.
    cpu_workers: int = Field(2, alias="KODEKS_CPU_WORKERS", ge=1)
    # --- index generations (issue 20): the running bot follows new ones ------------------
    # How often the bot looks at index/CURRENT for a new generation (SIGHUP: at once).
    index_poll_seconds: float = Field(10.0, alias="KODEKS_INDEX_POLL_SECONDS", gt=0, le=3600)

    # --- query log -----------------------------------------------------------------------
    log_retention_days: int = Field(365, alias="KODEKS_LOG_RETENTION_DAYS", ge=1)
    hash_user_ids: bool = Field(True, alias="KODEKS_HASH_USER_IDS")
    user_hash_salt: SecretStr | None = Field(None, alias="KODEKS_USER_HASH_SALT")

    # --- issue 23: personal data and enrolment (docs/privacy.md, docs/bot.md) ---------------------------------
    # Personal data in questions is masked before search, Claude, the query log and /export see it.
    mask_personal_data: bool = Field(True, alias="KODEKS_MASK_PERSONAL_DATA")
    # Keep the officer's unmasked question beside the log row for this many hours (0 = never stored).
    keep_original_hours: int = Field(0, alias="KODEKS_KEEP_ORIGINAL_HOURS", ge=0, le=24 * 30)
    feedback_retention_days: int = Field(365, alias="KODEKS_FEEDBACK_RETENTION_DAYS", ge=1)
    journal_retention_hours: int = Field(48, alias="KODEKS_JOURNAL_RETENTION_HOURS", ge=1)
    rewrite_cache_days: int = Field(30, alias="KODEKS_REWRITE_CACHE_DAYS", ge=1)
    enrolment_request_hours: int = Field(48, alias="KODEKS_ENROLMENT_REQUEST_HOURS", ge=1, le=24 * 30)
    enrolment_requests_per_hour: int = Field(20, alias="KODEKS_ENROLMENT_REQUESTS_PER_HOUR", ge=1)
    audit_retention_days: int = Field(730, alias="KODEKS_AUDIT_RETENTION_DAYS", ge=1)
    invite_max_days: int = Field(30, alias="KODEKS_INVITE_MAX_DAYS", ge=1, le=365)
    invite_max_uses: int = Field(500, alias="KODEKS_INVITE_MAX_USES", ge=1)

    # --- jurisdictions (whose law each officer is answered from; codes in retrieval/jurisdictions.py) ------
    default_jurisdiction: str | None = Field(None, alias="KODEKS_DEFAULT_JURISDICTION")
    user_jurisdictions: JurisdictionMap = Field(default_factory=dict, alias="KODEKS_USER_JURISDICTIONS")

    # --- conversation and voice (issue 24: follow-ups in a thread, voice messages) ------------------
    # Minutes an officer's chat keeps its thread (the last exchanges) for follow-ups; 0 = every message alone.
    thread_minutes: int = Field(15, alias="KODEKS_THREAD_MINUTES", ge=0)
    # How a follow-up's thread weighs in search (retrieval/search/followup.py; measured in bench/followups.py):
    # the inherited words against the question's own, and the previous answer's articles' fused-score bonus.
    thread_weight: float = Field(0.75, alias="KODEKS_THREAD_WEIGHT", ge=0)
    thread_bonus: float = Field(0.5, alias="KODEKS_THREAD_BONUS", ge=0)
    # A continuation's ranking fused by rank with its own words searched without the thread, at this weight
    # against the thread's (retrieval/search/followup.py: fuse_alone); 0 = the thread's ranking alone.
    thread_alone: float = Field(0.2, alias="KODEKS_THREAD_ALONE", ge=0)
    # A continuation or a correction searched in the kind of law its thread's trusted answer agrees on (its first two
    # articles' laws: the criminal code, the traffic law …): other kinds lowered by KODEKS_TOPIC_AFFINITY, unless the
    # message names a topic of its own (retrieval/search/retriever.py: _thread_kinds).
    thread_kind: bool = Field(True, alias="KODEKS_THREAD_KIND")
    # A question of its own in a live thread (read "new": no new topic announced, no jurisdiction named) searched in the
    # thread's kind of law too — the others lowered by this (z units) unless the message names a topic of its own; its
    # words still choose the act (retrieval/search/retriever.py: _thread_topic; docs/retrieval.md, twenty-first round).
    # 0 = such a question is searched as if asked alone.
    thread_own_kind: float = Field(1.0, alias="KODEKS_THREAD_OWN_KIND", ge=0)
    # A follow-up in a thread that asked for a jurisdiction by name ("a u RS?") prefers that jurisdiction's own laws to
    # the levels above in its scope: they are lowered by KODEKS_TOPIC_AFFINITY as off its topic and by this many
    # z-score units more (retrieval/search/candidates.py: _named_laws; measured: docs/retrieval.md, ninth round).
    # 0 = no preference.
    thread_named: float = Field(1.0, alias="KODEKS_THREAD_NAMED", ge=0)
    # Voice messages: transcribed by an OpenAI-compatible endpoint (OPENAI_API_KEY / OPENAI_BASE_URL, or the
    # two below for a separate one, e.g. a self-hosted Whisper server); off without a key or an endpoint.
    voice: bool = Field(True, alias="KODEKS_VOICE")
    transcribe_model: str = Field("whisper-1", alias="KODEKS_TRANSCRIBE_MODEL")
    transcribe_base_url: str | None = Field(None, alias="KODEKS_TRANSCRIBE_BASE_URL")
    transcribe_api_key: SecretStr | None = Field(None, alias="KODEKS_TRANSCRIBE_API_KEY")
    transcribe_language: str = Field("bs", alias="KODEKS_TRANSCRIBE_LANGUAGE")
    transcribe_timeout: float = Field(30.0, alias="KODEKS_TRANSCRIBE_TIMEOUT", gt=0)
    voice_max_seconds: int = Field(120, alias="KODEKS_VOICE_MAX_SECONDS", ge=1)
    voice_max_bytes: int = Field(5_000_000, alias="KODEKS_VOICE_MAX_BYTES", ge=1000)
    # --- issue 20: input limits for law files (retrieval/ingest/limits.py; each refusal names its setting) -----
    max_file_mb: float = Field(50, alias="KODEKS_MAX_FILE_MB", gt=0)  # a PDF / DOCX on disk
    max_text_mb: float = Field(20, alias="KODEKS_MAX_TEXT_MB", gt=0)  # a .txt / .md file, or any file's extracted text
    max_html_mb: float = Field(10, alias="KODEKS_MAX_HTML_MB", gt=0)  # an .html / .htm file (parsed into a tree)
    max_corpus_mb: float = Field(1024, alias="KODEKS_MAX_CORPUS_MB", gt=0)  # a corpus JSONL (read line by line)
    max_pdf_pages: int = Field(1500, alias="KODEKS_MAX_PDF_PAGES", ge=1)
    max_docx_mb: float = Field(
        50, alias="KODEKS_MAX_DOCX_MB", gt=0
    )  # a DOCX's parts uncompressed, from the zip directory
    max_zip_ratio: float = Field(
        100, alias="KODEKS_MAX_ZIP_RATIO", gt=1
    )  # uncompressed : compressed, per part over 1 MB

    # --- issue 20: admins sending a law file to the bot (bot/law_upload.py) ------------------------------------
    upload_max_mb: float = Field(20, alias="KODEKS_UPLOAD_MAX_MB", gt=0)  # Telegram lets bots download ≤ 20 MB
    upload_types: str = Field("pdf,docx,txt,md", alias="KODEKS_UPLOAD_TYPES")

    def upload_suffixes(self) -> frozenset[str]:
        """KODEKS_UPLOAD_TYPES ("pdf,docx,txt,md") as suffixes: {".pdf", ".docx", ".txt", ".md"}."""
        return frozenset("." + t.strip().lower().lstrip(".") for t in self.upload_types.split(",") if t.strip())

    @field_validator("database_url", mode="after")
    @classmethod
    def _check_database_url(cls, value: SecretStr | None) -> SecretStr | None:
        """Only PostgreSQL URLs (the one other engine); an empty value means unset. The URL is never echoed."""
        if value is None or not value.get_secret_value().strip():
            return None
        if not value.get_secret_value().strip().startswith(("postgresql://", "postgres://")):
            raise ValueError("must be a postgresql://user:password@host:port/database URL (or unset for SQLite)")
        return SecretStr(value.get_secret_value().strip())

    @field_validator("user_jurisdictions", mode="before")
    @classmethod
    def _parse_user_jurisdictions(cls, value: object) -> dict[int, str]:
        """`424242:RS,515151:FBiH` → {424242: "RS", 515151: "FBiH"}; codes are checked when the bot starts."""
        if value is None or value == "":
            return {}
        if isinstance(value, str):
            pairs: dict[int, str] = {}
            for part in value.replace(";", ",").split(","):
                if not part.strip():
                    continue
                user, sep, code = part.partition(":")
                if not sep or not user.strip().isdigit() or not code.strip():
                    raise ValueError(f"'{part.strip()}' is not an id:JURISDICTION pair (e.g. 424242:RS,515151:FBiH)")
                pairs[int(user)] = code.strip()
            return pairs
        return {int(k): str(v) for k, v in dict(cast(Mapping[Any, Any], value)).items()}  # pydantic checks the rest

    @field_validator("allowed_users", "admins", mode="before")
    @classmethod
    def _parse_ids(cls, value: object) -> frozenset[int]:
        """Accept "1, 2,3" from the environment as well as real collections."""
        if value is None or value == "":
            return frozenset()
        parts = (
            [p.strip() for p in value.replace(";", ",").split(",")]
            if isinstance(value, str)
            else list(cast(Iterable[object], value))
        )
        ids = set()
        for part in parts:
            if part == "":
                continue
            if isinstance(part, bool) or not (
                isinstance(part, int)
                or (isinstance(part, str) and part.lstrip("-").isascii() and part.lstrip("-").isdigit())
            ):
                raise ValueError(
                    f"{str(part)[:40]!r} is not a Telegram user id (digits only, comma-separated, e.g. 424242,515151)"
                )
            ids.add(int(part))
        return frozenset(ids)

    @property
    def chroma_dir(self) -> Path:
        """Chroma's folder in a data dir of the flat layout (before index generations); the current
        index's folders: `retrieval.index.generations.current_paths(settings)`."""
        return self.data_dir / "chroma"

    @property
    def lexical_dir(self) -> Path:
        """The lexical index's folder in the flat layout (see `chroma_dir`)."""
        return self.data_dir / "lexical"

    @property
    def log_path(self) -> Path:
        return self.data_dir / "queries.sqlite3"

    def hash_salt(self) -> str:
        """The salt for hashing officers' ids: KODEKS_USER_HASH_SALT, or a random one kept beside the log.

        A fixed default would make the hashes reversible (Telegram ids are small integers), so without a
        configured salt each installation makes its own once (`user_hash.salt`, readable by its owner only).
        """
        if self.user_hash_salt is not None:
            return self.user_hash_salt.get_secret_value()
        path = self.data_dir / "user_hash.salt"
        if not path.exists():
            import os
            import secrets

            from kodeks.private_files import private_dir

            private_dir(path.parent)
            try:
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:  # another process made it first
                pass
            else:
                with os.fdopen(fd, "w", encoding="utf-8") as handle:
                    handle.write(secrets.token_hex(32))
        return path.read_text(encoding="utf-8").strip()

    def aliases(self) -> dict[str, str]:
        """`KODEKS_LAW_ALIASES="KZ=KZ FBiH;ZKP=ZKP FBiH"` → {"KZ": "KZ FBiH", ...}."""
        out: dict[str, str] = {}
        for pair in self.law_aliases.split(";"):
            if "=" in pair:
                alias, law = pair.split("=", 1)
                if alias.strip() and law.strip():
                    out[alias.strip()] = law.strip()
        return out


def setting_names() -> frozenset[str]:
    """The environment names of every setting (each field's alias; upper-case, as .env.example spells them)."""
    return frozenset((f.alias or name).upper() for name, f in Settings.model_fields.items())


def _env_file_names(env_file: Path | None) -> list[str]:
    """The variable names a `.env` file sets (values are never read into the result)."""
    if env_file is None or not env_file.is_file():
        return []
    from dotenv import dotenv_values

    try:
        return [str(k) for k in dotenv_values(env_file, encoding="utf-8")]
    except (OSError, UnicodeDecodeError, ValueError):
        return []


ENV_FILE = Path(str(Settings.model_config["env_file"]))  # where pydantic-settings reads `.env` from


def unknown_settings(environ: Mapping[str, str], env_file: Path | None = ENV_FILE) -> list[str]:
    """One line per `KODEKS_*` variable (in `environ` or `env_file`) that is no setting, naming the nearest
    setting: a misspelt name is otherwise ignored silently and its default used. Never the value."""
    known = setting_names()
    seen: dict[str, None] = {}
    for name in [*environ, *_env_file_names(env_file)]:
        upper = name.upper()
        if upper.startswith("KODEKS_") and upper not in known:
            seen.setdefault(name)
    lines = []
    for name in seen:
        close = difflib.get_close_matches(name.upper(), sorted(known), n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        lines.append(f"{name} is not a setting{hint}")
    return lines


def describe(exc: ValidationError) -> str:
    """One line for the first bad setting: its environment name, what is wrong, the value (never a secret's)."""
    err = exc.errors()[0]
    name = str(err["loc"][0]) if err.get("loc") else "?"
    field = Settings.model_fields.get(name)
    env = field.alias if field is not None and field.alias else name
    message = str(err.get("msg", "invalid value")).removeprefix("Value error, ")
    secret = field is not None and "SecretStr" in str(field.annotation)
    value = err.get("input")
    shown = (
        ""
        if secret or isinstance(value, dict) or value is None or message.startswith("'")
        else f" (got {str(value)[:60]!r})"
    )
    more = f"; {len(exc.errors()) - 1} more problem(s)" if len(exc.errors()) > 1 else ""
    return f"setting {env}: {message}{shown}{more}; fix it in the environment or .env"


def load_settings(**overrides: object) -> Settings:
    """Build settings; CLI flags such as `--data-dir` arrive here as overrides. A bad value raises
    `SettingsError` with one line naming the variable (the CLI prints it and exits 1)."""
    clean = {k: v for k, v in overrides.items() if v is not None or k.startswith("_")}
    try:
        return Settings(**clean)  # type: ignore[arg-type]  # any type from the CLI: pydantic validates each value
    except ValidationError as exc:
        raise SettingsError(describe(exc)) from None
