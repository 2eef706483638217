#!/usr/bin/env bash
# Benchmarks the Redis protocol over TLS: SET and GET with 50 clients (redis-benchmark --tls), against a real
# redis-server and Redactor side by side, both with a TLS port, the same certificates (made by this script with
# openssl: a CA, a server certificate, a client certificate; tls-auth-clients yes) and their default protocols.
# The plain-text SET and GET run too, so that the cost of TLS on each server shows beside the TLS ratio.
#
# Usage: bench/compare-tls.sh [--rounds N] [--requests N] [--engine auto|openssl|jdk] [--quick]
#   --rounds N    interleaved rounds of every workload against each server (default 5; the median is reported)
#   --requests N  requests per workload (default 200000)
#   --engine E    Redactor's TLS engine, redactor.tls.engine (default auto: BoringSSL where it loads)
#   --quick       smoke run: 1 round, 20000 requests
# Extra JVM options for Redactor: REDACTOR_JAVA_OPTS (as for bin/redactor).
# Writes the report to stdout and, as Markdown, to bench/results/<timestamp>.md.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

rounds="" requests="" quick=0 only="" engine=auto
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds="${2:?}"; shift 2 ;;
    --requests) requests="${2:?}"; shift 2 ;;
    --engine) engine="${2:?}"; shift 2 ;;
    --quick) quick=1; shift ;;
    -h|--help) usage 0 ;;
    *) echo "compare-tls.sh: unknown option $1" >&2; usage ;;
  esac
done
case "$engine" in auto|openssl|jdk) ;; *) die "--engine must be auto, openssl or jdk" ;; esac
if [ "$quick" = 1 ]; then
  : "${rounds:=1}" "${requests:=20000}"
fi
: "${rounds:=5}" "${requests:=200000}"
require_counts "$rounds" "$requests"
keyspace=100000

bench_init
bench_prerequisites
bench_machine_info

make_certificates() { # in $tmp/tls, as Redis's utils/gen-test-certs.sh makes them
  local d="$tmp/tls"
  mkdir -p "$d"
  (
    cd "$d"
    openssl genrsa -out ca.key 2048
    openssl req -x509 -new -nodes -sha256 -key ca.key -days 2 -subj "/O=Redactor bench/CN=CA" -out ca.crt
    for name in server client; do
      openssl genrsa -out "$name.key" 2048
      openssl req -new -sha256 -key "$name.key" -subj "/O=Redactor bench/CN=$name" -out "$name.csr"
      echo "subjectAltName=DNS:localhost,IP:127.0.0.1" >"$name.ext"
      openssl x509 -req -sha256 -in "$name.csr" -CA ca.crt -CAkey ca.key -CAcreateserial -days 2 \
        -extfile "$name.ext" -out "$name.crt"
    done
  ) >"$tmp/openssl.log" 2>&1 || die "openssl failed: $(tail -3 "$tmp/openssl.log")"
}
make_certificates
tls_files=(--tls-cert-file "$tmp/tls/server.crt" --tls-key-file "$tmp/tls/server.key"
  --tls-ca-cert-file "$tmp/tls/ca.crt" --tls-auth-clients yes)
client_tls="--tls --cert $tmp/tls/client.crt --key $tmp/tls/client.key --cacert $tmp/tls/ca.crt"

redis_tls_port="$(free_port)"
start_redis "$tmp" --save "" --appendonly no --tls-port "$redis_tls_port" "${tls_files[@]}"
say "redis-server $redis_version on port $redis_port, TLS on $redis_tls_port"
redactor_tls_port="$(free_port)"
REDACTOR_JAVA_OPTS="${REDACTOR_JAVA_OPTS:-} -Dredactor.tls.engine=$engine" \
  start_redactor "$tmp/redactor.log" "$tmp" --save "" --appendonly no --tls-port "$redactor_tls_port" "${tls_files[@]}"
wait_for_pong "$redactor_port" "$redactor_pid" 60 || die "Redactor failed: $pong_failure"
redactor_engine="$(grep -o 'TLS on .*' "$tmp/redactor.log" | head -1)"
say "Redactor (pid $redactor_pid) on port $redactor_port, TLS on $redactor_tls_port ($redactor_engine)"
redactor_heap_max="$(info_field "$redactor_port" memory jvm_heap_max)"

for cmd in set get; do
  add_workload "$cmd-plain" "${cmd^^}, -r $keyspace, plain text" "$cmd" 1 "$requests" "" "-r $keyspace -t $cmd"
  add_workload "$cmd-tls" "${cmd^^}, -r $keyspace, TLS" "$cmd" 1 "$requests" "" "$client_tls -r $keyspace -t $cmd"
done

load_keyspace "$keyspace"

# The TLS workloads run against the TLS ports; the plain ones, INFO and the checks use the plain ports.
say "warm-up: one untimed round against Redactor (${#w_ids[@]} workloads)"
for round in $(seq 0 "$rounds"); do
  [ "$round" = 0 ] || say "round $round of $rounds"
  if [ $((round % 2)) = 1 ]; then servers="redis redactor"; else servers="redactor redis"; fi
  for i in "${!w_ids[@]}"; do
    for server in $servers; do
      [ "$round" = 0 ] && [ "$server" = redis ] && continue
      if [[ "${w_ids[$i]}" == *-tls ]]; then
        benchmark_port=([redis]="$redis_tls_port" [redactor]="$redactor_tls_port")
      else
        benchmark_port=()
      fi
      run_workload "$i" "$server" "$round"
    done
    redactor_alive || die "Redactor stopped answering after ${w_label[$i]} (round $round)"
  done
done


report="$(report_file)"
{
  report_header "TLS: Redactor vs Redis"
  echo "- redis-benchmark: $clients clients, $rounds round(s) interleaved, the servers' order swapped every round (median reported), after one untimed warm-up round against Redactor; $requests requests per workload, no pipelining"
  echo "- TLS on both servers: the same CA, server and client certificates (RSA 2048, made by the script), tls-auth-clients yes, default protocols and ciphers; Redactor's engine: ${redactor_engine:-unknown} (--engine $engine)"
  echo "- Command: \`bench/compare-tls.sh$([ "$quick" = 1 ] && echo " --quick") --rounds $rounds --requests $requests --engine $engine\`"
  echo
  report_throughput
  echo "| Command | Redactor / Redis, TLS | Target | Redactor / Redis, plain | Redactor TLS / plain | Redis TLS / plain |"
  echo "|---|---:|---|---:|---:|---:|"
  for cmd in set get; do
    d_plain="$(median_rps "$cmd-plain" redactor)" d_tls="$(median_rps "$cmd-tls" redactor)"
    r_plain="$(median_rps "$cmd-plain" redis)" r_tls="$(median_rps "$cmd-tls" redis)"
    to_redis_tls="$(ratio "$d_tls" "$r_tls")"
    echo "| ${cmd^^} | $to_redis_tls | ≥ 0.8: $(met "$to_redis_tls" ">=" 0.8) | $(ratio "$d_plain" "$r_plain") | $(ratio "$d_tls" "$d_plain") | $(ratio "$r_tls" "$r_plain") |"
  done
  echo
  report_failures
} >"$report"

cat "$report"
say "report written to ${report#"$bench_root/"}"
