import io.redactor.api.embedded.Commands;
import io.redactor.api.embedded.Redactor;
import io.redactor.api.embedded.RedactorException;
import io.redactor.api.embedded.RedactorProtocol;
import io.redactor.api.embedded.Result;
import io.redactor.core.reply.Reply;

import akka.actor.typed.ActorRef;
import akka.actor.typed.javadsl.AskPattern;
import com.typesafe.config.ConfigFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/** Redactor inside a Java program: the CompletionStage facade, any command by name, and a typed client actor. */
public class EmbeddedExample {
    public static void main(String[] args) throws IOException {
        // Where its RDB file and append-only directory go (Redis's dir; the working directory by default).
        Path data = Files.createTempDirectory("redactor-example");
        Redactor redactor = Redactor.start(ConfigFactory.parseMap(Map.of("redactor.redis.dir", data.toString())))
                .toCompletableFuture().join();

        redactor.set("greeting", "hello").toCompletableFuture().join();
        Optional<String> greeting = redactor.get("greeting").toCompletableFuture().join();
        System.out.println("GET greeting -> " + greeting.orElse("(nil)"));

        long visits = redactor.incr("visits").toCompletableFuture().join();
        System.out.println("INCR visits -> " + visits);

        Reply reply = redactor.command("MSET", "a", "1", "b", "2").toCompletableFuture().join();
        System.out.println("MSET a 1 b 2 -> " + reply);

        try {
            redactor.incr("greeting").toCompletableFuture().join();
        } catch (java.util.concurrent.CompletionException e) {
            RedactorException error = (RedactorException) e.getCause();
            System.out.println("INCR greeting -> error " + error.code() + ": " + error.getMessage());
        }

        // Akka style: a client actor and typed messages with typed results.
        ActorRef<RedactorProtocol.Request> client = redactor.newClientActor();
        Result<Long> length = AskPattern.<RedactorProtocol.Request, Result<Long>>ask(client,
                replyTo -> new RedactorProtocol.Call<>(new Commands.Append("greeting".getBytes(), ", world".getBytes()), replyTo),
                Duration.ofSeconds(5), redactor.system().scheduler()).toCompletableFuture().join();
        System.out.println("APPEND greeting \", world\" -> " + length.get());

        redactor.stop().toCompletableFuture().join();
    }
}
