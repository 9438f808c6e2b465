"""Fixtures for the service tests: the real Redis and PostgreSQL on this machine, a fresh
Redis database and a fresh PostgreSQL database per test, and real Celery worker processes.

``scripts/services.sh start`` installs and starts both services (``.ci/run`` does). Locally a
missing service skips these tests with the reason; under CI (``CI`` set) it fails them, so a
broken set-up can never pass as green.
"""

from __future__ import annotations

import itertools
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

REDIS_BASE = os.environ.get("IE_TEST_REDIS_URL", "redis://127.0.0.1:6379").rstrip("/")
PG_ADMIN = os.environ.get("IE_TEST_DATABASE_URL",
                          "postgresql+psycopg://ie:ie@127.0.0.1:5432/postgres")
_redis_dbs = itertools.cycle(range(1, 64))


def _unavailable(what: str, exc: Exception):
    message = f"{what} is not reachable ({exc}); run scripts/services.sh start"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture()
def redis_url():
    """A Redis database of its own, empty before and after the test."""
    import redis

    url = f"{REDIS_BASE}/{next(_redis_dbs)}"
    client = redis.Redis.from_url(url)
    try:
        client.flushdb()
    except redis.RedisError as exc:
        _unavailable("Redis", exc)
    yield url
    try:
        client.flushdb()
    finally:
        client.close()


@pytest.fixture()
def database_url():
    """A PostgreSQL database of its own, dropped after the test."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.exc import OperationalError

    name = f"ie_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(PG_ADMIN, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
    except OperationalError as exc:
        _unavailable("PostgreSQL", exc)
    yield PG_ADMIN.rsplit("/", 1)[0] + f"/{name}"
    from intelligent_extraction import jobs

    for url in [u for u in jobs._stores if u.endswith(f"/{name}")]:
        jobs._stores.pop(url).engine.dispose()
    _drop_database(admin, name)
    admin.dispose()


def _drop_database(admin, name: str, attempts: int = 20) -> None:
    """Drop a test's database. FORCE ends the test's own leftover connections, but not a
    superuser's: an autovacuum worker that has just begun on the new database makes the drop
    fail ("must be a member of the role whose process is being terminated") until it is done,
    a moment later, so the drop is tried again."""
    from sqlalchemy import text
    from sqlalchemy.exc import DBAPIError

    for attempt in range(attempts):
        try:
            with admin.connect() as conn:
                conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            return
        except DBAPIError:
            if attempt == attempts - 1:
                raise
            time.sleep(0.25)


@pytest.fixture()
def service_env(tmp_path, redis_url, database_url):
    """Environment for the API and the workers of one test: own data dir, Redis db and
    database; short time limits so a killed worker's task comes back within seconds."""
    env = {
        "IE_DATA_DIR": str(tmp_path / "ie-data"),
        "IE_REDIS_URL": redis_url,
        "IE_DATABASE_URL": database_url,
        "IE_API_KEYS": "test-key-1,test-key-2",
        "IE_TASK_SOFT_TIME_LIMIT": "20",
        "IE_TASK_TIME_LIMIT": "25",
        "IE_REDELIVERY_SECONDS": "30",
        "IE_RECONCILE_SECONDS": "1",
    }
    return env


@pytest.fixture()
def service_settings(service_env, monkeypatch):
    from intelligent_extraction.settings import Settings, get_settings

    for key, value in service_env.items():
        monkeypatch.setenv(key, value)
    get_settings.cache_clear()
    yield Settings.load()
    get_settings.cache_clear()


AUTH = {"Authorization": "Bearer test-key-1"}


@pytest.fixture()
def app(service_settings):
    from intelligent_extraction.api import create_app

    app = create_app({"TESTING": True, "IE_SETTINGS": service_settings})
    yield app


@pytest.fixture()
def client(app):
    return app.test_client()


class WorkerProcess:
    """A real ``intelligent-extraction worker`` process (Celery, prefork pool)."""

    def __init__(self, env: dict[str, str], log: Path, concurrency: int = 1, *args: str):
        self.log = log
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "intelligent_extraction.cli", "worker",
             "--concurrency", str(concurrency), *args],
            env={**os.environ, **env}, stdout=log.open("ab"), stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: kill() reaches the pool children
        )

    def wait_ready(self, timeout: float = 90) -> "WorkerProcess":
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"worker exited with {self.proc.returncode}:\n"
                                   + self.log.read_text()[-4000:])
            if " ready." in self.log.read_text(errors="replace"):
                return self
            time.sleep(0.2)
        raise TimeoutError("worker not ready:\n" + self.log.read_text()[-4000:])

    def kill(self) -> None:
        """SIGKILL the whole process group: no clean shutdown, no acknowledgement."""
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture()
def start_worker(service_env, tmp_path):
    """Start real worker processes on this test's Redis db and database; all are stopped
    at the end."""
    workers: list[WorkerProcess] = []

    def start(concurrency: int = 1, *args: str, **extra_env: str) -> WorkerProcess:
        log = tmp_path / f"worker-{len(workers)}.log"
        worker = WorkerProcess({**service_env, **extra_env}, log, concurrency, *args)
        workers.append(worker)
        return worker.wait_ready()

    yield start
    for worker in workers:
        worker.stop()


def wait_for(predicate, timeout: float = 60, interval: float = 0.2, message: str = ""):
    """Poll ``predicate`` until it returns something truthy; fail with ``message`` after."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    pytest.fail(f"timed out after {timeout}s: {message}")
