package com.merchantpay.v2;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Settings for one call, overriding the client's: an explicit idempotency key, another access token
 * (one client serving many merchants), timeouts, a retry policy.
 *
 * <pre>{@code
 * RequestOptions options = RequestOptions.builder()
 *     .idempotencyKey("order-4711-payment")
 *     .callTimeout(Duration.ofSeconds(20))
 *     .build();
 * Response<Payment> response = client.payments().createWithResponse(request, options);
 * }</pre>
 */
public final class RequestOptions {
  private static final RequestOptions NONE = builder().build();

  private final String idempotencyKey;
  private final String accessToken;
  private final Duration readTimeout;
  private final Duration callTimeout;
  private final RetryPolicy retryPolicy;

  private RequestOptions(Builder builder) {
    this.idempotencyKey = builder.idempotencyKey;
    this.accessToken = builder.accessToken;
    this.readTimeout = builder.readTimeout;
    this.callTimeout = builder.callTimeout;
    this.retryPolicy = builder.retryPolicy;
  }

  /** No overrides: the client's settings apply. */
  public static RequestOptions none() {
    return NONE;
  }

  /** Starts building options; every setting is optional. */
  public static Builder builder() {
    return new Builder();
  }

  /** The idempotency key to send instead of a generated one. */
  public Optional<String> idempotencyKey() {
    return Optional.ofNullable(idempotencyKey);
  }

  /** The bearer token to send instead of the client's. */
  public Optional<String> accessToken() {
    return Optional.ofNullable(accessToken);
  }

  /** How long one attempt may wait for its whole answer. */
  public Optional<Duration> readTimeout() {
    return Optional.ofNullable(readTimeout);
  }

  /** The deadline of the whole call, retries included. */
  public Optional<Duration> callTimeout() {
    return Optional.ofNullable(callTimeout);
  }

  /** The retry policy to follow instead of the client's. */
  public Optional<RetryPolicy> retryPolicy() {
    return Optional.ofNullable(retryPolicy);
  }

  @Override
  public String toString() {
    return "RequestOptions{idempotencyKey="
        + idempotencyKey
        + ", accessToken="
        + (accessToken == null ? null : "***")
        + ", readTimeout="
        + readTimeout
        + ", callTimeout="
        + callTimeout
        + ", retryPolicy="
        + retryPolicy
        + '}';
  }

  /** Builds {@link RequestOptions}; every setting is optional. */
  /**
   * The options for a read made on behalf of this call: the same token, none of its key or
   * timeouts.
   */
  RequestOptions forRead() {
    Builder read = builder();
    accessToken().ifPresent(read::accessToken);
    return read.build();
  }

  public static final class Builder {
    private String idempotencyKey;
    private String accessToken;
    private Duration readTimeout;
    private Duration callTimeout;
    private RetryPolicy retryPolicy;

    private Builder() {}

    /**
     * The {@code Idempotency-Key} for a creating operation, instead of a generated one. Derive it
     * from your own identifiers (an order number) to make the operation idempotent across restarts
     * of your service. At most 255 printable ASCII characters.
     */
    public Builder idempotencyKey(String idempotencyKey) {
      this.idempotencyKey = IdempotencyKeys.requireValid(idempotencyKey);
      return this;
    }

    /** The bearer token for this call, instead of the client's. */
    public Builder accessToken(String accessToken) {
      this.accessToken = AccessTokens.requireValid(accessToken);
      return this;
    }

    /** How long one attempt may wait for its complete answer. */
    public Builder readTimeout(Duration readTimeout) {
      this.readTimeout = Durations.requirePositive("readTimeout", readTimeout);
      return this;
    }

    /** The deadline of the whole call, retries and waits between them included. */
    public Builder callTimeout(Duration callTimeout) {
      this.callTimeout = Durations.requirePositive("callTimeout", callTimeout);
      return this;
    }

    /** Retries for this call, instead of the client's policy. */
    public Builder retryPolicy(RetryPolicy retryPolicy) {
      this.retryPolicy = Objects.requireNonNull(retryPolicy, "retryPolicy");
      return this;
    }

    /** The options. */
    public RequestOptions build() {
      return new RequestOptions(this);
    }
  }
}
