#!/usr/bin/env bash
# Benchmarks the cost of access control: SET and GET with 50 clients, as the default user and as an ACL user
# with key patterns, against a real redis-server and Redactor side by side (both given the same user).
#
# The ACL user `bench` has the password `pw`, two key patterns (`~other:*` first, so that the keys match the second
# pattern tried: `~key:*`), and every command but the dangerous ones (CONFIG GET too: redis-benchmark asks for
# `save` and `appendonly` first). Each workload runs against both servers in turn, and the default-user and
# ACL-user workloads of a command swap places every round (interleaved rounds, the median reported); the report
# gives, per command, Redactor with ACL / Redactor without (target >= 0.95) and the ratio to Redis with and
# without ACL (target: the same).
#
# Usage: bench/compare-acl.sh [--rounds N] [--requests N] [--quick]
#   --rounds N    rounds of every workload against each server (default 5; the median is reported)
#   --requests N  requests per workload (default 200000)
#   --quick       smoke run: 1 round, 20000 requests
# Extra JVM options for Redactor: REDACTOR_JAVA_OPTS (as for bin/redactor).
# Writes the report to stdout and, as Markdown, to bench/results/<timestamp>.md.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

rounds="" requests="" quick=0 only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds="${2:?}"; shift 2 ;;
    --requests) requests="${2:?}"; shift 2 ;;
    --quick) quick=1; shift ;;
    -h|--help) usage 0 ;;
    *) echo "compare-acl.sh: unknown option $1" >&2; usage ;;
  esac
done
if [ "$quick" = 1 ]; then
  : "${rounds:=1}" "${requests:=20000}"
fi
: "${rounds:=5}" "${requests:=200000}"
require_counts "$rounds" "$requests"

keyspace=100000
user_rules=(on '>pw' '~other:*' '~key:*' '+@all' '-@dangerous' '+config|get')

bench_init
bench_prerequisites
bench_machine_info
start_servers

for port in "$redis_port" "$redactor_port"; do
  [ "$(cli "$port" ACL SETUSER bench "${user_rules[@]}")" = OK ] || die "ACL SETUSER failed on port $port"
done

for cmd in set get; do
  add_workload "$cmd-default" "${cmd^^}, -r $keyspace, default user" "$cmd" 1 "$requests" "" "-r $keyspace -t $cmd"
  add_workload "$cmd-acl" "${cmd^^}, -r $keyspace, ACL user with key patterns" "$cmd" 1 "$requests" "" \
    "--user bench -a pw -r $keyspace -t $cmd"
done

load_keyspace "$keyspace"

# Like run_workloads, but the default-user and ACL-user workloads of a command also swap places every round: the
# ratio between them is the result, and a fixed order would put the machine's drift into it.
say "warm-up: one untimed round against Redactor (${#w_ids[@]} workloads)"
for i in "${!w_ids[@]}"; do
  run_workload "$i" redactor 0
done
for round in $(seq 1 "$rounds"); do
  say "round $round of $rounds"
  if [ $((round % 2)) = 1 ]; then order="0 1 2 3" servers="redis redactor"; else order="1 0 3 2" servers="redactor redis"; fi
  for i in $order; do
    for server in $servers; do
      run_workload "$i" "$server" "$round"
    done
    redactor_alive || die "Redactor stopped answering after ${w_label[$i]} (round $round)"
  done
done

# Every run of the ACL user must have been allowed: a denial would be an error reply.
for port in "$redis_port" "$redactor_port"; do
  denials="$(cli "$port" ACL LOG | grep -c '^key$\|^command$' || true)"
  [ "$denials" = 0 ] || die "the ACL user was denied on port $port ($denials ACL LOG entries)"
done


report="$(report_file)"
{
  report_header "Access control cost: Redactor vs Redis"
  echo "- redis-benchmark: $clients clients, $rounds round(s) interleaved, the servers' order and the default/ACL workloads' order swapped every round (median reported), after one untimed warm-up round against Redactor; $requests requests per workload, no pipelining"
  echo "- ACL user on both servers: \`ACL SETUSER bench ${user_rules[*]}\`; benchmark as \`--user bench -a pw\`"
  echo "- Command: \`bench/compare-acl.sh$([ "$quick" = 1 ] && echo " --quick") --rounds $rounds --requests $requests\`"
  echo
  report_throughput
  echo "| Command | Redactor ACL / Redactor default | Target | Redactor / Redis, default user | Redactor / Redis, ACL user | Target |"
  echo "|---|---:|---|---:|---:|---|"
  for cmd in set get; do
    d_default="$(median_rps "$cmd-default" redactor)" d_acl="$(median_rps "$cmd-acl" redactor)"
    r_default="$(median_rps "$cmd-default" redis)" r_acl="$(median_rps "$cmd-acl" redis)"
    own="$(ratio "$d_acl" "$d_default")"
    to_redis_default="$(ratio "$d_default" "$r_default")" to_redis_acl="$(ratio "$d_acl" "$r_acl")"
    same="$(awk -v a="$to_redis_acl" -v b="$to_redis_default" 'BEGIN { print (a >= b - 0.05 ? "met (within 0.05)" : "NOT met") }')"
    echo "| ${cmd^^} | $own | ≥ 0.95: $(met "$own" ">=" 0.95) | $to_redis_default | $to_redis_acl | the same: $same |"
  done
  echo
  report_failures
} >"$report"

cat "$report"
say "report written to ${report#"$bench_root/"}"
