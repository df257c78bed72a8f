package com.merchantpay.conformance.internal;

import static com.merchantpay.conformance.internal.Fixtures.values;
import static com.merchantpay.conformance.internal.V1Steps.DECLINE_CODES;
import static com.merchantpay.conformance.internal.V1Steps.check;
import static com.merchantpay.conformance.internal.V1Steps.knownPayment;
import static com.merchantpay.conformance.internal.V1Steps.outcome;
import static com.merchantpay.conformance.internal.V1Steps.v1State;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.conformance.target.OpenPoint;
import com.merchantpay.conformance.target.Profile;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** v1 checks of roles and of payments, refunds and holds. */
final class V1Payments {
  private V1Payments() {}

  static List<Check> roles() {
    List<Check> checks = new ArrayList<>();
    checks.add(
        check(
            "a-cashier-reads-payments-and-lists",
            "A Cashier reads a payment by id and by invoice number " + "and lists payments",
            "v1.auth.cashier",
            List.of(Tag.ROLES),
            V1Payments::aCashierReadsPaymentsAndLists));
    checks.add(
        check(
                "a-cashier-cannot-refund",
                "A Cashier user reads payments but cannot refund: ErrorCode -6",
                "v1.auth.accountant",
                List.of(Tag.ROLES, Tag.NEGATIVE),
                V1Payments::aCashierCannotRefund)
            .judging("v1.auth.bad-login"));
    checks.add(
        check(
                "a-cashier-is-refused-every-accountant-operation",
                "A Cashier is refused the refund list and confirming or cancelling a hold with -6, and the hold stays",
                "v1.auth.accountant",
                List.of(Tag.ROLES, Tag.NEGATIVE),
                V1Payments::aCashierIsRefusedEveryAccountantOperation)
            .judging("v1.auth.bad-login"));
    return checks;
  }

  static List<Check> payments() {
    List<Check> checks = new ArrayList<>();
    checks.add(
        check(
                "an-expired-invoice-is-minus-9",
                "An invoice left unpaid past its expiry shows ErrorCode -9, and its money is not refunded",
                "v1.errors.expired-invoice",
                List.of(Tag.TIME, Tag.CLOCK),
                V1Payments::anExpiredInvoiceIsMinus9)
            .judging("v2.request.invoice-expiry")
            .alone(Alone.MOVES_THE_CLOCK));
    checks.add(
        check(
            "payment-method-in-v1-spelling",
            "v1 names a card payment's method BankCard, never the v2 alias",
            OpenPoint.V1_METHOD_NAME,
            List.of(),
            V1Payments::paymentMethodInV1Spelling));
    checks.add(
        check(
            "a-cancelled-payment-is-minus-15",
            "A cancelled payment can be neither refunded nor confirmed: " + "ErrorCode -15",
            "v1.errors.cancelled",
            List.of(Tag.NEGATIVE),
            V1Payments::aCancelledPaymentIsMinus15));
    checks.add(
        check(
            "cancelling-with-a-reason-code",
            "cancelPayment with an error code releases the hold",
            "v1.op.cancelPayment",
            List.of(),
            V1Payments::cancellingWithAReasonCode));
    checks.add(
        check(
                "confirming-less-than-held-takes-that-much",
                "Confirming less than is held takes that much: COMPLETE with PaymentAmount the sum confirmed",
                "v1.op.confirm-less",
                List.of(Tag.MONEY),
                V1Payments::confirmingLessThanHeldTakesThatMuch)
            .judging("v1.payment.paid-amount"));
    checks.add(
        check(
            "confirming-more-than-is-held-is-refused",
            "Confirming more than is held is refused with a non-zero ErrorCode and the payment stays HOLD",
            "v1.op.confirm-less",
            List.of(Tag.MONEY, Tag.NEGATIVE),
            V1Payments::confirmingMoreThanIsHeldIsRefused));
    checks.add(
        check(
            "an-unknown-payment-is-minus-13",
            "Reading a payment id nobody has is a non-zero ErrorCode; ours " + "is -13",
            "v1.errors.http-200",
            List.of(Tag.NEGATIVE),
            V1Payments::anUnknownPaymentIsMinus13));
    checks.add(
        check(
            "an-unknown-invoice-number-is-minus-13",
            "Reading a payment by an invoice number nobody has is " + "ErrorCode -13",
            "v1.errors.not-found-by-invoice",
            List.of(Tag.NEGATIVE),
            V1Payments::anUnknownInvoiceNumberIsMinus13));
    checks.add(
        check(
            "a-refund-beyond-the-payment-is-minus-18",
            "A refund of more than was paid is ErrorCode -18",
            "v1.errors.amount",
            List.of(Tag.MONEY, Tag.NEGATIVE),
            V1Payments::aRefundBeyondThePaymentIsMinus18));
    checks.add(
        check(
            "a-refund-of-nothing-is-minus-18",
            "A refund of zero or less is ErrorCode -18",
            "v1.errors.amount",
            List.of(Tag.MONEY, Tag.NEGATIVE),
            V1Payments::aRefundOfNothingIsMinus18));
    checks.add(
        check(
            "a-refund-takes-shopping-cart-lines",
            "A refund with shopping cart lines is accepted",
            "v1.op.refund-cart",
            List.of(Tag.REFUNDS),
            V1Payments::aRefundTakesShoppingCartLines));
    checks.add(
        check(
            "a-declined-payment-shows-its-failure-code",
            "A declined payment reads CANCELLED with a non-zero ErrorCode from the table telling why",
            "v1.payment.failure-code",
            List.of(Tag.DECLINES),
            V1Payments::aDeclinedPaymentShowsItsFailureCode));
    return checks;
  }

  /** Runs {@code v1.a-cashier-reads-payments-and-lists}. */
  private static void aCashierReadsPaymentsAndLists(CheckContext c) throws Exception {
    JsonNode payment = new Fixtures(c).settledPayment("8");
    String id = V1Support.paymentId(c, payment);
    String orderNo = payment.path("invoice").path("orderNo").asText();
    V1Calls cashier = c.v1Cashier();
    V1Support.success(c, cashier.call("getPayment", values("paymentID", id)), "Payment");
    V1Support.success(
        c,
        cashier.call(
            "getPaymentByInvoiceID",
            values("invoiceID", orderNo, "siteAlias", V1Calls.siteAlias(c))),
        "Payment");
    V1Support.success(
        c, cashier.call("listPaymentsFilter", values("invoiceID", orderNo)), "Response");
  }

  /** Runs {@code v1.a-cashier-cannot-refund}. */
  private static void aCashierCannotRefund(CheckContext c) throws Exception {
    String id = knownPayment(c);
    V1Support.success(c, c.v1Cashier().call("getPayment", values("paymentID", id)), "Payment");
    V1Support.errorCode(
        c, c.v1Cashier().call("refundPayment", values("paymentID", id, "amount", "1")), -6);
  }

  /** Runs {@code v1.a-cashier-is-refused-every-accountant-operation}. */
  private static void aCashierIsRefusedEveryAccountantOperation(CheckContext c) throws Exception {
    String held = V1Support.paymentId(c, new Fixtures(c).heldPayment("10"));
    String before = v1State(c, held);
    V1Calls cashier = c.v1Cashier();
    V1Support.errorCode(c, cashier.call("listRefunds", values("paymentID", held)), -6);
    V1Support.errorCode(
        c, cashier.call("confirmPayment", values("paymentID", held, "amount", "10")), -6);
    V1Support.errorCode(c, cashier.call("cancelPayment", values("paymentID", held)), -6);
    Exchange read = c.v1().call("getPayment", values("paymentID", held));
    c.member(read, V1Support.success(c, read, "Payment"), "Payment.State", before);
  }

  /** Runs {@code v1.an-expired-invoice-is-minus-9}. */
  private static void anExpiredInvoiceIsMinus9(CheckContext c) throws Exception {
    JsonNode reference = new Fixtures(c).settledPayment("1");
    Instant now = Json.timestamp(reference.path("created").asText()).toInstant();
    ObjectNode body = new Fixtures(c).invoice("10");
    ((ObjectNode) body.path("invoice")).put("expires", now.plus(Fixtures.EXPIRES_SOON).toString());
    String v2Id = c.ok(c.v2().post(Paths.v2("createInvoice"), body)).path("paymentId").asText();
    ObjectNode invoice = Json.object().put("id", v2Id);
    invoice.set("invoice", body.path("invoice"));
    String id = V1Support.paymentId(c, invoice);
    c.advanceClock(Fixtures.EXPIRES_SOON.multipliedBy(2));
    Exchange read = c.v1().call("getPayment", values("paymentID", id));
    int code = V1Support.success(c, read, "Payment").path("Payment").path("ErrorCode").asInt();
    c.expect(
        code == -9 || code == -15,
        "Payment.ErrorCode -9 (invoice expired) or -15 (payment expired)",
        read::summary,
        read);
    c.rule("v2.request.invoice-expiry");
    Exchange refund = c.v1().call("refundPayment", values("paymentID", id, "amount", "10"));
    c.status(refund, 200);
    c.expect(
        refund.v1ErrorCode() != null && refund.v1ErrorCode() != 0,
        "the refund refused",
        refund::summary,
        refund);
    c.reading(OpenPoint.V1_EXPIRY_CODE, Integer.toString(refund.v1ErrorCode()), refund);
  }

  /** Runs {@code v1.payment-method-in-v1-spelling}. */
  private static void paymentMethodInV1Spelling(CheckContext c) throws Exception {
    Exchange read = c.v1().call("getPayment", values("paymentID", knownPayment(c)));
    JsonNode payment = read.json();
    JsonNode method = payment == null ? null : payment.path("Payment").path("PaymentMethod");
    c.expect(
        method != null && method.isTextual() && !method.asText().isBlank(),
        "the payment's PaymentMethod",
        read::summary,
        read);
    c.reading(OpenPoint.V1_METHOD_NAME, method.asText(), read);
  }

  /** Runs {@code v1.a-cancelled-payment-is-minus-15}. */
  private static void aCancelledPaymentIsMinus15(CheckContext c) throws Exception {
    String id = V1Support.paymentId(c, new Fixtures(c).heldPayment("10"));
    V1Support.success(c, c.v1().call("cancelPayment", values("paymentID", id)), "Payment");
    V1Support.errorCode(
        c, c.v1().call("refundPayment", values("paymentID", id, "amount", "10")), -15);
    V1Support.errorCode(
        c, c.v1().call("confirmPayment", values("paymentID", id, "amount", "10")), -15);
  }

  /** Runs {@code v1.cancelling-with-a-reason-code}. */
  private static void cancellingWithAReasonCode(CheckContext c) throws Exception {
    String id = V1Support.paymentId(c, new Fixtures(c).heldPayment("11"));
    Exchange cancelled = c.v1().call("cancelPayment", values("paymentID", id, "error", "-17"));
    c.member(cancelled, V1Support.success(c, cancelled, "Payment"), "Payment.State", "CANCELLED");
  }

  /** Runs {@code v1.confirming-less-than-held-takes-that-much}. */
  private static void confirmingLessThanHeldTakesThatMuch(CheckContext c) throws Exception {
    String id = V1Support.paymentId(c, new Fixtures(c).heldPayment("10"));
    Exchange confirmed = c.v1().call("confirmPayment", values("paymentID", id, "amount", "6"));
    // "May be smaller than the hold in some cases": a target that takes less only in
    // some cases may refuse this one.
    boolean refused =
        confirmed.status() != 200 || !Integer.valueOf(0).equals(confirmed.v1ErrorCode());
    c.reading(
        OpenPoint.V1_CONFIRM_LESS,
        refused ? "refused" : "taken",
        refused ? outcome(confirmed) : null,
        confirmed);
    if (refused) {
      return;
    }
    JsonNode payment = V1Support.success(c, confirmed, "Payment");
    c.member(confirmed, payment, "Payment.State", "COMPLETE");
    c.rule("v1.payment.paid-amount");
    Exchange read = c.v1().call("getPayment", values("paymentID", id));
    c.decimal(read, V1Support.success(c, read, "Payment"), "Payment.PaymentAmount", "6");
  }

  /** Runs {@code v1.confirming-more-than-is-held-is-refused}. */
  private static void confirmingMoreThanIsHeldIsRefused(CheckContext c) throws Exception {
    String id = V1Support.paymentId(c, new Fixtures(c).heldPayment("10"));
    String before = v1State(c, id);
    Exchange refused = c.v1().call("confirmPayment", values("paymentID", id, "amount", "10.01"));
    c.status(refused, 200);
    c.expect(
        refused.v1ErrorCode() != null && refused.v1ErrorCode() != 0,
        "a non-zero ErrorCode",
        refused::summary,
        refused);
    c.reading(OpenPoint.V1_CONFIRM_TOO_MUCH, Integer.toString(refused.v1ErrorCode()), refused);
    Exchange read = c.v1().call("getPayment", values("paymentID", id));
    c.member(read, V1Support.success(c, read, "Payment"), "Payment.State", before);
  }

  /** Runs {@code v1.an-unknown-payment-is-minus-13}. */
  private static void anUnknownPaymentIsMinus13(CheckContext c) throws Exception {
    // An integer any target takes as one (it fits 32 bits), and one no target gives this soon.
    Exchange read = c.v1().call("getPayment", values("paymentID", "987654321"));
    c.status(read, 200);
    c.expect(
        read.v1ErrorCode() != null && read.v1ErrorCode() != 0,
        "a non-zero ErrorCode",
        read::summary,
        read);
    c.reading(OpenPoint.V1_UNKNOWN_PAYMENT, Integer.toString(read.v1ErrorCode()), read);
  }

  /** Runs {@code v1.a-refund-beyond-the-payment-is-minus-18}. */
  private static void aRefundBeyondThePaymentIsMinus18(CheckContext c) throws Exception {
    String id = V1Support.paymentId(c, new Fixtures(c).settledPayment("10"));
    V1Support.errorCode(
        c, c.v1().call("refundPayment", values("paymentID", id, "amount", "10.01")), -18);
    // Refused, so made nowhere: the payment's refunds list none.
    Exchange listed = c.v1().call("listRefunds", values("paymentID", id));
    JsonNode refunds = V1Support.success(c, listed, "Response").path("Response").path("Refunds");
    c.expect(
        refunds.isEmpty(),
        "no refund of payment " + id + " after the refusal",
        listed::summary,
        listed);
  }

  /** Runs {@code v1.a-refund-of-nothing-is-minus-18}. */
  private static void aRefundOfNothingIsMinus18(CheckContext c) throws Exception {
    String id = V1Support.paymentId(c, new Fixtures(c).settledPayment("10"));
    // Refused either way: how is a reading, since such an amount may be read as none at all.
    for (String nothing : List.of("0", "-1")) {
      Exchange refused = c.v1().call("refundPayment", values("paymentID", id, "amount", nothing));
      c.expect(
          refused.answered()
              && (refused.status() / 100 == 4
                  || refused.status() == 200
                      && refused.v1ErrorCode() != null
                      && refused.v1ErrorCode() != 0),
          "the refund of " + nothing + " refused (ours: ErrorCode -18)",
          refused::summary,
          refused);
      c.reading(OpenPoint.V1_REFUND_OF_NOTHING, outcome(refused), refused);
    }
  }

  /** Runs {@code v1.a-refund-takes-shopping-cart-lines}. */
  private static void aRefundTakesShoppingCartLines(CheckContext c) throws Exception {
    String id = V1Support.paymentId(c, new Fixtures(c).settledPayment("30"));
    // How lines are numbered and a VAT rate is written is open: ours first (from 0, tax
    // vat22), then lines without a rate, then lines numbered from 1. Only a target that
    // takes none of them refuses cart lines.
    Exchange refunded = null;
    List<String> forms =
        List.of("from 0 with tax vat22", "from 0 without tax", "from 1 without tax");
    for (String form : forms) {
      Map<String, String> params =
          values("paymentID", id, "amount", "12.5", "externalID", c.run().unique("kit-refund"));
      int first = form.startsWith("from 1") ? 1 : 0;
      boolean tax = form.endsWith("vat22");
      String[][] lines = {{"Espresso beans", "10"}, {"Delivery", "2.5"}};
      for (int i = 0; i < lines.length; i++) {
        String line = "shoppingcart.items[" + (first + i) + "].";
        params.put(line + "name", lines[i][0]);
        params.put(line + "qty", "1");
        params.put(line + "price", lines[i][1]);
        if (tax) {
          params.put(line + "tax", "vat22");
        }
      }
      refunded = c.v1().call("refundPayment", params);
      if (refunded.status() == 200 && Integer.valueOf(0).equals(refunded.v1ErrorCode())) {
        c.reading(OpenPoint.V1_CART_FORM, form, refunded);
        break;
      }
    }
    c.decimal(refunded, V1Support.success(c, refunded, "Refund"), "Refund.Amount", "12.5");
  }

  /** Runs {@code v1.a-declined-payment-shows-its-failure-code}. */
  private static void aDeclinedPaymentShowsItsFailureCode(CheckContext c) throws Exception {
    c.require(
        !c.profile().declines().isEmpty(), "the profile defines no declining cards (declines)");
    Fixtures f = new Fixtures(c);
    Profile.Card card = f.approvedCard();
    for (Profile.Decline decline : c.profile().declines()) {
      JsonNode payment =
          f.created(f.payment(f.instrument(decline.pan(), decline.paymentData()), "10", false))
              .payment();
      String id = V1Support.paymentId(c, payment);
      Exchange read = c.v1().call("getPayment", values("paymentID", id));
      JsonNode v1 = V1Support.success(c, read, "Payment").path("Payment");
      c.member(read, Json.object().put("State", v1.path("State").asText()), "State", "CANCELLED");
      int code = v1.path("ErrorCode").asInt(0);
      c.expect(code != 0, "a non-zero ErrorCode telling why", read::summary, read);
      Integer mapped = DECLINE_CODES.get(decline.resultCode());
      if (mapped != null) {
        c.reading(
            OpenPoint.V1_DECLINE_CODE,
            mapped == code ? "mapped" : "other",
            mapped == code ? null : decline.resultCode() + " as " + code,
            read);
      }
    }
  }

  /** Runs {@code v1.an-unknown-invoice-number-is-minus-13}. */
  private static void anUnknownInvoiceNumberIsMinus13(CheckContext c) throws Exception {
    V1Support.errorCode(
        c,
        c.v1()
            .call(
                "getPaymentByInvoiceID",
                values(
                    "invoiceID",
                    c.run().unique("kit-no-such-order"),
                    "siteAlias",
                    V1Calls.siteAlias(c))),
        -13);
  }
}
