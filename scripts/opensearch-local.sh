#!/usr/bin/env bash
# A real single-node OpenSearch on loopback, assembled from Maven Central artifacts.
#
#   scripts/opensearch-local.sh start  [--version 3|3.6.0|2.19|2.19.1]   prints OPENSEARCH_URL=...
#   scripts/opensearch-local.sh stop   [--version ...]
#   scripts/opensearch-local.sh status [--version ...]                   exit 0 running, 3 not
#
#   export "$(scripts/opensearch-local.sh start --version 2.19)"   # or eval, to set it unexported
#
# What it runs: org.opensearch.distribution.integ-test-zip:opensearch (no JDK, no security
# plugin: plain HTTP, no auth) plus the k-NN and neural-search plugin zips (the hybrid query and
# the normalization-processor), one node, 512 MB heap, http and transport on random free
# loopback ports, a fresh data directory per start. 2.19 runs on OpenJDK 17 (it installs a
# SecurityManager, which JDK 24+ refuses); 3.x needs JDK 21+ (Temurin 25 here).
#
# Where: ${IE_OPENSEARCH_HOME}, default ~/.cache/intelligent-extraction/opensearch, or
# /var/cache/intelligent-extraction/opensearch for root (the node runs as the system user
# `opensearch`, created here, since OpenSearch refuses root, and root's home is not reachable
# by other users). Per version: dist/ (the Maven zips), <ver>/home (installed node), <ver>/run
# (data, logs, pid, url). Only stdout's URL line is meant for callers; everything else goes to
# <ver>/run/script.log, whose path `status` prints.
#
# Environment: IE_OPENSEARCH_VERSION (default version), IE_OPENSEARCH_JAVA_HOME (JDK override),
# IE_OPENSEARCH_HEAP (default 512m), IE_OPENSEARCH_START_TIMEOUT (seconds, default 240).
set -euo pipefail

DEFAULT_VERSION="${IE_OPENSEARCH_VERSION:-3.6.0}"
NODE_USER=opensearch
HEAP="${IE_OPENSEARCH_HEAP:-512m}"
START_TIMEOUT="${IE_OPENSEARCH_START_TIMEOUT:-240}"
MVN_DEPENDENCY_PLUGIN=org.apache.maven.plugins:maven-dependency-plugin:3.6.1

die() { echo "opensearch-local: $*" >&2; exit 1; }

default_home() {
  if [[ $EUID -eq 0 ]]; then
    echo /var/cache/intelligent-extraction/opensearch
  else
    echo "$HOME/.cache/intelligent-extraction/opensearch"
  fi
}

# "3" and "2.19" name the line; Maven Central holds k-NN and neural-search zips for 2.19.1 and
# 3.6.0 (not for 2.19.2-4 nor 3.0-3.5 neural-search), so the line maps to those.
resolve_version() {
  case "$1" in
    3 | 3.x) echo 3.6.0 ;;
    2 | 2.x | 2.19 | 2.19.x) echo 2.19.1 ;;
    [0-9]*.[0-9]*.[0-9]*) echo "$1" ;;
    *) die "unknown version '$1' (use 3, 2.19 or an exact x.y.z)" ;;
  esac
}

java_home_for() {
  if [[ -n "${IE_OPENSEARCH_JAVA_HOME:-}" ]]; then
    echo "$IE_OPENSEARCH_JAVA_HOME"
    return
  fi
  local candidates
  if [[ $1 == 2.* ]]; then
    candidates="/usr/lib/jvm/java-17-openjdk-amd64 /usr/lib/jvm/java-21-openjdk-amd64"
  else
    candidates="/usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/temurin-21-jdk-amd64 /usr/lib/jvm/java-21-openjdk-amd64"
  fi
  for dir in $candidates; do
    [[ -x $dir/bin/java ]] && { echo "$dir"; return; }
  done
  die "no JDK for OpenSearch $1 in: $candidates (set IE_OPENSEARCH_JAVA_HOME)"
}

as_node_user() {
  if [[ $EUID -eq 0 ]]; then
    runuser -u "$NODE_USER" -- "$@"
  else
    "$@"
  fi
}

ensure_node_user() {
  [[ $EUID -eq 0 ]] || return 0
  id -u "$NODE_USER" >/dev/null 2>&1 && return 0
  useradd --system --user-group --no-create-home --home-dir /nonexistent \
    --shell /usr/sbin/nologin "$NODE_USER" 2>/dev/null || id -u "$NODE_USER" >/dev/null
}

free_port() {
  python3 - <<'EOF' 2>/dev/null || shuf -i 20000-60000 -n 1
import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])
s.close()
EOF
}

log() { echo "[$(date '+%F %T')] $*" >>"$LOG"; }

# --------------------------------------------------------------------------- install

fetch() {  # fetch GROUP:ARTIFACT:VERSION:zip into dist/ unless it is already there
  local coords=$1 file=$2
  [[ -s $DIST/$file ]] && return 0
  log "fetching $coords with Maven"
  mvn -B -q "$MVN_DEPENDENCY_PLUGIN:copy" -Dartifact="$coords" -DoutputDirectory="$DIST" \
    >>"$LOG" 2>&1 || die "Maven could not fetch $coords (see $LOG)"
}

# The 2.x integ-test-zip ships transport-netty4 as its only module, but k-NN extends
# lang-painless and the backend deletes by query (module reindex). Maven Central has each
# module's real jar and the dependencies its pom names, so the module directory is assembled
# from them (less the jars the server already has in lib/: two copies are jar hell), with the
# descriptor and security policy the full distribution carries for it.
add_module() {  # add_module MODULES_DIR NAME ARTIFACT_ID CLASSNAME DESCRIPTION POLICY
  local modules=$1 name=$2 artifact=$3 classname=$4 description=$5 policy=$6
  local dir="$1/$2" pom="$BASE/$2-module-pom.xml" jar
  log "assembling module $name $VERSION from Maven jars"
  cat >"$pom" <<POM
<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
  <groupId>local</groupId><artifactId>$name-module</artifactId><version>1</version>
  <dependencies><dependency><groupId>org.opensearch.plugin</groupId>
    <artifactId>$artifact</artifactId><version>$VERSION</version></dependency></dependencies>
</project>
POM
  mvn -B -q -f "$pom" "$MVN_DEPENDENCY_PLUGIN:copy-dependencies" -DincludeScope=runtime \
    -DoutputDirectory="$dir" >>"$LOG" 2>&1 || die "Maven could not fetch $artifact $VERSION (see $LOG)"
  for jar in "$dir"/*.jar; do
    if [[ -e $modules/../lib/$(basename "$jar") ]]; then rm "$jar"; fi
  done
  printf '%s\n' "description=$description" "version=$VERSION" "name=$name" \
    "classname=$classname" "java.version=11" "opensearch.version=$VERSION" \
    "custom.foldername=" "extended.plugins=" "has.native.controller=false" \
    >"$dir/plugin-descriptor.properties"
  printf '%s\n' "$policy" >"$dir/plugin-security.policy"
}

add_missing_modules() {
  local modules=$1
  [[ -d $modules/lang-painless ]] || add_module "$modules" lang-painless lang-painless \
    org.opensearch.painless.PainlessPlugin \
    "An easy, safe and fast scripting language for OpenSearch" \
    'grant {
  permission java.lang.RuntimePermission "createClassLoader";
  permission java.lang.RuntimePermission "getClassLoader";
};'
  [[ -d $modules/reindex ]] || add_module "$modules" reindex reindex-client \
    org.opensearch.index.reindex.ReindexPlugin \
    "The Reindex module adds APIs to reindex from one index to another or update documents in place." \
    'grant {
  permission java.net.SocketPermission "*", "connect";
};
grant codeBase "${codebase.opensearch-rest-client}" {
  permission java.net.NetPermission "getProxySelector";
};
grant codeBase "${codebase.httpasyncclient}" {
  permission java.net.NetPermission "getProxySelector";
};'
  return 0
}

install_node() {
  [[ -f $HOME_DIR/.installed ]] && return 0
  mkdir -p "$DIST"
  fetch "org.opensearch.distribution.integ-test-zip:opensearch:$VERSION:zip" "opensearch-$VERSION.zip"
  fetch "org.opensearch.plugin:opensearch-knn:$VERSION.0:zip" "opensearch-knn-$VERSION.0.zip"
  fetch "org.opensearch.plugin:neural-search:$VERSION.0:zip" "neural-search-$VERSION.0.zip"
  log "installing OpenSearch $VERSION into $HOME_DIR"
  local staging="$BASE/home.staging"
  rm -rf "$staging" && mkdir -p "$staging"
  unzip -q "$DIST/opensearch-$VERSION.zip" -d "$staging"
  local unpacked="$staging/opensearch-$VERSION"
  add_missing_modules "$unpacked/modules"
  for plugin in "opensearch-knn-$VERSION.0.zip" "neural-search-$VERSION.0.zip"; do
    OPENSEARCH_JAVA_HOME="$JAVA_DIR" "$unpacked/bin/opensearch-plugin" install --batch \
      "file://$DIST/$plugin" >>"$LOG" 2>&1 || die "installing $plugin failed (see $LOG)"
  done
  touch "$unpacked/.installed"
  rm -rf "$HOME_DIR" && mv "$unpacked" "$HOME_DIR" && rm -rf "$staging"
}

# --------------------------------------------------------------------------- run state

node_pid() {  # the JVM's pid once OpenSearch wrote it, the launcher's until then
  local file
  for file in "$RUN/opensearch.pid" "$RUN/launcher.pid"; do
    [[ -s $file ]] && { cat "$file"; return 0; }
  done
  return 1
}

pid_alive() {  # alive and ours: a pid file left by a reboot may name someone else's process
  local pid
  pid=$(node_pid) && kill -0 "$pid" 2>/dev/null &&
    tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF "$RUN/"
}

url_answers() {
  [[ -s $RUN/url ]] && curl -fsS -m 5 "$(cat "$RUN/url")/_cluster/health" >/dev/null 2>&1
}

write_config() {  # the node's own config dir: the distribution's files plus our opensearch.yml
  local http_port=$1 transport_port=$2
  rm -rf "$RUN/config" && cp -r "$HOME_DIR/config" "$RUN/config"
  cat >"$RUN/config/opensearch.yml" <<EOF
cluster.name: ie-local-$VERSION
node.name: ie-local
network.host: 127.0.0.1
http.port: $http_port
transport.port: $transport_port
discovery.type: single-node
path.data: $RUN/data
path.logs: $RUN/logs
action.auto_create_index: false
# a throwaway loopback node: a nearly full disk must not block its index creation mid-run
cluster.routing.allocation.disk.threshold_enabled: false
EOF
}

wait_for_health() {
  local url=$1 deadline=$((SECONDS + START_TIMEOUT))
  while ((SECONDS < deadline)); do
    if curl -fsS -m 5 "$url/_cluster/health?wait_for_status=yellow&timeout=5s" 2>/dev/null |
      grep -qE '"status":"(green|yellow)"'; then
      return 0
    fi
    pid_alive || break
    sleep 1
  done
  return 1
}

start() {
  if pid_alive && url_answers; then
    echo "OPENSEARCH_URL=$(cat "$RUN/url")"
    return 0
  fi
  pid_alive && stop_node  # running but not answering: start over
  ensure_node_user
  install_node
  rm -rf "$RUN/data" "$RUN/logs" && mkdir -p "$RUN/data" "$RUN/logs"
  local http_port transport_port
  http_port=$(free_port)
  transport_port=$(free_port)
  write_config "$http_port" "$transport_port"
  [[ $EUID -eq 0 ]] && chown -R "$NODE_USER:$NODE_USER" "$RUN" "$HOME_DIR"
  as_node_user test -r "$HOME_DIR/bin/opensearch" ||
    die "user $NODE_USER cannot read $HOME_DIR (set IE_OPENSEARCH_HOME to a directory it can reach)"
  local url="http://127.0.0.1:$http_port"
  log "starting OpenSearch $VERSION on $url with $JAVA_DIR"
  # in the background under setsid, not with -d: -d returns before the pid file exists, so
  # an early death would only show as a timeout; -q keeps the console quiet (logs go to files)
  rm -f "$RUN/opensearch.pid" "$RUN/launcher.pid"
  local as_user=()
  [[ $EUID -eq 0 ]] && as_user=(runuser -u "$NODE_USER" --)
  # from $RUN: jvm.options writes gc logs and heap dumps relative to the working directory
  (cd "$RUN" && exec setsid "${as_user[@]}" env OPENSEARCH_JAVA_HOME="$JAVA_DIR" \
    OPENSEARCH_PATH_CONF="$RUN/config" OPENSEARCH_JAVA_OPTS="-Xms$HEAP -Xmx$HEAP" \
    "$HOME_DIR/bin/opensearch" -q -p "$RUN/opensearch.pid" >>"$LOG" 2>&1 </dev/null) &
  echo $! >"$RUN/launcher.pid"
  if ! wait_for_health "$url"; then
    tail -n 30 "$RUN/logs/ie-local-$VERSION.log" >&2 2>/dev/null || true
    stop_node
    die "OpenSearch $VERSION did not become healthy within ${START_TIMEOUT}s (see $RUN/logs)"
  fi
  echo "$url" >"$RUN/url"
  log "OpenSearch $VERSION is up at $url"
  echo "OPENSEARCH_URL=$url"
}

stop_node() {
  pid_alive || { rm -f "$RUN/url"; return 0; }
  local pid
  pid=$(node_pid)
  log "stopping OpenSearch $VERSION (pid $pid)"
  kill "$pid"
  for _ in $(seq 60); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 1
  done
  kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
  rm -f "$RUN/url" "$RUN/opensearch.pid" "$RUN/launcher.pid"
}

status() {
  if pid_alive && url_answers; then
    echo "running: OpenSearch $VERSION at $(cat "$RUN/url") (pid $(node_pid))"
    echo "OPENSEARCH_URL=$(cat "$RUN/url")"
  else
    echo "stopped: OpenSearch $VERSION"
  fi
  echo "script log: $LOG"
  echo "node logs:  $RUN/logs"
  pid_alive && url_answers
}

# --------------------------------------------------------------------------- main

command=${1:-}
shift || true
version_arg=$DEFAULT_VERSION
while (($#)); do
  case "$1" in
    --version) version_arg=${2:?--version needs a value}; shift 2 ;;
    --version=*) version_arg=${1#--version=}; shift ;;
    *) die "unknown argument '$1'" ;;
  esac
done

VERSION=$(resolve_version "$version_arg")
CACHE="${IE_OPENSEARCH_HOME:-$(default_home)}"
DIST="$CACHE/dist"
BASE="$CACHE/$VERSION"
HOME_DIR="$BASE/home"
RUN="$BASE/run"
LOG="$RUN/script.log"
mkdir -p "$RUN"
JAVA_DIR=$(java_home_for "$VERSION")

case "$command" in
  start) start ;;
  stop) stop_node ;;
  status) status || exit 3 ;;
  *) die "usage: $0 start|stop|status [--version 3|2.19|x.y.z]" ;;
esac
