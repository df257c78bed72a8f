package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The journal's matchers beyond the operation: a path pattern, headers, JSON paths over the body,
 * in Java and over the control API, each near miss naming the matcher that failed.
 */
class RequestMatchersTest extends SandboxTestBase {
  private static final String PAYS = "4111111111111111";

  private void twoPayments() {
    api.post("/api/v2/payments", api.cardPayment(PAYS, "10.50", false), "order-4711-a");
    api.post("/api/v2/payments", api.cardPayment(PAYS, "99.00", true), "order-4712-b");
  }

  @Test
  void aPathPatternMatchesThePathWhole() {
    String held = api.pay(PAYS, "20", true).path("id").asText();
    api.unchecked().send("PUT", "/api/v2/payments/" + held + "/confirm", "{}", Map.of());

    assertThat(
            sandbox.journal().find(RequestPattern.pathMatching("/api/v2/payments/[^/]+/confirm")))
        .singleElement()
        .extracting(JournalEntry::operation)
        .isEqualTo("capturePayment");
    assertThat(sandbox.journal().find(RequestPattern.pathMatching("/api/v2/pay"))).isEmpty();
  }

  @Test
  void headersMatchExactlyByPatternOrByAbsence() {
    twoPayments();

    sandbox
        .journal()
        .verify(
            1,
            RequestPattern.operation(Operation.V2.CREATE_PAYMENT)
                .withHeaderMatching("idempotency-key", "order-4711-.*")
                .withHeader("Content-Type", "application/json"));
    sandbox
        .journal()
        .verify(2, RequestPattern.operation(Operation.V2.CREATE_PAYMENT).withoutHeader("X-Trace"));
  }

  @Test
  void aJsonPathMatchesWhatItSelectsAndComparesNumbersByValue() {
    twoPayments();

    sandbox
        .journal()
        .verify(
            1,
            RequestPattern.operation(Operation.V2.CREATE_PAYMENT)
                .withBodyJsonPath("$.amount.value", "10.5"));
    sandbox
        .journal()
        .verify(
            1,
            RequestPattern.anyCall()
                .withBodyMatchingJsonPath("$.amount[?(@.value > 50)]")
                .withBodyJsonPath("$.dualMode", "true"));
  }

  @Test
  void eachNearMissNamesTheMatcherItFailedAndMasksSecrets() {
    twoPayments();

    assertThatThrownBy(
            () ->
                sandbox
                    .journal()
                    .verify(
                        RequestPattern.pathMatching("/api/v2/refunds")
                            .withHeaderMatching("Idempotency-Key", "order-9.*")
                            .withHeader("Authorization", "Bearer another-token")
                            .withBodyJsonPath("$.amount.value", "12.00")
                            .withBodyMatchingJsonPath("$.receipt")))
        .isInstanceOf(VerificationError.class)
        .hasMessageContaining("path /api/v2/payments does not match /api/v2/refunds")
        .hasMessageContaining("header Idempotency-Key order-4712-b does not match order-9.*")
        .hasMessageContaining("header Authorization is ****, not ****")
        .hasMessageContaining("body $.amount.value is 99.00, not 12.00")
        .hasMessageContaining("body has nothing at $.receipt")
        .message()
        .doesNotContain("token-a", PAYS);
  }

  @Test
  void aJsonPathOrARegularExpressionThatIsNoneIsRefusedAtOnce() {
    assertThatThrownBy(() -> RequestPattern.anyCall().withBodyMatchingJsonPath("$.[["))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("not a JSON path: $.[[");
    assertThatThrownBy(() -> RequestPattern.pathMatching("/api/(v2"))
        .isInstanceOf(java.util.regex.PatternSyntaxException.class);
  }

  @Test
  void overTheControlApiAPatternFindsItsCallsOrTheNearMisses() throws Exception {
    twoPayments();

    Api.Res found =
        api.send(
            "POST",
            "/_sandbox/requests/find",
            "{\"operation\":\"createPayment\","
                + "\"headers\":{\"Idempotency-Key\":{\"matches\":\"order-4711-.*\"}},"
                + "\"bodyJsonPaths\":[{\"expression\":\"$.amount.value\",\"equalTo\":\"10.50\"}]}",
            Map.of());
    Api.Res missed =
        api.send(
            "POST",
            "/_sandbox/requests/find",
            "{\"pathMatching\":\"/api/v2/payments\","
                + "\"headers\":{\"Authorization\":{\"absent\":true}}}",
            Map.of());

    assertThat(found.status()).isEqualTo(200);
    assertThat(found.json().path("count").asInt()).isEqualTo(1);
    assertThat(found.json().path("requests").get(0).path("idempotencyKey").asText())
        .isEqualTo("order-4711-a");
    assertThat(found.json().path("requests").get(0).has("body")).isFalse();
    JsonNode near = missed.json().path("nearMisses");
    assertThat(missed.json().path("count").asInt()).isZero();
    assertThat(near).hasSize(2);
    assertThat(near.get(0).path("misses").get(0).asText())
        .isEqualTo("header Authorization present");
    assertThat(missed.text()).doesNotContain("token-a");
  }

  @Test
  void overTheControlApiAWrongPatternIsRefusedNamingItsMember() throws Exception {
    for (Map.Entry<String, String> wrong :
        Map.of(
                "{\"operation\":\"createPaymnt\"}", "operation:",
                "{\"pathMatching\":\"(\"}", "pathMatching: not a regular expression",
                "{\"headers\":{\"X\":{}}}", "headers.X: one of equalTo, matches, or absent",
                "{\"bodyJsonPaths\":[{\"expression\":\"$.[[\"}]}", "bodyJsonPaths: not a JSON path",
                "{\"statuss\":200}", "statuss")
            .entrySet()) {
      Api.Res refused =
          api.unchecked().send("POST", "/_sandbox/requests/find", wrong.getKey(), Map.of());

      assertThat(refused.status()).as(wrong.getKey()).isEqualTo(400);
      assertThat(new ObjectMapper().readTree(refused.bytes()).path("errors").toString())
          .as(wrong.getKey())
          .contains(wrong.getValue());
    }
  }
}
