package io.redactor.e2e.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Keeps the REST API's OpenAPI document ({@code GET /openapi.json}) true to the routes, against a real server with
 * a token and a small body limit. The document is the only list of routes here: every operation it describes is
 * called with its own examples and must answer a documented status (2xx for the examples, which are written to
 * succeed in the order POST, PUT, GET, PATCH, DELETE), content type, headers and schema; without the token,
 * with a bad {@code db}, {@code encoding} or flag, or with a body over the limit, it must answer the documented
 * error; and every method the document does not list for a path, on that path, its prefixes and below it, must be
 * refused by routing (405, or Akka's own 404), so a route the document lacks fails the test.
 */
class OpenApiDocumentTest {
    private static final String TOKEN = "openapi-test-token";
    private static final int MAX_BODY = 64 * 1024;
    /** The methods every path is probed with. */
    private static final List<String> METHODS = List.of("GET", "PUT", "POST", "DELETE", "PATCH");
    private static final Set<String> OPERATION_KEYS = Set.of("get", "put", "post", "delete", "patch", "head",
            "options", "trace");
    /** Akka's answer for a request no route matched (RestApi turns it into a NOTFOUND problem). */
    private static final String ROUTING_404 = "The requested resource could not be found.";
    private static final Pattern PATH_PARAMETER = Pattern.compile("\\{([^}]+)}");
    private static final ObjectMapper JSON = new ObjectMapper();

    private static TestRedactor redactor;
    private static HttpClient http;
    private static URI base;
    private static JsonNode doc;

    @BeforeAll
    static void start() throws Exception {
        redactor = TestRedactor.start(Map.of("redactor.http.port", -1, "redactor.http.token", TOKEN,
                "redactor.http.max-body-size", MAX_BODY));
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
        base = URI.create("http://127.0.0.1:" + redactor.httpPort());
        Answer served = send("GET", "/openapi.json", null, null, true, "application/json");
        assertEquals(200, served.status(), served.text());
        try (InputStream resource = OpenApiDocumentTest.class
                .getResourceAsStream("/io/redactor/api/rest/redactor-openapi.json")) {
            assertNotNull(resource, "the document is on the classpath");
            assertArrayEquals(resource.readAllBytes(), served.body(), "GET /openapi.json serves the resource");
        }
        doc = JSON.readTree(served.body());
    }

    @AfterAll
    static void stop() {
        if (redactor != null) {
            redactor.close();
        }
    }

    // ---- (a) the document itself ----

    @Test
    void documentIsWellFormedOpenApi31() {
        assertTrue(doc.path("openapi").asText().matches("3\\.1\\.\\d+"), "openapi 3.1.x");
        assertFalse(doc.path("info").path("title").asText().isBlank(), "info.title");
        assertEquals("0.1.0", doc.path("info").path("version").asText(), "info.version");
        assertFalse(doc.path("info").path("description").asText().isBlank(), "info.description");
        assertTrue(doc.path("paths").size() > 0, "paths");

        Set<String> ids = new HashSet<>();
        for (Operation operation : operations()) {
            JsonNode node = operation.node();
            String id = node.path("operationId").asText();
            assertFalse(id.isBlank(), operation + " has an operationId");
            assertTrue(ids.add(id), operation + ": operationId " + id + " is unique");
            JsonNode responses = node.path("responses");
            assertTrue(responses.isObject() && responses.size() > 0, operation + " has responses");
            responses.fieldNames().forEachRemaining(status ->
                    assertTrue(status.matches("[1-5]\\d\\d"), operation + ": response key " + status));
            assertTrue(statuses(operation).stream().anyMatch(status -> status / 100 == 2),
                    operation + " documents a success");

            Set<String> inTemplate = new TreeSet<>();
            Matcher names = PATH_PARAMETER.matcher(operation.path());
            while (names.find()) {
                inTemplate.add(names.group(1));
            }
            Set<String> declared = new TreeSet<>();
            for (JsonNode parameter : operation.parameters()) {
                assertTrue(Set.of("path", "query", "header", "cookie").contains(parameter.path("in").asText()),
                        operation + ": parameter " + parameter.path("name") + " has a valid 'in'");
                if (parameter.path("in").asText().equals("path")) {
                    assertTrue(parameter.path("required").asBoolean(), operation + ": path parameters are required");
                    declared.add(parameter.path("name").asText());
                }
            }
            assertEquals(inTemplate, declared, operation + ": the template's parameters are the declared ones");
        }

        JsonNode schemes = doc.path("components").path("securitySchemes");
        assertTrue(doc.path("security").isArray() && doc.path("security").size() > 0, "global security");
        for (JsonNode requirement : doc.path("security")) {
            requirement.fieldNames().forEachRemaining(name ->
                    assertTrue(schemes.has(name), "security scheme " + name + " is defined"));
        }
        assertEquals("http", schemes.path("bearer").path("type").asText());
        assertEquals("bearer", schemes.path("bearer").path("scheme").asText());
    }

    @Test
    void everyReferenceResolvesAndEveryComponentIsUsed() {
        Set<String> references = new TreeSet<>();
        collectReferences(doc, references);
        assertFalse(references.isEmpty());
        for (String reference : references) {
            assertTrue(reference.startsWith("#/"), "local reference: " + reference);
            assertFalse(doc.at(reference.substring(1)).isMissingNode(), "unresolved $ref " + reference);
        }
        doc.path("components").fieldNames().forEachRemaining(kind -> {
            if (!kind.equals("securitySchemes")) {
                doc.path("components").path(kind).fieldNames().forEachRemaining(name -> assertTrue(
                        references.contains("#/components/" + kind + "/" + name),
                        "components/" + kind + "/" + name + " is referenced"));
            }
        });
    }

    // ---- (b) every documented operation is served as documented ----

    @Test
    void everyOperationAnswersItsExamplesAsDocumented() {
        List<Operation> ordered = new ArrayList<>(operations());
        List<String> order = List.of("POST", "PUT", "GET", "PATCH", "DELETE");
        ordered.sort(Comparator.comparing((Operation operation) -> order.indexOf(operation.method()))
                .thenComparing(Operation::path));
        for (Operation operation : ordered) {
            String url = concretePath(operation.path()) + query(operation, exampleQuery(operation));
            for (Body body : bodies(operation)) {
                Answer answer = send(operation.method(), url, body.contentType(), body.bytes(), true,
                        accept(operation));
                String what = operation + " " + url + " (example " + body.name() + ")";
                assertServed(answer, what);
                assertTrue(answer.status() / 100 == 2,
                        what + " should succeed, got " + answer.status() + ": " + answer.text());
                assertDocumented(operation, answer, what);
            }
        }
    }

    @Test
    void theTokenIsRequiredExactlyWhereTheDocumentSays() {
        for (Operation operation : operations()) {
            Body body = bodies(operation).getFirst();
            String url = concretePath(operation.path());
            Answer answer = send(operation.method(), url, body.contentType(), body.bytes(), false,
                    accept(operation));
            String what = operation + " without a token";
            assertServed(answer, what);
            if (secured(operation)) {
                assertEquals(401, answer.status(), what + ": " + answer.text());
                assertDocumented(operation, answer, what);
                assertTrue(answer.headers().firstValue("WWW-Authenticate").orElse("").startsWith("Bearer"),
                        what + ": WWW-Authenticate");
            } else {
                assertTrue(answer.status() / 100 == 2, what + " should succeed: " + answer.text());
                assertDocumented(operation, answer, what);
            }
        }
    }

    @Test
    void documentedQueryParametersAreRead() {
        for (Operation operation : operations()) {
            Map<String, String> invalid = new LinkedHashMap<>();
            for (JsonNode parameter : operation.parameters()) {
                if (!parameter.path("in").asText().equals("query")) {
                    continue;
                }
                String name = parameter.path("name").asText();
                JsonNode schema = resolve(parameter.path("schema"));
                if (name.equals("db")) {
                    invalid.put(name, "99");
                } else if (name.equals("encoding")) {
                    invalid.put(name, "bogus");
                } else if (schema.path("type").asText().equals("boolean")) {
                    invalid.put(name, "maybe");
                }
            }
            for (Map.Entry<String, String> parameter : invalid.entrySet()) {
                Body body = bodies(operation).getFirst();
                String url = concretePath(operation.path()) + query(operation, Map.of(parameter.getKey(),
                        parameter.getValue()));
                Answer answer = send(operation.method(), url, body.contentType(), body.bytes(), true,
                        accept(operation));
                String what = operation + " " + url;
                assertServed(answer, what);
                assertEquals(400, answer.status(), what + " refuses the parameter: " + answer.text());
                assertDocumented(operation, answer, what);
                assertEquals("BADREQUEST", problem(answer, what).path("code").asText(), what);
            }
        }
    }

    @Test
    void bodiesOverTheLimitAreRefusedWith413() {
        for (Operation operation : operations()) {
            if (!operation.node().has("requestBody")) {
                continue;
            }
            byte[] tooLarge = new byte[MAX_BODY + 1];
            Arrays.fill(tooLarge, (byte) ' ');
            Answer answer = send(operation.method(), concretePath(operation.path()),
                    bodies(operation).getFirst().contentType(), tooLarge, true, accept(operation));
            String what = operation + " with a body over redactor.http.max-body-size";
            assertServed(answer, what);
            assertEquals(413, answer.status(), what + ": " + answer.text());
            assertDocumented(operation, answer, what);
        }
    }

    // ---- (c) nothing is served that the document does not describe ----

    @Test
    void methodsTheDocumentDoesNotListAreRefused() {
        for (Map.Entry<String, JsonNode> path : paths().entrySet()) {
            Set<String> documented = new TreeSet<>();
            path.getValue().fieldNames().forEachRemaining(key -> {
                if (OPERATION_KEYS.contains(key)) {
                    documented.add(key.toUpperCase(Locale.ROOT));
                }
            });
            for (String method : METHODS) {
                if (!documented.contains(method)) {
                    assertNotServed(method, concretePath(path.getKey()), documented, "undocumented " + method
                            + " " + path.getKey());
                }
            }
        }
    }

    @Test
    void pathsAroundTheDocumentedOnesAreNotServed() {
        Set<String> templates = paths().keySet();
        Set<String> around = new TreeSet<>();
        for (String template : templates) {
            String[] segments = template.substring(1).split("/");
            for (int i = 1; i < segments.length; i++) {
                around.add("/" + String.join("/", Arrays.copyOf(segments, i)));
            }
            around.add(template + "/extra");
        }
        around.removeIf(candidate -> templates.stream().anyMatch(template -> covers(template, candidate)));
        // Every method is refused there, so whatever a 405's Allow header names is refused too (Akka's method
        // directives can reject before the path is matched: POST /health answers 405 "Allow: GET").
        for (String template : around) {
            for (String method : METHODS) {
                assertNotServed(method, concretePath(template), null, "undocumented path " + method + " "
                        + template);
            }
        }
    }

    /** Whether {@code template} serves {@code candidate}: the same segments, a parameter standing for any. */
    private static boolean covers(String template, String candidate) {
        String[] served = template.split("/");
        String[] asked = candidate.split("/");
        if (served.length != asked.length) {
            return false;
        }
        for (int i = 0; i < served.length; i++) {
            if (!served[i].equals(asked[i]) && !PATH_PARAMETER.matcher(served[i]).matches()) {
                return false;
            }
        }
        return true;
    }

    // ---- checks ----

    /** The request reached a route: not Akka's unmatched-route 404, not a 405. */
    private static void assertServed(Answer answer, String what) {
        assertFalse(isRouting404(answer), what + " is not routed: " + answer.text());
        assertFalse(answer.status() == 405, what + " is refused by method: " + answer.text());
        assertFalse(answer.status() == 500, what + " failed inside the server: " + answer.text());
    }

    /**
     * The request was refused by routing: Akka's 404, or 405 with an Allow header within {@code allowed} (any, when
     * null).
     */
    private static void assertNotServed(String method, String url, Set<String> allowed, String what) {
        Answer answer = send(method, url, "application/json", "{}".getBytes(StandardCharsets.UTF_8), true, null);
        if (answer.status() == 405) {
            Set<String> allow = Arrays.stream(answer.headers().firstValue("Allow").orElse("").split(","))
                    .map(String::trim).filter(value -> !value.isEmpty()).collect(Collectors.toSet());
            assertTrue(allowed == null || allowed.containsAll(allow), what + ": Allow " + allow + " lists methods the document "
                    + "does not (" + allowed + ")");
            assertEquals("METHOD", problem(answer, what).path("code").asText(), what);
        } else {
            assertTrue(isRouting404(answer), what + " should be refused by routing (405 or Akka's 404), got "
                    + answer.status() + ": " + answer.text());
        }
    }

    /** Status, content type, headers and body are the ones the operation documents. */
    private static void assertDocumented(Operation operation, Answer answer, String what) {
        JsonNode response = resolve(operation.node().path("responses").path(Integer.toString(answer.status())));
        assertFalse(response.isMissingNode(), what + ": status " + answer.status() + " is not documented ("
                + statuses(operation) + "): " + answer.text());
        response.path("headers").fieldNames().forEachRemaining(header -> assertTrue(
                answer.headers().firstValue(header).isPresent(), what + ": documented header " + header));
        JsonNode content = response.path("content");
        if (content.isMissingNode() || content.isEmpty()) {
            assertEquals(0, answer.body() == null ? 0 : answer.body().length, what + " has no body");
            return;
        }
        String mediaType = answer.mediaType();
        JsonNode media = content.path(mediaType);
        assertFalse(media.isMissingNode(), what + ": Content-Type " + mediaType + " is not documented ("
                + names(content) + ")");
        if (mediaType.equals("application/json") || mediaType.endsWith("+json")) {
            JsonNode body = answer.json(what);
            List<String> errors = new ArrayList<>();
            Schemas.check(body, media.path("schema"), "$", errors);
            assertTrue(errors.isEmpty(), what + ": body " + answer.text() + " does not match its schema: " + errors);
            if (mediaType.equals("application/problem+json")) {
                assertEquals(answer.status(), body.path("status").asInt(), what + ": problem status");
                assertEquals("urn:redactor:problem:" + body.path("code").asText().toLowerCase(Locale.ROOT),
                        body.path("type").asText(), what + ": problem type");
            }
        }
    }

    /** Akka's 404 for a request no route matched, as opposed to a route's own 404 (NOTFOUND, NOSCRIPT). */
    private static boolean isRouting404(Answer answer) {
        if (answer.status() != 404) {
            return false;
        }
        return !answer.mediaType().equals("application/problem+json")
                || ROUTING_404.equals(answer.json("404").path("detail").asText());
    }

    private static JsonNode problem(Answer answer, String what) {
        assertEquals("application/problem+json", answer.mediaType(), what + ": a problem document");
        return answer.json(what);
    }

    // ---- the document's operations and examples ----

    private record Operation(String path, String method, JsonNode node, List<JsonNode> parameters) {
        @Override
        public String toString() {
            return method + " " + path;
        }
    }

    private record Body(String name, String contentType, byte[] bytes) {
    }

    private static Map<String, JsonNode> paths() {
        Map<String, JsonNode> paths = new LinkedHashMap<>();
        doc.path("paths").properties().forEach(entry -> paths.put(entry.getKey(), entry.getValue()));
        return paths;
    }

    private static List<Operation> operations() {
        List<Operation> operations = new ArrayList<>();
        paths().forEach((path, item) -> item.properties().forEach(entry -> {
            if (!OPERATION_KEYS.contains(entry.getKey())) {
                return;
            }
            Map<String, JsonNode> parameters = new LinkedHashMap<>();
            for (JsonNode parameter : item.path("parameters")) {
                JsonNode resolved = resolve(parameter);
                parameters.put(resolved.path("in").asText() + ":" + resolved.path("name").asText(), resolved);
            }
            for (JsonNode parameter : entry.getValue().path("parameters")) {
                JsonNode resolved = resolve(parameter);
                parameters.put(resolved.path("in").asText() + ":" + resolved.path("name").asText(), resolved);
            }
            operations.add(new Operation(path, entry.getKey().toUpperCase(Locale.ROOT), entry.getValue(),
                    List.copyOf(parameters.values())));
        }));
        assertFalse(operations.isEmpty(), "the document has operations");
        return operations;
    }

    private static Set<Integer> statuses(Operation operation) {
        Set<Integer> statuses = new TreeSet<>();
        operation.node().path("responses").fieldNames().forEachRemaining(status -> {
            if (status.matches("\\d{3}")) {
                statuses.add(Integer.parseInt(status));
            }
        });
        return statuses;
    }

    private static boolean secured(Operation operation) {
        JsonNode security = operation.node().has("security") ? operation.node().path("security")
                : doc.path("security");
        if (security.isEmpty()) {
            return false;
        }
        for (JsonNode requirement : security) {
            if (requirement.isEmpty()) {
                return false;
            }
        }
        return true;
    }

    /** The path with every parameter replaced by its documented example. */
    private static String concretePath(String template) {
        Matcher names = PATH_PARAMETER.matcher(template);
        StringBuilder path = new StringBuilder();
        while (names.find()) {
            String example = pathExample(template, names.group(1));
            names.appendReplacement(path, Matcher.quoteReplacement(
                    URLEncoder.encode(example, StandardCharsets.UTF_8).replace("+", "%20")));
        }
        names.appendTail(path);
        return path.toString();
    }

    /** A path parameter's example, from the operations declaring it (a prefix of their paths has none of its own). */
    private static String pathExample(String template, String name) {
        for (Operation operation : operations()) {
            for (JsonNode parameter : operation.parameters()) {
                if (parameter.path("in").asText().equals("path") && parameter.path("name").asText().equals(name)) {
                    JsonNode example = example(parameter);
                    assertNotNull(example, operation + ": path parameter " + name + " needs an example");
                    return example.asText();
                }
            }
        }
        return fail("no operation declares the path parameter " + name + " of " + template);
    }

    private static Map<String, String> exampleQuery(Operation operation) {
        Map<String, String> query = new LinkedHashMap<>();
        for (JsonNode parameter : operation.parameters()) {
            JsonNode example = example(parameter);
            if (parameter.path("in").asText().equals("query") && example != null) {
                query.put(parameter.path("name").asText(), example.asText());
            } else if (parameter.path("in").asText().equals("query") && parameter.path("required").asBoolean()) {
                fail(operation + ": required query parameter " + parameter.path("name") + " needs an example");
            }
        }
        return query;
    }

    /** A query string of {@code values}, each of which the operation must document. */
    private static String query(Operation operation, Map<String, String> values) {
        if (values.isEmpty()) {
            return "";
        }
        Set<String> documented = operation.parameters().stream()
                .filter(parameter -> parameter.path("in").asText().equals("query"))
                .map(parameter -> parameter.path("name").asText()).collect(Collectors.toSet());
        assertTrue(documented.containsAll(values.keySet()), operation + " documents " + values.keySet());
        return values.entrySet().stream()
                .map(entry -> entry.getKey() + "=" + URLEncoder.encode(entry.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&", "?", ""));
    }

    private static JsonNode example(JsonNode parameter) {
        if (parameter.has("example")) {
            return parameter.path("example");
        }
        JsonNode examples = parameter.path("examples");
        if (examples.isObject() && examples.size() > 0) {
            return resolve(examples.elements().next()).path("value");
        }
        return null;
    }

    /** One request body per documented example; one empty body for an operation without a request body. */
    private static List<Body> bodies(Operation operation) {
        JsonNode requestBody = resolve(operation.node().path("requestBody"));
        if (requestBody.isMissingNode()) {
            return List.of(new Body("none", null, null));
        }
        JsonNode content = requestBody.path("content");
        assertTrue(content.size() > 0, operation + ": request body content");
        String mediaType = content.fieldNames().next();
        JsonNode media = content.path(mediaType);
        List<Body> bodies = new ArrayList<>();
        if (media.has("example")) {
            bodies.add(new Body("example", mediaType, bytes(media.path("example"), mediaType)));
        }
        media.path("examples").properties().forEach(entry -> bodies.add(new Body(entry.getKey(), mediaType,
                bytes(resolve(entry.getValue()).path("value"), mediaType))));
        assertFalse(bodies.isEmpty(), operation + ": the request body needs an example");
        return bodies;
    }

    private static byte[] bytes(JsonNode example, String mediaType) {
        if (mediaType.endsWith("json")) {
            try {
                return JSON.writeValueAsBytes(example);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return example.asText().getBytes(StandardCharsets.UTF_8);
    }

    /** Every media type the operation's responses document, as an Accept header. */
    private static String accept(Operation operation) {
        Set<String> types = new LinkedHashSet<>();
        operation.node().path("responses").elements().forEachRemaining(response ->
                resolve(response).path("content").fieldNames().forEachRemaining(types::add));
        return String.join(", ", types);
    }

    private static Set<String> names(JsonNode object) {
        Set<String> names = new TreeSet<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static JsonNode resolve(JsonNode node) {
        JsonNode current = node;
        for (int hops = 0; current.has("$ref"); hops++) {
            assertTrue(hops < 16, "$ref cycle at " + node);
            String reference = current.path("$ref").asText();
            assertTrue(reference.startsWith("#/"), "local reference: " + reference);
            current = doc.at(reference.substring(1));
            assertFalse(current.isMissingNode(), "unresolved $ref " + reference);
        }
        return current;
    }

    private static void collectReferences(JsonNode node, Set<String> references) {
        if (node.isObject()) {
            node.properties().forEach(entry -> {
                if (entry.getKey().equals("$ref")) {
                    references.add(entry.getValue().asText());
                } else {
                    collectReferences(entry.getValue(), references);
                }
            });
        } else if (node.isArray()) {
            node.forEach(element -> collectReferences(element, references));
        }
    }

    // ---- HTTP ----

    /** An answer; {@code body} is null for an event stream, whose body is not read. */
    private record Answer(int status, HttpHeaders headers, byte[] body) {
        String mediaType() {
            return headers.firstValue("Content-Type").map(value -> value.split(";")[0].trim().toLowerCase(Locale.ROOT))
                    .orElse("");
        }

        String text() {
            return body == null ? "(stream)" : new String(body, StandardCharsets.UTF_8);
        }

        JsonNode json(String what) {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                return fail(what + ": the body is not JSON: " + text());
            }
        }
    }

    private static Answer send(String method, String pathAndQuery, String contentType, byte[] body, boolean token,
                               String accept) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(pathAndQuery))
                .timeout(Duration.ofSeconds(10))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(body));
        if (body != null && contentType != null) {
            request.header("Content-Type", contentType);
        }
        if (accept != null && !accept.isEmpty()) {
            request.header("Accept", accept);
        }
        if (token) {
            request.header("Authorization", "Bearer " + TOKEN);
        }
        try {
            HttpResponse<InputStream> response = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
            try (InputStream in = response.body()) {
                Optional<String> type = response.headers().firstValue("Content-Type");
                if (type.isPresent() && type.get().startsWith("text/event-stream")) {
                    return new Answer(response.statusCode(), response.headers(), null);
                }
                return new Answer(response.statusCode(), response.headers(), in.readAllBytes());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + pathAndQuery, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    // ---- a JSON Schema subset: what the document's schemas use ----

    private static final class Schemas {
        private Schemas() {
        }

        static void check(JsonNode value, JsonNode schemaOrRef, String at, List<String> errors) {
            JsonNode schema = resolve(schemaOrRef);
            if (schema.has("type") && !typeMatches(value, schema.path("type"))) {
                errors.add(at + ": " + value + " is not of type " + schema.path("type"));
                return;
            }
            if (schema.has("const") && !sameValue(schema.path("const"), value)) {
                errors.add(at + ": " + value + " is not " + schema.path("const"));
            }
            if (schema.has("enum")) {
                boolean listed = false;
                for (JsonNode option : schema.path("enum")) {
                    listed |= sameValue(option, value);
                }
                if (!listed) {
                    errors.add(at + ": " + value + " is not one of " + schema.path("enum"));
                }
            }
            if (schema.has("pattern") && value.isTextual()
                    && !Pattern.compile(schema.path("pattern").asText()).matcher(value.asText()).find()) {
                errors.add(at + ": " + value + " does not match " + schema.path("pattern"));
            }
            if (value.isObject()) {
                for (JsonNode required : schema.path("required")) {
                    if (!value.has(required.asText())) {
                        errors.add(at + ": missing " + required.asText());
                    }
                }
                JsonNode properties = schema.path("properties");
                value.properties().forEach(entry -> {
                    String name = entry.getKey();
                    if (properties.has(name)) {
                        check(entry.getValue(), properties.path(name), at + "." + name, errors);
                    } else if (schema.path("additionalProperties").isBoolean()
                            && !schema.path("additionalProperties").asBoolean()) {
                        errors.add(at + ": unexpected property " + name);
                    } else if (schema.path("additionalProperties").isObject()) {
                        check(entry.getValue(), schema.path("additionalProperties"), at + "." + name, errors);
                    }
                });
            }
            if (value.isArray()) {
                if (schema.has("minItems") && value.size() < schema.path("minItems").asInt()) {
                    errors.add(at + ": fewer than " + schema.path("minItems") + " items");
                }
                if (schema.has("items")) {
                    for (int i = 0; i < value.size(); i++) {
                        check(value.get(i), schema.path("items"), at + "[" + i + "]", errors);
                    }
                }
            }
            if (schema.has("minimum") && value.isNumber() && value.asDouble() < schema.path("minimum").asDouble()) {
                errors.add(at + ": " + value + " is below " + schema.path("minimum"));
            }
            if (schema.has("anyOf") && matching(value, schema.path("anyOf"), at) == 0) {
                errors.add(at + ": " + value + " matches none of anyOf");
            }
            if (schema.has("oneOf") && matching(value, schema.path("oneOf"), at) != 1) {
                errors.add(at + ": " + value + " does not match exactly one of oneOf");
            }
        }

        private static int matching(JsonNode value, JsonNode options, String at) {
            int matching = 0;
            for (JsonNode option : options) {
                List<String> errors = new ArrayList<>();
                check(value, option, at, errors);
                if (errors.isEmpty()) {
                    matching++;
                }
            }
            return matching;
        }

        private static boolean typeMatches(JsonNode value, JsonNode type) {
            if (type.isArray()) {
                for (JsonNode option : type) {
                    if (typeMatches(value, option)) {
                        return true;
                    }
                }
                return false;
            }
            return switch (type.asText()) {
                case "string" -> value.isTextual();
                case "number" -> value.isNumber();
                case "integer" -> value.isIntegralNumber()
                        || (value.isNumber() && value.asDouble() == Math.rint(value.asDouble()));
                case "boolean" -> value.isBoolean();
                case "null" -> value.isNull();
                case "object" -> value.isObject();
                case "array" -> value.isArray();
                default -> throw new IllegalArgumentException("unknown JSON Schema type " + type);
            };
        }

        private static boolean sameValue(JsonNode expected, JsonNode value) {
            if (expected.isNumber() && value.isNumber()) {
                return expected.decimalValue().compareTo(value.decimalValue()) == 0;
            }
            return expected.equals(value);
        }
    }
}
