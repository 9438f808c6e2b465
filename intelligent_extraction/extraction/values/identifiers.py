"""Identifiers: whatever the field's ``pattern`` regex matches (ICD-10 codes, account numbers).

A match counts only as a whole token: one flanked by a letter or digit is part of a longer
word ("A12" inside "TA123") and is skipped. A pattern with a named group ``value`` yields that
group (``r"Account No\\.?\\s*(?P<value>\\d{6,})"``); otherwise the whole match is the value.
"""

from __future__ import annotations

import re

from .base import Candidate

__all__ = ["find_identifiers", "compile_pattern"]


def compile_pattern(pattern: str | re.Pattern[str]) -> re.Pattern[str]:
    """Compile ``pattern``; a bad regex raises ValueError that quotes it."""
    if isinstance(pattern, re.Pattern):
        return pattern
    try:
        return re.compile(pattern)
    except re.error as exc:
        raise ValueError(f"identifier pattern {pattern!r} is not a valid regex: {exc}") from exc


def _whole_token(text: str, start: int, end: int) -> bool:
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    return not before.isalnum() and not after.isalnum()


def find_identifiers(text: str, pattern: str | re.Pattern[str]) -> list[Candidate]:
    """Every whole-token match of ``pattern`` in ``text``, in text order."""
    compiled = compile_pattern(pattern)
    found = []
    for m in compiled.finditer(text):
        if m.end() == m.start() or not _whole_token(text, *m.span()):
            continue
        start, end = m.span("value") if "value" in compiled.groupindex else m.span()
        if end > start:
            found.append(Candidate(text[start:end], text[start:end], start, end))
    return found
