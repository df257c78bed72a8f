package com.merchantpay.v2;

/** The operations of the API with what decides how safely each can be retried. */
enum Operation {
  CREATE_INVOICE("createInvoice", Kind.CREATE),
  CREATE_PAYMENT("createPayment", Kind.CREATE),
  COMPLETE_PAYMENT("completePayment", Kind.UPDATE),
  CAPTURE_PAYMENT("capturePayment", Kind.UPDATE),
  CANCEL_PAYMENT("cancelPayment", Kind.UPDATE),
  GET_PAYMENT("getPayment", Kind.READ),
  LIST_PAYMENTS("listPayments", Kind.READ),
  CREATE_REFUND("createRefund", Kind.CREATE),
  GET_REFUND("getRefund", Kind.READ),
  LIST_REFUNDS("listRefunds", Kind.READ),
  START_TOKENIZATION("startTokenization", Kind.CREATE),
  CREATE_PAYMENT_TOKEN("createPaymentToken", Kind.CREATE),
  COMPLETE_PAYMENT_TOKEN("completePaymentToken", Kind.UPDATE),
  GET_PAYMENT_TOKEN("getPaymentToken", Kind.READ),
  REVOKE_PAYMENT_TOKEN("revokePaymentToken", Kind.UPDATE),
  CREATE_RECEIPT("createReceipt", Kind.CREATE),
  GET_RECEIPT("getReceipt", Kind.READ),
  LIST_RECEIPTS("listReceipts", Kind.READ),
  CREATE_STICKER("createSticker", Kind.CREATE),
  SET_STICKER_ACTIVE("setStickerActive", Kind.UPDATE),
  GET_STICKER("getSticker", Kind.READ),
  LIST_STICKERS("listStickers", Kind.READ);

  /**
   * READ: GET, safe to repeat. CREATE: POST with an Idempotency-Key, safe to repeat with the same key.
   * UPDATE: PUT without a key; repeating it after an unknown outcome may act twice.
   */
  enum Kind {
    READ,
    CREATE,
    UPDATE
  }

  final String id;
  final Kind kind;

  Operation(String id, Kind kind) {
    this.id = id;
    this.kind = kind;
  }
}
