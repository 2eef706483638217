#!/usr/bin/env bash
# Measures and plots the dissertation's two scripting figures, Redactor side by side with a real redis-server,
# with the matrix multiplication of bench/matrix-load.py (DESIGN.md section 9; script clients only, no GETs).
#   - Figure 5.1, bench/figures/matrix-size.{csv,png}: throughput (scripts/s) against the matrix size n, for
#     Redactor's EVALSHA (atomic scripts), Redactor's EVALSHAASYNC (each redis.call one atomic command) and
#     Redis's EVALSHA; --clients script clients (default 10), each on its own matrices in its own partition.
#     Both servers start once; after a warm-up run of each Redactor command, every size is loaded into both
#     and runs --seconds per series, the order of the three series reversed from one size to the next.
#   - Figure 5.2, bench/figures/matrix-threads.{csv,png}: EVALSHAASYNC throughput against the virtual-thread
#     scheduler's parallelism K (the carrier threads the scripts' Lua runs on: -Djdk.virtualThreadScheduler.
#     parallelism=K, which clients' async scripts' own carrier pool follows too), K = 1..cores by default, at
#     --threads-size; Redactor restarted for each K (after the warm-up run, its threads named
#     async-script-carrier-N are counted: K of them), then the measured runs, each followed by a run of
#     Redis's EVALSHA for the reference line (the plot draws the median of Redis's points).
# Each point is the median of --rounds runs of a few seconds, each run's throughput counted until the last
# script sent has answered (matrix-load.py's drained_scripts_per_s: with 100x100 matrices a script takes
# seconds, and a count of the scripts completed within a 4-second run would move in steps of 10 clients).
# The whole takes about 8 minutes on a 2-core machine. The CSVs (with a header comment saying when, where
# and how; every run in matrix-runs.csv) and the PNGs go to --out (default bench/figures); a Markdown
# summary to stdout and bench/results/<timestamp>.md. Plots with gnuplot (installed with apt-get as the Debian
# package gnuplot-nox when missing).
#
# Usage: bench/figures.sh [--sizes LIST] [--seconds S] [--clients N] [--threads LIST] [--threads-size N]
#                         [--threads-seconds S] [--rounds N] [--only LIST] [--plot-only] [--out DIR]
#   --sizes LIST          matrix sizes of Figure 5.1, comma-separated (default 2,5,10,20,30,40,50,60,70,80,90,100)
#   --seconds S           length of each Figure 5.1 run (default 4)
#   --clients N           script clients (default 10)
#   --threads LIST        carrier counts K of Figure 5.2, comma-separated (default 1 to the number of cores)
#   --threads-size N      matrix size of Figure 5.2 (default 100)
#   --threads-seconds S   length of each Figure 5.2 run, and of its warm-up (default 8)
#   --rounds N            runs per point, the median plotted (default 2): Figure 5.1 sweeps every size N
#                         times, so that a burst of the machine's other work does not make one whole
#                         curve; Figure 5.2 runs Redactor and Redis N times in turn per K
#   --only LIST           size, threads or both (default both)
#   --plot-only           plot the CSVs already in --out, measure nothing
#   --out DIR             where the CSVs and PNGs go (default bench/figures)
# Extra JVM options for Redactor: REDACTOR_JAVA_OPTS (as for bin/redactor; Figure 5.2 adds its own flag).
# Needs python3 (standard library only).
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

sizes="2,5,10,20,30,40,50,60,70,80,90,100" seconds=4 script_clients=10 threads="" threads_size=100
threads_seconds=8 rounds=2 only="" plot_only=0 out="$bench_root/bench/figures"
while [ $# -gt 0 ]; do
  case "$1" in
    --sizes) sizes="${2:?}"; shift 2 ;;
    --seconds) seconds="${2:?}"; shift 2 ;;
    --clients) script_clients="${2:?}"; shift 2 ;;
    --threads) threads="${2:?}"; shift 2 ;;
    --threads-size) threads_size="${2:?}"; shift 2 ;;
    --threads-seconds) threads_seconds="${2:?}"; shift 2 ;;
    --rounds) rounds="${2:?}"; shift 2 ;;
    --only) only="${2:?}"; shift 2 ;;
    --plot-only) plot_only=1; shift ;;
    --out) out="${2:?}"; shift 2 ;;
    -h|--help) usage 0 ;;
    *) echo "$bench_name: unknown option $1" >&2; usage ;;
  esac
done
[ -n "$threads" ] || threads="$(seq -s, 1 "$(nproc)")"
# shellcheck disable=SC2086
require_counts ${sizes//,/ } ${threads//,/ } "$seconds" "$script_clients" "$threads_size" "$threads_seconds" "$rounds"
check_only size threads
command_line="bench/figures.sh --sizes $sizes --seconds $seconds --clients $script_clients --threads $threads --threads-size $threads_size --threads-seconds $threads_seconds --rounds $rounds${only:+ --only $only}"

matrix_driver="$bench_root/bench/matrix-load.py"
size_csv="$out/matrix-size.csv" threads_csv="$out/matrix-threads.csv" runs_csv="$out/matrix-runs.csv"
mkdir -p "$out"

install_gnuplot() {
  command -v gnuplot >/dev/null && return 0
  say "installing gnuplot (Debian package gnuplot-nox)..."
  local sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo_cmd apt-get update -qq >/dev/null || die "apt-get update failed"
  $sudo_cmd apt-get install -y -qq gnuplot-nox >/dev/null || die "apt-get install gnuplot-nox failed"
  command -v gnuplot >/dev/null || die "gnuplot is still missing after installing gnuplot-nox"
}

# ---------------------------------------------------------------------------------------------------------
# Measuring: one matrix run of bench/matrix-load.py; its scripts/s, or nothing (and a failure noted).

note_failure() { # note_failure MESSAGE: for the report (matrix_run runs in a subshell: a file, not a variable)
  echo "$1" >>"$tmp/failures"
}

matrix_load() { # matrix_load PORT SIZE: load both matrices of every client, or die
  timeout --foreground 300 python3 "$matrix_driver" load --port "$1" --size "$2" --script-clients "$script_clients" \
    --get-clients 0 >"$tmp/load.out" 2>"$tmp/load.err" || die "loading ${2}x$2 matrices into port $1 failed: $(tail -n 3 "$tmp/load.err")"
}

matrix_run() { # matrix_run PORT SIZE COMMAND SECONDS WHAT: prints scripts/s
  local port="$1" size="$2" command="$3" secs="$4" what="$5" code=0 figures check sps
  timeout --foreground $((secs + 300)) python3 "$matrix_driver" run --port "$port" --size "$size" \
    --script-clients "$script_clients" --get-clients 0 --seconds "$secs" --command "$command" \
    >"$tmp/run.out" 2>"$tmp/run.err" || code=$?
  if [ "$code" -ne 0 ]; then
    note_failure "$what: bench/matrix-load.py exited with $code: $(head -c 300 "$tmp/run.err" | tr '\n' ' ')"
    say "FAILED $what (exit $code)"
    return 0
  fi
  figures="$(sed -n 1p "$tmp/run.out")"
  check="$(sed -n 's/^check=//p' "$tmp/run.out")"
  sps="$(tr ' ' '\n' <<<"$figures" | sed -n 's/^drained_scripts_per_s=//p')"
  if [ "$check" != ok ] || [[ "$figures" != *" wrong_replies=0 "* ]]; then
    note_failure "$what: check $check; $(tr ' ' '\n' <<<"$figures" | grep '^wrong_replies='); $(sed -n 's/^first_wrong=//p' "$tmp/run.out")"
    say "CHECK FAILED $what: $check"
    return 0
  fi
  say "$what: $sps scripts/s"
  echo "$sps"
}

csv_header() { # csv_header FIGURE-TITLE: the comment lines every CSV starts with
  echo "# $1"
  echo "# bench/figures.sh, $(date '+%Y-%m-%d %H:%M %Z'); Redactor commit $redactor_commit; Redis $redis_version; $java_version"
  echo "# $machine_cores cores, ${machine_cpu:-unknown CPU}; load average at start $load_at_start"
  echo "# $command_line${REDACTOR_JAVA_OPTS:+ (REDACTOR_JAVA_OPTS=$REDACTOR_JAVA_OPTS)}"
  echo "# plot: $(date '+%Y-%m-%d %H:%M %Z'), Redactor $redactor_commit, Redis $redis_version, JDK $JAVA_VERSION, $machine_cores cores, load average at start $load_at_start"
}

runs_log() { # runs_log FIGURE X VARIANT ROUND SCRIPTS/S: one line of the runs' CSV
  echo "$1,$2,$3,$4,$5" >>"$runs_csv"
}

median_or_empty() { # median_or_empty VALUES...: their median, or nothing when there are none (failed runs)
  [ $# -gt 0 ] || return 0
  awk -v m="$(median "$@")" 'BEGIN { printf "%.2f", m }'
}

measure_sizes() {
  local size variant order sps round i
  start_servers
  say "Figure 5.1: warm-up runs of both Redactor commands at 30x30"
  matrix_load "$redactor_port" 30
  matrix_run "$redactor_port" 30 EVALSHA "$seconds" "warm-up, Redactor EVALSHA" >/dev/null
  matrix_run "$redactor_port" 30 EVALSHAASYNC "$seconds" "warm-up, Redactor EVALSHAASYNC" >/dev/null
  declare -A point=()
  i=0
  for round in $(seq 1 "$rounds"); do
    for size in ${sizes//,/ }; do
      matrix_load "$redis_port" "$size"
      matrix_load "$redactor_port" "$size"
      order="redis redactor async"
      [ $((i % 2)) = 0 ] || order="async redactor redis"
      for variant in $order; do
        case "$variant" in
          redis) sps="$(matrix_run "$redis_port" "$size" EVALSHA "$seconds" "${size}x$size, Redis EVALSHA, round $round")" ;;
          redactor) sps="$(matrix_run "$redactor_port" "$size" EVALSHA "$seconds" "${size}x$size, Redactor EVALSHA, round $round")" ;;
          async) sps="$(matrix_run "$redactor_port" "$size" EVALSHAASYNC "$seconds" "${size}x$size, Redactor EVALSHAASYNC, round $round")" ;;
        esac
        point[$size.$variant]+="$sps "
        runs_log 5.1 "$size" "$variant" "$round" "$sps"
      done
      redactor_alive || die "Redactor stopped answering after the ${size}x$size runs"
      i=$((i + 1))
    done
  done
  # shellcheck disable=SC2086  # the runs' values, one word each
  {
    csv_header "Figure 5.1: matrix multiplication, scripts/s against matrix size n, $script_clients script clients, median of $rounds run(s) of $seconds s per point"
    echo "size,redis_evalsha,redactor_evalsha,redactor_evalshaasync"
    for size in ${sizes//,/ }; do
      echo "$size,$(median_or_empty ${point[$size.redis]}),$(median_or_empty ${point[$size.redactor]}),$(median_or_empty ${point[$size.async]})"
    done
  } >"$size_csv"
  stop_pid "$redactor_pid"
  stop_pid "$redis_pid"
}

measure_threads() {
  local k sps redis_sps parallelism round base_opts="${REDACTOR_JAVA_OPTS:-}"
  declare -A point=() redis_point=() seen=()
  start_redis
  matrix_load "$redis_port" "$threads_size"
  for k in ${threads//,/ }; do
    export REDACTOR_JAVA_OPTS="$base_opts -Djdk.virtualThreadScheduler.parallelism=$k"
    start_redactor "$tmp/redactor-$k.log"
    wait_for_pong "$redactor_port" "$redactor_pid" 60 || die "Redactor (parallelism $k) failed: $pong_failure"
    matrix_load "$redactor_port" "$threads_size"
    matrix_run "$redactor_port" "$threads_size" EVALSHAASYNC "$threads_seconds" "warm-up, K=$k" >/dev/null
    parallelism="$(cat /proc/"$redactor_pid"/task/*/comm 2>/dev/null | grep -c '^async-script-ca')"
    [ "$parallelism" = "$k" ] || die "Redactor started with parallelism $k runs clients' async scripts on '$parallelism' carrier threads"
    seen[$k]="$parallelism"
    for round in $(seq 1 "$rounds"); do
      sps="$(matrix_run "$redactor_port" "$threads_size" EVALSHAASYNC "$threads_seconds" "${threads_size}x$threads_size, Redactor EVALSHAASYNC, K=$k, round $round")"
      redis_sps="$(matrix_run "$redis_port" "$threads_size" EVALSHA "$threads_seconds" "${threads_size}x$threads_size, Redis EVALSHA (beside K=$k), round $round")"
      point[$k]+="$sps " redis_point[$k]+="$redis_sps "
      runs_log 5.2 "$k" async "$round" "$sps"
      runs_log 5.2 "$k" redis "$round" "$redis_sps"
    done
    stop_pid "$redactor_pid"
  done
  export REDACTOR_JAVA_OPTS="$base_opts"
  # shellcheck disable=SC2086  # the runs' values, one word each
  {
    csv_header "Figure 5.2: matrix multiplication ${threads_size}x$threads_size, EVALSHAASYNC scripts/s against carrier threads K (-Djdk.virtualThreadScheduler.parallelism=K), Redis EVALSHA beside each, $script_clients script clients, median of $rounds run(s) of $threads_seconds s per point"
    echo "threads,redactor_evalshaasync,redis_evalsha,parallelism_seen"
    for k in ${threads//,/ }; do
      echo "$k,$(median_or_empty ${point[$k]}),$(median_or_empty ${redis_point[$k]}),${seen[$k]}"
    done
  } >"$threads_csv"
  stop_pid "$redis_pid"
}

# ---------------------------------------------------------------------------------------------------------
# Plots.

footnote() { # footnote CSV: when and where its data was measured (its "# plot:" comment line)
  sed -n 's/^# plot: //p' "$1" | tr -d '"'
}

plot_sizes() {
  gnuplot <<EOF
set datafile separator ","
set terminal pngcairo size 900,560 enhanced font "DejaVu Sans,11"
set output "$out/matrix-size.png"
set title "Figure 5.1: matrix multiplication throughput against matrix size ($script_clients clients)"
set xlabel "matrix size n (n x n)"
set ylabel "scripts/s (log scale)"
set logscale y
set grid xtics ytics mytics
set key top right
set xrange [0:*]
set bmargin 5
set label 1 "$(footnote "$size_csv")" at screen 0.01,0.02 font ",7"
data = "< grep -v '^#' '$size_csv' | tail -n +2"
plot data using 1:3 with linespoints lw 2 pt 7 title "Redactor EVALSHA (atomic)", \
     data using 1:4 with linespoints lw 2 pt 5 title "Redactor EVALSHAASYNC", \
     data using 1:2 with linespoints lw 2 pt 9 dt 2 title "Redis 7 EVALSHA"
EOF
}

plot_threads() {
  local redis_median kmax
  # shellcheck disable=SC2046  # one number a line
  redis_median="$(median $(grep -v '^#' "$threads_csv" | tail -n +2 | cut -d, -f3 | grep .))"
  kmax="$(grep -v '^#' "$threads_csv" | tail -n +2 | cut -d, -f1 | sort -n | tail -n 1)"
  gnuplot <<EOF
set datafile separator ","
set terminal pngcairo size 900,560 enhanced font "DejaVu Sans,11"
set output "$out/matrix-threads.png"
set title "Figure 5.2: EVALSHAASYNC matrix throughput against worker (carrier) threads"
set xlabel "worker threads K (-Djdk.virtualThreadScheduler.parallelism=K)"
set ylabel "scripts/s"
set grid
set key bottom right
set xrange [0.5:$kmax + 0.5]
set xtics 1
set yrange [0:*]
set bmargin 5
set label 1 "$(footnote "$threads_csv")" at screen 0.01,0.02 font ",7"
plot "< grep -v '^#' '$threads_csv' | tail -n +2" using 1:2 with linespoints lw 2 pt 7 title "Redactor EVALSHAASYNC", \
     $redis_median with lines lw 2 dt 2 title "Redis 7 EVALSHA (median, $redis_median)"
EOF
}

csv_table() { # csv_table FILE: the CSV's rows as a Markdown table
  local header
  header="$(grep -v '^#' "$1" | head -n 1)"
  echo "| ${header//,/ | } |"
  echo "|$(sed 's/[^,]*/---:/g; s/,/|/g' <<<"$header")|"
  grep -v '^#' "$1" | tail -n +2 | sed 's/^/| /; s/,/ | /g; s/$/ |/'
}

# ---------------------------------------------------------------------------------------------------------

bench_init
install_gnuplot
if [ "$plot_only" = 0 ]; then
  command -v python3 >/dev/null || die "python3 is missing (needed by bench/matrix-load.py)"
  bench_prerequisites
  bench_machine_info
  started_s="$EPOCHSECONDS"
  kept=""      # the runs of a figure this run does not measure (--only) stay in the runs' CSV
  if [ -f "$runs_csv" ]; then
    selected size || kept="$(grep '^5\.1,' "$runs_csv" || true)"
    selected threads || kept="$(grep '^5\.2,' "$runs_csv" || true)"
  fi
  {
    csv_header "Every run of the figures (scripts/s: matrix-load.py's drained_scripts_per_s; empty: the run failed)"
    echo "figure,x,variant,round,scripts_per_s"
    [ -z "$kept" ] || echo "$kept"
  } >"$runs_csv"
  if selected size; then measure_sizes; fi
  if selected threads; then measure_threads; fi
  took_s=$((EPOCHSECONDS - started_s))
fi
if selected size; then
  [ -f "$size_csv" ] || die "no $size_csv to plot"
  plot_sizes
fi
if selected threads; then
  [ -f "$threads_csv" ] || die "no $threads_csv to plot"
  plot_threads
fi
[ "$plot_only" = 1 ] && { say "plotted from the CSVs in $out"; exit 0; }

report="$(report_file)"
{
  echo "## Figures 5.1 and 5.2: matrix multiplication, $(date '+%Y-%m-%d %H:%M %Z')"
  echo
  echo "- Machine: $machine_cores cores, ${machine_cpu:-unknown CPU}; JDK: $java_version; Redis: $redis_version; Redactor: commit $redactor_commit"
  echo "- Load average (1, 5, 15 min) at start: $load_at_start; at end: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "- Command: \`$command_line\` (took $took_s s)"
  echo
  if selected size; then
    echo "### Figure 5.1: scripts/s against matrix size, $script_clients clients, $seconds s per point (\`${size_csv#"$bench_root/"}\`, \`${out#"$bench_root/"}/matrix-size.png\`)"
    echo
    csv_table "$size_csv"
    echo
  fi
  if selected threads; then
    echo "### Figure 5.2: EVALSHAASYNC scripts/s against carrier threads, ${threads_size}x$threads_size, $threads_seconds s per point (\`${threads_csv#"$bench_root/"}\`, \`${out#"$bench_root/"}/matrix-threads.png\`)"
    echo
    csv_table "$threads_csv"
    echo
  fi
  if [ -s "$tmp/failures" ]; then
    echo "### Failures"
    echo
    sed 's/^/- /' "$tmp/failures"
    echo
  fi
} >"$report"
cat "$report"
say "report written to ${report#"$bench_root/"}"
