"""The fair scheduler (bot/scheduling.py): officers' CPU jobs take turns on a pool of their own."""

from __future__ import annotations

import asyncio
import threading

import pytest

from bot.scheduling import FairScheduler


def blocking(gate: threading.Event, order: list[str], name: str):
    def job() -> str:
        gate.wait(30)
        order.append(name)
        return name
    return job


async def test_one_officers_burst_does_not_hold_back_another_officer() -> None:
    """One worker: A's five jobs are queued before B's one, and B's runs second, not sixth."""
    cpu = FairScheduler(workers=1)
    gate, order = threading.Event(), []
    try:
        burst = [asyncio.ensure_future(cpu.run("A", blocking(gate, order, f"A{i}"))) for i in range(5)]
        await asyncio.sleep(0)
        other = asyncio.ensure_future(cpu.run("B", blocking(gate, order, "B0")))
        await asyncio.sleep(0)
        gate.set()
        assert await other == "B0"
        await asyncio.gather(*burst)
    finally:
        cpu.close()
    assert order == ["A0", "B0", "A1", "A2", "A3", "A4"]


async def test_an_officer_runs_one_job_at_a_time_leaving_workers_for_others() -> None:
    cpu = FairScheduler(workers=2)
    gate, order = threading.Event(), []
    running: list[str] = []

    def watched(name: str):
        def job() -> None:
            running.append(name)
            gate.wait(30)
            order.append(name)
        return job
    try:
        burst = [asyncio.ensure_future(cpu.run("A", watched(f"A{i}"))) for i in range(3)]
        other = asyncio.ensure_future(cpu.run("B", watched("B0")))
        for _ in range(200):
            if len(running) == 2:
                break
            await asyncio.sleep(0.01)
        assert sorted(running) == ["A0", "B0"]  # B did not wait for A's burst; A holds one worker only
        gate.set()
        await asyncio.gather(other, *burst)
    finally:
        cpu.close()
    assert order[-2:] == ["A1", "A2"]


async def test_results_errors_and_the_pool_are_the_schedulers_own() -> None:
    cpu = FairScheduler(workers=1)
    try:
        assert (await cpu.call("A", lambda: threading.current_thread().name)).startswith("kodeks-cpu")
        with pytest.raises(ZeroDivisionError):
            await cpu.run("A", lambda: 1 / 0)
        assert await cpu.call("A", sum, [1, 2, 3]) == 6
        assert cpu.ran == 3 and cpu.waiting == 0
    finally:
        cpu.close()


async def test_a_cancelled_waiting_job_leaves_the_queue() -> None:
    cpu = FairScheduler(workers=1)
    gate, order = threading.Event(), []
    try:
        first = asyncio.ensure_future(cpu.run("A", blocking(gate, order, "A0")))
        waiting = asyncio.ensure_future(cpu.run("B", blocking(gate, order, "B0")))
        await asyncio.sleep(0)
        assert cpu.waiting == 1
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting
        assert cpu.waiting == 0
        gate.set()
        await first
    finally:
        cpu.close()
    assert order == ["A0"]
