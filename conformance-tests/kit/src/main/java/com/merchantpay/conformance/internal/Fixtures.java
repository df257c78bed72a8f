package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.conformance.target.Profile;
import java.math.BigDecimal;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Request bodies and resources in a known state, made through the target's own v2 interface with
 * the profile's test data. Every call is recorded in the check that asks, so a failing set-up shows
 * its call.
 */
public final class Fixtures {
  /** The merchant page a payer comes back to; the kit never serves it. */
  static final String RETURN_URL = "https://shop.example.org/return";

  private final CheckContext context;

  public Fixtures(CheckContext context) {
    this.context = context;
  }

  private String merchant() {
    return context.need(context.target().merchantId(), "no merchant given (--merchant)");
  }

  public Profile.Card approvedCard() {
    return context.need(
        context.profile().approvedCard(), "the profile defines no approved card (approvedCard)");
  }

  // ---------------------------------------------------------------- bodies

  /** A card payment body with an order number unique to the run. */
  public ObjectNode cardPayment(
      String pan, String expiry, String cvc, String amount, boolean dualMode) {
    ObjectNode body = Json.object();
    body.put("merchantId", merchant());
    body.put("dualMode", dualMode);
    body.put("testMode", true);
    ObjectNode invoice = body.putObject("invoice");
    invoice.put("description", "Conformance check");
    invoice.put("orderNo", context.run().unique("kit-order"));
    body.set("amount", context.amount(amount));
    body.putObject("protocol").put("returnUrl", RETURN_URL);
    ObjectNode card =
        body.putObject("paymentData").put("paymentMethod", "bankcard").putObject("card");
    card.put("pan", pan);
    card.put("expiry", expiry == null ? "12/30" : expiry);
    if (cvc != null) {
      card.put("cvc", cvc);
    }
    return body;
  }

  public ObjectNode approvedPayment(String amount, boolean dualMode) {
    Profile.Card card = approvedCard();
    return cardPayment(card.pan(), card.expiry(), card.cvc(), amount, dualMode);
  }

  /** A payment body with a card that asks for the given confirmation step. */
  public ObjectNode confirmationPayment(String type, String amount) {
    Profile.Confirmation confirmation = confirmation(type);
    return cardPayment(
        confirmation.pan(), approvedCard().expiry(), approvedCard().cvc(), amount, false);
  }

  public Profile.Confirmation confirmation(String type) {
    return context.need(
        context.profile().confirmations().get(type),
        "the profile defines no card that asks for a "
            + type
            + " step (confirmations."
            + type
            + ")");
  }

  public ObjectNode tokenRequest(String pan, String callbackUrl) {
    ObjectNode body = Json.object();
    body.put("merchantId", merchant());
    body.put("testMode", true);
    body.put("type", "recurring");
    body.put("purpose", "Conformance check");
    ObjectNode card =
        body.putObject("paymentData").put("paymentMethod", "bankcard").putObject("card");
    card.put("pan", pan);
    card.put("expiry", approvedCard().expiry() == null ? "12/30" : approvedCard().expiry());
    ObjectNode protocol = body.putObject("protocol").put("returnUrl", RETURN_URL);
    if (callbackUrl != null) {
      protocol.put("callbackUrl", callbackUrl);
    }
    return body;
  }

  /**
   * An invoice of the amount with an order number unique to the run, a description and a return
   * page: what a service that asks for more than the documents require still takes.
   */
  public ObjectNode invoice(String amount) {
    ObjectNode body = Json.object();
    body.put("merchantId", merchant());
    body.set("amount", context.amount(amount));
    body.putObject("invoice")
        .put("orderNo", context.run().unique("kit-order"))
        .put("description", "Conformance check");
    body.putObject("protocol").put("returnUrl", RETURN_URL);
    return body;
  }

  public ObjectNode tokenPayment(String tokenId, String amount) {
    ObjectNode body = Json.object();
    body.put("merchantId", merchant());
    body.set("amount", context.amount(amount));
    body.putObject("invoice")
        .put("orderNo", context.run().unique("kit-order"))
        .put("description", "Conformance check");
    body.putObject("protocol").put("returnUrl", RETURN_URL);
    body.putObject("paymentData")
        .put("paymentMethod", "bankcard")
        .putObject("token")
        .put("id", tokenId);
    return body;
  }

  public ObjectNode refund(String paymentId, String amount) {
    ObjectNode body = Json.object();
    body.put("paymentId", paymentId);
    body.set("amount", context.amount(amount));
    return body;
  }

  public ObjectNode receipt(String paymentId, String amount) {
    ObjectNode body = Json.object();
    body.put("paymentId", paymentId);
    body.set("amount", context.amount(amount));
    body.put("type", "Payment");
    body.putObject("client").put("email", "buyer@example.org");
    ArrayNode items = body.putArray("items");
    items
        .addObject()
        .put("name", "Conformance item")
        .put("quantity", 1)
        .put("price", new BigDecimal(amount))
        .put("measure", "Piece")
        .put("vatType", "Vat22")
        .put("paymentSubject", "Commodity")
        .put("paymentMethod", "FullPayment");
    body.putObject("settlements").put("cashless", new BigDecimal(amount));
    return body;
  }

  public ObjectNode sticker(boolean cashlink, String amount, String callbackUrl) {
    ObjectNode body = Json.object();
    body.put("merchantId", merchant());
    body.put("stickerType", "Sbp");
    body.put("cashlink", cashlink);
    body.put("description", "Conformance sticker");
    body.put("productCode", context.run().unique("kit-product"));
    body.put("paymentPurpose", "Conformance check");
    if (amount != null) {
      body.set("amount", context.amount(amount));
    }
    if (callbackUrl != null) {
      body.put("callbackUrl", callbackUrl);
    }
    return body;
  }

  // ---------------------------------------------------------------- resources

  /** A payment as it was last shown: the answer that showed it and its body. */
  public record Made(Exchange shown, JsonNode payment) {}

  /** Creates a payment and returns the answer, failing the check unless it is a 2xx. */
  public JsonNode pay(ObjectNode body) {
    return context.ok(context.v2().post("/api/v2/payments", body));
  }

  /**
   * Creates a payment and returns it once it has left {@code Pending}: an implementation may answer
   * a creation with {@code Pending} (the document has the status), and the payment is then read
   * until its outcome shows.
   */
  public Made created(ObjectNode body) {
    Exchange created = context.v2().post("/api/v2/payments", body);
    JsonNode payment = context.ok(created);
    if ("Pending".equals(payment.path("status").asText())) {
      Exchange read = settled(payment.path("id").asText());
      return new Made(read, read.json());
    }
    return new Made(created, payment);
  }

  /**
   * A payment in the given status, made with the approved card; {@code Pending} is waited through.
   */
  public JsonNode payment(String amount, boolean dualMode, String expectedStatus) {
    Made made = created(approvedPayment(amount, dualMode));
    context.member(made.shown(), made.payment(), "status", expectedStatus);
    return made.payment();
  }

  /**
   * Reads the payment until its status is no longer {@code Pending}, within the profile's {@code
   * settles.payment} (10 s when not given) and the run's budget; returns the last read.
   */
  public Exchange settled(String paymentId) {
    Duration within = context.profile().settlesAfter("payment").orElse(Duration.ofSeconds(10));
    long deadline = System.nanoTime() + within.toNanos();
    while (true) {
      Exchange read = context.v2().get("/api/v2/payments/" + encode(paymentId));
      JsonNode payment = context.ok(read);
      if (!"Pending".equals(payment.path("status").asText()) || System.nanoTime() > deadline) {
        return read;
      }
      try {
        context.pause(Duration.ofMillis(200));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return read;
      }
    }
  }

  public JsonNode settledPayment(String amount) {
    return payment(amount, false, "Settled");
  }

  public JsonNode heldPayment(String amount) {
    return payment(amount, true, "Authorized");
  }

  public JsonNode get(String path) {
    return context.ok(context.v2().get(path));
  }

  /** Passes the payer's part of an External step on its paymentUrl, as the profile says. */
  public Exchange approveExternal(String paymentUrl) {
    Profile.HttpStep step =
        context.need(
            context.profile().externalApproval(),
            "the profile does not say how a payer approves an External step (externalApproval)");
    Exchange approved =
        context.browser(
            step.method() == null ? "POST" : step.method(),
            paymentUrl,
            step.contentType(),
            step.body());
    context.expect(
        approved.answered() && approved.status() < 400,
        "the External step's page to accept the approval",
        approved::summary,
        approved);
    return approved;
  }

  /** A payment token made from the card and made Active through complete (or its page). */
  public JsonNode activeToken(String pan, String callbackUrl) {
    Exchange created = context.v2().post("/api/v2/paymenttokens", tokenRequest(pan, callbackUrl));
    JsonNode token = context.ok(created);
    if ("Active".equals(token.path("status").asText())) {
      return token; // a target that needs no confirmation for this card
    }
    String id = token.path("id").asText();
    Profile.Answers answers = context.profile().tokenConfirmation();
    Exchange done;
    if (answers != null && answers.answer() != null) {
      done =
          context
              .v2()
              .put(
                  "/api/v2/paymenttokens/" + encode(id) + "/complete",
                  Json.MAPPER.valueToTree(answers.answer()));
    } else {
      approveExternal(
          context.need(
              token.path("confirmation").path("paymentUrl").textValue(),
              "the token came without a confirmation.paymentUrl to approve it on"));
      done = context.v2().get("/api/v2/paymenttokens/" + encode(id));
    }
    JsonNode active = context.ok(done);
    context.member(done, active, "status", "Active");
    return active;
  }

  /** The listing period that surely holds a resource created at this time: a day around it. */
  public static String period(String created) {
    OffsetDateTime at = OffsetDateTime.parse(created);
    return "start="
        + encode(at.minus(Duration.ofDays(1)).toInstant().toString())
        + "&end="
        + encode(at.plus(Duration.ofDays(1)).toInstant().toString());
  }

  public static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }

  /** The values of a query as a map, in order. */
  public static Map<String, String> values(String... pairs) {
    Map<String, String> map = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      map.put(pairs[i], pairs[i + 1]);
    }
    return map;
  }
}
