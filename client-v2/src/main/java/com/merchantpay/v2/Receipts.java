package com.merchantpay.v2;

import com.merchantpay.v2.internal.api.ReceiptsApi;
import com.merchantpay.v2.model.CreateReceiptRequest;
import com.merchantpay.v2.model.ReceiptList;
import com.merchantpay.v2.model.ReceiptResponse;
import java.util.Objects;

/**
 * Fiscal receipts. A new receipt is {@code Pending}; once registered it carries its fiscal data.
 */
public final class Receipts {
  private final ReceiptsApi api;
  private final CallExecutor calls;
  private final RequestValidator validator;

  Receipts(ReceiptsApi api, CallExecutor calls, RequestValidator validator) {
    this.api = api;
    this.calls = calls;
    this.validator = validator;
  }

  /** Sends a receipt for registration; it starts {@code Pending}. */
  public ReceiptResponse create(CreateReceiptRequest request) {
    return createWithResponse(request, RequestOptions.none()).value();
  }

  /**
   * As {@link #create}, with per-call {@link RequestOptions}; the {@link Response} also carries the
   * status, headers, request id, attempts and idempotency key.
   */
  public Response<ReceiptResponse> createWithResponse(
      CreateReceiptRequest request, RequestOptions options) {
    Objects.requireNonNull(options, "options");
    validator.validate(Operation.CREATE_RECEIPT, request);
    return calls.execute(
        Operation.CREATE_RECEIPT,
        options,
        timeouts -> api.createReceiptWithHttpInfo(timeouts, request));
  }

  /** Reads a receipt, with its fiscal data once registered. */
  public ReceiptResponse get(String receiptId) {
    return getWithResponse(receiptId, RequestOptions.none()).value();
  }

  /**
   * As {@link #get}, with per-call {@link RequestOptions}; the {@link Response} also carries the
   * status, headers, request id and attempts.
   */
  public Response<ReceiptResponse> getWithResponse(String receiptId, RequestOptions options) {
    Objects.requireNonNull(options, "options");
    validator.requireText(Operation.GET_RECEIPT, "receiptId", receiptId);
    return calls.execute(
        Operation.GET_RECEIPT,
        options,
        timeouts -> api.getReceiptWithHttpInfo(timeouts, receiptId));
  }

  /** The receipts of one payment. */
  public Page<ReceiptResponse> list(String paymentId) {
    return list(paymentId, RequestOptions.none());
  }

  /**
   * As the {@code list} above, with per-call options; every following page is fetched with them
   * too.
   */
  public Page<ReceiptResponse> list(String paymentId, RequestOptions options) {
    Objects.requireNonNull(options, "options");
    validator.requireText(Operation.LIST_RECEIPTS, "paymentId", paymentId);
    return calls.page(
        Operation.LIST_RECEIPTS,
        options,
        null,
        cursor -> timeouts -> api.listReceiptsWithHttpInfo(timeouts, paymentId, cursor),
        ReceiptList::getItems,
        ReceiptList::getCursor);
  }
}
