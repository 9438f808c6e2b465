"""Job submission throughput and end-to-end latency of the service, and proof that every
accepted job finished exactly once.

    .venv/bin/python benchmarks/bench_api.py                 # 16 clients, 2000 jobs
    .venv/bin/python benchmarks/bench_api.py --quick         # a smoke run (4 clients, 60 jobs)
    .venv/bin/python benchmarks/bench_api.py --profile-submit 300   # + where a submit's time goes

Bounded and loopback only: it needs Redis on 127.0.0.1:6379 and PostgreSQL on 127.0.0.1:5432
(role ie / ie, CREATEDB; ``scripts/services.sh start``), and touches nothing else there. It
creates a PostgreSQL database of its own (dropped at the end), uses one empty Redis database
(``--redis-db``, flushed at the end) and a temporary IE_DATA_DIR, then starts

- the API: ``intelligent-extraction serve`` (gunicorn gthread, ``--api-workers`` processes x
  ``--api-threads`` threads; default 2 x 16, the best of 1x8, 2x2, 2x4, 2x8, 2x16 and 4x4
  measured on the 2-core machine: more threads keep more submits in flight while others wait
  on PostgreSQL commits and Redis, and the API takes a larger share of the contended CPU),
- ``--workers`` Celery workers: ``intelligent-extraction worker --concurrency 1`` each (two
  independent workers by default, as on two hosts: each with its own broker connection and
  outbox sweep, so exactly-once is shown across workers, not only across pool children),

uploads a generated sample contract (``samples.services_agreement()``), waits until it is
indexed, and lets ``--clients`` threads (each one keep-alive ``http.client`` connection) submit
``--jobs`` jobs in total (``--fields`` per job) as fast as the API accepts them: accepted jobs/s
and submit latency percentiles. It then waits (at most ``--timeout`` s) for every job to end,
reports end-to-end latency (``finished_at - created_at`` in the job store) and checks, in
PostgreSQL, that every accepted job id exists once, reached a terminal status, and that every
(job, field) has exactly one record and exactly one ``field_done`` event (and the job one
``done`` event). CPU seconds per process group during the submit phase say where the two cores
went. The last line printed is one JSON object with all the numbers.

``--profile-submit N`` then times ``Submissions.submit_job`` in-process (the API's own wiring,
``create_app``) N times, split into its steps, with the SQL statements each step sends, and the
same request through Flask's test client (routing, auth, spectree validation, JSON).

Exit status: 0 when every accepted job finished exactly once, 1 otherwise, 2 on a set-up error.

Measured (idle but noisy 2-core machine, defaults, 2000 jobs + 8 warm-up; every run
2008/2008 finished exactly once, 4016 records, 4016 field_done events): 433.8 and 466.6
accepted jobs/s with the workers running at their default nice 10 (p50/p95 30/61-70 ms;
end-to-end p50/p95 30/43 s, the backlog drained at 44.5 jobs/s); 423.4 with ``--pause-workers``
(the API alone); 240.9-286.6 with ``--worker-nice 0`` (equal shares: the workers take a third
of the CPU). The API costs 2.3-3.8 ms CPU per accepted job; in-process ``submit_job`` 1.6 ms
(create_job, one statement in autocommit, 0.8; the Celery publish 0.8), 2.7 ms through
Flask's test client. Before (create_job in a transaction behind a ping per checkout, a new
Redis client object per publish, httpx clients): 3.3-3.9 ms a job, 209-251/s with the workers
at nice 0.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter, defaultdict
from pathlib import Path
from urllib.parse import urlsplit

import httpx

PG_ADMIN = os.environ.get("IE_BENCH_PG_ADMIN",
                          "postgresql+psycopg://ie:ie@127.0.0.1:5432/postgres")
REDIS_BASE = os.environ.get("IE_BENCH_REDIS", "redis://127.0.0.1:6379")
LOOPBACK = {"127.0.0.1", "localhost", "::1"}
TERMINAL = ("succeeded", "partial", "failed", "cancelled")
DOC_ID = "bench-services-agreement"
API_KEY = f"bench-{uuid.uuid4().hex}"


class SetupError(RuntimeError):
    pass


# ---------------------------------------------------------------------------- small helpers


def pct(values: list[float], p: float) -> float | None:
    """The p-th percentile (nearest rank on the sorted values)."""
    if not values:
        return None
    s = sorted(values)
    k = max(0, min(len(s) - 1, int(round(p / 100 * len(s) + 0.5)) - 1))
    return s[k]


def ms(v: float | None) -> str:
    return "-" if v is None else f"{v * 1000:.1f} ms"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cli_command() -> list[str]:
    script = Path(sys.executable).with_name("intelligent-extraction")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "intelligent_extraction.cli"]


def _proc_table() -> dict[int, tuple[int, str, float]]:
    """pid -> (ppid, comm, cpu seconds) from /proc (no psutil needed)."""
    tick = os.sysconf("SC_CLK_TCK")
    table = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            raw = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        comm = raw[raw.index("(") + 1: raw.rindex(")")]
        rest = raw[raw.rindex(")") + 2:].split()
        table[int(entry)] = (int(rest[1]), comm, (int(rest[11]) + int(rest[12])) / tick)
    return table


def cpu_by_group(roots: dict[str, list[int]]) -> dict[str, float]:
    """CPU seconds (user+system, live processes) of each named group of process trees, plus
    PostgreSQL and Redis server processes and everything else on the machine."""
    table = _proc_table()
    children = defaultdict(list)
    for pid, (ppid, _, _) in table.items():
        children[ppid].append(pid)
    seen: set[int] = set()
    out: dict[str, float] = {}
    for name, pids in roots.items():
        total, stack = 0.0, list(pids)
        while stack:
            pid = stack.pop()
            if pid in seen or pid not in table:
                continue
            seen.add(pid)
            total += table[pid][2]
            stack.extend(children[pid])
        out[name] = total
    for name, comms in (("postgres", ("postgres",)), ("redis", ("redis-server",))):
        pids = [p for p, (_, c, _) in table.items() if c in comms and p not in seen]
        seen.update(pids)
        out[name] = sum(table[p][2] for p in pids)
    return out


def machine_cpu_seconds() -> float:
    fields = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    busy = sum(int(x) for i, x in enumerate(fields) if i not in (3, 4))  # not idle, iowait
    return busy / os.sysconf("SC_CLK_TCK")


# ---------------------------------------------------------------------------- the services


class Proc:
    """A child process in its own session (so a signal reaches its whole tree)."""

    def __init__(self, name: str, argv: list[str], env: dict[str, str], log: Path):
        self.name, self.log = name, log
        self.proc = subprocess.Popen(argv, env=env, stdout=log.open("ab"),
                                     stderr=subprocess.STDOUT, start_new_session=True)

    @property
    def pid(self) -> int:
        return self.proc.pid

    def alive(self) -> bool:
        return self.proc.poll() is None

    def tail(self, n: int = 3000) -> str:
        return self.log.read_text(errors="replace")[-n:]

    def signal(self, sig: int) -> None:
        try:
            os.killpg(self.proc.pid, sig)
        except ProcessLookupError:
            pass

    def stop(self, timeout: float = 20) -> None:
        if self.proc.poll() is not None:
            return
        self.signal(signal.SIGCONT)
        self.signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.signal(signal.SIGKILL)
            self.proc.wait(10)


def create_database() -> tuple[str, str]:
    from sqlalchemy import create_engine, text

    name = f"ie_bench_{uuid.uuid4().hex[:10]}"
    admin = create_engine(PG_ADMIN, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
    except Exception as exc:  # noqa: BLE001 - any failure is a set-up error
        raise SetupError(f"cannot create a PostgreSQL database via {PG_ADMIN}: {exc} "
                         "(scripts/services.sh start)") from exc
    finally:
        admin.dispose()
    return name, PG_ADMIN.rsplit("/", 1)[0] + f"/{name}"


def drop_database(name: str) -> None:
    from sqlalchemy import create_engine, text

    admin = create_engine(PG_ADMIN, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()


def claim_redis_db(preferred: int):
    """An empty Redis database: ``preferred`` if empty, else the highest empty one."""
    import redis

    for db in [preferred, *range(63, 0, -1)]:
        client = redis.Redis.from_url(f"{REDIS_BASE}/{db}")
        try:
            if client.dbsize() == 0:
                return db, client
        except redis.ResponseError:
            client.close()
            continue  # beyond the server's `databases`
        except redis.RedisError as exc:
            raise SetupError(f"Redis at {REDIS_BASE} is not reachable: {exc} "
                             "(scripts/services.sh start)") from exc
        client.close()
    raise SetupError("no empty Redis database found")


def wait_for(what: str, check, timeout: float, procs: list[Proc], interval: float = 0.2):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for p in procs:
            if not p.alive():
                raise SetupError(f"{p.name} exited with {p.proc.returncode}:\n{p.tail()}")
        result = check()
        if result:
            return result
        time.sleep(interval)
    raise SetupError(f"timed out after {timeout:.0f}s waiting for {what}")


# ---------------------------------------------------------------------------- the run


def submit_phase(base: str, n_clients: int, n_jobs: int, fields: list[str]) -> dict:
    """``n_clients`` threads submit ``n_jobs`` jobs in total; each thread one keep-alive
    connection. Returns accepted ids, latencies, failures and the wall time."""
    lock = threading.Lock()
    issued = 0
    accepted: list[str] = []
    latencies: list[float] = []
    failures: Counter = Counter()
    start = threading.Barrier(n_clients + 1)
    payload = json.dumps({"doc_id": DOC_ID, "fields": fields}).encode()
    headers = {"Authorization": f"Bearer {API_KEY}", "Content-Type": "application/json"}
    url = urlsplit(base)

    def open_connection() -> http.client.HTTPConnection:
        return http.client.HTTPConnection(url.hostname, url.port, timeout=60)

    def client_loop() -> None:
        nonlocal issued
        mine_ids, mine_lat = [], []
        # the standard library's client, not httpx: the load generator shares the two cores
        # with the server it measures, and httpx costs about 1.4 ms CPU a request, http.client
        # about 0.35 ms
        conn = open_connection()
        conn.request("GET", "/healthz")  # open the connection before the clock starts
        conn.getresponse().read()
        start.wait()
        while True:
            with lock:
                if issued >= n_jobs:
                    break
                issued += 1
            t0 = time.perf_counter()
            try:
                conn.request("POST", "/v1/jobs", body=payload, headers=headers)
                r = conn.getresponse()
                data = r.read()
            except (OSError, http.client.HTTPException) as exc:
                with lock:
                    failures[type(exc).__name__] += 1
                conn.close()
                conn = open_connection()
                continue
            dt = time.perf_counter() - t0
            if r.status == 202:
                mine_ids.append(json.loads(data)["job_id"])
                mine_lat.append(dt)
            else:
                with lock:
                    failures[f"HTTP {r.status}"] += 1
        conn.close()
        with lock:
            accepted.extend(mine_ids)
            latencies.extend(mine_lat)

    threads = [threading.Thread(target=client_loop, daemon=True) for _ in range(n_clients)]
    for t in threads:
        t.start()
    start.wait()
    t0 = time.perf_counter()
    for t in threads:
        t.join()
    wall = time.perf_counter() - t0
    return {"accepted": accepted, "latencies": latencies, "failures": dict(failures),
            "wall_s": wall}


def wait_all_finished(engine, expected: int, timeout: float, procs: list[Proc]) -> float:
    from sqlalchemy import bindparam, text

    t0 = time.monotonic()
    last = -1
    q = text("SELECT count(*) FROM jobs WHERE status IN :t").bindparams(
        bindparam("t", expanding=True))
    while True:
        with engine.connect() as conn:
            done = conn.execute(q, {"t": list(TERMINAL)}).scalar_one()
        if done >= expected:
            return time.monotonic() - t0
        if time.monotonic() - t0 > timeout:
            print(f"  timed out after {timeout:.0f}s: {done}/{expected} jobs finished")
            return time.monotonic() - t0
        for p in procs:
            if not p.alive():
                print(f"  {p.name} died ({p.proc.returncode}); waiting on regardless")
        if done != last and (done == 0 or done // 500 != last // 500):
            print(f"  {done}/{expected} jobs finished ({time.monotonic() - t0:.0f}s)")
        last = done
        time.sleep(1.0)


def verify(engine, accepted: list[str], fields: list[str]) -> dict:
    """Every accepted job once, terminal; every (job, field) one record, one field_done."""
    from sqlalchemy import text

    with engine.connect() as conn:
        jobs = {row.job_id: row for row in conn.execute(text(
            "SELECT job_id, status, total, done, created_at, finished_at FROM jobs"))}
        job_fields = conn.execute(text(
            "SELECT job_id, field, status, record IS NOT NULL AS has_record, attempts, "
            "record->>'status' AS record_status FROM job_fields")).all()
        events = conn.execute(text(
            "SELECT job_id, type, data->>'field' AS field, count(*) AS n FROM job_events "
            "WHERE type IN ('field_done', 'done') GROUP BY 1, 2, 3")).all()

    accepted_set = set(accepted)
    wanted = set(fields)
    per_job_fields: dict[str, list] = defaultdict(list)
    for row in job_fields:
        per_job_fields[row.job_id].append(row)
    field_done: Counter = Counter()
    done_events: Counter = Counter()
    for row in events:
        if row.type == "field_done":
            field_done[(row.job_id, row.field)] += row.n
        else:
            done_events[row.job_id] += row.n

    bad: Counter = Counter()
    finished_once = 0
    for job_id in accepted_set:
        job = jobs.get(job_id)
        if job is None:
            bad["missing in the store"] += 1
            continue
        ok = True
        if job.status not in TERMINAL:
            bad[f"not terminal ({job.status})"] += 1
            ok = False
        rows = per_job_fields.get(job_id, [])
        if sorted(r.field for r in rows) != sorted(wanted):
            bad["wrong (job, field) rows"] += 1
            ok = False
        if any(r.status != "done" or not r.has_record for r in rows):
            bad["a field without its record"] += 1
            ok = False
        if any(field_done[(job_id, f)] != 1 for f in wanted):
            bad["field_done events != 1"] += 1
            ok = False
        if done_events[job_id] != 1:
            bad["done events != 1"] += 1
            ok = False
        if job.done != job.total:
            bad["progress done != total"] += 1
            ok = False
        finished_once += ok
    e2e = [(j.finished_at - j.created_at).total_seconds() for j in jobs.values()
           if j.job_id in accepted_set and j.finished_at is not None]
    return {
        "accepted_unique": len(accepted_set),
        "accepted_duplicates": len(accepted) - len(accepted_set),
        "jobs_in_store": len(jobs),
        "jobs_not_accepted_in_store": len(set(jobs) - accepted_set),
        "finished": sum(1 for j in accepted_set if j in jobs and jobs[j].status in TERMINAL),
        "finished_once": finished_once,
        "job_status": dict(Counter(jobs[j].status for j in accepted_set if j in jobs)),
        "record_status": dict(Counter(r.record_status for r in job_fields
                                      if r.job_id in accepted_set)),
        "field_attempts": dict(Counter(r.attempts for r in job_fields
                                       if r.job_id in accepted_set)),
        "field_records": sum(1 for r in job_fields if r.job_id in accepted_set and r.has_record),
        "field_done_events": sum(n for (j, _), n in field_done.items() if j in accepted_set),
        "problems": dict(bad),
        "e2e": e2e,
    }


# ---------------------------------------------------------------------------- profiling


def profile_submit(settings, n: int, fields: list[str]) -> dict:
    """Time ``Submissions.submit_job`` in-process (wall and CPU), step by step, with the SQL
    statements each step sends; then the same submit under variants that isolate a cost
    (a ping on every checkout, as before; no commit fsync), and the whole request
    through Flask's test client (routing, auth, spectree validation, JSON)."""
    from sqlalchemy import event

    from intelligent_extraction.api import create_app
    from intelligent_extraction.jobs.requests import JobRequest

    app = create_app({"IE_SETTINGS": settings})
    res = app.extensions["ie"]
    with app.app_context():
        subs = res.submissions
    store, dispatcher = subs.store, subs.dispatcher
    steps: dict[str, list[tuple[float, float]]] = defaultdict(list)
    sql: Counter = Counter()
    current = ["other"]

    def timed(obj, name: str, label: str) -> None:
        original = getattr(obj, name)

        def wrapper(*a, **kw):
            prev, current[0] = current[0], label
            t0, c0 = time.perf_counter(), time.thread_time()
            try:
                return original(*a, **kw)
            finally:
                steps[label].append((time.perf_counter() - t0, time.thread_time() - c0))
                current[0] = prev
        setattr(obj, name, wrapper)

    timed(subs, "resolve_fields", "resolve_fields (field registry)")
    timed(store, "get_document", "store.get_document (1 tx)")
    timed(store, "create_job", "store.create_job (1 statement)")
    timed(dispatcher, "start_job", "Redis publish (celery send_task)")
    timed(store, "mark_dispatched", "store.mark_dispatched (1 tx)")

    def count(_conn, _cursor, statement, *_a):
        sql[current[0]] += 1
        sql["total"] += 1

    def commit(_conn):
        sql["COMMIT"] += 1
    event.listen(store.engine, "before_cursor_execute", count)
    event.listen(store.engine, "commit", commit)

    request = JobRequest.model_validate({"doc_id": DOC_ID, "fields": fields})

    def run(k: int) -> tuple[list[float], float]:
        totals, c0 = [], time.thread_time()
        for _ in range(k):
            t0 = time.perf_counter()
            subs.submit_job(request)
            totals.append(time.perf_counter() - t0)
        return totals, (time.thread_time() - c0) / k

    run(10)  # warm: connections, the registry, the publisher's connection
    steps.clear()
    sql.clear()
    totals, cpu = run(n)
    step_stats = {k: (statistics.fmean(w for w, _ in v), statistics.fmean(c for _, c in v))
                  for k, v in steps.items()}
    sql_per_submit = {k: v / n for k, v in sql.items()}
    event.remove(store.engine, "before_cursor_execute", count)
    event.remove(store.engine, "commit", commit)

    variants: dict[str, tuple[float, float]] = {}
    pool = store.engine.pool
    pool._pre_ping = True  # what the store did before: a ping round trip on every checkout
    run(5)
    t, c = run(n)
    variants["with a ping per checkout (pool_pre_ping)"] = (statistics.fmean(t), c)
    pool._pre_ping = False

    def no_fsync(dbapi_conn, _record):
        with dbapi_conn.cursor() as cur:
            cur.execute("SET synchronous_commit TO off")
        dbapi_conn.commit()
    event.listen(store.engine, "connect", no_fsync)
    store.engine.dispose()
    run(5)
    t, c = run(n)
    variants["with synchronous_commit=off"] = (statistics.fmean(t), c)
    event.remove(store.engine, "connect", no_fsync)
    store.engine.dispose()

    client = app.test_client()
    headers = {"Authorization": f"Bearer {API_KEY}"}
    body = {"doc_id": DOC_ID, "fields": fields}
    for _ in range(10):
        client.post("/v1/jobs", json=body, headers=headers)
    flask_totals, c0 = [], time.thread_time()
    for _ in range(n):
        t0 = time.perf_counter()
        r = client.post("/v1/jobs", json=body, headers=headers)
        flask_totals.append(time.perf_counter() - t0)
        assert r.status_code == 202, r.get_data(as_text=True)
    flask_cpu = (time.thread_time() - c0) / n
    res.close()
    return {
        "n": n,
        "submit_job_mean_s": statistics.fmean(totals),
        "submit_job_p50_s": pct(totals, 50),
        "submit_job_cpu_s": cpu,
        "steps_mean_s": step_stats,
        "sql_statements_per_submit": sql_per_submit,
        "variants_s": variants,
        "flask_request_mean_s": statistics.fmean(flask_totals),
        "flask_request_p50_s": pct(flask_totals, 50),
        "flask_request_cpu_s": flask_cpu,
    }


# ---------------------------------------------------------------------------- main


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--clients", type=int, default=16, help="concurrent HTTP clients")
    p.add_argument("--jobs", type=int, default=2000, help="jobs submitted in total")
    p.add_argument("--fields", default="governing_law,effective_date",
                   help="comma-separated fields of every job")
    p.add_argument("--api-workers", type=int, default=2, help="gunicorn processes")
    p.add_argument("--api-threads", type=int, default=16, help="threads per gunicorn process")
    p.add_argument("--workers", type=int, default=2, help="Celery worker processes")
    p.add_argument("--worker-concurrency", type=int, default=1, help="pool size of each")
    p.add_argument("--worker-nice", type=int, default=10,
                   help="worker --nice (its default, 10): CPU priority below the API's, as on "
                        "a host where both run (0: equal shares)")
    p.add_argument("--pause-workers", action="store_true",
                   help="SIGSTOP the Celery workers during the submit phase (the API's "
                        "throughput alone; they resume afterwards)")
    p.add_argument("--timeout", type=float, default=900, help="seconds to wait for the jobs")
    p.add_argument("--redis-db", type=int, default=62,
                   help="Redis database (must be empty; else the highest empty one)")
    p.add_argument("--profile-submit", type=int, default=0, metavar="N",
                   help="then time Submissions.submit_job in-process N times")
    p.add_argument("--quick", action="store_true", help="smoke run: 4 clients, 60 jobs")
    p.add_argument("--keep", action="store_true", help="keep the temp dir (logs)")
    args = p.parse_args()
    if args.quick:
        args.clients, args.jobs = min(args.clients, 4), min(args.jobs, 60)
        args.timeout = min(args.timeout, 300)
    for url in (PG_ADMIN, REDIS_BASE):
        if urlsplit(url).hostname not in LOOPBACK:
            p.error(f"loopback only: {url}")
    return args


def main() -> int:
    args = parse_args()
    fields = [f.strip() for f in args.fields.split(",") if f.strip()]
    tmp = Path(tempfile.mkdtemp(prefix="ie-bench-api-"))
    db_name = None
    redis_client = None
    procs: list[Proc] = []
    engine = None
    try:
        from sqlalchemy import create_engine, text

        db_name, db_url = create_database()
        redis_db, redis_client = claim_redis_db(args.redis_db)
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        env = {
            **os.environ,
            "IE_DATA_DIR": str(tmp / "data"),
            "IE_REDIS_URL": f"{REDIS_BASE}/{redis_db}",
            "IE_DATABASE_URL": db_url,
            "IE_API_KEYS": API_KEY,
            "IE_BACKEND": "embedded",
            "IE_RECONCILE_SECONDS": "5",
            "HF_HUB_OFFLINE": "1",
            "TRANSFORMERS_OFFLINE": "1",
        }
        print(f"bench_api: db {db_name}, redis db {redis_db}, data {tmp / 'data'}, {base}")
        cli = cli_command()
        api = Proc("api", [*cli, "serve", "--host", "127.0.0.1", "--port", str(port),
                           "--workers", str(args.api_workers),
                           "--threads", str(args.api_threads)], env, tmp / "api.log")
        procs.append(api)
        for i in range(args.workers):
            procs.append(Proc(f"worker{i + 1}", [*cli, "worker", "--concurrency",
                                                 str(args.worker_concurrency),
                                                 "--nice", str(args.worker_nice),
                                                 "--loglevel", "INFO"],
                              {**env, "IE_BENCH_WORKER": str(i)}, tmp / f"worker{i + 1}.log"))
        workers = procs[1:]

        def healthy() -> bool:
            try:
                return httpx.get(f"{base}/healthz", timeout=2).status_code == 200
            except httpx.HTTPError:
                return False
        wait_for("the API (/healthz)", healthy, 60, procs)
        # "celery@host ready." (INFO, the default level): the model is loaded, queue consumed
        wait_for("the workers", lambda: all(" ready." in w.tail(100_000) for w in workers),
                 180, procs)

        from intelligent_extraction import samples

        pdf = samples.write_pdf(tmp / "services-agreement.pdf", samples.services_agreement())
        auth = {"Authorization": f"Bearer {API_KEY}"}
        t0 = time.perf_counter()
        r = httpx.post(f"{base}/v1/documents", headers=auth, timeout=60,
                       files={"file": (pdf.name, pdf.read_bytes(), "application/pdf")},
                       data={"doc_id": DOC_ID})
        if r.status_code != 201:
            raise SetupError(f"upload answered {r.status_code}: {r.text}")

        def indexed():
            doc = httpx.get(f"{base}/v1/documents/{DOC_ID}", headers=auth, timeout=10).json()
            if doc.get("status") == "failed":
                raise SetupError(f"indexing failed: {doc}")
            return doc if doc.get("status") == "indexed" else None
        doc = wait_for("the document to be indexed", indexed, 300, procs)
        print(f"  indexed {DOC_ID}: {doc['chunks']} chunks, {doc['pages']} pages "
              f"in {time.perf_counter() - t0:.1f}s")

        # warm every gunicorn process (store connections, field registry, publisher)
        with httpx.Client(base_url=base, headers=auth, timeout=60) as c:
            warm = [c.post("/v1/jobs", json={"doc_id": DOC_ID, "fields": fields})
                    for _ in range(4 * args.api_workers)]
        warm_ids = [w.json()["job_id"] for w in warm if w.status_code == 202]
        if len(warm_ids) != len(warm):
            raise SetupError(f"warm-up submits failed: {[w.status_code for w in warm]}")

        if args.pause_workers:
            for w in workers:
                w.signal(signal.SIGSTOP)
        roots = {"api (gunicorn)": [api.pid], "celery workers": [w.pid for w in workers],
                 "bench clients": [os.getpid()]}
        cpu0, mcpu0 = cpu_by_group(roots), machine_cpu_seconds()
        print(f"submitting {args.jobs} jobs from {args.clients} clients "
              f"(fields {fields}) ...")
        sub = submit_phase(base, args.clients, args.jobs, fields)
        cpu1, mcpu1 = cpu_by_group(roots), machine_cpu_seconds()
        if args.pause_workers:
            for w in workers:
                w.signal(signal.SIGCONT)
        cpu = {k: cpu1[k] - cpu0.get(k, 0.0) for k in cpu1}
        cpu["other (not this run)"] = max(0.0, (mcpu1 - mcpu0) - sum(cpu.values()))
        cpu["machine (all)"] = mcpu1 - mcpu0
        accepted, lat, wall = sub["accepted"], sub["latencies"], sub["wall_s"]
        rate = len(accepted) / wall if wall else 0.0

        engine = create_engine(db_url)
        all_ids = warm_ids + accepted
        print(f"waiting for {len(all_ids)} jobs (at most {args.timeout:.0f}s) ...")
        drain_s = wait_all_finished(engine, len(all_ids), args.timeout, procs)
        check = verify(engine, all_ids, fields)
        queue_left = redis_client.llen("ie")
        e2e = check.pop("e2e")

        # ------------------------------------------------------------ report
        ok = (check["finished_once"] == len(all_ids) and not check["accepted_duplicates"]
              and not check["jobs_not_accepted_in_store"] and not sub["failures"])
        n_cpu = os.cpu_count() or 1
        print()
        print(f"configuration: API gunicorn gthread {args.api_workers} x {args.api_threads} "
              f"threads; {args.workers} Celery worker(s) x concurrency "
              f"{args.worker_concurrency}, nice {args.worker_nice}"
              f"{' (paused while submitting)' if args.pause_workers else ''}"
              f"; {args.clients} clients (http.client keep-alive); {n_cpu} CPUs")
        rows = [
            ("jobs submitted / accepted (202)", f"{args.jobs} / {len(accepted)}"),
            ("submit failures", json.dumps(sub["failures"]) if sub["failures"] else "0"),
            ("submit wall time", f"{wall:.2f} s"),
            ("accepted jobs/s", f"{rate:.1f}   (target >= 300)"),
            ("submit latency p50 / p95 / p99",
             f"{ms(pct(lat, 50))} / {ms(pct(lat, 95))} / {ms(pct(lat, 99))}"),
            ("submit latency max", ms(max(lat) if lat else None)),
            ("CPU s during submit (of "
             f"{wall * n_cpu:.1f} available)",
             ", ".join(f"{k} {v:.1f}" for k, v in cpu.items())),
            ("API CPU per accepted job", ms(cpu["api (gunicorn)"] / max(1, len(accepted)))),
            ("jobs checked (incl. warm-up)", str(len(all_ids))),
            ("jobs finished", f"{check['finished']}  {json.dumps(check['job_status'])}"),
            ("drain time after the last submit", f"{drain_s:.1f} s "
             f"({check['finished'] / drain_s if drain_s else 0:.1f} jobs/s incl. backlog)"),
            ("end-to-end p50 / p95 / max",
             f"{ms(pct(e2e, 50))} / {ms(pct(e2e, 95))} / {ms(max(e2e) if e2e else None)}"),
            ("records (field rows with a record)", f"{check['field_records']}  "
             f"{json.dumps(check['record_status'])}"),
            ("field_done events", str(check["field_done_events"])),
            ("field attempts (n: rows)", json.dumps(check["field_attempts"])),
            ("finished exactly once", f"{check['finished_once']} / {len(all_ids)}"),
            ("problems", json.dumps(check["problems"]) if check["problems"] else "none"),
            ("Celery queue left in Redis", str(queue_left)),
        ]
        width = max(len(k) for k, _ in rows)
        for k, v in rows:
            print(f"  {k:<{width}}  {v}")

        profile = None
        if args.profile_submit:
            for w in workers:  # measure the submit path alone
                w.stop()
            api.stop()
            from intelligent_extraction.settings import Settings

            keys = ("IE_DATA_DIR", "IE_REDIS_URL", "IE_DATABASE_URL", "IE_API_KEYS")
            os.environ.update({k: env[k] for k in keys})
            profile = profile_submit(Settings.load(), args.profile_submit, fields)
            print(f"\nin-process profile ({profile['n']} sequential submits, no HTTP server, "
                  "workers stopped):")
            print(f"  Submissions.submit_job  wall mean {ms(profile['submit_job_mean_s'])} "
                  f"(p50 {ms(profile['submit_job_p50_s'])}), CPU "
                  f"{ms(profile['submit_job_cpu_s'])}")
            sqls = profile["sql_statements_per_submit"]
            for k, (w, c) in profile["steps_mean_s"].items():
                print(f"    {k:<36} wall {ms(w):>9}  CPU {ms(c):>9}  "
                      f"{sqls.get(k, 0):.0f} SQL statements")
            print(f"    per submit: {sqls.get('total', 0):.0f} SQL statements, "
                  f"{sqls.get('COMMIT', 0):.0f} commits (autocommit)")
            for k, (w, c) in profile["variants_s"].items():
                print(f"  variant {k:<38} wall {ms(w):>9}  CPU {ms(c):>9}")
            print(f"  POST /v1/jobs via Flask test client: wall mean "
                  f"{ms(profile['flask_request_mean_s'])} (p50 "
                  f"{ms(profile['flask_request_p50_s'])}), CPU "
                  f"{ms(profile['flask_request_cpu_s'])}")

        summary = {
            "config": {"api_workers": args.api_workers, "api_threads": args.api_threads,
                       "celery_workers": args.workers,
                       "worker_concurrency": args.worker_concurrency,
                       "worker_nice": args.worker_nice,
                       "workers_paused_during_submit": args.pause_workers,
                       "clients": args.clients, "jobs": args.jobs, "fields": fields,
                       "cpus": n_cpu},
            "accepted": len(accepted),
            "submit_failures": sub["failures"],
            "accepted_jobs_per_s": round(rate, 1),
            "submit_p50_ms": round(pct(lat, 50) * 1000, 2) if lat else None,
            "submit_p95_ms": round(pct(lat, 95) * 1000, 2) if lat else None,
            "submit_p99_ms": round(pct(lat, 99) * 1000, 2) if lat else None,
            "cpu_s_during_submit": {k: round(v, 2) for k, v in cpu.items()},
            "api_cpu_ms_per_job": round(cpu["api (gunicorn)"] / max(1, len(accepted)) * 1000,
                                        2),
            "jobs_checked": len(all_ids),
            "jobs_finished": check["finished"],
            "finished_exactly_once": check["finished_once"],
            "problems": check["problems"],
            "e2e_p50_ms": round(pct(e2e, 50) * 1000, 1) if e2e else None,
            "e2e_p95_ms": round(pct(e2e, 95) * 1000, 1) if e2e else None,
            "drain_s": round(drain_s, 1),
            "job_status": check["job_status"],
            "record_status": check["record_status"],
            "field_records": check["field_records"],
            "field_done_events": check["field_done_events"],
            "queue_left": queue_left,
            "target_met": rate >= 300 and ok,
            "ok": ok,
        }
        if profile:
            summary["profile_ms"] = {
                "submit_job_wall": round(profile["submit_job_mean_s"] * 1000, 3),
                "submit_job_cpu": round(profile["submit_job_cpu_s"] * 1000, 3),
                "steps_wall_cpu": {k: [round(w * 1000, 3), round(c * 1000, 3)]
                                   for k, (w, c) in profile["steps_mean_s"].items()},
                "variants_wall_cpu": {k: [round(w * 1000, 3), round(c * 1000, 3)]
                                      for k, (w, c) in profile["variants_s"].items()},
                "sql_statements_per_submit": profile["sql_statements_per_submit"],
                "flask_request_wall": round(profile["flask_request_mean_s"] * 1000, 3),
                "flask_request_cpu": round(profile["flask_request_cpu_s"] * 1000, 3),
            }
        print(json.dumps(summary))
        return 0 if ok else 1
    except SetupError as exc:
        print(f"bench_api: {exc}", file=sys.stderr)
        return 2
    finally:
        for p in reversed(procs):
            p.stop()
        if engine is not None:
            engine.dispose()
        try:
            from intelligent_extraction import jobs

            for store in list(jobs._stores.values()):
                store.engine.dispose()
        except Exception:  # noqa: BLE001
            pass
        if db_name:
            drop_database(db_name)
        if redis_client is not None:
            redis_client.flushdb()
            redis_client.close()
        if args.keep:
            print(f"kept {tmp}", file=sys.stderr)
        else:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
