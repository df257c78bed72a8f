package com.merchantpay.sandbox;

import java.util.Arrays;

/**
 * An operation of one of the sandbox's interfaces, as fault rules and journal patterns name it.
 * Each belongs to its interface: {@code getPayment}, {@code cancelPayment} and {@code listRefunds}
 * are names of both, and a rule for v2's never meets v1's.
 *
 * <pre>{@code
 * sandbox.faults().add(Fault.on(Operation.V2.CAPTURE_PAYMENT).once().dropAfter());
 * sandbox.journal().verify(0, RequestPattern.operation(Operation.V1.REFUND_PAYMENT));
 * }</pre>
 */
public sealed interface Operation permits Operation.V2, Operation.V1 {
  /** {@code v2} or {@code v1}. */
  String api();

  /** The v2 operation id or the v1 operation name: {@code createPayment}. */
  String id();

  /** The name with its interface, {@code v2:createPayment}: the form every text accepts. */
  default String qualifiedName() {
    return api() + ":" + id();
  }

  /**
   * The operation a name means: an operation id or name of one interface ({@code createPayment}),
   * or one with its interface ({@code v1:getPayment}), in any letter case.
   *
   * @throws IllegalArgumentException for a name of no operation, naming the known ones (and the
   *     closest), or a name of both interfaces without its interface
   */
  static Operation named(String name) {
    String qualified = KnownOperations.NAMES.qualify(name);
    String api = qualified.substring(0, 2);
    String id = qualified.substring(3);
    return Arrays.stream(api.equals("v2") ? V2.values() : V1.values())
        .filter(operation -> operation.id().equals(id))
        .findFirst()
        .map(Operation.class::cast)
        .orElseThrow();
  }

  /** The operations of the v2 interface, by their operation ids. */
  enum V2 implements Operation {
    CREATE_INVOICE("createInvoice"),
    CREATE_PAYMENT("createPayment"),
    LIST_PAYMENTS("listPayments"),
    GET_PAYMENT("getPayment"),
    COMPLETE_PAYMENT("completePayment"),
    CAPTURE_PAYMENT("capturePayment"),
    CANCEL_PAYMENT("cancelPayment"),
    CREATE_REFUND("createRefund"),
    LIST_REFUNDS("listRefunds"),
    GET_REFUND("getRefund"),
    START_TOKENIZATION("startTokenization"),
    CREATE_PAYMENT_TOKEN("createPaymentToken"),
    GET_PAYMENT_TOKEN("getPaymentToken"),
    COMPLETE_PAYMENT_TOKEN("completePaymentToken"),
    REVOKE_PAYMENT_TOKEN("revokePaymentToken"),
    CREATE_RECEIPT("createReceipt"),
    LIST_RECEIPTS("listReceipts"),
    GET_RECEIPT("getReceipt"),
    CREATE_STICKER("createSticker"),
    LIST_STICKERS("listStickers"),
    SET_STICKER_ACTIVE("setStickerActive"),
    GET_STICKER("getSticker");

    private final String id;

    V2(String id) {
      this.id = id;
    }

    @Override
    public String api() {
      return "v2";
    }

    @Override
    public String id() {
      return id;
    }
  }

  /** The operations of the v1 interface, by their operation names. */
  enum V1 implements Operation {
    GET_PAYMENT("getPayment"),
    GET_PAYMENT_BY_INVOICE_ID("getPaymentByInvoiceID"),
    LIST_PAYMENTS_FILTER("listPaymentsFilter"),
    REFUND_PAYMENT("refundPayment"),
    LIST_REFUNDS("listRefunds"),
    CONFIRM_PAYMENT("confirmPayment"),
    CANCEL_PAYMENT("cancelPayment"),
    LIST_DOCUMENTS("listDocuments"),
    GET_DOCUMENT_CONTENT("getDocumentContent"),
    LIST_TRANSFERS("listTransfers"),
    GET_TRANSFER_REGISTER("getTransferRegister");

    private final String id;

    V1(String id) {
      this.id = id;
    }

    @Override
    public String api() {
      return "v1";
    }

    @Override
    public String id() {
      return id;
    }
  }
}
