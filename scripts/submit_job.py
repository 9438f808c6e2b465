#!/usr/bin/env python3
"""Submit an extraction job through the queue, no HTTP involved (a producer example).

    scripts/submit_job.py samples/services_agreement.pdf --fields governing_law,parties

Puts the file into the blob store every worker reads (IE_BLOB_URL; by default the directory
under IE_DATA_DIR), then publishes one version-1 message (docs/queue.md) to the submission
stream (IE_SUBMIT_STREAM on IE_REDIS_URL). Prints the job id; the job is then readable through
the API (GET /v1/jobs/<id>) once a consumer (`intelligent-extraction consume`) has taken it.
"""

from __future__ import annotations

import argparse
import sys
import uuid
from pathlib import Path

import redis

from intelligent_extraction.blobs import open_blob_store
from intelligent_extraction.documents import default_doc_id
from intelligent_extraction.errors import ExtractionError
from intelligent_extraction.settings import get_settings
from intelligent_extraction.worker.consumer import producer_message


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--doc-id", help="default: the file stem")
    parser.add_argument("--fields", default="all", help='comma list, or "all"')
    parser.add_argument("--strategy", choices=["hybrid", "pipeline"])
    parser.add_argument("--callback-url")
    args = parser.parse_args()
    try:
        settings = get_settings()
        key = open_blob_store(settings).put(args.file.read_bytes())
        job_id = str(uuid.uuid4())
        fields = args.fields if args.fields == "all" else args.fields.split(",")
        message = producer_message(
            job_id=job_id, doc_id=args.doc_id or default_doc_id(args.file), fields=fields,
            strategy=args.strategy, callback_url=args.callback_url,
            document={"blob_key": key, "filename": args.file.name})
        redis.Redis.from_url(settings.redis_url).xadd(settings.submit_stream, message)
    except (ExtractionError, OSError, ValueError, redis.RedisError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(job_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
