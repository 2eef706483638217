#!/usr/bin/env bash
# A freshly started server's first requests (issue 22's warm-up target: >= 0.8x Redis), side by side with a real
# redis-server: per round, a new redis-server and a new Redactor (bin/redactor with its start-up cache, recorded
# beforehand) each get, as soon as they answer PING and with no warm-up, 50 clients' first 100,000 SETs and then
# 100,000 GETs (-r 100000), and, on a server started afresh again, its first 50,000 EVAL "return 0" 0. Rounds
# alternate which server goes first; the report gives medians of requests/s and p99, and Redactor/Redis ratios.
#
# Usage: bench/compare-cold.sh [--rounds N] [--requests N] [--scripts N]
#   --rounds N    fresh starts of each server per workload (default 3; the median is reported)
#   --requests N  SETs, then GETs, per fresh start (default 100000)
#   --scripts N   EVALs per fresh start (default 50000)
# Extra JVM options for Redactor: REDACTOR_JAVA_OPTS (as for bin/redactor).
# Writes the report to stdout and, as Markdown, to bench/results/<timestamp>.md.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

rounds=3 requests=100000 scripts=50000 only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds="${2:?}"; shift 2 ;;
    --requests) requests="${2:?}"; shift 2 ;;
    --scripts) scripts="${2:?}"; shift 2 ;;
    -h|--help) usage 0 ;;
    *) echo "compare-cold.sh: unknown option $1" >&2; usage ;;
  esac
done
require_counts "$rounds" "$requests" "$scripts"

bench_init
bench_prerequisites
bench_machine_info
record_startup_cache

workloads=(set get eval)
declare -A label=([set]="first $requests SETs (-r 100000)" [get]="first $requests GETs after them"
  [eval]="first $scripts EVAL \"return 0\" 0")
declare -A rps=() p99=()

# cold_start SERVER: starts a fresh server; sets port and pid
cold_start() {
  if [ "$1" = redis ]; then
    start_redis
    port="$redis_port" pid="$redis_pid"
  else
    start_redactor "$tmp/redactor.log"
    wait_for_pong "$redactor_port" "$redactor_pid" 120 || die "Redactor failed: $pong_failure"
    port="$redactor_port" pid="$redactor_pid"
    redactor_heap_max="$(info_field "$port" memory jvm_heap_max)"
  fi
}

# measure SERVER WORKLOAD ARGS...: one redis-benchmark run; appends its requests/s and p99 to the workload's lists
measure() {
  local server="$1" workload="$2" line
  line="$(redis-benchmark -p "$port" -c "$clients" --csv "${@:3}" | tail -n 1)"
  [ -n "$line" ] || die "$(server_name "$server") gave redis-benchmark nothing for $workload"
  IFS=, read -r _ r _ _ _ _ q _ <<<"${line//\"/}"
  rps[$server.$workload]+=" $r"
  p99[$server.$workload]+=" $q"
}

for round in $(seq 1 "$rounds"); do
  if [ $((round % 2)) = 1 ]; then servers="redis redactor"; else servers="redactor redis"; fi
  for server in $servers; do
    say "round $round of $rounds: $(server_name "$server"), fresh, SET then GET"
    cold_start "$server"
    measure "$server" set -n "$requests" -r 100000 -t set
    measure "$server" get -n "$requests" -r 100000 -t get
    stop_pid "$pid"
    say "round $round of $rounds: $(server_name "$server"), fresh, EVAL"
    cold_start "$server"
    measure "$server" eval -n "$scripts" eval "return 0" 0
    stop_pid "$pid"
  done
done

report="$(report_file)"
{
  report_header "A fresh server's first requests: Redactor vs Redis"
  echo "- redis-benchmark: $clients clients, no pipelining, no warm-up: each server started afresh for each workload group, $rounds round(s) (medians), the servers' order swapped every round"
  echo "- Command: \`bench/compare-cold.sh --rounds $rounds --requests $requests --scripts $scripts\`"
  echo
  echo "| Workload | Redis req/s | Redactor req/s | Ratio | Target | Redis p99 ms | Redactor p99 ms | Redactor runs (req/s) |"
  echo "|---|---:|---:|---:|---|---:|---:|---|"
  for w in "${workloads[@]}"; do
    # shellcheck disable=SC2086
    a="$(median ${rps[redis.$w]})" b="$(median ${rps[redactor.$w]})"
    # shellcheck disable=SC2086
    echo "| ${label[$w]} | $(fmt_rps "$a") | $(fmt_rps "$b") | $(ratio "$b" "$a") | ≥ 0.8: $(met "$(ratio "$b" "$a")" ">=" 0.8) | $(median ${p99[redis.$w]}) | $(median ${p99[redactor.$w]}) |${rps[redactor.$w]} |"
  done
} >"$report"

cat "$report"
say "report written to ${report#"$bench_root/"}"
