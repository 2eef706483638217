local function esc(s)
  local out = {}
  for i = 1, #s do
    local b = string.byte(s, i)
    if b == 34 then out[i] = '\\"'
    elseif b == 92 then out[i] = '\\\\'
    elseif b < 32 or b > 126 then out[i] = string.format('\\x%02X', b)
    else out[i] = string.char(b) end
  end
  return '"' .. table.concat(out) .. '"'
end
local function before(a, b)
  local n = math.min(#a, #b)
  for i = 1, n do
    local x, y = string.byte(a, i), string.byte(b, i)
    if x ~= y then return x < y end
  end
  return #a < #b
end
local function num(x)
  if x ~= x then return 'nan' end
  if x == math.huge then return 'inf' end
  if x == -math.huge then return '-inf' end
  return string.format('%.17g', x)
end
local dump
dump = function(v, depth)
  local t = type(v)
  if t == 'nil' then return 'nil'
  elseif t == 'boolean' then return tostring(v)
  elseif t == 'number' then return num(v)
  elseif t == 'string' then return esc(v)
  elseif t == 'userdata' then if v == cjson.null then return 'null' end return 'userdata'
  elseif t == 'table' then
    if depth > 20 then return '{...}' end
    local parts = {}
    for k, x in pairs(v) do parts[#parts + 1] = '[' .. dump(k, depth + 1) .. ']=' .. dump(x, depth + 1) end
    table.sort(parts, before)
    local mt = getmetatable(v)
    return '{' .. table.concat(parts, ',') .. '}' .. (mt and '+mt' or '')
  end
  return t
end
local function all(ok, ...)
  local out = {}
  for i = 1, select('#', ...) do out[i] = dump((select(i, ...)), 0) end
  if ok then return 'ok ' .. table.concat(out, ', ') end
  return 'err ' .. out[1]
end
