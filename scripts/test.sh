#!/usr/bin/env bash
# Run the test suite. Redis and PostgreSQL (the service tests use them for real) are installed
# and started first when they are not running (scripts/services.sh; quick when they are up).
# OpenSearch tests run when OPENSEARCH_URL is set (.ci/run starts a local node) and skip with
# the reason otherwise. Pytest's exit code 5 ("no tests collected") is an error here: an empty
# run must never look green.
set -uo pipefail
cd "$(dirname "$0")/.."
if [ -z "${IE_SKIP_SERVICES:-}" ]; then
  eval "$(scripts/services.sh start | sed 's/^/export /')" || {
    echo "test.sh: could not start Redis/PostgreSQL (scripts/services.sh start)" >&2; exit 1; }
fi
.venv/bin/python -m pytest "$@"
rc=$?
if [ "$rc" -eq 5 ]; then
  echo "test.sh: pytest collected no tests; treating that as a failure" >&2
  exit 1
fi
exit "$rc"
