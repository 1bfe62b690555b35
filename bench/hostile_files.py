"""What a hostile or oversized file costs `kodeks ingest --dry-run`: wall time and peak memory (max RSS) of
the command, per file, against a normal law file in the same run (the machine is shared: read the ratios).

    .venv/bin/python bench/hostile_files.py [--repeat 3] [--timeout 120] [--checkout DIR]

Files, made in a temporary folder: a DOCX of ~1 MB whose document.xml inflates to 300 MB (the red team's
zip bomb), a 207 MB text file (real law text repeated), and as the baseline ../shared/laws/kz-rs.txt
(a 340 KB code; a small generated law when the folder is absent). `--checkout DIR` runs another checkout
of KODEKS (e.g. the commit before the limits: `git archive <commit> | tar -x -C DIR`) with the same files,
so before and after are measured in one run. A run still going after --timeout is killed and shown as
"> timeout". Figures are medians over --repeat runs.
"""

from __future__ import annotations

import argparse
import os
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
LAWS = REPO.parent / "shared" / "laws"
MB = 1024 * 1024
PARAGRAPH = "<w:p><w:r><w:t>Ko tuđu pokretnu stvar oduzme drugom kaznit će se zatvorom do tri godine.</w:t></w:r></w:p>"


def make_bomb(path: Path, inflated_mb: int = 300) -> Path:
    """A DOCX python-docx opens (its parts from `docx.Document()`) whose document.xml inflates to
    `inflated_mb`, streamed into the zip (never held in memory)."""
    import io
    import random

    from docx import Document

    buffer = io.BytesIO()
    Document().save(buffer)
    template = zipfile.ZipFile(io.BytesIO(buffer.getvalue()))
    rng = random.Random(7)
    words = [
        "krađa",
        "zatvor",
        "kazna",
        "vozač",
        "policija",
        "stvar",
        "sud",
        "zakon",
        "član",
        "javni",
        "red",
        "mir",
        "novčana",
    ]
    # A little variety, so that it compresses about as the red team's file did (~300:1), not 1000:1.
    blocks = [("".join(PARAGRAPH.replace("tri", rng.choice(words)) for _ in range(50))).encode() for _ in range(12)]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as docx:
        for item in template.infolist():
            if item.filename != "word/document.xml":
                docx.writestr(item, template.read(item))
        with docx.open("word/document.xml", "w", force_zip64=True) as part:
            part.write(
                b'<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>'
                + PARAGRAPH.replace("Ko tuđu", "Član 1. Ko tuđu").encode()
            )
            written = 0
            while written < inflated_mb * MB:
                block = blocks[rng.randrange(len(blocks))]
                part.write(block)
                written += len(block)
            part.write(b"</w:body></w:document>")
    return path


def make_big_text(path: Path, base: Path, size_mb: int = 207) -> Path:
    text = base.read_bytes()
    with path.open("wb") as handle:
        while handle.tell() < size_mb * MB:
            handle.write(text)
    return path


def make_law(path: Path) -> Path:
    path.write_text(
        "".join(f"Član {n}.\nNaslov {n}\nKo učini djelo {n} kaznit će se zatvorom.\n\n" for n in range(1, 400)),
        encoding="utf-8",
    )
    return path


def run(checkout: Path, file: Path, data_dir: Path, timeout: float) -> tuple[float, float, int | None]:
    """(seconds, max RSS in MB, exit code or None when killed) of one dry run in a child process."""
    env = {**os.environ, "PYTHONPATH": str(checkout), "KODEKS_DATA_DIR": str(data_dir)}
    command = [
        sys.executable,
        "-m",
        "kodeks",
        "ingest",
        "--dry-run",
        "--json",
        str(file),
        "--law",
        "X",
        "--jurisdiction",
        "FBiH",
    ]
    started = time.perf_counter()
    child = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=checkout)
    code: int | None = None
    while True:
        pid, status, usage = os.wait4(child.pid, os.WNOHANG)
        if pid:
            code = os.waitstatus_to_exitcode(status)
            break
        if time.perf_counter() - started > timeout:
            child.send_signal(signal.SIGKILL)
            pid, status, usage = os.wait4(child.pid, 0)
            break
        time.sleep(0.05)
    return time.perf_counter() - started, usage.ru_maxrss / 1024, code


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument(
        "--checkout",
        type=Path,
        action="append",
        default=[],
        help="another checkout to measure too (repeatable); this one is always measured",
    )
    args = parser.parse_args()
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    with tempfile.TemporaryDirectory(prefix="kodeks-hostile-") as tmp:
        folder = Path(tmp)
        base = LAWS / "kz-rs.txt" if (LAWS / "kz-rs.txt").exists() else make_law(folder / "law.txt")
        files = {
            "baseline (kz-rs.txt, 0.3 MB)" if base.name == "kz-rs.txt" else "baseline (generated law)": base,
            "DOCX zip bomb": make_bomb(folder / "bomb.docx"),
            "207 MB text": make_big_text(folder / "big.txt", base),
        }
        sizes = {name: f.stat().st_size / MB for name, f in files.items()}
        print("files: " + "; ".join(f"{n}: {s:.1f} MB on disk" for n, s in sizes.items()))
        print(f"{'checkout':<12} {'file':<30} {'seconds':>9} {'× base':>7} {'max RSS MB':>11} {'× base':>7}  exit")
        for checkout in [REPO, *args.checkout]:
            label = "this" if checkout == REPO else checkout.name
            baseline: tuple[float, float] | None = None
            for name, file in files.items():
                runs = [run(checkout, file, folder / "idx", args.timeout) for _ in range(args.repeat)]
                seconds = statistics.median(r[0] for r in runs)
                rss = statistics.median(r[1] for r in runs)
                codes = {r[2] for r in runs}
                baseline = baseline or (seconds, rss)
                shown = f"> {args.timeout:.0f}" if None in codes else f"{seconds:.1f}"
                print(
                    f"{label:<12} {name:<30} {shown:>9} {seconds / baseline[0]:>7.2f} {rss:>11.0f} "
                    f"{rss / baseline[1]:>7.2f}  {','.join('killed' if c is None else str(c) for c in sorted(codes, key=str))}"
                )


if __name__ == "__main__":
    main()
