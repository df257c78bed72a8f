package com.merchantpay.conformance.internal;

import static com.merchantpay.conformance.internal.Fixtures.values;
import static com.merchantpay.conformance.internal.OperationsSteps.v1;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The happy path of every v1 operation: one named check each, declared in the table below. */
final class OperationsV1 {
  private OperationsV1() {}

  static List<Check> declared() {
    List<Check> checks = new ArrayList<>();
    checks.add(
        v1(
                "getPayment",
                "Reading a payment by its id answers ErrorCode 0 with the payment",
                OperationsV1::v1GetPayment)
            .judging("v1.payment.members", "v1.payment.currency"));
    checks.add(
        v1(
                "getPaymentByInvoiceID",
                "Reading a payment by its invoice number answers with it",
                OperationsV1::v1GetPaymentByInvoiceID)
            .judging("v1.payment.invoice-number"));
    checks.add(
        v1(
            "listPaymentsFilter",
            "Listing payments by filter holds a payment matching it",
            OperationsV1::v1ListPaymentsFilter));
    checks.add(
        v1(
                "refundPayment",
                "Refunding a payment answers ErrorCode 0 with the refund",
                OperationsV1::v1RefundPayment)
            .judging("v1.refund.members", "v1.refund.external-id"));
    checks.add(
        v1(
                "listRefunds",
                "Listing the refunds of a payment holds its refund",
                OperationsV1::v1ListRefunds)
            .judging("v1.ep.filters"));
    checks.add(
        v1(
            "confirmPayment",
            "Confirming a held payment answers with it COMPLETE",
            OperationsV1::v1ConfirmPayment));
    checks.add(
        v1(
            "cancelPayment",
            "Cancelling a held payment answers with it CANCELLED",
            OperationsV1::v1CancelPayment));
    checks.add(
        v1(
                "listDocuments",
                "Listing documents answers ErrorCode 0 with a list",
                OperationsV1::v1ListDocuments)
            .judging("v1.documents.members"));
    checks.add(
        v1(
            "getDocumentContent",
            "A listed document's content can be downloaded",
            OperationsV1::v1GetDocumentContent));
    checks.add(
        v1(
                "listTransfers",
                "Listing transfers answers ErrorCode 0 with a list",
                OperationsV1::v1ListTransfers)
            .judging("v1.transfers.members"));
    checks.add(
        v1(
                "getTransferRegister",
                "A listed transfer's register can be read",
                OperationsV1::v1GetTransferRegister)
            .judging("v1.register.members"));
    return checks;
  }

  /** Runs {@code operations.v1-getPayment}. */
  private static void v1GetPayment(CheckContext c) throws Exception {
    String id = V1Support.paymentId(c, new Fixtures(c).settledPayment("21"));
    Exchange read = c.v1().call("getPayment", values("paymentID", id));
    JsonNode envelope = V1Support.success(c, read, "Payment");
    c.expect(
        envelope.path("Payment").path("PaymentID").asText().equals(id),
        "PaymentID " + id,
        read::summary,
        read);
    c.rule("v1.payment.currency");
    JsonNode currency = envelope.path("Payment").path("CurrencyCode");
    c.expect(
        currency.isTextual() && currency.asText().equals(c.profile().currency()),
        "CurrencyCode " + c.profile().currency() + ", the invoice's ISO 4217 code",
        () -> "CurrencyCode " + (currency.isMissingNode() ? "(absent)" : currency),
        read);
  }

  /** Runs {@code operations.v1-getPaymentByInvoiceID}. */
  private static void v1GetPaymentByInvoiceID(CheckContext c) throws Exception {
    JsonNode payment = new Fixtures(c).settledPayment("22");
    String id = V1Support.paymentId(c, payment);
    Exchange read =
        c.v1()
            .call(
                "getPaymentByInvoiceID",
                values(
                    "invoiceID",
                    payment.path("invoice").path("orderNo").asText(),
                    "siteAlias",
                    V1Calls.siteAlias(c)));
    JsonNode envelope = V1Support.success(c, read, "Payment");
    c.expect(
        envelope.path("Payment").path("PaymentID").asText().equals(id),
        "PaymentID " + id,
        read::summary,
        read);
  }

  /** Runs {@code operations.v1-listPaymentsFilter}. */
  private static void v1ListPaymentsFilter(CheckContext c) throws Exception {
    JsonNode payment = new Fixtures(c).settledPayment("23");
    String id = V1Support.paymentId(c, payment);
    Exchange listed =
        c.v1()
            .call(
                "listPaymentsFilter",
                values("invoiceID", payment.path("invoice").path("orderNo").asText()));
    JsonNode envelope = V1Support.success(c, listed, "Response");
    boolean found = false;
    for (JsonNode item : envelope.path("Response").path("Payments")) {
      found |= item.path("PaymentID").asText().equals(id);
    }
    c.expect(found, "payment " + id + " in Response.Payments", listed::summary, listed);
  }

  /** Runs {@code operations.v1-refundPayment}. */
  private static void v1RefundPayment(CheckContext c) throws Exception {
    String id = V1Support.paymentId(c, new Fixtures(c).settledPayment("24"));
    String externalId = c.run().unique("kit-refund");
    Exchange refunded =
        c.v1()
            .call(
                "refundPayment", values("paymentID", id, "amount", "4", "externalID", externalId));
    JsonNode envelope = V1Support.success(c, refunded, "Refund");
    c.decimal(refunded, envelope, "Refund.Amount", "4");
    c.rule("v1.refund.members");
    c.expect(
        envelope.path("Refund").path("PaymentID").asText().equals(id),
        "Refund.PaymentID " + id,
        refunded::summary,
        refunded);
    c.rule("v1.refund.external-id");
    c.member(refunded, envelope, "Refund.ExternalID", externalId);
  }

  /** Runs {@code operations.v1-listRefunds}. */
  private static void v1ListRefunds(CheckContext c) throws Exception {
    String id = V1Support.paymentId(c, new Fixtures(c).settledPayment("25"));
    V1Support.success(
        c, c.v1().call("refundPayment", values("paymentID", id, "amount", "5")), "Refund");
    Exchange listed = c.v1().call("listRefunds", values("paymentID", id));
    JsonNode envelope = V1Support.success(c, listed, "Response");
    c.expect(
        envelope.path("Response").path("Refunds").size() == 1,
        "one refund of payment " + id,
        listed::summary,
        listed);
  }

  /** Runs {@code operations.v1-confirmPayment}. */
  private static void v1ConfirmPayment(CheckContext c) throws Exception {
    String id = V1Support.paymentId(c, new Fixtures(c).heldPayment("26"));
    Exchange confirmed = c.v1().call("confirmPayment", values("paymentID", id, "amount", "26"));
    c.member(confirmed, V1Support.success(c, confirmed, "Payment"), "Payment.State", "COMPLETE");
  }

  /** Runs {@code operations.v1-cancelPayment}. */
  private static void v1CancelPayment(CheckContext c) throws Exception {
    String id = V1Support.paymentId(c, new Fixtures(c).heldPayment("27"));
    Exchange cancelled = c.v1().call("cancelPayment", values("paymentID", id));
    c.member(cancelled, V1Support.success(c, cancelled, "Payment"), "Payment.State", "CANCELLED");
  }

  /** Runs {@code operations.v1-listDocuments}. */
  private static void v1ListDocuments(CheckContext c) throws Exception {
    answersAList(c, "listDocuments", "Documents");
  }

  /** Runs {@code operations.v1-getDocumentContent}. */
  private static void v1GetDocumentContent(CheckContext c) throws Exception {
    JsonNode documents =
        V1Support.success(c, c.v1().call("listDocuments", Map.of()), "Response")
            .path("Response")
            .path("Documents");
    c.require(documents.size() > 0, "the target lists no documents to download");
    Exchange content =
        c.v1()
            .call(
                "getDocumentContent",
                values("documentID", documents.get(0).path("DocumentID").asText()));
    c.status(content, 200);
    // The document gives no form for a document's content: the file itself, or an envelope that
    // carries it with ErrorCode 0.
    c.expect(
        content.body().length > 0 && (content.v1ErrorCode() == null || content.v1ErrorCode() == 0),
        "the document's content",
        content::summary,
        content);
  }

  /** Runs {@code operations.v1-listTransfers}. */
  private static void v1ListTransfers(CheckContext c) throws Exception {
    answersAList(c, "listTransfers", "Transfers");
  }

  /** A list operation called without filters answers success with {@code Response.<member>}. */
  private static void answersAList(CheckContext c, String operation, String member)
      throws Exception {
    Exchange listed = c.v1().call(operation, Map.of());
    JsonNode envelope = V1Support.success(c, listed, "Response");
    c.expect(
        envelope.path("Response").path(member).isArray(),
        "Response." + member + " as a list",
        listed::summary,
        listed);
  }

  /** Runs {@code operations.v1-getTransferRegister}. */
  private static void v1GetTransferRegister(CheckContext c) throws Exception {
    JsonNode transfers =
        V1Support.success(c, c.v1().call("listTransfers", Map.of()), "Response")
            .path("Response")
            .path("Transfers");
    c.require(transfers.size() > 0, "the target lists no transfers");
    String registerId = transfers.get(0).path("RegisterID").asText();
    Exchange read = c.v1().call("getTransferRegister", values("registerID", registerId));
    // The document gives RegisterID no type: it is compared as written, number or text.
    JsonNode shown = Json.at(V1Support.success(c, read, "Response"), "Response.RegisterID");
    c.expect(
        shown.isValueNode() && shown.asText().equals(registerId),
        "Response.RegisterID = " + registerId,
        () -> "Response.RegisterID = " + (shown.isMissingNode() ? "(absent)" : shown),
        read);
  }
}
