"""Celery workers on Redis: the app (``app``), thin tasks (``tasks``), publishing
(``dispatch``), the outbox sweep (``reconcile``) and the submission-stream consumer
(``consumer``). Only this package imports Celery."""
