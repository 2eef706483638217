#!/usr/bin/env bash
# Measures how close Redactor's used_memory (the estimate each value keeps of itself) comes to the heap its data set
# really holds, for each data type, and prints the ratio estimate / heap for each.
#
# For each type: FLUSHALL, a live heap histogram (jcmd GC.class_histogram, after a full collection), the data set
# loaded with redis-cli --pipe, a live histogram again; the heap the data set holds is the difference of the two
# histograms' totals, and the estimate is the difference of used_memory. A small load of the same type runs first,
# so that what the server makes once for a command (its latency statistics) is not counted as data. Target: every
# ratio within 0.90-1.10.
#
# Usage: bench/compare-memory.sh [--keys N] [--only TYPE,...] [--heap SIZE]
#   --keys N     keys of each small type (default 1000000); large aggregates get N/1000 keys of 1000 elements,
#                large strings N/10 keys, streams N/10 keys of 10 entries
#   --only LIST  some of: string-10 string-100 string-1000 hash-small hash-large set-intset set-large zset-small
#                zset-large list-small list-large stream
#   --heap SIZE  the JVM's -Xmx (default 6g)
set -euo pipefail

keys=1000000
only=""
heap=6g
while [ $# -gt 0 ]; do
  case "$1" in
    --keys) keys="$2"; shift 2 ;;
    --only) only="$2"; shift 2 ;;
    --heap) heap="$2"; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "compare-memory.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[[ "$keys" =~ ^[1-9][0-9]*$ ]] || { echo "compare-memory.sh: --keys must be a positive number" >&2; exit 2; }
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=../bin/java-env
source "$root/bin/java-env"
redactor_find_java
jcmd="$JAVA_HOME/bin/jcmd"
jar="$root/target/redactor.jar"
[ -f "$jar" ] || { echo "compare-memory.sh: build $jar first (mvn -DskipTests package)" >&2; exit 1; }
tmp="$(mktemp -d)"
pid=""
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
# shellcheck disable=SC2046
"$JAVA" $(redactor_jvm_flags) -XX:+UseG1GC -Xmx"$heap" -jar "$jar" --port "$port" --http-port 0 --dir "$tmp" \
  --save "" --appendonly no >"$tmp/redactor.log" 2>&1 &
pid=$!
for _ in $(seq 1 120); do
  [ "$(redis-cli -p "$port" PING 2>/dev/null)" = PONG ] && break
  sleep 0.5
done
[ "$(redis-cli -p "$port" PING 2>/dev/null)" = PONG ] || { cat "$tmp/redactor.log" >&2; exit 1; }

heap_live() { # the live heap's total bytes, after the full collection the histogram makes
  "$jcmd" "$pid" GC.class_histogram | awk '/^Total/ { print $3 }'
}
used_memory() { redis-cli -p "$port" INFO memory | awk -F: '/^used_memory:/ { print $2 + 0 }'; }

generate() { # generate TYPE FILE [KEYS]: the type's data set as RESP commands
  python3 - "$1" "$2" "${3:-$keys}" <<'PY'
import sys
kind, path, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
out = open(path, 'wb')
def cmd(*args):
    parts = [b'*%d\r\n' % len(args)]
    for a in args:
        a = a if isinstance(a, bytes) else str(a).encode()
        parts.append(b'$%d\r\n%s\r\n' % (len(a), a))
    out.write(b''.join(parts))
big = max(1, n // 1000)
if kind.startswith('string-'):
    size = int(kind.split('-')[1])
    count = n if size < 1000 else max(1, n // 10)
    for i in range(count):
        cmd('SET', 'key:%d' % i, (b'v%d:' % i).ljust(size, b'x'))
elif kind == 'hash-small':
    for i in range(n):
        cmd('HSET', 'h:%d' % i, 'name', 'user%d' % i, 'age', i % 90, 'city', 'city%d' % (i % 1000), 'score', i)
elif kind == 'hash-large':
    for i in range(big):
        for j in range(0, 1000, 100):
            args = []
            for k in range(j, j + 100):
                args += ['field:%d' % k, 'value:%d:%d' % (i, k)]
            cmd('HSET', 'H:%d' % i, *args)
elif kind == 'set-intset':
    for i in range(n):
        cmd('SADD', 's:%d' % i, i, i + 1, i + 2, i + 3)
elif kind == 'set-large':
    for i in range(big):
        for j in range(0, 1000, 100):
            cmd('SADD', 'S:%d' % i, *['member:%d:%d' % (i, k) for k in range(j, j + 100)])
elif kind == 'zset-small':
    for i in range(n):
        cmd('ZADD', 'z:%d' % i, 1, 'a%d' % i, 2, 'b%d' % i, 3, 'c%d' % i, 4, 'd%d' % i)
elif kind == 'zset-large':
    for i in range(big):
        for j in range(0, 1000, 100):
            args = []
            for k in range(j, j + 100):
                args += [k * 1.5, 'member:%d:%d' % (i, k)]
            cmd('ZADD', 'Z:%d' % i, *args)
elif kind == 'list-small':
    for i in range(n):
        cmd('RPUSH', 'l:%d' % i, 'one', 'two', 'item%d' % i, i)
elif kind == 'list-large':
    for i in range(big):
        for j in range(0, 1000, 100):
            cmd('RPUSH', 'L:%d' % i, *['element:%d:%d' % (i, k) for k in range(j, j + 100)])
elif kind == 'stream':
    for i in range(max(1, n // 10)):
        for j in range(10):
            cmd('XADD', 'x:%d' % i, '%d-%d' % (i + 1, j + 1), 'sensor', i, 'reading', j * 7)
else:
    sys.exit('unknown type ' + kind)
PY
}

types=(string-10 string-100 string-1000 hash-small hash-large set-intset set-large zset-small zset-large list-small
  list-large stream)
printf '%-12s %10s %14s %14s %8s\n' type keys heap-bytes used_memory ratio
failed=0
for t in "${types[@]}"; do
  if [ -n "$only" ] && [[ ",$only," != *",$t,"* ]]; then
    continue
  fi
  generate "$t" "$tmp/$t.resp"
  # a small load first: what the server makes once, on a command's first use (its statistics), is not data
  generate "$t" "$tmp/warm.resp" 2000
  redis-cli -p "$port" --pipe <"$tmp/warm.resp" >/dev/null
  redis-cli -p "$port" FLUSHALL >/dev/null
  h0="$(heap_live)"; u0="$(used_memory)"
  redis-cli -p "$port" --pipe <"$tmp/$t.resp" >/dev/null
  h1="$(heap_live)"; u1="$(used_memory)"
  count="$(redis-cli -p "$port" DBSIZE)"
  awk -v t="$t" -v k="$count" -v h=$((h1 - h0)) -v u=$((u1 - u0)) 'BEGIN {
    r = h > 0 ? u / h : 0
    printf "%-12s %10d %14d %14d %8.3f%s\n", t, k, h, u, r, (r < 0.9 || r > 1.1) ? "  outside 0.90-1.10" : ""
    exit (r < 0.9 || r > 1.1) }' || failed=1
  rm -f "$tmp/$t.resp"
done
exit "$failed"
