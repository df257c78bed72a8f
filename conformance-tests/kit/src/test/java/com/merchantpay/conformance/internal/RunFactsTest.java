package com.merchantpay.conformance.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunFactsTest {
  private static final Instant COMPLETED = Instant.parse("2026-11-28T10:00:00.420Z");

  @Test
  void aZonelessTimeIsTheMomentInAnyZoneAWholeQuarterHourAway() {
    assertThat(RunFacts.sameMomentInSomeZone(COMPLETED, LocalDateTime.parse("2026-11-28T10:00:00")))
        .isTrue();
    assertThat(RunFacts.sameMomentInSomeZone(COMPLETED, LocalDateTime.parse("2026-11-28T13:00:00")))
        .as("Moscow")
        .isTrue();
    assertThat(RunFacts.sameMomentInSomeZone(COMPLETED, LocalDateTime.parse("2026-11-28T15:45:01")))
        .as("Kathmandu, a second later as v1 rounds")
        .isTrue();
    assertThat(RunFacts.sameMomentInSomeZone(COMPLETED, LocalDateTime.parse("2026-11-28T09:59:53")))
        .as("seven seconds before")
        .isFalse();
    assertThat(RunFacts.sameMomentInSomeZone(COMPLETED, LocalDateTime.parse("2026-11-29T10:00:00")))
        .as("a day later, beyond any zone")
        .isFalse();
  }

  @Test
  void numbersAreJudgedAsWrittenNotAsValues() {
    RunFacts facts = new RunFacts(Map.of("t", "m"));
    facts.record(
        answer("{\"id\":\"p1\",\"amount\":{\"value\":10.0000,\"currency\":\"RUB\"}}"),
        true,
        "getPayment");
    assertThat(facts.findings("v2.conv.decimal")).isEmpty();
    facts.record(
        answer("{\"id\":\"p2\",\"amount\":{\"value\":10.00000,\"currency\":\"RUB\"}}"),
        true,
        "getPayment");
    assertThat(facts.findings("v2.conv.decimal"))
        .singleElement()
        .satisfies(finding -> assertThat(finding.what()).contains("/amount/value 10.00000"));
  }

  @Test
  void aResourceMadeForOneMerchantShownToAnotherIsAFinding() {
    RunFacts facts = new RunFacts(Map.of("token-a", "merchant-a", "token-b", "merchant-b"));
    facts.record(
        answer(
            "POST", "/api/v2/payments", "token-b", "{\"id\":\"p1\",\"merchantId\":\"merchant-b\"}"),
        true,
        "createPayment");
    facts.record(
        answer(
            "GET",
            "/api/v2/refunds",
            "token-a",
            "{\"items\":[{\"id\":\"r1\",\"paymentId\":\"p1\"}]}"),
        true,
        "listRefunds");

    assertThat(facts.findings("v2.auth.rights"))
        .singleElement()
        .satisfies(
            finding -> {
              assertThat(finding.what()).contains("merchant-a", "p1", "merchant-b");
              assertThat(finding.earlier()).isNotNull();
            });
  }

  private static Exchange answer(String json) {
    return answer("GET", "/api/v2/payments/p", "t", json);
  }

  private static Exchange answer(String method, String path, String token, String json) {
    return new Exchange(
        method,
        URI.create("http://target.test" + path),
        Map.of("Authorization", List.of("Bearer " + token)),
        new byte[0],
        200,
        Map.of("Content-Type", List.of("application/json")),
        json.getBytes(StandardCharsets.UTF_8),
        1,
        null);
  }
}
