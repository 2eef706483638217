package io.redactor.api.rest;

import akka.actor.ActorSystem;
import akka.http.javadsl.model.HttpRequest;
import akka.http.javadsl.server.RouteResult;
import akka.http.javadsl.testkit.RouteTest;
import akka.http.javadsl.testkit.TestRouteResult;
import akka.stream.Materializer;
import org.junit.jupiter.api.Assertions;
import scala.concurrent.Future;

/**
 * Akka HTTP's route testkit for JUnit 5: its {@code JUnitRouteTest} is JUnit 4 only, so this implements the two
 * things the kit leaves open, the actor system and how failed expectations are reported.
 */
abstract class JUnitRouteTesting extends RouteTest {
    private final ActorSystem system;
    private final Materializer materializer;

    JUnitRouteTesting(ActorSystem system) {
        this.system = system;
        this.materializer = Materializer.matFromSystem(system);
    }

    @Override
    public ActorSystem system() {
        return system;
    }

    @Override
    public Materializer materializer() {
        return materializer;
    }

    @Override
    public TestRouteResult createTestRouteResultAsync(HttpRequest request, Future<RouteResult> result) {
        return new TestRouteResult(result, awaitDuration(), system.dispatcher(), materializer) {
            @Override
            public void assertEquals(Object expected, Object actual, String message) {
                Assertions.assertEquals(expected, actual, message);
            }

            @Override
            public void assertEquals(int expected, int actual, String message) {
                Assertions.assertEquals(expected, actual, message);
            }

            @Override
            public void assertTrue(boolean predicate, String message) {
                Assertions.assertTrue(predicate, message);
            }

            @Override
            public void fail(String message) {
                Assertions.fail(message);
            }
        };
    }
}
