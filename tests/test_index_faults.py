"""The index under the faults an admin meets (issue 20), with real `kodeks` processes: two ingests at once,
an ingest killed with SIGKILL, a full disk, a read-only data dir, a data dir this user may not write.

The full disk is a real one: a 1 MB tmpfs mounted in a private mount namespace (`unshare -m`); the
read-only data dir a read-only bind mount in one; the unwritable data dir a root-owned folder used as the
user `nobody` (`setpriv`). Each skips cleanly where that is not possible (not root, no unshare). The
kill -9 sweep over 40 points is bench/index_lifecycle.py; here are the representative points."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from retrieval.index.generations import index_root, read_pointer
from retrieval.index.writer_lock import HOLDER_FILE, holder_line, writer_lock
from retrieval.search.retriever import Retriever
from tests.retrieval_helpers import kodeks_command, row, settings_for, without_progress, write_corpus

KODEKS = kodeks_command()
REPO = Path(__file__).resolve().parents[1]
SAMPLE_EVAL = REPO / "data" / "sample" / "eval.jsonl"


def env() -> dict[str, str]:
    return {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("KODEKS_", "OPENAI_", "ANTHROPIC_", "TELEGRAM_", "CHROMA_"))
    }


def big_law(name: str, n: int) -> list[dict]:
    """A law of `n` distinct articles (embedding it takes a few seconds: long enough to catch mid-way), its texts
    its own (two of these laws are not one law under two names: ingest refuses a copy)."""
    return [
        row(
            name,
            str(i),
            f"Ko {i}. put prekrši odredbu {i} zakona {name} o {word} na javnom mjestu, kaznit će se novčanom "
            f"kaznom od {i * 10} KM.",
            f"Prekršaj {i}",
        )
        for i, word in enumerate(["buci", "psima", "alkoholu", "oružju", "vatri", "otpadu"] * (n // 6 + 1), 1)
    ][:n]


# An ingest that says when it starts embedding and waits there for its kill: killed mid-ingest, before anything
# of the new generation is written, however fast or slow the machine.
EMBEDDING_THEN_WAIT = """
import sys
from kodeks.settings import load_settings
from retrieval.ingest.run import ingest_paths


def embedding(total):
    print("embedding", total, flush=True)
    sys.stdin.readline()
    return lambda done: None


ingest_paths(load_settings(data_dir=sys.argv[1]), [sys.argv[2]], progress=embedding)
"""


def start(args: list[str], data_dir: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [*KODEKS, *args, "--data-dir", str(data_dir)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env(),
    )


def wait_for(predicate, timeout: float = 120, step: float = 0.002) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        time.sleep(step)


@pytest.fixture
def base_index(bot_data_dir: Path):
    return settings_for(bot_data_dir)


# --- one writer ------------------------------------------------------------------------------------


def test_two_ingests_at_once_one_waits_saying_who_holds_the_lock_and_both_laws_land(base_index, tmp_path: Path) -> None:
    first = write_corpus(tmp_path / "a.jsonl", big_law("ZA", 40))
    second = write_corpus(tmp_path / "b.jsonl", big_law("ZB", 3))
    a = start(["ingest", str(first)], base_index.data_dir)
    holder = index_root(base_index) / HOLDER_FILE
    wait_for(lambda: holder.exists() or a.poll() is not None)
    refused = subprocess.run(
        [*KODEKS, "ingest", str(second), "--no-wait", "--data-dir", str(base_index.data_dir)],
        capture_output=True,
        text=True,
        env=env(),
        timeout=300,
    )
    b = start(["ingest", str(second)], base_index.data_dir)
    _out_a, err_a = a.communicate(timeout=300)
    _out_b, err_b = b.communicate(timeout=300)
    assert a.returncode == 0 and b.returncode == 0, (err_a, err_b)
    assert refused.returncode == 1 and len(without_progress(refused.stderr).strip().splitlines()) == 1, refused.stderr
    assert f"pid {a.pid}" in refused.stderr and "kodeks ingest" in refused.stderr and "--no-wait" in refused.stderr
    waiting = [line for line in err_b.splitlines() if "waiting" in line]
    assert len(waiting) == 1 and f"pid {a.pid}" in waiting[0] and "since" in waiting[0], err_b
    assert {"ZA", "ZB"} <= set(Retriever.open(base_index).laws())


def test_a_stale_lock_record_of_a_dead_writer_is_taken_over_and_said_to_be_stale(base_index, tmp_path: Path) -> None:
    dead = subprocess.Popen(["true"])
    dead.wait()
    record = index_root(base_index) / HOLDER_FILE
    record.write_text(
        json.dumps(
            {
                "pid": dead.pid,
                "host": os.uname().nodename,
                "command": "kodeks ingest x",
                "since": "2026-01-01T00:00:00Z",
            }
        ),
        encoding="utf-8",
    )
    with writer_lock(base_index, wait=False):  # the kernel released the dead writer's flock: taken at once
        record.write_text(
            json.dumps(
                {
                    "pid": dead.pid,
                    "host": os.uname().nodename,
                    "command": "kodeks ingest x",
                    "since": "2026-01-01T00:00:00Z",
                }
            ),
            encoding="utf-8",
        )
        line = holder_line(base_index.data_dir)
    assert "no longer running" in line and "stale" in line
    done = subprocess.run(
        [
            *KODEKS,
            "ingest",
            str(write_corpus(tmp_path / "c.jsonl", big_law("ZC", 2))),
            "--no-wait",
            "--data-dir",
            str(base_index.data_dir),
        ],
        capture_output=True,
        text=True,
        env=env(),
        timeout=300,
    )
    assert done.returncode == 0 and "waiting" not in done.stderr, done.stderr


# --- kill -9 ---------------------------------------------------------------------------------------


def _new_generation_dirs(settings, before: set[str]) -> list[Path]:
    return [p for p in index_root(settings).iterdir() if p.name.startswith("gen-") and p.name not in before]


@pytest.mark.parametrize(("change", "point"), [("new law", "embedding"), ("changed law", "writing")])
def test_an_ingest_killed_at_any_moment_leaves_the_old_index_served_and_the_next_one_finishes(
    base_index, tmp_path: Path, point: str, change: str
) -> None:
    law = big_law("ZKILL", 24)
    corpus = write_corpus(tmp_path / "law.jsonl", law)
    if change == "changed law":
        subprocess.run(
            [*KODEKS, "ingest", str(corpus), "--data-dir", str(base_index.data_dir)],
            check=True,
            capture_output=True,
            env=env(),
            timeout=300,
        )
        law = [dict(r, text=r["text"] + " Povrat se kažnjava strože.") for r in law]
        write_corpus(corpus, law)
    current = read_pointer(base_index)
    existing = {p.name for p in index_root(base_index).iterdir()}
    if point == "embedding":
        proc = subprocess.Popen(
            [sys.executable, "-c", EMBEDDING_THEN_WAIT, str(base_index.data_dir), str(corpus)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env(),
        )
        assert proc.stdout.readline().startswith("embedding"), proc.stderr.read()
    else:
        proc = start(["ingest", str(corpus), "--yes"], base_index.data_dir)  # every article changed, on purpose
        wait_for(lambda: _new_generation_dirs(base_index, existing) or proc.poll() is not None, step=0.0005)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=60)
    assert read_pointer(base_index) == current, "the kill came after the switch; nothing was interrupted"
    retriever = Retriever.open(base_index)  # the previous generation, intact
    assert retriever.generation == current and retriever.search("krađa mobitela").hits
    if change == "changed law":
        assert "Povrat" not in retriever.get("ZKILL čl. 7").text
    retriever.close()
    again = subprocess.run(
        [*KODEKS, "ingest", str(corpus), "--json", "--yes", "--data-dir", str(base_index.data_dir)],
        capture_output=True,
        text=True,
        env=env(),
        timeout=300,
    )
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["embedded"] == 24  # the job done again, not "embedded 0, reused 24"
    served = Retriever.open(base_index)
    assert served.search("prekrši odredbu 7 o vatri", k=3).hits[0].id == "ZKILL čl. 7"
    assert ("Povrat" in served.get("ZKILL čl. 7").text) == (change == "changed law")
    assert [p.name for p in index_root(base_index).iterdir() if p.name.startswith("gen-")] == [served.generation]


# --- bad disks -------------------------------------------------------------------------------------


def _namespaces() -> bool:
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        return False
    return subprocess.run(["unshare", "-m", "true"], capture_output=True).returncode == 0


needs_namespaces = pytest.mark.skipif(not _namespaces(), reason="needs root and `unshare -m` (private mounts)")


def _in_namespace(script: str) -> subprocess.CompletedProcess:
    return subprocess.run(["unshare", "-m", "sh", "-c", script], capture_output=True, text=True, env=env(), timeout=600)


def _kodeks_line() -> str:
    return " ".join(f"'{part}'" for part in KODEKS)


@needs_namespaces
def test_a_full_disk_is_named_as_such_and_the_current_index_stays(base_index, tmp_path: Path) -> None:
    mount = tmp_path / "small"
    mount.mkdir()
    law = write_corpus(tmp_path / "law.jsonl", big_law("ZFULL", 3))
    size_kb = sum(f.stat().st_size for f in base_index.data_dir.rglob("*") if f.is_file()) // 1024 + 160
    k = _kodeks_line()
    script = f"""
        mount -t tmpfs -o size={size_kb}k tmpfs {mount} && cp -a {base_index.data_dir}/. {mount}/ || exit 99
        before=$(cat {mount}/index/CURRENT)
        {k} ingest {law} --data-dir {mount} 2>{tmp_path}/err; echo "ingest=$?"
        [ "$before" = "$(cat {mount}/index/CURRENT)" ] && echo same-generation
        ls {mount}/index | grep -c '^gen-' | sed 's/^/generations=/'
        {k} search krađa --json --data-dir {mount} >/dev/null; echo "search=$?"
    """
    done = _in_namespace(script)
    err = without_progress((tmp_path / "err").read_text())
    assert "ingest=1" in done.stdout and "same-generation" in done.stdout, done.stdout + done.stderr
    assert "generations=1" in done.stdout and "search=0" in done.stdout  # nothing half-written is left behind
    assert len(err.strip().splitlines()) == 1 and "is full" in err and "Free space" in err, err
    assert "--reindex" not in err and "rebuild" not in err


@needs_namespaces
def test_read_only_commands_work_on_a_read_only_data_dir_and_ingest_names_it(base_index, tmp_path: Path) -> None:
    law = write_corpus(tmp_path / "law.jsonl", big_law("ZRO", 2))
    d, k = base_index.data_dir, _kodeks_line()
    script = f"""
        mount --bind {d} {d} && mount -o remount,ro,bind {d} || exit 99
        {k} search 'krađa mobitela' --data-dir {d} >/dev/null; echo "search=$?"
        {k} ask --no-log 'ukrao mi je mobitel' --data-dir {d} >/dev/null; echo "ask=$?"
        {k} laws --data-dir {d} >/dev/null; echo "laws=$?"
        {k} eval retrieval {SAMPLE_EVAL} --data-dir {d} >/dev/null; echo "eval=$?"
        {k} stats --data-dir {d} >/dev/null; echo "stats=$?"
        {k} ingest {law} --data-dir {d} 2>{tmp_path}/err; echo "ingest=$?"
    """
    done = _in_namespace(script)
    for command in ("search", "ask", "laws", "eval", "stats"):
        assert f"{command}=0" in done.stdout, done.stdout + done.stderr
    err = without_progress((tmp_path / "err").read_text())
    assert "ingest=1" in done.stdout and len(err.strip().splitlines()) == 1, err
    assert "read-only file system" in err and "rebuild" not in err


def _nobody_can_run_kodeks() -> bool:
    """root, setpriv, and a checkout + interpreter the user `nobody` may read (not under a 0700 home)."""
    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        return False
    probe = subprocess.run(
        [
            "setpriv",
            "--reuid",
            "65534",
            "--regid",
            "65534",
            "--clear-groups",
            sys.executable,
            "-c",
            "import kodeks, retrieval",
        ],
        capture_output=True,
        env=env(),
        cwd="/",
        timeout=120,
    )
    return probe.returncode == 0


@pytest.mark.skipif(not _nobody_can_run_kodeks(), reason="needs root, setpriv and a checkout the user nobody can read")
def test_a_data_dir_this_user_may_not_write_is_named_as_such(base_index) -> None:
    home = Path(tempfile.mkdtemp(prefix="kodeks-eacces-"))
    try:
        home.chmod(0o755)
        data = home / "data"
        shutil.copytree(base_index.data_dir, data)
        law = write_corpus(home / "law.jsonl", big_law("ZACC", 2))
        for path in [home, *home.rglob("*")]:
            path.chmod(0o755 if path.is_dir() else 0o644)
        as_nobody = ["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", *KODEKS]

        def run(*args):
            return subprocess.run(
                [*as_nobody, *args, "--data-dir", str(data)],
                capture_output=True,
                text=True,
                env={**env(), "HOME": str(home)},
                cwd=home,
                timeout=300,
            )

        searched = run("search", "krađa mobitela")
        assert searched.returncode == 0, searched.stderr
        refused = run("ingest", str(law))
        stderr = without_progress(refused.stderr)
        assert refused.returncode == 1 and len(stderr.strip().splitlines()) == 1, refused.stderr
        assert "no permission to write" in refused.stderr and "nobody" in refused.stderr
    finally:
        shutil.rmtree(home, ignore_errors=True)


@needs_namespaces
def test_the_log_and_officers_are_read_on_a_read_only_data_dir(base_index, tmp_path: Path) -> None:
    """`stats`, `export` and `officers list` over a data dir holding a query log and officers (the admin's
    read-only mount of a backup, say): each works, and nothing is written (no WAL, no migration)."""
    d, k = base_index.data_dir, _kodeks_line()
    for args in (["ask", "ukrao mi je mobitel"], ["officers", "add", "424242", "--name", "Ana"]):
        made = subprocess.run(
            [*KODEKS, *args, "--data-dir", str(d)], capture_output=True, text=True, env=env(), timeout=300
        )
        assert made.returncode == 0, made.stderr
    script = f"""
        mount --bind {d} {d} && mount -o remount,ro,bind {d} || exit 99
        {k} stats --data-dir {d} >/dev/null 2>{tmp_path}/stats.err; echo "stats=$?"
        {k} stats --json --data-dir {d} >/dev/null 2>>{tmp_path}/stats.err; echo "stats-json=$?"
        {k} export --data-dir {d} --out {tmp_path}/export.jsonl 2>{tmp_path}/export.err; echo "export=$?"
        {k} officers list --data-dir {d} >{tmp_path}/officers.out 2>{tmp_path}/officers.err; echo "officers=$?"
        {k} ask --no-log 'ukrao mi je mobitel' --data-dir {d} >/dev/null 2>{tmp_path}/ask.err; echo "ask=$?"
    """
    done = _in_namespace(script)
    for command in ("stats", "stats-json", "export", "officers", "ask"):
        err = (tmp_path / f"{command.split('-')[0]}.err").read_text()
        assert f"{command}=0" in done.stdout, done.stdout + done.stderr + err
        assert "Traceback" not in err
    assert "Ana" in (tmp_path / "officers.out").read_text()
    assert len((tmp_path / "export.jsonl").read_text().splitlines()) == 1
