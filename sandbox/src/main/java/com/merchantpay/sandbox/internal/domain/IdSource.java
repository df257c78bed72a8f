package com.merchantpay.sandbox.internal.domain;

import java.security.SecureRandom;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Identifiers and random values. Payments and refunds get fixed-width numeric ids, so the same
 * payment is v1 {@code PaymentID} 10000001 and v2 id "10000001", and ids sort in creation order. No
 * id is given twice in a sandbox's life, resets included: an application that remembers an id from
 * an earlier test can never find a later test's resource under it. With a seed, a run repeats
 * exactly in another sandbox (for sequential callers).
 */
public final class IdSource {
  private final Random random;
  private final AtomicLong payments = new AtomicLong();
  private final AtomicLong refunds = new AtomicLong();
  private final AtomicLong receipts = new AtomicLong();
  private final AtomicLong stickers = new AtomicLong();
  private final AtomicLong requests = new AtomicLong();
  private final AtomicLong deliveries = new AtomicLong();

  public IdSource(Long seed) {
    random = seed != null ? new Random(seed) : new Random(new SecureRandom().nextLong());
    payments.set(10_000_000);
    refunds.set(20_000_000);
    receipts.set(30_000_000);
    stickers.set(40_000_000);
    requests.set(0);
    deliveries.set(0);
  }

  public String payment() {
    return Long.toString(payments.incrementAndGet());
  }

  public String refund() {
    return Long.toString(refunds.incrementAndGet());
  }

  public String receipt() {
    return "rcp-" + receipts.incrementAndGet();
  }

  public String sticker() {
    return "stk-" + stickers.incrementAndGet();
  }

  public String token() {
    return "tok_" + hex(32);
  }

  public String request() {
    String number = Long.toString(requests.incrementAndGet());
    return "req_" + "000000000000".substring(Math.min(12, number.length())) + number;
  }

  public String delivery() {
    return "dlv-" + deliveries.incrementAndGet();
  }

  public synchronized String hex(int length) {
    StringBuilder out = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      out.append(Character.forDigit(random.nextInt(16), 16));
    }
    return out.toString();
  }

  public synchronized String digits(int length) {
    StringBuilder out = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      out.append((char) ('0' + random.nextInt(10)));
    }
    return out.toString();
  }

  public synchronized String uuid() {
    String h = hex(32);
    return h.substring(0, 8)
        + "-"
        + h.substring(8, 12)
        + "-4"
        + h.substring(13, 16)
        + "-a"
        + h.substring(17, 20)
        + "-"
        + h.substring(20);
  }
}
