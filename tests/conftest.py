"""Fixtures shared by every test folder.

The embedding model is real (the packaged all-MiniLM-L6-v2) and loaded once per session;
each test that indexes gets its own data directory, so nothing touches a developer's index.
"""

from __future__ import annotations

import os
import tempfile

import pytest

# Never let a test reach for a model hub or write into the user's data dir.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
# One ONNX export for every test data dir and worker process (an export takes 10-20 s); it is
# keyed by the model's fingerprint and the export version, so reusing it across runs is safe.
os.environ.setdefault(
    "IE_MODEL_CACHE_DIR", os.path.join(tempfile.gettempdir(), "ie-test-model-cache")
)


@pytest.fixture(scope="session")
def embedder():
    """The real embedding model, loaded once (about 5 s)."""
    from intelligent_extraction.embeddings import HuggingFaceEmbedder

    return HuggingFaceEmbedder()


@pytest.fixture(scope="session")
def tokenizer():
    from intelligent_extraction.embeddings import load_tokenizer

    return load_tokenizer()


@pytest.fixture()
def data_dir(tmp_path, monkeypatch):
    """A fresh IE_DATA_DIR for this test."""
    path = tmp_path / "ie-data"
    monkeypatch.setenv("IE_DATA_DIR", str(path))
    from intelligent_extraction.settings import get_settings

    get_settings.cache_clear()
    yield path
    get_settings.cache_clear()


@pytest.fixture()
def s3_bucket(monkeypatch):
    """An empty bucket of its own on the local S3-compatible server (MinIO, started by
    scripts/test.sh through scripts/minio-local.sh); emptied and removed afterwards. Yields
    (endpoint URL, bucket name); the test pair of credentials is set in the environment."""
    import uuid

    endpoint = os.environ.get("IE_TEST_S3_ENDPOINT")
    if not endpoint:
        message = "no S3 server: IE_TEST_S3_ENDPOINT is unset (scripts/minio-local.sh start)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    for name, value in (("AWS_ACCESS_KEY_ID", "ie-test"), ("AWS_SECRET_ACCESS_KEY", "ie-test-secret"),
                        ("AWS_DEFAULT_REGION", "us-east-1")):
        monkeypatch.setenv(name, value)
    import boto3

    s3 = boto3.client("s3", endpoint_url=endpoint)
    bucket = f"ie-test-{uuid.uuid4().hex[:12]}"
    s3.create_bucket(Bucket=bucket)
    yield endpoint, bucket
    for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket):
        for obj in page.get("Contents", []):
            s3.delete_object(Bucket=bucket, Key=obj["Key"])
    s3.delete_bucket(Bucket=bucket)
