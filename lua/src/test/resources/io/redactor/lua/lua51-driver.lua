-- lua5.1 side of the differential test: lua5.1 lua51-driver.lua lua51-render.lua corpus.txt
local file = assert(io.open(arg[1]))
local render = assert(loadstring(file:read("*a") .. "\nreturn render"))()
file:close()
for line in io.lines(arg[2]) do
  if line ~= "" and not string.find(line, "^%-%- ") then
    print(render(line))
  end
end
