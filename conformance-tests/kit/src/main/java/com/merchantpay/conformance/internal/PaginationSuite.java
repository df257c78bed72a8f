package com.merchantpay.conformance.internal;

import static com.merchantpay.conformance.internal.PagedPayments.payments;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.conformance.internal.PagedPayments.Made;
import com.merchantpay.conformance.target.OpenPoint;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * Lists page by page: every item of the period once, no gaps and no repeats across pages, the
 * cursor gone on the last page, the period and the merchant respected, the documented order kept.
 */
final class PaginationSuite {
  private static final String SUITE = "pagination";

  private PaginationSuite() {}

  /** The rules every check of this suite judges besides its own, by the interface it calls. */
  private static final Map<String, List<String>> EVERY_CHECK_JUDGES = Map.of();

  static List<Check> checks() {
    return Check.judgingEvery(declared(), EVERY_CHECK_JUDGES);
  }

  private static List<Check> declared() {
    List<Check> checks = new ArrayList<>();
    checks.add(
        Check.of(
                SUITE,
                "every-item-once-across-pages",
                "Following the cursor to the end yields every payment of the period once: no gaps, no repeats",
                "v2.general.cursor",
                List.of(),
                PaginationSuite::everyItemOnceAcrossPages)
            .alone(Alone.LISTS_A_PERIOD));
    checks.add(
        Check.of(
                SUITE,
                "the-cursor-leads-to-further-pages",
                "A list longer than a page comes in several pages, each cursor leading to the next",
                "v2.general.cursor",
                List.of(),
                PaginationSuite::theCursorLeadsToFurtherPages)
            .alone(Alone.LISTS_A_PERIOD));
    checks.add(
        Check.of(
                SUITE,
                "items-come-in-created-order",
                "Items come in ascending created order, ties broken by id, across pages",
                OpenPoint.ORDER,
                List.of(),
                PaginationSuite::itemsComeInCreatedOrder)
            .alone(Alone.LISTS_A_PERIOD));
    checks.add(
        Check.of(
                SUITE,
                "the-period-bounds-hold",
                "A period lists every payment created inside it and none from outside; whether its bounds are included is "
                    + "read",
                "v2.op.list-period",
                List.of(),
                PaginationSuite::thePeriodBoundsHold)
            .alone(Alone.LISTS_A_PERIOD));
    checks.add(
        Check.of(
            SUITE,
            "start-and-end-restrict-the-list",
            "A payment is listed in a period around its creation and in none before or after it",
            "v2.op.list-period",
            List.of(),
            PaginationSuite::startAndEndRestrictTheList));
    checks.add(
        Check.of(
            SUITE,
            "start-and-end-restrict-the-refund-list",
            "A refund is listed in a period around its creation and in none just before or after it",
            "v2.op.list-period",
            List.of(Tag.REFUNDS),
            PaginationSuite::startAndEndRestrictTheRefundList));
    checks.add(
        Check.of(
                SUITE,
                "only-the-merchants-own-items",
                "A list names only payments of the merchant it was asked for, each with the members of a list item",
                "v2.op.listPayments",
                List.of(),
                PaginationSuite::onlyTheMerchantsOwnItems)
            .judging("v2.payment.list-item")
            .alone(Alone.LISTS_A_PERIOD));
    checks.add(
        Check.of(
                SUITE,
                "refunds-page-the-same-way",
                "Refunds listed page by page include every refund made in the period once",
                "v2.general.cursor",
                List.of(Tag.REFUNDS),
                PaginationSuite::refundsPageTheSameWay)
            .judging("v2.refund.list-item", "v2.op.listRefunds")
            .alone(Alone.LISTS_A_PERIOD));
    return checks;
  }

  /**
   * Whether the payments made exactly at the bound came back: the bound read as inclusive or
   * exclusive.
   */
  /**
   * Whether a bound at the shown creation time of some payments lists them. Only one outcome of
   * each bound is certain: a target may keep times more finely than it shows them, so a payment
   * shown at 12:00:00.123 may have been made at 12:00:00.123456. An end there that lists it is
   * inclusive, and a start there that leaves it out is exclusive, whatever the target keeps; the
   * other outcome fits both readings.
   */
  private static String bound(Made made, Instant at, Set<String> listed, boolean start) {
    boolean any = false;
    for (Map.Entry<String, Instant> entry : made.created().entrySet()) {
      if (entry.getValue().equals(at)) {
        any |= listed.contains(entry.getKey());
      }
    }
    if (start) {
      return any ? OpenPoint.UNDETERMINED : "exclusive";
    }
    return any ? "inclusive" : OpenPoint.UNDETERMINED;
  }

  private static Instant created(JsonNode item) {
    return Json.timestamp(item.path("created").asText()).toInstant();
  }

  /** Runs {@code pagination.every-item-once-across-pages}. */
  private static void everyItemOnceAcrossPages(CheckContext c) throws Exception {
    Made made = payments(c);
    List<Pages.Page> pages = Pages.pages(c, made.wholePeriod(c));
    Map<String, Integer> seen = new HashMap<>();
    pages.forEach(p -> p.items().forEach(i -> seen.merge(i.path("id").asText(), 1, Integer::sum)));
    Exchange last = pages.get(pages.size() - 1).exchange();
    List<String> repeated =
        seen.entrySet().stream().filter(e -> e.getValue() > 1).map(Map.Entry::getKey).toList();
    c.expect(repeated.isEmpty(), "no item on two pages", () -> "repeated: " + repeated, last);
    List<String> missing =
        made.created().keySet().stream().filter(id -> !seen.containsKey(id)).toList();
    c.expect(
        missing.isEmpty(),
        "all " + made.created().size() + " payments made in the period",
        () -> missing.size() + " missing, e.g. " + missing.get(0),
        last);
  }

  /** Runs {@code pagination.the-cursor-leads-to-further-pages}. */
  private static void theCursorLeadsToFurtherPages(CheckContext c) throws Exception {
    Made made = payments(c);
    List<Pages.Page> pages = Pages.pages(c, made.wholePeriod(c));
    c.require(
        pages.size() > 1,
        "all "
            + made.created().size()
            + " payments came on one page; raise "
            + "paginationPayments above the page size to exercise the cursor");
    for (Pages.Page page : pages.subList(0, pages.size() - 1)) {
      c.expect(
          !page.items().isEmpty(),
          "items on every page that has a next one",
          page.exchange()::summary,
          page.exchange());
    }
  }

  /** Runs {@code pagination.items-come-in-created-order}. */
  private static void itemsComeInCreatedOrder(CheckContext c) throws Exception {
    Made made = payments(c);
    List<Pages.Page> pages = Pages.pages(c, made.wholePeriod(c));
    int ascending = 0;
    int descending = 0;
    JsonNode previous = null;
    for (Pages.Page page : pages) {
      for (JsonNode item : page.items()) {
        if (previous != null) {
          // Items created in the same instant may come in any order: the documents fix no
          // tie-break, so only times that differ tell the order.
          int order = created(previous).compareTo(created(item));
          ascending += order < 0 ? 1 : 0;
          descending += order > 0 ? 1 : 0;
        }
        previous = item;
      }
    }
    String order =
        ascending + descending == 0
            ? OpenPoint.UNDETERMINED
            : descending == 0 ? "ascending" : ascending == 0 ? "descending" : "unordered";
    c.reading(OpenPoint.ORDER, order, pages.get(0).exchange());
  }

  /** Runs {@code pagination.the-period-bounds-hold}. */
  private static void thePeriodBoundsHold(CheckContext c) throws Exception {
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
        Instant created = Json.timestamp(item.path("created").asText()).toInstant();
        c.expect(
            !created.isBefore(start) && !created.isAfter(end),
            "created in [" + start + ", " + end + "]",
            () -> item.path("id").asText() + " created " + created,
            page.exchange());
      }
    }
    List<String> inside =
        made.created().entrySet().stream()
            .filter(e -> e.getValue().isAfter(start) && e.getValue().isBefore(end))
            .map(Map.Entry::getKey)
            .toList();
    List<String> missing = inside.stream().filter(id -> !listed.contains(id)).toList();
    c.expect(
        missing.isEmpty(),
        inside.size() + " payments created inside the period",
        () -> "missing " + missing,
        pages.get(0).exchange());
    c.reading(OpenPoint.START_BOUND, bound(made, start, listed, true), pages.get(0).exchange());
    c.reading(OpenPoint.END_BOUND, bound(made, end, listed, false), pages.get(0).exchange());
  }

  /** Runs {@code pagination.start-and-end-restrict-the-list}. */
  private static void startAndEndRestrictTheList(CheckContext c) throws Exception {
    JsonNode payment = new Fixtures(c).settledPayment("3");
    String id = payment.path("id").asText();
    Instant created = Json.timestamp(payment.path("created").asText()).toInstant();
    String merchant =
        Paths.v2("listPayments") + "?merchantId=" + Fixtures.encode(c.target().merchantId());
    Pages.find(c, merchant + "&" + Fixtures.period(payment.path("created").asText()), id);
    // Periods of a few seconds just before and just after it: narrow, so that a busy
    // target's other payments do not make the lists long, and clear of the creation time
    // even when the target shows it cut to the second.
    for (Instant from :
        List.of(created.minus(Fixtures.AROUND.multipliedBy(2)), created.plus(Fixtures.AROUND))) {
      Instant to = from.plus(Fixtures.AROUND);
      List<Pages.Page> pages = Pages.pages(c, merchant + "&" + Fixtures.period(from, to));
      for (Pages.Page page : pages) {
        c.expect(
            page.items().stream().noneMatch(i -> id.equals(i.path("id").asText())),
            "payment " + id + " (created " + created + ") not listed for " + from + " to " + to,
            page.exchange()::summary,
            page.exchange());
      }
    }
  }

  /** Runs {@code pagination.start-and-end-restrict-the-refund-list}. */
  private static void startAndEndRestrictTheRefundList(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    JsonNode payment = f.settledPayment("4");
    JsonNode refund =
        c.ok(c.v2().post(Paths.v2("createRefund"), f.refund(payment.path("id").asText(), "1")));
    String id = refund.path("id").asText();
    Instant created = Json.timestamp(refund.path("created").asText()).toInstant();
    String merchant =
        Paths.v2("listRefunds") + "?merchantId=" + Fixtures.encode(c.target().merchantId());
    Pages.find(c, merchant + "&" + Fixtures.period(refund.path("created").asText()), id);
    for (Instant from :
        List.of(created.minus(Fixtures.AROUND.multipliedBy(2)), created.plus(Fixtures.AROUND))) {
      Instant to = from.plus(Fixtures.AROUND);
      for (Pages.Page page : Pages.pages(c, merchant + "&" + Fixtures.period(from, to))) {
        c.expect(
            page.items().stream().noneMatch(i -> id.equals(i.path("id").asText())),
            "refund " + id + " (created " + created + ") not listed for " + from + " to " + to,
            page.exchange()::summary,
            page.exchange());
      }
    }
  }

  /** Runs {@code pagination.only-the-merchants-own-items}. */
  private static void onlyTheMerchantsOwnItems(CheckContext c) throws Exception {
    Made made = payments(c);
    String period = made.wholePeriod(c);
    if (c.target().otherBearerToken() != null) {
      // Another merchant's payment inside the period, so a list that ignores its
      // filter shows it.
      ObjectNode foreign = new Fixtures(c).approvedPayment("1", false);
      foreign.put("merchantId", c.target().otherMerchantId());
      JsonNode made2 = c.ok(c.v2AsOtherMerchant().post(Paths.v2("createPayment"), foreign));
      period =
          made.query(
              c,
              made.first(),
              Json.timestamp(made2.path("created").asText()).toInstant().plusSeconds(1));
    }
    for (Pages.Page page : Pages.pages(c, period)) {
      for (JsonNode item : page.items()) {
        c.rule("v2.payment.list-item");
        c.present(
            page.exchange(),
            item,
            "id",
            "created",
            "status",
            "merchantId",
            "amount.value",
            "amount.currency");
        c.rule("v2.op.listPayments");
        c.expect(
            c.target().merchantId().equals(item.path("merchantId").asText()),
            "merchantId " + c.target().merchantId(),
            () -> item.path("id").asText() + " of " + item.path("merchantId").asText(),
            page.exchange());
      }
    }
  }

  /** Runs {@code pagination.refunds-page-the-same-way}. */
  private static void refundsPageTheSameWay(CheckContext c) throws Exception {
    int count =
        Math.max(
            2,
            c.need(c.profile().paginationPayments(), "the profile sets no paginationPayments") / 2);
    Fixtures f = new Fixtures(c);
    // One refund on each of several payments: refunds of one payment would have to wait for each
    // other (a target may take one at a time), those of different payments need not.
    List<Callable<JsonNode[]>> makes = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      makes.add(
          () -> {
            JsonNode payment = f.settledPayment("2");
            JsonNode refund =
                c.ok(
                    c.v2()
                        .post(
                            Paths.v2("createRefund"), f.refund(payment.path("id").asText(), "1")));
            return new JsonNode[] {payment, refund};
          });
    }
    Set<String> made = new HashSet<>();
    Instant first = null;
    Instant last = null;
    for (JsonNode[] pair : c.run().parallel(makes)) {
      made.add(pair[1].path("id").asText());
      Instant paid = Json.timestamp(pair[0].path("created").asText()).toInstant();
      Instant refunded = Json.timestamp(pair[1].path("created").asText()).toInstant();
      first = first == null || paid.isBefore(first) ? paid : first;
      last = last == null || refunded.isAfter(last) ? refunded : last;
    }
    // From the first payment's creation to the last refund's, a few seconds either side:
    // the refunds made, and no busy target's whole day of them.
    List<JsonNode> items =
        Pages.all(
            c,
            Paths.v2("listRefunds")
                + "?merchantId="
                + Fixtures.encode(c.target().merchantId())
                + "&"
                + Fixtures.period(first.minus(Fixtures.AROUND), last.plus(Fixtures.AROUND)));
    Map<String, Integer> seen = new HashMap<>();
    items.forEach(i -> seen.merge(i.path("id").asText(), 1, Integer::sum));
    c.rule("v2.refund.list-item");
    for (JsonNode item : items) {
      c.present(null, item, "id", "created", "paymentId", "amount.value", "status");
    }
    c.rule("v2.general.cursor");
    long missing = made.stream().filter(id -> !seen.containsKey(id)).count();
    long repeated = seen.values().stream().filter(n -> n > 1).count();
    c.expect(
        missing == 0 && repeated == 0,
        "all " + count + " refunds once",
        () -> missing + " missing, " + repeated + " repeated",
        null);
  }
}
