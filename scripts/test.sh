#!/usr/bin/env bash
# Run the test suite. Redis and PostgreSQL (the service tests use them for real) are installed
# and started first when they are not running (scripts/services.sh; quick when they are up),
# and so is MinIO, the S3-compatible server (scripts/minio-local.sh).
# OpenSearch tests run when OPENSEARCH_URL is set (.ci/run starts a local node) and skip with
# the reason otherwise. Pytest's exit code 5 ("no tests collected") is an error here: an empty
# run must never look green.
set -uo pipefail
cd "$(dirname "$0")/.."
if [ -z "${IE_SKIP_SERVICES:-}" ]; then
  if ! service_env=$(scripts/services.sh start); then
    echo "test.sh: could not start Redis/PostgreSQL (scripts/services.sh start)" >&2; exit 1
  fi
  while IFS= read -r line; do  # only its KEY=value lines, whatever else a service printed
    if [[ $line =~ ^[A-Z_][A-Z0-9_]*= ]]; then export "$line"; fi
  done <<<"$service_env"
fi
# The S3 blob-store tests use a real S3-compatible server: MinIO on loopback, built with Go on
# first use (about 5 minutes once per machine). Without it they skip, and fail under CI.
if [ -z "${IE_TEST_S3_ENDPOINT:-}" ] && [ -z "${IE_SKIP_SERVICES:-}" ]; then
  if s3=$(scripts/minio-local.sh start); then
    export "$s3"
  else
    echo "test.sh: no local S3 server (scripts/minio-local.sh start failed): S3 tests skip" >&2
  fi
fi
.venv/bin/python -m pytest "$@"
rc=$?
if [ "$rc" -eq 5 ]; then
  echo "test.sh: pytest collected no tests; treating that as a failure" >&2
  exit 1
fi
exit "$rc"
