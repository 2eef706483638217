#!/usr/bin/env bash
# Benchmarks Redactor side by side with a real redis-server on this machine and reports ratios.
#
# Both servers run at once on free loopback ports; every redis-benchmark workload runs against both in turn
# (interleaved, N rounds, the one that goes first alternating), so machine noise hits both alike; the report
# gives the median of the rounds. Also measures Redactor's launch-to-first-PONG (separate cold starts) and
# the memory each needs for the same keys (Redis's used_memory beside Redactor's heap used after a full GC).
#
# Usage: bench/compare.sh [--rounds N] [--requests N] [--keys N] [--starts N] [--quick] [--only LIST]
#   --rounds N    rounds of every workload against each server (default 3; the median is reported)
#   --requests N  requests per workload without pipelining (default 100000); pipelined workloads send
#                 5x (SET/GET/INCR) or 2x (MSET/MGET) as many, so that each runs long enough to measure
#   --keys N      keys loaded for the memory comparison (default 1000000)
#   --starts N    cold starts for the start-up time (default 3; the median is reported)
#   --quick       smoke run: 1 round, 10000 requests, 100000 keys, 1 start (explicit options still win)
#   --only LIST   comma-separated subset of: set,get,incr,mset,mget (workloads of those commands),
#                 startup, memory. Default: everything.
# Extra JVM options for Redactor: REDACTOR_JAVA_OPTS (as for bin/redactor).
# Writes the report to stdout and, as Markdown, to bench/results/<timestamp>.md.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

rounds="" requests="" keys="" starts="" quick=0 only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds="${2:?}"; shift 2 ;;
    --requests) requests="${2:?}"; shift 2 ;;
    --keys) keys="${2:?}"; shift 2 ;;
    --starts) starts="${2:?}"; shift 2 ;;
    --quick) quick=1; shift ;;
    --only) only="${2:?}"; shift 2 ;;
    -h|--help) usage 0 ;;
    *) echo "compare.sh: unknown option $1" >&2; usage ;;
  esac
done
if [ "$quick" = 1 ]; then
  : "${rounds:=1}" "${requests:=10000}" "${keys:=100000}" "${starts:=1}"
fi
: "${rounds:=3}" "${requests:=100000}" "${keys:=1000000}" "${starts:=3}"
require_counts "$rounds" "$requests" "$keys" "$starts"
check_only set get incr mset mget startup memory

keyspace=100000          # -r of the random-key workloads

bench_init
bench_prerequisites
bench_machine_info

# ---------------------------------------------------------------------------------------------------------
# Start-up: launch to first PONG, separate cold starts (nothing else of ours running but Redis, idle or not).

startup_ms=() startup_cpu_ms=()
startup_note=""
if selected startup; then
  [ -f "$bench_root/target/redactor.jsa" ] || startup_note="no class-data-sharing archive yet: the first start runs without it and writes it at exit"
  for i in $(seq 1 "$starts"); do
    t0="$(now_ms)"
    start_redactor "$tmp/redactor-start-$i.log"
    wait_for_pong "$redactor_port" "$redactor_pid" 60 || die "Redactor (cold start $i) failed: $pong_failure"
    t1="$(now_ms)"
    startup_ms+=("$((t1 - t0))")
    # CPU time (user + system, all threads) the JVM used until then: less at the mercy of a busy machine.
    cpu="$(awk -v hz="$(getconf CLK_TCK)" '{ sub(/^.*\) /, ""); printf "%d", ($12 + $13) * 1000 / hz }' "/proc/$redactor_pid/stat" 2>/dev/null || true)"
    startup_cpu_ms+=("${cpu:-0}")
    say "cold start $i: first PONG after $((t1 - t0)) ms (CPU ${cpu:-?} ms)"
    stop_pid "$redactor_pid"
  done
fi

# ---------------------------------------------------------------------------------------------------------
# The two servers under test.

start_servers

# ---------------------------------------------------------------------------------------------------------
# Workloads (see add_workload in lib.sh).

mget_args="-r $keyspace MGET$(printf ' key:__rand_int__%.0s' $(seq 1 10))"
for pipeline in 1 16; do
  if [ "$pipeline" = 1 ]; then single=$requests multi=$requests target=0.8
  else single=$((requests * 5)) multi=$((requests * 2)) target=0.6
  fi
  for cmd in set get incr; do
    add_workload "$cmd-1key-p$pipeline" "${cmd^^}, one key" "$cmd" "$pipeline" "$single" "$target" "-t $cmd"
  done
  for cmd in set get incr; do
    add_workload "$cmd-random-p$pipeline" "${cmd^^}, -r $keyspace" "$cmd" "$pipeline" "$single" "$target" "-r $keyspace -t $cmd"
  done
  add_workload "mset-random-p$pipeline" "MSET 10 keys, -r $keyspace" mset "$pipeline" "$multi" "" "-r $keyspace -t mset"
  add_workload "mget-random-p$pipeline" "MGET 10 keys, -r $keyspace" mget "$pipeline" "$multi" "" "$mget_args"
done

if [ "${#w_ids[@]}" -gt 0 ]; then
  # Every GET and MGET finds its key: the random keys of redis-benchmark (key:<12 digits>) exist beforehand.
  awk -v n="$keyspace" 'BEGIN { for (i = 0; i < n; i++) { k = sprintf("key:%012d", i);
      printf "*3\r\n$3\r\nSET\r\n$%d\r\n%s\r\n$3\r\nxxx\r\n", length(k), k } }' >"$tmp/keyspace.resp"
  for port in "$redis_port" "$redactor_port"; do
    pipe_load "$port" "$tmp/keyspace.resp" "the benchmark keyspace" 120
  done
  run_workloads
fi

# ---------------------------------------------------------------------------------------------------------
# Memory: the same N keys (key:%07d, 16-byte values) in both, full GC on Redactor before reading its heap.

if selected memory; then
  awk -v n="$keys" 'BEGIN { for (i = 0; i < n; i++) { k = sprintf("key:%07d", i); v = sprintf("val:%012d", i);
      printf "*3\r\n$3\r\nSET\r\n$%d\r\n%s\r\n$%d\r\n%s\r\n", length(k), k, length(v), v } }' >"$tmp/memory.resp"
  say "memory: loading $keys keys with 16-byte values into Redis, then into Redactor"
  measure_memory strings redis "$redis_port" "$tmp/memory.resp" "$keys keys" GET key:0000042
  measure_memory strings redactor "$redactor_port" "$tmp/memory.resp" "$keys keys" GET key:0000042
  redactor_alive || die "Redactor stopped answering after loading $keys keys"
fi

# ---------------------------------------------------------------------------------------------------------
# Report.

report="$(report_file)"
{
  report_header "Redactor vs Redis"
  echo "- redis-benchmark: $clients clients, $rounds round(s) interleaved (median reported) after one untimed warm-up round against Redactor; $requests requests per workload without pipelining, 5x (SET/GET/INCR) or 2x (MSET/MGET) with -P 16"
  echo "- Command: \`bench/compare.sh$([ "$quick" = 1 ] && echo " --quick") --rounds $rounds --requests $requests --keys $keys --starts $starts$([ -n "$only" ] && echo " --only $only")\`"
  echo
  if [ "${#w_ids[@]}" -gt 0 ]; then
    report_throughput
    # The latency target: p99 <= 2 ms at 50 clients without pipelining, for SET, GET, INCR.
    worst=""
    for i in "${!w_ids[@]}"; do
      [ "${w_pipe[$i]}" = 1 ] && [ -n "${w_target[$i]}" ] || continue
      dk="${w_ids[$i]}|redactor"
      # shellcheck disable=SC2086
      v="$(median ${p99[$dk]:-})"
      [ -n "$v" ] || continue
      if [ -z "$worst" ] || awk -v a="$v" -v b="$worst" 'BEGIN { exit !(a > b) }'; then worst="$v" worst_label="${w_label[$i]}"; fi
    done
    echo "Latencies are redis-benchmark's: with -P 16 it times each batch of 16 from its write to the first reply of the batch, not each request."
    echo
    [ -n "$worst" ] && echo "p99 latency target (≤ 2 ms, 50 clients, no pipelining): Redactor's worst median p99 is $worst ms ($worst_label): $(met "$worst" "<=" 2)."
    echo
  fi
  if selected startup; then
    s_med="$(median "${startup_ms[@]}")"
    echo "### Start-up"
    echo
    echo "Launch of \`bin/redactor\` (jar built) to first PONG, $starts cold start(s): median **$s_med ms** (runs: ${startup_ms[*]} ms); target ≤ 3000 ms: $(met "$s_med" "<=" 3000). CPU time the JVM used until its first PONG (user + system, all threads): median $(median "${startup_cpu_ms[@]}") ms (runs: ${startup_cpu_ms[*]} ms).${startup_note:+ Note: $startup_note.}"
    echo
  fi
  if selected memory; then
    echo "### Memory, $keys keys (11-byte names, 16-byte values)"
    echo
    echo "| | Redis | Redactor | Ratio |"
    echo "|---|---:|---:|---:|"
    echo "| DBSIZE | ${mem[strings.redis.dbsize]} | ${mem[strings.redactor.dbsize]} | |"
    report_memory_rows strings "$keys" key
    echo
    echo "Memory target (heap used ≤ 2x Redis used_memory): $(met "$(ratio "${mem[strings.redactor.used]}" "${mem[strings.redis.used]}")" "<=" 2). Redactor's committed heap after the load: $(mib "${mem[strings.redactor.heap_committed]}"). Pipe results: Redis \`${mem[strings.redis.pipe]}\`, Redactor \`${mem[strings.redactor.pipe]}\`; GET key:0000042: Redis \`${mem[strings.redis.check]}\`, Redactor \`${mem[strings.redactor.check]}\`."
    echo
  fi
  report_failures
} >"$report"

cat "$report"
say "report written to ${report#"$bench_root/"}"
