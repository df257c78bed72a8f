package com.merchantpay.conformance.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.conformance.ConformanceKit;
import com.merchantpay.conformance.report.CheckResult;
import com.merchantpay.conformance.report.Report;
import com.merchantpay.sandbox.Sandbox;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * A shared staging environment: the merchant already holds tens of thousands of payments made over
 * the current day by other teams, and refunds, and the lists come in pages of five. Every check
 * finds what it made by the narrowest period the documents allow, so the run passes as it does on
 * an empty target, and no check walks the merchant's day.
 */
class KitOnABusyTargetTest {
  private static final int PAYMENTS = 20_000;
  private static final int REFUNDS = 2_000;

  @Test
  void theRunPassesOnATargetHoldingTensOfThousandsOfTheMerchantsPaymentsOfTheDay()
      throws Exception {
    try (Sandbox sandbox =
        Sandbox.builder()
            .merchant(Sandbox.DEFAULT_MERCHANT)
            .merchant("sandbox-other-merchant")
            .bearerToken(Sandbox.DEFAULT_TOKEN, Sandbox.DEFAULT_MERCHANT)
            .bearerToken("sandbox-other-token", "sandbox-other-merchant")
            .v1Login(
                Sandbox.DEFAULT_ACCOUNTANT,
                Sandbox.DEFAULT_PASSWORD,
                Sandbox.DEFAULT_MERCHANT,
                Sandbox.Role.ACCOUNTANT)
            .v1Login(
                Sandbox.DEFAULT_CASHIER,
                Sandbox.DEFAULT_PASSWORD,
                Sandbox.DEFAULT_MERCHANT,
                Sandbox.Role.CASHIER)
            .v1ListLimit(EmbeddedSandbox.V1_LIST_LIMIT)
            .pageSize(5)
            .start()) {
      busy(sandbox);

      Report report =
          ConformanceKit.builder()
              .target(
                  AnotherImplementation.target(
                      URI.create(stripSlash(sandbox.baseUrl().toString()))))
              .profile(
                  com.merchantpay.conformance.target.Profile.sandbox()
                      .withV1ListLimit(EmbeddedSandbox.V1_LIST_LIMIT))
              .build()
              .run();

      assertThat(report.results())
          .filteredOn(
              r -> r.outcome() != CheckResult.Outcome.PASSED && !PlainHttp.httpsOnlySkipped(r))
          .as("nothing fails or is skipped for the payments of other teams")
          .isEmpty();
      assertThat(report.exitCode()).isZero();
    }
  }

  /**
   * Fills the merchant's day: payments spread over the last ten hours, refunds of some of them, and
   * the clock moved on a minute, as a shared environment looks when a run starts.
   */
  private static void busy(Sandbox sandbox) throws Exception {
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    Instant now = Instant.now();
    List<Callable<String>> payments = new ArrayList<>();
    for (int i = 0; i < PAYMENTS; i++) {
      Instant created = now.minusMillis((long) i * Duration.ofHours(10).toMillis() / PAYMENTS);
      payments.add(
          () ->
              post(
                  http,
                  sandbox,
                  "/_sandbox/payments",
                  "{\"status\":\"Settled\",\"created\":\""
                      + created
                      + "\",\"amount\":{\"value\":10,\"currency\":\"RUB\"}}"));
    }
    List<String> ids = all(payments);
    List<Callable<String>> refunds = new ArrayList<>();
    for (int i = 0; i < REFUNDS; i++) {
      String paymentId = ids.get(i);
      refunds.add(
          () ->
              post(
                  http,
                  sandbox,
                  "/_sandbox/refunds",
                  "{\"paymentId\":\"" + paymentId + "\",\"status\":\"Success\"}"));
    }
    all(refunds);
    post(http, sandbox, "/_sandbox/clock/advance", "{\"duration\":\"PT1M\"}");
  }

  private static List<String> all(List<Callable<String>> calls) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<String> ids = new ArrayList<>();
      for (Future<String> made : pool.invokeAll(calls)) {
        ids.add(made.get());
      }
      return ids;
    } finally {
      pool.shutdownNow();
    }
  }

  private static String post(HttpClient http, Sandbox sandbox, String path, String body)
      throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(stripSlash(sandbox.baseUrl().toString()) + path))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
    HttpResponse<String> answer;
    try {
      answer = http.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      // JDK 17's client can hand a reused connection's answer to its idle-pool watcher
      // (JDK-8338569) and report "header parser received no bytes". Filling the target is all
      // this call is for, so one more made payment or refund is harmless.
      answer = http.send(request, HttpResponse.BodyHandlers.ofString());
    }
    assertThat(answer.statusCode()).as("%s: %s", path, answer.body()).isEqualTo(200);
    String text = answer.body();
    int id = text.indexOf("\"id\":\"");
    return id < 0 ? "" : text.substring(id + 6, text.indexOf('"', id + 6));
  }

  private static String stripSlash(String url) {
    return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
  }
}
