package com.merchantpay.v2;

import com.merchantpay.v2.internal.api.RefundsApi;
import com.merchantpay.v2.model.CreateRefundRequest;
import com.merchantpay.v2.model.Refund;
import com.merchantpay.v2.model.RefundList;
import java.time.OffsetDateTime;
import java.util.Objects;

/** Refunds of settled payments. A new refund is {@code Pending}; read it again for the outcome. */
public final class Refunds {
  private final RefundsApi api;
  private final CallExecutor calls;
  private final RequestValidator validator;

  Refunds(RefundsApi api, CallExecutor calls, RequestValidator validator) {
    this.api = api;
    this.calls = calls;
    this.validator = validator;
  }

  /** Refunds a payment, in full or in part; the refund starts {@code Pending}. */
  public Refund create(CreateRefundRequest request) {
    return createWithResponse(request, RequestOptions.none()).value();
  }

  /**
   * As {@link #create}, with per-call {@link RequestOptions}; the {@link Response} also carries the
   * status, headers, request id, attempts and idempotency key.
   */
  public Response<Refund> createWithResponse(CreateRefundRequest request, RequestOptions options) {
    Objects.requireNonNull(options, "options");
    validator.validate(Operation.CREATE_REFUND, request);
    return calls.execute(
        Operation.CREATE_REFUND,
        options,
        timeouts -> api.createRefundWithHttpInfo(timeouts, request));
  }

  /** Reads a refund. */
  public Refund get(String refundId) {
    return getWithResponse(refundId, RequestOptions.none()).value();
  }

  /**
   * As {@link #get}, with per-call {@link RequestOptions}; the {@link Response} also carries the
   * status, headers, request id and attempts.
   */
  public Response<Refund> getWithResponse(String refundId, RequestOptions options) {
    Objects.requireNonNull(options, "options");
    validator.requireText(Operation.GET_REFUND, "refundId", refundId);
    return calls.execute(
        Operation.GET_REFUND, options, timeouts -> api.getRefundWithHttpInfo(timeouts, refundId));
  }

  /**
   * Refunds of a merchant created from {@code start} (inclusive) to {@code end} (exclusive), oldest
   * first.
   */
  public Page<Refund> list(String merchantId, OffsetDateTime start, OffsetDateTime end) {
    return list(merchantId, start, end, RequestOptions.none());
  }

  /**
   * As the {@code list} above, with per-call options; every following page is fetched with them
   * too.
   */
  public Page<Refund> list(
      String merchantId, OffsetDateTime start, OffsetDateTime end, RequestOptions options) {
    Objects.requireNonNull(options, "options");
    validator.requireText(Operation.LIST_REFUNDS, "merchantId", merchantId);
    validator.requireNonNull(Operation.LIST_REFUNDS, "start", start);
    validator.requireNonNull(Operation.LIST_REFUNDS, "end", end);
    return calls.page(
        Operation.LIST_REFUNDS,
        options,
        null,
        cursor -> timeouts -> api.listRefundsWithHttpInfo(timeouts, merchantId, start, end, cursor),
        RefundList::getItems,
        RefundList::getCursor);
  }
}
