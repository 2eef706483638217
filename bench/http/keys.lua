-- wrk script of bench/compare-http.sh: GET or PUT /v1/keys/key:NNNNNNNNNNNN on keys picked at random,
-- uniformly, among the keyspace (default 10000), named as redis-benchmark -r names them (key:__rand_int__,
-- 12 digits), so that the RESP and the HTTP runs use the same keys. PUT sends a 3-byte body ("xxx", what
-- redis-benchmark -d 3 writes). Usage: wrk ... -s bench/http/keys.lua URL -- GET|PUT [KEYSPACE [VALUE]]
-- Every request is formatted once in init (the load generator shares the cores with the server); done prints
-- one machine-readable line, "wrk-result: name=value ...", which compare-http.sh reads.

local counter = 0
function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
end

local requests, keyspace = {}, 10000
function init(args)
  local method = args[1] or "GET"
  keyspace = tonumber(args[2]) or keyspace
  local headers, body = nil, nil
  if method == "PUT" then
    headers, body = { ["Content-Type"] = "application/octet-stream" }, args[3] or "xxx"
  end
  math.randomseed(os.time() * 1000 + (id or 0) * 7919)
  for i = 0, keyspace - 1 do
    requests[i] = wrk.format(method, string.format("/v1/keys/key:%012d", i), headers, body)
  end
end

function request()
  return requests[math.random(0, keyspace - 1)]
end

function done(summary, latency, _)
  local e = summary.errors
  io.write(string.format("wrk-result: requests=%d duration_us=%d p50_us=%d p99_us=%d max_us=%d mean_us=%.1f "
      .. "connect=%d read=%d write=%d status=%d timeout=%d\n", summary.requests, summary.duration,
      latency:percentile(50), latency:percentile(99), latency.max, latency.mean,
      e.connect, e.read, e.write, e.status, e.timeout))
end
