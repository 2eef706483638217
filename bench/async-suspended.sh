#!/usr/bin/env bash
# Measures what async scripts cost Redactor while they wait: N (default 10,000) EVALSHAASYNC scripts suspended at
# the same time, each waiting for the reply of its redis.call, against the same server without them.
#
# How they are suspended (bench/async-suspended.py drives it): N connections (one script each: a connection's
# commands run in order) first run one `EVALSHAASYNC <return redis.call('incr',KEYS[1])> 1 {warm}:count` each,
# to its end; then a long atomic EVAL (a loop on TIME for --hold-seconds) holds the partition of {hold}, and
# every connection sends the same script on {hold}:count: each script's INCR queues at the held partition and
# its virtual thread parks until the reply. busy-reply-threshold is raised above the holder's run, so the calls
# wait instead of getting BUSY errors. Once INFO scripts says N running, none queued, and SCRIPT ASYNC LIST shows
# all N "waiting", the server is measured; when the holder ends, every script must get its reply (1..N, each
# once). Measured in each phase (started: no clients; connected: N idle connections after their warm-up
# scripts; suspended: the N scripts waiting; finished: after they all answered, connections still open):
#   - the process's OS threads (/proc/PID/status Threads), and how jcmd Thread.print splits them between Java
#     platform threads and JVM-internal ones; the virtual-thread scheduler's carriers (Thread.vthread_scheduler)
#   - the heap: GC.heap_info's used and committed after two full GCs (jcmd GC.run), and the live objects
#     (GC.class_histogram's total, after its own full GC). The holder allocates ~100 MB/s of garbage while it
#     spins, which heap_info's "used" counts when it lands between the GC and the reading; the histogram does
#     not. Also the histogram's VirtualThread and StackChunk instances (the parked scripts' stacks), and RSS.
# Targets, in the suspended phase: <= 64 platform (OS) threads; <= 200 MiB of heap used after GC.
#
# Usage: bench/async-suspended.sh [--scripts N] [--hold-seconds S]
#   --scripts N        async scripts suspended at once, one connection each (default 10000; above 10000 the
#                      script raises redactor.scripts.async.max-running to N)
#   --hold-seconds S   how long the holder runs (default 20); the suspended phase must be measured within it
# Raises the open-file limit (ulimit -n) to what N connections need, up to the hard limit; sets maxclients on
# Redactor (CONFIG SET). Extra JVM options for Redactor: REDACTOR_JAVA_OPTS (as for bin/redactor).
# Takes about 10 s plus --hold-seconds. Needs python3 (standard library only).
# Writes the report to stdout and, as Markdown, to bench/results/<timestamp>.md.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# shellcheck disable=SC2034  # only: lib.sh's --only, which this script does not have
scripts=10000 hold_seconds=20 only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --scripts) scripts="${2:?}"; shift 2 ;;
    --hold-seconds) hold_seconds="${2:?}"; shift 2 ;;
    -h|--help) usage 0 ;;
    *) echo "$bench_name: unknown option $1" >&2; usage ;;
  esac
done
require_counts "$scripts" "$hold_seconds"
command_line="bench/async-suspended.sh --scripts $scripts --hold-seconds $hold_seconds"

thread_target=64
heap_target_mib=200

bench_init
command -v python3 >/dev/null || die "python3 is missing (needed by bench/async-suspended.py)"
files_needed=$((scripts + 256))
if [ "$(ulimit -n)" != unlimited ] && [ "$(ulimit -n)" -lt "$files_needed" ]; then
  hard="$(ulimit -Hn)"
  [ "$hard" = unlimited ] || [ "$hard" -ge "$files_needed" ] \
    || die "$scripts connections need an open-file limit of $files_needed, the hard limit is $hard (ulimit -Hn)"
  ulimit -n "$files_needed"
fi
if [ "$scripts" -gt 10000 ]; then
  export REDACTOR_JAVA_OPTS="${REDACTOR_JAVA_OPTS:-} -Dredactor.scripts.async.max-running=$scripts"
fi
bench_prerequisites
bench_machine_info

start_redactor "$tmp/redactor.log"
wait_for_pong "$redactor_port" "$redactor_pid" 60 || die "Redactor failed: $pong_failure"
# shellcheck disable=SC2034  # report_header reads it
redactor_heap_max="$(info_field "$redactor_port" memory jvm_heap_max)"
say "Redactor (pid $redactor_pid) on port $redactor_port; open-file limit $(ulimit -n)"
[ "$(cli "$redactor_port" CONFIG SET maxclients $((scripts + 100)))" = OK ] \
  || die "CONFIG SET maxclients $((scripts + 100)) failed: $(cli "$redactor_port" CONFIG SET maxclients $((scripts + 100)))"

say "driving $scripts async scripts (bench/async-suspended.py), the holder running $hold_seconds s"
started_s="$EPOCHSECONDS"
code=0
timeout --foreground $((hold_seconds + 600)) python3 "$bench_root/bench/async-suspended.py" --port "$redactor_port" \
  --pid "$redactor_pid" --jcmd "$jcmd" --scripts "$scripts" --hold-seconds "$hold_seconds" \
  >"$tmp/driver.out" 2>"$tmp/driver.err" </dev/null || code=$?
cat "$tmp/driver.out" >&2
[ "$code" = 0 ] || die "bench/async-suspended.py exited with $code: $(tail -n 5 "$tmp/driver.err")"
redactor_alive || die "Redactor stopped answering after the run"
took_s=$((EPOCHSECONDS - started_s))

# ---------------------------------------------------------------------------------------------------------
# Report.

declare -A fig=()
phases=(started connected suspended finished)
while read -r line; do
  case "$line" in
    phase=*)
      phase="${line%% *}" phase="${phase#phase=}"
      for kv in $line; do fig[$phase.${kv%%=*}]="${kv#*=}"; done ;;
    summary\ *)
      for kv in ${line#summary }; do fig[summary.${kv%%=*}]="${kv#*=}"; done ;;
    check=*) fig[check]="${line#check=}" ;;
  esac
done <"$tmp/driver.out"
for phase in "${phases[@]}"; do
  [ -n "${fig[$phase.os_threads]:-}" ] || die "no figures for the $phase phase in the driver's output"
done

kib_mib() { case "$1" in ""|*[!0-9]*) echo "?" ;; *) awk -v k="$1" 'BEGIN { printf "%.1f MiB", k / 1024 }' ;; esac; }
row() { # row LABEL FIELD [FORMAT-FUNCTION]
  local field="$2" format="${3:-}" phase out="| $1 |"
  for phase in "${phases[@]}"; do
    if [ -n "$format" ]; then out+=" $("$format" "${fig[$phase.$field]}") |"; else out+=" ${fig[$phase.$field]} |"; fi
  done
  echo "$out"
}

s="suspended" c="connected"
threads_met="$(met "${fig[$s.os_threads]}" "<=" "$thread_target")"
live_mib="$(awk -v k="${fig[$s.live_kb]}" 'BEGIN { printf "%.1f", k / 1024 }')"
used_mib="$(awk -v k="${fig[$s.heap_used_kb]}" 'BEGIN { printf "%.1f", k / 1024 }')"
added_kb=$(( ${fig[$s.live_kb]} - ${fig[$c.live_kb]} ))
per_script=$(( added_kb * 1024 / scripts ))
chunks="${fig[$s.stack_chunks]}"
per_stack=$(( ${fig[$s.stack_chunks_kb]} * 1024 / (chunks > 0 ? chunks : 1) ))

report="$(report_file)"
{
  report_header "Redactor: $scripts async scripts suspended at once"
  echo "- Command: \`$command_line\` (took $took_s s for the driver)"
  echo
  echo "| | started (no clients) | connected ($scripts idle connections) | suspended ($scripts scripts waiting) | finished (all answered) |"
  echo "|---|---:|---:|---:|---:|"
  row "OS threads (/proc/PID/status)" os_threads
  row "Java platform threads (Thread.print)" java_platform_threads
  row "JVM-internal threads (Thread.print: GC, VM)" jvm_internal_threads
  row "virtual-thread carriers (parallelism)" carriers
  row "VirtualThread objects (class histogram)" virtual_threads
  row "StackChunk objects (parked stacks)" stack_chunks
  row "StackChunks' size" stack_chunks_kb kib_mib
  row "live objects after full GC (class histogram)" live_kb kib_mib
  row "heap used after 2 full GCs (GC.heap_info)" heap_used_kb kib_mib
  row "heap committed (GC.heap_info)" heap_committed_kb kib_mib
  row "RSS" rss_kb kib_mib
  row "connected_clients (INFO)" connected_clients
  row "async_scripts_running (INFO)" async_running
  row "async_scripts_queued (INFO)" async_queued
  row "atomic_scripts_running (INFO: the holder)" atomic_running
  echo
  echo "Targets with the $scripts scripts suspended: OS threads ≤ $thread_target: **${fig[$s.os_threads]}**, $threads_met; heap ≤ $heap_target_mib MiB: live objects **$live_mib MiB**, $(met "$live_mib" "<=" "$heap_target_mib"); heap_info's used $used_mib MiB, $(met "$used_mib" "<=" "$heap_target_mib") (it includes what the holder allocated after the GC)."
  echo
  echo "The $scripts suspended scripts add $(kib_mib "$added_kb") of live objects to the idle connections' (about $per_script bytes per script, of which the parked stack is about $per_stack bytes), and $(( ${fig[$s.os_threads]} - ${fig[$c.os_threads]} )) OS thread(s) (the holder, an atomic script, runs on a platform thread of its own). SCRIPT ASYNC LIST states when measured: ${fig[summary.states]}; measured ${fig[summary.measured_after_hold_s]} s after the holder started, still holding: ${fig[summary.held_through_measure]}."
  echo
  echo "Timings: $scripts connections opened in ${fig[summary.connect_s]} s; their warm-up scripts ran in ${fig[summary.warm_s]} s; the $scripts scripts were all waiting ${fig[summary.suspend_s]} s after the first was sent; after the holder's reply, the last script answered within ${fig[summary.finish_after_release_s]} s. Check (each phase's replies 1..$scripts, each once; none while suspended; the holder's reply): ${fig[check]}."
  echo
} >"$report"

cat "$report"
say "report written to ${report#"$bench_root/"}"
[ "${fig[check]}" = ok ] || exit 1
