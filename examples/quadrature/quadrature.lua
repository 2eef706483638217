-- Adaptive Simpson quadrature of a fixed integrand over [a, b], in parallel copies sharing a work list.
--
-- KEYS[1] work list   KEYS[2] total area (INCRBYFLOAT)   KEYS[3] pending-work counter (items not done yet)
-- ARGV[1] mode: 'seed' | 'worker' | 'sequential'
-- ARGV[2] integrand name (see INTEGRANDS)   ARGV[3] a   ARGV[4] b   ARGV[5] tolerance (absolute)
-- ARGV[6] pieces [a, b] is cut into to start with   ARGV[7] budget: subdivisions a worker does on one item
-- before it pushes the rest back   ARGV[8] maximum depth   ARGV[9] idle retries (worker)
--
-- seed:       empties the three keys and pushes the first pieces, one item each; pending = their count.
-- worker:     pops items until the work is done: refines an item's intervals depth first on a local stack,
--             at most `budget` subdivisions; INCRBYFLOATs the area of the converged parts and, if intervals
--             are left on its stack, pushes them back split into two items (so that another copy can take half).
--             Returns {items, intervals, evaluations, idle polls}.
-- sequential: the same refinement of the same pieces on one local stack, no list, no budget.
--             Returns {area (string), intervals, evaluations}.
--
-- An interval is "a b fa fm fb whole eps depth": its ends, f at a, (a+b)/2 and b, its Simpson estimate, its
-- share of the tolerance and its depth, numbers written with 17 significant digits so that they round-trip.
-- An item is one or more intervals separated by ';'. Every copy refines the same tree of intervals as the
-- sequential mode does; only the order of the additions differs.

local INTEGRANDS = {
  -- thirty Lorentzian peaks on a wave: peak i (1..30) at (2i - 1) / 60, of half-width i / 3000
  peaks = function(x)
    local y = math.sin(40 * x)
    for i = 1, 30 do
      local d, w = x - (2 * i - 1) / 60, i / 3000
      y = y + 1 / (d * d + w * w)
    end
    return y
  end,
  -- an oscillation growing with x
  wave = function(x)
    return x * math.sin(50 * x)
  end,
}

local mode, f = ARGV[1], INTEGRANDS[ARGV[2]]
if not f then
  return redis.error_reply('ERR unknown integrand ' .. tostring(ARGV[2]))
end
local a0, b0, tol = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local pieces, budget, max_depth = tonumber(ARGV[6]), tonumber(ARGV[7]), tonumber(ARGV[8])
local work, total, pending = KEYS[1], KEYS[2], KEYS[3]
local evaluations, intervals = 0, 0

local function simpson(a, b, fa, fm, fb)
  return (b - a) / 6 * (fa + 4 * fm + fb)
end

-- Interval: {a, b, fa, fm, fb, whole, eps, depth}
local function first_pieces()
  local list, width = {}, (b0 - a0) / pieces
  for i = 0, pieces - 1 do
    local a = a0 + i * width
    local b = (i == pieces - 1) and b0 or a0 + (i + 1) * width
    local fa, fm, fb = f(a), f((a + b) / 2), f(b)
    evaluations = evaluations + 3
    list[#list + 1] = {a, b, fa, fm, fb, simpson(a, b, fa, fm, fb), tol / pieces, 0}
  end
  return list
end

local function encode(iv)
  return string.format('%.17g %.17g %.17g %.17g %.17g %.17g %.17g %d',
    iv[1], iv[2], iv[3], iv[4], iv[5], iv[6], iv[7], iv[8])
end

-- An item's intervals, pushed on `stack`.
local function decode(item, stack)
  for text in string.gmatch(item, '[^;]+') do
    local iv = {}
    for word in string.gmatch(text, '%S+') do
      iv[#iv + 1] = tonumber(word)
    end
    stack[#stack + 1] = iv
  end
  return stack
end

-- Refines the intervals on `stack` depth first until it is empty or `budget` intervals were split; returns
-- the area of the converged parts. Whatever is left on the stack is still to do.
local function refine(stack, budget)
  local area, done = 0, 0
  while #stack > 0 and done < budget do
    local n = #stack
    local iv = stack[n]
    stack[n] = nil
    local a, b, fa, fm, fb, whole, eps, depth = iv[1], iv[2], iv[3], iv[4], iv[5], iv[6], iv[7], iv[8]
    local m = (a + b) / 2
    local flm, frm = f((a + m) / 2), f((m + b) / 2)
    evaluations = evaluations + 2
    intervals = intervals + 1
    done = done + 1
    local left, right = simpson(a, m, fa, flm, fm), simpson(m, b, fm, frm, fb)
    local delta = left + right - whole
    if depth >= max_depth or math.abs(delta) <= 15 * eps then
      area = area + left + right + delta / 15
    else
      -- right below left: the left half is refined first
      stack[n] = {m, b, fm, frm, fb, right, eps / 2, depth + 1}
      stack[n + 1] = {a, m, fa, flm, fm, left, eps / 2, depth + 1}
    end
  end
  return area
end

if mode == 'seed' then
  redis.call('DEL', work, total, pending)
  local items = {}
  for i, iv in ipairs(first_pieces()) do
    items[i] = encode(iv)
  end
  redis.call('RPUSH', work, unpack(items))
  redis.call('SET', total, '0')
  redis.call('SET', pending, #items)
  return #items

elseif mode == 'sequential' then
  local area = refine(first_pieces(), math.huge)
  return {string.format('%.17g', area), intervals, evaluations}

elseif mode == 'worker' then
  local idle_retries = tonumber(ARGV[9])
  local items, idle_polls, idle = 0, 0, 0
  while true do
    local item = redis.call('LPOP', work)
    if item then
      idle = 0
      items = items + 1
      local stack = decode(item, {})
      local area = refine(stack, budget)
      if #stack > 0 then
        -- two items of alternate stack entries: the bottom of a depth-first stack holds the big intervals
        local halves = {{}, {}}
        for i, iv in ipairs(stack) do
          local half = halves[i % 2 + 1]
          half[#half + 1] = encode(iv)
        end
        local rest = {}
        for _, half in ipairs(halves) do
          if #half > 0 then
            rest[#rest + 1] = table.concat(half, ';')
          end
        end
        -- counted before this item is uncounted: pending never reaches 0 while work remains
        redis.call('INCRBY', pending, #rest)
        redis.call('RPUSH', work, unpack(rest))
      end
      redis.call('INCRBYFLOAT', total, string.format('%.17g', area))
      redis.call('DECR', pending)
    else
      -- the list is empty for now, but copies still busy may push work back: async scripts cannot block,
      -- so poll the counter a bounded number of times, then leave the rest to the copies still busy (a copy
      -- that pushes work keeps popping until it finds the list empty, so no work is left behind)
      if tonumber(redis.call('GET', pending)) <= 0 then
        break
      end
      idle, idle_polls = idle + 1, idle_polls + 1
      if idle > idle_retries then
        break
      end
    end
  end
  return {items, intervals, evaluations, idle_polls}
end

return redis.error_reply("ERR unknown mode '" .. tostring(mode) .. "': expected seed, worker or sequential")
