"""Evidence recall@k per field and per retrieval method, measured in one run.

For every gold row that carries verbatim ``spans`` (CUAD), each method ranks the document's
chunks for the row's field; the row is found at k when one of the top-k chunks holds a span by
the strict rule in ``spans.py``. Methods share one index, so they are compared on equal terms.
"""

from __future__ import annotations

import random
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..models import AgreementBoost, BM25Normalization, Chunk, FieldConfig, Strategy
from ..retrieval import retrieve
from ..retrieval.planner import bm25_query_text
from ..service import ExtractionService
from .gold import GoldRow, find_document, load_gold
from .spans import first_hit_rank, words

__all__ = ["METHODS", "RecallReport", "evaluate_retrieval"]

KS = (1, 3, 5, 10)
DEPTH = max(KS)

Ranker = Callable[[ExtractionService, str, FieldConfig], list[Chunk]]


def _deep(field: FieldConfig, **update) -> FieldConfig:
    """The field asked for DEPTH results so recall@10 is measurable."""
    return field.model_copy(update={"final_top_k": DEPTH, **update})


def _strategy(strategy: Strategy, **update) -> Ranker:
    def rank(svc: ExtractionService, doc_id: str, field: FieldConfig) -> list[Chunk]:
        result = retrieve(svc.backend, svc.embedder, doc_id, _deep(field, **update), strategy)
        return [sc.chunk for sc in result.chunks]

    return rank


def _bm25_only(svc: ExtractionService, doc_id: str, field: FieldConfig) -> list[Chunk]:
    hits = svc.backend.bm25_search(doc_id, bm25_query_text(field), size=DEPTH)
    return [h.chunk for h in hits]


def _knn_only(svc: ExtractionService, doc_id: str, field: FieldConfig) -> list[Chunk]:
    vector = svc.embedder.embed_query(field.knn_text())
    return [h.chunk for h in svc.backend.knn_search(doc_id, vector, k=DEPTH)]


def _random(svc: ExtractionService, doc_id: str, field: FieldConfig) -> list[Chunk]:
    chunks = svc.backend.get_chunks(doc_id)
    random.Random(f"{doc_id}:{field.field_name}").shuffle(chunks)
    return chunks[:DEPTH]


#: name -> ranker. "seed" variants keep the seed's /10 BM25 normalization and binary boost.
METHODS: dict[str, Ranker] = {
    "hybrid": _strategy(Strategy.hybrid),
    "pipeline": _strategy(Strategy.pipeline),
    "pipeline-seed": _strategy(
        Strategy.pipeline,
        bm25_normalization=BM25Normalization.divide_by_10,
        agreement_boost=AgreementBoost.binary,
    ),
    "hybrid-no-hints": _strategy(Strategy.hybrid, sections=[], position=None),
    "bm25": _bm25_only,
    "knn": _knn_only,
    "random": _random,
}


@dataclass
class RecallReport:
    """ranks[method][field] = list of first-hit ranks (None = not in top DEPTH), one per row."""

    ranks: dict[str, dict[str, list[int | None]]] = field(
        default_factory=lambda: defaultdict(lambda: defaultdict(list))
    )
    latency_ms: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    documents: int = 0
    rows: int = 0

    def recall(self, method: str, field_name: str | None, k: int) -> float:
        per_field = self.ranks[method]
        ranks = per_field[field_name] if field_name else [r for v in per_field.values() for r in v]
        if not ranks:
            return float("nan")
        return sum(1 for r in ranks if r is not None and r <= k) / len(ranks)

    def fields(self) -> list[str]:
        return sorted({f for per_field in self.ranks.values() for f in per_field})

    def to_dict(self) -> dict:
        out: dict = {"documents": self.documents, "rows": self.rows, "methods": {}}
        for method in self.ranks:
            out["methods"][method] = {
                "overall": {f"recall@{k}": self.recall(method, None, k) for k in KS},
                "fields": {
                    f: {f"recall@{k}": self.recall(method, f, k) for k in KS}
                    | {"rows": len(self.ranks[method][f])}
                    for f in self.fields()
                },
            }
        return out


def evaluate_retrieval(
    service: ExtractionService,
    gold_path: Path,
    docs_dir: Path,
    *,
    methods: list[str] | None = None,
    fields: list[str] | None = None,
    formats: tuple[str, ...] = ("pdf", "txt"),
    limit: int | None = None,
    on_document: Callable[[str], None] | None = None,
) -> RecallReport:
    """Index every gold document that has spans, then rank with each method and score."""
    chosen = {m: METHODS[m] for m in (methods or list(METHODS))}
    rows = [r for r in load_gold(gold_path) if r.spans and (not fields or r.field in fields)]
    by_doc: dict[str, list[GoldRow]] = defaultdict(list)
    for row in rows:
        if row.field in service.fields.names():
            by_doc[row.doc_id].append(row)
    report = RecallReport()
    for doc_id in sorted(by_doc)[:limit]:
        path = find_document(docs_dir, doc_id, formats)
        if path is None:
            continue
        service.index(path, doc_id=doc_id)
        report.documents += 1
        for row in by_doc[doc_id]:
            report.rows += 1
            span_words = [words(s) for s in row.spans]
            fcfg = service.fields.get(row.field)
            for name, ranker in chosen.items():
                t0 = time.perf_counter()
                ranked = ranker(service, doc_id, fcfg)
                report.latency_ms[name].append((time.perf_counter() - t0) * 1000)
                rank = first_hit_rank((words(c.text) for c in ranked[:DEPTH]), span_words)
                report.ranks[name][row.field].append(rank)
        if on_document:
            on_document(doc_id)
    return report
