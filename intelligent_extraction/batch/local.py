"""Run a plan's documents on N local worker processes, yielding outcomes as they finish.

At most ``2 x workers`` documents are in flight, so a 100,000-document archive never sits in
memory as futures. A worker that dies (a segfault in a PDF library, the OOM killer) breaks the
pool: the pool is restarted and the documents it held are retried, and a document that was in
flight for ``MAX_CRASHES`` deaths is given up as an error instead of killing every pool.
"""

from __future__ import annotations

import multiprocessing
import os
from collections import Counter, deque
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from ..models import Strategy
from .plan import DocTask
from .workers import DocOutcome, SystemicError, init_worker, process_document

__all__ = ["run_local", "MAX_CRASHES"]

MAX_CRASHES = 2


def _pool(workers: int, overrides: dict[str, Any]) -> ProcessPoolExecutor:
    threads = max(1, (os.cpu_count() or 1) // workers)
    # The embedding runtime's default is one thread per core, per process: N workers would
    # run N x cores threads. Split the cores unless the user chose a thread count.
    from ..settings import Settings

    if "embed_threads" in Settings.model_fields and "IE_EMBED_THREADS" not in os.environ:
        overrides = {**overrides, "embed_threads": threads}
    return ProcessPoolExecutor(
        max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
        initializer=init_worker, initargs=(os.getpid(), overrides, threads))


def run_local(tasks: list[DocTask], *, workers: int, strategy: Strategy | None,
              overrides: dict[str, Any]) -> Iterator[DocOutcome]:
    """Outcomes of ``tasks`` in completion order (see the module docstring)."""
    pending: deque[DocTask] = deque(tasks)
    crashes: Counter[str] = Counter()
    pool = _pool(workers, overrides)
    inflight: dict[Future, DocTask] = {}
    progressed = True  # a document finished since the last pool restart
    try:
        while pending or inflight:
            while pending and len(inflight) < 2 * workers:
                task = pending.popleft()
                inflight[pool.submit(process_document, task, strategy)] = task
            finished, _ = wait(inflight, return_when=FIRST_COMPLETED)
            crashed: list[DocTask] = []
            for future in finished:
                task = inflight.pop(future)
                try:
                    outcome = future.result()
                except BrokenProcessPool:
                    crashed.append(task)
                    continue
                progressed = True
                yield outcome
            if not crashed:
                continue
            if not progressed:
                # Two deaths with nothing done between: workers cannot start (a model that does
                # not load, no memory), which no document can fix.
                raise SystemicError("worker processes keep dying before finishing any "
                                    "document; run with --workers 1 to see why")
            progressed = False
            for task in crashed:
                crashes[task.doc_id] += 1
                if crashes[task.doc_id] >= MAX_CRASHES:
                    yield DocOutcome(task.doc_id, error=f"{task.path}: a worker process died "
                                     f"{MAX_CRASHES} times while processing it")
                else:
                    pending.appendleft(task)
            # Every in-flight future of a broken pool fails; requeue them on a new pool.
            for future, task in inflight.items():
                future.cancel()
                pending.appendleft(task)
            inflight.clear()
            pool.shutdown(wait=False, cancel_futures=True)
            pool = _pool(workers, overrides)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
