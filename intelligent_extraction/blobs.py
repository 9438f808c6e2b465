"""Where uploaded files live so every worker can read them: a directory or an S3 bucket.

Blobs are content-addressed: the key is the SHA-256 of the bytes, so a key is never built from
anything a client sent (no path can be smuggled in) and an upload of the same bytes is stored
once. File bytes never travel in a queue message; messages carry the key.

    IE_BLOB_URL unset          <IE_DATA_DIR>/blobs/ab/abcdef...
    IE_BLOB_URL=/some/dir      the same layout under that directory
    IE_BLOB_URL=s3://b/prefix  bucket b, keys prefix/abcdef... (boto3; IE_S3_ENDPOINT_URL for
                               S3-compatible stores; credentials from the usual AWS variables)
"""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
from pathlib import Path
from typing import Protocol, runtime_checkable

from .errors import BlobError, ConfigError
from .settings import Settings

__all__ = ["BlobStore", "LocalBlobStore", "S3BlobStore", "open_blob_store", "blob_key",
           "check_blob_key"]

_KEY = re.compile(r"^[0-9a-f]{64}$")


def blob_key(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def check_blob_key(key: str) -> str:
    """``key`` when it is a well-formed blob key; BlobError otherwise (never a path)."""
    if not isinstance(key, str) or not _KEY.match(key):
        raise BlobError(f"invalid blob key {key!r}: expected 64 lowercase hex digits (SHA-256)")
    return key


@runtime_checkable
class BlobStore(Protocol):
    def put(self, data: bytes) -> str:
        """Store bytes; returns their key. Storing the same bytes twice is a no-op."""

    def get(self, key: str) -> bytes:
        """The bytes under ``key``; BlobError when there are none."""

    def exists(self, key: str) -> bool: ...

    def delete(self, key: str) -> None:
        """Remove a blob; a missing one is not an error."""

    def ping(self) -> None:
        """Raise BlobError when the store cannot be used."""


class LocalBlobStore:
    """Blobs as files under ``root`` (a directory every API and worker process can read)."""

    def __init__(self, root: Path):
        self.root = Path(root)

    def _path(self, key: str) -> Path:
        key = check_blob_key(key)
        return self.root / key[:2] / key

    def put(self, data: bytes) -> str:
        key = blob_key(data)
        path = self._path(key)
        if path.exists():
            return key
        path.parent.mkdir(parents=True, exist_ok=True)
        # write then rename: a reader never sees half a file, a crash leaves only a temp file
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, path)
        except OSError as exc:
            Path(tmp).unlink(missing_ok=True)
            raise BlobError(f"cannot store blob {key} under {self.root}: {exc}") from exc
        return key

    def get(self, key: str) -> bytes:
        try:
            return self._path(key).read_bytes()
        except FileNotFoundError as exc:
            raise BlobError(f"no blob {key} in {self.root}") from exc
        except OSError as exc:
            raise BlobError(f"cannot read blob {key} from {self.root}: {exc}") from exc

    def exists(self, key: str) -> bool:
        return self._path(key).is_file()

    def delete(self, key: str) -> None:
        self._path(key).unlink(missing_ok=True)

    def ping(self) -> None:
        try:
            self.root.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise BlobError(f"blob directory {self.root} is not usable: {exc}") from exc
        if not os.access(self.root, os.R_OK | os.W_OK):
            raise BlobError(f"blob directory {self.root} is not readable and writable")


class S3BlobStore:
    """Blobs as objects in an S3 (or S3-compatible) bucket under ``prefix``."""

    def __init__(self, bucket: str, prefix: str = "", *, endpoint_url: str | None = None):
        import boto3

        self.bucket = bucket
        self.prefix = prefix.strip("/")
        self._client = boto3.client("s3", endpoint_url=endpoint_url)

    def _key(self, key: str) -> str:
        key = check_blob_key(key)
        return f"{self.prefix}/{key}" if self.prefix else key

    def _call(self, what: str, fn, **kwargs):
        from botocore.exceptions import BotoCoreError, ClientError

        try:
            return fn(Bucket=self.bucket, **kwargs)
        except ClientError as exc:
            code = exc.response.get("Error", {}).get("Code", "")
            if code in ("404", "NoSuchKey", "NotFound"):
                raise BlobError(f"no blob {kwargs.get('Key')} in s3://{self.bucket}") from exc
            raise BlobError(f"s3://{self.bucket}: {what} failed: {exc}") from exc
        except BotoCoreError as exc:
            raise BlobError(f"s3://{self.bucket}: {what} failed: {exc}") from exc

    def put(self, data: bytes) -> str:
        key = blob_key(data)
        if not self.exists(key):
            self._call("put", self._client.put_object, Key=self._key(key), Body=data)
        return key

    def get(self, key: str) -> bytes:
        return self._call("get", self._client.get_object, Key=self._key(key))["Body"].read()

    def exists(self, key: str) -> bool:
        try:
            self._call("head", self._client.head_object, Key=self._key(key))
        except BlobError as exc:
            if str(exc).startswith("no blob"):
                return False
            raise
        return True

    def delete(self, key: str) -> None:
        self._call("delete", self._client.delete_object, Key=self._key(key))

    def ping(self) -> None:
        self._call("head bucket", self._client.head_bucket)


def open_blob_store(settings: Settings) -> BlobStore:
    """The store IE_BLOB_URL names (see the module docstring)."""
    url = settings.blob_url
    if not url:
        return LocalBlobStore(settings.data_dir / "blobs")
    if url.startswith("s3://"):
        bucket, _, prefix = url.removeprefix("s3://").partition("/")
        if not bucket:
            raise ConfigError(f"IE_BLOB_URL: no bucket in {url!r}; use s3://bucket/prefix")
        return S3BlobStore(bucket, prefix, endpoint_url=settings.s3_endpoint_url)
    if "://" in url and not url.startswith("file://"):
        raise ConfigError(f"IE_BLOB_URL: unsupported scheme in {url!r}; use a directory or s3://")
    return LocalBlobStore(Path(url.removeprefix("file://")))
