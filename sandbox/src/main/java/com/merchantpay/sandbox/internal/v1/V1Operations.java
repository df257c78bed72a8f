package com.merchantpay.sandbox.internal.v1;

import static com.merchantpay.sandbox.internal.v1.V1Envelope.code;
import static com.merchantpay.sandbox.internal.v1.V1Envelope.envelope;
import static com.merchantpay.sandbox.internal.v1.V1Envelope.json;
import static com.merchantpay.sandbox.internal.v1.V1Envelope.success;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.sandbox.internal.config.MerchantAccount;
import com.merchantpay.sandbox.internal.config.SandboxConfig;
import com.merchantpay.sandbox.internal.contract.Routes;
import com.merchantpay.sandbox.internal.domain.Amounts;
import com.merchantpay.sandbox.internal.domain.Core;
import com.merchantpay.sandbox.internal.domain.Payment;
import com.merchantpay.sandbox.internal.domain.Refund;
import com.merchantpay.sandbox.internal.http.HttpSupport;
import com.merchantpay.sandbox.internal.http.Json;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * What each v1 operation does once {@link V1Api} has let its call through: read the parameters, ask
 * the {@link Core}, write the envelope. One handler per operation id of the document, in {@link
 * #routes()}.
 */
final class V1Operations {
  /** One operation's work, inside the core's transaction. */
  interface Handler {
    HttpSupport.Out handle(Call call);
  }

  /**
   * A call that passed every check: the caller's merchant, its parameters, whether XML was asked
   * for.
   */
  record Call(
      MerchantAccount merchant, Map<String, List<String>> params, boolean xml, Instant now) {}

  private final SandboxConfig config;
  private final Core core;
  private final Map<String, V1Ledger> ledgers;

  V1Operations(SandboxConfig config, Core core, Map<String, V1Ledger> ledgers) {
    this.config = config;
    this.core = core;
    this.ledgers = ledgers;
  }

  Routes<Handler> routes() {
    return new Routes<Handler>("v1")
        .on("getPayment", c -> getPayment(c.merchant(), c.params()))
        .on("getPaymentByInvoiceID", c -> getPaymentByInvoice(c.merchant(), c.params()))
        .on("listPaymentsFilter", c -> listPayments(c.merchant(), c.params()))
        .on("refundPayment", c -> refund(c.merchant(), c.params(), c.now()))
        .on("listRefunds", c -> listRefunds(c.merchant(), c.params()))
        .on("confirmPayment", c -> confirm(c.merchant(), c.params(), c.now()))
        .on("cancelPayment", c -> cancel(c.merchant(), c.params(), c.now()))
        .on("listDocuments", c -> listDocuments(c.merchant(), c.params(), c.xml()))
        .on("getDocumentContent", c -> documentContent(c.merchant(), c.params()))
        .on("listTransfers", c -> listTransfers(c.merchant(), c.params(), c.xml()))
        .on("getTransferRegister", c -> register(c.merchant(), c.params(), c.xml()));
  }

  // ---------------------------------------------------------------- payments

  private Payment find(MerchantAccount merchant, String paymentId) {
    Payment payment = core.payment(paymentId);
    return payment != null
            && payment.merchantId().equals(merchant.id())
            && V1Views.isNumericId(payment.id())
        ? payment
        : null;
  }

  private HttpSupport.Out getPayment(MerchantAccount merchant, Map<String, List<String>> params) {
    Payment payment = find(merchant, V1Params.normalisedId(params));
    return payment == null
        ? json(code(-13))
        : json(success("Payment", V1Views.payment(payment, merchant)));
  }

  private HttpSupport.Out getPaymentByInvoice(
      MerchantAccount merchant, Map<String, List<String>> params) {
    if (!merchant.id().equals(HttpSupport.first(params, "siteAlias"))) {
      return json(code(-6));
    }
    String invoiceId = HttpSupport.first(params, "invoiceID");
    Payment best = null;
    for (Payment payment :
        core.payments(
            p ->
                p.merchantId().equals(merchant.id())
                    && V1Views.isNumericId(p.id())
                    && p.invoiceTextIs("orderNo", invoiceId))) {
      if (best == null || invoiceRank(payment) >= invoiceRank(best)) {
        best = payment;
      }
    }
    return best == null
        ? json(code(-13))
        : json(success("Payment", V1Views.payment(best, merchant)));
  }

  /**
   * Which of several payments of one invoice number answers {@code getPaymentByInvoiceID}: the one
   * that took the money, else the one holding it, else one still under way, else a failed one; the
   * latest among equals.
   */
  private static int invoiceRank(Payment payment) {
    return switch (V1Views.state(payment)) {
      case "COMPLETE" -> 4;
      case "HOLD" -> 3;
      case "PROCESSING", "INITIATED" -> 2;
      default -> 1;
    };
  }

  private HttpSupport.Out listPayments(MerchantAccount merchant, Map<String, List<String>> params) {
    String site = HttpSupport.first(params, "siteAlias");
    if (site != null && !site.isEmpty() && !site.equals(merchant.id())) {
      return json(code(-6));
    }
    Predicate<Instant> period = V1Params.period(params);
    String invoiceId = HttpSupport.first(params, "invoiceID");
    String state = HttpSupport.first(params, "state");
    List<Payment> matching =
        core.payments(
            p ->
                p.merchantId().equals(merchant.id())
                    && V1Views.isNumericId(p.id())
                    && period.test(p.created())
                    && (invoiceId == null || p.invoiceTextIs("orderNo", invoiceId))
                    && (state == null || state.equals(V1Views.state(p))));
    ObjectNode response = Json.object();
    response.put("Overflow", matching.size() > config.v1ListLimit());
    ArrayNode list = response.putArray("Payments");
    matching.stream()
        .limit(config.v1ListLimit())
        .forEach(p -> list.add(V1Views.payment(p, merchant)));
    return json(success("Response", response));
  }

  // ---------------------------------------------------------------- refunds and holds

  private HttpSupport.Out refund(
      MerchantAccount merchant, Map<String, List<String>> params, Instant now) {
    Payment payment = find(merchant, V1Params.normalisedId(params));
    if (payment == null) {
      return json(code(-13));
    }
    BigDecimal amount = V1Params.amount(params);
    if (amount.signum() <= 0 || !Amounts.inBounds(amount)) {
      return json(code(-18));
    }
    String externalId = HttpSupport.first(params, "externalID");
    Refund refund =
        core.refund(
            payment,
            amount,
            externalId == null || externalId.isEmpty() ? null : externalId,
            V1Params.cartReceipt(params),
            now);
    return json(success("Refund", V1Views.refund(refund)));
  }

  private HttpSupport.Out listRefunds(MerchantAccount merchant, Map<String, List<String>> params) {
    Predicate<Instant> period = V1Params.period(params);
    String paymentId = HttpSupport.first(params, "paymentID");
    String normalised =
        paymentId == null ? null : Long.toString(V1Params.integer(params, "paymentID"));
    String externalId = HttpSupport.first(params, "externalID");
    List<Refund> matching =
        core.refunds(
            r ->
                r.merchantId().equals(merchant.id())
                    && V1Views.isNumericId(r.id())
                    && V1Views.isNumericId(r.paymentId())
                    && period.test(r.created())
                    && (normalised == null || normalised.equals(r.paymentId()))
                    && (externalId == null || externalId.equals(r.externalId())));
    ObjectNode response = Json.object();
    response.put("Overflow", matching.size() > config.v1ListLimit());
    ArrayNode list = response.putArray("Refunds");
    matching.stream().limit(config.v1ListLimit()).forEach(r -> list.add(V1Views.refund(r)));
    return json(success("Response", response));
  }

  private HttpSupport.Out confirm(
      MerchantAccount merchant, Map<String, List<String>> params, Instant now) {
    Payment payment = find(merchant, V1Params.normalisedId(params));
    if (payment == null) {
      return json(code(-13));
    }
    BigDecimal amount = V1Params.amount(params);
    if (amount.signum() <= 0 || !Amounts.inBounds(amount)) {
      return json(code(-18));
    }
    core.capture(payment, amount, null, now);
    return json(success("Payment", V1Views.payment(payment, merchant)));
  }

  private HttpSupport.Out cancel(
      MerchantAccount merchant, Map<String, List<String>> params, Instant now) {
    Payment payment = find(merchant, V1Params.normalisedId(params));
    if (payment == null) {
      return json(code(-13));
    }
    // The reason is read once the payment is known to be cancellable.
    core.requireCancellable(payment);
    String error = HttpSupport.first(params, "error");
    Integer reason = null;
    if (error != null && !error.isEmpty()) {
      long code = V1Params.integer(params, "error");
      if (code != (int) code) {
        throw new V1Params.ContractFailure("error", "must be a 32-bit integer");
      }
      reason = (int) code;
    }
    core.cancel(payment, reason, now);
    return json(success("Payment", V1Views.payment(payment, merchant)));
  }

  // ---------------------------------------------------------------- documents and transfers

  private HttpSupport.Out listDocuments(
      MerchantAccount merchant, Map<String, List<String>> params, boolean xml) {
    Predicate<Instant> period = V1Params.period(params);
    ArrayNode documents = Json.array();
    for (V1Ledger.Document document : ledgers.get(merchant.id()).documents) {
      if (period.test(document.created())) {
        ObjectNode item = documents.addObject();
        item.put("Created", V1Views.localTime(document.created()));
        item.put("Description", document.description());
        item.put("DocumentID", document.id());
        item.put("FileName", document.fileName());
      }
    }
    return envelope(
        xml, success("Response", list("Documents", "RestDocumentInfo", documents, xml)));
  }

  private HttpSupport.Out documentContent(
      MerchantAccount merchant, Map<String, List<String>> params) {
    V1Ledger.Document document =
        ledgers.get(merchant.id()).document(HttpSupport.first(params, "documentID"));
    if (document == null) {
      return json(code(-13));
    }
    return new HttpSupport.Out(
            200, "application/octet-stream", document.content(), new LinkedHashMap<>())
        .withHeader("Content-Disposition", "attachment; filename=\"" + document.fileName() + "\"");
  }

  private HttpSupport.Out listTransfers(
      MerchantAccount merchant, Map<String, List<String>> params, boolean xml) {
    Predicate<Instant> period = V1Params.period(params);
    ArrayNode transfers = Json.array();
    for (V1Ledger.Transfer transfer : ledgers.get(merchant.id()).transfers) {
      if (period.test(transfer.created())) {
        ObjectNode item = transfers.addObject();
        item.put("Created", V1Views.localTime(transfer.created()));
        item.put("CurrencyCode", transfer.currency());
        item.put("PaymentOrderID", transfer.paymentOrderId());
        item.put("RegisterID", transfer.register().id());
        item.put("TransferAmount", transfer.amount());
      }
    }
    return envelope(
        xml, success("Response", list("Transfers", "RestTransferInfo", transfers, xml)));
  }

  private HttpSupport.Out register(
      MerchantAccount merchant, Map<String, List<String>> params, boolean xml) {
    V1Ledger.Register register =
        ledgers.get(merchant.id()).register(HttpSupport.first(params, "registerID"));
    if (register == null) {
      return envelope(xml, code(-13));
    }
    ObjectNode response = Json.object();
    response.put("RegisterID", register.id());
    response.put("RegisterNumber", register.number());
    response.put("PeriodFrom", V1Views.localTime(register.periodFrom()));
    response.put("PeriodTo", V1Views.localTime(register.periodTo()));
    ArrayNode operations = Json.array();
    for (V1Ledger.Operation operation : register.operations()) {
      ObjectNode item = operations.addObject();
      item.put("OperationID", operation.id());
      item.put("InvoiceID", operation.invoiceId());
      item.put("Stamp", V1Views.localTime(operation.stamp()));
      item.put("CurrencyCode", operation.currency());
      item.put("OperationAmount", operation.amount());
      item.put("TransferAmount", operation.transferAmount());
    }
    if (xml) {
      response.putObject("Operations").set("RestRegisterOperationInfo", operations);
    } else {
      response.set("Operations", operations);
    }
    return envelope(xml, success("Response", response));
  }

  /**
   * A list member: a plain array in JSON, a wrapper element with one child element per entry in
   * XML.
   */
  private static ObjectNode list(String name, String itemElement, ArrayNode items, boolean xml) {
    ObjectNode response = Json.object();
    if (xml) {
      response.putObject(name).set(itemElement, items);
    } else {
      response.set(name, items);
    }
    return response;
  }
}
