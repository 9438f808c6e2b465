"""Measuring retrieval (and, later, extraction) against labelled gold data."""
