"""A CPU budget of its own for a process, as if it had a small machine: a cgroup (v1 `cpu` controller) with a
CFS quota. For bench/replicas.py, where every replica, PostgreSQL, `chroma run` and the stand-ins share one
machine: bounded, each replica gets at most `cores` of a core however busy the others are, so one replica and
two compare as two machines would, not as two processes fighting for the same cores.

The group's quota caps the replica (`cpu.cfs_quota_us` per `cpu.cfs_period_us`); its `cpu.shares` are raised so
that on a machine busy with other work the replica still gets its whole budget (the quota keeps it from taking
more). Threads and child processes of a process moved in stay in the group. Needs root and a cgroup v1 `cpu`
hierarchy at /sys/fs/cgroup/cpu; where it cannot be made, `make_budgets` says why and the bench runs unbounded.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path("/sys/fs/cgroup/cpu")
PERIOD_US = 100_000
SHARES = 8192  # 8× a process's default weight: the budget is had on a busy machine; the quota still caps it
DEFAULT_SHARES = 1024


@dataclass
class CpuBudget:
    """One cgroup `ROOT/name`: at most `cores` of a core for the processes moved into it while `bound`."""

    name: str
    cores: float

    @property
    def path(self) -> Path:
        return ROOT / self.name

    def create(self) -> None:
        self.path.mkdir(exist_ok=True)
        (self.path / "cpu.cfs_period_us").write_text(str(PERIOD_US))
        self.bound(True)

    def bound(self, on: bool) -> None:
        """The budget on (`cores` of a core, had first) or off (no quota, a process's usual weight: the replica
        shares the machine as it would outside any group)."""
        quota = max(1000, round(self.cores * PERIOD_US)) if on else -1
        (self.path / "cpu.cfs_quota_us").write_text(str(quota))
        (self.path / "cpu.shares").write_text(str(SHARES if on else DEFAULT_SHARES))

    def add(self, pid: int) -> None:
        """Move a process (all its threads; its future children too) into the group."""
        (self.path / "cgroup.procs").write_text(str(pid))

    def throttled_s(self) -> float:
        """Seconds the group's processes were held back by the quota so far (cpu.stat)."""
        stat = dict(line.split() for line in (self.path / "cpu.stat").read_text().splitlines() if line.strip())
        return int(stat.get("throttled_time", 0)) / 1e9

    def remove(self) -> None:
        """Move whatever is left back to the root group and delete the group."""
        if not self.path.exists():
            return
        with contextlib.suppress(OSError):
            for pid in (self.path / "cgroup.procs").read_text().split():
                with contextlib.suppress(OSError):
                    (ROOT / "cgroup.procs").write_text(pid)
        with contextlib.suppress(OSError):
            self.path.rmdir()


def make_budgets(count: int, cores: float, prefix: str = "kodeks-bench-r") -> tuple[list[CpuBudget], str | None]:
    """`count` groups of `cores` each, or none and the reason they cannot be made here."""
    budgets: list[CpuBudget] = []
    try:
        for i in range(count):
            budget = CpuBudget(f"{prefix}{i}", cores)
            budgets.append(budget)
            budget.create()
    except OSError as exc:
        for budget in budgets:
            budget.remove()
        return [], f"cannot make a cgroup under {ROOT} ({exc.strerror or exc}): running unbounded"
    return budgets, None
