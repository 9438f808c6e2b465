#!/usr/bin/env bash
# Install (Debian packages) and start the services the service tests need, on 127.0.0.1:
#   Redis on 6379 and PostgreSQL (role "ie", password "ie", may create databases) on 5432.
# Idempotent and fast when they already run:  scripts/services.sh start | status | stop
set -euo pipefail
cmd=${1:-start}

need_apt() {
  command -v redis-server >/dev/null && compgen -G "/usr/lib/postgresql/*/bin/postgres" >/dev/null \
    && return 1
  return 0
}

install() {
  if need_apt; then
    echo "services: installing redis-server and postgresql (apt)" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq redis-server postgresql >/dev/null
  fi
}

redis_up() { redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null | grep -q PONG; }

#: Each service test gets its own Redis db (tests/service/conftest.py hands them out), more
#: than a stock redis-server's 16.
REDIS_DATABASES=64

redis_databases() { redis-cli -h 127.0.0.1 -p 6379 config get databases 2>/dev/null | sed -n 2p; }

start_redis() {
  if redis_up; then
    # a Redis started some other way (the Debian service) has 16 dbs: the tests would skip
    local have; have=$(redis_databases)
    [ "${have:-0}" -ge "$REDIS_DATABASES" ] && return 0
    echo "services: the Redis on 127.0.0.1:6379 has ${have:-an unknown number of} databases;" \
      "the tests need $REDIS_DATABASES. Stop it (redis-cli shutdown, or service redis-server" \
      "stop) and run $0 start again." >&2
    return 1
  fi
  mkdir -p /var/lib/redis-ie
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --dir /var/lib/redis-ie \
    --appendonly yes --databases "$REDIS_DATABASES" --logfile /var/lib/redis-ie/redis.log >&2
  for _ in $(seq 50); do redis_up && return 0; sleep 0.1; done
  echo "services: redis did not start (see /var/lib/redis-ie/redis.log)" >&2; return 1
}

pg_cluster() { pg_lsclusters --no-header 2>/dev/null | awk 'NR==1 {print $1, $2}'; }

pg_up() { pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; }

start_postgres() {
  if [ -z "$(pg_cluster)" ]; then
    ver=$(ls /usr/lib/postgresql | sort -n | tail -1)
    pg_createcluster "$ver" main >/dev/null
  fi
  read -r ver name <<<"$(pg_cluster)"
  # stdout carries only the KEY=value lines test.sh exports: the cluster's own messages
  # ("Removed stale pid file.") go to stderr
  pg_up || pg_ctlcluster "$ver" "$name" start >&2
  for _ in $(seq 100); do pg_up && break; sleep 0.1; done
  pg_up || { echo "services: postgresql did not start" >&2; return 1; }
  su postgres -c "psql -qtAc \"SELECT 1 FROM pg_roles WHERE rolname='ie'\"" | grep -q 1 \
    || su postgres -c "psql -qc \"CREATE ROLE ie LOGIN PASSWORD 'ie' CREATEDB\""
}

case "$cmd" in
  start)
    install
    start_redis
    start_postgres
    echo "IE_TEST_REDIS_URL=redis://127.0.0.1:6379"
    echo "IE_TEST_DATABASE_URL=postgresql+psycopg://ie:ie@127.0.0.1:5432/postgres"
    ;;
  status)
    redis_up && echo "redis: up" || echo "redis: down"
    pg_up && echo "postgresql: up" || echo "postgresql: down"
    ;;
  stop)
    redis_up && redis-cli -h 127.0.0.1 -p 6379 shutdown nosave || true
    if [ -n "$(pg_cluster)" ]; then read -r ver name <<<"$(pg_cluster)"; pg_ctlcluster "$ver" "$name" stop || true; fi
    ;;
  *) echo "usage: $0 start|status|stop" >&2; exit 2 ;;
esac
