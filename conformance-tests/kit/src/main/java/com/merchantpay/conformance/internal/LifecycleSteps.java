package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.merchantpay.conformance.target.OpenPoint;
import java.math.BigDecimal;
import java.time.DateTimeException;
import java.util.List;
import java.util.Set;

/**
 * The steps the lifecycle checks share: the shape of a check, a partial capture, a refusal of a
 * move the state forbids, times written in UTC. It reads no file of the lifecycle family: {@link
 * LifecycleSuite} lists the topic files, and they read this one.
 */
final class LifecycleSteps {
  private LifecycleSteps() {}

  static final String SUITE = "lifecycle";

  /** Why a check that needs a partial capture is skipped on a target that refuses one. */
  static final String PARTIAL_CAPTURE_REFUSED =
      "the target refuses a capture of less than is held, a reading of an open point "
          + "(lifecycle.partial-capture-takes-less-than-held)";

  /**
   * Captures less than is held. The documents say a capture carries an amount but not that it may
   * be smaller than the hold: a target that refuses, with the documented error body, reads the
   * point otherwise (false is returned); one that accepts must have done it.
   */
  static boolean partialCapture(CheckContext c, String paymentId, String amount) {
    Exchange capture =
        c.v2().put(Paths.v2("capturePayment", paymentId), new Fixtures(c).capture(amount));
    if (capture.answered() && capture.status() / 100 == 4) {
      c.refused(capture);
      c.reading(OpenPoint.PARTIAL_CAPTURE, "refused", "with " + capture.errorCode(), capture);
      return false;
    }
    c.done(capture);
    c.reading(OpenPoint.PARTIAL_CAPTURE, "taken", capture);
    return true;
  }

  /**
   * How the answer shows the captured sum: our capturedAmount, the amount itself, or not at all.
   */
  static String capturedShown(JsonNode payment, String captured) {
    BigDecimal sum = new BigDecimal(captured);
    JsonNode ours = Json.at(payment, "capturedAmount.value");
    if (ours.isNumber() && ours.decimalValue().compareTo(sum) == 0) {
      return "capturedAmount";
    }
    JsonNode amount = Json.at(payment, "amount.value");
    return amount.isNumber() && amount.decimalValue().compareTo(sum) == 0 ? "amount" : "not shown";
  }

  /**
   * A refusal of an operation the payment's state does not allow: refused; code and status are
   * readings.
   */
  static void wrongState(CheckContext c, Exchange exchange) {
    // The documents fix no code for a request the resource's state does not allow, but the error
    // table's meanings leave two that fit: invalid_operation (request rejected, ours) and
    // validation_error; not_authorized, a key violation or a token code would say something else.
    c.refusedWithOneOf(
        exchange,
        List.of("invalid_operation", "validation_error"),
        OpenPoint.WRONG_STATE_CODE,
        OpenPoint.WRONG_STATE_STATUS);
  }

  static void stays(CheckContext c, String paymentId, String status) {
    Exchange read = c.v2().get(Paths.v2("getPayment", paymentId));
    c.expect(
        status.equals(c.ok(read).path("status").asText()),
        "the payment still " + status + ", nothing changed",
        read::summary,
        read);
  }

  /**
   * The payment's timestamps, in its creation answer and as read, are in UTC, and its invoice
   * expires at the moment sent, however the request wrote it.
   */
  static void utcEchoed(CheckContext c, Exchange created, java.time.Instant sent) {
    JsonNode payment = c.ok(created);
    Exchange read = c.v2().get(Paths.v2("getPayment", payment.path("id").asText()));
    for (Exchange exchange : List.of(created, read)) {
      JsonNode view = c.ok(exchange);
      for (String member : List.of("created", "completed", "invoice.expires")) {
        JsonNode value = Json.at(view, member);
        if (value.isTextual()) {
          c.expect(
              isUtc(value.asText()),
              member + " in UTC",
              () -> member + " = " + value.asText(),
              exchange);
        }
      }
      JsonNode expires = Json.at(view, "invoice.expires");
      c.expect(
          expires.isTextual()
              && isTimestamp(expires.asText())
              && Json.instant(expires.asText()).equals(sent),
          "invoice.expires the same moment as sent, " + sent,
          () -> "invoice.expires = " + expires,
          exchange);
    }
  }

  /**
   * A refund or receipt just created: answered, and Pending, or Success already when the target
   * settles at once.
   */
  static JsonNode pendingOrSettled(CheckContext c, Exchange created) {
    JsonNode resource = c.ok(created);
    c.expect(
        Set.of("Pending", "Success").contains(resource.path("status").asText()),
        "status Pending or Success",
        created::summary,
        created);
    return resource;
  }

  static boolean isUtc(String timestamp) {
    try {
      return Json.timestamp(timestamp).getOffset().getTotalSeconds() == 0;
    } catch (DateTimeException e) {
      return false;
    }
  }

  static boolean isTimestamp(String text) {
    try {
      Json.timestamp(text);
      return true;
    } catch (DateTimeException e) {
      return false;
    }
  }

  static String digits(String text) {
    return text.replaceAll("[^0-9]", "");
  }

  static JsonNode find(JsonNode items, String id) {
    for (JsonNode item : items) {
      if (id.equals(item.path("id").asText())) {
        return item;
      }
    }
    return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
  }

  static Check check(String name, String title, String rule, List<Tag> tags, Check.Body body) {
    return Check.of(SUITE, name, title, rule, tags, body);
  }

  static Check check(String name, String title, OpenPoint point, List<Tag> tags, Check.Body body) {
    return Check.of(SUITE, name, title, point, tags, body);
  }
}
