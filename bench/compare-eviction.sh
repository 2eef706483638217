#!/usr/bin/env bash
# Benchmarks SET while the data set is at maxmemory and allkeys-lru evicts continuously (issue 21's target:
# >= 0.8x Redis), side by side with a real redis-server, and reports ratios.
#
# Both servers run at once on free loopback ports with `maxmemory --maxmemory` and `maxmemory-policy allkeys-lru`
# set by CONFIG SET. Before the timed runs, each is filled past its limit with the workload itself (redis-benchmark
# SET -r 100000000 -d 100, untimed, until it has evicted keys), so every timed SET of a new key evicts one. Then N
# rounds interleaved (the one going first alternating), 50 clients, no pipelining; the report gives medians and
# Redactor/Redis ratios. After each run the script checks that the server evicted during it and that used_memory
# stayed within 5% of maxmemory (each server's own used_memory: Redis's allocator's count, Redactor's estimate of
# its data set, see the README's Memory section).
#
# Usage: bench/compare-eviction.sh [--rounds N] [--requests N] [--maxmemory SIZE] [--quick]
#   --rounds N        rounds against each server (default 3; the median is reported)
#   --requests N      SETs per run (default 200000)
#   --maxmemory SIZE  maxmemory of both servers, as CONFIG SET takes it (default 100mb)
#   --quick           smoke run: 1 round, 50000 requests, maxmemory 20mb (explicit options still win)
# Extra JVM options for Redactor: REDACTOR_JAVA_OPTS (as for bin/redactor).
# Writes the report to stdout and, as Markdown, to bench/results/<timestamp>.md.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

rounds="" requests="" maxmemory="" quick=0 only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds="${2:?}"; shift 2 ;;
    --requests) requests="${2:?}"; shift 2 ;;
    --maxmemory) maxmemory="${2:?}"; shift 2 ;;
    --quick) quick=1; shift ;;
    -h|--help) usage 0 ;;
    *) echo "compare-eviction.sh: unknown option $1" >&2; usage ;;
  esac
done
if [ "$quick" = 1 ]; then
  : "${rounds:=1}" "${requests:=50000}" "${maxmemory:=20mb}"
fi
: "${rounds:=3}" "${requests:=200000}" "${maxmemory:=100mb}"
require_counts "$rounds" "$requests"

set_args="-r 100000000 -d 100 -t set"
fill_requests=200000

bench_init
bench_prerequisites
bench_machine_info
start_servers

declare -A limit=() evicted_in_runs=() used_at_end=()
for server in redis redactor; do
  port="$(server_port "$server")"
  [ "$(cli "$port" CONFIG SET maxmemory "$maxmemory" maxmemory-policy allkeys-lru)" = OK ] \
    || die "$(server_name "$server") refused CONFIG SET maxmemory $maxmemory maxmemory-policy allkeys-lru"
  limit[$server]="$(cli "$port" CONFIG GET maxmemory | tail -n 1)"
done

evicted_keys() { info_field "$1" stats evicted_keys; }

# Fill each server past its limit with the workload's own writes.
for server in redis redactor; do
  port="$(server_port "$server")"
  for attempt in $(seq 1 30); do
    [ "$(evicted_keys "$port")" -gt 0 ] && break
    redis-benchmark -p "$port" -c "$clients" -n "$fill_requests" $set_args -q >/dev/null
  done
  [ "$(evicted_keys "$port")" -gt 0 ] || die "$(server_name "$server") evicted nothing after $((30 * fill_requests)) SETs"
  say "$(server_name "$server") is full: $(info_field "$port" memory used_memory) of ${limit[$server]} bytes, $(cli "$port" DBSIZE) keys"
done

declare -A evicted_before=()
after_set_evict() { # the run evicted, and used_memory stayed within 5% of maxmemory
  local i="$1" server="$2" port="$3" round="$4" evicted used
  evicted="$(evicted_keys "$port")"
  used="$(info_field "$port" memory used_memory)"
  if [ -n "${evicted_before[$server]:-}" ] && [ "$evicted" -le "${evicted_before[$server]}" ]; then
    check_failed "$i" "$server" "round $round: nothing was evicted during the run"
  fi
  [ "$round" = 0 ] || evicted_in_runs[$server]=$(( ${evicted_in_runs[$server]:-0} + evicted - ${evicted_before[$server]:-$evicted} ))
  evicted_before[$server]="$evicted"
  used_at_end[$server]="$used"
  awk -v u="$used" -v m="${limit[$server]}" 'BEGIN { exit !(u <= m * 1.05) }' \
    || check_failed "$i" "$server" "round $round: used_memory $used is more than 5% over maxmemory ${limit[$server]}"
}
for server in redis redactor; do
  evicted_before[$server]="$(evicted_keys "$(server_port "$server")")"
done

add_workload set-evict "SET -d 100 into 10^8 keys, allkeys-lru evicting at maxmemory $maxmemory" set 1 "$requests" 0.8 \
  "$set_args" "" after_set_evict

say "warm-up: one untimed run against Redactor"
run_workload 0 redactor 0
for round in $(seq 1 "$rounds"); do
  say "round $round of $rounds"
  if [ $((round % 2)) = 1 ]; then servers="redis redactor"; else servers="redactor redis"; fi
  for server in $servers; do
    run_workload 0 "$server" "$round"
  done
  redactor_alive || die "Redactor stopped answering after round $round"
done

report="$(report_file)"
{
  report_header "SET while allkeys-lru evicts: Redactor vs Redis"
  echo "- redis-benchmark: $clients clients, $rounds round(s) interleaved, the servers' order swapped every round (median reported), after filling each server past maxmemory and one untimed run against Redactor; $requests requests per run, no pipelining"
  echo "- Both servers: \`CONFIG SET maxmemory $maxmemory maxmemory-policy allkeys-lru\`, maxmemory-samples 5 (the default)"
  echo "- Command: \`bench/compare-eviction.sh$([ "$quick" = 1 ] && echo " --quick") --rounds $rounds --requests $requests --maxmemory $maxmemory\`"
  echo
  report_throughput
  echo "| | Redis | Redactor |"
  echo "|---|---:|---:|"
  echo "| keys evicted during the timed runs | ${evicted_in_runs[redis]:-0} | ${evicted_in_runs[redactor]:-0} |"
  echo "| used_memory after the last run / maxmemory | $(ratio "${used_at_end[redis]:-0}" "${limit[redis]}") | $(ratio "${used_at_end[redactor]:-0}" "${limit[redactor]}") |"
  echo
  report_failures
} >"$report"

cat "$report"
say "report written to ${report#"$bench_root/"}"
