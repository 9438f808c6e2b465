"""The tests are written in invented text (issue 12): none of their string literals follows a
labelled contract word for word beyond the legal boilerplate many contracts share
(``scripts/quote_check.py`` says how that is judged). The labelled contracts live beside the
repository, never in it (``../shared/data``, or ``IE_LABELLED_DATA``); on a machine without
them there is nothing to compare against."""

from __future__ import annotations

import os
import runpy
from pathlib import Path

import pytest

from intelligent_extraction.settings import PROJECT_ROOT

DATA = Path(os.environ.get("IE_LABELLED_DATA", PROJECT_ROOT.parent / "shared" / "data"))
quote_check = runpy.run_path(str(PROJECT_ROOT / "scripts" / "quote_check.py"))


@pytest.mark.skipif(
    not any(DATA.glob("contracts-*/docs/*.txt")),
    reason=f"the labelled contracts are not on this machine ({DATA})",
)
def test_no_test_quotes_a_labelled_contract(capsys):
    assert quote_check["main"]([str(PROJECT_ROOT / "tests"), "--data", str(DATA)]) == 0, (
        capsys.readouterr().out
    )


def test_the_check_finds_a_passage_only_a_few_contracts_hold(tmp_path):
    docs = tmp_path / "contracts-x" / "docs"
    docs.mkdir(parents=True)
    quoted = "the blue heron lodge shall feed every guest oatmeal at dawn on each rainy tuesday"
    common = "this agreement shall be governed by the laws of the state of new york in full"
    (docs / "a.txt").write_text(f"Preamble. {quoted.upper()}. {common}.")
    for name in "bcd":
        (docs / f"{name}.txt").write_text(f"Other words. {common}.")
    test_file = tmp_path / "test_x.py"
    test_file.write_text(f'A = "Intro: {quoted}."\nB = "{common}"\nC = "invented words only"\n')
    assert quote_check["main"]([str(test_file), "--data", str(tmp_path)]) == 1
    test_file.write_text(f'B = "{common}"\n')
    assert quote_check["main"]([str(test_file), "--data", str(tmp_path)]) == 0


def test_the_check_reads_the_text_fixtures_of_a_folder_paragraph_by_paragraph(tmp_path, capsys):
    docs = tmp_path / "data" / "contracts-x" / "docs"
    docs.mkdir(parents=True)
    quoted = "the blue heron lodge shall feed every guest oatmeal at dawn on each rainy tuesday"
    (docs / "a.txt").write_text(f"Preamble. {quoted}.")
    fixtures = tmp_path / "invented"
    fixtures.mkdir()
    (fixtures / "contract.txt").write_text(f"TITLE\n\nInvented words.\n\n1. Meals. {quoted}.\n")
    assert quote_check["main"]([str(fixtures), "--data", str(tmp_path / "data")]) == 1
    assert "contract.txt:5: 15 words" in capsys.readouterr().out
