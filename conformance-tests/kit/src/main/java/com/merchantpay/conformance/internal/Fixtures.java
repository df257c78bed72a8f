package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.conformance.target.OpenPoint;
import com.merchantpay.conformance.target.Profile;
import java.math.BigDecimal;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Valid requests and resources in a known state, made through the target's own v2 interface with
 * the profile's test data. A request is built from what the v2 document shows for its operation:
 * members the operation's row lists, filled with values the document shows or ordinary ones (money
 * with two fraction digits, a card with its security code, timestamps in UTC), never a member or a
 * value only our spec accepts; the profile's {@code requestMembers} are merged in. Every call is
 * recorded in the check that asks, so a failing set-up shows its call.
 */
final class Fixtures {
  /** The merchant page a payer comes back to; the kit never serves it. */
  static final String RETURN_URL = "https://shop.example.org/return";

  /** The merchant page a 3-D Secure challenge returns to; the kit never serves it. */
  static final String THREE_DS_COMPLETE_URL = "https://shop.example.org/3ds-complete";

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
    return payment(card(pan, expiry, cvc), amount, dualMode);
  }

  /**
   * A payment body paying with this payment data: merchant, both mode flags, invoice details with
   * an order number unique to the run, the amount, the return pages and who pays.
   */
  public ObjectNode payment(JsonNode paymentData, String amount, boolean dualMode) {
    ObjectNode body = Json.object();
    body.put("merchantId", merchant());
    body.put("dualMode", dualMode);
    body.put("testMode", true);
    invoiceDetails(body);
    body.set("amount", context.amount(amount));
    body.set("paymentData", paymentData.deepCopy());
    body.putObject("protocol")
        .put("returnUrl", RETURN_URL)
        .put("threeDSCompleteUrl", THREE_DS_COMPLETE_URL);
    body.putObject("customer").put("email", "buyer@example.org").put("ip", "203.0.113.24");
    return withProfileMembers("createPayment", body);
  }

  /** Payment data of a bank card; the approved card's expiry when none is given. */
  public ObjectNode card(String pan, String expiry, String cvc) {
    ObjectNode data = Json.object().put("paymentMethod", "bankcard");
    ObjectNode card = data.putObject("card");
    card.put("pan", pan);
    String cardExpiry =
        expiry != null
            ? expiry
            : context.profile().approvedCard() == null
                ? null
                : context.profile().approvedCard().expiry();
    card.put("expiry", cardExpiry == null ? "12/30" : cardExpiry);
    if (cvc != null) {
      card.put("cvc", cvc);
    }
    return data;
  }

  /** The payment data of the approved card. */
  public ObjectNode approvedCardData() {
    Profile.Card card = approvedCard();
    return card(card.pan(), card.expiry(), card.cvc());
  }

  /**
   * The payment data of a test instrument the profile names as a card or as payment data of its
   * own; a card comes with the approved card's expiry and security code.
   */
  public JsonNode instrument(String pan, JsonNode paymentData) {
    if (paymentData != null) {
      return paymentData;
    }
    Profile.Card approved = context.profile().approvedCard();
    return card(
        pan,
        approved == null ? null : approved.expiry(),
        approved == null ? "123" : approved.cvc());
  }

  public ObjectNode approvedPayment(String amount, boolean dualMode) {
    return payment(approvedCardData(), amount, dualMode);
  }

  /** A payment body with the instrument that asks for the given confirmation step. */
  public ObjectNode confirmationPayment(String type, String amount) {
    return confirmationPayment(type, amount, false);
  }

  /** A payment body with the instrument that asks for the given step, held when dualMode. */
  public ObjectNode confirmationPayment(String type, String amount, boolean dualMode) {
    Profile.Confirmation confirmation = confirmation(type);
    return payment(instrument(confirmation.pan(), confirmation.paymentData()), amount, dualMode);
  }

  /**
   * A payment after its confirmation steps were passed: its last read or answer, and the last
   * complete body sent (null where the payer passed every step on a page).
   */
  public record Passed(Exchange last, JsonNode payment, ObjectNode lastAnswer) {}

  /**
   * Passes each confirmation step a payment asks for in turn, as the profile says (steps may come
   * one after another, each with its own type): a complete with the passing answer, or the payer's
   * approval on the External step's page. Waits out Pending after each.
   *
   * @param asked the payment as it asks for its first step
   * @param askedBy the exchange that showed it so
   * @param type the type of the first step
   */
  public Passed passConfirmations(String id, JsonNode asked, Exchange askedBy, String type) {
    Profile.Confirmation confirmation = confirmation(type);
    JsonNode current = asked;
    Exchange after = askedBy;
    ObjectNode sent = null;
    for (int step = 0; step < 5 && "Confirmation".equals(current.path("status").asText()); step++) {
      String stepType = current.path("confirmation").path("type").asText();
      if (stepType.equals("External")) {
        approveExternal(
            context.need(
                current.path("confirmation").path("paymentUrl").textValue(),
                "the External step came without a paymentUrl"));
        after = settled(id);
      } else {
        Profile.Confirmation next = stepType.equals(type) ? confirmation : confirmation(stepType);
        sent =
            context.need(
                passingAnswer(next, current),
                "the profile gives no answer for a " + stepType + " step");
        after = context.v2().put(Paths.v2("completePayment", id), sent);
      }
      current = context.ok(after);
      if ("Pending".equals(current.path("status").asText())) {
        after = settled(id);
        current = context.ok(after);
      }
    }
    return new Passed(after, current, sent);
  }

  /** The statuses of a payment that holds or took money. */
  static final Set<String> PAID = Set.of("Settled", "Authorized");

  /** What a failing answer to a payment's step came to: its answer, and the status read after. */
  public record FailedStep(Exchange answer, String statusAfter) {}

  /**
   * Answers a payment's step with a failing answer. The answer must be the payment or a refusal
   * (which the documents leave open), and the payment, read once settled, must not be paid.
   */
  public FailedStep failConfirmation(String paymentId, Map<String, String> failingAnswer) {
    Exchange done =
        context
            .v2()
            .put(Paths.v2("completePayment", paymentId), Json.MAPPER.valueToTree(failingAnswer));
    context.expect(
        done.answered() && (done.status() / 100 == 2 || done.status() / 100 == 4),
        "the payment answered, or the failing answer refused",
        done::summary,
        done);
    Exchange read = settled(paymentId);
    String now = context.ok(read).path("status").asText();
    context.expect(
        !PAID.contains(now),
        "the payment not approved by a failing answer",
        () -> "status " + now,
        read);
    return new FailedStep(done, now);
  }

  public Profile.Confirmation confirmation(String type) {
    return context.need(
        context.profile().confirmations().get(type),
        "the profile defines no instrument that asks for a "
            + type
            + " step (confirmations."
            + type
            + ")");
  }

  /**
   * The complete body that passes a confirmation step of a payment: the profile's answer, with each
   * {name} filled from the step's confirmation object and what the payer's browser took on the
   * step's page where the profile says how ({@code answerFrom}); null when the profile gives
   * neither.
   *
   * @param resource the payment as it asks for the step, its {@code confirmation} among its members
   */
  public ObjectNode passingAnswer(Profile.Confirmation confirmation, JsonNode resource) {
    return confirmation == null
        ? null
        : answer(
            confirmation.answer(),
            confirmation.answerFrom(),
            resource,
            confirmation.pan(),
            confirmation.paymentData());
  }

  /** The complete body that passes a payment token's step, as {@link #passingAnswer} does. */
  public ObjectNode passingTokenAnswer(JsonNode token) {
    Profile.Answers answers = context.profile().tokenConfirmation();
    return answers == null
        ? null
        : answer(answers.answer(), answers.answerFrom(), token, approvedCard().pan(), null);
  }

  private ObjectNode answer(
      Map<String, String> answer,
      Profile.HttpStep from,
      JsonNode resource,
      String pan,
      JsonNode paymentData) {
    if (answer == null && from == null) {
      return null;
    }
    Map<String, String> values = new LinkedHashMap<>();
    Profile.Card card = context.profile().approvedCard();
    if (pan != null) {
      values.put("pan", pan);
      values.put("expiry", card == null || card.expiry() == null ? "12/30" : card.expiry());
      values.put("cvc", card == null || card.cvc() == null ? "" : card.cvc());
    }
    if (paymentData != null) {
      paymentData
          .properties()
          .forEach(
              member -> {
                if (member.getValue().isValueNode()) {
                  values.put(member.getKey(), member.getValue().asText());
                }
              });
    }
    values.put("id", resource.path("id").asText());
    resource
        .path("confirmation")
        .properties()
        .forEach(
            member -> {
              if (member.getValue().isValueNode()) {
                values.put(member.getKey(), member.getValue().asText());
              }
            });
    PayerPages pages = new PayerPages(context, "answerFrom");
    Map<String, String> known = values;
    List<String> taken = new ArrayList<>();
    if (from != null) {
      String page =
          values.containsKey("acsUrl")
              ? "{acsUrl}"
              : values.containsKey("methodUrl") ? "{methodUrl}" : "{paymentUrl}";
      known = pages.walk(from, values, page).values();
      collectTaken(from, taken);
    }
    ObjectNode body = Json.object();
    if (answer == null) {
      for (String name : taken) {
        body.put(name, known.get(name));
      }
    } else {
      for (Map.Entry<String, String> member : answer.entrySet()) {
        body.put(member.getKey(), pages.fill(member.getValue(), known, false));
      }
    }
    return body;
  }

  private static void collectTaken(Profile.HttpStep step, List<String> names) {
    names.addAll(step.take().keySet());
    step.then().forEach(next -> collectTaken(next, names));
  }

  /**
   * A payment token request for the card: the token type operation 12 shows ({@code recurring}), a
   * purpose, the card with its expiry and security code, the return pages and the customer.
   */
  public ObjectNode tokenRequest(String pan, String callbackUrl) {
    ObjectNode body = Json.object();
    body.put("merchantId", merchant());
    body.put("testMode", true);
    body.put("type", "recurring");
    body.put("purpose", "Conformance check");
    Profile.Card approved = approvedCard();
    body.set(
        "paymentData",
        card(pan, approved.expiry(), approved.cvc() == null ? "123" : approved.cvc()));
    ObjectNode protocol =
        body.putObject("protocol")
            .put("returnUrl", RETURN_URL)
            .put("threeDSCompleteUrl", THREE_DS_COMPLETE_URL);
    if (callbackUrl != null) {
      protocol.put("callbackUrl", callbackUrl);
    }
    body.putObject("customer").put("email", "buyer@example.org").put("account", "customer-1");
    return withProfileMembers("createPaymentToken", body);
  }

  /**
   * A tokenization request: the token type operation 11 shows ({@code recurring}), a purpose unique
   * to the run, the card method and the return page.
   */
  public ObjectNode tokenization() {
    ObjectNode body = Json.object();
    body.put("merchantId", merchant());
    body.put("testMode", true);
    body.put("type", "recurring");
    body.put("purpose", context.run().unique("kit-purpose"));
    body.put("paymentMethod", "bankcard");
    body.put("returnUrl", "https://shop.example.org/cards");
    body.putObject("customer").put("email", "buyer@example.org").put("account", "customer-1");
    return withProfileMembers("startTokenization", body);
  }

  /**
   * An invoice of the amount with an order number unique to the run, a description and a return
   * page: what a service that asks for more than the documents require still takes.
   */
  public ObjectNode invoice(String amount) {
    ObjectNode body = Json.object();
    body.put("merchantId", merchant());
    body.put("dualMode", false);
    body.put("testMode", true);
    invoiceDetails(body);
    body.set("amount", context.amount(amount));
    body.putObject("protocol").put("returnUrl", RETURN_URL);
    body.putObject("customer").put("email", "buyer@example.org");
    return withProfileMembers("createInvoice", body);
  }

  public ObjectNode tokenPayment(String tokenId, String amount) {
    ObjectNode data = Json.object().put("paymentMethod", "bankcard");
    data.putObject("token").put("id", tokenId);
    return payment(data, amount, false);
  }

  public ObjectNode refund(String paymentId, String amount) {
    ObjectNode body = Json.object();
    body.put("paymentId", paymentId);
    body.set("amount", context.amount(amount));
    return withProfileMembers("createRefund", body);
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
    return withProfileMembers("createReceipt", body);
  }

  public ObjectNode sticker(boolean cashlink, String amount, String callbackUrl) {
    ObjectNode body = Json.object();
    body.put("merchantId", merchant());
    body.put("stickerType", "Sbp");
    body.put("cashlink", cashlink);
    body.put("description", "Conformance sticker");
    body.put("productCode", context.run().unique("kit-product"));
    body.put("paymentPurpose", "Conformance check");
    // Operation 19's row lists amount: a target may need one for any sticker.
    body.set("amount", context.amount(amount == null ? "10" : amount));
    if (callbackUrl != null) {
      body.put("callbackUrl", callbackUrl);
    }
    return withProfileMembers("createSticker", body);
  }

  /**
   * A cashlink sticker, registered. Whether one carries a fixed amount is the target's reading
   * ({@code v2.sticker.cashlink-amount}): the profile's, or else ours; a target that refuses the
   * sticker with its amount is given it once more without one, each payment then giving its own,
   * which it takes where that reading is its own (its refusal need not name the amount: the
   * documents do not say that errors name members).
   */
  public JsonNode cashlinkSticker(String amount, String callbackUrl) {
    String declared = context.profile().reading(OpenPoint.STICKER_CASHLINK_AMOUNT).orElse(null);
    ObjectNode body = sticker(true, amount, callbackUrl);
    if ("free".equals(declared)) {
      body.remove("amount");
      return context.ok(context.v2().post(Paths.v2("createSticker"), body));
    }
    Exchange fixed = context.v2().post(Paths.v2("createSticker"), body);
    if (declared == null && fixed.answered() && fixed.status() / 100 == 4) {
      body.remove("amount");
      Exchange free = context.v2().post(Paths.v2("createSticker"), body);
      if (free.answered() && free.status() / 100 == 2) {
        context.reading(OpenPoint.STICKER_CASHLINK_AMOUNT, "free", fixed.summary(), fixed);
        return context.ok(free);
      }
    }
    JsonNode sticker = context.ok(fixed);
    context.reading(OpenPoint.STICKER_CASHLINK_AMOUNT, "fixed", fixed);
    return sticker;
  }

  /** A capture of this amount. */
  public ObjectNode capture(String amount) {
    ObjectNode body = Json.object();
    body.set("amount", context.amount(amount));
    return withProfileMembers("capturePayment", body);
  }

  private void invoiceDetails(ObjectNode body) {
    body.putObject("invoice")
        .put("description", "Conformance check")
        .put("orderNo", context.run().unique("kit-order"));
  }

  /**
   * The body with the members the profile says the target needs for this operation merged in
   * ({@code requestMembers}); members of the body the profile also gives take the profile's value.
   */
  ObjectNode withProfileMembers(String operationId, ObjectNode body) {
    JsonNode members = context.profile().requestMembers().get(operationId);
    if (members != null) {
      merge(body, members);
    }
    return body;
  }

  private static void merge(ObjectNode into, JsonNode from) {
    from.properties()
        .forEach(
            member -> {
              JsonNode existing = into.get(member.getKey());
              if (existing instanceof ObjectNode object && member.getValue().isObject()) {
                merge(object, member.getValue());
              } else {
                into.set(member.getKey(), member.getValue().deepCopy());
              }
            });
  }

  // ---------------------------------------------------------------- resources

  /** A payment as it was last shown: the answer that showed it and its body. */
  public record Made(Exchange shown, JsonNode payment) {}

  /** Creates a payment and returns the answer, failing the check unless it is a 2xx. */
  public JsonNode pay(ObjectNode body) {
    return context.ok(context.v2().post(Paths.v2("createPayment"), body));
  }

  /**
   * Creates a payment and returns it once it has left {@code Pending}: an implementation may answer
   * a creation with {@code Pending} (the document has the status), and the payment is then read
   * until its outcome shows.
   */
  public Made created(ObjectNode body) {
    Exchange created = context.v2().post(Paths.v2("createPayment"), body);
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
      Exchange read = context.v2().get(Paths.v2("getPayment", paymentId));
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

  /**
   * Reads the payment token until its status is no longer {@code Created}, within the profile's
   * {@code settles.payment} (10 s when not given); returns the last read.
   */
  public Exchange settledToken(String tokenId) {
    Duration within = context.profile().settlesAfter("payment").orElse(Duration.ofSeconds(10));
    long deadline = System.nanoTime() + within.toNanos();
    while (true) {
      Exchange read = context.v2().get(Paths.v2("getPaymentToken", tokenId));
      JsonNode token = context.ok(read);
      if (!"Created".equals(token.path("status").asText()) || System.nanoTime() > deadline) {
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
    return payerStep(
        "externalApproval",
        "how a payer approves an External step",
        Json.object().put("paymentUrl", paymentUrl),
        null);
  }

  /**
   * Takes the payer's step of this name as the profile describes it, on the page the answer named.
   * Skips the check when the profile does not describe the step, or the page does not take it (a
   * 4xx or no answer): the documents describe no page.
   *
   * @param what what the step is, for the skip's reason
   * @param answer the answer that named the page: its members fill the step's templates
   * @param amount the amount a page asks the payer for, or null
   */
  public Exchange payerStep(String name, String what, JsonNode answer, String amount) {
    Profile.HttpStep step = payerStepOf(name, what);
    Map<String, String> values = payerValues(answer, amount);
    String page =
        values.containsKey("paymentUrl")
            ? "{paymentUrl}"
            : values.containsKey("url") ? "{url}" : "{payload}";
    return new PayerPages(context, name).walk(step, values, page).page();
  }

  /** Opens the page of a payer's step, as the payer's browser does before taking the step. */
  public Exchange openPayerPage(String url) {
    return new PayerPages(context, "opening").open(url);
  }

  /**
   * Takes the payer's step of this name on a page the payer opened earlier and kept open: its form
   * as that page showed it, submitted the way the profile describes.
   */
  public Exchange payerStepOnOpenedPage(String name, String what, Exchange opened) {
    return new PayerPages(context, name)
        .submitOn(opened, payerStepOf(name, what), payerValues(Json.object(), null));
  }

  private Profile.HttpStep payerStepOf(String name, String what) {
    return context.need(
        context.profile().payerStep(name).orElse(null),
        "the profile does not say " + what + " (payerSteps." + name + ")");
  }

  /** What a payer's step may name: the approved card, an amount, the answer's members. */
  private Map<String, String> payerValues(JsonNode answer, String amount) {
    Map<String, String> values = new LinkedHashMap<>();
    Profile.Card card = context.profile().approvedCard();
    if (card != null) {
      values.put("pan", card.pan());
      values.put("expiry", card.expiry() == null ? "12/30" : card.expiry());
      values.put("cvc", card.cvc() == null ? "" : card.cvc());
    }
    if (amount != null) {
      values.put("amount", amount);
    }
    answer
        .properties()
        .forEach(
            member -> {
              if (member.getValue().isValueNode()) {
                values.put(member.getKey(), member.getValue().asText());
              }
            });
    return values;
  }

  /**
   * The id of a payment token just made from the approved card, left in the status the target gave
   * it (Created, awaiting its step, on most).
   */
  public String createdTokenId() {
    return context
        .ok(
            context
                .v2()
                .post(Paths.v2("createPaymentToken"), tokenRequest(approvedCard().pan(), null)))
        .path("id")
        .asText();
  }

  /** A payment token made from the card and made Active through complete (or its page). */
  public JsonNode activeToken(String pan, String callbackUrl) {
    Exchange created =
        context.v2().post(Paths.v2("createPaymentToken"), tokenRequest(pan, callbackUrl));
    JsonNode token = context.ok(created);
    if ("Active".equals(token.path("status").asText())) {
      return token; // a target that needs no confirmation for this card
    }
    String id = token.path("id").asText();
    ObjectNode answer = passingTokenAnswer(token);
    Exchange done;
    if (answer != null) {
      done = context.v2().put(Paths.v2("completePaymentToken", id), answer);
    } else {
      approveExternal(
          context.need(
              token.path("confirmation").path("paymentUrl").textValue(),
              "the token came without a confirmation.paymentUrl to approve it on"));
      done = context.v2().get(Paths.v2("getPaymentToken", id));
    }
    JsonNode active = context.ok(done);
    context.member(done, active, "status", "Active");
    return active;
  }

  /**
   * How far either side of a resource's creation time the period that finds it reaches: wide enough
   * for a creation time shown rounded or cut to the second, narrow enough that a busy target's
   * other payments of the day stay out of the list.
   */
  static final Duration AROUND = Duration.ofSeconds(3);

  /**
   * An invoice expiry any target takes: an hour from its now, to the second, in UTC. A target may
   * bound how far ahead an invoice may expire or how soon; an hour is within any bound a payment
   * page would set, where a date years ahead or a minute away is not.
   */
  Instant expiresInAnHour() {
    return targetNow().truncatedTo(java.time.temporal.ChronoUnit.SECONDS).plus(Duration.ofHours(1));
  }

  /**
   * The target's time now. A target's clock need not be this machine's: a test environment's clock
   * is often moved (by this run's checks, by earlier runs, by its operators). How far apart they
   * are is read once per run from a payment's creation time; the moves of this run's checks are
   * added since.
   */
  Instant targetNow() {
    Duration apart =
        context
            .run()
            .shared(
                "target-clock",
                () -> {
                  Duration movedBefore = context.run().clockMoved();
                  Instant asked = Instant.now();
                  Instant created = Json.instant(settledPayment("1").path("created").asText());
                  return Duration.between(asked, created).minus(movedBefore);
                });
    return Instant.now().plus(apart).plus(context.run().clockMoved());
  }

  /**
   * How soon an invoice the kit lets expire expires, and how far its clock is then moved: long
   * enough that a target bounding how soon an invoice may expire takes it.
   */
  static final Duration EXPIRES_SOON = Duration.ofMinutes(5);

  /**
   * The narrowest listing period that surely holds a resource created at this time: a few seconds
   * either side of it, whether the target reads the bounds as inclusive or not.
   */
  public static String period(String created) {
    Instant at = Json.instant(created);
    return period(at.minus(AROUND), at.plus(AROUND));
  }

  /**
   * A listing period around now, an hour either side: a request that needs one but no particular
   * one, kept short, since a target may bound how long a period it lists.
   */
  static String recentPeriod() {
    Instant now = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
    return period(now.minus(Duration.ofHours(1)), now.plus(Duration.ofHours(1)));
  }

  /** The start or the end of {@link #recentPeriod()}. */
  static String recentBound(String which) {
    Instant now = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
    return now.plus(Duration.ofHours(which.equals("start") ? -1 : 1)).toString();
  }

  /** The query of a listing period, its bounds written in UTC as the documents write timestamps. */
  public static String period(Instant start, Instant end) {
    return "start=" + encode(start.toString()) + "&end=" + encode(end.toString());
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

  /**
   * A body the v2 operation would accept, made without calling the target: the one valid body a
   * check sends where the resources it names need not exist (credential checks, query cases).
   *
   * @throws IllegalStateException for an operation with a body this method does not know yet
   */
  JsonNode validBody(String operationId) {
    CheckContext c = context;
    Fixtures f = this;
    String merchant = c.target().merchantId() == null ? "kit-merchant" : c.target().merchantId();
    return switch (operationId) {
      case "createInvoice" ->
          c.target().merchantId() == null
              ? Json.object().put("merchantId", merchant)
              : f.invoice("10");
      case "createPayment" ->
          c.profile().approvedCard() == null
              ? Json.object().put("merchantId", merchant)
              : f.approvedPayment("10", false);
      case "completePayment", "completePaymentToken" -> Json.object().put("code", "123456");
      case "capturePayment" -> f.capture("10");
      case "createRefund" -> f.refund(c.run().unique("kit-id"), "10");
      case "startTokenization" ->
          c.target().merchantId() == null
              ? Json.object().put("merchantId", merchant).put("type", "recurring")
              : f.tokenization();
      case "createPaymentToken" ->
          c.profile().approvedCard() == null
              ? Json.object().put("merchantId", merchant)
              : f.tokenRequest(c.profile().approvedCard().pan(), null);
      case "createReceipt" -> f.receipt(c.run().unique("kit-id"), "10");
      case "createSticker" ->
          c.target().merchantId() == null
              ? Json.object().put("merchantId", merchant).put("stickerType", "Sbp")
              : f.sticker(false, null, null);
      case "setStickerActive" -> Json.object().put("active", true);
      default ->
          throw new IllegalStateException("no valid body of " + operationId + " is known yet");
    };
  }
}
