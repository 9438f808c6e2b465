"""Find test text copied from the labelled contracts.

The project's tests must use invented text (issue 12): a passage lifted from
``contracts-train`` or ``contracts-dev`` would let a rule look general while it only knows one
contract. This script reads every contract's text, indexes its word 8-grams, and reports each
string literal in the given Python files, and each paragraph of the given text fixtures
(``.txt``: the invented contracts of ``tests/e2e``), whose words follow a contract for
``--min-words`` or more in a row, with the file, the line and the matching words.

A run that many contracts share is legal boilerplate ("this agreement shall be governed by the
laws of the state of new york"), not a quotation: a run is reported only when at most
``--max-contracts`` contracts (default 2) hold it. Read the report, do not treat it as a
verdict.

    .venv/bin/python scripts/quote_check.py tests            # exits 1 when something matches
    .venv/bin/python scripts/quote_check.py tests --min-words 10 --max-contracts 5 --data ../shared/data
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections.abc import Iterator
from pathlib import Path

_WORD = re.compile(r"[a-z0-9]+")
_N = 8


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def shingles(tokens: list[str]) -> Iterator[int]:
    for i in range(len(tokens) - _N + 1):
        yield hash(tuple(tokens[i : i + _N]))


def contract_index(data: Path) -> tuple[dict[int, int], int]:
    """How many contracts hold each word 8-gram."""
    counts: dict[int, int] = {}
    files = sorted(data.glob("contracts-*/docs/*.txt"))
    for path in files:
        for h in set(shingles(words(path.read_text(errors="replace")))):
            counts[h] = counts.get(h, 0) + 1
    return counts, len(files)


def literals(path: Path) -> Iterator[tuple[int, str]]:
    """A text fixture's paragraphs; a Python file's string constants (implicitly joined ones
    arrive joined) and f-strings' text."""
    if path.suffix == ".txt":
        yield from paragraphs(path.read_text(errors="replace"))
        return
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.lineno, node.value


def paragraphs(text: str) -> Iterator[tuple[int, str]]:
    """(first line, text) of each run of lines between blank lines."""
    start, lines = 1, []
    for number, line in enumerate(text.splitlines() + [""], start=1):
        if line.strip():
            start = start if lines else number
            lines.append(line)
        elif lines:
            yield start, "\n".join(lines)
            lines = []


def copied_runs(
    tokens: list[str], counts: dict[int, int], max_contracts: int
) -> Iterator[tuple[int, int]]:
    """(start, end) word spans of ``tokens`` whose every 8-gram occurs in at least one and at
    most ``max_contracts`` contracts."""
    hits = [0 < counts.get(h, 0) <= max_contracts for h in shingles(tokens)]
    i = 0
    while i < len(hits):
        if not hits[i]:
            i += 1
            continue
        j = i
        while j < len(hits) and hits[j]:
            j += 1
        yield i, j - 1 + _N
        i = j


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "paths", nargs="+", type=Path, help="Python or .txt files, or folders to scan for both"
    )
    parser.add_argument("--data", type=Path, default=Path(__file__).parents[1] / "../shared/data")
    parser.add_argument("--min-words", type=int, default=12)
    parser.add_argument("--max-contracts", type=int, default=2)
    args = parser.parse_args(argv)
    if args.min_words < _N:
        parser.error(f"--min-words must be at least {_N}")
    counts, n_docs = contract_index(args.data)
    if not n_docs:
        parser.error(f"no contracts-*/docs/*.txt under {args.data}")
    files = [
        p for path in args.paths
        for p in ([path] if path.is_file() else [*path.rglob("*.py"), *path.rglob("*.txt")])
    ]
    found = 0
    for path in sorted(files):
        for line, text in literals(path):
            tokens = words(text)
            for start, end in copied_runs(tokens, counts, args.max_contracts):
                if end - start >= args.min_words:
                    found += 1
                    print(f"{path}:{line}: {end - start} words: {' '.join(tokens[start:end])}")
    print(f"{found} passage(s) of {args.min_words}+ words found in {n_docs} contracts "
          f"({len(files)} files scanned)", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
