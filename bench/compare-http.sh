#!/usr/bin/env bash
# Benchmarks Redactor's REST API against its own Redis protocol (RESP) server, in the same process and the same
# run, and reports the ratios against the API's target: GET /v1/keys/{k} and PUT /v1/keys/{k} with 50 concurrent
# keep-alive HTTP/1.1 clients reach >= 0.35x the RESP server's GET/SET throughput, with a p99 <= 5 ms.
#
# One Redactor (a private copy of bin/redactor and the jar, so that a rebuild meanwhile cannot change the classes
# under it) serves RESP and HTTP on free loopback ports. 10,000 keys key:000000000000..key:000000009999 (the
# names redis-benchmark -r 10000 gives key:__rand_int__) are loaded with 3-byte values; then
#   - RESP GET and SET: redis-benchmark -c CLIENTS -P 1 -r 10000 -d 3 -t get (or set), with as many requests as
#     take about --duration seconds (calibrated on the previous run of the same command);
#   - HTTP GET and PUT: wrk -t1 -c CLIENTS -d DURATION --latency with bench/http/keys.lua, which picks
#     uniformly random keys among the same 10,000 (PUT with the 3-byte body "xxx").
# One untimed warm-up run of each (the JIT), then --repeat rounds, each running RESP GET, HTTP GET, RESP SET,
# HTTP PUT back to back, which protocol goes first alternating from round to round, so that the machine's noise
# hits both. Every round's table is printed as it ends; the summary gives medians (and the worst p99).
# The run fails (exit 1, after the report) when wrk saw a non-2xx/3xx response or a socket error, when
# redis-benchmark failed, or when the keyspace did not stay the same 10,000 keys.
#
# Usage: bench/compare-http.sh [--duration S] [--clients N] [--only get|put] [--repeat N] [--warmup S]
#                              [--threads N] [--resp-threads N] [--build]
#   --duration S  length of every measured run (default 10)
#   --clients N   concurrent connections of redis-benchmark and of wrk (default 50)
#   --only WHAT   get (RESP GET vs HTTP GET) or put (RESP SET vs HTTP PUT); default both
#   --repeat N    measurement rounds (default 1; each printed, then the medians)
#   --warmup S    length of the untimed warm-up run of each workload (default 30; 0 for none): on 2 busy cores
#                 the HTTP path's throughput still grows after 20 s of load (the JIT), RESP's settles sooner
#   --threads N   wrk threads (default 1: one, like redis-benchmark's one, so both load generators take the same share of the cores)
#   --resp-threads N  redis-benchmark threads (default 1, its own default: one thread, which a fast server
#                 saturates, so that RESP's figure can be the load generator's limit; see "cores busy")
#   --build       build the jar first (mvn -o package, tests skipped); by default only when it is missing
# Needs redis-benchmark and redis-cli (installed with bin/install-redis when missing), wrk (apt-get install wrk
# when missing), curl and a JDK 21+. Extra JVM options for Redactor: REDACTOR_JAVA_OPTS (as for bin/redactor).
# Writes the report to stdout and, as Markdown, to bench/results/http-<timestamp>.md.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

duration=10 clients=50 only="" repeat=1 warmup=30 threads=1 resp_threads=1 build=0
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) duration="${2:?}"; shift 2 ;;
    --clients) clients="${2:?}"; shift 2 ;;
    --only) only="${2:?}"; shift 2 ;;
    --repeat) repeat="${2:?}"; shift 2 ;;
    --warmup) warmup="${2:?}"; shift 2 ;;
    --threads) threads="${2:?}"; shift 2 ;;
    --resp-threads) resp_threads="${2:?}"; shift 2 ;;
    --build) build=1; shift ;;
    -h|--help) usage 0 ;;
    *) echo "$bench_name: unknown option $1" >&2; usage ;;
  esac
done
require_counts "$duration" "$clients" "$repeat" "$threads" "$resp_threads"
resp_thread_args=()     # redis-benchmark's --threads 1 is not its default mode: pass it only for more than one
[ "$resp_threads" = 1 ] || resp_thread_args=(--threads "$resp_threads")
[[ "$warmup" =~ ^[0-9]+$ ]] || { echo "$bench_name: not a number of seconds: $warmup" >&2; exit 2; }
check_only get put
[ "$threads" -le "$clients" ] || threads="$clients"     # wrk needs a connection per thread at least
command_line="bench/compare-http.sh --duration $duration --clients $clients --repeat $repeat --warmup $warmup --threads $threads --resp-threads $resp_threads${only:+ --only $only}"

keyspace=10000
value_size=3
rtt_target=5          # ms, HTTP p99
ratio_target=0.35     # HTTP req/s over RESP req/s
redactor_grace=60     # s: a first run of the private copy records its start-up cache at exit (see bin/redactor)
lua_dir="$bench_root/bench/http"

# ---------------------------------------------------------------------------------------------------------
# Prerequisites: redis-benchmark, wrk, curl, a JDK, the jar (copied, with bin/redactor, into a private root).

prerequisites() {
  command -v redis-benchmark >/dev/null && command -v redis-cli >/dev/null || "$bench_root/bin/install-redis"
  if ! command -v wrk >/dev/null; then
    say "installing wrk (apt-get install -y wrk)..."
    local sudo_cmd=""
    [ "$(id -u)" -eq 0 ] || sudo_cmd=sudo
    (export DEBIAN_FRONTEND=noninteractive
     $sudo_cmd apt-get install -y -qq wrk >/dev/null 2>&1 ||
       { $sudo_cmd apt-get update -qq >/dev/null && $sudo_cmd apt-get install -y -qq wrk >/dev/null; }) ||
      die "wrk is missing and apt-get install -y wrk failed"
  fi
  local tool
  for tool in redis-benchmark redis-cli wrk curl unzip; do
    command -v "$tool" >/dev/null || die "$tool is missing"
  done
  # shellcheck source=../bin/java-env
  source "$bench_root/bin/java-env"
  redactor_find_java
  jar="$bench_root/target/redactor.jar"
  if [ "$build" = 1 ] || [ ! -f "$jar" ]; then
    say "building $jar (mvn -q -B -o -Dmaven.test.skip=true package)..."
    redactor_maven_env
    (cd "$bench_root" && timeout 900 mvn -q -B -o -Dmaven.test.skip=true package) >&2 || die "the build failed"
  fi
  # The private root: bin/redactor finds the jar next to itself, and another build can replace target/ meanwhile.
  local attempt
  mkdir -p "$tmp/root/bin" "$tmp/root/target"
  cp "$bench_root/bin/redactor" "$bench_root/bin/java-env" "$tmp/root/bin/"
  for attempt in 1 2 3 4 5 6; do
    cp "$jar" "$tmp/root/target/redactor.jar"
    unzip -tqq "$tmp/root/target/redactor.jar" >/dev/null 2>&1 && break
    [ "$attempt" -lt 6 ] || die "$jar is not a valid jar (being rebuilt?) after 6 tries"
    say "$jar is being written (not a valid jar yet): trying again in 10 s"
    sleep 10
  done
  jar_info="$(date -r "$jar" '+%Y-%m-%d %H:%M:%S') build, sha256 $(sha256sum "$tmp/root/target/redactor.jar" | cut -c1-12)"
}

# ---------------------------------------------------------------------------------------------------------
# The server: started from the private root; stopped patiently (its first run records the start-up cache).

redactor_pid=""
start_http_redactor() { # sets redactor_port, http_port, redactor_pid
  redactor_port="$(free_port)" http_port="$(free_port)"
  "$tmp/root/bin/redactor" --port "$redactor_port" --http-port "$http_port" --bind 127.0.0.1 \
    </dev/null >"$tmp/redactor.log" 2>&1 &
  redactor_pid=$!
  wait_for_pong "$redactor_port" "$redactor_pid" 90 || die "Redactor failed: $pong_failure"
  local deadline=$(( EPOCHSECONDS + 60 )) code=""
  while [ "$EPOCHSECONDS" -lt "$deadline" ]; do
    code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "http://127.0.0.1:$http_port/health/ready" || true)"
    [ "$code" = 200 ] && return 0
    kill -0 "$redactor_pid" 2>/dev/null || die "Redactor exited before its REST API was ready"
    sleep 0.1
  done
  die "Redactor's REST API on port $http_port did not answer 200 on /health/ready within 60 s (last: ${code:-nothing})"
}

stop_redactor() {
  local pid="$redactor_pid"
  [ -n "$pid" ] || return 0
  redactor_pid=""
  kill -0 "$pid" 2>/dev/null || { wait "$pid" 2>/dev/null || true; return 0; }
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 1 $((redactor_grace * 10))); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}

http_cleanup() { # stops Redactor (patiently), then lib.sh's cleanup (the load generator, the logs, tmp)
  local code=$?
  trap - EXIT
  stop_redactor
  (exit "$code")
  bench_cleanup
}

cpu_ticks() { # cpu_ticks PID: user + system clock ticks of a process so far
  awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$1/stat" 2>/dev/null || echo 0
}
children_cpu_ticks() { # user + system clock ticks of this shell's waited-for children so far (call it, not $(...))
  times >"$tmp/times"   # in this shell: a subshell's own children would be counted instead
  awk -v hz="$(getconf CLK_TCK)" 'function s(t) { split(t, p, "m"); sub(/s$/, "", p[2]); return p[1] * 60 + p[2] }
    NR == 2 { printf "%.0f\n", (s($1) + s($2)) * hz }' "$tmp/times" >"$tmp/ticks"
  read -r children_ticks <"$tmp/ticks"
}

machine_busy_ticks() { # clock ticks all cores spent busy so far (/proc/stat: all but idle and iowait)
  awk '$1 == "cpu" { print $2 + $3 + $4 + $7 + $8 + $9; exit }' /proc/stat
}

# run_load WHAT SECONDS-ALLOWED OUT ERR COMMAND...: runs a load generator in the background and watches it: dies
# when Redactor exits meanwhile, stops it (status 124) when it outlives its time. Sets load_code, load_wall_ms,
# load_server_cpu, load_client_cpu and load_other_cpu (cores busy on average: Redactor's JVM, the load generator,
# everything else on the machine: the noise).
run_load() {
  local what="$1" allowed="$2" out="$3" err="$4" started t0 s0 c0 m0
  shift 4
  children_cpu_ticks
  t0="$(now_ms)" s0="$(cpu_ticks "$redactor_pid")" c0="$children_ticks" m0="$(machine_busy_ticks)"
  started="$EPOCHSECONDS"
  "$@" >"$out" 2>"$err" &
  running_pid=$!
  load_code=0
  while kill -0 "$running_pid" 2>/dev/null; do
    if [ $((EPOCHSECONDS - started)) -ge "$allowed" ]; then
      stop_pid "$running_pid"; running_pid=""
      load_code=124
      say "FAILED $what: no result within $allowed s (hung?)"
      return 0
    fi
    if ! kill -0 "$redactor_pid" 2>/dev/null; then
      stop_pid "$running_pid"; running_pid=""
      die "Redactor exited while running $what"
    fi
    sleep 0.1
  done
  wait "$running_pid" || load_code=$?
  running_pid=""
  load_wall_ms=$(( $(now_ms) - t0 ))
  local hz
  hz="$(getconf CLK_TCK)"
  children_cpu_ticks
  local s1 m1
  s1="$(cpu_ticks "$redactor_pid")" m1="$(machine_busy_ticks)"
  load_server_cpu="$(awk -v t=$(( s1 - s0 )) -v hz="$hz" -v ms="$load_wall_ms" 'BEGIN { printf "%.2f", t / hz / (ms / 1000) }')"
  load_client_cpu="$(awk -v t=$(( children_ticks - c0 )) -v hz="$hz" -v ms="$load_wall_ms" 'BEGIN { printf "%.2f", t / hz / (ms / 1000) }')"
  load_other_cpu="$(awk -v t=$(( m1 - m0 - (s1 - s0) - (children_ticks - c0) )) -v hz="$hz" -v ms="$load_wall_ms" 'BEGIN { v = t / hz / (ms / 1000); printf "%.2f", v < 0 ? 0 : v }')"
}

# ---------------------------------------------------------------------------------------------------------
# The four workloads. Results in res[WORKLOAD.ROUND.FIELD]: rps, p50, p99 (ms), requests, errors (text, empty
# when none), server_cpu, client_cpu. ROUND 0 is the warm-up.

declare -A res=() resp_requests=()
failed=0
ms() { awk -v us="$1" 'BEGIN { printf "%.3f", us / 1000 }'; }
ms3() { [ -z "$1" ] || awk -v v="$1" 'BEGIN { printf "%.3f", v }'; }

run_resp() { # run_resp get|set ROUND SECONDS
  local command="$1" round="$2" seconds="$3" n line r p50v p99v err_before err_after key="resp-$1.$2"
  # As many requests as take about SECONDS at the last rate seen for this command (a guess the first time).
  n="${resp_requests[$command]:-$((seconds * 20000))}"
  err_before="$(info_field "$redactor_port" stats total_error_replies)"
  run_load "RESP ${command^^} (round $round)" $((seconds * 20 + 120)) "$tmp/resp.out" "$tmp/resp.err" \
    redis-benchmark -h 127.0.0.1 -p "$redactor_port" -c "$clients" -P 1 -n "$n" -r "$keyspace" -d "$value_size" \
    -t "$command" "${resp_thread_args[@]}" --csv
  err_after="$(info_field "$redactor_port" stats total_error_replies)"
  res[$key.server_cpu]="$load_server_cpu" res[$key.client_cpu]="$load_client_cpu" res[$key.other_cpu]="$load_other_cpu" res[$key.requests]="$n"
  res[$key.errors]=""
  [ "$load_code" = 0 ] || res[$key.errors]+="redis-benchmark exited with $load_code: $(head -c 300 "$tmp/resp.err" | tr '\n' ' '); "
  [ ! -s "$tmp/resp.err" ] || [ "$load_code" != 0 ] || res[$key.errors]+="redis-benchmark said: $(head -c 300 "$tmp/resp.err" | tr '\n' ' '); "
  [ "$(( ${err_after:-0} - ${err_before:-0} ))" = 0 ] || res[$key.errors]+="$(( ${err_after:-0} - ${err_before:-0} )) error replies (INFO total_error_replies); "
  # "test","rps","avg_latency_ms","min_latency_ms","p50_latency_ms","p95_latency_ms","p99_latency_ms","max_latency_ms"
  line="$(tr -d '"' <"$tmp/resp.out" | awk -F, 'NR == 2 { print $2, $5, $7 }')"
  if [ -z "$line" ]; then
    res[$key.errors]+="no CSV result; "
  else
    read -r r p50v p99v <<<"$line"
    res[$key.rps]="$r" res[$key.p50]="$p50v" res[$key.p99]="$p99v"
    resp_requests[$command]="$(awk -v r="$r" -v s="$duration" 'BEGIN { n = int(r * s / 1000 + 0.5) * 1000; print (n < 10000 ? 10000 : n) }')"
  fi
  report_run "$key" "RESP ${command^^}" "$round"
}

run_http() { # run_http get|put ROUND SECONDS
  local method="$1" round="$2" seconds="$3" key="http-$1.$2" line non2xx socket
  run_load "HTTP ${method^^} (round $round)" $((seconds + 120)) "$tmp/wrk.out" "$tmp/wrk.err" \
    wrk -t "$threads" -c "$clients" -d "${seconds}s" --latency -s "$lua_dir/keys.lua" \
    "http://127.0.0.1:$http_port/" -- "${method^^}" "$keyspace"
  res[$key.server_cpu]="$load_server_cpu" res[$key.client_cpu]="$load_client_cpu" res[$key.other_cpu]="$load_other_cpu"
  res[$key.errors]=""
  [ "$load_code" = 0 ] || res[$key.errors]+="wrk exited with $load_code: $(head -c 300 "$tmp/wrk.err" | tr '\n' ' '); "
  # wrk's own lines, printed only when not zero: "Non-2xx or 3xx responses: N", "Socket errors: connect A, ..."
  non2xx="$(sed -n 's/^ *Non-2xx or 3xx responses: *//p' "$tmp/wrk.out")"
  socket="$(sed -n 's/^ *Socket errors: *//p' "$tmp/wrk.out")"
  [ -z "$non2xx" ] || res[$key.errors]+="Non-2xx or 3xx responses: $non2xx; "
  [ -z "$socket" ] || res[$key.errors]+="Socket errors: $socket; "
  line="$(sed -n 's/^wrk-result: //p' "$tmp/wrk.out")"
  if [ -z "$line" ]; then
    res[$key.errors]+="no wrk-result line; "
  else
    local -A f=()
    local kv
    for kv in $line; do f[${kv%%=*}]="${kv#*=}"; done
    res[$key.requests]="${f[requests]}"
    res[$key.rps]="$(awk -v n="${f[requests]}" -v us="${f[duration_us]}" 'BEGIN { printf "%.2f", n / (us / 1e6) }')"
    res[$key.p50]="$(ms "${f[p50_us]}")" res[$key.p99]="$(ms "${f[p99_us]}")" res[$key.max]="$(ms "${f[max_us]}")"
    # The same counts from done(): status counts responses >= 400, as wrk's Non-2xx line does.
    if [ -z "$non2xx" ] && [ "${f[status]}" != 0 ]; then res[$key.errors]+="${f[status]} responses >= 400; "; fi
    if [ -z "$socket" ] && [ $(( f[connect] + f[read] + f[write] + f[timeout] )) != 0 ]; then
      res[$key.errors]+="socket errors: connect ${f[connect]}, read ${f[read]}, write ${f[write]}, timeout ${f[timeout]}; "
    fi
  fi
  if [ -n "${res[$key.errors]}" ]; then
    # What the API answers right now, for the report.
    local sample
    if [ "$method" = get ]; then
      sample="$(curl -s -i --max-time 10 "http://127.0.0.1:$http_port/v1/keys/key:000000000042" 2>&1 | tr -d '\r' | head -c 400 | tr '\n' ' ')"
    else
      sample="$(curl -s -i --max-time 10 -X PUT --data-binary xxx "http://127.0.0.1:$http_port/v1/keys/key:000000000042" 2>&1 | tr -d '\r' | head -c 400 | tr '\n' ' ')"
    fi
    res[$key.errors]+="a ${method^^} of key:000000000042 just after: $sample"
  fi
  report_run "$key" "HTTP ${method^^}" "$round"
}

report_run() { # report_run KEY LABEL ROUND: one line to stderr; failures counted, and loud
  local key="$1" label="$2" round="$3" when="round $3"
  [ "$round" = 0 ] && when="warm-up"
  say "$label ($when): ${res[$key.rps]:-no result} req/s, p50 ${res[$key.p50]:-?} ms, p99 ${res[$key.p99]:-?} ms; cores busy: Redactor ${res[$key.server_cpu]}, load generator ${res[$key.client_cpu]}, others ${res[$key.other_cpu]}"
  if [ -n "${res[$key.errors]}" ]; then
    failed=1
    say "!!!!! FAILED $label ($when): ${res[$key.errors]}"
  fi
}

run_pair() { # run_pair get|put ROUND SECONDS: the RESP run and the HTTP run, RESP first in odd rounds
  local resp_command="$1" http_method="$1"
  [ "$1" = put ] && resp_command="set"
  if [ $(( $2 % 2 )) = 1 ] || [ "$2" = 0 ]; then
    run_resp "$resp_command" "$2" "$3"; run_http "$http_method" "$2" "$3"
  else
    run_http "$http_method" "$2" "$3"; run_resp "$resp_command" "$2" "$3"
  fi
}

check_keyspace() { # check_keyspace WHEN: still exactly the 10,000 keys loaded (the workloads named them alike)
  local size
  size="$(cli "$redactor_port" DBSIZE)"
  if [ "$size" != "$keyspace" ]; then
    failed=1
    keyspace_problem+="$1: DBSIZE $size, not $keyspace; "
    say "!!!!! FAILED: $1, DBSIZE is $size, not $keyspace (a workload wrote other keys than the 10,000 loaded)"
  fi
}

# ---------------------------------------------------------------------------------------------------------
# The report: each round's table as it ends, then the summary.

report=""
emit() { tee -a "$report"; }

pairs=()
selected get && pairs+=(get)
selected put && pairs+=(put)
pair_resp() { if [ "$1" = get ]; then echo resp-get; else echo resp-set; fi; }
pair_label() { if [ "$1" = get ]; then echo "GET"; else echo "PUT (RESP: SET)"; fi; }

round_table() { # round_table ROUND
  local r="$1" p rk hk
  echo "### Round $r of $repeat"
  echo
  echo "| Workload | requests | req/s | p50 ms | p99 ms | cores busy: Redactor / load generator / others | errors |"
  echo "|---|---:|---:|---:|---:|---:|---|"
  for p in "${pairs[@]}"; do
    for rk in "$(pair_resp "$p")" "http-$p"; do
      hk="$rk.$r"
      local label="RESP ${rk#resp-}" 
      [[ "$rk" == http-* ]] && label="HTTP ${rk#http-}"
      echo "| ${label^^} | ${res[$hk.requests]:-} | $(fmt_rps "${res[$hk.rps]:-0}") | ${res[$hk.p50]:-} | ${res[$hk.p99]:-} | ${res[$hk.server_cpu]:-} / ${res[$hk.client_cpu]:-} / ${res[$hk.other_cpu]:-} | ${res[$hk.errors]:-none} |"
    done
  done
  echo
  for p in "${pairs[@]}"; do
    rk="$(pair_resp "$p").$r" hk="http-$p.$r"
    echo "- $(pair_label "$p"): HTTP/RESP $(ratio "${res[$hk.rps]:-0}" "${res[$rk.rps]:-0}")"
  done
  echo
}

values_of() { # values_of WORKLOAD FIELD: the measured rounds' values
  local r
  for r in $(seq 1 "$repeat"); do
    [ -z "${res[$1.$r.$2]:-}" ] || echo "${res[$1.$r.$2]}"
  done
}

summary_table() {
  local p rk hk r_rps h_rps x h_p50 h_p99 h_p99_worst r_p50 r_p99 errs
  echo "### Summary$( [ "$repeat" -gt 1 ] && echo ": medians of $repeat rounds")"
  echo
  echo "| Workload | RESP req/s | HTTP req/s | HTTP/RESP | ≥ $ratio_target | HTTP p50 ms | HTTP p99 ms | p99 ≤ $rtt_target ms | RESP p50 / p99 ms | HTTP errors |"
  echo "|---|---:|---:|---:|---|---:|---:|---|---:|---|"
  for p in "${pairs[@]}"; do
    rk="$(pair_resp "$p")" hk="http-$p"
    # shellcheck disable=SC2046
    {
      r_rps="$(median $(values_of "$rk" rps))" h_rps="$(median $(values_of "$hk" rps))"
      h_p50="$(ms3 "$(median $(values_of "$hk" p50))")" h_p99="$(ms3 "$(median $(values_of "$hk" p99))")"
      h_p99_worst="$(values_of "$hk" p99 | sort -g | tail -n 1)"
      r_p50="$(ms3 "$(median $(values_of "$rk" p50))")" r_p99="$(ms3 "$(median $(values_of "$rk" p99))")"
    }
    errs=0
    for r in $(seq 1 "$repeat"); do [ -z "${res[$hk.$r.errors]:-}" ] || errs=$((errs + 1)); done
    errs="$( [ "$errs" = 0 ] && echo none || echo "in $errs round(s): see above")"
    if [ -z "$r_rps" ] || [ -z "$h_rps" ]; then
      echo "| $(pair_label "$p") | ${r_rps:-failed} | ${h_rps:-failed} | n/a | | | | | | $errs |"
      continue
    fi
    x="$(ratio "$h_rps" "$r_rps")"
    echo "| $(pair_label "$p") | $(fmt_rps "$r_rps") | $(fmt_rps "$h_rps") | $x | $(met "$x" ">=" "$ratio_target") | $h_p50 | $h_p99$( [ "$repeat" -gt 1 ] && echo " (worst $h_p99_worst)") | $(met "$h_p99" "<=" "$rtt_target") | $r_p50 / $r_p99 | $errs |"
  done
  echo
}

# ---------------------------------------------------------------------------------------------------------
# Run.

bench_init
trap http_cleanup EXIT
prerequisites
command -v redis-server >/dev/null && redis_server_version="$(redis-server --version | sed -E 's/.* v=([^ ]+).*/\1/')"
java_version="$("$JAVA" -version 2>&1 | head -n 1)"
commit="$(git -C "$bench_root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
if [ -n "$(git -C "$bench_root" status --porcelain --untracked-files=no 2>/dev/null || true)" ]; then
  commit+=" (with uncommitted changes)"
fi
uptime_at_start="$(uptime)"

mkdir -p "$bench_root/bench/results"
report="$bench_root/bench/results/http-$(date +%Y%m%d-%H%M%S).md"
: >"$report"

start_http_redactor
say "Redactor (pid $redactor_pid): RESP on 127.0.0.1:$redactor_port, HTTP on 127.0.0.1:$http_port"

# 10,000 keys as redis-benchmark -r 10000 names them, 3-byte values.
awk -v n="$keyspace" -v d="$value_size" 'BEGIN {
  v = sprintf("%" d "s", ""); gsub(/ /, "x", v)
  for (i = 0; i < n; i++) { k = sprintf("key:%012d", i); printf "*3\r\n$3\r\nSET\r\n$%d\r\n%s\r\n$%d\r\n%s\r\n", length(k), k, d, v }
}' >"$tmp/load.resp"
cli "$redactor_port" FLUSHALL >/dev/null
pipe_load "$redactor_port" "$tmp/load.resp" "$keyspace keys" 120
[ "$(cli "$redactor_port" DBSIZE)" = "$keyspace" ] || die "after loading, DBSIZE is $(cli "$redactor_port" DBSIZE), not $keyspace"
# The API answers as the target expects: GET 200 with the value, PUT 204.
sample="$(curl -s --max-time 10 -w ' %{http_code}' "http://127.0.0.1:$http_port/v1/keys/key:000000000042")"
[[ "$sample" == *'"value":"xxx"'*' 200' ]] || die "GET /v1/keys/key:000000000042 answered: $sample"
code="$(curl -s -o "$tmp/put.body" --max-time 10 -w '%{http_code}' -X PUT --data-binary xxx "http://127.0.0.1:$http_port/v1/keys/key:000000000042")"
[ "$code" = 204 ] || die "PUT /v1/keys/key:000000000042 answered $code: $(head -c 300 "$tmp/put.body")"
say "loaded $keyspace keys key:000000000000..key:$(printf '%012d' $((keyspace - 1))), $value_size-byte values; GET answers 200, PUT 204"

{
  echo "## Redactor REST API vs its RESP server (same process), $(date '+%Y-%m-%d %H:%M %Z')"
  echo
  echo "- uptime at start: \`${uptime_at_start# }\`"
  echo "- Git revision: $commit; jar: $jar_info; started by a private copy of \`bin/redactor\` (its JVM flags${REDACTOR_JAVA_OPTS:+ plus $REDACTOR_JAVA_OPTS})"
  echo "- Machine: $(nproc) cores, $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || echo 'unknown CPU'), $(awk '/MemTotal/ { printf "%.0f GiB RAM", $2 / 1048576 }' /proc/meminfo); JDK: $java_version"
  echo "- Load: redis-benchmark ${redis_server_version:-?} (-c $clients -P 1 -r $keyspace -d $value_size${resp_thread_args[*]:+ ${resp_thread_args[*]}}, one command per run, requests for ~${duration} s), $(wrk --version 2>&1 | head -n 1 | cut -d' ' -f1-2) (-t $threads -c $clients -d ${duration}s --latency, bench/http/keys.lua, random keys of the same $keyspace, PUT body of $value_size bytes); all on 127.0.0.1, load generators on the same cores as the server"
  echo "- Warm-up: one untimed run of ${warmup} s per workload$( [ "$warmup" = 0 ] && echo ' (none)'); then $repeat round(s), RESP first in odd rounds, HTTP first in even ones"
  echo "- Cores busy: the average number of the machine's $(nproc) cores busy during a run with Redactor's JVM, with the load generator, and with everything else (other processes: the noise)"
  echo "- Command: \`$command_line\`"
  echo
} | emit

if [ "$warmup" -gt 0 ]; then
  say "warm-up: one untimed run of $warmup s per workload"
  for p in "${pairs[@]}"; do run_pair "$p" 0 "$warmup"; done
  check_keyspace "after the warm-up"
fi
for round in $(seq 1 "$repeat"); do
  say "round $round of $repeat"
  for p in "${pairs[@]}"; do run_pair "$p" "$round" "$duration"; done
  check_keyspace "after round $round"
  kill -0 "$redactor_pid" 2>/dev/null && [ "$(cli "$redactor_port" PING)" = PONG ] || die "Redactor stopped answering after round $round"
  round_table "$round" | emit
done

{
  summary_table
  echo "- uptime at end: \`$(uptime | sed 's/^ *//')\`"
  [ -z "${keyspace_problem:-}" ] || echo "- **Keyspace check FAILED**: $keyspace_problem"
  if [ "$failed" = 1 ]; then
    echo "- **FAILED**: errors in the runs above (non-2xx/3xx responses, socket errors, or failed redis-benchmark runs)."
  fi
  echo
} | emit
say "report written to ${report#"$bench_root/"}"

stop_redactor
if grep -q -E 'ERROR|Exception' "$tmp/redactor.log"; then
  say "Redactor's log has errors; its first ones:"
  grep -m 10 -E 'ERROR|Exception' "$tmp/redactor.log" >&2
fi
[ "$failed" = 0 ] || exit 1
