"""Sentence spans kept on disk: written once, read back by a later run, never across versions."""

from __future__ import annotations

import logging
import sqlite3
import subprocess
import sys

import pytest

from intelligent_extraction.extraction.values import sentences
from intelligent_extraction.extraction.values.sentence_store import SentenceStore
from intelligent_extraction.extraction.values.sentences import keep_sentences_in, sentence_spans

TEXT = (
    "7.1 Fees. The Client shall pay Acme Widgets, Inc. the fees in Schedule B. Invoices are "
    "due within thirty (30) days.\nLate amounts bear interest at 1.5% per month. "
    "No. 5 of the U.S. rules applies."
)


@pytest.fixture
def fresh(tmp_path):
    """An empty in-memory cache before and after, and no store left installed."""
    sentences._cached_spans.cache_clear()
    yield tmp_path / "sentence-cache.sqlite"
    keep_sentences_in(None)
    sentences._cached_spans.cache_clear()


def _rows(path) -> int:
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT count(*) FROM spans").fetchone()[0]


def test_spans_are_stored_once_and_read_back(fresh):
    expected = sentence_spans(TEXT)  # no store: computed
    assert len(expected) == 4
    keep_sentences_in(fresh)
    sentences._cached_spans.cache_clear()
    assert sentence_spans(TEXT) == expected
    assert sentence_spans(TEXT) == expected  # the in-memory cache: no second row
    assert _rows(fresh) == 1
    # a later run reads the stored spans instead of segmenting: shown by spans planted there
    store = SentenceStore(fresh, sentences._segmentation_version())
    planted = "A text whose stored spans differ from what segmenting gives. Second sentence."
    store.put(planted, ((0, 10),))
    sentences._cached_spans.cache_clear()
    assert sentence_spans(planted) == [(0, 10)]


def test_another_process_reads_what_one_wrote(fresh):
    keep_sentences_in(fresh)
    expected = sentence_spans(TEXT)
    code = (
        "import sys\n"
        "from intelligent_extraction.extraction.values import sentences\n"
        f"sentences.keep_sentences_in({str(fresh)!r})\n"
        "sentences._pysbd_spans = None  # segmenting would fail: the spans must come stored\n"
        f"print(sentences.sentence_spans({TEXT!r}))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == str(expected)


def test_spans_of_another_segmenter_version_are_not_read(fresh):
    SentenceStore(fresh, "0/pysbd-old").put(TEXT, ((0, 3),))
    assert SentenceStore(fresh, "0/pysbd-old").get(TEXT) == ((0, 3),)
    assert SentenceStore(fresh, sentences._segmentation_version()).get(TEXT) is None
    keep_sentences_in(fresh)
    assert sentence_spans(TEXT) != [(0, 3)]


def test_an_unusable_store_only_warns(fresh, caplog):
    blocker = fresh.parent / "a-file"
    blocker.write_text("not a directory")
    with caplog.at_level(logging.WARNING):
        keep_sentences_in(blocker / "sentence-cache.sqlite")
        spans = sentence_spans(TEXT)
        sentences._cached_spans.cache_clear()
        assert sentence_spans(TEXT) == spans
    assert len(spans) == 4
    warnings = [r.getMessage() for r in caplog.records if "sentence cache" in r.getMessage()]
    assert len(warnings) == 1 and "segmenting without it" in warnings[0]


def test_the_service_keeps_spans_in_its_data_dir(fresh, tmp_path):
    from intelligent_extraction.service import ExtractionService
    from intelligent_extraction.settings import Settings

    service = ExtractionService(Settings.load(data_dir=tmp_path / "data"))
    assert service.extractor.name == "rules"
    sentence_spans(TEXT)
    assert _rows(tmp_path / "data" / "sentence-cache.sqlite") == 1
