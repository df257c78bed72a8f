package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Lists page by page: every item of the period once, no gaps and no repeats across pages, the cursor
 * gone on the last page, the period and the merchant respected, the documented order kept.
 */
final class PaginationSuite {
  private static final String SUITE = "pagination";
  private static final Rule PAGES = Rule.v2("General rules, rule 4 and Limits, rule 1",
      "lists are loaded page by page; the client repeats the request with cursor until none comes back");

  private PaginationSuite() {}

  /** The payments the suite made, by id with their creation time, and the period that holds them all. */
  record Made(Map<String, Instant> created, Instant first, Instant last) {
    String query(CheckContext c, Instant start, Instant end) {
      return "/api/v2/payments?merchantId=" + Fixtures.encode(c.target().merchantId()) + "&start="
          + Fixtures.encode(start.toString()) + "&end=" + Fixtures.encode(end.toString());
    }

    String wholePeriod(CheckContext c) {
      return query(c, first, last.plusMillis(1));
    }
  }

  /** Makes the profile's number of payments once per run (several pages' worth). */
  static Made payments(CheckContext c) {
    int count = c.need(c.profile().paginationPayments(), "the profile says how many payments to page through "
        + "nowhere (paginationPayments)");
    return c.run().shared("pagination-payments", () -> {
      Fixtures f = new Fixtures(c);
      Map<String, Instant> created = new LinkedHashMap<>();
      for (int i = 0; i < count; i++) {
        JsonNode payment = f.pay(f.approvedPayment("1." + (i % 100), false));
        created.put(payment.path("id").asText(), OffsetDateTime.parse(payment.path("created").asText()).toInstant());
      }
      Instant first = created.values().stream().min(Instant::compareTo).orElseThrow();
      Instant last = created.values().stream().max(Instant::compareTo).orElseThrow();
      return new Made(created, first, last);
    });
  }

  static List<Check> checks() {
    List<Check> checks = new ArrayList<>();
    checks.add(Check.of(SUITE, "every-item-once-across-pages",
        "Following the cursor to the end yields every payment of the period once: no gaps, no repeats", PAGES,
        List.of(), c -> {
          Made made = payments(c);
          List<Pages.Page> pages = Pages.pages(c, made.wholePeriod(c));
          Map<String, Integer> seen = new HashMap<>();
          pages.forEach(p -> p.items().forEach(i -> seen.merge(i.path("id").asText(), 1, Integer::sum)));
          Exchange last = pages.get(pages.size() - 1).exchange();
          List<String> repeated = seen.entrySet().stream().filter(e -> e.getValue() > 1).map(Map.Entry::getKey).toList();
          c.expect(repeated.isEmpty(), "no item on two pages", () -> "repeated: " + repeated, last);
          List<String> missing = made.created().keySet().stream().filter(id -> !seen.containsKey(id)).toList();
          c.expect(missing.isEmpty(), "all " + made.created().size() + " payments made in the period",
              () -> missing.size() + " missing, e.g. " + missing.get(0), last);
        }));
    checks.add(Check.of(SUITE, "the-cursor-leads-to-further-pages",
        "A list longer than a page comes in several pages, each cursor leading to the next", PAGES, List.of(), c -> {
          Made made = payments(c);
          List<Pages.Page> pages = Pages.pages(c, made.wholePeriod(c));
          c.require(pages.size() > 1, "all " + made.created().size() + " payments came on one page; raise "
              + "paginationPayments above the page size to exercise the cursor");
          for (Pages.Page page : pages.subList(0, pages.size() - 1)) {
            c.expect(!page.items().isEmpty(), "items on every page that has a next one", page.exchange()::summary,
                page.exchange());
          }
        }));
    checks.add(Check.of(SUITE, "items-come-in-created-order",
        "Items come in ascending created order, ties broken by id, across pages",
        Rule.v2Decision("Pagination", "items in ascending created order, ties broken by id"), List.of(), c -> {
          Made made = payments(c);
          List<Pages.Page> pages = Pages.pages(c, made.wholePeriod(c));
          JsonNode previous = null;
          for (Pages.Page page : pages) {
            for (JsonNode item : page.items()) {
              if (previous != null) {
                Instant before = OffsetDateTime.parse(previous.path("created").asText()).toInstant();
                Instant now = OffsetDateTime.parse(item.path("created").asText()).toInstant();
                boolean ordered = before.isBefore(now)
                    || (before.equals(now) && previous.path("id").asText().compareTo(item.path("id").asText()) < 0);
                JsonNode earlier = previous;
                c.expect(ordered, "ascending (created, id)", () -> earlier.path("id").asText() + " at "
                    + earlier.path("created").asText() + " before " + item.path("id").asText() + " at "
                    + item.path("created").asText(), page.exchange());
              }
              previous = item;
            }
          }
        }));
    checks.add(Check.of(SUITE, "the-period-is-start-inclusive-end-exclusive",
        "A period lists exactly the payments created at or after start and before end",
        Rule.v2Decision("PeriodStart and PeriodEnd", "start is inclusive, end exclusive"), List.of(), c -> {
          Made made = payments(c);
          List<Instant> times = made.created().values().stream().distinct().sorted().toList();
          c.require(times.size() >= 3, "the payments were all made within too few milliseconds to split");
          Instant start = times.get(1);
          Instant end = times.get(times.size() - 1);
          List<Pages.Page> pages = Pages.pages(c, made.query(c, start, end));
          Set<String> listed = new HashSet<>();
          for (Pages.Page page : pages) {
            for (JsonNode item : page.items()) {
              listed.add(item.path("id").asText());
              Instant created = OffsetDateTime.parse(item.path("created").asText()).toInstant();
              c.expect(!created.isBefore(start) && created.isBefore(end), "created in [" + start + ", " + end + ")",
                  () -> item.path("id").asText() + " created " + created, page.exchange());
            }
          }
          List<String> expected = made.created().entrySet().stream()
              .filter(e -> !e.getValue().isBefore(start) && e.getValue().isBefore(end)).map(Map.Entry::getKey).toList();
          List<String> missing = expected.stream().filter(id -> !listed.contains(id)).toList();
          c.expect(missing.isEmpty(), expected.size() + " payments of the period", () -> "missing " + missing,
              pages.get(0).exchange());
        }));
    checks.add(Check.of(SUITE, "only-the-merchants-own-items",
        "A list names only payments of the merchant it was asked for, each with the members of a list item",
        Rule.v2("Endpoints, row 7 and Payment list item", "the list takes the merchantId whose payments it lists; "
            + "an item has id, created, status, merchantId, amount"), List.of(), c -> {
          Made made = payments(c);
          String period = made.wholePeriod(c);
          if (c.target().otherBearerToken() != null) {
            // Another merchant's payment inside the period, so a list that ignores its filter shows it.
            ObjectNode foreign = new Fixtures(c).approvedPayment("1", false);
            foreign.put("merchantId", c.target().otherMerchantId());
            JsonNode made2 = c.ok(c.v2AsOtherMerchant().post("/api/v2/payments", foreign));
            period = made.query(c, made.first(), OffsetDateTime.parse(made2.path("created").asText()).toInstant()
                .plusSeconds(1));
          }
          for (Pages.Page page : Pages.pages(c, period)) {
            for (JsonNode item : page.items()) {
              c.present(page.exchange(), item, "id", "created", "status", "merchantId", "amount.value",
                  "amount.currency");
              c.expect(c.target().merchantId().equals(item.path("merchantId").asText()),
                  "merchantId " + c.target().merchantId(), () -> item.path("id").asText() + " of "
                      + item.path("merchantId").asText(), page.exchange());
            }
          }
        }));
    checks.add(Check.of(SUITE, "refunds-page-the-same-way",
        "Refunds listed page by page include every refund made in the period once", PAGES, List.of("refunds"), c -> {
          int count = Math.max(2, c.need(c.profile().paginationPayments(), "the profile sets no paginationPayments")
              / 2);
          Fixtures f = new Fixtures(c);
          JsonNode payment = f.settledPayment(Integer.toString(count));
          Set<String> made = new HashSet<>();
          for (int i = 0; i < count; i++) {
            made.add(c.ok(c.v2().post("/api/v2/refunds", f.refund(payment.path("id").asText(), "1"))).path("id")
                .asText());
          }
          Instant created = OffsetDateTime.parse(payment.path("created").asText()).toInstant();
          List<JsonNode> items = Pages.all(c, "/api/v2/refunds?merchantId=" + Fixtures.encode(c.target().merchantId())
              + "&start=" + Fixtures.encode(created.toString()) + "&end="
              + Fixtures.encode(created.plus(Duration.ofDays(1)).toString()));
          Map<String, Integer> seen = new HashMap<>();
          items.forEach(i -> seen.merge(i.path("id").asText(), 1, Integer::sum));
          long missing = made.stream().filter(id -> !seen.containsKey(id)).count();
          long repeated = seen.values().stream().filter(n -> n > 1).count();
          c.expect(missing == 0 && repeated == 0, "all " + count + " refunds once",
              () -> missing + " missing, " + repeated + " repeated", null);
        }));
    return checks;
  }
}
