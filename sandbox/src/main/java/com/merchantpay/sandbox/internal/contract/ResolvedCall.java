package com.merchantpay.sandbox.internal.contract;

import com.merchantpay.sandbox.internal.config.V1User;
import java.util.List;
import java.util.Map;

/**
 * A call as dispatch resolves it, once, before anything acts on it: which interface, which
 * operation with the path's values, and who makes it. Faults, the interface that answers and the
 * journal all read it rather than work it out again.
 *
 * @param api {@code v2}, {@code v1} or {@code control}
 * @param document the interface's loaded document
 * @param v1Values a v1 call's values, from its form or its query; null for another interface, or a
 *     form that cannot be read
 */
public record ResolvedCall(
    String api,
    Contracts.Api document,
    Contracts.Match match,
    Caller caller,
    Map<String, List<String>> v1Values) {

  /**
   * Who makes the call, as its credentials name them.
   *
   * @param merchantId the merchant, or null when the credentials name none
   * @param v1User the v1 user whose login the call gives, or null
   * @param refusal why v2 credentials are refused (the 401's message), or null when they are not
   */
  public record Caller(String merchantId, V1User v1User, String refusal) {
    public static final Caller NOBODY = new Caller(null, null, null);

    public static Caller merchant(String merchantId) {
      return new Caller(merchantId, null, null);
    }

    public static Caller refused(String why) {
      return new Caller(null, null, why);
    }

    public static Caller v1(V1User user) {
      return user == null ? NOBODY : new Caller(user.merchantId(), user, null);
    }
  }

  /** The operation, or null when the call's method and path are none. */
  public Contracts.Operation operation() {
    return match.operation();
  }

  /** The operation's id, or null. */
  public String operationId() {
    return match.operation() == null ? null : match.operation().id();
  }
}
