"""Small figure helpers shared by the bench scripts (percentiles, load average, RSS of a process)."""

from __future__ import annotations

import os
import statistics
from pathlib import Path


def pct(values: list[float], p: float) -> float:
    """Nearest-rank percentile (p in 0..100) — the same rule `kodeks eval` uses."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(p / 100 * len(ordered) + 0.4999)))
    return ordered[rank - 1]


def summary(values: list[float]) -> str:
    return f"p50 {statistics.median(values):7.1f}  p95 {pct(values, 95):7.1f}  (n={len(values)})"


def machine() -> str:
    """The load when measuring: figures on a shared 2-core machine are only comparable within a run."""
    one, five, fifteen = os.getloadavg()
    omp = " ".join(f"{k}={v}" for k, v in sorted(os.environ.items()) if k.startswith("OMP_")) or "OMP defaults"
    return f"{os.cpu_count()} cores, load average {one:.2f} {five:.2f} {fifteen:.2f}; {omp}"


def rss_mb(pid: int) -> tuple[float, float]:
    """(current RSS, peak RSS) of a process in MB, from /proc (VmRSS, VmHWM)."""
    fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024
