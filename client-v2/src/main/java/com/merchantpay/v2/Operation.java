package com.merchantpay.v2;

import com.merchantpay.v2.internal.ApiOperations;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The operations of the API. How safely each can be retried follows from its HTTP method in the
 * contract: a GET reads, a POST creates (with an Idempotency-Key), a PUT updates.
 */
enum Operation {
  CREATE_INVOICE("createInvoice"),
  CREATE_PAYMENT("createPayment"),
  COMPLETE_PAYMENT("completePayment"),
  CAPTURE_PAYMENT("capturePayment"),
  CANCEL_PAYMENT("cancelPayment"),
  GET_PAYMENT("getPayment"),
  LIST_PAYMENTS("listPayments"),
  CREATE_REFUND("createRefund"),
  GET_REFUND("getRefund"),
  LIST_REFUNDS("listRefunds"),
  START_TOKENIZATION("startTokenization"),
  CREATE_PAYMENT_TOKEN("createPaymentToken"),
  COMPLETE_PAYMENT_TOKEN("completePaymentToken"),
  GET_PAYMENT_TOKEN("getPaymentToken"),
  REVOKE_PAYMENT_TOKEN("revokePaymentToken"),
  CREATE_RECEIPT("createReceipt"),
  GET_RECEIPT("getReceipt"),
  LIST_RECEIPTS("listReceipts"),
  CREATE_STICKER("createSticker"),
  SET_STICKER_ACTIVE("setStickerActive"),
  GET_STICKER("getSticker"),
  LIST_STICKERS("listStickers");

  /**
   * READ: GET, safe to repeat. CREATE: POST with an Idempotency-Key, safe to repeat with the same
   * key. UPDATE: PUT without a key; repeating it after an unknown outcome may act twice.
   */
  enum Kind {
    READ,
    CREATE,
    UPDATE
  }

  /** The header parameter that carries a creating call's key: the only one the contract has. */
  static final String IDEMPOTENCY_KEY = "Idempotency-Key";

  final String id;
  final Kind kind;

  /** What the operation always sends (Accept, and Content-Type with a body), from the contract. */
  final Map<String, String> fixedHeaders;

  Operation(String id) {
    this.id = id;
    ApiOperations.Operation declared =
        ApiOperations.all().stream()
            .filter(operation -> operation.operationId().equals(id))
            .findFirst()
            .orElseThrow(() -> new IllegalStateException("the contract has no operation " + id));
    this.fixedHeaders = declared.fixedHeaders();
    String method = declared.method().toUpperCase(Locale.ROOT);
    this.kind =
        switch (method) {
          case "GET" -> Kind.READ;
          case "POST" -> Kind.CREATE;
          case "PUT" -> Kind.UPDATE;
          default ->
              throw new IllegalStateException(
                  id + " uses " + method + ", which the client does not know how to retry");
        };
    // The generated methods leave header parameters to the caller: one we do not send is a bug.
    List<String> expected = kind == Kind.CREATE ? List.of(IDEMPOTENCY_KEY) : List.of();
    if (!declared.headerParameters().equals(expected)) {
      throw new IllegalStateException(
          id
              + " has the header parameters "
              + declared.headerParameters()
              + " in the contract, and the client sends "
              + expected);
    }
  }
}
