package com.merchantpay.observation;

/**
 * How the clients show an idempotency key outside the call itself (logs, observations): enough to
 * tell calls apart and to find one in the service's records, not the whole key, which may be built
 * from an order number.
 */
public final class Masking {
  private Masking() {}

  /** The first four and the last four characters of a key longer than twelve; otherwise stars. */
  public static String idempotencyKey(String key) {
    if (key == null) {
      return null;
    }
    if (key.length() <= 12) {
      return "*".repeat(key.length());
    }
    return key.substring(0, 4) + "…" + key.substring(key.length() - 4);
  }
}
