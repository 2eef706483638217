#!/usr/bin/env bash
# Times FUNCTION LOAD of one large library on Redactor and on a real redis-server side by side, while another
# client's GETs are timed, and reports medians and Redactor/Redis ratios.
#
# The library (issue 26): `#!lua name=big`, then N lines `redis.register_function('f'..i, function(keys, args)
# return i end)` (7.5 MB for the default 100,000 functions). Both servers run at once on free loopback ports; each
# round loads it into each server in turn (the one going first alternating), after FUNCTION FLUSH, with
# redis-cli -x (the time includes sending the 7.5 MB, the same on both). Meanwhile bench/latency-probe.py GETs
# random keys of a small keyspace, one at a time; the GETs in flight at some time during the load are kept. After each load,
# FCALL f1 and fN must answer 1 and N. Nothing runs before the first round: it is the load a freshly started
# server makes (Redactor's JIT cold), reported on its own as well as in the medians.
# A load refused (Redis's "FUNCTION LOAD timeout" on a busy machine) is reported and left out of the medians.
# Targets: Redactor's median load time <= 1.0x Redis's; its GET max during loads <= 50 ms (the worst round).
#
# Usage: bench/compare-function-load.sh [--rounds N] [--functions N] [--quick]
#   --rounds N     loads into each server (default 5; the median is reported)
#   --functions N  functions in the library (default 100000)
#   --quick        smoke run: 2 rounds of 10,000 functions (explicit options win)
# Extra JVM options for Redactor: REDACTOR_JAVA_OPTS (as for bin/redactor).
# Needs python3 (standard library only) for the GET probe.
# Writes the report to stdout and, as Markdown, to bench/results/<timestamp>.md.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

rounds="" functions="" quick=0 only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds="${2:?}"; shift 2 ;;
    --functions) functions="${2:?}"; shift 2 ;;
    --quick) quick=1; shift ;;
    -h|--help) usage 0 ;;
    *) echo "$bench_name: unknown option $1" >&2; usage ;;
  esac
done
if [ "$quick" = 1 ]; then
  : "${rounds:=2}" "${functions:=10000}"
fi
: "${rounds:=5}" "${functions:=100000}"
require_counts "$rounds" "$functions"
command_line="bench/compare-function-load.sh$(if [ "$quick" = 1 ]; then echo " --quick"; fi) --rounds $rounds --functions $functions"
probe_keys=1000

bench_init
bench_prerequisites
command -v python3 >/dev/null || die "python3 is missing (the GET probe needs it)"
bench_machine_info
start_redis
say "redis-server $redis_version on port $redis_port"
# no REST API: on a shared machine its default port may be taken
start_redactor "$tmp/redactor.log" "$tmp" --save "" --appendonly no --http-port 0
wait_for_pong "$redactor_port" "$redactor_pid" 60 || die "Redactor failed: $pong_failure"
say "Redactor (pid $redactor_pid) on port $redactor_port"
redactor_heap_max="$(info_field "$redactor_port" memory jvm_heap_max)"
load_keyspace "$probe_keys"

library="$tmp/library.lua"
awk -v n="$functions" 'BEGIN { print "#!lua name=big";
  for (i = 1; i <= n; i++) printf "redis.register_function(\x27f\x27..%d, function(keys, args) return %d end)\n", i, i }' \
  >"$library"
library_bytes="$(stat -c %s "$library")"
say "library: $functions functions, $(mib "$library_bytes")"

declare -A load_ms=() get_max=() get_p99=() first_ms=() refused=()

# load_once SERVER ROUND: one timed FUNCTION LOAD with the GET probe running
load_once() {
  local server="$1" round="$2" port probe t0 t1 reply stats
  port="$(server_port "$server")"
  [ "$(cli "$port" FUNCTION FLUSH)" = OK ] || die "FUNCTION FLUSH failed on $(server_name "$server")"
  python3 "$bench_root/bench/latency-probe.py" "$port" "$probe_keys" >"$tmp/probe.out" &
  probe=$!
  sleep 0.3
  t0="$(now_ms)"
  reply="$(timeout --foreground 120 redis-cli -h 127.0.0.1 -p "$port" -x FUNCTION LOAD <"$library" 2>&1 || true)"
  t1="$(now_ms)"
  sleep 0.1
  kill -TERM "$probe" 2>/dev/null || true
  wait "$probe" 2>/dev/null || true
  if [ "$reply" != big ]; then
    # Redis's 500 ms limit on running the library's code is wall time: a busy machine can make it refuse
    refused[$server]+="round $round: ${reply:0:120}; "
    say "round $round $(server_name "$server"): refused after $((t1 - t0)) ms: ${reply:0:120}"
    return 0
  fi
  [ "$(cli "$port" FCALL f1 0)" = 1 ] && [ "$(cli "$port" FCALL "f$functions" 0)" = "$functions" ] \
    || die "FCALL after the load on $(server_name "$server") (round $round) answered wrong"
  # GETs in flight at some time during the load: the worst and the 99th percentile, in ms
  stats="$(awk -v a="$t0" -v b="$t1" '$1 <= b && $1 + $2 / 1000 >= a { print $2 }' "$tmp/probe.out" | sort -n \
    | awk '{ v[NR] = $1 } END { if (NR == 0) { print "n/a n/a 0"; exit }
        i = int(NR * 0.99); if (i < 1) i = 1; printf "%.1f %.1f %d\n", v[NR] / 1000, v[i] / 1000, NR }')"
  local max p99 count
  read -r max p99 count <<<"$stats"
  load_ms[$server]+="$((t1 - t0)) " get_max[$server]+="$max " get_p99[$server]+="$p99 "
  [ "$round" = 1 ] && first_ms[$server]="$((t1 - t0))"
  say "round $round $(server_name "$server"): $((t1 - t0)) ms, $count GETs meanwhile, max $max ms, p99 $p99 ms"
}

for round in $(seq 1 "$rounds"); do
  if [ $((round % 2)) = 1 ]; then order="redis redactor"; else order="redactor redis"; fi
  for server in $order; do
    load_once "$server" "$round"
  done
  redactor_alive || die "Redactor stopped answering after round $round"
done

worst() { printf '%s\n' "$@" | sort -g | tail -n 1; }
seconds() { awk -v ms="$1" 'BEGIN { printf "%.2f", ms / 1000 }'; }

for server in redis redactor; do
  [ -n "${load_ms[$server]:-}" ] || die "every load on $(server_name "$server") was refused: ${refused[$server]}"
done
# shellcheck disable=SC2086
{
  r_med="$(median ${load_ms[redis]})" d_med="$(median ${load_ms[redactor]})"
  r_worst="$(worst ${get_max[redis]})" d_worst="$(worst ${get_max[redactor]})"
  r_p99="$(median ${get_p99[redis]})" d_p99="$(median ${get_p99[redactor]})"
}
x="$(ratio "$d_med" "$r_med")"

report="$(report_file)"
{
  report_header "Redactor vs Redis: FUNCTION LOAD of a library of $functions functions"
  echo "- Library: $functions functions, $(mib "$library_bytes"); loaded with \`redis-cli -x FUNCTION LOAD\` after FUNCTION FLUSH, $rounds round(s) per server interleaved (median reported), no warm-up"
  echo "- Command: \`$command_line\`"
  echo
  echo "| | Redis | Redactor | Ratio | Target |"
  echo "|---|---:|---:|---:|---|"
  echo "| FUNCTION LOAD, median (s) | $(seconds "$r_med") | $(seconds "$d_med") | $x | ≤ 1.0: $(met "$x" "<=" 1.0) |"
  if [ -n "${first_ms[redis]:-}" ] && [ -n "${first_ms[redactor]:-}" ]; then
    echo "| FUNCTION LOAD, first round (s) | $(seconds "${first_ms[redis]}") | $(seconds "${first_ms[redactor]}") | $(ratio "${first_ms[redactor]}" "${first_ms[redis]}") | |"
  fi
  echo "| loads refused | $(grep -o 'round' <<<"${refused[redis]:-}" | wc -l) | $(grep -o 'round' <<<"${refused[redactor]:-}" | wc -l) | | |"
  echo "| other client's GET max during loads, worst round (ms) | $r_worst | $d_worst | | ≤ 50: $(met "$d_worst" "<=" 50) |"
  echo "| other client's GET p99 during loads, median (ms) | $r_p99 | $d_p99 | | |"
  echo
  echo "Each round (ms): Redis ${load_ms[redis]% }; Redactor ${load_ms[redactor]% }. GET max per round (ms): Redis ${get_max[redis]% }; Redactor ${get_max[redactor]% }."
  echo
  for server in redis redactor; do
    [ -z "${refused[$server]:-}" ] || echo "Refused by $(server_name "$server"): ${refused[$server]}"
  done
  echo
} >"$report"

cat "$report"
say "report written to ${report#"$bench_root/"}"
