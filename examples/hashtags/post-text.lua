-- Stage (b), subscribed to `posts`: publishes a post's text to `texts`.
-- ARGV[1] channel, ARGV[2] the post: JSON {"text": ..., "probe": ... (optional), ...}
-- Message on `texts`: the text; a probe's id follows on a last line "\nprobe <id>".
local post = cjson.decode(ARGV[2])
local text = type(post.text) == 'string' and post.text or ''
if post.probe ~= nil then
  text = text .. '\nprobe ' .. tostring(post.probe)
end
redis.call('PUBLISH', 'texts', text)
