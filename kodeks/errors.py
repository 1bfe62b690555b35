"""Every exception class of the project, in one hierarchy under `KodeksError`.

A `KodeksError` that reaches the CLI is printed as one line on stderr and the command exits 1 (no
traceback); the bot answers an officer in Bosnian and logs the message. The classes are defined here (and
re-exported by the modules that raise them, so `from bot.downloads import TooLarge` keeps working); each
docstring says what the user sees and what to do. Some never reach a user: the module that raises them
catches them and turns them into the message named in their docstring.
"""

from __future__ import annotations

from typing import Any


class KodeksError(Exception):
    """An error the user can act on; its message says what happened and what to do."""


# --- settings and the index ------------------------------------------------------------------------------------


class SettingsError(KodeksError):
    """A setting has a value KODEKS cannot use: the message names the variable and what is expected; fix it in
    the environment or .env and start again (kodeks.settings)."""


class IndexMismatchError(KodeksError):
    """The index was built with another embedder (provider, model or dimension): the message says to set
    KODEKS_EMBEDDER back or to rebuild with `kodeks ingest --reindex PATH...` (retrieval/index/chroma.py)."""


class RankerMismatchError(KodeksError):
    """The learned ranking's model file (KODEKS_RANKER) was trained over another embedder's scores, or names other
    features than this version computes: the message names both and says to retrain with `kodeks eval
    train-ranker` or to set KODEKS_RANKER=off (retrieval/ranking/model.py)."""


class RankerFileError(KodeksError):
    """The learned ranking's model file cannot be read or is not one (missing, not JSON, wrong shape): the message
    names the file and what is wrong (retrieval/ranking/model.py)."""


class IndexBusy(KodeksError):
    """Another process is writing the index and the caller would not wait (`--no-wait`): the message names who
    holds the writer lock since when; run again later or without --no-wait (retrieval/index/writer_lock.py)."""


class DiskError(KodeksError):
    """The data dir's disk refused a write (full, read-only, no permission): the message names which and what
    to free or fix; never "rebuild" (retrieval/index/disk_errors.py)."""


class GenerationCheckFailed(KodeksError):
    """A new index generation's parts disagree, so it was not made current and search goes on with the old one:
    the message names the part; re-run the ingest (retrieval/index/checking.py)."""


class PublicationError(KodeksError):
    """An index generation could not be published to, or fetched from, the database (KODEKS_DATABASE_URL): the
    message says why (unreachable, damaged, incomplete); a replica keeps serving the generation it has and /stats
    says so (retrieval/index/publishing.py)."""


class UnknownLaw(KodeksError):
    """`kodeks laws remove` / `rename` named no loaded law: the message lists the loaded ones to choose from
    (retrieval/index/library.py)."""


class UnknownJurisdiction(KodeksError):
    """A jurisdiction code nobody defined: the message lists the known codes to use instead
    (retrieval/jurisdictions.py)."""


# --- reading law files -------------------------------------------------------------------------------------------


class UpdateRefused(KodeksError):
    """An ingest that would destroy most of a loaded law, stopped before writing: the message lists the `losses`
    and the flag that allows it when it is meant (retrieval/ingest/update_checks.py)."""

    def __init__(self, message: str, losses: list[Any]) -> None:
        self.losses = losses
        super().__init__(message)


class SampleRefused(KodeksError):
    """The illustrative sample and real laws would share a data dir, refused whatever the flags: the message
    says to use a data dir of its own for the sample (retrieval/ingest/update_checks.py)."""


class LimitExceeded(KodeksError):
    """A law file over one of the input limits; the message is one line naming the limit and its setting
    (KODEKS_MAX_*) to raise if the file is genuine. Reported as the file's problem by retrieval/ingest/sources.py."""


class ExtractionError(KodeksError):
    """A law file whose text cannot be extracted; the message says why (convert it, or give another format).
    Reported as the file's problem by retrieval/ingest/sources.py."""


class PdfTextError(KodeksError):
    """The PDF cannot be opened or parsed; the message says why in one line (re-export the PDF, or give its
    text). Reported as the file's problem by retrieval/ingest/sources.py."""


class UnreadableText(KodeksError):
    """The text's letters are lost or garbled beyond repair; the message says what and what to do (another copy
    of the file). Reported as the file's problem by retrieval/ingest/sources.py."""


# --- answering ---------------------------------------------------------------------------------------------------


class ClaudeUnavailable(KodeksError):
    """No usable message came back from Claude; `str(exc)` is the reason recorded on the Answer, `ms` the time
    lost. Never shown as an error: the officer gets the extractive answer (kodeks/answering/answerer.py)."""

    def __init__(self, reason: str, ms: float = 0.0) -> None:
        super().__init__(reason)
        self.ms = ms


class MalformedReply(KodeksError):
    """Claude's tool input does not have the agreed shape; `str(exc)` says what is wrong (for the log). Never
    shown as an error: the answer is retried or extractive (kodeks/answering/answerer.py)."""


# --- the bot -----------------------------------------------------------------------------------------------------


class TooLarge(KodeksError):
    """A file from Telegram larger than the limit (its Content-Length, or found while reading): the officer or
    admin is told the limit in Bosnian (bot/voice.py, bot/law_upload.py: KODEKS_UPLOAD_MAX_MB)."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"more than {limit} bytes")
        self.limit = limit


class UploadTooBig(KodeksError):
    """A law file larger than KODEKS_UPLOAD_MAX_MB (as getFile said, or as found while downloading it); the
    message is the Bosnian reply to the admin, naming the limit (bot/law_upload.py)."""


class DownloadFailed(KodeksError):
    """A file could not be read from Telegram; `str(exc)` is safe to log (no URL, no token). The sender is asked
    in Bosnian to send it again (bot/downloads.py)."""


class TranscriptionFailed(KodeksError):
    """The transcription endpoint gave no transcript; `str(exc)` says why (for the log). The officer is asked in
    Bosnian to type the question (bot/voice.py)."""


class TranscriptUnusable(TranscriptionFailed):
    """The endpoint answered, but not with a transcript one could believe (error page, other JSON, absurd text):
    as TranscriptionFailed, the officer is asked to type the question (bot/voice.py)."""


class CaptionError(KodeksError, ValueError):
    """A law file's caption names an unknown jurisdiction or a law name too long to be one; the message is the
    Bosnian reply to the admin, saying how to write the caption (bot/law_upload.py). Also a ValueError, as it
    always was: a caption is a value that does not parse."""


class TakenOver(KodeksError):
    """The query log refused a question's row: another replica took the question over while this one stalled
    (no heartbeat for longer than KODEKS_REPLICA_STALE_SECONDS). The officer sees nothing from this replica —
    the one that took it over answers; one line is logged (bot/answers.py, bot/querylog/log.py)."""
