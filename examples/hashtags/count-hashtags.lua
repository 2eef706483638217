-- Stage (d), subscribed to `hashtags`: counts each tag in the sorted set `hashtags`; passes probe ids on to
-- the channel `probes`.
-- ARGV[1] channel, ARGV[2] "<tag>", "<tag> <probe id>" or " <probe id>"
local tag, probe = string.match(ARGV[2], '^(%S*) ?(.*)$')
if tag ~= '' then
  redis.call('ZINCRBY', 'hashtags', 1, tag)
end
if probe ~= '' then
  redis.call('PUBLISH', 'probes', probe)
end
