#!/usr/bin/env bash
# Run the test suite. Integration tests (OpenSearch) skip with a reason unless OPENSEARCH_URL
# is set or Docker is available. Pytest's exit code 5 ("no tests collected") is an error here:
# an empty run must never look green.
set -uo pipefail
cd "$(dirname "$0")/.."
.venv/bin/python -m pytest "$@"
rc=$?
if [ "$rc" -eq 5 ]; then
  echo "test.sh: pytest collected no tests; treating that as a failure" >&2
  exit 1
fi
exit "$rc"
