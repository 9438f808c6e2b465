#!/usr/bin/env bash
# A real S3-compatible server on loopback for the S3 blob-store tests: MinIO, built from source
# with the Go toolchain (the Go module proxy is reachable here; the MinIO download site is not).
#
#   scripts/minio-local.sh start    prints IE_TEST_S3_ENDPOINT=http://127.0.0.1:PORT
#   scripts/minio-local.sh stop
#   scripts/minio-local.sh status   exit 0 running, 3 not
#
#   export "$(scripts/minio-local.sh start)"
#
# The first start builds the binary (about 5 minutes and 1.2 GB of Go modules on the 2-core
# machine); later starts reuse it. Each start serves a fresh, empty data directory. Access key
# and secret are the fixed test pair the tests use (ie-test / ie-test-secret): loopback only.
#
# Where: ${IE_MINIO_HOME}, default ~/.cache/intelligent-extraction/minio, or
# /var/cache/intelligent-extraction/minio for root: bin/minio, run/ (data, log, pid, url).
# Only stdout's URL line is meant for callers; the build and server logs go under run/.
set -euo pipefail

# A MinIO commit, pinned so every machine builds the same server (MinIO tags releases with
# names Go cannot order, so the module proxy knows it by pseudo-version).
MINIO_VERSION="${IE_MINIO_VERSION:-v0.0.0-20260212201848-7aac2a2c5b7c}"
ACCESS_KEY=ie-test
SECRET_KEY=ie-test-secret
START_TIMEOUT="${IE_MINIO_START_TIMEOUT:-60}"

die() { echo "minio-local: $*" >&2; exit 1; }

if [[ -n "${IE_MINIO_HOME:-}" ]]; then
  HOME_DIR="$IE_MINIO_HOME"
elif [[ $EUID -eq 0 ]]; then
  HOME_DIR=/var/cache/intelligent-extraction/minio
else
  HOME_DIR="$HOME/.cache/intelligent-extraction/minio"
fi
BIN="$HOME_DIR/bin/minio"
RUN="$HOME_DIR/run"

healthy() { curl -sf -o /dev/null --max-time 2 "$1/minio/health/live"; }

running_url() {
  [[ -f "$RUN/pid" && -f "$RUN/url" ]] || return 1
  kill -0 "$(cat "$RUN/pid")" 2>/dev/null || return 1
  local url
  url=$(cat "$RUN/url")
  healthy "$url" && echo "$url"
}

build() {
  [[ -x "$BIN" ]] && return 0
  local go
  go=$(command -v go || echo /usr/local/go/bin/go)
  [[ -x "$go" ]] || die "the Go toolchain is needed to build MinIO (no go on PATH)"
  mkdir -p "$HOME_DIR/bin" "$RUN"
  echo "minio-local: building MinIO $MINIO_VERSION (once; log: $RUN/build.log)" >&2
  GOBIN="$HOME_DIR/bin" GOFLAGS=-mod=mod "$go" install "github.com/minio/minio@$MINIO_VERSION" \
    >"$RUN/build.log" 2>&1 || die "go install failed; see $RUN/build.log"
}

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

start() {
  if url=$(running_url); then
    echo "IE_TEST_S3_ENDPOINT=$url"
    return 0
  fi
  build
  stop >/dev/null 2>&1 || true
  rm -rf "$RUN/data"
  mkdir -p "$RUN/data"
  local port console url
  port=$(free_port)
  console=$(free_port)
  url="http://127.0.0.1:$port"
  MINIO_ROOT_USER=$ACCESS_KEY MINIO_ROOT_PASSWORD=$SECRET_KEY MINIO_BROWSER=off \
    setsid nohup "$BIN" server "$RUN/data" --address "127.0.0.1:$port" \
    --console-address "127.0.0.1:$console" --quiet >"$RUN/server.log" 2>&1 &
  echo $! >"$RUN/pid"
  echo "$url" >"$RUN/url"
  for _ in $(seq $((START_TIMEOUT * 5))); do
    if healthy "$url"; then
      echo "IE_TEST_S3_ENDPOINT=$url"
      return 0
    fi
    kill -0 "$(cat "$RUN/pid")" 2>/dev/null || die "MinIO exited; see $RUN/server.log"
    sleep 0.2
  done
  die "MinIO did not answer within ${START_TIMEOUT}s; see $RUN/server.log"
}

stop() {
  [[ -f "$RUN/pid" ]] || return 0
  local pid
  pid=$(cat "$RUN/pid")
  if kill -0 "$pid" 2>/dev/null; then
    kill "$pid"
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  fi
  rm -f "$RUN/pid" "$RUN/url"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status)
    if url=$(running_url); then echo "running at $url"; else echo "not running"; exit 3; fi ;;
  *) die "usage: $0 start|stop|status" ;;
esac
