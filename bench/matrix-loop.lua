-- The matrix script's loop (DESIGN.md section 9) without Redis: 100x100 matrices of numeric strings, as LRANGE
-- gives them, multiplied; returns the sum of the product's elements (2552612800). Times the interpreter alone.
--   Lua 5.1:  lua5.1 -e 'local f = assert(loadfile("bench/matrix-loop.lua")) for r = 1, 8 do local t = os.clock() f() print(string.format("%.1f ms", (os.clock() - t) * 1000)) end'
--   Redactor: mvn test -Dtest=EngineFiguresTest -Dredactor.figures=true (with -Dredactor.test.jvmArgs as usual)
local A, B = {}, {}
local seed = 7
local function nextValue()
  seed = (seed * 1103515 + 12345) % 2147483648
  return seed % 100
end
for i = 1, 10000 do
  A[i] = tostring(nextValue())
  B[i] = tostring(nextValue())
end
local n = math.sqrt(#A)
local sum = 0
for j = 0, n - 1 do
  for i = 0, n - 1 do
    local v = 0
    for k = 0, n - 1 do
      v = v + A[k + (j * n) + 1] * B[i + (k * n) + 1]
    end
    sum = sum + v
  end
end
return sum
