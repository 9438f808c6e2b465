"""Ingest throughput and retrieval latency on one backend. Prints numbers; asserts none.

    .venv/bin/python benchmarks/bench_retrieval.py [--docs DIR] [--ingest-docs 10] [--index-chunks 50000]
        [--backend embedded|opensearch]

``--backend opensearch`` uses ``IE_OPENSEARCH_URL`` (e.g. from ``scripts/opensearch-local.sh
start``) with an index prefix of its own (``bench-<random>``), dropped at the end.

1. Ingest: index ``--ingest-docs`` real PDFs with an empty embedding cache; report chunks/s and
   the share of time spent outside the embedding model (parsing, chunking, indexing).
2. Latency: an index of at least ``--index-chunks`` chunks (filler documents are real contract
   chunks with random unit vectors: filler only has to shape BM25 statistics and index size,
   since every query is filtered to one document) holding one 500-chunk target document with
   real embeddings; every field is retrieved with both strategies and latency is reported
   without the query embedding (query vectors are computed once, before timing).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
import uuid
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from intelligent_extraction.backends.embedded import EmbeddedBackend
from intelligent_extraction.backends.opensearch import OpenSearchBackend
from intelligent_extraction.documents import chunk_document, parse_document
from intelligent_extraction.embeddings import CachedEmbedder, EmbeddingCache, HuggingFaceEmbedder
from intelligent_extraction.fields import load_field_registry
from intelligent_extraction.ingest import Ingestor
from intelligent_extraction.models import Chunk, Strategy
from intelligent_extraction.retrieval import retrieve
from intelligent_extraction.settings import get_settings

DEFAULT_DOCS = Path(__file__).resolve().parents[2] / "shared" / "data" / "contracts-dev" / "docs"


class MemoQueryEmbedder:
    """Query vectors computed once, so timed retrievals measure search alone."""

    def __init__(self, inner):
        self.inner = inner
        self.dimension = inner.dimension
        self._memo: dict[str, np.ndarray] = {}

    def embed_query(self, text: str) -> np.ndarray:
        if text not in self._memo:
            self._memo[text] = self.inner.embed_query(text)
        return self._memo[text]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@contextmanager
def open_backend(kind: str, path: Path, dimension: int):
    """A fresh backend of ``kind``: an embedded index under ``path``, or an OpenSearch index
    of its own (one shard, no replica: a single node), dropped afterwards."""
    if kind == "embedded":
        backend = EmbeddedBackend(path)
        try:
            yield backend
        finally:
            backend.close()
        return
    settings = get_settings().model_copy(update={"index_prefix": f"bench-{uuid.uuid4().hex[:8]}"})
    backend = OpenSearchBackend.from_settings(settings, dimension, number_of_replicas=0)
    try:
        yield backend
    finally:
        backend.drop()
        backend.close()


def hybrid_variants(backend) -> dict[str, object]:
    """label -> backend for the hybrid strategy: on OpenSearch also the unexplained query (same
    index, no sub-scores), whose cost is the explanation's."""
    if not isinstance(backend, OpenSearchBackend):
        return {"hybrid": backend}
    plain = OpenSearchBackend(backend._client, index_name=backend.index_name,
                              dimension=backend.dimension, pipeline_name=backend._pipeline_base,
                              number_of_replicas=0, explain_hybrid=False)
    return {"hybrid": backend, "hybrid (no sub-scores)": plain}


def bench_ingest(model, files: list[Path], workdir: Path, kind: str) -> list[Chunk]:
    with open_backend(kind, workdir / "ingest", model.dimension) as backend:
        return _ingest(backend, model, files, workdir)


def _ingest(backend, model, files: list[Path], workdir: Path) -> list[Chunk]:
    embedder = CachedEmbedder(model, EmbeddingCache(workdir / "ingest-cache.sqlite"))
    ingestor = Ingestor(backend, embedder)
    totals = {"parse_chunk": 0.0, "embed": 0.0, "index": 0.0}
    chunks = 0
    t0 = time.perf_counter()
    for path in files:
        report = ingestor.index_file(path)
        chunks += report.chunks
        for k, v in report.timings_ms.items():
            totals[k] += v
    wall = time.perf_counter() - t0
    outside = (totals["parse_chunk"] + totals["index"]) / sum(totals.values())
    print(f"ingest: {len(files)} PDFs, {chunks} chunks in {wall:.1f}s = {chunks / wall:.1f} chunks/s")
    print("  stage ms: " + ", ".join(f"{k} {v:.0f}" for k, v in totals.items()))
    print(f"  share outside the embedding model: {outside:.1%} (target < 15%)")
    return [c for d in backend.document_ids() for c in backend.get_chunks(d)]


def filler_texts(docs_dir: Path, tokenizer, limit: int) -> list[str]:
    texts: list[str] = []
    for path in sorted(docs_dir.glob("*.txt")):
        doc = parse_document(path)
        texts.extend(c.text for c in chunk_document(doc, tokenizer))
        if len(texts) >= limit:
            break
    return texts


def build_index(backend, model, source_chunks: list[Chunk], filler: list[str], total: int):
    """A 500-chunk target document (real vectors) among filler documents up to ``total``."""
    rng = np.random.default_rng(0)
    target = [
        Chunk(chunk_id=f"target-{i:04d}", doc_id="target", text=c.text, chunk_type=c.chunk_type,
              start=c.start, end=c.end, position=i, page=c.page, section=c.section)
        for i, c in enumerate((source_chunks * 10)[:500])
    ]
    backend.index_document("target", target, model.embed_texts([c.text for c in target]))
    per_doc, n = 500, len(target)
    t0 = time.perf_counter()
    for d in range((total - n + per_doc - 1) // per_doc):
        chunks = [
            Chunk(chunk_id=f"filler{d}-{i}", doc_id=f"filler{d}", text=filler[(d * per_doc + i) % len(filler)],
                  chunk_type="text", start=0, end=1, position=i)
            for i in range(per_doc)
        ]
        vectors = rng.standard_normal((per_doc, model.dimension)).astype(np.float32)
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        backend.index_document(f"filler{d}", chunks, vectors)
    print(f"index: {backend.count_chunks()} chunks in {len(backend.document_ids())} documents "
          f"(filler written in {time.perf_counter() - t0:.1f}s)")


def bench_latency(backend, model, repeats: int) -> None:
    fields = load_field_registry(get_settings().fields_dir)
    embedder = MemoQueryEmbedder(model)
    runs = [(label, b, Strategy.hybrid) for label, b in hybrid_variants(backend).items()]
    runs.append(("pipeline", backend, Strategy.pipeline))
    for label, target, strategy in runs:
        latencies = []
        for _ in range(repeats + 1):
            for name in fields.names():
                t0 = time.perf_counter()
                retrieve(target, embedder, "target", fields.get(name), strategy=strategy)
                latencies.append((time.perf_counter() - t0) * 1000)
        latencies = latencies[len(fields.names()):]  # first round warms caches and query vectors
        print(f"{label:>8}: p50 {statistics.median(latencies):6.2f} ms  "
              f"p95 {percentile(latencies, 0.95):6.2f} ms  ({len(latencies)} queries, "
              "query embedding excluded)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--docs", type=Path, default=DEFAULT_DOCS)
    parser.add_argument("--ingest-docs", type=int, default=10)
    parser.add_argument("--index-chunks", type=int, default=50_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--backend", choices=["embedded", "opensearch"], default="embedded")
    args = parser.parse_args()
    model = HuggingFaceEmbedder()
    print(f"backend: {args.backend}"
          + (f" at {get_settings().opensearch_url}" if args.backend == "opensearch" else ""))
    with tempfile.TemporaryDirectory(prefix="ie-bench-") as tmp:
        workdir = Path(tmp)
        pdfs = sorted(args.docs.glob("cuad-*.pdf"))[: args.ingest_docs]
        source_chunks = bench_ingest(model, pdfs, workdir, args.backend)
        with open_backend(args.backend, workdir / "latency", model.dimension) as backend:
            build_index(backend, model, source_chunks, filler_texts(args.docs, model, 20_000),
                        args.index_chunks)
            bench_latency(backend, model, args.repeats)


if __name__ == "__main__":
    main()
