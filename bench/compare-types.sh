#!/usr/bin/env bash
# Benchmarks Redactor's data types and pub/sub side by side with a real redis-server and reports ratios.
#
# Like compare.sh (whose machinery it shares through bench/lib.sh): both servers run at once on free
# loopback ports, every redis-benchmark workload runs against both in turn, N rounds interleaved (the one
# going first alternating), 50 clients, no pipelining, and the report gives medians and Redactor/Redis ratios:
#   - LPUSH, LPOP, SADD, HSET, ZADD (redis-benchmark's own tests). LPUSH runs right before LPOP on each
#     server, so that LPOP pops the elements LPUSH pushed; SADD, HSET and ZADD use random members (-r) in one
#     key, emptied before every run so that both servers do the same work. Target >= 0.8x.
#   - ZADD into a sorted set of --members members (random scores for existing members), then ZRANGEBYSCORE
#     key <random min> +inf LIMIT 0 10 on it. Target >= 0.5x.
#   - SETBIT mybitmap 7777777 1 and BITCOUNT mybitmap on a bitmap of 10,000,000 bits (1.25 MB, set beforehand
#     with SETBIT of its last bit and 100,000 SETBITs at pseudo-random offsets below it). redis-benchmark's
#     __rand_int__ has leading zeros, which bit offsets refuse, so SETBIT writes one bit of the one key: the
#     key's partition serializes it as Redis's one thread does. Target >= 0.8x.
#   - PUBLISH to one channel with --subscribers subscribers (raw connections that keep every byte they
#     receive); every subscriber must receive every message. Target >= 0.5x.
#   - PFADD myhll __rand_int__ (-r 100,000 random elements into one HyperLogLog, emptied before every run: it
#     turns dense early in each run). Target >= 0.8x.
#   - PFCOUNT of one HyperLogLog of 100,000 elements ({hll}big, loaded with redis-cli --pipe). Before every run a
#     PFMERGE {hll}big marks its cached cardinality stale, as a PFADD that changed it would: the run's first PFCOUNT
#     computes the estimate and writes it back, and the rest answer from the cache, which is what 50 clients
#     asking for one count see. Target >= 0.8x.
#   - PFCOUNT {hll}big {hll}other: the union of two HyperLogLogs of 100,000 elements, which nothing caches, so
#     every request merges 2 x 16,384 registers and runs the estimator (the hash tag keeps both keys in one
#     partition). Target >= 0.8x.
#   - GEOADD geo:add <lon> <lat> m:<random> (one key, emptied before every run; positions and members from
#     -r 1000000000 as __rand_int__e-8, so uniform over [0, 10) degrees of longitude and latitude, and members
#     all but always new). Target >= 0.8x.
#   - GEOSEARCH geo:points FROMLONLAT <lon> <lat> BYRADIUS 10 km ASC COUNT 10 around random centres (the same
#     __rand_int__e-8 positions) over a geo set of --geo-points points spread uniformly over that 10x10 degree
#     square, loaded with redis-cli --pipe: about 25 members within the circle, some 500 candidates in Redis's
#     nine search boxes, the 10 nearest replied. Target >= 0.8x.
#   - XADD xs:add * field <random> (auto IDs, one stream, deleted before every run). Target >= 0.8x.
#   - LRANGE biglist 0 599 and LRANGE biglist 0 -1 of a list of 10,000 elements e:<n> (loaded with redis-cli
#     --pipe): the first reply is rendered whole, the second (about 120 KB) is streamed in 64 KB parts, as every
#     reply with an aggregate of more than 1,024 elements is; --requests / 20 of those. Target >= 0.8x.
#   - A consumer group's reads and acknowledgements, XREADGROUP then XACK, with the 50 clients as 50 consumers of
#     one group. redis-benchmark repeats one command, so the two are runs of their own, XACK right after
#     XREADGROUP on each server (as LPOP after LPUSH). The stream xs:group holds --requests entries with IDs
#     <n>-1 (n from 0; fields "field value"), loaded with redis-cli --pipe. Before XREADGROUP its group g is made
#     anew at 0 (an EVAL of XGROUP DESTROY and XGROUP CREATE); each XREADGROUP GROUP g c:<random of 50> COUNT 1
#     STREAMS xs:group > delivers the group's next entry to one of the consumers, so the run leaves every entry
#     pending. Each XACK xs:group g <random>-1 (-r --requests) then acknowledges a random one of them, as a
#     consumer acknowledges the entry it read: about 63% of them find their entry pending and remove it (from the
#     group's and the consumer's pending lists), the rest find it acknowledged already. Target >= 0.8x each.
# and the memory of a sorted set of --members members and of a hash of --members fields, loaded with
# redis-cli --pipe: Redis's used_memory beside Redactor's heap used after two full GCs, both minus the
# empty server's. Target <= 3x (aim <= 2x). The same for bitmaps of 10,000,000 bits as above (32 of them, measured
# together: one 1.25 MB bitmap is within the noise of a heap measured after a collection). Target <= 2x.
# And the memory of a stream of --members small entries (XADD smem:<n> <ms>-<seq> sensor <0..999> value <n>, ten
# entries a millisecond, explicit IDs so that both servers hold the same entries; 8 such streams measured together,
# as one stream of 1,000,000 entries, 17 MB in Redis, is within the heap's noise). Target <= 2x.
#
# Usage: bench/compare-types.sh [--rounds N] [--requests N] [--members N] [--subscribers N] [--geo-points N]
#                               [--quick] [--only LIST]
#   --rounds N       rounds of every workload against each server (default 3; the median is reported)
#   --requests N     requests per workload (default 100000)
#   --members N      members of the big sorted set, and of the sorted set and hash whose memory is
#                    compared, and entries of the stream whose memory is compared (default 1000000)
#   --subscribers N  subscribers of the PUBLISH workload's channel (default 10)
#   --geo-points N   points of the geo set GEOSEARCH searches (default 100000)
#   --quick          smoke run: 1 round, 10000 requests, 100000 members (explicit options still win)
#   --only LIST      comma-separated subset of: lpush, lpop (runs lpush too), sadd, hset, zadd, bigzset
#                    (ZADD and ZRANGEBYSCORE on the big sorted set), bitmap (SETBIT and BITCOUNT), publish,
#                    pfadd, pfcount (both PFCOUNT workloads), geoadd, geosearch, xadd, xreadgroup (XREADGROUP
#                    and XACK), lrange (both LRANGE workloads), zset-memory, hash-memory, bitmap-memory, stream-memory, memory (every memory
#                    item). Default: everything.
# Extra JVM options for Redactor: REDACTOR_JAVA_OPTS (as for bin/redactor).
# Writes the report to stdout and, as Markdown, to bench/results/<timestamp>.md.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

rounds="" requests="" members="" subscribers="" geo_points="" quick=0 only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds="${2:?}"; shift 2 ;;
    --requests) requests="${2:?}"; shift 2 ;;
    --members) members="${2:?}"; shift 2 ;;
    --subscribers) subscribers="${2:?}"; shift 2 ;;
    --geo-points) geo_points="${2:?}"; shift 2 ;;
    --quick) quick=1; shift ;;
    --only) only="${2:?}"; shift 2 ;;
    -h|--help) usage 0 ;;
    *) echo "$bench_name: unknown option $1" >&2; usage ;;
  esac
done
if [ "$quick" = 1 ]; then
  : "${rounds:=1}" "${requests:=10000}" "${members:=100000}"
fi
: "${rounds:=3}" "${requests:=100000}" "${members:=1000000}" "${subscribers:=10}" "${geo_points:=100000}"
require_counts "$rounds" "$requests" "$members" "$subscribers" "$geo_points"
check_only lpush lpop sadd hset zadd bigzset bitmap publish pfadd pfcount geoadd geosearch xadd xreadgroup lrange \
  zset-memory hash-memory bitmap-memory stream-memory memory
command_line="bench/compare-types.sh$(if [ "$quick" = 1 ]; then echo " --quick"; fi) --rounds $rounds --requests $requests --members $members --subscribers $subscribers --geo-points $geo_points${only:+ --only $only}"
if [ -n "$only" ]; then
  selected lpop && ! selected lpush && only+=",lpush"        # LPOP pops what LPUSH pushed
  selected memory && only+=",zset-memory,hash-memory,bitmap-memory,stream-memory"
fi

keyspace=100000          # -r of SADD, HSET, ZADD, PFADD: members drawn from 100,000
hll_elements=100000      # elements of each HyperLogLog PFCOUNT counts
bitmap_bits=10000000     # the bitmap of SETBIT, BITCOUNT and the bitmap memory item
bitmap_copies=32         # bitmaps measured together for the memory item: one is within a heap's noise
list_elements=10000      # elements of the list LRANGE reads
stream_copies=8          # streams of --members entries measured together: one (17 MB in Redis) is within it too
channel="ch" payload="xxx"

bench_init
bench_prerequisites
bench_machine_info
start_servers

# ---------------------------------------------------------------------------------------------------------
# Checks after runs: what the run left in the key says that the server did the work asked.

declare -A sizes=()
remember_size() { # remember_size INDEX SERVER PORT COMMAND KEY: the size the last timed run left
  sizes[${w_ids[$1]}|$2]="$(cli "$3" "$4" "$5")"
}
after_lpush() { # the list holds every element pushed
  local n
  n="$(cli "$3" LLEN mylist)"
  sizes[${w_ids[$1]}|$2]="$n"
  [ "$n" = "${w_requests[$1]}" ] || check_failed "$1" "$2" "round $4: LLEN mylist is '$n' after ${w_requests[$1]} LPUSHes"
}
after_lpop() { # every LPOP popped one of them
  local n
  n="$(cli "$3" LLEN mylist)"
  sizes[${w_ids[$1]}|$2]="$n"
  [ "$n" = 0 ] || check_failed "$1" "$2" "round $4: LLEN mylist is '$n' after ${w_requests[$1]} LPOPs"
}
after_sadd() { remember_size "$1" "$2" "$3" SCARD myset; }
after_hset() { remember_size "$1" "$2" "$3" HLEN myhash; }
after_zadd() { remember_size "$1" "$2" "$3" ZCARD myzset; }
after_pfadd() { remember_size "$1" "$2" "$3" PFCOUNT myhll; }
after_pfcount() { # the HyperLogLogs still count what was loaded, as they did right after the load
  local n
  n="$(cli "$3" PFCOUNT "{hll}big" "{hll}other")"
  sizes[${w_ids[$1]}|$2]="$n"
  [ "$n" = "${hll_union[$2]}" ] || check_failed "$1" "$2" "round $4: PFCOUNT {hll}big {hll}other is '$n', not ${hll_union[$2]}"
}
after_bitmap() { # the bitmap keeps its length
  local n
  n="$(cli "$3" STRLEN mybitmap)"
  sizes[${w_ids[$1]}|$2]="$(cli "$3" BITCOUNT mybitmap)"
  [ "$n" = $((bitmap_bits / 8)) ] || check_failed "$1" "$2" "round $4: STRLEN mybitmap is '$n', not $((bitmap_bits / 8))"
}
after_xadd() { # the stream holds every entry added
  local n
  n="$(cli "$3" XLEN xs:add)"
  sizes[${w_ids[$1]}|$2]="$n"
  [ "$n" = "${w_requests[$1]}" ] || check_failed "$1" "$2" "round $4: XLEN xs:add is '$n' after ${w_requests[$1]} XADDs"
}
group_pending() { cli "$1" XPENDING xs:group g | head -n 1; }
after_xreadgroup() { # every XREADGROUP delivered an entry of its own: all of them are pending
  local n
  n="$(group_pending "$3")"
  sizes[${w_ids[$1]}|$2]="$n"
  [ "$n" = "${w_requests[$1]}" ] || check_failed "$1" "$2" "round $4: $n entries pending after ${w_requests[$1]} XREADGROUPs"
}
after_xack() { # XACK acknowledged some of them, and nothing else changed
  local n
  n="$(group_pending "$3")"
  sizes[${w_ids[$1]}|$2]="$n"
  [[ "$n" =~ ^[0-9]+$ ]] && [ "$n" -lt "${w_requests[$1]}" ] \
    || check_failed "$1" "$2" "round $4: $n entries pending after ${w_requests[$1]} XACKs of random ones of ${w_requests[$1]}"
  [ "$(cli "$3" XLEN xs:group)" = "$requests" ] || check_failed "$1" "$2" "round $4: XLEN xs:group is not $requests"
}
after_lrange() { # the list keeps its elements
  local n
  n="$(cli "$3" LLEN biglist)"
  [ "$n" = "$list_elements" ] || check_failed "$1" "$2" "LLEN biglist is $n after LRANGE, not $list_elements"
}
after_geoadd() { remember_size "$1" "$2" "$3" ZCARD geo:add; }
after_geosearch() { # the searched geo set keeps its points
  local n
  n="$(cli "$3" ZCARD geo:points)"
  sizes[${w_ids[$1]}|$2]="$n"
  [ "$n" = "$geo_points" ] || check_failed "$1" "$2" "round $4: ZCARD geo:points is '$n', not $geo_points"
}
after_bigzset() { # the big sorted set keeps its members
  local n
  n="$(cli "$3" ZCARD zbig)"
  sizes[${w_ids[$1]}|$2]="$n"
  [ "$n" = "$members" ] || check_failed "$1" "$2" "round $4: ZCARD zbig is '$n', not $members"
}

# ---------------------------------------------------------------------------------------------------------
# Subscribers: raw connections whose bytes go to a file each; a message is a fixed number of bytes, so the
# file sizes tell when every subscriber has every message, and counting the frames checks it.

message_frame=$'*3\r\n$7\r\nmessage\r\n$'"${#channel}"$'\r\n'"$channel"$'\r\n$'"${#payload}"$'\r\n'"$payload"$'\r\n'
declare -A sub_files=() sub_base=() published=() delivery=() received=()
sub_pids=()
start_subscribers() { # start_subscribers SERVER PORT
  local server="$1" port="$2" j file deadline numsub
  for j in $(seq 1 "$subscribers"); do
    file="$tmp/subscriber-$server-$j.out"
    (
      exec 3<>"/dev/tcp/127.0.0.1/$port" || exit 1
      # shellcheck disable=SC2016  # RESP, not an expansion
      printf '*2\r\n$9\r\nSUBSCRIBE\r\n$%d\r\n%s\r\n' "${#channel}" "$channel" >&3
      exec cat <&3 >"$file"
    ) &
    started_pids+=("$!") sub_pids+=("$!")
    sub_files[$server]+="$file "
  done
  deadline=$(( $(date +%s) + 30 ))
  while :; do
    numsub="$(cli "$port" PUBSUB NUMSUB "$channel" | tail -n 1)"
    [ "$numsub" = "$subscribers" ] && break
    [ "$(date +%s)" -lt "$deadline" ] || die "$(server_name "$server"): PUBSUB NUMSUB $channel is '$numsub' 30 s after starting $subscribers subscribers"
    sleep 0.05
  done
  for file in ${sub_files[$server]}; do      # the SUBSCRIBE confirmation is in, and nothing else yet
    deadline=$(( $(date +%s) + 10 ))
    until grep -aq 'subscribe' "$file"; do
      [ "$(date +%s)" -lt "$deadline" ] || die "$(server_name "$server"): a subscriber got no SUBSCRIBE confirmation within 10 s"
      sleep 0.05
    done
    sub_base[$file]="$(stat -c %s "$file")"
  done
  published[$server]=0
}

after_publish() { # wait until every subscriber has every message published so far, and count them
  local i="$1" server="$2" round="$4" file deadline done_ms missing counts c size
  local -a files sizes_now
  read -ra files <<<"${sub_files[$server]}"
  published[$server]=$(( ${published[$server]} + ${w_requests[$i]} ))
  deadline=$(( $(now_ms) + 60000 ))
  while :; do
    missing=0
    mapfile -t sizes_now < <(stat -c %s "${files[@]}")
    for c in "${!files[@]}"; do
      size="${sizes_now[$c]:-0}" file="${files[$c]}"
      [ "$size" -ge $(( ${sub_base[$file]} + ${published[$server]} * ${#message_frame} )) ] || { missing=1; break; }
    done
    [ "$missing" = 0 ] && break
    [ "$(now_ms)" -lt "$deadline" ] || break
    [ "$server" = redis ] || kill -0 "$redactor_pid" 2>/dev/null || die "Redactor exited while delivering PUBLISH's messages"
    sleep 0.05
  done
  done_ms="$(now_ms)"
  counts=""
  for file in ${sub_files[$server]}; do
    counts+="$(grep -ac $'^message\r$' "$file" || true) "
  done
  received[$server]="$counts"
  for c in $counts; do
    [ "$c" = "${published[$server]}" ] && continue
    check_failed "$i" "$server" "round $round: subscribers received $counts messages of ${published[$server]} published"
    break
  done
  # Messages each subscriber got per second, from the start of redis-benchmark to the last one delivered.
  [ "$round" = 0 ] || [ "$missing" = 1 ] ||
    delivery[$server]+="$(awk -v n="${w_requests[$i]}" -v ms=$((done_ms - run_started_ms)) 'BEGIN { printf "%.0f", n * 1000 / (ms > 0 ? ms : 1) }') "
}

# ---------------------------------------------------------------------------------------------------------
# Workloads (see add_workload in lib.sh).

add_workload lpush "LPUSH, one list" lpush 1 "$requests" 0.8 "-t lpush" "DEL mylist" after_lpush
add_workload lpop "LPOP, the list LPUSH filled" lpop 1 "$requests" 0.8 "-t lpop" "" after_lpop
add_workload sadd "SADD, -r $keyspace members, one set" sadd 1 "$requests" 0.8 "-r $keyspace -t sadd" "DEL myset" after_sadd
add_workload hset "HSET, -r $keyspace fields, one hash" hset 1 "$requests" 0.8 "-r $keyspace -t hset" "DEL myhash" after_hset
add_workload zadd "ZADD, -r $keyspace members, one sorted set" zadd 1 "$requests" 0.8 "-r $keyspace -t zadd" "DEL myzset" after_zadd
add_workload zadd-big "ZADD into a $members-member sorted set" bigzset 1 "$requests" 0.5 \
  "-r $members ZADD zbig __rand_int__ m:__rand_int__" "" after_bigzset
add_workload zrangebyscore-big "ZRANGEBYSCORE min +inf LIMIT 0 10, $members members" bigzset 1 "$requests" 0.5 \
  "-r $members ZRANGEBYSCORE zbig __rand_int__ +inf LIMIT 0 10" "" after_bigzset
add_workload setbit "SETBIT, one bit of a $bitmap_bits-bit bitmap" bitmap 1 "$requests" 0.8 \
  "SETBIT mybitmap 7777777 1" "" after_bitmap
add_workload bitcount "BITCOUNT, a $bitmap_bits-bit bitmap" bitmap 1 "$requests" 0.8 \
  "BITCOUNT mybitmap" "" after_bitmap
add_workload publish "PUBLISH, 1 channel, $subscribers subscribers" publish 1 "$requests" 0.5 \
  "PUBLISH $channel $payload" "" after_publish
add_workload pfadd "PFADD, -r $keyspace elements, one HyperLogLog" pfadd 1 "$requests" 0.8 \
  "-r $keyspace PFADD myhll __rand_int__" "DEL myhll" after_pfadd
add_workload pfcount "PFCOUNT, one HyperLogLog of $hll_elements elements" pfcount 1 "$requests" 0.8 \
  "PFCOUNT {hll}big" "PFMERGE {hll}big" after_pfcount
add_workload pfcount-union "PFCOUNT of two HyperLogLogs of $hll_elements elements" pfcount 1 "$requests" 0.8 \
  "PFCOUNT {hll}big {hll}other" "" after_pfcount
geo_random=1000000000    # -r of the geo workloads: __rand_int__e-8 is a coordinate in [0, 10)
add_workload geoadd "GEOADD, random positions and members, one key" geoadd 1 "$requests" 0.8 \
  "-r $geo_random GEOADD geo:add __rand_int__e-8 __rand_int__e-8 m:__rand_int__" "DEL geo:add" after_geoadd
add_workload geosearch "GEOSEARCH BYRADIUS 10 km ASC COUNT 10, $geo_points points" geosearch 1 "$requests" 0.8 \
  "-r $geo_random GEOSEARCH geo:points FROMLONLAT __rand_int__e-8 __rand_int__e-8 BYRADIUS 10 km ASC COUNT 10" "" \
  after_geosearch
add_workload xadd "XADD, auto IDs, one stream" xadd 1 "$requests" 0.8 \
  "-r $keyspace XADD xs:add * field __rand_int__" "DEL xs:add" after_xadd
add_workload xreadgroup "XREADGROUP COUNT 1, 50 consumers of one group" xreadgroup 1 "$requests" 0.8 \
  "-r $clients XREADGROUP GROUP g c:__rand_int__ COUNT 1 STREAMS xs:group >" \
  "EVAL \"redis.call('XGROUP', 'DESTROY', KEYS[1], 'g') return redis.call('XGROUP', 'CREATE', KEYS[1], 'g', '0')\" 1 xs:group" \
  after_xreadgroup
add_workload xack "XACK of a random pending entry, after XREADGROUP" xreadgroup 1 "$requests" 0.8 \
  "-r $requests XACK xs:group g __rand_int__-1" "" after_xack
add_workload lrange-600 "LRANGE 0 599 of a $list_elements-element list" lrange 1 "$requests" 0.8 \
  "LRANGE biglist 0 599" "" after_lrange
add_workload lrange-all "LRANGE 0 -1 of a $list_elements-element list (streamed)" lrange 1 "$((requests / 20))" 0.8 \
  "LRANGE biglist 0 -1" "" after_lrange

# The list LRANGE reads: e:0 ... e:<list_elements - 1>, pushed 1,000 at a time.
if selected lrange; then
  awk -v n="$list_elements" -v b=1000 'BEGIN { for (i = 0; i < n; i += b) { m = (n - i < b ? n - i : b);
      printf "*%d\r\n$5\r\nRPUSH\r\n$7\r\nbiglist\r\n", 2 + m;
      for (j = i; j < i + m; j++) { e = sprintf("e:%d", j); printf "$%d\r\n%s\r\n", length(e), e } } }' >"$tmp/list.resp"
  say "loading a $list_elements-element list into Redis, then into Redactor"
  for port in "$redis_port" "$redactor_port"; do
    pipe_load "$port" "$tmp/list.resp" "the list" 600
  done
  [ "$(cli "$redactor_port" LRANGE biglist 0 -1 | md5sum)" = "$(cli "$redis_port" LRANGE biglist 0 -1 | md5sum)" ] \
    || die "Redactor's biglist is not Redis's after the same RPUSHes"
fi

# The big sorted set: members m:<12 digits> as redis-benchmark's __rand_int__ writes them, score = number.
zadd_batch=100           # members per ZADD (and fields per HSET) of the --pipe loads
zrange_sample=()
if selected bigzset; then
  awk -v n="$members" -v b="$zadd_batch" 'BEGIN { for (i = 0; i < n; i += b) { m = (n - i < b ? n - i : b);
      printf "*%d\r\n$4\r\nZADD\r\n$4\r\nzbig\r\n", 2 + 2 * m;
      for (j = i; j < i + m; j++) { s = sprintf("%d", j); k = sprintf("m:%012d", j);
        printf "$%d\r\n%s\r\n$%d\r\n%s\r\n", length(s), s, length(k), k } } }' >"$tmp/zbig.resp"
  say "loading a $members-member sorted set into Redis, then into Redactor"
  for port in "$redis_port" "$redactor_port"; do
    pipe_load "$port" "$tmp/zbig.resp" "the $members-member sorted set" 600
    zrange_sample+=("$(cli "$port" ZRANGEBYSCORE zbig 000000000042 +inf WITHSCORES LIMIT 0 3 | tr '\n' ' ')")
  done
  redactor_alive || die "Redactor stopped answering after loading the $members-member sorted set"
  [ "$(cli "$redactor_port" ZCARD zbig)" = "$members" ] || die "Redactor: ZCARD zbig is not $members after the load"
fi

# The HyperLogLogs PFCOUNT counts: {hll}big and {hll}other, 100,000 elements each, half of them the same.
declare -A hll_union=()
if selected pfcount; then
  awk -v n="$hll_elements" -v b=1000 'BEGIN { for (k = 0; k < 2; k++) { key = k ? "{hll}other" : "{hll}big";
      for (i = 0; i < n; i += b) { m = (n - i < b ? n - i : b);
        printf "*%d\r\n$5\r\nPFADD\r\n$%d\r\n%s\r\n", 2 + m, length(key), key;
        for (j = i; j < i + m; j++) { e = sprintf("e:%d", j + k * n / 2); printf "$%d\r\n%s\r\n", length(e), e } } } }' \
    >"$tmp/hll.resp"
  say "loading two HyperLogLogs of $hll_elements elements into Redis, then into Redactor"
  for server in redis redactor; do
    port="$(server_port "$server")"
    pipe_load "$port" "$tmp/hll.resp" "the HyperLogLogs" 600
    hll_union[$server]="$(cli "$port" PFCOUNT "{hll}big" "{hll}other")"
  done
  redactor_alive || die "Redactor stopped answering after loading the HyperLogLogs"
  [ "$(cli "$redis_port" GET "{hll}big" | md5sum)" = "$(cli "$redactor_port" GET "{hll}big" | md5sum)" ] \
    || die "Redactor's {hll}big is not Redis's, byte for byte, after the same PFADDs"
fi

# A bitmap: its last bit, then 100,000 bits at pseudo-random offsets below it (the same on both servers); with a
# count, that many bitmaps KEY:0, KEY:1, ..., the 100,000 bits spread over them.
bitmap_file() { # bitmap_file KEY FILE [COUNT]
  awk -v key="$1" -v n="$bitmap_bits" -v count="${3:-0}" 'BEGIN { srand(42);
      copies = count > 0 ? count : 1; last = sprintf("%d", n - 1);
      for (c = 0; c < copies; c++) { k = count > 0 ? key ":" c : key;
        printf "*4\r\n$6\r\nSETBIT\r\n$%d\r\n%s\r\n$%d\r\n%s\r\n$1\r\n1\r\n", length(k), k, length(last), last;
        for (i = 0; i < 100000 / copies; i++) { o = sprintf("%d", int(rand() * n));
          printf "*4\r\n$6\r\nSETBIT\r\n$%d\r\n%s\r\n$%d\r\n%s\r\n$1\r\n1\r\n", length(k), k, length(o), o } } }' >"$2"
}
bitmap_sample=()
if selected bitmap; then
  bitmap_file mybitmap "$tmp/mybitmap.resp"
  say "loading a $bitmap_bits-bit bitmap into Redis, then into Redactor"
  for port in "$redis_port" "$redactor_port"; do
    pipe_load "$port" "$tmp/mybitmap.resp" "the $bitmap_bits-bit bitmap" 600
    bitmap_sample+=("$(cli "$port" BITCOUNT mybitmap)")
  done
  [ "${bitmap_sample[0]}" = "${bitmap_sample[1]}" ] || die "BITCOUNT mybitmap after the load: Redis ${bitmap_sample[0]}, Redactor ${bitmap_sample[1]}"
fi

# The searched geo set: points p:<6 digits> at positions uniform over [0, 10) x [0, 10) degrees (awk's seeded
# rand, the same file for both servers), loaded in GEOADDs of $zadd_batch points.
geo_sample=()
geo_sample_command=(GEOSEARCH geo:points FROMLONLAT 5 5 BYRADIUS 10 km ASC COUNT 10 WITHDIST)
if selected geosearch; then
  awk -v n="$geo_points" -v b="$zadd_batch" 'BEGIN { srand(1); for (i = 0; i < n; i += b) { m = (n - i < b ? n - i : b);
      printf "*%d\r\n$6\r\nGEOADD\r\n$10\r\ngeo:points\r\n", 2 + 3 * m;
      for (j = i; j < i + m; j++) { x = sprintf("%.6f", 10 * rand()); y = sprintf("%.6f", 10 * rand()); k = sprintf("p:%06d", j);
        printf "$%d\r\n%s\r\n$%d\r\n%s\r\n$%d\r\n%s\r\n", length(x), x, length(y), y, length(k), k } } }' >"$tmp/geo.resp"
  say "loading a geo set of $geo_points points into Redis, then into Redactor"
  for port in "$redis_port" "$redactor_port"; do
    pipe_load "$port" "$tmp/geo.resp" "the geo set of $geo_points points" 600
    geo_sample+=("$(cli "$port" "${geo_sample_command[@]}" | tr '\n' ' ')")
  done
  redactor_alive || die "Redactor stopped answering after loading the geo set"
  [ "$(cli "$redactor_port" ZCARD geo:points)" = "$geo_points" ] || die "Redactor: ZCARD geo:points is not $geo_points after the load"
fi

# The stream the consumer group reads: --requests entries, IDs <n>-1 from n = 0 (what XACK's __rand_int__-1 names).
if selected xreadgroup; then
  awk -v n="$requests" 'BEGIN { for (i = 0; i < n; i++) { id = sprintf("%d-1", i);
      printf "*5\r\n$4\r\nXADD\r\n$8\r\nxs:group\r\n$%d\r\n%s\r\n$5\r\nfield\r\n$5\r\nvalue\r\n", length(id), id } }' \
    >"$tmp/xgroup.resp"
  say "loading a stream of $requests entries into Redis, then into Redactor"
  for port in "$redis_port" "$redactor_port"; do
    pipe_load "$port" "$tmp/xgroup.resp" "the stream of $requests entries" 600
    [ "$(cli "$port" XLEN xs:group)" = "$requests" ] || die "XLEN xs:group is not $requests after the load on port $port"
  done
fi

if selected publish; then
  say "starting $subscribers subscribers of '$channel' on each server"
  start_subscribers redis "$redis_port"
  start_subscribers redactor "$redactor_port"
fi

[ "${#w_ids[@]}" -eq 0 ] || run_workloads

# ---------------------------------------------------------------------------------------------------------
# Memory: a sorted set and a hash of --members entries, loaded into emptied servers.

for pid in "${sub_pids[@]}"; do      # the subscribers are done with
  stop_pid "$pid"
done
declare -A mem_sample=()
if selected zset-memory; then
  awk -v n="$members" -v b="$zadd_batch" 'BEGIN { for (i = 0; i < n; i += b) { m = (n - i < b ? n - i : b);
      printf "*%d\r\n$4\r\nZADD\r\n$4\r\nzmem\r\n", 2 + 2 * m;
      for (j = i; j < i + m; j++) { s = sprintf("%d", j); k = sprintf("member:%07d", j);
        printf "$%d\r\n%s\r\n$%d\r\n%s\r\n", length(s), s, length(k), k } } }' >"$tmp/zmem.resp"
  say "memory: a sorted set of $members members into Redis, then into Redactor"
  for server in redis redactor; do
    port="$(server_port "$server")"
    measure_memory zset "$server" "$port" "$tmp/zmem.resp" "a sorted set of $members members" ZCARD zmem
    mem_sample[zset.$server]="$(cli "$port" ZSCORE zmem member:0000042)"
  done
  redactor_alive || die "Redactor stopped answering after loading a sorted set of $members members"
fi
if selected hash-memory; then
  awk -v n="$members" -v b="$zadd_batch" 'BEGIN { for (i = 0; i < n; i += b) { m = (n - i < b ? n - i : b);
      printf "*%d\r\n$4\r\nHSET\r\n$4\r\nhmem\r\n", 2 + 2 * m;
      for (j = i; j < i + m; j++) { f = sprintf("field:%07d", j); v = sprintf("val:%012d", j);
        printf "$%d\r\n%s\r\n$%d\r\n%s\r\n", length(f), f, length(v), v } } }' >"$tmp/hmem.resp"
  say "memory: a hash of $members fields into Redis, then into Redactor"
  for server in redis redactor; do
    port="$(server_port "$server")"
    measure_memory hash "$server" "$port" "$tmp/hmem.resp" "a hash of $members fields" HLEN hmem
    mem_sample[hash.$server]="$(cli "$port" HGET hmem field:0000042)"
  done
  redactor_alive || die "Redactor stopped answering after loading a hash of $members fields"
fi

if selected bitmap-memory; then
  bitmap_file bmem "$tmp/bmem.resp" "$bitmap_copies"
  say "memory: $bitmap_copies bitmaps of $bitmap_bits bits into Redis, then into Redactor"
  for server in redis redactor; do
    port="$(server_port "$server")"
    measure_memory bitmap "$server" "$port" "$tmp/bmem.resp" "$bitmap_copies bitmaps of $bitmap_bits bits" DBSIZE
    mem_sample[bitmap.$server]="$(cli "$port" BITCOUNT bmem:0)"
  done
  redactor_alive || die "Redactor stopped answering after loading a $bitmap_bits-bit bitmap"
fi

if selected stream-memory; then
  awk -v n="$members" -v copies="$stream_copies" 'BEGIN { for (c = 0; c < copies; c++) { key = "smem:" c;
      for (i = 0; i < n; i++) { id = sprintf("%.0f-%d", 1700000000000 + int(i / 10), i % 10);
        s = sprintf("%d", i % 1000); v = sprintf("%d", i);
        printf "*7\r\n$4\r\nXADD\r\n$%d\r\n%s\r\n$%d\r\n%s\r\n$6\r\nsensor\r\n$%d\r\n%s\r\n$5\r\nvalue\r\n$%d\r\n%s\r\n",
          length(key), key, length(id), id, length(s), s, length(v), v } } }' >"$tmp/smem.resp"
  say "memory: $stream_copies streams of $members entries into Redis, then into Redactor"
  for server in redis redactor; do
    port="$(server_port "$server")"
    measure_memory stream "$server" "$port" "$tmp/smem.resp" "$stream_copies streams of $members entries" XLEN smem:0
    mem_sample[stream.$server]="$(cli "$port" XRANGE smem:0 1700000000042 + COUNT 1 | tr '\n' ' ')"
  done
  redactor_alive || die "Redactor stopped answering after loading a stream of $members entries"
fi

# ---------------------------------------------------------------------------------------------------------
# Report.

memory_table() { # memory_table NAME TITLE CARD-COMMAND UNIT SAMPLE-COMMAND [COUNT TARGET]
  local r="$1.redis" d="$1.redactor" x count="${6:-$members}" target="${7:-3}"
  x="$(ratio $(( ${mem[$d.used]} - ${mem[$d.empty]} )) $(( ${mem[$r.used]} - ${mem[$r.empty]} )))"
  echo "### Memory, $2"
  echo
  echo "| | Redis | Redactor | Ratio |"
  echo "|---|---:|---:|---:|"
  echo "| $3 | ${mem[$r.check]} | ${mem[$d.check]} | |"
  report_memory_rows "$1" "$count" "$4"
  echo
  echo "Memory target (increase for the $(plural "$4") ≤ ${target}x Redis's, aim ≤ 2x): **$x**: $(met "$x" "<=" "$target") (aim: $(met "$x" "<=" 2)). Redactor's committed heap after the load: $(mib "${mem[$d.heap_committed]}"). Pipe results: Redis \`${mem[$r.pipe]}\`, Redactor \`${mem[$d.pipe]}\`; $5: Redis \`${mem_sample[$1.redis]}\`, Redactor \`${mem_sample[$1.redactor]}\`."
  echo
}

report="$(report_file)"
{
  report_header "Redactor vs Redis: data types and pub/sub"
  echo "- redis-benchmark: $clients clients, no pipelining, $requests requests per workload, $rounds round(s) interleaved (median reported) after one untimed warm-up round against Redactor"
  echo "- Command: \`$command_line\`"
  echo
  if [ "${#w_ids[@]}" -gt 0 ]; then
    report_throughput
    left="$(for i in "${!w_ids[@]}"; do
      case "${w_ids[$i]}" in
        lpush) what="LLEN mylist after LPUSH" ;;
        lpop) what="LLEN mylist after LPOP" ;;
        sadd) what="SCARD myset" ;;
        hset) what="HLEN myhash" ;;
        zadd) what="ZCARD myzset" ;;
        zadd-big) what="ZCARD zbig" ;;
        pfadd) what="PFCOUNT myhll" ;;
        setbit) what="BITCOUNT mybitmap after SETBIT" ;;
        geoadd) what="ZCARD geo:add" ;;
        xadd) what="XLEN xs:add" ;;
        xreadgroup) what="entries pending after XREADGROUP" ;;
        xack) what="entries pending after XACK" ;;
        *) continue ;;
      esac
      echo "$what: Redis ${sizes[${w_ids[$i]}|redis]:-?}, Redactor ${sizes[${w_ids[$i]}|redactor]:-?}"
    done | paste -sd';' | sed 's/;/; /g')"
    [ -z "$left" ] || { echo "What the runs left in their keys (last round): $left."; echo; }
    if selected bigzset; then
      echo "The big sorted set: members \`m:<12 digits>\` with scores 0..$((members - 1)), loaded in ZADDs of $zadd_batch members; ZADD sets random scores of existing members (\`ZADD zbig __rand_int__ m:__rand_int__\`, \`-r $members\`), ZRANGEBYSCORE reads from a random min (\`ZRANGEBYSCORE zbig __rand_int__ +inf LIMIT 0 10\`). After the load, \`ZRANGEBYSCORE zbig 000000000042 +inf WITHSCORES LIMIT 0 3\`: Redis \`${zrange_sample[0]% }\`, Redactor \`${zrange_sample[1]% }\`$([ "${zrange_sample[0]}" = "${zrange_sample[1]}" ] && echo " (the same)" || echo " (DIFFERENT)")."
      echo
    fi
    if selected pfcount; then
      echo "The HyperLogLogs: \`{hll}big\` holds elements \`e:0\`..\`e:$((hll_elements - 1))\`, \`{hll}other\` \`e:$((hll_elements / 2))\`..\`e:$((hll_elements * 3 / 2 - 1))\`, loaded in PFADDs of 1000 elements (the same bytes on both servers); PFCOUNT of both after the load: Redis ${hll_union[redis]:-?}, Redactor ${hll_union[redactor]:-?}."
      echo
    fi
    if selected geosearch; then
      echo "The geo set: $geo_points points \`p:<6 digits>\` uniform over longitudes and latitudes [0, 10), loaded in GEOADDs of $zadd_batch points; GEOSEARCH searches around random centres in that square (\`FROMLONLAT __rand_int__e-8 __rand_int__e-8\`, \`-r $geo_random\`). After the load, \`${geo_sample_command[*]}\`: Redis \`${geo_sample[0]% }\`, Redactor \`${geo_sample[1]% }\`$([ "${geo_sample[0]}" = "${geo_sample[1]}" ] && echo " (the same)" || echo " (DIFFERENT)")."
      echo
    fi
    if selected xreadgroup; then
      echo "The consumer group: xs:group holds $requests entries \`<n>-1\` (n from 0); before XREADGROUP its group g is made anew at 0, then 50 clients read with \`XREADGROUP GROUP g c:__rand_int__ COUNT 1 STREAMS xs:group >\` (\`-r $clients\`: 50 consumers), one new entry each, and right after that on the same server acknowledge random ones with \`XACK xs:group g __rand_int__-1\` (\`-r $requests\`; about 63% find their entry pending)."
      echo
    fi
    if selected publish; then
      # shellcheck disable=SC2086
      {
        r_delivery="$(median ${delivery[redis]:-})" d_delivery="$(median ${delivery[redactor]:-})"
      }
      echo "PUBLISH: $subscribers subscribers on each server (raw connections, RESP2). Messages each subscriber received in all (warm-up included): Redis ${received[redis]% }, Redactor ${received[redactor]% }; published: Redis ${published[redis]}, Redactor ${published[redactor]}. Delivery rate (messages per second each subscriber received, from the start of redis-benchmark until the last subscriber had them all), median: Redis ${r_delivery:-n/a}, Redactor ${d_delivery:-n/a}."
      echo
    fi
  fi
  if selected zset-memory; then
    memory_table zset "a sorted set of $members members (\`member:%07d\`, integer scores)" ZCARD member "ZSCORE zmem member:0000042"
  fi
  if selected bitmap; then
    echo "The bitmap: \`SETBIT mybitmap $((bitmap_bits - 1)) 1\`, then 100,000 SETBITs at pseudo-random offsets below it; BITCOUNT after the load: Redis ${bitmap_sample[0]}, Redactor ${bitmap_sample[1]}."
    echo
  fi
  if selected bitmap-memory; then
    memory_table bitmap "bitmaps of $bitmap_bits bits ($bitmap_copies of them, each with its last bit and 3,125 random ones set; per byte of bitmap)" DBSIZE byte "BITCOUNT bmem:0" $((bitmap_copies * bitmap_bits / 8)) 2
  fi
  if selected stream-memory; then
    memory_table stream "streams of $members entries (\`XADD smem:<n> <ms>-<seq> sensor <0..999> value <n>\`, ten a millisecond; $stream_copies of them measured together)" "XLEN smem:0" entry "XRANGE smem:0 1700000000042 + COUNT 1" $((stream_copies * members)) 2
  fi
  if selected hash-memory; then
    memory_table hash "a hash of $members fields (\`field:%07d\`, 16-byte values)" HLEN field "HGET hmem field:0000042"
  fi
  report_failures
} >"$report"

cat "$report"
say "report written to ${report#"$bench_root/"}"
