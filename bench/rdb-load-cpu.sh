#!/usr/bin/env bash
# Start-up from an RDB file measured in CPU time, which a shared machine's load disturbs far less than the wall
# clock: per round, redis-server and Redactor each start on a copy of the same file; for each, the load time it
# logs, the CPU time (utime + stime of the whole process) from "Loading RDB" to "DB loaded", and for Redactor the
# young collections of the load (count, their CPU from -Xlog:gc+cpu), the live heap after the last one, and the CPU
# of each kind of thread (JIT compilers, GC workers, the partitions' event loops; threads that ended before the
# load did, such as the decoders, count only in the total).
#
# Usage: bench/rdb-load-cpu.sh [--rounds N] [--keys N] [--rdb FILE]
#   --rounds N  rounds of each server (default 3)
#   --keys N    keys of the mixed data set written with bench/mixed-keys.py (default 1000000), as
#               bench/compare-durability.sh --only startup loads them
#   --rdb FILE  an existing RDB file instead
# Extra JVM options for Redactor: REDACTOR_JAVA_OPTS (as for bin/redactor), to compare flags.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

rounds=3 keys=1000000 rdb=""
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds="${2:?}"; shift 2 ;;
    --keys) keys="${2:?}"; shift 2 ;;
    --rdb) rdb="${2:?}"; shift 2 ;;
    -h|--help) usage 0 ;;
    *) echo "rdb-load-cpu.sh: unknown option $1" >&2; usage ;;
  esac
done
require_counts "$rounds" "$keys"
bench_init
bench_prerequisites
tick="$(getconf CLK_TCK)"

if [ -z "$rdb" ]; then
  say "writing $keys keys of mixed types with bench/mixed-keys.py into redis-server"
  python3 "$bench_root/bench/mixed-keys.py" "$keys" >"$tmp/mixed.resp"
  start_redis "$tmp" --save "" --appendonly no
  pipe_load "$redis_port" "$tmp/mixed.resp" "the mixed data set" 900
  cli "$redis_port" SAVE >/dev/null
  stop_pid "$redis_pid"
  rdb="$tmp/dump.rdb"
fi
[ -f "$rdb" ] || die "no RDB file at $rdb"

process_cpu_ms() { awk -v t="$tick" '{ printf "%d", ($14 + $15) * 1000 / t }' "/proc/$1/stat"; }
threads_cpu_ms() { # threads_cpu_ms PID: "kind<TAB>ms" per kind of thread (digits in names folded)
  local f
  for f in /proc/"$1"/task/*/stat; do cat "$f" 2>/dev/null || true; done | awk -v t="$tick" '{
    line = $0; name = substr(line, index(line, "(") + 1); name = substr(name, 1, index(name, ") ") - 1)
    gsub(/[0-9#]+/, "N", name); rest = substr(line, index(line, ") ") + 2); split(rest, f, " ")
    ms[name] += (f[12] + f[13]) * 1000 / t } END { for (n in ms) printf "%s\t%d\n", n, ms[n] }' | sort
}
# wait_log FILE PATTERN PID SECONDS: until FILE has PATTERN, or die
wait_log() {
  local deadline=$(( $(date +%s) + $4 ))
  until grep -q "$2" "$1" 2>/dev/null; do
    kill -0 "$3" 2>/dev/null || die "the server exited before logging '$2': $(tail -n 3 "$1")"
    [ "$(date +%s)" -lt "$deadline" ] || die "no '$2' within $4 s"
    sleep 0.005
  done
}

redis_load=() redis_cpu=() redactor_load=() redactor_cpu=() redactor_gcs=() redactor_gc_cpu=() redactor_live=()
declare -A thread_ms=()
for round in $(seq 1 "$rounds"); do
  rm -rf "$tmp/redis" "$tmp/redactor"; mkdir -p "$tmp/redis" "$tmp/redactor"
  cp "$rdb" "$tmp/redis/dump.rdb"; cp "$rdb" "$tmp/redactor/dump.rdb"

  redis_port="$(free_port)"
  redis-server --port "$redis_port" --bind 127.0.0.1 --dir "$tmp/redis" --save "" --appendonly no \
    --logfile "$tmp/redis/redis.log" &
  redis_pid=$!; started_pids+=("$redis_pid")
  wait_log "$tmp/redis/redis.log" "DB loaded from disk" "$redis_pid" 600
  redis_cpu+=("$(process_cpu_ms "$redis_pid")")
  redis_load+=("$(sed -nE 's/.*DB loaded from disk: ([0-9.]+) seconds.*/\1/p' "$tmp/redis/redis.log")")
  stop_pid "$redis_pid"

  redactor_port="$(free_port)"
  REDACTOR_JAVA_OPTS="${REDACTOR_JAVA_OPTS:-} -Xlog:gc,gc+cpu:file=$tmp/redactor/gc.log" \
    "$bench_root/bin/redactor" --port "$redactor_port" --http-port 0 --dir "$tmp/redactor" --save "" \
    --appendonly no >"$tmp/redactor/out.log" 2>&1 &
  redactor_pid=$!; started_pids+=("$redactor_pid")
  wait_log "$tmp/redactor/out.log" "Loading RDB produced" "$redactor_pid" 120
  c0="$(process_cpu_ms "$redactor_pid")"; threads_cpu_ms "$redactor_pid" >"$tmp/threads0"
  wait_log "$tmp/redactor/out.log" "DB loaded from disk" "$redactor_pid" 600
  c1="$(process_cpu_ms "$redactor_pid")"; threads_cpu_ms "$redactor_pid" >"$tmp/threads1"
  redactor_cpu+=($((c1 - c0)))
  redactor_load+=("$(sed -nE 's/.*DB loaded from disk: ([0-9.]+) seconds.*/\1/p' "$tmp/redactor/out.log")")
  sleep 0.2
  stop_pid "$redactor_pid"
  # every young collection of the run: those of the JVM's start before the load are a few small ones
  redactor_gcs+=("$(grep -c 'Pause Young' "$tmp/redactor/gc.log" || true)")
  redactor_gc_cpu+=("$(awk '/gc,cpu/ { for (i = 1; i <= NF; i++) if ($i ~ /^(User|Sys)=/) { v = $i; sub(/^[A-Za-z]+=/, "", v); sub(/s$/, "", v); s += v } } END { printf "%d", s * 1000 }' "$tmp/redactor/gc.log")")
  redactor_live+=("$(grep 'Pause Young' "$tmp/redactor/gc.log" | tail -n 1 | sed -E 's/.*->([0-9]+)M\(.*/\1/')")
  while IFS=$'\t' read -r kind ms; do
    before="$(awk -F'\t' -v k="$kind" '$1 == k { print $2 }' "$tmp/threads0")"
    thread_ms["$kind"]="${thread_ms[$kind]:-} $((ms - ${before:-0}))"
  done <"$tmp/threads1"
  say "round $round: redis load ${redis_load[-1]} s, CPU ${redis_cpu[-1]} ms; Redactor load ${redactor_load[-1]} s, CPU ${redactor_cpu[-1]} ms, ${redactor_gcs[-1]} young GCs (CPU ${redactor_gc_cpu[-1]} ms), live ${redactor_live[-1]} MB after the last; load average $(cut -d' ' -f1 /proc/loadavg)"
done

echo "### RDB load in CPU time: $(basename "$rdb"), $rounds rounds (medians), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| | Redis | Redactor | Ratio |"
echo "|---|---:|---:|---:|"
rl="$(median "${redis_load[@]}")" dl="$(median "${redactor_load[@]}")"
rc="$(median "${redis_cpu[@]}")" dc="$(median "${redactor_cpu[@]}")"
echo "| load time as logged (s) | $rl | $dl | $(awk -v a="$dl" -v b="$rl" 'BEGIN { printf "%.2f", a / b }') |"
echo "| CPU time during the load (ms) | $rc | $dc | $(awk -v a="$dc" -v b="$rc" 'BEGIN { printf "%.2f", a / b }') |"
echo "| young GCs, their CPU (ms), live heap after the last (MB) | | $(median "${redactor_gcs[@]}"), $(median "${redactor_gc_cpu[@]}"), $(median "${redactor_live[@]}") | |"
echo
echo "Redactor's CPU during the load by kind of thread (median ms, over 30 ms): $(for kind in "${!thread_ms[@]}"; do
  m="$(median ${thread_ms[$kind]})"; awk -v m="$m" 'BEGIN { exit !(m > 30) }' && printf '%s %s; ' "$kind" "$m"
done)"
