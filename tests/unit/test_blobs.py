"""Blob stores: content-addressed keys that are never paths, on a directory and on S3 (a real
S3-compatible server: MinIO on loopback, see the ``s3_bucket`` fixture)."""

from __future__ import annotations

import pytest

from intelligent_extraction.blobs import LocalBlobStore, S3BlobStore, blob_key, open_blob_store
from intelligent_extraction.errors import BlobError, ConfigError
from intelligent_extraction.settings import Settings


def _exercise(store) -> None:
    key = store.put(b"%PDF-1.7 hello")
    assert key == blob_key(b"%PDF-1.7 hello") and store.put(b"%PDF-1.7 hello") == key
    assert store.exists(key) and store.get(key) == b"%PDF-1.7 hello"
    store.delete(key)
    assert not store.exists(key)
    with pytest.raises(BlobError, match="no blob"):
        store.get(key)
    for bad in ("../../etc/passwd", "A" * 64, "abc"):
        with pytest.raises(BlobError, match="invalid blob key"):
            store.get(bad)
    store.ping()


def test_local_store(tmp_path):
    store = LocalBlobStore(tmp_path / "blobs")
    _exercise(store)
    key = store.put(b"x")
    assert (tmp_path / "blobs" / key[:2] / key).read_bytes() == b"x"
    assert not list((tmp_path / "blobs").rglob(".tmp-*")), "no temp file left behind"


@pytest.mark.integration
def test_s3_store_through_boto3(s3_bucket):
    endpoint, bucket = s3_bucket
    settings = Settings.load(blob_url=f"s3://{bucket}/uploads", s3_endpoint_url=endpoint)
    store = open_blob_store(settings)
    assert isinstance(store, S3BlobStore) and store.prefix == "uploads"
    _exercise(store)
    key = store.put(b"%PDF-1.7 kept")
    import boto3

    listed = boto3.client("s3", endpoint_url=endpoint).list_objects_v2(Bucket=bucket)
    assert [o["Key"] for o in listed["Contents"]] == [f"uploads/{key}"]
    with pytest.raises(BlobError, match="s3://ie-missing"):
        S3BlobStore("ie-missing", endpoint_url=endpoint).ping()


def test_blob_url_is_validated(tmp_path):
    with pytest.raises(ConfigError, match="unsupported scheme"):
        open_blob_store(Settings.load(blob_url="ftp://x/y"))
    with pytest.raises(ConfigError, match="no bucket"):
        open_blob_store(Settings.load(blob_url="s3://"))
    assert isinstance(open_blob_store(Settings.load(blob_url=str(tmp_path))), LocalBlobStore)
