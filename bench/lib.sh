# Sourced by the bench/ scripts that compare Redactor with a real redis-server side by side: processes and
# their cleanup, free ports, the two servers, redis-benchmark workloads run in interleaved rounds, memory
# measured after full GCs, and the pieces of the Markdown report they share.
#
# The script sources it after parsing its options, sets `only` (its --only list, empty for everything), then
# calls bench_init (temporary directory, cleanup traps) and bench_prerequisites (Redis, JDK, jar).
# shellcheck shell=bash disable=SC2034  # variables set here are read by the sourcing script

bench_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bench_name="$(basename "$0")"

clients=50
bench_timeout=300        # seconds one redis-benchmark run may take before Redactor is reported as hung

say() { echo "[$(date +%H:%M:%S)] $*" >&2; }
die() { echo "$bench_name: $*" >&2; exit 1; }

usage() { # the script's header comment, from its second line to `set -euo`
  sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
  exit "${1:-2}"
}

require_counts() { # require_counts NUMBERS...: each a positive integer, or exit 2
  local n
  for n in "$@"; do
    [[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "$bench_name: not a positive number: $n" >&2; exit 2; }
  done
}

selected() { # selected TOKEN: whether --only (or its absence) selects it
  [ -z "$only" ] && return 0
  [[ ",${only,,}," == *",$1,"* ]]
}

check_only() { # check_only ITEMS...: exit 2 on an --only item not among them
  local token valid=" $* "
  for token in ${only//,/ }; do
    [[ "$valid" == *" ${token,,} "* ]] && continue
    local IFS=,
    echo "$bench_name: --only: unknown item '$token' ($*)" >&2
    exit 2
  done
}

# ---------------------------------------------------------------------------------------------------------
# Processes we start, and stopping them whatever happens.

started_pids=()

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

bench_cleanup() {
  local code=$? pid log
  trap - EXIT INT TERM HUP
  [ -z "$running_pid" ] || stop_pid "$running_pid"
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

bench_init() { # sets tmp (removed at exit) and the traps that stop every process in started_pids
  tmp="$(mktemp -d "${TMPDIR:-/tmp}/redactor-bench.XXXXXX")"
  trap bench_cleanup EXIT
  trap 'echo "$bench_name: interrupted" >&2; exit 130' INT
  trap 'echo "$bench_name: terminated" >&2; exit 143' TERM
  trap 'echo "$bench_name: hung up" >&2; exit 129' HUP
}

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

pipe_load() { # pipe_load PORT FILE WHAT SECONDS: send a file of RESP commands with redis-cli --pipe, or die
  timeout --foreground "$4" redis-cli -h 127.0.0.1 -p "$1" --pipe <"$2" >"$tmp/pipe.out" 2>&1 \
    || die "loading $3 into port $1 failed: $(tail -n 3 "$tmp/pipe.out")"
}

now_ms() { local us="${EPOCHREALTIME//[!0-9]/}"; echo $(( us / 1000 )); }

# load_keyspace N: the keys redis-benchmark -r N uses (key:000000000000 ...), each set to "xxx", on both servers
load_keyspace() {
  awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) { k = sprintf("key:%012d", i);
      printf "*3\r\n$3\r\nSET\r\n$%d\r\n%s\r\n$3\r\nxxx\r\n", length(k), k } }' >"$tmp/keyspace.resp"
  local port
  for port in "$redis_port" "$redactor_port"; do
    pipe_load "$port" "$tmp/keyspace.resp" "the benchmark keyspace" 120
  done
}

median_rps() { # median_rps WORKLOAD SERVER: the median requests/s of a workload's runs on a server
  # shellcheck disable=SC2086
  median ${rps[$1|$2]:-}
}

median() { # median NUMBERS...
  printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { if (NR == 0) exit; if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

# ---------------------------------------------------------------------------------------------------------
# Prerequisites (Redis, a JDK, the jar), the two servers, what the report says about the machine.

bench_prerequisites() { # sets JAVA, JAVA_HOME, JAVA_VERSION, jcmd, jar
  "$bench_root/bin/install-redis"
  local tool
  for tool in redis-server redis-cli redis-benchmark; do
    command -v "$tool" >/dev/null || die "$tool is missing"
  done
  # shellcheck source=../bin/java-env
  source "$bench_root/bin/java-env"
  redactor_find_java
  jcmd="$JAVA_HOME/bin/jcmd"
  [ -x "$jcmd" ] || die "jcmd not found in $JAVA_HOME/bin (needed to force a full GC before measuring the heap)"

  jar="$bench_root/target/redactor.jar"
  if [ ! -f "$jar" ]; then
    say "building $jar..."
    if [ "$JAVA_VERSION" -ge 24 ]; then
      export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
    fi
    (cd "$bench_root" && mvn -q -B -DskipTests package) >&2
  fi
  record_startup_cache
}

# The first start after a build records bin/redactor's start-up cache (an AOT cache on JDK 25+), which runs with
# JFR off and profiles being recorded: never a measured run. Start and stop once when the cache is not current.
record_startup_cache() {
  local cache="$bench_root/target/redactor.aot"
  [ "$JAVA_VERSION" -ge 25 ] || cache="$bench_root/target/redactor.jsa"
  if [ -s "$cache" ] && [ "$cache" -nt "$jar" ]; then
    return
  fi
  say "recording Redactor's start-up cache (one start and stop)..."
  local port pid
  port="$(free_port)"
  "$bench_root/bin/redactor" --port "$port" --http-port 0 --dir "$tmp" --save "" --appendonly no \
    >"$tmp/startup-cache.log" 2>&1 &
  pid=$!
  wait_for_pong "$port" "$pid" 120 || die "Redactor failed while recording its start-up cache: $pong_failure"
  cli "$port" SHUTDOWN NOSAVE >/dev/null 2>&1 || true
  wait "$pid" 2>/dev/null || true
}

# start_redis [DIR [PARAMETERS...]]: sets redis_port, redis_pid. Its files in DIR (default the run's temporary
# directory); without parameters it persists nothing (--save '' --appendonly no).
start_redis() {
  redis_port="$(free_port)"
  local dir="${1:-$tmp}" persistence=(--save "" --appendonly no)
  [ $# -gt 1 ] && persistence=("${@:2}")
  redis-server --port "$redis_port" --bind 127.0.0.1 --daemonize no --dir "$dir" "${persistence[@]}" \
    --logfile "$dir/redis.log" &
  redis_pid=$!
  started_pids+=("$redis_pid")
  wait_for_pong "$redis_port" "$redis_pid" 30 || die "redis-server failed: $pong_failure"
}

# start_redactor LOG [DIR [PARAMETERS...]]: sets redactor_port, redactor_pid (bin/redactor execs java: the pid is the
# JVM's). No REST API: the default HTTP port may be taken by another server on the machine. Its files in DIR (default the run's temporary directory); without parameters it persists nothing, as the
# Redis it is compared with (--save '' --appendonly no).
start_redactor() {
  redactor_port="$(free_port)"
  local dir="${2:-$tmp}" persistence=(--save "" --appendonly no)
  [ $# -gt 2 ] && persistence=("${@:3}")
  "$bench_root/bin/redactor" --port "$redactor_port" --http-port 0 --dir "$dir" "${persistence[@]}" >"$1" 2>&1 &
  redactor_pid=$!
  started_pids+=("$redactor_pid")
}

start_servers() { # a redis-server and a Redactor answering PING; sets redis_*, redactor_*, redactor_heap_max
  start_redis
  say "redis-server $redis_version on port $redis_port"
  start_redactor "$tmp/redactor.log"
  wait_for_pong "$redactor_port" "$redactor_pid" 60 || die "Redactor failed: $pong_failure"
  say "Redactor (pid $redactor_pid) on port $redactor_port"
  redactor_heap_max="$(info_field "$redactor_port" memory jvm_heap_max)"
}

redactor_alive() {
  kill -0 "$redactor_pid" 2>/dev/null && [ "$(cli "$redactor_port" PING)" = "PONG" ]
}

server_port() { # server_port redis|redactor
  if [ "$1" = redis ]; then echo "$redis_port"; else echo "$redactor_port"; fi
}

server_name() { # server_name redis|redactor: as messages name it
  if [ "$1" = redis ]; then echo "redis-server"; else echo "Redactor"; fi
}

bench_machine_info() { # what report_header prints; read at start
  machine_cpu="$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)"
  machine_cores="$(nproc)"
  java_version="$("$JAVA" -version 2>&1 | head -n 1)"
  redis_version="$(redis-server --version | sed -E 's/.* v=([^ ]+).*/\1/')"
  load_at_start="$(cut -d' ' -f1-3 /proc/loadavg)"
  redactor_commit="$(git -C "$bench_root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  if [ -n "$(git -C "$bench_root" status --porcelain --untracked-files=no 2>/dev/null || true)" ]; then
    redactor_commit+=" (with uncommitted changes)"
  fi
}

# ---------------------------------------------------------------------------------------------------------
# Workloads: id, label, command (for --only), pipeline, requests, throughput target (ratio), redis-benchmark
# args; optionally a command sent to the server (redis-cli) before every run, so that each run starts from
# the same data on both servers, a function called after every run as FUNCTION INDEX SERVER PORT ROUND
# (0 = warm-up), to check what the run did (see check_failed), and the redis-benchmark args against Redis
# when they differ from Redactor's (a Redactor extension compared with the Redis command it stands for, as
# EVALASYNC with EVAL). The args and the command are split into words as xargs splits them: quotes keep a
# word with spaces whole, as in EVAL "return 0" 0.

w_ids=() w_label=() w_cmd=() w_pipe=() w_requests=() w_target=() w_args=() w_before=() w_after=() w_redis_args=()
add_workload() {
  local cmd="$3"
  selected "$cmd" || return 0
  w_ids+=("$1") w_label+=("$2") w_cmd+=("$cmd") w_pipe+=("$4") w_requests+=("$5") w_target+=("$6") w_args+=("$7")
  w_before+=("${8:-}") w_after+=("${9:-}") w_redis_args+=("${10:-}")
}

split_words() { # split_words ARRAY STRING: STRING's words into ARRAY; quotes keep spaces in a word
  local -n words_into="$1"
  words_into=()
  [ -z "$2" ] || mapfile -d '' words_into < <(xargs printf '%s\0' <<<"$2")
}

declare -A rps=() p50=() p99=() errors=() failures=() checks=()
# The port redis-benchmark runs against, per server, when not the one INFO and redis-cli use (a TLS port).
declare -A benchmark_port=()
check_failed() { # check_failed INDEX SERVER MESSAGE: a check after a run found something wrong
  local key="${w_ids[$1]}|$2"
  checks[$key]+="$3; "
  say "CHECK FAILED ${w_label[$1]} on $2: $3"
}

# run_benchmark SERVER WHAT REDIS-BENCHMARK-ARGS...: runs redis-benchmark in the background into bench.out and
# bench.err and watches it: sets bench_code (124 when it ran longer than bench_timeout), and dies when the
# server exits or does not answer PING within 10 s meanwhile (asked after 10 s of running, then every 10 s).
running_pid=""
run_benchmark() {
  local server="$1" what="$2" pid name started now last_ping
  name="$(server_name "$server")"
  if [ "$server" = redis ]; then pid="$redis_pid"; else pid="$redactor_pid"; fi
  redis-benchmark "${@:3}" >"$tmp/bench.out" 2>"$tmp/bench.err" &
  running_pid=$!
  started="$EPOCHSECONDS" last_ping="$started"
  while kill -0 "$running_pid" 2>/dev/null; do
    now="$EPOCHSECONDS"
    if [ $((now - started)) -ge "$bench_timeout" ]; then
      stop_pid "$running_pid"
      running_pid="" bench_code=124
      return 0
    fi
    if ! kill -0 "$pid" 2>/dev/null; then
      stop_pid "$running_pid"; running_pid=""
      die "$name exited while redis-benchmark ran $what"
    fi
    if [ $((now - last_ping)) -ge 10 ]; then
      last_ping="$now"
      if [ "$(timeout 10 redis-cli -h 127.0.0.1 -p "$(server_port "$server")" PING 2>/dev/null)" != PONG ]; then
        stop_pid "$running_pid"; running_pid=""
        die "$name stopped answering (no PONG within 10 s) while redis-benchmark ran $what"
      fi
    fi
    sleep 0.1
  done
  bench_code=0
  wait "$running_pid" || bench_code=$?
  running_pid=""
}

# run_workload INDEX SERVER(redis|redactor) ROUND(0 = warm-up)
run_workload() {
  local i="$1" server="$2" round="$3" port err_before err_after out code line r a b
  local -a args before
  port="$(server_port "$server")"
  if [ "$server" = redis ] && [ -n "${w_redis_args[$i]}" ]; then
    split_words args "${w_redis_args[$i]}"
  else
    split_words args "${w_args[$i]}"
  fi
  if [ -n "${w_before[$i]}" ]; then
    split_words before "${w_before[$i]}"
    cli "$port" "${before[@]}" >/dev/null
  fi
  err_before="$(info_field "$port" stats total_error_replies)"
  [ -n "$err_before" ] || die "$(server_name "$server") did not answer INFO before ${w_label[$i]} -P ${w_pipe[$i]} (round $round)"
  run_started_ms="$(now_ms)"
  run_benchmark "$server" "${w_label[$i]} -P ${w_pipe[$i]}" -h 127.0.0.1 -p "${benchmark_port[$server]:-$port}" -c "$clients" \
    -n "${w_requests[$i]}" -P "${w_pipe[$i]}" --csv "${args[@]}"
  out="$(cat "$tmp/bench.out")" code="$bench_code"
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
  [ -z "${w_after[$i]}" ] || "${w_after[$i]}" "$i" "$server" "$port" "$round"
  [ "$round" = 0 ] && return 0
  # test,rps,avg,min,p50,p95,p99,max: read from the end, the test name of a custom command may be long.
  line="$(printf '%s\n' "$out" | tr -d '"' | awk -F, 'NR == 2 { print $(NF-6), $(NF-3), $(NF-1) }')"
  [ -n "$line" ] || { failures[$key]+="round $round: no CSV result; "; return 0; }
  read -r r a b <<<"$line"
  rps[$key]+="$r " p50[$key]+="$a " p99[$key]+="$b "
}

run_workloads() { # one untimed warm-up round against Redactor, then the script's $rounds interleaved rounds
  local i round order server
  say "warm-up: one untimed round against Redactor (${#w_ids[@]} workloads)"
  for i in "${!w_ids[@]}"; do
    run_workload "$i" redactor 0
  done
  redactor_alive || die "Redactor stopped answering during the warm-up"

  # shellcheck disable=SC2154  # rounds: the script's --rounds
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
}

# ---------------------------------------------------------------------------------------------------------
# Memory: load a redis-cli --pipe file into an emptied server and read what it uses, Redactor's heap after
# two full GCs on both sides of the load. Results in mem[NAME.SERVER.FIELD].

declare -A mem=()
full_gc() { # full_gc: two full GCs on Redactor, so that its heap used is what it keeps
  "$jcmd" "$redactor_pid" GC.run >/dev/null
  "$jcmd" "$redactor_pid" GC.run >/dev/null
}

# measure_memory NAME SERVER PORT FILE WHAT CHECK-COMMAND...: WHAT names the data for messages; the check
# command's reply is kept as mem[NAME.SERVER.check].
measure_memory() {
  local name="$1" server="$2" port="$3" file="$4" what="$5" t0 t1 out
  local p="$name.$server"
  cli "$port" FLUSHALL >/dev/null
  [ "$server" = redactor ] && full_gc
  if [ "$server" = redactor ]; then
    mem[$p.empty]="$(info_field "$port" memory jvm_heap_used)"
  else
    mem[$p.empty]="$(info_field "$port" memory used_memory)"
  fi
  t0="$(now_ms)"
  out="$(timeout --foreground 600 redis-cli -h 127.0.0.1 -p "$port" --pipe <"$file" 2>&1)" \
    || die "loading $what into $server failed: $out"
  t1="$(now_ms)"
  mem[$p.load_ms]=$((t1 - t0))
  mem[$p.pipe]="$(printf '%s\n' "$out" | tail -n 1)"
  if [ "$server" = redactor ]; then
    full_gc
    mem[$p.heap_committed]="$(info_field "$port" memory jvm_heap_committed)"
  fi
  if [ "$server" = redactor ]; then # the heap after full collections, not Redactor's estimate (used_memory)
    mem[$p.used]="$(info_field "$port" memory jvm_heap_used)"
  else
    mem[$p.used]="$(info_field "$port" memory used_memory)"
  fi
  mem[$p.rss]="$(info_field "$port" memory used_memory_rss)"
  mem[$p.dbsize]="$(cli "$port" DBSIZE)"
  mem[$p.check]="$(cli "$port" "${@:6}")"
}

# ---------------------------------------------------------------------------------------------------------
# Report pieces.

mib() { awk -v b="$1" 'BEGIN { printf "%.1f MiB", b / 1048576 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }
fmt_rps() { awk -v r="$1" 'BEGIN { printf "%.0f", r }'; }
met() { awk -v v="$1" -v op="$2" -v t="$3" 'BEGIN { ok = (op == ">=" ? v >= t : v <= t); print (ok ? "met" : "NOT met") }'; }

report_file() { # report_file: bench/results/<timestamp>.md (the directory made)
  mkdir -p "$bench_root/bench/results"
  echo "$bench_root/bench/results/$(date +%Y%m%d-%H%M%S).md"
}

report_header() { # report_header TITLE: the title and what ran where
  echo "## $1, $(date '+%Y-%m-%d %H:%M %Z')"
  echo
  echo "- Machine: $machine_cores cores, ${machine_cpu:-unknown CPU}, $(awk '/MemTotal/ { printf "%.0f GiB RAM", $2 / 1048576 }' /proc/meminfo)"
  echo "- JDK: $java_version; Redis: $redis_version; Redactor: commit $redactor_commit, started by \`bin/redactor\` (its JVM flags${REDACTOR_JAVA_OPTS:+ plus $REDACTOR_JAVA_OPTS}; max heap $(mib "$redactor_heap_max"))"
  echo "- Load average (1, 5, 15 min) at start: $load_at_start; at end: $(cut -d' ' -f1-3 /proc/loadavg)"
}

report_throughput() { # the table of every workload: medians of requests/s, p50, p99; ratios and targets
  local i rk dk r_rps d_rps r_p50 r_p99 d_p50 d_p99 x target
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
}

plural() { # plural NOUN: member -> members, entry -> entries
  case "$1" in
    *[!aeiou]y) echo "${1%y}ies" ;;
    *) echo "${1}s" ;;
  esac
}

report_memory_rows() { # report_memory_rows NAME COUNT UNIT: the rows every memory table has, after its first
  local r="$1.redis" d="$1.redactor" units
  units="$(plural "$3")"
  local r_inc=$(( ${mem[$r.used]} - ${mem[$r.empty]} )) d_inc=$(( ${mem[$d.used]} - ${mem[$d.empty]} ))
  echo "| used_memory (Redactor: heap used after full GC) | $(mib "${mem[$r.used]}") | $(mib "${mem[$d.used]}") | $(ratio "${mem[$d.used]}" "${mem[$r.used]}") |"
  echo "| used_memory when empty (after FLUSHALL) | $(mib "${mem[$r.empty]}") | $(mib "${mem[$d.empty]}") | |"
  echo "| increase for the $units | $(mib "$r_inc") | $(mib "$d_inc") | $(ratio "$d_inc" "$r_inc") |"
  echo "| bytes per $3 (increase / $units) | $(( r_inc / $2 )) | $(( d_inc / $2 )) | |"
  echo "| resident set size (RSS) | $(mib "${mem[$r.rss]}") | $(mib "${mem[$d.rss]}") | $(ratio "${mem[$d.rss]}" "${mem[$r.rss]}") |"
  echo "| load time (redis-cli --pipe) | ${mem[$r.load_ms]} ms | ${mem[$d.load_ms]} ms | |"
}

report_failures() { # the runs that failed, and the checks after runs that found something wrong
  local key
  if [ "${#failures[@]}" -gt 0 ]; then
    echo "### Failures"
    echo
    for key in "${!failures[@]}"; do
      echo "- $key: ${failures[$key]}"
    done
    echo
  fi
  if [ "${#checks[@]}" -gt 0 ]; then
    echo "### Failed checks"
    echo
    for key in "${!checks[@]}"; do
      echo "- $key: ${checks[$key]}"
    done
    echo
  fi
}
