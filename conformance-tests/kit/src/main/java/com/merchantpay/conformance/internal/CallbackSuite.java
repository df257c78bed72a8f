package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.conformance.judge.ExchangeJudge;
import com.merchantpay.conformance.target.OpenPoint;
import com.merchantpay.spec.ApiSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Notifications the implementation sends to a receiver the kit runs: that they arrive, as a JSON
 * POST with the documented body, at the documented address, and come again when the receiver did
 * not take them.
 */
final class CallbackSuite {
  private static final String SUITE = "callbacks";

  /**
   * How long a notification may take to arrive when the profile does not say
   * (settles.notification).
   */
  static final Duration DEFAULT_ARRIVAL = Duration.ofSeconds(10);

  private CallbackSuite() {}

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
                "payment-notification-arrives-as-documented",
                "A payment held, then captured, is notified to its callbackUrl: a JSON POST with the documented body and the payment's status",
                "v2.events.payment",
                List.of(),
                CallbackSuite::paymentNotificationArrivesAsDocumented)
            .judging("v2.conv.timestamps", "v2.dict.payment-status", "v2.events.current-status"));
    checks.add(
        Check.of(
                SUITE,
                "a-refused-notification-is-sent-again",
                "A notification the receiver answers with 500 is sent again",
                OpenPoint.NOTIFICATION_RETRY,
                List.of(Tag.TIME, Tag.CLOCK),
                CallbackSuite::aRefusedNotificationIsSentAgain)
            .alone(Alone.MOVES_THE_CLOCK));
    checks.add(
        Check.of(
            SUITE,
            "token-notifications-tell-active-and-revoked",
            "A token's notifications say Active when it becomes usable and Revoked when withdrawn, and nothing else",
            "v2.events.token",
            List.of(Tag.TOKENS),
            CallbackSuite::tokenNotificationsTellActiveAndRevoked));
    checks.add(
        Check.of(
            SUITE,
            "tokenization-in-a-payment-is-notified",
            "The token a payment stores through its tokenization options is notified to tokenization.callbackUrl",
            "v2.events.tokenization-target",
            List.of(Tag.TOKENS),
            CallbackSuite::tokenizationInAPaymentIsNotified));
    checks.add(
        Check.of(
                SUITE,
                "sticker-payments-are-notified-to-the-stickers-url",
                "A payment through a cashlink sticker is notified to the sticker's callbackUrl",
                "v2.events.sticker-target",
                List.of(Tag.STICKERS),
                CallbackSuite::stickerPaymentsAreNotifiedToTheStickersUrl)
            .judging(
                "v2.request.sticker", "v2.request.method-aliases", "v2.events.current-status"));
    checks.add(
        Check.of(
                SUITE,
                "a-sticker-paid-on-its-page-is-notified-to-its-url",
                "A payer who pays on the page a sticker's payload links to is notified to the sticker's callbackUrl",
                "v2.events.sticker-target",
                List.of(Tag.STICKERS, Tag.PAGES),
                CallbackSuite::aStickerPaidOnItsPageIsNotifiedToItsUrl)
            .judging("v2.events.current-status"));
    checks.add(
        Check.of(
            SUITE,
            "notification-after-a-partial-capture-shows-the-captured-amount",
            "The notification of a partially captured payment carries capturedAmount",
            OpenPoint.CAPTURED_AMOUNT,
            List.of(Tag.MONEY),
            CallbackSuite::notificationAfterAPartialCaptureShowsTheCapturedAmount));
    return checks;
  }

  private static boolean sameInstant(JsonNode a, JsonNode b) {
    try {
      return Json.instant(a.asText()).equals(Json.instant(b.asText()));
    } catch (java.time.DateTimeException e) {
      return false;
    }
  }

  private static Duration arrival(CheckContext c) {
    return c.profile().settlesAfter("notification").orElse(DEFAULT_ARRIVAL);
  }

  private static void moveTime(CheckContext c, Duration by) throws InterruptedException {
    if (c.profile().clockControl() != null) {
      c.advanceClock(by);
    } else {
      c.pause(by);
    }
  }

  private static CallbackReceiver.Arrival awaitStatus(
      CheckContext c, CallbackReceiver.Inbox inbox, String status) throws InterruptedException {
    long deadline = System.nanoTime() + c.run().limits().bound(arrival(c)).toNanos();
    int count = 1;
    while (true) {
      List<CallbackReceiver.Arrival> arrivals =
          inbox.await(count, Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
      for (CallbackReceiver.Arrival arrival : arrivals) {
        if (arrival.json() != null && status.equals(arrival.json().path("status").asText())) {
          return arrival;
        }
      }
      if (System.nanoTime() >= deadline) {
        c.fail(
            "a notification with status " + status + " within " + arrival(c).toSeconds() + " s",
            arrivals.isEmpty() ? "no notification arrived" : "statuses " + statuses(arrivals),
            null);
      }
      count = arrivals.size() + 1;
    }
  }

  /**
   * Waits until notifications with all these statuses arrived, or the time is up; returns what
   * arrived.
   */
  private static List<CallbackReceiver.Arrival> awaitStatuses(
      CheckContext c, CallbackReceiver.Inbox inbox, Set<String> wanted)
      throws InterruptedException {
    long deadline = System.nanoTime() + c.run().limits().bound(arrival(c)).toNanos();
    int count = 1;
    while (true) {
      List<CallbackReceiver.Arrival> arrivals =
          inbox.await(count, Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
      if (statuses(arrivals).containsAll(wanted) || System.nanoTime() >= deadline) {
        return arrivals;
      }
      count = arrivals.size() + 1;
    }
  }

  private static Set<String> statuses(List<CallbackReceiver.Arrival> arrivals) {
    return arrivals.stream()
        .map(a -> a.json() == null ? "(not JSON)" : a.json().path("status").asText())
        .collect(Collectors.toCollection(TreeSet::new));
  }

  private static void expectBody(CheckContext c, CallbackReceiver.Arrival arrival, String schema) {
    JsonNode body = arrival.json();
    c.expect(body != null, "a JSON body", () -> "not JSON", null);
    List<String> problems = Judges.V2.schemaProblems(schema, body);
    c.expect(
        problems.isEmpty(),
        "a body matching " + schema,
        () -> problems + " in " + Redaction.body(Json.text(body), schema.contains("Token")),
        null);
  }

  /** One judge per document for the notification bodies; the ledger has its own for exchanges. */
  static final class Judges {
    static final ExchangeJudge V2 = ExchangeJudge.of(ApiSpec.V2);

    private Judges() {}
  }

  /** Runs {@code callbacks.payment-notification-arrives-as-documented}. */
  private static void paymentNotificationArrivesAsDocumented(CheckContext c) throws Exception {
    CallbackReceiver.Inbox inbox = c.inbox(0);
    Fixtures f = new Fixtures(c);
    ObjectNode body = f.approvedPayment("10", true);
    ((ObjectNode) body.path("protocol")).put("callbackUrl", inbox.url());
    // The notification's invoice carries params (the Events table lists them): sent, to be told.
    ((ObjectNode) body.path("invoice")).putObject("params").put("basket", "b-kit");
    String id = f.pay(body).path("id").asText();
    Exchange held = f.settled(id);
    c.member(held, c.ok(held), "status", "Authorized");
    // A status change after the payment was answered: which changes are notified is
    // open, but a payment that was held and then captured is notified of one.
    c.done(c.v2().put(Paths.v2("capturePayment", id), new Fixtures(c).capture("10")));
    List<CallbackReceiver.Arrival> arrivals = awaitStatuses(c, inbox, Set.of("Settled"));
    c.expect(
        !arrivals.isEmpty(),
        "a notification of the payment, held and then captured, within "
            + arrival(c).toSeconds()
            + " s",
        () -> "none arrived",
        null);
    c.rule("v2.events.current-status");
    for (CallbackReceiver.Arrival any : arrivals) {
      String told = any.json() == null ? "(not JSON)" : any.json().path("status").asText();
      c.expect(
          Set.of("Authorized", "Settled").contains(told),
          "a status the payment had: Authorized, then Settled",
          () -> "status " + told,
          null);
    }
    CallbackReceiver.Arrival settled =
        arrivals.stream()
            .filter(a -> a.json() != null && "Settled".equals(a.json().path("status").asText()))
            .findFirst()
            .orElse(arrivals.get(arrivals.size() - 1));
    c.reading(
        OpenPoint.NOTIFIED_CHANGES,
        statuses(arrivals).contains("Settled") ? "every" : "some",
        "notified: " + statuses(arrivals),
        null);
    c.rule("v2.events.payment");
    c.expect("POST".equals(settled.method()), "method POST", settled::method, null);
    String type = settled.header("Content-Type");
    c.expect(
        type != null && type.startsWith("application/json"),
        "Content-Type application/json",
        () -> String.valueOf(type),
        null);
    expectBody(c, settled, "PaymentNotification");
    c.present(
        null,
        settled.json(),
        "id",
        "created",
        "testMode",
        "status",
        "merchantId",
        "amount.value",
        "amount.currency");
    c.expect(
        id.equals(settled.json().path("id").asText()),
        "the payment's id " + id,
        () -> settled.json().path("id").asText(),
        null);
    // The members it carries are the payment's own, as a read of it shows them.
    Exchange read = c.v2().get(Paths.v2("getPayment", id));
    JsonNode payment = c.ok(read);
    for (String member : List.of("merchantId", "testMode", "invoice.orderNo", "amount.currency")) {
      JsonNode told = Json.at(settled.json(), member);
      c.expect(
          told.equals(Json.at(payment, member)),
          member + " as the payment has it: " + Json.at(payment, member),
          () -> member + " = " + (told.isMissingNode() ? "(absent)" : told),
          read);
    }
    c.decimal(read, settled.json(), "amount.value", payment.path("amount").path("value").asText());
    JsonNode params = Json.at(settled.json(), "invoice.params.basket");
    c.expect(
        "b-kit".equals(params.asText(null)),
        "invoice.params as the payment was made with them: basket b-kit",
        () -> "invoice.params.basket = " + (params.isMissingNode() ? "(absent)" : params),
        null);
    c.expect(
        sameInstant(settled.json().path("created"), payment.path("created")),
        "created as the payment has it: " + payment.path("created").asText(),
        () -> "created = " + settled.json().path("created").asText(),
        read);
    c.rule("v2.conv.timestamps");
    c.expect(
        LifecycleSteps.isUtc(settled.json().path("created").asText("")),
        "created in UTC",
        () -> settled.json().path("created").asText(),
        null);
  }

  /** Runs {@code callbacks.a-refused-notification-is-sent-again}. */
  private static void aRefusedNotificationIsSentAgain(CheckContext c) throws Exception {
    Duration retry =
        c.need(
            c.profile().settlesAfter("callbackRetry").orElse(null),
            "the profile does not say when a refused notification is sent again (settles.callbackRetry)");
    CallbackReceiver.Inbox inbox = c.inbox(1);
    ObjectNode body = new Fixtures(c).approvedPayment("10", false);
    ((ObjectNode) body.path("protocol")).put("callbackUrl", inbox.url());
    new Fixtures(c).pay(body);
    List<CallbackReceiver.Arrival> first = inbox.await(1, c.run().limits().bound(arrival(c)));
    c.require(
        !first.isEmpty(),
        "no notification arrived within "
            + arrival(c).toSeconds()
            + " s, so none "
            + "could be sent again (callbacks.payment-notification-arrives-as-documented says more)");
    int before = first.size();
    moveTime(c, retry);
    List<CallbackReceiver.Arrival> again =
        inbox.await(before + 1, c.run().limits().bound(arrival(c).plus(retry)));
    boolean resent =
        again.size() > before
            && again.get(before).json() != null
            && again.get(0).json().path("id").equals(again.get(before).json().path("id"))
            && again.get(0).json().path("status").equals(again.get(before).json().path("status"));
    c.reading(OpenPoint.NOTIFICATION_RETRY, resent ? "retried" : "not-retried", null);
  }

  /** Runs {@code callbacks.token-notifications-tell-active-and-revoked}. */
  private static void tokenNotificationsTellActiveAndRevoked(CheckContext c) throws Exception {
    CallbackReceiver.Inbox inbox = c.inbox(0);
    Fixtures f = new Fixtures(c);
    // A token the payer declines on its page, where the profile says how: no notification of it may
    // say anything but Active or Revoked, and by the time the other token's have come, one of it
    // would have too.
    CallbackReceiver.Inbox declinedInbox = c.inbox(0);
    if (c.profile().payerStep("externalDecline").isPresent()) {
      JsonNode declined =
          c.ok(
              c.v2()
                  .post(
                      Paths.v2("createPaymentToken"),
                      f.tokenRequest(f.approvedCard().pan(), declinedInbox.url())));
      if (declined.path("confirmation").path("paymentUrl").isTextual()) {
        f.payerStep(
            "externalDecline",
            "how a payer declines an External step",
            declined.path("confirmation"),
            null);
      }
    }
    String id = f.activeToken(f.approvedCard().pan(), inbox.url()).path("id").asText();
    c.done(c.v2().put(Paths.v2("revokePaymentToken", id), null));
    List<CallbackReceiver.Arrival> arrivals = awaitStatuses(c, inbox, Set.of("Active", "Revoked"));
    for (CallbackReceiver.Arrival arrival : declinedInbox.arrivals()) {
      String status = arrival.json() == null ? "" : arrival.json().path("status").asText();
      c.expect(
          Set.of("Active", "Revoked").contains(status),
          "a declined token's notifications, if any, only Active or Revoked",
          () -> "status " + status,
          null);
    }
    c.expect(
        !arrivals.isEmpty(),
        "a token notification",
        () -> "none arrived within " + arrival(c).toSeconds() + " s",
        null);
    for (CallbackReceiver.Arrival arrival : arrivals) {
      expectBody(c, arrival, "PaymentTokenNotification");
      String status = arrival.json().path("status").asText();
      c.expect(
          Set.of("Active", "Revoked").contains(status),
          "status Active or Revoked",
          () -> status,
          null);
    }
    Set<String> statuses = statuses(arrivals);
    c.reading(
        OpenPoint.TOKEN_NOTIFICATIONS,
        statuses.containsAll(Set.of("Active", "Revoked")) ? "both" : "some",
        "notified: " + statuses,
        null);
  }

  /** Runs {@code callbacks.tokenization-in-a-payment-is-notified}. */
  private static void tokenizationInAPaymentIsNotified(CheckContext c) throws Exception {
    CallbackReceiver.Inbox inbox = c.inbox(0);
    ObjectNode body = new Fixtures(c).approvedPayment("10", false);
    body.putObject("tokenization")
        .put("type", "cof")
        .put("purpose", "Faster checkout")
        .put("callbackUrl", inbox.url());
    JsonNode payment = new Fixtures(c).created(body).payment();
    List<CallbackReceiver.Arrival> arrivals = awaitStatuses(c, inbox, Set.of("Active"));
    c.expect(
        !arrivals.isEmpty(),
        "a token notification at tokenization.callbackUrl",
        () -> "none arrived within " + arrival(c).toSeconds() + " s",
        null);
    CallbackReceiver.Arrival first = arrivals.get(0);
    expectBody(c, first, "PaymentTokenNotification");
    JsonNode token = payment.path("paymentToken").path("id");
    c.expect(
        !token.isTextual() || token.equals(first.json().path("id")),
        "the payment's token (id masked)",
        () -> "another token",
        null);
  }

  /** Runs {@code callbacks.sticker-payments-are-notified-to-the-stickers-url}. */
  private static void stickerPaymentsAreNotifiedToTheStickersUrl(CheckContext c) throws Exception {
    CallbackReceiver.Inbox inbox = c.inbox(0);
    Fixtures f = new Fixtures(c);
    String sticker = f.cashlinkSticker("77", inbox.url()).path("id").asText();
    JsonNode payment =
        f.pay(
            f.payment(
                Json.object().put("paymentMethod", "sbp").put("stickerId", sticker), "77", false));
    c.asserted("v2.request.sticker", "v2.request.method-aliases");
    if ("Confirmation".equals(payment.path("status").asText())) {
      f.approveExternal(
          c.need(
              payment.path("confirmation").path("paymentUrl").textValue(),
              "the sticker payment's External step came without a paymentUrl"));
    }
    CallbackReceiver.Arrival arrival = awaitStatus(c, inbox, "Settled");
    c.asserted("v2.events.current-status");
    expectBody(c, arrival, "PaymentNotification");
  }

  /** Runs {@code callbacks.a-sticker-paid-on-its-page-is-notified-to-its-url}. */
  private static void aStickerPaidOnItsPageIsNotifiedToItsUrl(CheckContext c) throws Exception {
    CallbackReceiver.Inbox inbox = c.inbox(0);
    Fixtures f = new Fixtures(c);
    JsonNode sticker =
        c.ok(c.v2().post(Paths.v2("createSticker"), f.sticker(false, "33", inbox.url())));
    f.payerStep("stickerPayment", "how a payer pays on a sticker's page", sticker, "33");
    CallbackReceiver.Arrival arrival = awaitStatus(c, inbox, "Settled");
    c.asserted("v2.events.current-status");
    expectBody(c, arrival, "PaymentNotification");
    c.decimal(null, arrival.json(), "amount.value", "33");
  }

  /** Runs {@code callbacks.notification-after-a-partial-capture-shows-the-captured-amount}. */
  private static void notificationAfterAPartialCaptureShowsTheCapturedAmount(CheckContext c)
      throws Exception {
    CallbackReceiver.Inbox inbox = c.inbox(0);
    ObjectNode body = new Fixtures(c).approvedPayment("100", true);
    ((ObjectNode) body.path("protocol")).put("callbackUrl", inbox.url());
    String id = new Fixtures(c).pay(body).path("id").asText();
    c.require(LifecycleSteps.partialCapture(c, id, "60.5"), LifecycleSteps.PARTIAL_CAPTURE_REFUSED);
    List<CallbackReceiver.Arrival> arrivals = awaitStatuses(c, inbox, Set.of("Settled"));
    CallbackReceiver.Arrival settled =
        arrivals.stream()
            .filter(a -> a.json() != null && "Settled".equals(a.json().path("status").asText()))
            .findFirst()
            .orElse(null);
    c.require(
        settled != null,
        "no notification of the Settled payment arrived, so none could show the "
            + "captured sum (callbacks.payment-notification-arrives-as-documented says more)");
    c.reading(
        OpenPoint.CAPTURED_AMOUNT, LifecycleSteps.capturedShown(settled.json(), "60.5"), null);
  }
}
