local A = redis.call('LRANGE', KEYS[1], 0, -1)
local B = redis.call('LRANGE', KEYS[2], 0, -1)
local result = KEYS[3]
redis.call('DEL', result)
local n = math.sqrt(#A)
for j = 0, n - 1 do
  for i = 0, n - 1 do
    local v = 0
    for k = 0, n - 1 do
      v = v + A[k + (j * n) + 1] * B[i + (k * n) + 1]
    end
    redis.call('rpush', result, v)
  end
end
return n
