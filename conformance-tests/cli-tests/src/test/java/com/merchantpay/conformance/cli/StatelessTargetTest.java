package com.merchantpay.conformance.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.merchantpay.conformance.ConformanceKit;
import com.merchantpay.conformance.judge.SpecModel;
import com.merchantpay.conformance.report.CheckResult;
import com.merchantpay.conformance.report.Report;
import com.merchantpay.conformance.target.Profile;
import com.merchantpay.conformance.target.Target;
import com.merchantpay.spec.ApiSpec;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.responses.ApiResponse;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/**
 * The kit against an implementation nobody here wrote in its image: a stateless mock of the two
 * specs, as mock servers generate them. It ignores credentials, never changes state, sends no
 * notifications, answers every page with the same cursor and never answers a body that is not JSON.
 * The run must end in time, with exit 1, each failure saying why, and the stall named.
 */
class StatelessTargetTest {
  @Test
  void theKitEndsInTimeAgainstATargetThatIgnoresAuthNeverChangesStallsAndNeverEndsACursor()
      throws IOException {
    try (StatelessMock mock = new StatelessMock()) {
      long started = System.nanoTime();
      Report report =
          ConformanceKit.builder()
              .target(
                  Target.builder(mock.baseUrl())
                      .bearerToken("any-token", "a3f1c9e2-6b7d-4f10-9c2e-5d8b1a0f4e77")
                      .otherMerchant("other-token", "m-other")
                      .v1Accountant("shop-auto-01", "Pa55word!")
                      .v1Cashier("shop-cashier-01", "Pa55word!")
                      .build())
              .profile(Profile.sandbox())
              .build()
              .run();
      Duration took = Duration.ofNanos(System.nanoTime() - started);

      assertThat(took).isLessThan(Duration.ofSeconds(90));
      assertThat(report.exitCode()).isEqualTo(1);
      List<CheckResult> failed =
          report.results().stream().filter(r -> r.outcome() == CheckResult.Outcome.FAILED).toList();
      assertThat(failed)
          .hasSizeGreaterThan(40)
          .allSatisfy(
              r -> {
                assertThat(r.expected()).as(r.id()).isNotBlank();
                assertThat(r.actual()).as(r.id()).isNotBlank();
              });
      assertThat(failed)
          .filteredOn(r -> r.actual().contains("the target does not answer"))
          .as("the stall, named " + "once")
          .hasSize(1);
      // Checks side by side may each have their malformed case out before the stall is named (those
      // list it as
      // unanswered); a later one is not sent, pointing to the check that named the stall.
      assertThat(failed)
          .filteredOn(r -> r.actual().startsWith("not sent: the target stopped answering"))
          .allSatisfy(r -> assertThat(r.actual()).contains("named by negative."));
      assertThat(failed)
          .extracting(CheckResult::id)
          .contains(
              "idempotency.replayed-payment-is-made-once",
              "auth.no-token-is-refused.getPayment",
              "pagination.every-item-once-across-pages",
              "callbacks.payment-notification-arrives-as-documented",
              "lifecycle.capture-settles-a-held-payment");
    }
  }

  /**
   * Answers each operation of both specs with the first example of its success answer, whatever it
   * is asked.
   */
  static final class StatelessMock implements AutoCloseable {
    private final HttpServer server;
    private final ExecutorService workers =
        Executors.newCachedThreadPool(
            r -> {
              Thread thread = new Thread(r, "stateless-mock");
              thread.setDaemon(true);
              return thread;
            });

    StatelessMock() throws IOException {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 100);
      server.setExecutor(workers);
      server.createContext("/", this::handle);
      server.start();
    }

    URI baseUrl() {
      return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    private void handle(HttpExchange exchange) throws IOException {
      byte[] body = exchange.getRequestBody().readAllBytes();
      String path = exchange.getRequestURI().getPath();
      String type = exchange.getRequestHeaders().getFirst("Content-Type");
      if (type != null && type.startsWith("application/json") && body.length > 0) {
        try {
          MutatingProxy.JSON.readTree(body);
        } catch (IOException e) {
          return; // a body it cannot parse: it never answers, as some mocks do
        }
      }
      ApiSpec spec = path.startsWith("/api/v1/") ? ApiSpec.V1 : ApiSpec.V2;
      SpecModel.Operation operation =
          SpecModel.of(spec).operation(exchange.getRequestMethod(), path);
      byte[] answer = operation == null ? new byte[0] : example(operation);
      exchange.getResponseHeaders().set("Content-Type", "application/json");
      exchange.sendResponseHeaders(
          operation == null ? 404 : 200, answer.length == 0 ? -1 : answer.length);
      if (answer.length > 0) {
        exchange.getResponseBody().write(answer);
      }
      exchange.close();
    }

    private static byte[] example(SpecModel.Operation operation) throws IOException {
      for (Map.Entry<String, ApiResponse> response :
          operation.definition().getResponses().entrySet()) {
        if (!response.getKey().startsWith("2") || response.getValue().getContent() == null) {
          continue;
        }
        MediaType media = response.getValue().getContent().get("application/json");
        if (media == null) {
          continue;
        }
        Object example =
            media.getExample() != null
                ? media.getExample()
                : media.getExamples() == null || media.getExamples().isEmpty()
                    ? null
                    : media.getExamples().values().iterator().next().getValue();
        JsonNode node = MutatingProxy.JSON.valueToTree(example == null ? Map.of() : example);
        if (node.isObject() && node.has("items")) {
          ((com.fasterxml.jackson.databind.node.ObjectNode) node).put("cursor", "always-the-same");
        }
        return MutatingProxy.JSON.writeValueAsBytes(node);
      }
      return new byte[0];
    }

    @Override
    public void close() {
      server.stop(0);
      workers.shutdownNow();
    }
  }
}
