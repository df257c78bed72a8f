package com.merchantpay.v2;

import com.merchantpay.v2.internal.api.PaymentTokensApi;
import com.merchantpay.v2.model.CompleteConfirmationRequest;
import com.merchantpay.v2.model.CreatePaymentTokenRequest;
import com.merchantpay.v2.model.PaymentToken;
import com.merchantpay.v2.model.PaymentTokenStatus;
import java.util.Objects;

/**
 * Stored payment tokens for repeat charges. A new token is {@code Created} with an External
 * confirmation: send the payer to its page; the token becomes {@code Active}.
 */
public final class PaymentTokens {
  private final PaymentTokensApi api;
  private final CallExecutor calls;
  private final RequestValidator validator;

  PaymentTokens(PaymentTokensApi api, CallExecutor calls, RequestValidator validator) {
    this.api = api;
    this.calls = calls;
    this.validator = validator;
  }

  /**
   * Creates a payment token; it starts {@code Created} with an External confirmation to send the
   * payer to.
   */
  public PaymentToken create(CreatePaymentTokenRequest request) {
    return createWithResponse(request, RequestOptions.none()).value();
  }

  /**
   * As {@link #create}, with per-call {@link RequestOptions}; the {@link Response} also carries the
   * status, headers, request id, attempts and idempotency key.
   */
  public Response<PaymentToken> createWithResponse(
      CreatePaymentTokenRequest request, RequestOptions options) {
    Objects.requireNonNull(options, "options");
    validator.validate(Operation.CREATE_PAYMENT_TOKEN, request);
    return calls.execute(
        Operation.CREATE_PAYMENT_TOKEN,
        options,
        timeouts -> api.createPaymentTokenWithHttpInfo(timeouts, request));
  }

  /** Answers the confirmation the token asked for (see {@link Payments#complete}). */
  public PaymentToken complete(String tokenId, CompleteConfirmationRequest answer) {
    return completeWithResponse(tokenId, answer, RequestOptions.none()).value();
  }

  /**
   * As {@link #complete}, with per-call {@link RequestOptions}; the {@link Response} also carries
   * the status, headers, request id and attempts, and whether a retry found the update already
   * done.
   */
  public Response<PaymentToken> completeWithResponse(
      String tokenId, CompleteConfirmationRequest answer, RequestOptions options) {
    Objects.requireNonNull(options, "options");
    validator.requireText(Operation.COMPLETE_PAYMENT_TOKEN, "tokenId", tokenId);
    validator.validate(Operation.COMPLETE_PAYMENT_TOKEN, answer);
    return calls.execute(
        Operation.COMPLETE_PAYMENT_TOKEN,
        options,
        timeouts -> api.completePaymentTokenWithHttpInfo(timeouts, tokenId, answer),
        () -> {
          Response<PaymentToken> read = getWithResponse(tokenId, options.forRead());
          return !PaymentTokenStatus.CREATED.equals(read.value().getStatus())
              ? new CallExecutor.Reconciled<>(read, read.value())
              : null;
        });
  }

  /** Reads a payment token. */
  public PaymentToken get(String tokenId) {
    return getWithResponse(tokenId, RequestOptions.none()).value();
  }

  /**
   * As {@link #get}, with per-call {@link RequestOptions}; the {@link Response} also carries the
   * status, headers, request id and attempts.
   */
  public Response<PaymentToken> getWithResponse(String tokenId, RequestOptions options) {
    Objects.requireNonNull(options, "options");
    validator.requireText(Operation.GET_PAYMENT_TOKEN, "tokenId", tokenId);
    return calls.execute(
        Operation.GET_PAYMENT_TOKEN,
        options,
        timeouts -> api.getPaymentTokenWithHttpInfo(timeouts, tokenId));
  }

  /**
   * Revokes a token for good; paying with it afterwards fails with {@link
   * PaymentTokenRevokedException}.
   */
  public void revoke(String tokenId) {
    revokeWithResponse(tokenId, RequestOptions.none());
  }

  /**
   * As {@link #revoke}, with per-call {@link RequestOptions}; the {@link Response} also carries the
   * status, headers, request id and attempts, and whether a retry found the update already done.
   */
  public Response<Void> revokeWithResponse(String tokenId, RequestOptions options) {
    Objects.requireNonNull(options, "options");
    validator.requireText(Operation.REVOKE_PAYMENT_TOKEN, "tokenId", tokenId);
    return calls.execute(
        Operation.REVOKE_PAYMENT_TOKEN,
        options,
        timeouts -> api.revokePaymentTokenWithHttpInfo(timeouts, tokenId),
        () -> {
          Response<PaymentToken> read;
          try {
            read = getWithResponse(tokenId, options.forRead());
          } catch (PaymentTokenRevokedException e) {
            return new CallExecutor.Reconciled<Void>(
                null, null); // a read that says "revoked" is proof enough
          }
          return read.value().getStatus().equals(PaymentTokenStatus.REVOKED)
              ? new CallExecutor.Reconciled<Void>(read, null)
              : null;
        });
  }
}
