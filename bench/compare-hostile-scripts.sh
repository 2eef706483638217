#!/usr/bin/env bash
# Measures what one hostile Lua script does to everyone else, Redactor beside a real redis-server in the same run.
#
# For each attack (ten backtracking patterns in a loop, one backtracking pattern without a loop, a 100 MB
# string.rep, a gsub building 100 MB, a table.concat of 110 MB), one client sends it with EVAL, and meanwhile
# redis-benchmark sends GETs of random keys from 10 other clients (-t get -c 10 -r 100000, --requests of them).
# Each attack takes Redis about 3 s or less, under busy-reply-threshold (5 s), so that Redis's GETs wait rather
# than get BUSY (which redis-benchmark waits on forever); Redis cannot kill a script inside string.find anyway.
# An attack still running 3 s after the GETs end is stopped with SCRIPT KILL (retried every 200 ms: Redactor
# allows it once busy-reply-threshold has passed). Reported: the GETs' p99 and max on each
# server (redis-benchmark --csv), and the targets (Redactor: p99 <= 10 ms, max <= 50 ms).
# Then the coroutine target: --scripts EVALs one after another, each starting 2,000 coroutines that stay suspended
# until the script ends, while the server's OS threads (/proc/PID/task) are counted every 100 ms: the most seen
# against the count at idle (target: at most idle + 16).
#
# Usage: bench/compare-hostile-scripts.sh [--requests N] [--scripts N] [--quick]
#   --requests N  GETs per attack (default 200000: they must last longer than the attack takes to start)
#   --scripts N   coroutine scripts (default 1000)
#   --quick       smoke run: 50000 GETs, 50 scripts
# Extra JVM options for Redactor: REDACTOR_JAVA_OPTS (as for bin/redactor).
# Writes the report to stdout and, as Markdown, to bench/results/<timestamp>.md.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

requests="" scripts="" quick=0
while [ $# -gt 0 ]; do
  case "$1" in
    --requests) requests="${2:?}"; shift 2 ;;
    --scripts) scripts="${2:?}"; shift 2 ;;
    --quick) quick=1; shift ;;
    -h|--help) usage 0 ;;
    *) echo "compare-hostile-scripts.sh: unknown option $1" >&2; usage ;;
  esac
done
if [ "$quick" = 1 ]; then
  : "${requests:=50000}" "${scripts:=50}"
fi
: "${requests:=200000}" "${scripts:=1000}"
require_counts "$requests" "$scripts"

keyspace=100000
attack_names=("backtracking pattern" "loop-free backtracking pattern" "string.rep of 100 MB" "gsub building 100 MB"
  "table.concat of 110 MB")
attack_bodies=(
  "for i = 1, 10 do string.find(string.rep('a', 12), string.rep('a*', 12) .. 'b') end return 1"
  "return string.find(string.rep('a', 14), string.rep('a*', 14) .. 'b')"
  "return #string.rep('x', 1e8)"
  "return #string.gsub(string.rep('x', 1e7), 'x', 'yyyyyyyyyy')"
  "local t = {} for i = 1, 100000 do t[i] = 'xxxxxxxxxx' end return #table.concat(t, string.rep('-', 1000))")
coroutine_script="for i = 1, 2000 do local co = coroutine.create(function() coroutine.yield() end) coroutine.resume(co) end return 1"

bench_init
bench_prerequisites
bench_machine_info
start_servers
load_keyspace "$keyspace"

# attack SERVER INDEX: sets get_p99, get_max, attack_reply. The GETs must outlast the attack's start (0.3 s).
attack() {
  local port
  port="$(server_port "$1")"
  # the GETs start first: redis-benchmark reads the server's configuration before it starts, and a busy Redis
  # never answers that
  redis-benchmark -p "$port" -t get -c 10 -r "$keyspace" -n "$requests" --csv >"$tmp/get.csv" 2>/dev/null &
  local getter=$!
  sleep 0.3
  redis-cli -p "$port" EVAL "${attack_bodies[$2]}" 0 >"$tmp/attack.out" 2>&1 &
  local attacker=$!
  wait "$getter" || true
  local deadline=$(( $(now_ms) + 3000 ))
  while kill -0 "$attacker" 2>/dev/null; do
    if [ "$(now_ms)" -ge "$deadline" ]; then
      redis-cli -p "$port" SCRIPT KILL >/dev/null 2>&1 || true
    fi
    sleep 0.2
  done
  wait "$attacker" || true
  attack_reply="$(head -c 60 "$tmp/attack.out" | tr '\n' ' ')"
  # "test","rps","avg_latency_ms","min_latency_ms","p50_latency_ms","p95_latency_ms","p99_latency_ms","max_latency_ms"
  get_p99="$(awk -F'"' '$2 == "GET" { print $14 }' "$tmp/get.csv")"
  get_max="$(awk -F'"' '$2 == "GET" { print $16 }' "$tmp/get.csv")"
  [ -n "$get_p99" ] || die "redis-benchmark gave no GET figures on $(server_name "$1"): $(cat "$tmp/get.csv")"
}

declare -A p99 max reply
for i in "${!attack_names[@]}"; do
  for server in redis redactor; do
    say "${attack_names[$i]} on $(server_name "$server")"
    attack "$server" "$i"
    p99[$i|$server]="$get_p99" max[$i|$server]="$get_max" reply[$i|$server]="$attack_reply"
    redactor_alive || die "Redactor stopped answering after ${attack_names[$i]}"
  done
done

threads_of() { ls "/proc/$1/task" 2>/dev/null | wc -l; }
say "coroutines: $scripts scripts of 2,000 coroutines each on Redactor"
idle_threads="$(threads_of "$redactor_pid")"
most_threads="$idle_threads"
start_ms="$(now_ms)"
redis-benchmark -p "$redactor_port" -c 1 -n "$scripts" EVAL "$coroutine_script" 0 >"$tmp/coroutines.out" 2>&1 &
storm=$!
while kill -0 "$storm" 2>/dev/null; do
  n="$(threads_of "$redactor_pid")"
  [ "$n" -gt "$most_threads" ] && most_threads="$n"
  sleep 0.1
done
wait "$storm" || die "the coroutine scripts failed: $(tail -3 "$tmp/coroutines.out")"
storm_seconds="$(awk -v ms=$(( $(now_ms) - start_ms )) 'BEGIN { printf "%.1f", ms / 1000 }')"
redactor_alive || die "Redactor stopped answering after the coroutine scripts"

report="$(report_file)"
{
  report_header "Hostile scripts: other clients' GETs, Redactor vs Redis"
  echo "- One client EVALs the attack; 10 others GET random keys of $keyspace meanwhile (redis-benchmark -t get -c 10, $requests requests); SCRIPT KILL (retried) 3 s after the GETs end if the attack still runs"
  echo "- Command: \`bench/compare-hostile-scripts.sh$([ "$quick" = 1 ] && echo " --quick") --requests $requests --scripts $scripts\`"
  echo
  echo "| Attack | Redis GET p99 / max ms | Redactor GET p99 / max ms | Target (Redactor) | Redis's reply to the attacker | Redactor's |"
  echo "|---|---:|---:|---|---|---|"
  for i in "${!attack_names[@]}"; do
    verdict="$(awk -v p="${p99[$i|redactor]}" -v m="${max[$i|redactor]}" 'BEGIN { print (p <= 10 && m <= 50 ? "met" : "NOT met") }')"
    echo "| ${attack_names[$i]} | ${p99[$i|redis]} / ${max[$i|redis]} | ${p99[$i|redactor]} / ${max[$i|redactor]} | p99 ≤ 10, max ≤ 50: $verdict | ${reply[$i|redis]} | ${reply[$i|redactor]} |"
  done
  echo
  echo "Coroutines: $scripts EVALs of 2,000 coroutines each in $storm_seconds s; Redactor's OS threads at idle $idle_threads, at most $most_threads (target ≤ idle + 16: $( [ "$most_threads" -le $((idle_threads + 16)) ] && echo met || echo "NOT met"))."
  echo
} >"$report"

cat "$report"
say "report written to ${report#"$bench_root/"}"
