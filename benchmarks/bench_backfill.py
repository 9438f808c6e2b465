"""Backfill throughput: every dev PDF with --all, on a cold data dir and then warm.

    .venv/bin/python benchmarks/bench_backfill.py [--docs DIR] [--workers N] [--limit N]

cold: an empty data dir (nothing indexed, empty embedding cache): parse, chunk, embed, index,
      then every configured field. The ONNX export of the model is made first, timed on its
      own, into a model cache beside the data dir (``IE_MODEL_CACHE_DIR``): it is made once per
      machine and model (a fleet bakes it into its image), not once per archive.
warm: the same data dir, a new output file: every document is already indexed, so each one is
      parsed and chunked (to check it is unchanged) and every field is extracted.

Each run is the real command in a subprocess; a sampler reads the RSS of the whole process tree
(the backfill and its workers) from /proc every 0.2 s. Reported per run: wall time,
documents/min, fields/s, peak RSS (tree total and largest process), and where the workers'
time went (from the run's --report). The machine's load average is printed first: other work
on the same cores slows every number here.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

DEFAULT_DOCS = Path(__file__).resolve().parents[2] / "shared" / "data" / "contracts-dev" / "docs"
_PAGE = os.sysconf("SC_PAGE_SIZE")


def _tree(root: int) -> list[int]:
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    tree, frontier = [root], [root]
    while frontier:
        frontier = [pid for pid, ppid in parents.items() if ppid in frontier]
        tree += frontier
    return tree


def _rss_mb(pid: int) -> float:
    try:
        return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * _PAGE / 2**20
    except (OSError, IndexError):
        return 0.0


class RssSampler(threading.Thread):
    """Peak RSS of a process tree: the sum over its processes, and the largest one."""

    def __init__(self, pid: int):
        super().__init__(daemon=True)
        self.pid, self.stop, self.total, self.largest = pid, threading.Event(), 0.0, 0.0

    def run(self) -> None:
        while not self.stop.wait(0.2):
            sizes = [_rss_mb(p) for p in _tree(self.pid)]
            self.total = max(self.total, sum(sizes))
            self.largest = max(self.largest, max(sizes, default=0.0))


def export_model(model_cache: Path) -> float | None:
    """Seconds to make the ONNX export the configured runtime reads (None: torch, no export)."""
    from intelligent_extraction.embeddings.onnx_export import ensure_onnx_model
    from intelligent_extraction.settings import Settings

    backend = Settings.load().embed_backend
    if backend == "torch":
        return None
    t0 = time.perf_counter()
    ensure_onnx_model(model_cache, int8=backend == "onnx-int8")
    return time.perf_counter() - t0


def run(label: str, inputs: str, out: Path, data_dir: Path, workers: int) -> dict:
    report = out.with_suffix(".report.json")
    cmd = [sys.executable, "-m", "intelligent_extraction.cli", "backfill", "--input", inputs,
           "--output", str(out), "--all", "--report", str(report)]
    if workers:
        cmd += ["--workers", str(workers)]
    env = {**os.environ, "IE_DATA_DIR": str(data_dir),
           "IE_MODEL_CACHE_DIR": str(data_dir.parent / "models")}
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True)
    sampler = RssSampler(proc.pid)
    sampler.start()
    _, stderr = proc.communicate()
    wall = time.perf_counter() - t0
    sampler.stop.set()
    if proc.returncode not in (0, 3):
        sys.exit(f"{label} run failed ({proc.returncode}):\n{stderr[-3000:]}")
    data = json.loads(report.read_text())
    data["bench"] = {"label": label, "wall_s": wall, "peak_rss_total_mb": sampler.total,
                     "peak_rss_largest_mb": sampler.largest}
    return data


def show(data: dict) -> None:
    b, docs = data["bench"], data["documents"]["processed"]
    fields = data["records"]["written"]
    print(f"\n{b['label']}: {docs} documents, {fields} records, {data['workers']} workers")
    print(f"  wall {b['wall_s']:.1f} s (process start to exit, model loads included)")
    print(f"  {docs / b['wall_s'] * 60:.1f} documents/min, {fields / b['wall_s']:.1f} fields/s")
    print(f"  peak RSS: {b['peak_rss_total_mb']:.0f} MiB for the tree, largest process "
          f"{b['peak_rss_largest_mb']:.0f} MiB")
    stages = {k: v for k, v in data["worker_time_ms"].items() if k != "extract_total"}
    total = sum(stages.values()) or 1.0
    print(f"  worker time {total / 1000:.1f} s ({total / 1000 / max(docs, 1):.2f} s/doc):")
    for stage, ms in sorted(stages.items(), key=lambda kv: -kv[1]):
        print(f"    {stage:>16}: {ms / 1000:7.1f} s  {ms / total:6.1%}")
    cpu = data.get("worker_cpu_s", 0.0)
    if cpu and docs:
        cores = os.cpu_count() or 1
        print(f"  worker CPU {cpu:.1f} s = {cpu / docs:.2f} CPU-s/doc; on {cores} idle cores: "
              f"~{cores / (cpu / docs) * 60:.0f} documents/min")
    busy = total / 1000 / data["workers"]
    print(f"  outside the stages (start-up, model load, queueing, writing): "
          f"{max(b['wall_s'] - busy, 0):.1f} s of wall per worker")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--docs", type=Path, default=DEFAULT_DOCS)
    parser.add_argument("--workers", type=int, default=0, help="0: one per core")
    parser.add_argument("--limit", type=int, default=None, help="only the first N PDFs")
    parser.add_argument("--json", type=Path, help="also write both reports here")
    parser.add_argument("--keep", type=Path, help="a new directory to keep the run in (data "
                        "dir, outputs); default: a temporary one, deleted")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()}; cores: {os.cpu_count()}")
    if args.keep:
        args.keep.mkdir(parents=True)  # must be new: the cold run needs an empty data dir
    with tempfile.TemporaryDirectory(prefix="ie-bench-backfill-") as scratch:
        tmp = args.keep or Path(scratch)
        pdfs = sorted(args.docs.glob("*.pdf"))[: args.limit]
        (tmp / "docs").mkdir()
        for pdf in pdfs:  # links: the command reads a directory; the data stays in place
            (tmp / "docs" / pdf.name).symlink_to(pdf)
        exported = export_model(tmp / "models")
        if exported is not None:
            print(f"ONNX export into the model cache: {exported:.1f} s (once per machine)")
        results = [run(label, str(tmp / "docs"), tmp / f"{label}.jsonl", tmp / "data",
                       args.workers) for label in ("cold", "warm")]
    for data in results:
        show(data)
    print(f"\nload average after: {os.getloadavg()}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
