package com.merchantpay.sandbox.internal.v1;

import com.merchantpay.sandbox.internal.config.MerchantAccount;
import com.merchantpay.sandbox.internal.config.SandboxConfig;
import com.merchantpay.sandbox.internal.config.V1Role;
import com.merchantpay.sandbox.internal.config.V1User;
import com.merchantpay.sandbox.internal.contract.Contracts;
import com.merchantpay.sandbox.internal.contract.Ignored;
import com.merchantpay.sandbox.internal.contract.V1Forms;
import com.merchantpay.sandbox.internal.contract.ValidationMessages;
import com.merchantpay.sandbox.internal.domain.Amounts;
import com.merchantpay.sandbox.internal.domain.Core;
import com.merchantpay.sandbox.internal.domain.Payment;
import com.merchantpay.sandbox.internal.domain.Refund;
import com.merchantpay.sandbox.internal.domain.Refusal;
import com.merchantpay.sandbox.internal.domain.SandboxClock;
import com.merchantpay.sandbox.internal.http.HttpSupport;
import com.merchantpay.sandbox.internal.http.Json;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.xml.XmlMapper;
import com.fasterxml.jackson.dataformat.xml.ser.ToXmlGenerator;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The v1 interface. A handled call always answers HTTP 200 with the envelope; checks run in this order:
 * login (-6), signature (-7), nonce (-14), role (-6), then the contract. A call that breaks the contract
 * (a missing or malformed value) is not handled: it gets HTTP 400 with a plain-text list of the failed
 * fields, which the v1 document allows as "any other status, body not defined".
 */
public final class V1Api {
  /** Built on first use: XML answers are rare and the mapper is slow to create. */
  private static final class Xml {
    static final XmlMapper MAPPER = XmlMapper.builder().enable(ToXmlGenerator.Feature.WRITE_XML_DECLARATION).build();
  }

  private final SandboxConfig config;
  private final Core core;
  private final SandboxClock clock;
  private final NonceMemory nonces;
  private final Map<String, V1Ledger> ledgers;

  public V1Api(SandboxConfig config, Core core, SandboxClock clock, NonceMemory nonces, Map<String, V1Ledger> ledgers) {
    this.config = config;
    this.core = core;
    this.clock = clock;
    this.nonces = nonces;
    this.ledgers = ledgers;
  }

  public HttpSupport.Out handle(HttpSupport.In in) {
    Contracts.Api api = Contracts.v1();
    Contracts.Operation operation = null;
    boolean pathKnown = false;
    for (Contracts.Operation candidate : api.operations()) {
      if (candidate.match(in.rawPath()) != null) {
        pathKnown = true;
        if (candidate.method().equals(in.method())) {
          operation = candidate;
        }
      }
    }
    if (operation == null) {
      return pathKnown ? HttpSupport.Out.text(405, "text/plain; charset=utf-8", "method not allowed\n")
          : HttpSupport.Out.text(404, "text/plain; charset=utf-8", "no v1 operation at " + in.rawPath() + "\n");
    }
    Map<String, List<String>> params;
    try {
      params = "POST".equals(in.method())
          ? HttpSupport.parseForm(new String(in.body(), StandardCharsets.UTF_8))
          : in.query();
    } catch (IllegalArgumentException e) {
      return HttpSupport.Out.text(400, "text/plain; charset=utf-8", "body: malformed form encoding\n");
    }
    // A parameter the operation does not declare (xml on an operation without an XML answer, say) is ignored.
    List<String> ignored = "POST".equals(in.method()) ? Ignored.formFields(api, operation, params.keySet())
        : Ignored.queryParameters(api, operation, params.keySet());
    boolean xml = operation.xml() && "1".equals(HttpSupport.first(params, "xml"));
    return Ignored.name(signedCall(in, api, operation, params, xml), List.of(), ignored);
  }

  private HttpSupport.Out signedCall(HttpSupport.In in, Contracts.Api api, Contracts.Operation operation,
      Map<String, List<String>> params, boolean xml) {
    String login = HttpSupport.first(params, "login");
    V1User user = login == null ? null : config.user(login);
    if (user == null) {
      return envelope(xml, code(-6));
    }
    String expected = V1Signature.hash(V1Signature.signedText(operation.hashed(), user.login(), user.password(), params));
    if (!V1Signature.matches(expected, HttpSupport.first(params, "hash"))) {
      return envelope(xml, code(-7));
    }
    // -14 is the one code the document has for nonces: one that breaks their rules cannot be a new one either.
    String nonce = HttpSupport.first(params, "nonce");
    if (!V1Signature.isWellFormedNonce(nonce) || !nonces.firstUse(user.login(), nonce, clock.now())) {
      return envelope(xml, code(-14));
    }
    if (!V1Role.allows(user.roles(), operation.requiredRole())) {
      return envelope(xml, code(-6));
    }
    List<String> errors = "POST".equals(in.method())
        ? V1Forms.check(api, operation, in.contentType(), params)
        : validate(in, api, operation);
    if (!errors.isEmpty()) {
      return HttpSupport.Out.text(400, "text/plain; charset=utf-8", String.join("\n", errors) + "\n");
    }
    MerchantAccount merchant = config.merchant(user.merchantId());
    String account = HttpSupport.first(params, "accountID");
    if (account != null && !account.isEmpty() && !account.equals(merchant.accountId())) {
      return envelope(xml, code(-6));
    }
    try {
      return core.transact(now -> answer(operation, merchant, params, xml, now));
    } catch (ContractFailure e) {
      return HttpSupport.Out.text(400, "text/plain; charset=utf-8", e.getMessage() + "\n");
    }
  }

  private HttpSupport.Out answer(Contracts.Operation operation, MerchantAccount merchant,
      Map<String, List<String>> params, boolean xml, Instant now) {
    return switch (operation.id()) {
      case "getPayment" -> getPayment(merchant, params);
      case "getPaymentByInvoiceID" -> getPaymentByInvoice(merchant, params);
      case "listPaymentsFilter" -> listPayments(merchant, params);
      case "refundPayment" -> refund(merchant, params, now);
      case "listRefunds" -> listRefunds(merchant, params);
      case "confirmPayment" -> confirm(merchant, params, now);
      case "cancelPayment" -> cancel(merchant, params, now);
      case "listDocuments" -> listDocuments(merchant, params, xml);
      case "getDocumentContent" -> documentContent(merchant, params);
      case "listTransfers" -> listTransfers(merchant, params, xml);
      case "getTransferRegister" -> register(merchant, params, xml);
      default -> throw new IllegalStateException("operation without a handler: " + operation.id());
    };
  }

  /**
   * A value the contract check let through but the operation cannot read (the request validator, for
   * one, reads {@code " 1"} in a query as an integer); answered like any other contract failure.
   */
  private static final class ContractFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ContractFailure(String field, String problem) {
      super(field + ": " + problem, null, false, false);
    }
  }

  private static long integer(Map<String, List<String>> params, String name) {
    try {
      return Long.parseLong(HttpSupport.first(params, name));
    } catch (NumberFormatException e) {
      throw new ContractFailure(name, "must be of type integer");
    }
  }

  private static BigDecimal amount(Map<String, List<String>> params) {
    try {
      return new BigDecimal(HttpSupport.first(params, "amount"));
    } catch (NumberFormatException | NullPointerException e) {
      throw new ContractFailure("amount", "must be of type number");
    }
  }

  private static Instant day(Map<String, List<String>> params, String name, int plusDays, Instant absent) {
    String text = HttpSupport.first(params, name);
    if (text == null) {
      return absent;
    }
    try {
      return LocalDate.parse(text).plusDays(plusDays).atStartOfDay().toInstant(ZoneOffset.UTC);
    } catch (DateTimeParseException e) {
      throw new ContractFailure(name, "must be a valid date value");
    }
  }

  /** The operations this class answers; the server checks at start that they are exactly the document's. */
  public static final List<String> OPERATIONS = List.of("getPayment", "getPaymentByInvoiceID", "listPaymentsFilter",
      "refundPayment", "listRefunds", "confirmPayment", "cancelPayment", "listDocuments", "getDocumentContent",
      "listTransfers", "getTransferRegister");

  private static List<String> validate(HttpSupport.In in, Contracts.Api api, Contracts.Operation operation) {
    // The document's spelling of the path: the call may have used another letter case.
    SimpleRequest.Builder request = new SimpleRequest.Builder(Request.Method.valueOf(in.method()),
        operation.template());
    in.headers().forEach(request::withHeader);
    in.query().forEach(request::withQueryParam);
    return ValidationMessages.errors(api.validate(request.build(), operation, operation.template()));
  }

  private static ObjectNode code(int errorCode) {
    ObjectNode node = Json.object();
    node.put("ErrorCode", errorCode);
    return node;
  }

  private static ObjectNode success(String member, com.fasterxml.jackson.databind.JsonNode payload) {
    ObjectNode node = code(0);
    node.set(member, payload);
    return node;
  }

  private static HttpSupport.Out envelope(boolean xml, ObjectNode body) {
    if (!xml) {
      return HttpSupport.Out.json(200, body);
    }
    try {
      byte[] bytes = Xml.MAPPER.writer().withRootName("RestController.RestResponse").writeValueAsBytes(body);
      return new HttpSupport.Out(200, "application/xml; charset=utf-8", bytes, new java.util.LinkedHashMap<>());
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write XML", e);
    }
  }

  private static HttpSupport.Out json(ObjectNode body) {
    return envelope(false, body);
  }

  // ---------------------------------------------------------------- payments

  private Payment find(MerchantAccount merchant, String paymentId) {
    Payment payment = core.payment(paymentId);
    return payment != null && payment.merchantId().equals(merchant.id()) && V1Views.isNumericId(payment.id()) ? payment
        : null;
  }

  private static String normalisedId(Map<String, List<String>> params) {
    return Long.toString(integer(params, "paymentID"));
  }

  private HttpSupport.Out getPayment(MerchantAccount merchant, Map<String, List<String>> params) {
    Payment payment = find(merchant, normalisedId(params));
    return payment == null ? json(code(-13)) : json(success("Payment", V1Views.payment(payment, merchant)));
  }

  private HttpSupport.Out getPaymentByInvoice(MerchantAccount merchant, Map<String, List<String>> params) {
    if (!merchant.id().equals(HttpSupport.first(params, "siteAlias"))) {
      return json(code(-6));
    }
    String invoiceId = HttpSupport.first(params, "invoiceID");
    Payment best = null;
    for (Payment payment : core.payments(p -> p.merchantId().equals(merchant.id()) && V1Views.isNumericId(p.id())
        && invoiceId.equals(p.invoiceText("orderNo")))) {
      if (best == null || invoiceRank(payment) >= invoiceRank(best)) {
        best = payment;
      }
    }
    return best == null ? json(code(-13)) : json(success("Payment", V1Views.payment(best, merchant)));
  }

  /**
   * Which of several payments of one invoice number answers {@code getPaymentByInvoiceID}: the one that
   * took the money, else the one holding it, else one still under way, else a failed one; the latest
   * among equals.
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
    Predicate<Instant> period = period(params);
    String invoiceId = HttpSupport.first(params, "invoiceID");
    String state = HttpSupport.first(params, "state");
    List<Payment> matching = core.payments(p -> p.merchantId().equals(merchant.id()) && V1Views.isNumericId(p.id())
        && period.test(p.created()) && (invoiceId == null || invoiceId.equals(p.invoiceText("orderNo")))
        && (state == null || state.equals(V1Views.state(p))));
    ObjectNode response = Json.object();
    response.put("Overflow", matching.size() > config.v1ListLimit());
    ArrayNode list = response.putArray("Payments");
    matching.stream().limit(config.v1ListLimit()).forEach(p -> list.add(V1Views.payment(p, merchant)));
    return json(success("Response", response));
  }

  /** Period bounds are UTC days and both days are included. */
  private static Predicate<Instant> period(Map<String, List<String>> params) {
    Instant start = day(params, "periodFrom", 0, Instant.MIN);
    Instant end = day(params, "periodTo", 1, Instant.MAX);
    return t -> !t.isBefore(start) && t.isBefore(end);
  }

  // ---------------------------------------------------------------- refunds and holds

  private HttpSupport.Out refund(MerchantAccount merchant, Map<String, List<String>> params, Instant now) {
    Payment payment = find(merchant, normalisedId(params));
    if (payment == null) {
      return json(code(-13));
    }
    BigDecimal amount = amount(params);
    if (amount.signum() <= 0 || !Amounts.inBounds(amount)) {
      return json(code(-18));
    }
    return switch (core.checkRefund(payment, amount)) {
      case NONE -> {
        String externalId = HttpSupport.first(params, "externalID");
        Refund refund = core.refund(payment, amount, externalId == null || externalId.isEmpty() ? null
            : externalId, cartReceipt(params), now);
        yield json(success("Refund", V1Views.refund(refund)));
      }
      case CANCELLED -> json(code(V1Views.closedCode(payment)));
      default -> json(code(-18));
    };
  }

  private static final Pattern CART_LINE = Pattern.compile("^shoppingcart\\.items\\[([0-9]+)]\\.(name|qty|price|tax)$");

  /**
   * The receipt of a refund whose cart lines were sent, in the v2 receipt's form, so the refund gets its
   * receipt whichever interface made it; null without lines.
   */
  private static ObjectNode cartReceipt(Map<String, List<String>> params) {
    Map<Integer, ObjectNode> lines = new java.util.TreeMap<>();
    params.forEach((name, values) -> {
      Matcher matcher = CART_LINE.matcher(name);
      if (matcher.matches()) {
        ObjectNode line = lines.computeIfAbsent(Integer.parseInt(matcher.group(1)), n -> Json.object());
        String value = values.get(0);
        switch (matcher.group(2)) {
          case "name" -> line.put("name", value);
          case "qty" -> line.put("quantity", new BigDecimal(value));
          case "price" -> line.put("price", new BigDecimal(value));
          default -> line.put("tax", value);
        }
      }
    });
    if (lines.isEmpty()) {
      return null;
    }
    ObjectNode receipt = Json.object();
    ArrayNode items = receipt.putArray("items");
    lines.values().forEach(items::add);
    return receipt;
  }

  private HttpSupport.Out listRefunds(MerchantAccount merchant, Map<String, List<String>> params) {
    Predicate<Instant> period = period(params);
    String paymentId = HttpSupport.first(params, "paymentID");
    String normalised = paymentId == null ? null : Long.toString(integer(params, "paymentID"));
    String externalId = HttpSupport.first(params, "externalID");
    List<Refund> matching = core.refunds(r -> r.merchantId().equals(merchant.id()) && V1Views.isNumericId(r.id())
        && V1Views.isNumericId(r.paymentId()) && period.test(r.created())
        && (normalised == null || normalised.equals(r.paymentId()))
        && (externalId == null || externalId.equals(r.externalId())));
    ObjectNode response = Json.object();
    response.put("Overflow", matching.size() > config.v1ListLimit());
    ArrayNode list = response.putArray("Refunds");
    matching.stream().limit(config.v1ListLimit()).forEach(r -> list.add(V1Views.refund(r)));
    return json(success("Response", response));
  }

  private HttpSupport.Out confirm(MerchantAccount merchant, Map<String, List<String>> params, Instant now) {
    Payment payment = find(merchant, normalisedId(params));
    if (payment == null) {
      return json(code(-13));
    }
    BigDecimal amount = amount(params);
    if (amount.signum() <= 0 || !Amounts.inBounds(amount)) {
      return json(code(-18));
    }
    return switch (core.capture(payment, amount, null, now)) {
      case NONE -> json(success("Payment", V1Views.payment(payment, merchant)));
      case EXCEEDS -> json(code(-18));
      case CANCELLED -> json(code(V1Views.closedCode(payment)));
      default -> json(code(-10));
    };
  }

  private HttpSupport.Out cancel(MerchantAccount merchant, Map<String, List<String>> params, Instant now) {
    Payment payment = find(merchant, normalisedId(params));
    if (payment == null) {
      return json(code(-13));
    }
    switch (core.checkCancel(payment)) {
      case NONE -> {
        // the reason is read below, once the payment is known to be cancellable
      }
      case CANCELLED -> {
        return json(code(V1Views.closedCode(payment)));
      }
      default -> {
        return json(code(-10));
      }
    }
    String error = HttpSupport.first(params, "error");
    Integer reason = null;
    if (error != null && !error.isEmpty()) {
      long code = integer(params, "error");
      if (code != (int) code) {
        throw new ContractFailure("error", "must be a 32-bit integer");
      }
      reason = (int) code;
    }
    core.cancel(payment, reason, now);
    return json(success("Payment", V1Views.payment(payment, merchant)));
  }

  // ---------------------------------------------------------------- documents and transfers

  private HttpSupport.Out listDocuments(MerchantAccount merchant, Map<String, List<String>> params, boolean xml) {
    Predicate<Instant> period = period(params);
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
    return envelope(xml, success("Response", list("Documents", "RestDocumentInfo", documents, xml)));
  }

  private HttpSupport.Out documentContent(MerchantAccount merchant, Map<String, List<String>> params) {
    V1Ledger.Document document = ledgers.get(merchant.id()).document(HttpSupport.first(params, "documentID"));
    if (document == null) {
      return json(code(-13));
    }
    return new HttpSupport.Out(200, "application/octet-stream", document.content(), new java.util.LinkedHashMap<>())
        .withHeader("Content-Disposition", "attachment; filename=\"" + document.fileName() + "\"");
  }

  private HttpSupport.Out listTransfers(MerchantAccount merchant, Map<String, List<String>> params, boolean xml) {
    Predicate<Instant> period = period(params);
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
    return envelope(xml, success("Response", list("Transfers", "RestTransferInfo", transfers, xml)));
  }

  private HttpSupport.Out register(MerchantAccount merchant, Map<String, List<String>> params, boolean xml) {
    V1Ledger.Register register = ledgers.get(merchant.id()).register(HttpSupport.first(params, "registerID"));
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

  /** A list member: a plain array in JSON, a wrapper element with one child element per entry in XML. */
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
