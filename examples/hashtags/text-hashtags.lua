-- Stage (c), subscribed to `texts`: publishes each #hashtag of a text (lowercase, without the '#') to `hashtags`.
-- ARGV[1] channel, ARGV[2] the text, maybe with a last line "\nprobe <id>"
-- Messages on `hashtags`: "<tag>"; a probe's id goes with the text's last tag, "<tag> <id>", or alone,
-- " <id>", if the text has none: the next stage sees it after all of the text's tags.
local text, probe = ARGV[2], nil
local body, id = string.match(text, '^(.*)\nprobe ([^\n]*)$')
if body then
  text, probe = body, id
end
local tags = {}
for tag in string.gmatch(text, '#([%w_]+)') do
  tags[#tags + 1] = string.lower(tag)
end
if probe then
  if #tags > 0 then
    tags[#tags] = tags[#tags] .. ' ' .. probe
  else
    tags[1] = ' ' .. probe
  end
end
for _, message in ipairs(tags) do
  redis.call('PUBLISH', 'hashtags', message)
end
