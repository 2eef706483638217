-- Stage (a), subscribed to `posts`: counts the posts.
-- ARGV[1] channel, ARGV[2] the post (JSON, unused)
redis.call('INCR', 'posts:count')
