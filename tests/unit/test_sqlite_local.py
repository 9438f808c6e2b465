"""LocalSQLite: one connection per thread and per process, WAL, the schema on first use."""

from __future__ import annotations

import os
import threading

from intelligent_extraction.sqlite_local import LocalSQLite


def test_one_connection_per_thread_with_the_schema_in_wal(tmp_path):
    db = LocalSQLite(tmp_path / "sub" / "x.sqlite", schema="CREATE TABLE IF NOT EXISTS t (v)")
    conn = db.connection()
    assert db.connection() is conn
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    with conn:
        conn.execute("INSERT INTO t VALUES (1)")
    seen = []

    def in_another_thread():
        mine = db.connection()
        seen.append((mine is conn, mine.execute("SELECT v FROM t").fetchall()))

    thread = threading.Thread(target=in_another_thread)
    thread.start()
    thread.join()
    assert seen == [(False, [(1,)])]


def test_a_forked_child_opens_its_own_connection(tmp_path):
    db = LocalSQLite(tmp_path / "x.sqlite", schema="CREATE TABLE IF NOT EXISTS t (v)",
                     autocommit=True)
    parent = db.connection()
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: a new connection, which writes for the parent to read
        ok = db.connection() is not parent
        db.connection().execute("INSERT INTO t VALUES (2)")
        os.write(write, b"1" if ok else b"0")
        os._exit(0)
    os.waitpid(pid, 0)
    assert os.read(read, 1) == b"1"
    assert parent.execute("SELECT v FROM t").fetchall() == [(2,)]
