package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PaginationTest extends SandboxTestBase {
  private static final String PERIOD = "&start=2024-05-01T00:00:00Z&end=2024-06-01T00:00:00Z";

  /** Payments at the given seconds after midnight of 2024-05-14; several share a second. */
  private List<String> paymentsAt(int count, int distinctSeconds) {
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      ids.add(
          api.control(
                  "POST",
                  "/_sandbox/payments",
                  Map.of(
                      "status",
                      "Settled",
                      "created",
                      Instant.parse("2024-05-14T00:00:00Z")
                          .plusSeconds(i % distinctSeconds)
                          .toString()))
              .path("id")
              .asText());
    }
    return ids;
  }

  private List<JsonNode> allPages(
      String firstQuery, List<Integer> pageSizes, Runnable betweenPages) {
    List<JsonNode> items = new ArrayList<>();
    String cursor = null;
    do {
      JsonNode page =
          api.get(
                  firstQuery
                      + (cursor == null
                          ? ""
                          : "&cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8)))
              .json();
      page.path("items").forEach(items::add);
      pageSizes.add(page.path("items").size());
      cursor = page.path("cursor").isTextual() ? page.path("cursor").asText() : null;
      betweenPages.run();
    } while (cursor != null && !cursor.isEmpty());
    return items;
  }

  @Test
  void pagesOfFiftyCoverEveryPaymentOnceInCreatedThenIdOrder() {
    paymentsAt(120, 7);
    List<Integer> sizes = new ArrayList<>();

    List<JsonNode> items =
        allPages("/api/v2/payments?merchantId=merchant-a" + PERIOD, sizes, () -> {});

    assertThat(sizes).containsExactly(50, 50, 20);
    assertThat(items).hasSize(120);
    assertThat(items).extracting(i -> i.path("id").asText()).doesNotHaveDuplicates();
    for (int i = 1; i < items.size(); i++) {
      JsonNode a = items.get(i - 1);
      JsonNode b = items.get(i);
      int byCreated =
          Instant.parse(a.path("created").asText())
              .compareTo(Instant.parse(b.path("created").asText()));
      assertThat(
              byCreated < 0
                  || (byCreated == 0 && a.path("id").asText().compareTo(b.path("id").asText()) < 0))
          .as("%s before %s", a, b)
          .isTrue();
    }
  }

  @Test
  void aSandboxStartedWithAnotherPageSizeFillsPagesOfThatSize() {
    try (Sandbox small =
        Sandbox.builder()
            .merchant("merchant-s")
            .bearerToken("token-s", "merchant-s")
            .fixedClock(Instant.parse("2024-05-14T09:00:00Z"))
            .pageSize(2)
            .start()) {
      Api smallApi = new Api(small);
      for (int i = 0; i < 5; i++) {
        smallApi.control(
            "POST",
            "/_sandbox/payments",
            Map.of(
                "merchantId",
                "merchant-s",
                "status",
                "Settled",
                "created",
                "2024-05-14T00:00:0" + i + "Z"));
      }
      List<Integer> sizes = new ArrayList<>();
      String cursor = null;
      do {
        JsonNode page =
            smallApi
                .get(
                    "/api/v2/payments?merchantId=merchant-s"
                        + PERIOD
                        + (cursor == null
                            ? ""
                            : "&cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8)))
                .json();
        sizes.add(page.path("items").size());
        cursor = page.path("cursor").isTextual() ? page.path("cursor").asText() : null;
      } while (cursor != null);

      assertThat(sizes).containsExactly(2, 2, 1);
      assertThat(smallApi.control("GET", "/_sandbox/config", null).path("pageSize").asInt())
          .isEqualTo(2);
    }
  }

  @Test
  void paymentsCreatedWhilePagingNeitherShiftNorRepeatAPage() {
    List<String> original = paymentsAt(100, 100);
    List<Integer> sizes = new ArrayList<>();

    List<JsonNode> items =
        allPages(
            "/api/v2/payments?merchantId=merchant-a" + PERIOD,
            sizes,
            () ->
                api.control(
                    "POST",
                    "/_sandbox/payments",
                    Map.of("status", "Settled", "created", "2024-05-14T00:00:30Z")));

    assertThat(items)
        .extracting(i -> i.path("id").asText())
        .doesNotHaveDuplicates()
        .containsAll(original);
  }

  @Test
  void startIsInclusiveAndEndExclusive() {
    paymentsAt(3, 3);

    JsonNode page =
        api.get(
                "/api/v2/payments?merchantId=merchant-a&start=2024-05-14T00:00:01Z"
                    + "&end=2024-05-14T00:00:02Z")
            .json();

    assertThat(page.path("items"))
        .singleElement()
        .satisfies(p -> assertThat(p.path("created").asText()).isEqualTo("2024-05-14T00:00:01Z"));
    assertThat(page.has("cursor")).isFalse();
  }

  @Test
  void refundsPageTheSameWay() {
    String payment =
        api.control(
                "POST",
                "/_sandbox/payments",
                Map.of("status", "Settled", "amount", Map.of("value", 1000, "currency", "RUB")))
            .path("id")
            .asText();
    for (int i = 0; i < 60; i++) {
      api.control(
          "POST",
          "/_sandbox/refunds",
          Map.of("paymentId", payment, "amount", Map.of("value", 1, "currency", "RUB")));
    }
    List<Integer> sizes = new ArrayList<>();

    List<JsonNode> items =
        allPages("/api/v2/refunds?merchantId=merchant-a" + PERIOD, sizes, () -> {});

    assertThat(sizes).containsExactly(50, 10);
    assertThat(items).extracting(i -> i.path("id").asText()).doesNotHaveDuplicates().hasSize(60);
  }

  @Test
  void aCursorThatTheSandboxDidNotIssueIsAValidationError() {
    Api.Res res = api.get("/api/v2/payments?merchantId=merchant-a" + PERIOD + "&cursor=bm9wZQ");

    assertThat(res.status()).isEqualTo(400);
    assertThat(res.errors()).singleElement().asString().startsWith("cursor:");
  }

  @Test
  void listsWithoutPeriodBoundsLeaveThatSideOpen() {
    String payment = api.pay("4111111111111111", "100", false).path("id").asText();
    api.post(
        "/api/v2/refunds",
        Map.of("paymentId", payment, "amount", Map.of("value", 1, "currency", "RUB")));

    Api.Res refunds = api.get("/api/v2/refunds?merchantId=merchant-a");
    Api.Res payments = api.get("/api/v2/payments?merchantId=merchant-a&end=2030-01-01T00:00:00Z");

    assertThat(refunds.status()).as(refunds.text()).isEqualTo(200);
    assertThat(refunds.json().path("items")).hasSize(1);
    assertThat(payments.json().path("items"))
        .extracting(i -> i.path("id").asText())
        .containsExactly(payment);
  }
}
