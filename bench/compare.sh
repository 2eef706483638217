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

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

usage() { sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2; exit "${1:-2}"; }

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
for n in "$rounds" "$requests" "$keys" "$starts"; do
  [[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "compare.sh: not a positive number: $n" >&2; exit 2; }
done

clients=50
keyspace=100000          # -r of the random-key workloads
bench_timeout=300        # seconds one redis-benchmark run may take before Redactor is reported as hung

selected() { # selected TOKEN: whether --only (or its absence) selects it
  [ -z "$only" ] && return 0
  [[ ",${only,,}," == *",$1,"* ]]
}
for token in ${only//,/ }; do
  case "${token,,}" in set|get|incr|mset|mget|startup|memory) ;;
    *) echo "compare.sh: --only: unknown item '$token' (set,get,incr,mset,mget,startup,memory)" >&2; exit 2 ;;
  esac
done

# ---------------------------------------------------------------------------------------------------------
# Processes we start, and stopping them whatever happens.

tmp="$(mktemp -d "${TMPDIR:-/tmp}/redactor-bench.XXXXXX")"
started_pids=()
status_file="$tmp/failed"

stop_pid() { # stop_pid PID: TERM, then KILL after 15 s
  local pid="$1" i
  kill -0 "$pid" 2>/dev/null || { wait "$pid" 2>/dev/null || true; return 0; }
  kill -TERM "$pid" 2>/dev/null || true
  for i in $(seq 1 150); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}

cleanup() {
  local code=$? pid
  trap - EXIT INT TERM
  for pid in "${started_pids[@]}"; do
    stop_pid "$pid"
  done
  if [ "$code" -ne 0 ]; then
    for log in "$tmp"/*.log; do
      [ -s "$log" ] || continue
      echo "--- last lines of $(basename "$log"):" >&2
      tail -n 20 "$log" >&2
    done
  fi
  rm -rf "$tmp"
  exit "$code"
}
trap cleanup EXIT
trap 'echo "compare.sh: interrupted" >&2; exit 130' INT
trap 'echo "compare.sh: terminated" >&2; exit 143' TERM

say() { echo "[$(date +%H:%M:%S)] $*" >&2; }
die() { echo "compare.sh: $*" >&2; exit 1; }

used_ports=" "
# Listening ports come from below the ephemeral range, so that no client connection can hold one.
ephemeral_low="$(awk '{ print $1 }' /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || echo 32768)"
[ "$ephemeral_low" -gt 12000 ] || ephemeral_low=65536
free_port() { # a loopback port nothing listens on, not handed out before in this run
  local port _
  for _ in $(seq 1 200); do
    port=$((10000 + RANDOM % (ephemeral_low - 10000)))
    [[ "$used_ports" == *" $port "* ]] && continue
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      used_ports+="$port "
      echo "$port"
      return 0
    fi
  done
  die "no free port found"
}

cli() { # cli PORT ARGS...: one command, no output on failure
  timeout --foreground 30 redis-cli -h 127.0.0.1 -p "$1" "${@:2}" 2>/dev/null || true
}

info_field() { # info_field PORT SECTION FIELD
  cli "$1" INFO "$2" | tr -d '\r' | awk -F: -v f="$3" '$1 == f { print $2; exit }'
}

pong_failure=""
wait_for_pong() { # wait_for_pong PORT PID SECONDS; on failure, says why in pong_failure
  local deadline=$(( $(date +%s) + $3 )) code
  while [ "$(date +%s)" -lt "$deadline" ]; do
    if ! kill -0 "$2" 2>/dev/null; then
      code=0; wait "$2" 2>/dev/null || code=$?
      pong_failure="it exited with status $code before answering PING on port $1"
      return 1
    fi
    [ "$(cli "$1" PING)" = "PONG" ] && return 0
    sleep 0.01
  done
  pong_failure="it did not answer PING on port $1 within $3 s"
  return 1
}

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

median() { # median NUMBERS...
  printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { if (NR == 0) exit; if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

# ---------------------------------------------------------------------------------------------------------
# Prerequisites: Redis, a JDK, the jar.

"$root/bin/install-redis"
for tool in redis-server redis-cli redis-benchmark; do
  command -v "$tool" >/dev/null || die "$tool is missing"
done
# shellcheck source=../bin/java-env
source "$root/bin/java-env"
redactor_find_java
jcmd="$JAVA_HOME/bin/jcmd"
[ -x "$jcmd" ] || die "jcmd not found in $JAVA_HOME/bin (needed to force a full GC before measuring the heap)"

jar="$root/target/redactor.jar"
if [ ! -f "$jar" ]; then
  say "building $jar..."
  if [ "$JAVA_VERSION" -ge 24 ]; then
    export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
  fi
  (cd "$root" && mvn -q -B -DskipTests package) >&2
fi

start_redis() { # sets redis_port, redis_pid
  redis_port="$(free_port)"
  redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no --daemonize no \
    --dir "$tmp" --logfile "$tmp/redis.log" &
  redis_pid=$!
  started_pids+=("$redis_pid")
  wait_for_pong "$redis_port" "$redis_pid" 30 || die "redis-server failed: $pong_failure"
}

start_redactor() { # start_redactor LOG: sets redactor_port, redactor_pid (bin/redactor execs java: the pid is the JVM's)
  redactor_port="$(free_port)"
  "$root/bin/redactor" --port "$redactor_port" >"$1" 2>&1 &
  redactor_pid=$!
  started_pids+=("$redactor_pid")
}

machine_cpu="$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)"
machine_cores="$(nproc)"
java_version="$("$JAVA" -version 2>&1 | head -n 1)"
redis_version="$(redis-server --version | sed -E 's/.* v=([^ ]+).*/\1/')"
load_at_start="$(cut -d' ' -f1-3 /proc/loadavg)"
redactor_commit="$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
if [ -n "$(git -C "$root" status --porcelain --untracked-files=no 2>/dev/null || true)" ]; then
  redactor_commit+=" (with uncommitted changes)"
fi

# ---------------------------------------------------------------------------------------------------------
# Start-up: launch to first PONG, separate cold starts (nothing else of ours running but Redis, idle or not).

startup_ms=() startup_cpu_ms=()
startup_note=""
if selected startup; then
  [ -f "$root/target/redactor.jsa" ] || startup_note="no class-data-sharing archive yet: the first start runs without it and writes it at exit"
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

start_redis
say "redis-server $redis_version on port $redis_port"
start_redactor "$tmp/redactor.log"
wait_for_pong "$redactor_port" "$redactor_pid" 60 || die "Redactor failed: $pong_failure"
say "Redactor (pid $redactor_pid) on port $redactor_port"
redactor_heap_max="$(info_field "$redactor_port" memory jvm_heap_max)"

redactor_alive() {
  kill -0 "$redactor_pid" 2>/dev/null && [ "$(cli "$redactor_port" PING)" = "PONG" ]
}

# ---------------------------------------------------------------------------------------------------------
# Workloads: id, label, command (for --only), pipeline, requests, throughput target (ratio), redis-benchmark args.

w_ids=() w_label=() w_cmd=() w_pipe=() w_requests=() w_target=() w_args=()
add_workload() {
  local cmd="$3"
  selected "$cmd" || return 0
  w_ids+=("$1") w_label+=("$2") w_cmd+=("$cmd") w_pipe+=("$4") w_requests+=("$5") w_target+=("$6") w_args+=("$7")
}
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

declare -A rps=() p50=() p99=() errors=() failures=()
# run_workload INDEX SERVER(redis|redactor) ROUND(0 = warm-up)
run_workload() {
  local i="$1" server="$2" round="$3" port err_before err_after out code line
  local -a args
  port=$([ "$server" = redis ] && echo "$redis_port" || echo "$redactor_port")
  read -ra args <<<"${w_args[$i]}"
  err_before="$(info_field "$port" stats total_error_replies)"
  set +e
  out="$(timeout --foreground "$bench_timeout" redis-benchmark -h 127.0.0.1 -p "$port" -c "$clients" \
          -n "${w_requests[$i]}" -P "${w_pipe[$i]}" --csv "${args[@]}" 2>"$tmp/bench.err")"
  code=$?
  set -e
  local key="${w_ids[$i]}|$server"
  if [ "$code" -ne 0 ]; then
    local why="redis-benchmark exited with $code"
    [ "$code" = 124 ] && why="no result within ${bench_timeout}s (hung?)"
    failures[$key]+="round $round: $why $(head -c 300 "$tmp/bench.err" | tr '\n' ' '); "
    say "FAILED ${w_label[$i]} -P ${w_pipe[$i]} on $server: $why"
    return 0
  fi
  err_after="$(info_field "$port" stats total_error_replies)"
  errors[$key]=$(( ${errors[$key]:-0} + ${err_after:-0} - ${err_before:-0} ))
  [ "$round" = 0 ] && return 0
  # test,rps,avg,min,p50,p95,p99,max: read from the end, the test name of a custom command may be long.
  line="$(printf '%s\n' "$out" | tr -d '"' | awk -F, 'NR == 2 { print $(NF-6), $(NF-3), $(NF-1) }')"
  [ -n "$line" ] || { failures[$key]+="round $round: no CSV result; "; return 0; }
  read -r r a b <<<"$line"
  rps[$key]+="$r " p50[$key]+="$a " p99[$key]+="$b "
}

if [ "${#w_ids[@]}" -gt 0 ]; then
  # Every GET and MGET finds its key: the random keys of redis-benchmark (key:<12 digits>) exist beforehand.
  awk -v n="$keyspace" 'BEGIN { for (i = 0; i < n; i++) { k = sprintf("key:%012d", i);
      printf "*3\r\n$3\r\nSET\r\n$%d\r\n%s\r\n$3\r\nxxx\r\n", length(k), k } }' >"$tmp/keyspace.resp"
  for port in "$redis_port" "$redactor_port"; do
    timeout --foreground 120 redis-cli -h 127.0.0.1 -p "$port" --pipe <"$tmp/keyspace.resp" >"$tmp/pipe.out" 2>&1 \
      || die "loading the benchmark keyspace into port $port failed: $(tail -n 3 "$tmp/pipe.out")"
  done

  say "warm-up: one untimed round against Redactor (${#w_ids[@]} workloads)"
  for i in "${!w_ids[@]}"; do
    run_workload "$i" redactor 0
  done
  redactor_alive || die "Redactor stopped answering during the warm-up"

  for round in $(seq 1 "$rounds"); do
    say "round $round of $rounds"
    for i in "${!w_ids[@]}"; do
      if [ $((round % 2)) = 1 ]; then order="redis redactor"; else order="redactor redis"; fi
      for server in $order; do
        run_workload "$i" "$server" "$round"
      done
      redactor_alive || die "Redactor stopped answering after ${w_label[$i]} -P ${w_pipe[$i]} (round $round)"
    done
  done
fi

# ---------------------------------------------------------------------------------------------------------
# Memory: the same N keys (key:%07d, 16-byte values) in both, full GC on Redactor before reading its heap.

declare -A mem=()
measure_memory() { # measure_memory SERVER PORT
  local server="$1" port="$2" t0 t1 out
  cli "$port" FLUSHALL >/dev/null
  if [ "$server" = redactor ]; then
    "$jcmd" "$redactor_pid" GC.run >/dev/null
    "$jcmd" "$redactor_pid" GC.run >/dev/null
  fi
  mem[$server.empty]="$(info_field "$port" memory used_memory)"
  t0="$(now_ms)"
  out="$(timeout --foreground 600 redis-cli -h 127.0.0.1 -p "$port" --pipe <"$tmp/memory.resp" 2>&1)" \
    || die "loading $keys keys into $server failed: $out"
  t1="$(now_ms)"
  mem[$server.load_ms]=$((t1 - t0))
  mem[$server.pipe]="$(printf '%s\n' "$out" | tail -n 1)"
  if [ "$server" = redactor ]; then
    "$jcmd" "$redactor_pid" GC.run >/dev/null
    "$jcmd" "$redactor_pid" GC.run >/dev/null
    mem[$server.heap_committed]="$(info_field "$port" memory jvm_heap_committed)"
  fi
  mem[$server.used]="$(info_field "$port" memory used_memory)"
  mem[$server.rss]="$(info_field "$port" memory used_memory_rss)"
  mem[$server.dbsize]="$(cli "$port" DBSIZE)"
  mem[$server.check]="$(cli "$port" GET key:0000042)"
}
if selected memory; then
  awk -v n="$keys" 'BEGIN { for (i = 0; i < n; i++) { k = sprintf("key:%07d", i); v = sprintf("val:%012d", i);
      printf "*3\r\n$3\r\nSET\r\n$%d\r\n%s\r\n$%d\r\n%s\r\n", length(k), k, length(v), v } }' >"$tmp/memory.resp"
  say "memory: loading $keys keys with 16-byte values into Redis, then into Redactor"
  measure_memory redis "$redis_port"
  measure_memory redactor "$redactor_port"
  redactor_alive || die "Redactor stopped answering after loading $keys keys"
fi

# ---------------------------------------------------------------------------------------------------------
# Report.

mib() { awk -v b="$1" 'BEGIN { printf "%.1f MiB", b / 1048576 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }
fmt_rps() { awk -v r="$1" 'BEGIN { printf "%.0f", r }'; }
met() { awk -v v="$1" -v op="$2" -v t="$3" 'BEGIN { ok = (op == ">=" ? v >= t : v <= t); print (ok ? "met" : "NOT met") }'; }

stamp="$(date +%Y%m%d-%H%M%S)"
mkdir -p "$root/bench/results"
report="$root/bench/results/$stamp.md"
{
  echo "## Redactor vs Redis, $(date '+%Y-%m-%d %H:%M %Z')"
  echo
  echo "- Machine: $machine_cores cores, ${machine_cpu:-unknown CPU}, $(awk '/MemTotal/ { printf "%.0f GiB RAM", $2 / 1048576 }' /proc/meminfo)"
  echo "- JDK: $java_version; Redis: $redis_version; Redactor: commit $redactor_commit, started by \`bin/redactor\` (its JVM flags${REDACTOR_JAVA_OPTS:+ plus $REDACTOR_JAVA_OPTS}; max heap $(mib "$redactor_heap_max"))"
  echo "- Load average (1, 5, 15 min) at start: $load_at_start; at end: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "- redis-benchmark: $clients clients, $rounds round(s) interleaved (median reported) after one untimed warm-up round against Redactor; $requests requests per workload without pipelining, 5x (SET/GET/INCR) or 2x (MSET/MGET) with -P 16"
  echo "- Command: \`bench/compare.sh$([ "$quick" = 1 ] && echo " --quick") --rounds $rounds --requests $requests --keys $keys --starts $starts$([ -n "$only" ] && echo " --only $only")\`"
  echo
  if [ "${#w_ids[@]}" -gt 0 ]; then
    echo "### Throughput and latency"
    echo
    echo "| Workload | -P | Redis req/s | Redactor req/s | Ratio | Target | Redis p50 / p99 ms | Redactor p50 / p99 ms | Errors Redis / Redactor |"
    echo "|---|---:|---:|---:|---:|---|---:|---:|---:|"
    for i in "${!w_ids[@]}"; do
      rk="${w_ids[$i]}|redis" dk="${w_ids[$i]}|redactor"
      # shellcheck disable=SC2086
      {
        r_rps="$(median ${rps[$rk]:-})" d_rps="$(median ${rps[$dk]:-})"
        r_p50="$(median ${p50[$rk]:-})" r_p99="$(median ${p99[$rk]:-})"
        d_p50="$(median ${p50[$dk]:-})" d_p99="$(median ${p99[$dk]:-})"
      }
      if [ -n "$r_rps" ] && [ -n "$d_rps" ]; then
        x="$(ratio "$d_rps" "$r_rps")"
        target="—"
        [ -n "${w_target[$i]}" ] && target="≥ ${w_target[$i]}: $(met "$x" ">=" "${w_target[$i]}")"
        echo "| ${w_label[$i]} | ${w_pipe[$i]} | $(fmt_rps "$r_rps") | $(fmt_rps "$d_rps") | $x | $target | $r_p50 / $r_p99 | $d_p50 / $d_p99 | ${errors[$rk]:-0} / ${errors[$dk]:-0} |"
      else
        echo "| ${w_label[$i]} | ${w_pipe[$i]} | ${r_rps:-failed} | ${d_rps:-failed} | n/a | | | | ${errors[$rk]:-0} / ${errors[$dk]:-0} |"
      fi
    done
    echo
    # The latency target: p99 <= 2 ms at 50 clients without pipelining, for SET, GET, INCR.
    worst=""
    for i in "${!w_ids[@]}"; do
      [ "${w_pipe[$i]}" = 1 ] && [ -n "${w_target[$i]}" ] || continue
      # shellcheck disable=SC2086
      dk="${w_ids[$i]}|redactor"
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
    echo "| DBSIZE | ${mem[redis.dbsize]} | ${mem[redactor.dbsize]} | |"
    echo "| used_memory (Redactor: heap used after full GC) | $(mib "${mem[redis.used]}") | $(mib "${mem[redactor.used]}") | $(ratio "${mem[redactor.used]}" "${mem[redis.used]}") |"
    echo "| used_memory when empty (after FLUSHALL) | $(mib "${mem[redis.empty]}") | $(mib "${mem[redactor.empty]}") | |"
    echo "| increase for the keys | $(mib $((${mem[redis.used]} - ${mem[redis.empty]}))) | $(mib $((${mem[redactor.used]} - ${mem[redactor.empty]}))) | $(ratio $((${mem[redactor.used]} - ${mem[redactor.empty]})) $((${mem[redis.used]} - ${mem[redis.empty]}))) |"
    echo "| bytes per key (increase / keys) | $(( (${mem[redis.used]} - ${mem[redis.empty]}) / keys )) | $(( (${mem[redactor.used]} - ${mem[redactor.empty]}) / keys )) | |"
    echo "| resident set size (RSS) | $(mib "${mem[redis.rss]}") | $(mib "${mem[redactor.rss]}") | $(ratio "${mem[redactor.rss]}" "${mem[redis.rss]}") |"
    echo "| load time (redis-cli --pipe) | ${mem[redis.load_ms]} ms | ${mem[redactor.load_ms]} ms | |"
    echo
    echo "Memory target (heap used ≤ 2x Redis used_memory): $(met "$(ratio "${mem[redactor.used]}" "${mem[redis.used]}")" "<=" 2). Redactor's committed heap after the load: $(mib "${mem[redactor.heap_committed]}"). Pipe results: Redis \`${mem[redis.pipe]}\`, Redactor \`${mem[redactor.pipe]}\`; GET key:0000042: Redis \`${mem[redis.check]}\`, Redactor \`${mem[redactor.check]}\`."
    echo
  fi
  if [ "${#failures[@]}" -gt 0 ]; then
    echo "### Failures"
    echo
    for key in "${!failures[@]}"; do
      echo "- $key: ${failures[$key]}"
    done
    echo
  fi
} >"$report"

cat "$report"
say "report written to ${report#"$root/"}"
