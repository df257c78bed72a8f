package com.merchantpay.conformance.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The request members the v2 document lists for each operation: its endpoint row, and the tables of
 * the structures the row names. Our spec reuses structures across operations (one {@code Protocol},
 * one {@code Customer}, one {@code PaymentData}), so its schemas hold members that an operation's
 * row does not name: {@code threeDSCompleteUrl} in an invoice, a customer's phone in a payment
 * token, a wallet cryptogram in a payment token. Such a member is an open point for that operation:
 * a target that ignores it, or takes it without checking it, reads the documents as well as one
 * that checks it.
 *
 * <p>Paths are dotted, with {@code []} for the items of an array and {@code *} for the values of a
 * free-form object, as {@link RequestConstraints} writes members.
 */
final class DocumentedRequests {
  private static final List<String> RECEIPT_ITEM =
      List.of(
          "name",
          "quantity",
          "price",
          "measure",
          "excise",
          "product",
          "product.country",
          "product.declaration",
          "vatType",
          "paymentSubject",
          "paymentMethod",
          "marking",
          "marking.code",
          "marking.quantity",
          "marking.quantity.numerator",
          "marking.quantity.denominator",
          "agentType",
          "supplier",
          "supplier.name",
          "supplier.inn",
          "supplier.phone");
  private static final List<String> CLIENT =
      List.of("client", "client.email", "client.phone", "client.name", "client.inn");
  private static final List<String> SETTLEMENTS =
      List.of(
          "settlements",
          "settlements.cashless",
          "settlements.advance",
          "settlements.loan",
          "settlements.consideration");
  private static final List<String> AMOUNT = List.of("amount", "amount.value", "amount.currency");
  private static final List<String> TOKENIZATION =
      List.of(
          "tokenization", "tokenization.type", "tokenization.purpose", "tokenization.callbackUrl");
  private static final List<String> INVOICE =
      List.of(
          "invoice",
          "invoice.description",
          "invoice.orderNo",
          "invoice.expires",
          "invoice.params",
          "invoice.params.*");
  private static final List<String> CUSTOMER =
      List.of("customer", "customer.email", "customer.phone", "customer.ip", "customer.account");
  private static final List<String> TOKEN_CUSTOMER =
      List.of("customer", "customer.account", "customer.email");
  private static final List<String> DEVICE =
      List.of(
          "device",
          "device.language",
          "device.acceptHeader",
          "device.userAgent",
          "device.colorDepth",
          "device.screenHeight",
          "device.screenWidth",
          "device.utcOffsetMinutes");
  private static final List<String> PAYMENT_DATA =
      List.of(
          "paymentData",
          "paymentData.paymentMethod",
          "paymentData.card",
          "paymentData.card.pan",
          "paymentData.card.expiry",
          "paymentData.card.cvc",
          "paymentData.dsrp",
          "paymentData.dsrp.type",
          "paymentData.dsrp.cryptogram",
          "paymentData.dsrp.eci",
          "paymentData.authorizationCode",
          "paymentData.account",
          "paymentData.phone",
          "paymentData.token",
          "paymentData.token.id",
          "paymentData.stickerId");
  private static final List<String> CONFIRMATION_ANSWERS =
      List.of("code", "threeDSCompInd", "cres", "PARes");

  /** By operation id, the members its row lists. */
  private static final Map<String, Set<String>> LISTED =
      Map.ofEntries(
          Map.entry(
              "createInvoice",
              members(
                  List.of("merchantId", "dualMode", "testMode", "paymentMethod"),
                  TOKENIZATION,
                  INVOICE,
                  AMOUNT,
                  List.of("protocol", "protocol.returnUrl", "protocol.callbackUrl"),
                  CUSTOMER,
                  receipt(true))),
          Map.entry(
              "createPayment",
              members(
                  List.of("merchantId", "dualMode", "testMode"),
                  TOKENIZATION,
                  INVOICE,
                  AMOUNT,
                  PAYMENT_DATA,
                  List.of(
                      "protocol",
                      "protocol.returnUrl",
                      "protocol.callbackUrl",
                      "protocol.threeDSCompleteUrl"),
                  CUSTOMER,
                  DEVICE,
                  receipt(true))),
          Map.entry("completePayment", members(CONFIRMATION_ANSWERS)),
          Map.entry("capturePayment", members(AMOUNT, receipt(false))),
          Map.entry("createRefund", members(List.of("paymentId"), AMOUNT, receipt(false))),
          Map.entry(
              "startTokenization",
              members(
                  List.of(
                      "merchantId",
                      "testMode",
                      "type",
                      "purpose",
                      "paymentMethod",
                      "callbackUrl",
                      "returnUrl"),
                  TOKEN_CUSTOMER)),
          Map.entry(
              "createPaymentToken",
              members(
                  List.of("merchantId", "testMode", "type", "purpose"),
                  List.of(
                      "paymentData",
                      "paymentData.paymentMethod",
                      "paymentData.card",
                      "paymentData.card.pan",
                      "paymentData.card.expiry",
                      "paymentData.card.cvc"),
                  List.of(
                      "protocol",
                      "protocol.returnUrl",
                      "protocol.callbackUrl",
                      "protocol.threeDSCompleteUrl"),
                  TOKEN_CUSTOMER,
                  DEVICE)),
          Map.entry("completePaymentToken", members(CONFIRMATION_ANSWERS)),
          Map.entry(
              "createReceipt",
              members(
                  List.of("paymentId", "type"),
                  AMOUNT,
                  CLIENT,
                  List.of("items"),
                  prefixed("items[]", RECEIPT_ITEM),
                  SETTLEMENTS)),
          Map.entry(
              "createSticker",
              members(
                  List.of(
                      "merchantId",
                      "stickerType",
                      "cashlink",
                      "description",
                      "productCode",
                      "paymentPurpose",
                      "callbackUrl"),
                  AMOUNT)),
          Map.entry("setStickerActive", members(List.of("active"))));

  private DocumentedRequests() {}

  /**
   * Whether the v2 document lists this body member for the operation; true for operations without a
   * body and for what is not a body member (the whole body, a header, a query value, a path).
   */
  static boolean lists(String operationId, String member) {
    Set<String> listed = LISTED.get(operationId);
    return listed == null || listed.contains(member);
  }

  /** The operations whose body members are listed here. */
  static Set<String> operations() {
    return LISTED.keySet();
  }

  /** The members the document lists for the operation's body. */
  static Set<String> listed(String operationId) {
    return LISTED.getOrDefault(operationId, Set.of());
  }

  /** The receipt of a request: client and items, with settlements where the document lists it. */
  private static List<String> receipt(boolean withSettlements) {
    List<String> receipt = new ArrayList<>(List.of("receipt"));
    receipt.addAll(prefixed("receipt", CLIENT));
    receipt.add("receipt.items");
    receipt.addAll(prefixed("receipt.items[]", RECEIPT_ITEM));
    if (withSettlements) {
      receipt.addAll(prefixed("receipt", SETTLEMENTS));
    }
    return receipt;
  }

  private static List<String> prefixed(String prefix, List<String> members) {
    return members.stream().map(member -> prefix + "." + member).toList();
  }

  @SafeVarargs
  private static Set<String> members(List<String>... groups) {
    return Stream.of(groups).flatMap(List::stream).collect(Collectors.toUnmodifiableSet());
  }
}
