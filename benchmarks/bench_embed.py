"""Embedding throughput, peak memory and parity of every embedder on the same real chunks.

    .venv/bin/python benchmarks/bench_embed.py [--docs DIR] [--n 500] [--batch-size 32]
        [--threads 0] [--backends torch,onnx,onnx-int8] [--sweep] [--data-dir DIR]

The first ``--n`` chunks of the PDFs under ``--docs`` (sorted by name, chunked as ingestion
does) are embedded by each backend in a process of its own, so each one's peak memory (max RSS,
model load included) is its own. The ONNX export happens before the clock starts (it is cached
under ``--data-dir``/models, by default the service's IE_DATA_DIR); one warm-up batch runs
first. chunks/s is the embedding call alone over all chunks. Cosine is each backend's vector
against the torch reference's for the same chunk (mean and minimum).

Every backend reads the first ``IE_EMBED_MAX_TOKENS`` tokens of a chunk, as ingestion does.

``--sweep`` also times the ONNX backends over batch sizes 8/16/32/64 and 1/2 threads (the
measurements behind the defaults of IE_EMBED_BATCH_SIZE and IE_EMBED_THREADS).

The last line is one JSON object for programs:
``{"chunks_per_s": {...}, "cosine_min": {...}, "default": "<IE_EMBED_BACKEND default>"}``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

DEFAULT_DOCS = Path(__file__).resolve().parents[2] / "shared" / "data" / "contracts-dev" / "docs"
BACKENDS = ("torch", "onnx", "onnx-int8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--docs", type=Path, default=DEFAULT_DOCS)
    parser.add_argument("--n", type=int, default=500)
    parser.add_argument("--batch-size", type=int, default=None, help="default: the setting's")
    parser.add_argument("--threads", type=int, default=None, help="default: the setting's")
    parser.add_argument("--backends", default=",".join(BACKENDS))
    parser.add_argument("--data-dir", type=Path, default=None, help="holds the ONNX exports")
    parser.add_argument("--sweep", action="store_true")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--texts", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        _worker(args)
        return
    from intelligent_extraction.settings import Settings

    settings = Settings.load()
    batch = args.batch_size or settings.embed_batch_size
    threads = settings.embed_threads if args.threads is None else args.threads
    data_dir = args.data_dir or settings.data_dir
    backends = [b.strip() for b in args.backends.split(",") if b.strip()]
    if "torch" not in backends:
        backends.insert(0, "torch")  # the reference every cosine is measured against
    print(f"load average {os.getloadavg()[0]:.2f} (1 min) on {os.cpu_count()} cores",
          flush=True)
    with tempfile.TemporaryDirectory(prefix="ie-bench-embed-") as tmp:
        texts = Path(tmp) / "texts.json"
        chunks = _real_chunks(args.docs, args.n)
        texts.write_text(json.dumps(chunks))
        tokens = _token_counts(chunks)
        print(f"{len(chunks)} chunks from {args.docs}: mean {np.mean(tokens):.0f} tokens, "
              f"max {max(tokens)}; the model reads up to {settings.embed_max_tokens}; "
              f"batch size {batch}, threads {threads or 'all cores'}")
        results, vectors = {}, {}
        for backend in backends:
            _prepare(backend, data_dir)
            out = Path(tmp) / f"{backend}.npy"
            results[backend] = _run_worker(backend, texts, out, batch, threads, data_dir)
            vectors[backend] = np.load(out)
        if args.sweep:
            _sweep(texts, Path(tmp), data_dir, backends)
    reference = vectors["torch"]
    cosine = {b: np.sum(vectors[b] * reference, axis=1) for b in backends if b != "torch"}
    print(f"{'backend':<10} {'chunks/s':>9} {'load s':>7} {'peak MB':>8} "
          f"{'cos mean':>9} {'cos min':>8}")
    for backend in backends:
        r = results[backend]
        cos = cosine.get(backend)
        mean = f"{cos.mean():9.5f}" if cos is not None else f"{'(ref)':>9}"
        low = f"{cos.min():8.5f}" if cos is not None else f"{'':>8}"
        print(f"{backend:<10} {r['chunks_per_s']:9.1f} {r['load_s']:7.1f} "
              f"{r['peak_mb']:8.0f} {mean} {low}")
    print(f"load average {os.getloadavg()[0]:.2f} (1 min) at the end", flush=True)
    summary = {
        "chunks_per_s": {b: round(results[b]["chunks_per_s"], 1) for b in backends},
        "cosine_min": {b: round(float(c.min()), 5) for b, c in cosine.items()},
        "default": Settings.model_fields["embed_backend"].default,
    }
    print(json.dumps(summary))


def _real_chunks(docs: Path, n: int) -> list[str]:
    """The first ``n`` chunks of the PDFs under ``docs``, chunked as ingestion chunks them."""
    from intelligent_extraction.documents import chunk_document, parse_document
    from intelligent_extraction.embeddings import load_tokenizer

    files = sorted(docs.glob("*.pdf"))
    if not files:
        sys.exit(f"no PDFs under {docs} (pass --docs)")
    tokenizer = load_tokenizer()
    texts: list[str] = []
    for path in files:
        texts += [c.text for c in chunk_document(parse_document(path), tokenizer)]
        if len(texts) >= n:
            break
    return texts[:n]


def _token_counts(texts: list[str]) -> list[int]:
    from intelligent_extraction.embeddings import load_tokenizer

    tokenizer = load_tokenizer()
    return [tokenizer.count_tokens(t) for t in texts]


def _run_worker(backend: str, texts: Path, out: Path, batch: int, threads: int,
                data_dir: Path) -> dict:
    command = [sys.executable, __file__, "--worker", backend, "--texts", str(texts),
               "--out", str(out), "--batch-size", str(batch), "--threads", str(threads),
               "--data-dir", str(data_dir)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"{backend} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _prepare(backend: str, data_dir: Path) -> None:
    """Make the ONNX export in a process of its own, so neither its time nor its memory (it
    loads torch and the optimizer) counts in the measured process."""
    if backend == "torch":
        return
    code = ("import sys; from pathlib import Path; "
            "from intelligent_extraction.embeddings import onnx_cache_dir; "
            "from intelligent_extraction.embeddings.onnx_export import ensure_onnx_model; "
            "ensure_onnx_model(onnx_cache_dir(Path(sys.argv[1])), int8=sys.argv[2] == 'onnx-int8')")
    done = subprocess.run([sys.executable, "-c", code, str(data_dir), backend],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"exporting {backend} failed:\n{done.stderr[-3000:]}")


def _worker(args: argparse.Namespace) -> None:
    """One backend in a process of its own: load, warm up, time, report."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from intelligent_extraction.embeddings import create_embedder
    from intelligent_extraction.settings import Settings

    texts = json.loads(args.texts.read_text())
    t0 = time.perf_counter()
    embedder = create_embedder(args.worker, data_dir=args.data_dir, batch_size=args.batch_size,
                               threads=args.threads,
                               max_tokens=Settings.load().embed_max_tokens)
    load = time.perf_counter() - t0
    embedder.embed_texts(texts[: args.batch_size])  # warm-up: first-run allocations
    t1 = time.perf_counter()
    vectors = embedder.embed_texts(texts)
    elapsed = time.perf_counter() - t1
    np.save(args.out, vectors)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    print(json.dumps({"chunks_per_s": len(texts) / elapsed, "load_s": load, "peak_mb": peak}))


def _sweep(texts: Path, tmp: Path, data_dir: Path, backends: list[str]) -> None:
    print("sweep (chunks/s):", flush=True)
    for backend in [b for b in backends if b != "torch"]:
        for threads in (1, 2):
            rates = []
            for batch in (8, 16, 32, 64):
                r = _run_worker(backend, texts, tmp / "sweep.npy", batch, threads, data_dir)
                rates.append(f"batch {batch}: {r['chunks_per_s']:5.1f}")
            print(f"  {backend:<10} threads {threads}  " + "  ".join(rates), flush=True)


if __name__ == "__main__":
    main()
