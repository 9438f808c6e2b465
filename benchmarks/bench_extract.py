"""Seconds per document for `extract --all` on a cold data dir, and where the time goes.

    .venv/bin/python benchmarks/bench_extract.py [--docs DIR] [--n 5]

Each document is indexed from scratch (parse, chunk, embed with an empty cache, write) and then
every configured field is extracted; the model load is reported once, apart.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from intelligent_extraction.service import ExtractionService
from intelligent_extraction.settings import Settings

DEFAULT_DOCS = Path(__file__).resolve().parents[2] / "shared" / "data" / "contracts-dev" / "docs"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--docs", type=Path, default=DEFAULT_DOCS)
    parser.add_argument("--n", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="ie-bench-extract-") as tmp:
        svc = ExtractionService(Settings.load(data_dir=Path(tmp)))
        t0 = time.perf_counter()
        svc.embedder  # noqa: B018 - load the model outside the per-document timings
        print(f"model load: {time.perf_counter() - t0:.1f}s (once per process)")
        stages: dict[str, float] = defaultdict(float)
        files = sorted(args.docs.glob("cuad-*.pdf"))[: args.n // 2 + args.n % 2]
        files += sorted(args.docs.glob("nda-*.pdf"))[: args.n // 2]
        chunks = 0
        wall = time.perf_counter()
        for path in files:
            report = svc.index(path)
            chunks += report.chunks
            for k, v in report.timings_ms.items():
                stages[k] += v
            for result in svc.extract_indexed(report.doc_id, report.source, svc.fields.names()):
                for k, v in result.timings_ms.items():
                    stages[k] += v
        wall = time.perf_counter() - wall
        total = sum(stages.values())
        print(f"extract --all: {len(files)} PDFs ({chunks} chunks, {len(svc.fields.names())} "
              f"fields) in {wall:.1f}s = {wall / len(files):.2f} s per document")
        for k, v in sorted(stages.items(), key=lambda kv: -kv[1]):
            print(f"  {k:>12}: {v / 1000 / len(files):6.2f} s/doc  ({v / total:5.1%})")


if __name__ == "__main__":
    main()
