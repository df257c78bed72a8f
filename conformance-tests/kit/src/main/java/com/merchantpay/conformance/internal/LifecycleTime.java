package com.merchantpay.conformance.internal;

import static com.merchantpay.conformance.internal.LifecycleSteps.check;
import static com.merchantpay.conformance.internal.LifecycleSteps.utcEchoed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.conformance.target.OpenPoint;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Lifecycle checks of time: UTC timestamps and invoice expiry. */
final class LifecycleTime {
  private LifecycleTime() {}

  static List<Check> time() {
    List<Check> checks = new ArrayList<>();
    checks.add(
        check(
            "timestamps-are-utc",
            "Every timestamp of a payment is written in UTC, echoed ones included",
            "v2.conv.timestamps",
            List.of(Tag.TIME),
            LifecycleTime::timestampsAreUtc));
    checks.add(
        check(
                "an-expired-invoice-is-not-paid",
                "An invoice left unpaid past its expiry ends, unpaid",
                OpenPoint.EXPIRED_INVOICE,
                List.of(Tag.TIME, Tag.CLOCK),
                LifecycleTime::anExpiredInvoiceIsNotPaid)
            .alone(Alone.MOVES_THE_CLOCK));
    return checks;
  }

  /** Runs {@code lifecycle.timestamps-are-utc}. */
  private static void timestampsAreUtc(CheckContext c) throws Exception {
    ObjectNode body = new Fixtures(c).approvedPayment("10", false);
    java.time.Instant expires = new Fixtures(c).expiresInAnHour();
    ((ObjectNode) body.path("invoice")).put("expires", expires.toString());
    utcEchoed(c, c.v2().post(Paths.v2("createPayment"), body), expires);
    // A request timestamp with another offset: the documents write timestamps in UTC, so
    // a target may refuse it; one it takes is the same moment, written in UTC.
    ObjectNode zoned = new Fixtures(c).approvedPayment("10", false);
    ((ObjectNode) zoned.path("invoice"))
        .put(
            "expires",
            expires
                .atOffset(java.time.ZoneOffset.ofHours(3))
                .format(java.time.format.DateTimeFormatter.ISO_OFFSET_DATE_TIME));
    Exchange offset = c.v2().post(Paths.v2("createPayment"), zoned);
    if (offset.answered() && offset.status() / 100 == 4) {
      c.rule("v2.errors.body");
      c.refused(offset);
      c.reading(OpenPoint.ZONED_TIMESTAMPS, "refused", offset);
    } else {
      c.reading(OpenPoint.ZONED_TIMESTAMPS, "accepted", offset);
      c.rule("v2.conv.timestamps");
      utcEchoed(c, offset, expires);
    }
  }

  /** Runs {@code lifecycle.an-expired-invoice-is-not-paid}. */
  private static void anExpiredInvoiceIsNotPaid(CheckContext c) throws Exception {
    JsonNode reference = new Fixtures(c).settledPayment("1");
    Instant now = Json.timestamp(reference.path("created").asText()).toInstant();
    ObjectNode body = new Fixtures(c).invoice("10");
    ((ObjectNode) body.path("invoice")).put("expires", now.plus(Fixtures.EXPIRES_SOON).toString());
    String id = c.ok(c.v2().post(Paths.v2("createInvoice"), body)).path("paymentId").asText();
    c.advanceClock(Fixtures.EXPIRES_SOON.multipliedBy(2));
    Exchange read = c.v2().get(Paths.v2("getPayment", id));
    c.reading(OpenPoint.EXPIRED_INVOICE, c.ok(read).path("status").asText(), read);
  }
}
