#!/usr/bin/env bash
# Benchmarks Redactor's atomic Lua scripting side by side with a real redis-server and reports ratios.
#
# Like compare.sh (whose machinery it shares through bench/lib.sh): both servers run at once on free
# loopback ports, every workload runs against both in turn, N rounds interleaved (the one going first
# alternating), after one untimed warm-up round against Redactor; the report gives medians and
# Redactor/Redis ratios.
#   - EVAL "return 0" 0: redis-benchmark, 50 clients, no pipelining. Target >= 0.8x.
#   - EVALSHA of "return redis.call('incr',KEYS[1])" (SCRIPT LOAD on both servers first) on random keys
#     (-r 100000): redis-benchmark, 50 clients, no pipelining; all keys are flushed before every run and
#     the counters must add up to the requests after it. Target >= 0.8x.
#   - Matrix multiplication (DESIGN.md section 9, by bench/matrix-load.py): --script-clients clients
#     (default 10) each run EVALSHA of the matrix script in a loop for --seconds on its own pair of
#     --size x --size matrices, while --get-clients other clients (default 5) GET small keys, each waiting
#     --get-interval-ms between a reply and its next GET. Each script client's keys share a hash tag of
#     their own ({m3}:A {m3}:B {m3}:R), chosen so that every script client and every GET key falls in a
#     different partition of Redactor's default 64: the realistic case, in which Redactor can run the
#     scripts side by side and serve the GETs from partitions no script holds, while Redis runs everything
#     on its one thread. Reports scripts/s (every script sent during the run, over the time until the last
#     one answered; also the count completed within the run) and the GETs' latency (avg, p99, max) on
#     both; checks every result list against the product computed by the driver. Targets: Redactor's
#     scripts/s >= 1.0x Redis's, and its GET max <= 10 ms (the worst of its rounds).
# Async scripts (Redactor's EVALASYNC and EVALSHAASYNC: the script runs on a virtual thread and each
# redis.call runs as one atomic command at its key's partition, so scripts run side by side and other
# clients' commands run between their calls), each against the Redis command it stands for:
#   - EVALASYNC "return 0" 0 vs Redis's EVAL "return 0" 0: redis-benchmark, 50 clients. Target >= 0.7x.
#   - EVALSHAASYNC of the INCR script above vs Redis's EVALSHA, random keys, the counters checked as
#     for EVALSHA. Target >= 0.6x.
#   - The matrix multiplication with EVALSHAASYNC on Redactor vs EVALSHA on Redis (the same Redis runs as
#     the EVALSHA matrix workload when both run). Targets: scripts/s >= 1.8x Redis's; the GETs meanwhile
#     on Redactor: mean <= 0.5 ms (the median of its rounds' means) and max <= 10 ms (the worst round).
#
# Usage: bench/compare-scripts.sh [--rounds N] [--requests N] [--seconds N] [--size N] [--script-clients N]
#                                 [--get-clients N] [--get-interval-ms MS] [--quick] [--only LIST]
#   --rounds N            rounds of every workload against each server (default 3; the median is reported)
#   --requests N          requests of each redis-benchmark workload (default 100000)
#   --seconds N           length of each matrix run (default 15)
#   --size N              side of the matrices (default 100)
#   --script-clients N    clients running the matrix script (default 10)
#   --get-clients N       clients running GETs meanwhile (default 5)
#   --get-interval-ms MS  pause of a GET client between a reply and its next GET (default 1; 0: none)
#   --quick               smoke run: 1 round, 10000 requests, 5-second matrix runs (explicit options win)
#   --only LIST           comma-separated subset of: eval, evalsha, matrix, evalasync, evalshaasync,
#                         matrix-async. Default: everything.
# Extra JVM options for Redactor: REDACTOR_JAVA_OPTS (as for bin/redactor). BENCH_STAND_IN=redis-server runs a
# second redis-server in Redactor's place (to check this script itself, not to measure Redactor; it gets
# the Redis commands in place of the async ones).
# Needs python3 (standard library only) for the matrix workload.
# Writes the report to stdout and, as Markdown, to bench/results/<timestamp>.md.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

rounds="" requests="" seconds="" size=100 script_clients=10 get_clients=5 get_interval_ms=1 quick=0 only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds="${2:?}"; shift 2 ;;
    --requests) requests="${2:?}"; shift 2 ;;
    --seconds) seconds="${2:?}"; shift 2 ;;
    --size) size="${2:?}"; shift 2 ;;
    --script-clients) script_clients="${2:?}"; shift 2 ;;
    --get-clients) get_clients="${2:?}"; shift 2 ;;
    --get-interval-ms) get_interval_ms="${2:?}"; shift 2 ;;
    --quick) quick=1; shift ;;
    --only) only="${2:?}"; shift 2 ;;
    -h|--help) usage 0 ;;
    *) echo "$bench_name: unknown option $1" >&2; usage ;;
  esac
done
if [ "$quick" = 1 ]; then
  : "${rounds:=1}" "${requests:=10000}" "${seconds:=5}"
fi
: "${rounds:=3}" "${requests:=100000}" "${seconds:=15}"
require_counts "$rounds" "$requests" "$seconds" "$size" "$script_clients" "$get_clients"
[[ "$get_interval_ms" =~ ^[0-9]+(\.[0-9]+)?$ ]] || { echo "$bench_name: not a number of milliseconds: $get_interval_ms" >&2; exit 2; }
check_only eval evalsha matrix evalasync evalshaasync matrix-async
command_line="bench/compare-scripts.sh$(if [ "$quick" = 1 ]; then echo " --quick"; fi) --rounds $rounds --requests $requests --seconds $seconds --size $size --script-clients $script_clients --get-clients $get_clients --get-interval-ms $get_interval_ms${only:+ --only $only}"

keyspace=100000          # -r of the EVALSHA workload
incr_script="return redis.call('incr',KEYS[1])"
matrix_driver="$bench_root/bench/matrix-load.py"
matrix_options=(--size "$size" --script-clients "$script_clients" --get-clients "$get_clients" --get-interval-ms "$get_interval_ms")

eval_async=EVALASYNC evalsha_async=EVALSHAASYNC
if [ "${BENCH_STAND_IN:-}" = redis-server ]; then
  eval_async=EVAL evalsha_async=EVALSHA      # what the stand-in knows
  start_redactor() { # a redis-server standing in for Redactor
    redactor_port="$(free_port)"
    redis-server --port "$redactor_port" --bind 127.0.0.1 --save '' --appendonly no --daemonize no \
      --dir "$tmp" --logfile "$tmp/stand-in.log" >"$1" 2>&1 &
    redactor_pid=$!
    started_pids+=("$redactor_pid")
  }
elif [ -n "${BENCH_STAND_IN:-}" ]; then
  die "BENCH_STAND_IN: only redis-server is known, not '$BENCH_STAND_IN'"
fi

bench_init
if selected matrix || selected matrix-async; then
  command -v python3 >/dev/null || die "python3 is missing (needed by bench/matrix-load.py)"
fi
bench_prerequisites
bench_machine_info
start_servers

# ---------------------------------------------------------------------------------------------------------
# EVAL and EVALSHA (redis-benchmark; see add_workload in lib.sh).

incr_sha="$(printf '%s' "$incr_script" | sha1sum | cut -d' ' -f1)"
after_evalsha() { # every EVALSHA incremented one counter: they add up to the requests
  local total
  total="$(awk -v n="$keyspace" 'BEGIN { for (i = 0; i < n; i++) printf "evalsha:%012d\n", i }' |
    xargs timeout 60 redis-cli -h 127.0.0.1 -p "$3" MGET | awk '{ s += $1 } END { print s + 0 }')"
  [ "$total" = "${w_requests[$1]}" ] || check_failed "$1" "$2" "round $4: the counters add up to '$total' after ${w_requests[$1]} EVALSHAs"
}

add_workload eval 'EVAL "return 0" 0' eval 1 "$requests" 0.8 'EVAL "return 0" 0'
add_workload evalsha "EVALSHA of INCR KEYS[1], -r $keyspace" evalsha 1 "$requests" 0.8 \
  "-r $keyspace EVALSHA $incr_sha 1 evalsha:__rand_int__" FLUSHALL after_evalsha
add_workload evalasync 'EVALASYNC "return 0" 0 (Redis: EVAL)' evalasync 1 "$requests" 0.7 \
  "$eval_async \"return 0\" 0" "" "" 'EVAL "return 0" 0'
add_workload evalshaasync "EVALSHAASYNC of INCR KEYS[1], -r $keyspace (Redis: EVALSHA)" evalshaasync 1 "$requests" 0.6 \
  "-r $keyspace $evalsha_async $incr_sha 1 evalsha:__rand_int__" FLUSHALL after_evalsha \
  "-r $keyspace EVALSHA $incr_sha 1 evalsha:__rand_int__"

if selected evalsha || selected evalshaasync; then
  for server in redis redactor; do
    sha="$(cli "$(server_port "$server")" SCRIPT LOAD "$incr_script")"
    [ "$sha" = "$incr_sha" ] || die "$(server_name "$server"): SCRIPT LOAD of $incr_script replied '$sha', not $incr_sha"
  done
fi

[ "${#w_ids[@]}" -eq 0 ] || run_workloads

# ---------------------------------------------------------------------------------------------------------
# The matrix multiplication with GETs meanwhile (bench/matrix-load.py). Variants: redis (Redis, EVALSHA),
# redactor (Redactor, EVALSHA: atomic scripts), async (Redactor, EVALSHAASYNC).

declare -A m_sps=() m_sps_window=() m_script_avg=() m_gets=() m_get_avg=() m_get_p99=() m_get_max=() m_scripts_info=()
matrix_tags=""
variant_server() { if [ "$1" = redis ]; then echo redis; else echo redactor; fi; }
variant_command() { if [ "$1" = async ]; then echo "$evalsha_async"; else echo EVALSHA; fi; }
variant_name() { # as the report names it
  case "$1" in
    redis) echo "Redis EVALSHA" ;;
    redactor) echo "Redactor EVALSHA" ;;
    async) echo "Redactor EVALSHAASYNC" ;;
  esac
}

run_matrix() { # run_matrix VARIANT ROUND(0 = warm-up)
  local variant="$1" round="$2" server port key="matrix|$1" code=0 err_before err_after figures check wrong
  server="$(variant_server "$variant")"
  port="$(server_port "$server")"
  err_before="$(info_field "$port" stats total_error_replies)"
  timeout --foreground $((seconds + 300)) python3 "$matrix_driver" run --port "$port" --seconds "$seconds" \
    --command "$(variant_command "$variant")" "${matrix_options[@]}" >"$tmp/matrix.out" 2>"$tmp/matrix.err" || code=$?
  if [ "$code" -ne 0 ]; then
    local why="bench/matrix-load.py exited with $code"
    [ "$code" = 124 ] && why="no result within $((seconds + 300)) s (hung?)"
    failures[$key]+="round $round: $why $(head -c 300 "$tmp/matrix.err" | tr '\n' ' '); "
    say "FAILED matrix multiplication, $(variant_name "$variant"): $why"
    return 0
  fi
  err_after="$(info_field "$port" stats total_error_replies)"
  errors[$key]=$(( ${errors[$key]:-0} + ${err_after:-0} - ${err_before:-0} ))
  figures="$(sed -n 1p "$tmp/matrix.out")"
  check="$(sed -n 's/^check=//p' "$tmp/matrix.out")"
  wrong="$(sed -n 's/^first_wrong=//p' "$tmp/matrix.out")"
  local -A f=()
  local kv
  for kv in $figures; do f[${kv%%=*}]="${kv#*=}"; done
  matrix_tags="${f[tags]}"
  [ "$check" = ok ] || { checks[$key]+="round $round: $check; "; say "CHECK FAILED matrix multiplication, $(variant_name "$variant"): $check"; }
  if [ "${f[wrong_replies]:-0}" != 0 ]; then
    checks[$key]+="round $round: ${f[wrong_replies]} wrong replies, first: $wrong; "
    say "CHECK FAILED matrix multiplication, $(variant_name "$variant"): ${f[wrong_replies]} wrong replies, first: $wrong"
  fi
  say "matrix multiplication, $(variant_name "$variant") (round $round): ${f[drained_scripts_per_s]} scripts/s (${f[scripts_per_s]} within the run), GET avg ${f[get_avg_ms]} / p99 ${f[get_p99_ms]} / max ${f[get_max_ms]} ms"
  if [ "$variant" = async ] && [ "${BENCH_STAND_IN:-}" != redis-server ]; then
    m_scripts_info[$variant]="$(info_field "$port" scripts async_script_calls) calls, latency $(info_field "$port" scripts async_script_call_latency_usec) us"
  fi
  [ "$round" = 0 ] && return 0
  m_sps[$variant]+="${f[drained_scripts_per_s]} " m_sps_window[$variant]+="${f[scripts_per_s]} " m_script_avg[$variant]+="${f[script_avg_ms]} " m_gets[$variant]+="${f[gets]} "
  m_get_avg[$variant]+="${f[get_avg_ms]} " m_get_p99[$variant]+="${f[get_p99_ms]} " m_get_max[$variant]+="${f[get_max_ms]} "
}

matrix_variants=()
selected matrix && matrix_variants+=(redactor)
selected matrix-async && matrix_variants+=(async)
if [ "${#matrix_variants[@]}" -gt 0 ]; then
  say "matrix multiplication: loading $script_clients pairs of ${size}x$size matrices into Redis, then into Redactor"
  for server in redis redactor; do
    port="$(server_port "$server")"
    timeout --foreground 300 python3 "$matrix_driver" load --port "$port" "${matrix_options[@]}" \
      >"$tmp/matrix.out" 2>"$tmp/matrix.err" || die "$(server_name "$server"): loading the matrices failed: $(tail -n 3 "$tmp/matrix.err")"
  done
  redactor_alive || die "Redactor stopped answering after loading the matrices"
  for variant in "${matrix_variants[@]}"; do
    say "matrix multiplication: warm-up, one untimed run of $seconds s, $(variant_name "$variant")"
    run_matrix "$variant" 0
    redactor_alive || die "Redactor stopped answering during the matrix warm-up ($(variant_name "$variant"))"
  done
  for round in $(seq 1 "$rounds"); do
    say "matrix multiplication: round $round of $rounds"
    order=(redis "${matrix_variants[@]}")
    if [ $((round % 2)) = 0 ]; then order=("${matrix_variants[@]}" redis); fi
    for variant in "${order[@]}"; do
      run_matrix "$variant" "$round"
    done
    redactor_alive || die "Redactor stopped answering after the matrix multiplication (round $round)"
  done
fi

# ---------------------------------------------------------------------------------------------------------
# Report.

max_of() { printf '%s\n' "$@" | sort -g | tail -n 1; }

matrix_table() { # matrix_table VARIANT SCRIPTS-TARGET [GET-AVG-TARGET]: the variant against Redis's runs
  local variant="$1" sps_target="$2" avg_target="${3:-}" r_sps d_sps r_win d_win r_worst d_worst d_avg x row name avg_check=""
  # shellcheck disable=SC2086
  {
    r_sps="$(median ${m_sps[redis]:-})" d_sps="$(median ${m_sps[$variant]:-})"
    r_worst="$(max_of ${m_get_max[redis]:-})" d_worst="$(max_of ${m_get_max[$variant]:-})"
    d_avg="$(median ${m_get_avg[$variant]:-})"
  }
  echo "### Matrix multiplication (${size}x$size): $(variant_name "$variant") vs Redis EVALSHA, $script_clients script clients, $get_clients GET clients meanwhile"
  echo
  if [ -z "$r_sps" ] || [ -z "$d_sps" ]; then
    echo "No result: Redis ${r_sps:-failed}, $(variant_name "$variant") ${d_sps:-failed} (see Failures)."
    echo
    return 0
  fi
  x="$(ratio "$d_sps" "$r_sps")"
  [ -z "$avg_target" ] || avg_check="≤ $avg_target: $(met "$d_avg" "<=" "$avg_target")"
  echo "| | Redis EVALSHA | $(variant_name "$variant") | Ratio | Target |"
  echo "|---|---:|---:|---:|---|"
  echo "| scripts/s | $r_sps | $d_sps | $x | ≥ $sps_target: $(met "$x" ">=" "$sps_target") |"
  # shellcheck disable=SC2086
  r_win="$(median ${m_sps_window[redis]:-})" d_win="$(median ${m_sps_window[$variant]:-})"
  echo "| scripts/s completed within the run | $r_win | $d_win | $(ratio "$d_win" "$r_win") | |"
  # shellcheck disable=SC2086
  for row in "script latency avg (ms)|m_script_avg|" "GETs answered per run|m_gets|" "GET latency avg (ms)|m_get_avg|$avg_check" \
      "GET latency p99 (ms)|m_get_p99|" "GET latency max (ms)|m_get_max|"; do
    name="${row#*|}" name="${name%%|*}"
    local -n values="$name"
    echo "| ${row%%|*} | $(median ${values[redis]:-}) | $(median ${values[$variant]:-}) | | ${row##*|} |"
    unset -n values
  done
  echo "| GET latency max, worst round (ms) | $r_worst | $d_worst | | ≤ 10: $(met "$d_worst" "<=" 10) |"
  echo "| error replies (INFO) | ${errors[matrix|redis]:-0} | ${errors[matrix|$variant]:-0} | | |"
  echo
  echo "Each round (scripts/s): Redis ${m_sps[redis]% }, $(variant_name "$variant") ${m_sps[$variant]% }; GET max (ms): Redis ${m_get_max[redis]% }, $(variant_name "$variant") ${m_get_max[$variant]% }."
  [ -z "${m_scripts_info[$variant]:-}" ] || echo "Redactor's INFO scripts after its last run (all async runs so far, warm-up included): ${m_scripts_info[$variant]}."
  echo
}

matrix_notes() {
  echo "Medians of $rounds run(s) of $seconds s per server and command (scripts/s: every script sent during the run, over the time until the last of them answered; the scripts completed within the run, the measure of earlier reports, move in steps of the $script_clients clients when their scripts end together, as they do on both servers; the GETs include those answered after the run, while the last scripts finished); each round runs Redis and Redactor's variants back to back, the order reversed every other round. Each script client has its own matrices of random integers 0..99 (keys \`{tag}:A\`, \`{tag}:B\`, result \`{tag}:R\`); every result list was checked against the product computed by the driver. GET clients wait $get_interval_ms ms between a reply and their next GET. Hash tags and their partitions of 64: $matrix_tags."
  echo
}

report="$(report_file)"
{
  report_header "Redactor vs Redis: Lua scripts, atomic and async"
  [ "${BENCH_STAND_IN:-}" != redis-server ] || echo "- **Stand-in run: a second redis-server took Redactor's place (running EVAL/EVALSHA for the async commands); the Redactor column is not Redactor.**"
  echo "- redis-benchmark: $clients clients, no pipelining, $requests requests per workload, $rounds round(s) interleaved (median reported) after one untimed warm-up round against Redactor"
  echo "- Command: \`$command_line\`"
  echo
  if [ "${#w_ids[@]}" -gt 0 ]; then
    report_throughput
    if selected evalsha || selected evalshaasync; then
      echo "EVALSHA and EVALSHAASYNC run \`$incr_script\` (SHA1 $incr_sha, loaded with SCRIPT LOAD) on keys \`evalsha:__rand_int__\`, -r $keyspace; FLUSHALL before every run, and after it the counters must add up to the requests."
      echo
    fi
  fi
  selected matrix && matrix_table redactor 1.0
  selected matrix-async && matrix_table async 1.8 0.5
  [ "${#matrix_variants[@]}" -eq 0 ] || matrix_notes
  report_failures
} >"$report"

cat "$report"
say "report written to ${report#"$bench_root/"}"
