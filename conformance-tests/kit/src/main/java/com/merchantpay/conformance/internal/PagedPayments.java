package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * Payments enough for several pages, made once per run and shared by the checks that page through
 * them, v2's and v1's.
 */
final class PagedPayments {
  private PagedPayments() {}

  /**
   * The payments the suite made, by id with their creation time, and the period that holds them
   * all.
   */
  record Made(Map<String, Instant> created, Instant first, Instant last, JsonNode sample) {
    String query(CheckContext c, Instant start, Instant end) {
      return Paths.v2("listPayments")
          + "?merchantId="
          + Fixtures.encode(c.target().merchantId())
          + "&start="
          + Fixtures.encode(start.toString())
          + "&end="
          + Fixtures.encode(end.toString());
    }

    /**
     * A period that surely holds every payment made, a few seconds either side: a target may show
     * times cut to the second that it keeps more finely.
     */
    String wholePeriod(CheckContext c) {
      return query(c, first.minus(Fixtures.AROUND), last.plus(Fixtures.AROUND));
    }
  }

  /** Makes the profile's number of payments once per run (several pages' worth). */
  static Made payments(CheckContext c) {
    int count =
        c.need(
            c.profile().paginationPayments(),
            "the profile says how many payments to page through " + "nowhere (paginationPayments)");
    return c.run()
        .shared(
            "pagination-payments",
            () -> {
              Fixtures f = new Fixtures(c);
              List<Callable<JsonNode>> makes = new ArrayList<>();
              for (int i = 0; i < count; i++) {
                String amount = "1." + (i % 100);
                makes.add(() -> f.pay(f.approvedPayment(amount, false)));
              }
              Map<String, Instant> created = new LinkedHashMap<>();
              JsonNode sample = null;
              try {
                for (JsonNode payment : c.run().parallel(makes)) {
                  sample = sample == null ? payment : sample;
                  created.put(
                      payment.path("id").asText(),
                      Json.timestamp(payment.path("created").asText()).toInstant());
                }
              } catch (RuntimeException e) {
                throw e;
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
              Instant first = created.values().stream().min(Instant::compareTo).orElseThrow();
              Instant last = created.values().stream().max(Instant::compareTo).orElseThrow();
              return new Made(created, first, last, sample);
            });
  }
}
