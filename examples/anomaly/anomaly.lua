-- Anomalous windows of a metric: each window's distribution of values against the same windows before it.
--
-- KEYS[1] the metric: a sorted set, score = timestamp (s), member = "<timestamp>:<value>"
-- KEYS[2] cache of window distributions: a hash, field = window start, value = "count,count,..." per bin.
--         Only for one window size and one binning: name it after them.
-- ARGV[1] from, ARGV[2] to (timestamps; windows [from + i*window, from + (i+1)*window) within [from, to))
-- ARGV[3] window (s)   ARGV[4] lo   ARGV[5] hi   ARGV[6] bins: `bins` equal bins over [lo, hi], values below
--         lo in the first, above hi in the last
-- ARGV[7] confidence of the chi-square test (e.g. 0.9999)
-- ARGV[8] season (s): a window is compared with the windows whole seasons before it (86400: the same hours
--         of the days before); 0: with the windows just before it
-- ARGV[9] history: how many earlier windows to pool as the reference   ARGV[10] minimum of those needed
--
-- Returns {windows, judged, computed from points, taken from the cache, anomalies}, anomalies as
-- {start, chi-square, degrees of freedom, critical value} in time order. Anomalous windows are left out of
-- the references of later ones. A window is cached once a point at or after its end exists (points are
-- assumed to arrive in time order: after rewriting the past, DEL the cache).

local metric, cache = KEYS[1], KEYS[2]
local from, to, window = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local lo, hi, bins = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
local confidence, season = tonumber(ARGV[7]), tonumber(ARGV[8])
local history, min_history = tonumber(ARGV[9]), tonumber(ARGV[10])
if not (from and to and window and window > 0 and lo and hi and hi > lo and bins and bins >= 2
    and confidence and confidence > 0.5 and confidence < 1 and season and season % window == 0
    and history and min_history) then
  return redis.error_reply('ERR bad arguments: see the header of anomaly.lua')
end
local MIN_EXPECTED = 1   -- adjacent bins are pooled until the window's expected count reaches this
local BATCH = 1000       -- hash fields per HMGET/HSET

-- Standard normal quantile for p in (0.5, 1): Abramowitz and Stegun 26.2.23 (error below 4.5e-4).
local function normal_quantile(p)
  local t = math.sqrt(-2 * math.log(1 - p))
  return t - (2.515517 + 0.802853 * t + 0.010328 * t * t) / (1 + 1.432788 * t + 0.189269 * t * t + 0.001308 * t * t * t)
end

-- Chi-square critical value with df degrees of freedom at the confidence: Wilson-Hilferty's cube of a normal.
local criticals = {}
local function critical(df)
  if not criticals[df] then
    local z, c = normal_quantile(confidence), 2 / (9 * df)
    criticals[df] = df * (1 - c + z * math.sqrt(c)) ^ 3
  end
  return criticals[df]
end

-- Window starts
local starts = {}
for s = from, to - window, window do
  starts[#starts + 1] = s
end

-- Distributions: from the cache, else from the points
local last = redis.call('ZRANGE', metric, -1, -1, 'WITHSCORES')
local last_ts = last[2] and tonumber(last[2]) or -math.huge

local function parse_counts(text)
  local counts = {}
  for c in string.gmatch(text, '[^,]+') do
    counts[#counts + 1] = tonumber(c)
  end
  return counts
end

local function distribution(s)
  local counts = {}
  for b = 1, bins do
    counts[b] = 0
  end
  local members = redis.call('ZRANGEBYSCORE', metric, s, '(' .. (s + window))
  for _, member in ipairs(members) do
    local v = tonumber(string.match(member, ':(.*)$'))
    if v then
      local b = math.floor((v - lo) / (hi - lo) * bins) + 1
      if b < 1 then b = 1 elseif b > bins then b = bins end
      counts[b] = counts[b] + 1
    end
  end
  return counts
end

local dists, computed, from_cache, to_store = {}, 0, 0, {}
for first = 1, #starts, BATCH do
  local fields = {}
  for i = first, math.min(first + BATCH - 1, #starts) do
    fields[#fields + 1] = starts[i]
  end
  local texts = redis.call('HMGET', cache, unpack(fields))
  for j, s in ipairs(fields) do
    local i = first + j - 1
    if texts[j] then
      dists[i] = parse_counts(texts[j])
      from_cache = from_cache + 1
    else
      dists[i] = distribution(s)
      computed = computed + 1
      if s + window <= last_ts then
        to_store[#to_store + 1] = s
        to_store[#to_store + 1] = table.concat(dists[i], ',')
      end
    end
  end
end
for first = 1, #to_store, 2 * BATCH do
  redis.call('HSET', cache, unpack(to_store, first, math.min(first + 2 * BATCH - 1, #to_store)))
end

-- Chi-square test of homogeneity of the window's counts x and the reference's r (2 x groups table), bins
-- pooled left to right until the window's expected count reaches MIN_EXPECTED. Returns chi2, df.
local function chi_square(x, r)
  local nx, nr = 0, 0
  for b = 1, bins do
    nx, nr = nx + x[b], nr + r[b]
  end
  local n = nx + nr
  local gx, gr, gxs, grs = 0, 0, {}, {}
  for b = 1, bins do
    gx, gr = gx + x[b], gr + r[b]
    if (gx + gr) * nx / n >= MIN_EXPECTED then
      gxs[#gxs + 1], grs[#grs + 1] = gx, gr
      gx, gr = 0, 0
    end
  end
  if #gxs == 0 then
    return 0, 0
  end
  gxs[#gxs], grs[#grs] = gxs[#gxs] + gx, grs[#grs] + gr
  local chi2 = 0
  for g = 1, #gxs do
    local total = gxs[g] + grs[g]
    local ex, er = total * nx / n, total * nr / n
    local dx, dr = gxs[g] - ex, grs[g] - er
    chi2 = chi2 + dx * dx / ex + dr * dr / er
  end
  return chi2, #gxs - 1
end

-- Each window's reference: the sum of the last `history` non-anomalous, non-empty windows whole seasons
-- before it (its phase), kept up to date as the windows are judged in time order.
local stride = season > 0 and season / window or 1
local phases = {}   -- phase -> {sum = counts, queue = its windows from queue[first] to queue[last]}
local anomalies, judged = {}, 0
for i = 1, #starts do
  local x, nx = dists[i], 0
  for b = 1, bins do
    nx = nx + x[b]
  end
  local phase = phases[i % stride]
  if not phase then
    phase = {sum = {}, queue = {}, first = 1, last = 0}
    for b = 1, bins do
      phase.sum[b] = 0
    end
    phases[i % stride] = phase
  end
  local anomalous = false
  if nx > 0 and phase.last - phase.first + 1 >= min_history then
    judged = judged + 1
    local chi2, df = chi_square(x, phase.sum)
    if df > 0 and chi2 > critical(df) then
      anomalous = true
      anomalies[#anomalies + 1] = {starts[i], string.format('%.1f', chi2), df, string.format('%.1f', critical(df))}
    end
  end
  if nx > 0 and not anomalous then
    local sum = phase.sum
    for b = 1, bins do
      sum[b] = sum[b] + x[b]
    end
    phase.last = phase.last + 1
    phase.queue[phase.last] = x
    if phase.last - phase.first + 1 > history then
      local oldest = phase.queue[phase.first]
      for b = 1, bins do
        sum[b] = sum[b] - oldest[b]
      end
      phase.queue[phase.first] = nil
      phase.first = phase.first + 1
    end
  end
end

return {#starts, judged, computed, from_cache, anomalies}
