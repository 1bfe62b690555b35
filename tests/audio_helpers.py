"""A real Ogg/Opus voice note made in the test, as Telegram's voice messages are (mono Opus in an Ogg container).

`soundfile` (a dev dependency) wraps libsndfile, whose wheels ship it built with Opus support, so no
ffmpeg or espeak-ng is needed here or in CI. The sound is a short tone with a little noise: no endpoint in
the tests understands speech (the fake transcription server returns scripted text); what matters is that
the bytes the bot downloads and uploads are a valid Ogg/Opus stream, checked by decoding them again.
"""

from __future__ import annotations

import io

import numpy as np
import soundfile

RATE = 16_000


def ogg_opus(seconds: float = 2.0, hz: float = 220.0) -> bytes:
    t = np.arange(int(RATE * seconds)) / RATE
    rng = np.random.default_rng(7)
    signal = 0.3 * np.sin(2 * np.pi * hz * t) + 0.02 * rng.standard_normal(t.size)
    out = io.BytesIO()
    soundfile.write(out, signal.astype(np.float32), RATE, format="OGG", subtype="OPUS")
    return out.getvalue()


def decoded_seconds(data: bytes) -> float:
    """The duration of an Ogg/Opus stream, decoding it (raises for anything that is not one)."""
    info = soundfile.info(io.BytesIO(data))
    if info.format != "OGG" or info.subtype != "OPUS":
        raise ValueError(f"not Ogg/Opus: {info.format}/{info.subtype}")
    return info.duration
