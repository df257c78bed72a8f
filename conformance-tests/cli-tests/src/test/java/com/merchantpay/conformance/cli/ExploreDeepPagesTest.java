package com.merchantpay.conformance.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.merchantpay.conformance.ConformanceKit;
import com.merchantpay.conformance.report.CheckResult;
import com.merchantpay.conformance.report.Report;
import com.merchantpay.conformance.target.Profile;
import com.merchantpay.conformance.target.Target;
import com.merchantpay.sandbox.Sandbox;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A list that loses an item only past its third page. Its own sandbox, with pages of five, so that
 * the histories running side by side fill more than three pages of a period; the proxy in front of
 * it drops the first payment of every later page of the payments list.
 */
class ExploreDeepPagesTest {
  private static final int PAGE_SIZE = 5;
  private static final String OTHER_TOKEN = "deep-pages-other-token";
  private static final String OTHER_MERCHANT = "deep-pages-other-merchant";

  private static Sandbox sandbox;

  @BeforeAll
  static void start() {
    sandbox =
        Sandbox.builder()
            .merchant(Sandbox.DEFAULT_MERCHANT)
            .merchant(OTHER_MERCHANT)
            .bearerToken(Sandbox.DEFAULT_TOKEN, Sandbox.DEFAULT_MERCHANT)
            .bearerToken(OTHER_TOKEN, OTHER_MERCHANT)
            .v1Login(
                Sandbox.DEFAULT_ACCOUNTANT,
                Sandbox.DEFAULT_PASSWORD,
                Sandbox.DEFAULT_MERCHANT,
                Sandbox.Role.ACCOUNTANT)
            .pageSize(PAGE_SIZE)
            .start();
  }

  @AfterAll
  static void stop() {
    sandbox.close();
  }

  @Test
  void aPaymentDroppedOnlyPastTheThirdPageIsFound() {
    Map<String, Integer> pageOfCursor = new ConcurrentHashMap<>();
    try (MutatingProxy proxy =
        new MutatingProxy(sandbox.baseUrl(), dropsTheFirstPaymentPastPageThree(pageOfCursor))) {
      Report report =
          ConformanceKit.builder()
              .target(
                  Target.builder(proxy.baseUrl())
                      .bearerToken(Sandbox.DEFAULT_TOKEN, Sandbox.DEFAULT_MERCHANT)
                      .otherMerchant(OTHER_TOKEN, OTHER_MERCHANT)
                      .v1Accountant(Sandbox.DEFAULT_ACCOUNTANT, Sandbox.DEFAULT_PASSWORD)
                      .build())
              .profile(Profile.sandbox())
              .explore(20261129L, 200, 12)
              .budget(Duration.ofSeconds(90))
              .workers(8)
              .build()
              .run();

      CheckResult explored =
          report.results().stream()
              .filter(r -> r.id().equals("explore.histories"))
              .findFirst()
              .orElseThrow();
      // The lists did reach past their third page, and a payment missing there was seen.
      assertThat(pageOfCursor.values()).anyMatch(page -> page > 3);
      assertThat(explored.outcome()).as(explored.actual()).isEqualTo(CheckResult.Outcome.FAILED);
      assertThat(explored.rule()).contains("[v2.op.listPayments]");
      assertThat(explored.actual()).contains("not listed on").contains("list the payments");
    }
  }

  /**
   * Drops the first payment of each page of the payments list after the third, the page told by the
   * cursor the request carries: each answer's cursor names the page after it.
   */
  private static MutatingProxy.Fault dropsTheFirstPaymentPastPageThree(
      Map<String, Integer> pageOfCursor) {
    Pattern cursor = Pattern.compile("(?:^|&)cursor=([^&]*)");
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        if (!call.method.equals("GET")
            || !call.path().equals("/api/v2/payments")
            || answer.status != 200) {
          return;
        }
        String query = call.pathAndQuery.contains("?") ? call.pathAndQuery.split("\\?", 2)[1] : "";
        Matcher asked = cursor.matcher(query);
        int page =
            asked.find()
                ? pageOfCursor.getOrDefault(
                    URLDecoder.decode(asked.group(1), StandardCharsets.UTF_8), 1)
                : 1;
        JsonNode list = answer.json();
        if (list == null) {
          return;
        }
        String next = list.path("cursor").asText("");
        if (!next.isEmpty()) {
          pageOfCursor.put(next, page + 1);
        }
        if (page > 3 && list.path("items") instanceof ArrayNode items && !items.isEmpty()) {
          items.remove(0);
          answer.json(list);
        }
      }
    };
  }
}
