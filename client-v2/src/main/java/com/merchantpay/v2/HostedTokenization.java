package com.merchantpay.v2;

import com.merchantpay.v2.internal.api.TokenizationApi;
import com.merchantpay.v2.model.TokenizationRequest;
import com.merchantpay.v2.model.TokenizationStarted;
import java.util.Objects;

/**
 * Tokenization on the service's page: the payer enters the card there, the token arrives by
 * callback.
 */
public final class HostedTokenization {
  private final TokenizationApi api;
  private final CallExecutor calls;
  private final RequestValidator validator;

  HostedTokenization(TokenizationApi api, CallExecutor calls, RequestValidator validator) {
    this.api = api;
    this.calls = calls;
    this.validator = validator;
  }

  /** Starts tokenization; send the payer to the returned {@code url}. */
  public TokenizationStarted start(TokenizationRequest request) {
    return startWithResponse(request, RequestOptions.none()).value();
  }

  /**
   * As {@link #start}, with per-call {@link RequestOptions}; the {@link Response} also carries the
   * status, headers, request id, attempts and idempotency key.
   */
  public Response<TokenizationStarted> startWithResponse(
      TokenizationRequest request, RequestOptions options) {
    Objects.requireNonNull(options, "options");
    validator.validate(Operation.START_TOKENIZATION, request);
    return calls.execute(
        Operation.START_TOKENIZATION,
        options,
        timeouts -> api.startTokenizationWithHttpInfo(timeouts, request));
  }
}
