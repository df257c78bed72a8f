package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class IdempotencyTest extends SandboxTestBase {

  @Test
  void aRepeatWithTheSameBodyReplaysTheFirstAnswerWithoutASecondPayment() {
    ObjectNode body = api.cardPayment("4111111111111111", "10", false);

    Api.Res first = api.post("/api/v2/payments", body, "key-1");
    api.advance("PT1M");
    Api.Res second = api.post("/api/v2/payments", body, "key-1");

    assertThat(second.status()).isEqualTo(first.status());
    assertThat(second.bytes()).isEqualTo(first.bytes());
    assertThat(second.header("Idempotent-Replayed")).isEqualTo("true");
    assertThat(paymentIds()).hasSize(1);
  }

  @Test
  void theSameBodyWrittenDifferentlyStillMatches() {
    Api.Res first =
        api.post(
            "/api/v2/payments",
            "{\"merchantId\":\"merchant-a\",\"amount\":{\"value\":10.10,"
                + "\"currency\":\"RUB\"},\"paymentData\":{\"card\":{\"pan\":\"4111111111111111\",\"expiry\":\"12/30\"}}}",
            "key-2");
    Api.Res second =
        api.post(
            "/api/v2/payments",
            "{ \"paymentData\":{\"card\":{\"expiry\":\"12/30\",\"pan\":"
                + "\"4111111111111111\"}}, \"amount\":{\"currency\":\"RUB\",\"value\":10.1}, \"merchantId\":\"merchant-a\"}",
            "key-2");

    assertThat(second.bytes()).isEqualTo(first.bytes());
  }

  @Test
  void aRepeatWithADifferentBodyIsAViolation() {
    api.post("/api/v2/payments", api.cardPayment("4111111111111111", "10", false), "key-3");

    Api.Res res =
        api.post("/api/v2/payments", api.cardPayment("4111111111111111", "11", false), "key-3");

    assertThat(res.status()).isEqualTo(422);
    assertThat(res.code()).isEqualTo("idempotency_key_violation");
    assertThat(paymentIds()).hasSize(1);
  }

  @Test
  void businessRefusalsAreReplayedToo() {
    ObjectNode refund = Api.object();
    refund.put("paymentId", "12345678");
    refund.set("amount", Api.amount("1", "RUB"));

    Api.Res first = api.post("/api/v2/refunds", refund, "key-4");
    Api.Res second = api.post("/api/v2/refunds", refund, "key-4");

    assertThat(first.status()).isEqualTo(404);
    assertThat(second.bytes()).isEqualTo(first.bytes());
    assertThat(second.header("Idempotent-Replayed")).isEqualTo("true");
  }

  @Test
  void aRejectedRequestDoesNotUseUpItsKey() {
    ObjectNode bad = api.cardPayment("4111111111111111", "0", false);

    assertThat(api.post("/api/v2/payments", bad, "key-5").status()).isEqualTo(400);
    ObjectNode fixed = api.cardPayment("4111111111111111", "1", false);
    assertThat(api.post("/api/v2/payments", fixed, "key-5").status()).isEqualTo(200);
  }

  @Test
  void keysAreScopedByMerchantAndOperation() {
    String payment =
        api.post("/api/v2/payments", api.cardPayment("4111111111111111", "10", false), "shared")
            .json()
            .path("id")
            .asText();
    ObjectNode refund = Api.object();
    refund.put("paymentId", payment);
    refund.set("amount", Api.amount("1", "RUB"));
    ObjectNode otherMerchant =
        api.cardPayment("4111111111111111", "10", false).put("merchantId", "merchant-b");

    assertThat(api.post("/api/v2/refunds", refund, "shared").status()).isEqualTo(200);
    assertThat(api.as("token-b").post("/api/v2/payments", otherMerchant, "shared").status())
        .isEqualTo(200);
  }

  @Test
  void keysAreForgottenAfterTwentyFourHours() {
    api.post("/api/v2/payments", api.cardPayment("4111111111111111", "10", false), "key-6");

    api.advance("PT24H1S");

    assertThat(
            api.post("/api/v2/payments", api.cardPayment("4111111111111111", "20", false), "key-6")
                .status())
        .isEqualTo(200);
  }

  @Test
  void sixtyFourConcurrentCreatesWithOneKeyMakeOnePayment() throws Exception {
    ObjectNode body = api.cardPayment("4111111111111111", "10", false);
    ExecutorService pool = Executors.newFixedThreadPool(64);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<Api.Res>> answers = new ArrayList<>();
    try {
      for (int i = 0; i < 64; i++) {
        Callable<Api.Res> call =
            () -> {
              go.await();
              return new Api(sandbox).post("/api/v2/payments", body, "concurrent-key");
            };
        answers.add(pool.submit(call));
      }
      go.countDown();
      List<Api.Res> results = new ArrayList<>();
      for (Future<Api.Res> answer : answers) {
        results.add(answer.get());
      }

      Set<String> ids = paymentIds();
      assertThat(ids).hasSize(1);
      for (Api.Res res : results) {
        if (res.status() == 200) {
          assertThat(res.json().path("id").asText()).isEqualTo(ids.iterator().next());
        } else {
          assertThat(res.status()).isEqualTo(409);
          assertThat(res.code()).isEqualTo("idempotency_key_violation");
        }
      }
      assertThat(results).anySatisfy(res -> assertThat(res.status()).isEqualTo(200));
    } finally {
      pool.shutdownNow();
    }
  }

  private Set<String> paymentIds() {
    List<String> ids = new ArrayList<>();
    api.get(
            "/api/v2/payments?merchantId=merchant-a&start=2000-01-01T00:00:00Z&end=2100-01-01T00:00:00Z")
        .json()
        .path("items")
        .forEach(p -> ids.add(p.path("id").asText()));
    assertThat(ids).doesNotHaveDuplicates();
    return ids.stream().collect(Collectors.toSet());
  }
}
