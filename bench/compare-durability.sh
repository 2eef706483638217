#!/usr/bin/env bash
# Persistence side by side with a real redis-server, configured the same way, in one run: SET throughput with the
# append-only file on (appendfsync everysec and always, and how many writes one fsync covers), BGSAVE of a large
# data set of mixed types while 50 clients write (how long it takes, the memory it needs meanwhile, the GETs of
# another client meanwhile), start-up from the RDB file of that data set, and the rate at which an append-only
# file of commands is replayed.
#
# Usage: bench/compare-durability.sh [--rounds N] [--requests N] [--keys N] [--quick] [--only LIST]
#   --rounds N    rounds of each SET workload and of each start-up against each server (default 3; medians)
#   --requests N  SET requests per workload (default 200000)
#   --keys N      keys of the data set for BGSAVE and start-up (default 1000000)
#   --quick       smoke run: 1 round, 20000 requests, 100000 keys (explicit options still win)
#   --only LIST   comma-separated subset of: everysec,always,bgsave,startup. Default: everything.
# Needs python3 (standard library only); perf (or else strace), if installed, counts Redis's fsyncs in a separate run.
# Extra JVM options for Redactor: REDACTOR_JAVA_OPTS (as for bin/redactor).
# Writes the report to stdout and, as Markdown, to bench/results/<timestamp>.md.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

rounds="" requests="" keys="" quick=0 only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds="${2:?}"; shift 2 ;;
    --requests) requests="${2:?}"; shift 2 ;;
    --keys) keys="${2:?}"; shift 2 ;;
    --quick) quick=1; shift ;;
    --only) only="${2:?}"; shift 2 ;;
    -h|--help) usage 0 ;;
    *) echo "compare-durability.sh: unknown option $1" >&2; usage ;;
  esac
done
if [ "$quick" = 1 ]; then
  : "${rounds:=1}" "${requests:=20000}" "${keys:=100000}"
fi
: "${rounds:=3}" "${requests:=200000}" "${keys:=1000000}"
require_counts "$rounds" "$requests" "$keys"
check_only everysec always bgsave startup
command -v python3 >/dev/null || die "python3 is missing (needed by bench/mixed-keys.py and bench/latency-probe.py)"

bench_init
bench_prerequisites
bench_machine_info
string_keys=$((keys * 40 / 100))   # the key:%012d strings of mixed-keys.py, which the writers overwrite
redactor_heap_max=0
report="$(report_file)"

stop_servers() {
  stop_pid "$redis_pid"
  stop_pid "$redactor_pid"
}

start_both() { # start_both NAME PARAMETERS...: each server in a directory of its own under $tmp/NAME
  mkdir -p "$tmp/$1-redis" "$tmp/$1-redactor"
  start_redis "$tmp/$1-redis" "${@:2}"
  start_redactor "$tmp/$1-redactor.log" "$tmp/$1-redactor" "${@:2}"
  wait_for_pong "$redactor_port" "$redactor_pid" 120 || die "Redactor failed: $pong_failure"
  redactor_heap_max="$(info_field "$redactor_port" memory jvm_heap_max)"
}

# ---------------------------------------------------------------------------------------------------------
# SET with the append-only file on: everysec, then always (each server switched with CONFIG SET before a run).

aof_section=""
if selected everysec || selected always; then
  start_both aof --save "" --appendonly yes --appendfsync everysec
  say "AOF: redis-server on port $redis_port, Redactor on port $redactor_port"
  add_workload everysec "SET, appendfsync everysec" everysec 1 "$requests" 0.9 "-t set -r 100000" \
    "CONFIG SET appendfsync everysec"
  add_workload always "SET, appendfsync always" always 1 "$requests" 1.0 "-t set -r 100000" \
    "CONFIG SET appendfsync always"
  run_workloads

  # How many writes one fsync covers under always, from a separate run of the same workload.
  cli "$redactor_port" CONFIG SET appendfsync always >/dev/null
  f0="$(info_field "$redactor_port" persistence redactor_aof_fsyncs)"
  c0="$(info_field "$redactor_port" stats total_commands_processed)"
  redis-benchmark -h 127.0.0.1 -p "$redactor_port" -c "$clients" -n "$requests" -t set -r 100000 -q >/dev/null
  f1="$(info_field "$redactor_port" persistence redactor_aof_fsyncs)"
  c1="$(info_field "$redactor_port" stats total_commands_processed)"
  redactor_per_fsync="$(ratio $((c1 - c0)) $((f1 - f0)))"
  # Redis's fsyncs counted by the kernel's syscall tracepoints (perf), which do not slow it; strace does, and
  # its slower Redis gathers more writes per fsync, so it is only the fallback.
  redis_per_fsync="not measured (neither perf nor strace is installed)"
  cli "$redis_port" CONFIG SET appendfsync always >/dev/null
  if command -v perf >/dev/null && perf stat -e syscalls:sys_enter_fdatasync -- true >/dev/null 2>&1; then
    rc0="$(info_field "$redis_port" stats total_commands_processed)"
    perf stat -x, -e syscalls:sys_enter_fdatasync,syscalls:sys_enter_fsync -o "$tmp/perf.out" -p "$redis_pid" &
    counter_pid=$!
    sleep 0.5
    redis-benchmark -h 127.0.0.1 -p "$redis_port" -c "$clients" -n "$requests" -t set -r 100000 -q >/dev/null
    rc1="$(info_field "$redis_port" stats total_commands_processed)"
    kill -INT "$counter_pid" 2>/dev/null || true
    wait "$counter_pid" 2>/dev/null || true
    redis_fsyncs="$(awk -F, '/sys_enter_f/ { n += $1 } END { print n + 0 }' "$tmp/perf.out")"
    redis_per_fsync="$(ratio $((rc1 - rc0)) "$redis_fsyncs") ($((rc1 - rc0)) SETs, $redis_fsyncs fsyncs, counted by perf)"
  elif command -v strace >/dev/null; then
    strace -f -c -e trace=fdatasync,fsync -o "$tmp/strace.out" -p "$redis_pid" 2>/dev/null &
    counter_pid=$!
    sleep 1
    rc0="$(info_field "$redis_port" stats total_commands_processed)"
    redis-benchmark -h 127.0.0.1 -p "$redis_port" -c "$clients" -n $((requests / 4)) -t set -r 100000 -q >/dev/null
    rc1="$(info_field "$redis_port" stats total_commands_processed)"
    kill -INT "$counter_pid" 2>/dev/null || true
    wait "$counter_pid" 2>/dev/null || true
    redis_fsyncs="$(awk '$NF == "fdatasync" || $NF == "fsync" { n += $4 } END { print n + 0 }' "$tmp/strace.out")"
    redis_per_fsync="$(ratio $((rc1 - rc0)) "$redis_fsyncs") (under strace, which slows it and so gathers more)"
  fi
  aof_section="$(report_throughput)
- Writes per fsync under \`always\`: Redactor $redactor_per_fsync ($((c1 - c0)) SETs, $((f1 - f0)) fsyncs); Redis $redis_per_fsync.
"
  stop_servers
fi

# ---------------------------------------------------------------------------------------------------------
# BGSAVE of the mixed data set while 50 clients overwrite its strings, and another client GETs.

data_file="$tmp/mixed.resp"
if selected bgsave || selected startup; then
  say "writing $keys keys of mixed types with bench/mixed-keys.py"
  python3 "$bench_root/bench/mixed-keys.py" "$keys" >"$data_file"
fi

rss_kb() { awk '/^VmRSS/ { print $2 }' "/proc/$1/status" 2>/dev/null || echo 0; }
children_dirty_kb() { # the private dirty memory of a process's children (Redis's fork: its copy-on-write)
  local child total=0 kb
  for child in $(pgrep -P "$1" 2>/dev/null); do
    kb="$(awk '/^Private_Dirty/ { print $2 }' "/proc/$child/smaps_rollup" 2>/dev/null || echo 0)"
    total=$((total + ${kb:-0}))
  done
  echo "$total"
}

declare -A bg=()
# measure_bgsave SERVER PORT PID: BGSAVE under load; results in bg[SERVER.*]
measure_bgsave() {
  local server="$1" port="$2" pid="$3" writers probe t0 t1 peak_rss=0 peak_dirty=0 rss dirty rss_before
  redis-benchmark -h 127.0.0.1 -p "$port" -c "$clients" -n 1000000000 -t set -r "$string_keys" -d 100 -q \
    >/dev/null 2>&1 &
  writers=$!
  python3 "$bench_root/bench/latency-probe.py" "$port" "$string_keys" >"$tmp/probe-$server.txt" &
  probe=$!
  sleep 5
  rss_before="$(rss_kb "$pid")"
  t0="$(now_ms)"
  [ "$(cli "$port" BGSAVE)" = "Background saving started" ] || die "BGSAVE did not start on $server"
  while [ "$(info_field "$port" persistence rdb_bgsave_in_progress)" != 0 ]; do
    rss="$(rss_kb "$pid")"; [ "$rss" -gt "$peak_rss" ] && peak_rss="$rss"
    dirty="$(children_dirty_kb "$pid")"; [ "$dirty" -gt "$peak_dirty" ] && peak_dirty="$dirty"
    sleep 0.02
  done
  t1="$(now_ms)"
  sleep 2
  kill -TERM "$probe" 2>/dev/null || true
  wait "$probe" 2>/dev/null || true
  stop_pid "$writers"
  [ "$(info_field "$port" persistence rdb_last_bgsave_status)" = ok ] || die "BGSAVE failed on $server"
  bg[$server.ms]=$((t1 - t0))
  bg[$server.rss_before]=$((rss_before * 1024))
  bg[$server.rss_peak]=$((peak_rss * 1024))
  bg[$server.dirty_peak]=$((peak_dirty * 1024))
  bg[$server.t0]="$t0" bg[$server.t1]="$t1"
  # the probe's GETs sent while the snapshot ran
  local gets p50 p99 max
  awk -v a="$t0" -v b="$t1" '$1 >= a && $1 <= b { print $2 }' "$tmp/probe-$server.txt" | sort -n \
    >"$tmp/window-$server.txt"
  read -r gets p50 p99 max < <(awk '{ v[NR] = $1 } END { if (NR == 0) { print 0, 0, 0, 0; exit }
      printf "%d %.2f %.2f %.2f\n", NR, v[int(NR * 0.5) + 1] / 1000, v[int(NR * 0.99) + 1] / 1000, v[NR] / 1000 }' \
    "$tmp/window-$server.txt")
  bg[$server.gets]="$gets" bg[$server.p50]="$p50" bg[$server.p99]="$p99" bg[$server.max]="$max"
}

# The heap the snapshot added: the largest live heap right after a young GC while it ran, beside the same in
# the seconds before it (the writers make the same garbage in both), from the GC log.
gc_live_mb() { # gc_live_mb FROM-MS TO-MS [last]: the largest (or the last) "after" heap of the pauses in that window
  awk -v a="$1" -v b="$2" -v last="${3:-}" '{ t = $1; gsub(/[^0-9]/, "", t) }
    t >= a && t <= b && /Pause/ && match($0, /[0-9]+M->[0-9]+M/) {
      split(substr($0, RSTART, RLENGTH), s, "->"); sub(/M/, "", s[2])
      if (last != "" || s[2] + 0 > m) m = s[2] + 0 }
    END { print m + 0 }' "$tmp/gc.log"
}

bgsave_section=""
if selected bgsave; then
  export REDACTOR_JAVA_OPTS="${REDACTOR_JAVA_OPTS:-} -Xlog:gc:file=$tmp/gc.log:timemillis"
  start_both rdb --save "" --appendonly no
  for server in redis redactor; do
    port="$(server_port "$server")"
    say "loading $keys keys into $server"
    pipe_load "$port" "$data_file" "the mixed data set" 900
  done
  full_gc
  redactor_dataset="$(info_field "$redactor_port" memory jvm_heap_used)"
  redis_dataset="$(info_field "$redis_port" memory used_memory)"
  say "BGSAVE on redis-server under load"
  measure_bgsave redis "$redis_port" "$redis_pid"
  say "BGSAVE on Redactor under load"
  measure_bgsave redactor "$redactor_port" "$redactor_pid"
  live_before="$(gc_live_mb $((bg[redactor.t0] - 5000)) "${bg[redactor.t0]}")"
  # no collection in those seconds: the last one before the snapshot (the full GCs after the load at the latest)
  [ "$live_before" -gt 0 ] || live_before="$(gc_live_mb 0 "${bg[redactor.t0]}" last)"
  live_during="$(gc_live_mb "${bg[redactor.t0]}" "${bg[redactor.t1]}")"
  extra=$(( (live_during - live_before) * 1048576 ))
  [ "$extra" -lt 0 ] && extra=0
  copied="$(info_field "$redactor_port" persistence redactor_rdb_last_copied_values)"
  bgsave_section="### BGSAVE of $keys keys of mixed types while $clients clients overwrite its strings

| | Redis | Redactor | Ratio | Target |
|---|---:|---:|---:|---|
| BGSAVE duration (BGSAVE to rdb_bgsave_in_progress:0) | ${bg[redis.ms]} ms | ${bg[redactor.ms]} ms | $(ratio "${bg[redactor.ms]}" "${bg[redis.ms]}") | ≤ 1: $(met "$(ratio "${bg[redactor.ms]}" "${bg[redis.ms]}")" "<=" 1) |
| data set (used_memory; Redactor: heap after full GC) | $(mib "$redis_dataset") | $(mib "$redactor_dataset") | | |
| extra memory during the snapshot | fork's copy-on-write (children's Private_Dirty) peak $(mib "${bg[redis.dirty_peak]}") | live heap after young GCs: $(mib "$extra") more than in the 5 s before ($live_before -> $live_during MiB); $copied values copied | | Redactor ≤ 10% of its data set: $(met "$(ratio "$extra" "$redactor_dataset")" "<=" 0.10) |
| RSS before / peak during | $(mib "${bg[redis.rss_before]}") / $(mib "${bg[redis.rss_peak]}") (parent only) | $(mib "${bg[redactor.rss_before]}") / $(mib "${bg[redactor.rss_peak]}") | | |
| GETs of another client during the snapshot: count, p50 / p99 / max ms | ${bg[redis.gets]}, ${bg[redis.p50]} / ${bg[redis.p99]} / ${bg[redis.max]} | ${bg[redactor.gets]}, ${bg[redactor.p50]} / ${bg[redactor.p99]} / ${bg[redactor.max]} | | Redactor p99 ≤ 2 ms: $(met "${bg[redactor.p99]}" "<=" 2) |
"
  cli "$redis_port" SAVE >/dev/null
  cp "$tmp/rdb-redis/dump.rdb" "$tmp/startup.rdb"
  stop_servers
fi

# ---------------------------------------------------------------------------------------------------------
# Start-up: launch to first PONG (a server answers -LOADING until its data is in), from the same RDB file, and
# the load time each logs; then the replay of an append-only file of commands.

startup_section=""
if selected startup; then
  if [ ! -f "$tmp/startup.rdb" ]; then
    start_redis "$tmp" --save "" --appendonly no
    pipe_load "$redis_port" "$data_file" "the mixed data set" 900
    cli "$redis_port" SAVE >/dev/null
    cp "$tmp/dump.rdb" "$tmp/startup.rdb"
    stop_pid "$redis_pid"
  fi
  redis_start=() redactor_start=() redis_load=() redactor_load=()
  for round in $(seq 1 "$rounds"); do
    rm -rf "$tmp/start-redis" "$tmp/start-redactor"
    mkdir -p "$tmp/start-redis" "$tmp/start-redactor"
    cp "$tmp/startup.rdb" "$tmp/start-redis/dump.rdb"
    cp "$tmp/startup.rdb" "$tmp/start-redactor/dump.rdb"
    t0="$(now_ms)"
    start_redis "$tmp/start-redis" --save "" --appendonly no
    t1="$(now_ms)"
    redis_start+=($((t1 - t0)))
    redis_load+=("$(sed -nE 's/.*DB loaded from disk: ([0-9.]+) seconds.*/\1/p' "$tmp/start-redis/redis.log" | tail -n 1)")
    [ "$(cli "$redis_port" DBSIZE)" = "$keys" ] || die "redis-server loaded $(cli "$redis_port" DBSIZE) keys"
    stop_pid "$redis_pid"
    t0="$(now_ms)"
    start_redactor "$tmp/start-redactor.log" "$tmp/start-redactor" --save "" --appendonly no
    wait_for_pong "$redactor_port" "$redactor_pid" 300 || die "Redactor failed: $pong_failure"
    t1="$(now_ms)"
    redactor_start+=($((t1 - t0)))
    redactor_load+=("$(sed -nE 's/.*DB loaded from disk: ([0-9.]+) seconds.*/\1/p' "$tmp/start-redactor.log" | tail -n 1)")
    [ "$(cli "$redactor_port" DBSIZE)" = "$keys" ] || die "Redactor loaded $(cli "$redactor_port" DBSIZE) keys"
    stop_pid "$redactor_pid"
    say "start-up round $round: redis ${redis_start[-1]} ms (load ${redis_load[-1]} s), Redactor ${redactor_start[-1]} ms (load ${redactor_load[-1]} s)"
  done
  rs="$(median "${redis_start[@]}")" ds="$(median "${redactor_start[@]}")"
  rl="$(median "${redis_load[@]}")" dl="$(median "${redactor_load[@]}")"
  rl_ms="$(awk -v s="$rl" 'BEGIN { printf "%.0f", s * 1000 }')"
  dl_ms="$(awk -v s="$dl" 'BEGIN { printf "%.0f", s * 1000 }')"

  # Replay: the data set's commands as an append-only file (no RDB base), loaded at start.
  rm -rf "$tmp/replay-redis" "$tmp/replay-redactor"
  start_both replay --save "" --appendonly yes --aof-use-rdb-preamble no --appendfsync no
  pipe_load "$redis_port" "$data_file" "the mixed data set" 900
  pipe_load "$redactor_port" "$data_file" "the mixed data set" 900
  stop_servers
  start_redis "$tmp/replay-redis" --save "" --appendonly yes
  redis_replay_s="$(sed -nE 's/.*DB loaded from append only file: ([0-9.]+) seconds.*/\1/p' "$tmp/replay-redis/redis.log" | tail -n 1)"
  stop_pid "$redis_pid"
  start_redactor "$tmp/replay-redactor-2.log" "$tmp/replay-redactor" --save "" --appendonly yes
  wait_for_pong "$redactor_port" "$redactor_pid" 600 || die "Redactor failed to replay: $pong_failure"
  redactor_replay_s="$(sed -nE 's/.*DB loaded from append only file: ([0-9.]+) seconds.*/\1/p' "$tmp/replay-redactor-2.log" | tail -n 1)"
  redactor_replayed="$(sed -nE 's/.*\(([0-9]+) commands replayed.*/\1/p' "$tmp/replay-redactor-2.log" | tail -n 1)"
  stop_pid "$redactor_pid"
  startup_section="### Start-up from an RDB file of $keys keys of mixed types (medians of $rounds)

| | Redis | Redactor | Ratio | Target |
|---|---:|---:|---:|---|
| load time (as each logs it) | $rl_ms ms | $dl_ms ms | $(ratio "$dl_ms" "$rl_ms") | ≤ 1.5: $(met "$(ratio "$dl_ms" "$rl_ms")" "<=" 1.5) |
| launch to first PONG (the JVM's start included) | $rs ms | $ds ms | $(ratio "$ds" "$rs") | |

- AOF replay ($keys commands, no RDB base): Redis ${redis_replay_s} s, Redactor ${redactor_replay_s} s ($redactor_replayed commands: $(awk -v n="${redactor_replayed:-0}" -v s="${redactor_replay_s:-0}" 'BEGIN { if (s > 0) printf "%.0f", n / s; else print "n/a" }') commands/s).
"
fi

{
  report_header "compare-durability: persistence side by side with Redis"
  echo
  [ -z "$aof_section" ] || printf '%s\n' "$aof_section"
  [ -z "$bgsave_section" ] || printf '%s\n' "$bgsave_section"
  [ -z "$startup_section" ] || printf '%s\n' "$startup_section"
  report_failures
} | tee "$report"
say "report written to $report"
