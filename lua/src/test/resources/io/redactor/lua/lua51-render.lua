-- Evaluates one corpus line and renders its results the way the differential test compares them:
-- every result through tostring, tab-separated; an error as "error: <message>" without the chunk position.
-- Shared by lua5.1 (through lua51-driver.lua) and by the engine (as a script body); uses only locals.
local function pack(...)
  return select('#', ...), {...}
end

local function render(src)
  local f = loadstring("return " .. src, "=expr")
  if not f then
    local err
    f, err = loadstring(src, "=expr")
    if not f then
      return "compile error"
    end
  end
  local n, results = pack(pcall(f))
  local out
  if results[1] then
    local parts = {}
    for i = 2, n do
      parts[#parts + 1] = tostring(results[i])
    end
    out = table.concat(parts, "\t")
  else
    local e = results[2]
    if type(e) == "string" then
      e = string.gsub(e, "^expr:%d+: ", "")
    else
      e = type(e)
    end
    out = "error: " .. e
  end
  out = string.gsub(out, "\n", "\\n")
  out = string.gsub(out, "\r", "\\r")
  return out
end
