package com.merchantpay.v2;

import com.merchantpay.v2.internal.api.PaymentsApi;
import com.merchantpay.v2.model.CaptureRequest;
import com.merchantpay.v2.model.CompleteConfirmationRequest;
import com.merchantpay.v2.model.CreatePaymentRequest;
import com.merchantpay.v2.model.Payment;
import com.merchantpay.v2.model.PaymentList;
import com.merchantpay.v2.model.PaymentListItem;
import com.merchantpay.v2.model.PaymentStatus;
import java.time.OffsetDateTime;
import java.util.Objects;

/**
 * Payments with payment data: create, finish an additional confirmation, capture or cancel a
 * two-stage payment, read and list.
 *
 * <p>A declined payment is not an exception: {@link #create} returns it with status {@code
 * Rejected} and its {@code resultCode}. When the returned payment has status {@code Confirmation},
 * act on its {@code confirmation} (show the 3-D Secure page, ask for the SMS code) and call {@link
 * #complete}.
 */
public final class Payments {
  private final PaymentsApi api;
  private final CallExecutor calls;
  private final RequestValidator validator;

  Payments(PaymentsApi api, CallExecutor calls, RequestValidator validator) {
    this.api = api;
    this.calls = calls;
    this.validator = validator;
  }

  /**
   * Creates a payment with payment data; a decline comes back as a payment with status {@code
   * Rejected}.
   */
  public Payment create(CreatePaymentRequest request) {
    return createWithResponse(request, RequestOptions.none()).value();
  }

  /**
   * As {@link #create}, with per-call {@link RequestOptions}; the {@link Response} also carries the
   * status, headers, request id, attempts and idempotency key.
   */
  public Response<Payment> createWithResponse(
      CreatePaymentRequest request, RequestOptions options) {
    Objects.requireNonNull(options, "options");
    validator.validate(Operation.CREATE_PAYMENT, request);
    return calls.execute(
        Operation.CREATE_PAYMENT,
        options,
        timeouts -> api.createPaymentWithHttpInfo(timeouts, request));
  }

  /**
   * Answers the confirmation the payment asked for: {@code code} for SmsOtp, {@code threeDSCompInd}
   * for ThreeDSMethod, {@code cres} for ThreeDSChallenge, {@code PARes} for ThreeDSv1. The payment
   * returned may ask for a further confirmation.
   */
  public Payment complete(String paymentId, CompleteConfirmationRequest answer) {
    return completeWithResponse(paymentId, answer, RequestOptions.none()).value();
  }

  /**
   * As {@link #complete}, with per-call {@link RequestOptions}; the {@link Response} also carries
   * the status, headers, request id and attempts, and whether a retry found the update already
   * done.
   */
  public Response<Payment> completeWithResponse(
      String paymentId, CompleteConfirmationRequest answer, RequestOptions options) {
    Objects.requireNonNull(options, "options");
    validator.requireText(Operation.COMPLETE_PAYMENT, "paymentId", paymentId);
    validator.validate(Operation.COMPLETE_PAYMENT, answer);
    return calls.execute(
        Operation.COMPLETE_PAYMENT,
        options,
        timeouts -> api.completePaymentWithHttpInfo(timeouts, paymentId, answer),
        () -> {
          Response<Payment> read = getWithResponse(paymentId, options.forRead());
          return !PaymentStatus.CONFIRMATION.equals(read.value().getStatus())
              ? new CallExecutor.Reconciled<>(read, read.value())
              : null;
        });
  }

  /** Captures an authorized two-stage payment, in full or for a smaller amount. */
  public void capture(String paymentId, CaptureRequest request) {
    captureWithResponse(paymentId, request, RequestOptions.none());
  }

  /**
   * As {@link #capture}, with per-call {@link RequestOptions}; the {@link Response} also carries
   * the status, headers, request id and attempts, and whether a retry found the update already
   * done.
   */
  public Response<Void> captureWithResponse(
      String paymentId, CaptureRequest request, RequestOptions options) {
    Objects.requireNonNull(options, "options");
    validator.requireText(Operation.CAPTURE_PAYMENT, "paymentId", paymentId);
    validator.validate(Operation.CAPTURE_PAYMENT, request);
    return calls.execute(
        Operation.CAPTURE_PAYMENT,
        options,
        timeouts -> api.capturePaymentWithHttpInfo(timeouts, paymentId, request),
        () -> {
          Response<Payment> read = getWithResponse(paymentId, options.forRead());
          Payment payment = read.value();
          boolean captured =
              payment.getStatus().equals(PaymentStatus.SETTLED)
                  && (payment.getCapturedAmount() == null
                      || payment
                              .getCapturedAmount()
                              .getValue()
                              .compareTo(request.getAmount().getValue())
                          == 0);
          return captured ? new CallExecutor.Reconciled<Void>(read, null) : null;
        });
  }

  /** Cancels an authorized two-stage payment, releasing the held funds. */
  public void cancel(String paymentId) {
    cancelWithResponse(paymentId, RequestOptions.none());
  }

  /**
   * As {@link #cancel}, with per-call {@link RequestOptions}; the {@link Response} also carries the
   * status, headers, request id and attempts, and whether a retry found the update already done.
   */
  public Response<Void> cancelWithResponse(String paymentId, RequestOptions options) {
    Objects.requireNonNull(options, "options");
    validator.requireText(Operation.CANCEL_PAYMENT, "paymentId", paymentId);
    return calls.execute(
        Operation.CANCEL_PAYMENT,
        options,
        timeouts -> api.cancelPaymentWithHttpInfo(timeouts, paymentId),
        () -> {
          Response<Payment> read = getWithResponse(paymentId, options.forRead());
          return read.value().getStatus().equals(PaymentStatus.CANCELLED)
              ? new CallExecutor.Reconciled<Void>(read, null)
              : null;
        });
  }

  /** Reads a payment. */
  public Payment get(String paymentId) {
    return getWithResponse(paymentId, RequestOptions.none()).value();
  }

  /**
   * As {@link #get}, with per-call {@link RequestOptions}; the {@link Response} also carries the
   * status, headers, request id and attempts.
   */
  public Response<Payment> getWithResponse(String paymentId, RequestOptions options) {
    Objects.requireNonNull(options, "options");
    validator.requireText(Operation.GET_PAYMENT, "paymentId", paymentId);
    return calls.execute(
        Operation.GET_PAYMENT,
        options,
        timeouts -> api.getPaymentWithHttpInfo(timeouts, paymentId));
  }

  /**
   * Payments of a merchant created from {@code start} (inclusive) to {@code end} (exclusive),
   * oldest first.
   */
  public Page<PaymentListItem> list(String merchantId, OffsetDateTime start, OffsetDateTime end) {
    return list(merchantId, start, end, RequestOptions.none());
  }

  /**
   * As the {@code list} above, with per-call options; every following page is fetched with them
   * too.
   */
  public Page<PaymentListItem> list(
      String merchantId, OffsetDateTime start, OffsetDateTime end, RequestOptions options) {
    Objects.requireNonNull(options, "options");
    validator.requireText(Operation.LIST_PAYMENTS, "merchantId", merchantId);
    validator.requireNonNull(Operation.LIST_PAYMENTS, "start", start);
    validator.requireNonNull(Operation.LIST_PAYMENTS, "end", end);
    return calls.page(
        Operation.LIST_PAYMENTS,
        options,
        null,
        cursor ->
            timeouts -> api.listPaymentsWithHttpInfo(timeouts, merchantId, start, end, cursor),
        PaymentList::getItems,
        PaymentList::getCursor);
  }
}
