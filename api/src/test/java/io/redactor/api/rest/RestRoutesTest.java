package io.redactor.api.rest;

import akka.actor.typed.javadsl.Adapter;
import akka.http.javadsl.model.ContentTypes;
import akka.http.javadsl.model.HttpRequest;
import akka.http.javadsl.model.headers.Authorization;
import akka.http.javadsl.server.Route;
import akka.http.javadsl.testkit.TestRoute;
import akka.http.javadsl.testkit.TestRouteResult;
import io.redactor.testing.Eventually;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

import java.time.Duration;
import java.util.Base64;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every route and every error of the REST API, through Akka HTTP's route testkit, against a real node. */
class RestRoutesTest extends JUnitRouteTesting {
    private static final TestRedactor SERVER = TestRedactor.shared();
    private static final HttpSettings SETTINGS =
            new HttpSettings(-1, List.of("127.0.0.1"), "", 1024, Duration.ofSeconds(2), 100, 8, 1 << 20, false, java.util.Map.of());

    private final TestRoute api = testRoute(new RestApi(SETTINGS, SERVER.server().node().services()).route());

    RestRoutesTest() {
        super(Adapter.toClassic(SERVER.server().system()));
    }

    private TestRouteResult command(String json) {
        return api.run(HttpRequest.POST("/v1/commands").withEntity(ContentTypes.APPLICATION_JSON, json));
    }

    private static void assertProblem(TestRouteResult result, int status, String code) {
        result.assertStatusCode(status).assertContentType("application/problem+json");
        String body = result.entityString();
        assertTrue(body.contains("\"status\":" + status), body);
        assertTrue(body.contains("\"code\":\"" + code + "\""), body);
        assertTrue(body.contains("\"type\":\"urn:redactor:problem:" + code.toLowerCase() + "\""), body);
    }

    @Test
    void runsACommandAndAnswersItsReplyAsJson() {
        command("[\"SET\",\"rest:c1\",\"v\"]").assertStatusCode(200).assertEntity("\"OK\"");
        command("[\"GET\",\"rest:c1\"]").assertStatusCode(200).assertEntity("\"v\"");
        command("[\"GET\",\"rest:missing\"]").assertEntity("null");
        command("[\"INCRBY\",\"rest:n1\",5]").assertEntity("5");
        command("[\"HSET\",\"rest:h1\",\"a\",\"1\"]").assertEntity("1");
        command("[\"HGETALL\",\"rest:h1\"]").assertEntity("{\"a\":\"1\"}");
        command("[\"ZADD\",\"rest:z1\",\"1.5\",\"m\",\"+inf\",\"n\"]").assertEntity("2");
        command("[\"ZRANGE\",\"rest:z1\",0,-1,\"WITHSCORES\"]").assertEntity("[[\"m\",1.5],[\"n\",\"inf\"]]");
        command("[\"ZSCORE\",\"rest:z1\",\"m\"]").assertEntity("1.5");
        command("[\"SISMEMBER\",\"rest:none\",\"x\"]").assertEntity("0");
        command("[\"PING\"]").assertEntity("\"PONG\"");
    }

    @Test
    void aPipelineKeepsEveryReplyInPlaceWithErrorsInline() {
        command("[[\"SET\",\"rest:p1\",\"x\"],[\"INCR\",\"rest:p1\"],[\"GET\",\"rest:p1\"]]").assertStatusCode(200)
                .assertEntity("[\"OK\",{\"error\":\"ERR value is not an integer or out of range\"},\"x\"]");
        command("[[\"MULTI\"],[\"SET\",\"rest:p2\",\"1\"],[\"INCR\",\"rest:p2\"],[\"EXEC\"]]")
                .assertEntity("[\"OK\",\"QUEUED\",\"QUEUED\",[\"OK\",2]]");
        String ping = "[\"PING\"]";
        command("[" + String.join(",", java.util.Collections.nCopies(8, ping)) + "]")
                .assertEntity("[" + String.join(",", java.util.Collections.nCopies(8, "\"PONG\"")) + "]");
        TestRouteResult tooMany = command("[" + String.join(",", java.util.Collections.nCopies(9, ping)) + "]");
        assertProblem(tooMany, 400, "BADREQUEST");
        assertTrue(tooMany.entityString().contains("redactor.http.max-commands"), tooMany.entityString());
    }

    @Test
    void aReplyLargerThanMaxReplySizeIsRefusedAfterTheCommandRan() {
        command("[\"HSET\",\"rest:draws\",\"field\",\"value\"]");
        // 100,000 draws of "field" make about 800 KB of JSON, under the test's limit of 1 MB
        command("[\"HRANDFIELD\",\"rest:draws\",\"-100000\"]").assertStatusCode(200);
        TestRouteResult tooLarge = command("[\"HRANDFIELD\",\"rest:draws\",\"-200000\",\"WITHVALUES\"]");
        assertProblem(tooLarge, 400, "REPLYTOOLARGE");
        assertTrue(tooLarge.entityString().contains("redactor.http.max-reply-size"), tooLarge.entityString());
        TestRouteResult inPipeline = command("[[\"SET\",\"rest:draws:2\",\"x\"],[\"HRANDFIELD\",\"rest:draws\","
                + "\"-200000\"]]");
        assertProblem(inPipeline, 400, "REPLYTOOLARGE");
        command("[\"GET\",\"rest:draws:2\"]").assertEntity("\"x\"");
    }

    @Test
    void errorRepliesAreProblemDocumentsWithTheirRedisCode() {
        command("[\"SET\",\"rest:e1\",\"text\"]");
        assertProblem(command("[\"LPUSH\",\"rest:e1\",\"x\"]"), 400, "WRONGTYPE");
        assertProblem(command("[\"NOSUCHCOMMAND\"]"), 400, "ERR");
        assertProblem(command("[\"EVALSHA\",\"0000000000000000000000000000000000000000\",0]"), 404, "NOSCRIPT");
        assertProblem(command("[\"SCRIPT\",\"KILL\"]"), 409, "NOTBUSY");
    }

    @Test
    void hostileCommandBodiesAreRefusedWith400() {
        for (String body : List.of("", "{}", "\"GET\"", "[]", "[[]]", "[[\"GET\",\"k\"],\"GET\"]", "[\"GET\",{}]",
                "[\"GET\",[\"k\"]]", "[\"GET\",null]", "[\"GET\",true]", "[\"GET\",\"k\"] []", "[\"GET\",\"k\"",
                "[[[\"GET\"]]]", "nul", "[\"GET\",\"\\ud800\"", "[" + "[".repeat(200))) {
            assertProblem(command(body), 400, "BADREQUEST");
        }
    }

    @Test
    void subscribingIsRefusedForItsOwnStreamRoute() {
        TestRouteResult result = command("[\"SUBSCRIBE\",\"news\"]");
        assertProblem(result, 400, "BADREQUEST");
        assertTrue(result.entityString().contains("/v1/channels/{channel}/events"));
        assertProblem(command("[\"psubscribe\",\"n*\"]"), 400, "BADREQUEST");
    }

    @Test
    void base64CarriesBinaryArgumentsAndReplies() {
        byte[] binary = {0, (byte) 0xff, (byte) 0xc3, 10};
        String encoded = Base64.getEncoder().encodeToString(binary);
        String key = Base64.getEncoder().encodeToString("rest:bin".getBytes());
        api.run(HttpRequest.POST("/v1/commands?encoding=base64").withEntity(ContentTypes.APPLICATION_JSON,
                "[\"" + Base64.getEncoder().encodeToString("SET".getBytes()) + "\",\"" + key + "\",\"" + encoded
                        + "\"]")).assertEntity("\"OK\"");
        api.run(HttpRequest.POST("/v1/commands?encoding=base64").withEntity(ContentTypes.APPLICATION_JSON,
                "[\"R0VU\",\"" + key + "\"]")).assertEntity("\"" + encoded + "\"");
        assertProblem(command("[\"GET\",\"rest:bin\"]"), 406, "NOTTEXT");
        assertProblem(api.run(HttpRequest.POST("/v1/commands?encoding=base64")
                .withEntity(ContentTypes.APPLICATION_JSON, "[\"R0VU\",\"!!\"]")), 400, "BADREQUEST");
        assertProblem(api.run(HttpRequest.POST("/v1/commands?encoding=hex")
                .withEntity(ContentTypes.APPLICATION_JSON, "[\"PING\"]")), 400, "BADREQUEST");
    }

    @Test
    void theDatabaseParameterSelectsAndIsChecked() {
        api.run(HttpRequest.POST("/v1/commands?db=3").withEntity(ContentTypes.APPLICATION_JSON,
                "[\"SET\",\"rest:db\",\"three\"]")).assertEntity("\"OK\"");
        try (Jedis jedis = SERVER.jedis()) {
            jedis.select(3);
            assertEquals("three", jedis.get("rest:db"));
        }
        command("[\"GET\",\"rest:db\"]").assertEntity("null");
        for (String db : List.of("16", "-1", "x", "")) {
            assertProblem(api.run(HttpRequest.POST("/v1/commands?db=" + db)
                    .withEntity(ContentTypes.APPLICATION_JSON, "[\"PING\"]")), 400, "BADREQUEST");
        }
    }

    @Test
    void keysReadWithTypeAndTtlInOneStep() {
        command("[[\"DEL\",\"rest:k\",\"rest:l\",\"rest:s\",\"rest:z\",\"rest:h\",\"rest:x\"],"
                + "[\"SET\",\"rest:k\",\"v\",\"EX\",100],"
                + "[\"RPUSH\",\"rest:l\",\"a\",\"b\"],[\"SADD\",\"rest:s\",\"x\"],[\"ZADD\",\"rest:z\",2,\"b\",1,\"a\"],"
                + "[\"HSET\",\"rest:h\",\"f\",\"1\"],[\"XADD\",\"rest:x\",\"1-1\",\"f\",\"1\",\"f\",\"2\"],"
                + "[\"XADD\",\"rest:x\",\"2-0\",\"g\",\"3\"]]").assertStatusCode(200);
        String string = api.run(HttpRequest.GET("/v1/keys/rest:k")).assertStatusCode(200).entityString();
        assertTrue(string.matches("\\{\"key\":\"rest:k\",\"type\":\"string\",\"ttl\":(99|100)(\\.\\d+)?,\"value\":\"v\"}"),
                string);
        api.run(HttpRequest.GET("/v1/keys/rest:l"))
                .assertEntity("{\"key\":\"rest:l\",\"type\":\"list\",\"ttl\":null,\"value\":[\"a\",\"b\"]}");
        api.run(HttpRequest.GET("/v1/keys/rest:s"))
                .assertEntity("{\"key\":\"rest:s\",\"type\":\"set\",\"ttl\":null,\"value\":[\"x\"]}");
        api.run(HttpRequest.GET("/v1/keys/rest:z")).assertEntity("{\"key\":\"rest:z\",\"type\":\"zset\",\"ttl\":null,"
                + "\"value\":[{\"member\":\"a\",\"score\":1},{\"member\":\"b\",\"score\":2}]}");
        api.run(HttpRequest.GET("/v1/keys/rest:h"))
                .assertEntity("{\"key\":\"rest:h\",\"type\":\"hash\",\"ttl\":null,\"value\":{\"f\":\"1\"}}");
        api.run(HttpRequest.GET("/v1/keys/rest:x")).assertEntity("{\"key\":\"rest:x\",\"type\":\"stream\",\"ttl\":null,"
                + "\"value\":[{\"id\":\"1-1\",\"fields\":[\"f\",\"1\",\"f\",\"2\"]},"
                + "{\"id\":\"2-0\",\"fields\":[\"g\",\"3\"]}]}");
        assertProblem(api.run(HttpRequest.GET("/v1/keys/rest:nothing")), 404, "NOTFOUND");
        try (Jedis jedis = SERVER.jedis()) {
            String stats = jedis.info("commandstats");
            assertTrue(stats.contains("cmdstat_type:") && stats.contains("cmdstat_pttl:")
                    && stats.contains("cmdstat_hgetall:") && stats.contains("cmdstat_xrange:"),
                    "a key read counts as the commands it runs:\n" + stats);
            assertTrue(!stats.contains("rest-read-key"), "but not as the internal command:\n" + stats);
        }
    }

    @Test
    void keysAreWrittenAndDeleted() {
        api.run(HttpRequest.DELETE("/v1/keys/rest:w"));
        api.run(HttpRequest.PUT("/v1/keys/rest:w?xx").withEntity("v0")).assertStatusCode(412);
        api.run(HttpRequest.PUT("/v1/keys/rest:w?ttl=60").withEntity("v1")).assertStatusCode(204);
        assertProblem(api.run(HttpRequest.PUT("/v1/keys/rest:w?nx").withEntity("v2")), 412, "NOTWRITTEN");
        api.run(HttpRequest.PUT("/v1/keys/rest:w?xx=true").withEntity("v3")).assertStatusCode(204);
        try (Jedis jedis = SERVER.jedis()) {
            assertEquals("v3", jedis.get("rest:w"));
            assertEquals(-1, jedis.ttl("rest:w"), "a plain SET drops the TTL, as in Redis");
        }
        assertProblem(api.run(HttpRequest.PUT("/v1/keys/rest:w?ttl=-5").withEntity("v")), 400, "ERR");
        assertProblem(api.run(HttpRequest.PUT("/v1/keys/rest:w?ttl=soon").withEntity("v")), 400, "ERR");
        assertProblem(api.run(HttpRequest.PUT("/v1/keys/rest:w?nx=maybe").withEntity("v")), 400, "BADREQUEST");
        assertProblem(api.run(HttpRequest.PUT("/v1/keys/rest:w?nx&xx").withEntity("v")), 400, "ERR");
        api.run(HttpRequest.DELETE("/v1/keys/rest:w")).assertStatusCode(204);
        assertProblem(api.run(HttpRequest.DELETE("/v1/keys/rest:w")), 404, "NOTFOUND");
        api.run(HttpRequest.PUT("/v1/keys/rest%2Fslash%20key").withEntity("s")).assertStatusCode(204);
        try (Jedis jedis = SERVER.jedis()) {
            assertEquals("s", jedis.get("rest/slash key"));
        }
    }

    @Test
    void scanWalksTheKeyspaceInPages() {
        command("[\"SET\",\"rest:scan:1\",\"x\"]");
        StringBuilder keys = new StringBuilder();
        String cursor = "0";
        int pages = 0;
        do {
            String page = api.run(HttpRequest.GET("/v1/keys?match=rest:scan:*&count=1000&cursor=" + cursor))
                    .assertStatusCode(200).entityString();
            assertTrue(page.startsWith("{\"cursor\":\""), page);
            cursor = page.substring(11, page.indexOf('"', 11));
            keys.append(page);
            pages++;
        } while (!cursor.equals("0") && pages < 10_000);
        assertTrue(keys.toString().contains("\"rest:scan:1\""), keys.toString());
        assertProblem(api.run(HttpRequest.GET("/v1/keys?cursor=abc")), 400, "ERR");
        assertProblem(api.run(HttpRequest.GET("/v1/keys?count=0")), 400, "ERR");
    }

    @Test
    void scriptsLoadCheckAndRun() {
        TestRouteResult loaded = api.run(HttpRequest.POST("/v1/scripts").withEntity("return {KEYS[1], ARGV[1]}"))
                .assertStatusCode(201);
        String sha = loaded.entityString().substring(8, 48);
        loaded.assertEntity("{\"sha\":\"" + sha + "\"}").assertHeaderExists("Location", "/v1/scripts/" + sha);
        api.run(HttpRequest.GET("/v1/scripts/" + sha)).assertStatusCode(200)
                .assertEntity("{\"sha\":\"" + sha + "\",\"exists\":true}");
        assertProblem(api.run(HttpRequest.GET("/v1/scripts/" + "0".repeat(40))), 404, "NOSCRIPT");
        for (String flags : List.of("", ",\"async\":true", ",\"readOnly\":true")) {
            api.run(HttpRequest.POST("/v1/scripts/" + sha + "/eval").withEntity(ContentTypes.APPLICATION_JSON,
                    "{\"keys\":[\"k\"],\"args\":[\"a\"]" + flags + "}")).assertEntity("[\"k\",\"a\"]");
            api.run(HttpRequest.POST("/v1/eval").withEntity(ContentTypes.APPLICATION_JSON,
                    "{\"script\":\"return ARGV[1] + 1\",\"args\":[41]" + flags + "}")).assertEntity("42");
        }
        assertProblem(api.run(HttpRequest.POST("/v1/scripts/" + "0".repeat(40) + "/eval")
                .withEntity(ContentTypes.APPLICATION_JSON, "{}")), 404, "NOSCRIPT");
        assertProblem(api.run(HttpRequest.POST("/v1/eval").withEntity(ContentTypes.APPLICATION_JSON,
                "{\"script\":\"return redis.call('set', KEYS[1], 'x')\",\"keys\":[\"rest:ro\"],\"readOnly\":true}")),
                400, "ERR");
        assertProblem(api.run(HttpRequest.POST("/v1/eval").withEntity(ContentTypes.APPLICATION_JSON,
                "{\"script\":\"return redis.call('nosuch')\"}")), 400, "ERR");
        for (String body : List.of("[]", "{\"keys\":[]}", "{\"script\":1}", "{\"script\":\"return 1\",\"keys\":\"k\"}",
                "{\"script\":\"return 1\",\"async\":\"yes\"}", "{\"script\":\"return 1\",\"other\":1}",
                "{\"script\":\"return 1\",\"async\":true,\"readOnly\":true}", "{\"script\":\"return 1\"} {}",
                "{\"script\":\"return 1\",\"keys\":[{}]}")) {
            assertProblem(api.run(HttpRequest.POST("/v1/eval").withEntity(ContentTypes.APPLICATION_JSON, body)),
                    400, "BADREQUEST");
        }
        assertProblem(api.run(HttpRequest.POST("/v1/scripts/" + sha + "/eval")
                .withEntity(ContentTypes.APPLICATION_JSON, "{\"script\":\"return 1\"}")), 400, "BADREQUEST");
    }

    @Test
    void channelsPublishAndManageScriptSubscribers() {
        String sha = api.run(HttpRequest.POST("/v1/scripts")
                .withEntity("redis.call('rpush', 'rest:sub:log', ARGV[2])")).entityString().substring(8, 48);
        api.run(HttpRequest.PUT("/v1/channels/rest:ch/subscribers/" + sha + "?parallel=1")).assertStatusCode(204);
        api.run(HttpRequest.POST("/v1/channels/rest:ch/messages").withEntity("hello"))
                .assertStatusCode(200).assertEntity("{\"receivers\":1}");
        api.run(HttpRequest.DELETE("/v1/channels/rest:ch/subscribers/" + sha)).assertStatusCode(204);
        assertProblem(api.run(HttpRequest.DELETE("/v1/channels/rest:ch/subscribers/" + sha)), 404, "NOTFOUND");
        api.run(HttpRequest.POST("/v1/channels/rest:ch/messages").withEntity("again")).assertEntity("{\"receivers\":0}");
        assertProblem(api.run(HttpRequest.PUT("/v1/channels/rest:ch/subscribers/" + "0".repeat(40))), 404, "NOSCRIPT");
        assertProblem(api.run(HttpRequest.PUT("/v1/channels/rest:ch/subscribers/" + sha + "?parallel=0")),
                400, "ERR");
    }

    @Test
    void infoIsJsonBySection() {
        String all = api.run(HttpRequest.GET("/v1/info")).assertStatusCode(200).entityString();
        assertTrue(all.startsWith("{\"server\":{\"redis_version\":\"7.0.15\""), all);
        String keyspace = api.run(HttpRequest.GET("/v1/info?section=scripts")).entityString();
        assertTrue(keyspace.startsWith("{\"scripts\":{\"atomic_scripts_running\":\"0\""), keyspace);
    }

    @Test
    void healthAndReadiness() {
        api.run(HttpRequest.GET("/health/live")).assertStatusCode(200).assertEntity("{\"status\":\"live\"}");
        api.run(HttpRequest.GET("/health/ready")).assertStatusCode(200).assertEntity("{\"status\":\"ready\"}");
        RestApi starting = new RestApi(SETTINGS);
        TestRoute notYet = testRoute(starting.route());
        notYet.run(HttpRequest.GET("/health/live")).assertStatusCode(200);
        TestRouteResult ready = notYet.run(HttpRequest.GET("/health/ready"));
        assertProblem(ready, 503, "LOADING");
        ready.assertHeaderExists("Retry-After", "1");
        assertProblem(notYet.run(HttpRequest.GET("/v1/keys/x")), 503, "LOADING");
        starting.ready(SERVER.server().node().services());
        notYet.run(HttpRequest.GET("/health/ready")).assertStatusCode(200);
        starting.stopping();
        assertTrue(notYet.run(HttpRequest.GET("/health/ready")).assertStatusCode(503).entityString()
                .contains("shutting down"));
        assertProblem(notYet.run(HttpRequest.POST("/v1/commands").withEntity(ContentTypes.APPLICATION_JSON,
                "[\"PING\"]")), 503, "LOADING");
    }

    @Test
    void metricsAreInPrometheusTextFormat() {
        command("[\"PING\"]");
        TestRouteResult metrics = api.run(HttpRequest.GET("/metrics")).assertStatusCode(200);
        assertEquals("text/plain; version=0.0.4; charset=UTF-8", metrics.contentTypeString());
        String text = metrics.entityString();
        for (String line : List.of("# TYPE redactor_commands_processed_total counter", "# TYPE redactor_partitions gauge",
                "redactor_partitions 16", "# TYPE redactor_scripts_async_rejected_total counter",
                "redactor_memory_heap_used_bytes ", "redactor_errors_total{code=\"ERR\"} ",
                "# TYPE redactor_command_duration_seconds histogram", "redactor_command_calls_total{command=\"ping\"} ",
                "redactor_command_duration_seconds_bucket{command=\"ping\",le=\"0.00001\"} ",
                "redactor_command_duration_seconds_bucket{command=\"ping\",le=\"+Inf\"} ",
                "redactor_command_duration_seconds_count{command=\"ping\"} ")) {
            assertTrue(text.contains(line), line + " in\n" + text);
        }
        for (String sample : text.split("\n")) {
            assertTrue(sample.startsWith("# HELP ") || sample.startsWith("# TYPE ")
                    || sample.matches("[a-z_]+(\\{[a-z_]+=\"[^\"]*\"(,[a-z_]+=\"[^\"]*\")*})? -?[0-9.eE+-]+|.* \\+Inf"),
                    sample);
        }
    }

    @Test
    void theOpenApiDocumentIsServed() {
        assertTrue(api.run(HttpRequest.GET("/openapi.json")).assertStatusCode(200)
                .assertContentType("application/json").entityString().matches("(?s)\\{\\s*\"openapi\"\\s*:\\s*\"3\\.1.*"));
    }

    @Test
    void unknownRoutesWrongMethodsAndLargeBodiesAreProblems() {
        assertProblem(api.run(HttpRequest.GET("/v1/nothing")), 404, "NOTFOUND");
        assertProblem(api.run(HttpRequest.GET("/v1/commands")), 405, "METHOD");
        assertProblem(api.run(HttpRequest.PATCH("/v1/keys/k")), 405, "METHOD");
        assertProblem(command("[\"SET\",\"rest:big\",\"" + "x".repeat(2000) + "\"]"), 413, "TOOLARGE");
        assertProblem(api.run(HttpRequest.PUT("/v1/keys/rest:big").withEntity("x".repeat(1025))), 413, "TOOLARGE");
    }

    @Test
    void aRequestPastItsTimeIsAnswered503AndItsClientClosed() {
        TestRouteResult result = command("[\"BLPOP\",\"rest:never\",0]");
        assertProblem(result, 503, "TIMEOUT");
        result.assertHeaderExists("Retry-After", "1");
        try (Jedis jedis = SERVER.jedis()) {
            Eventually.until("the timed-out request's client is closed", Duration.ofSeconds(5),
                    () -> !jedis.clientList().contains("cmd=blpop"));
        }
    }

    @Test
    void theTokenIsRequiredEverywhereButHealth() {
        HttpSettings secured = new HttpSettings(-1, List.of("0.0.0.0"), "s3cret", 1024, Duration.ofSeconds(2), 100, 3,
                1 << 20, false, java.util.Map.of());
        Route route = new RestApi(secured, SERVER.server().node().services()).route();
        TestRoute api = testRoute(route);
        TestRouteResult missing = api.run(HttpRequest.GET("/v1/info"));
        assertProblem(missing, 401, "UNAUTHORIZED");
        missing.assertHeaderExists("WWW-Authenticate", "Bearer realm=\"redactor\", Basic realm=\"redactor\"");
        assertProblem(api.run(HttpRequest.GET("/metrics").addHeader(Authorization.oauth2("wrong"))), 401,
                "UNAUTHORIZED");
        assertProblem(api.run(HttpRequest.GET("/metrics").addHeader(Authorization.basic("s3cret", "s3cret"))), 401,
                "UNAUTHORIZED");
        api.run(HttpRequest.GET("/metrics").addHeader(Authorization.oauth2("s3cret"))).assertStatusCode(200);
        api.run(HttpRequest.GET("/health/ready")).assertStatusCode(200);
        api.run(HttpRequest.GET("/health/live")).assertStatusCode(200);
    }
}
