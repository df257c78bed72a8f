package com.merchantpay.sandbox.internal.v1;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Nonces already used, per v1 login. Memory is bounded: a login's most recent {@link #PER_LOGIN}
 * nonces are kept, each for {@link #RETENTION} of sandbox time; an older nonce is forgotten and
 * would be accepted again.
 */
public final class NonceMemory {
  public static final int PER_LOGIN = 10_000;
  public static final Duration RETENTION = Duration.ofHours(24);

  private final Map<String, LinkedHashMap<String, Instant>> seen = new HashMap<>();

  /** Remembers the nonce; false when it was already used. */
  public synchronized boolean firstUse(String login, String nonce, Instant now) {
    LinkedHashMap<String, Instant> nonces = seen.computeIfAbsent(login, k -> new LinkedHashMap<>());
    Instant cutoff = now.minus(RETENTION);
    for (Iterator<Instant> it = nonces.values().iterator(); it.hasNext(); ) {
      if (it.next().isAfter(cutoff)) {
        break;
      }
      it.remove();
    }
    if (nonces.containsKey(nonce)) {
      return false;
    }
    nonces.put(nonce, now);
    if (nonces.size() > PER_LOGIN) {
      Iterator<String> eldest = nonces.keySet().iterator();
      eldest.next();
      eldest.remove();
    }
    return true;
  }

  /** How many nonces are remembered, over all logins. */
  public synchronized long size() {
    long total = 0;
    for (Map<String, Instant> nonces : seen.values()) {
      total += nonces.size();
    }
    return total;
  }

  public synchronized void clear() {
    seen.clear();
  }
}
