package com.merchantpay.sandbox.internal.v2;

import com.merchantpay.sandbox.internal.domain.SandboxClock;
import com.merchantpay.sandbox.internal.http.ApiError;
import com.merchantpay.sandbox.internal.http.HttpSupport;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Idempotency keys of creating calls, scoped by merchant and operation. The first call with a key
 * runs and its answer is kept; a repeat with the same body gets that answer again, byte for byte,
 * without running anything; a repeat with another body gets 422; a repeat while the first still
 * runs gets 409. Answers that reject the request itself (validation, 5xx) are not kept, so a
 * corrected retry can reuse the key. Keys live for {@link #RETENTION} of sandbox time, and at most
 * {@link #CAPACITY} finished ones are kept, their answers within a number of bytes (the oldest go
 * first; a key whose request still runs is never dropped).
 */
public final class Idempotency {
  public static final Duration RETENTION = Duration.ofHours(24);
  public static final int CAPACITY = 10_000;

  private static final class Entry {
    /** The body's SHA-256 as its 32 bytes: every kept key holds one, so not as hex text. */
    final byte[] fingerprint;

    final Instant created;
    HttpSupport.Out answer;

    Entry(byte[] fingerprint, Instant created) {
      this.fingerprint = fingerprint;
      this.created = created;
    }
  }

  private final SandboxClock clock;

  /**
   * A key within its merchant and operation; it holds the strings the request came with rather than
   * one joined from them, which every kept key would add.
   */
  private record Scope(String merchantId, String operationId, String key) {}

  private final Map<Scope, Entry> entries = new LinkedHashMap<>();
  private long answerBytes;

  /** The most the kept answers' bodies hold together: a request's members may be long. */
  private final long answerLimit;

  public Idempotency(SandboxClock clock, long answerLimit) {
    this.clock = clock;
    this.answerLimit = answerLimit;
  }

  HttpSupport.Out execute(
      String merchantId,
      String operationId,
      String key,
      String canonicalBody,
      Supplier<HttpSupport.Out> call) {
    Scope scope = new Scope(merchantId, operationId, key);
    byte[] fingerprint = sha256(canonicalBody);
    Entry entry;
    synchronized (this) {
      purge();
      entry = entries.get(scope);
      if (entry != null) {
        if (!MessageDigest.isEqual(entry.fingerprint, fingerprint)) {
          return new ApiError(
                  422,
                  "idempotency_key_violation",
                  "This idempotency key was used with a different request body.",
                  List.of())
              .response();
        }
        if (entry.answer == null) {
          return new ApiError(
                  409,
                  "idempotency_key_violation",
                  "A request with this idempotency key is still in progress; retry later with the same key.",
                  List.of())
              .response();
        }
        return entry.answer.withHeader("Idempotent-Replayed", "true");
      }
      entry = new Entry(fingerprint, clock.now());
      entries.put(scope, entry);
      makeRoom();
    }
    HttpSupport.Out answer;
    try {
      answer = call.get();
    } catch (RuntimeException e) {
      forget(scope, entry);
      throw e;
    }
    if (answer.status() == 400 || answer.status() >= 500) {
      forget(scope, entry);
    } else {
      synchronized (this) {
        if (entries.get(scope) == entry) {
          entry.answer = answer;
          answerBytes += answer.body().length;
          makeRoom();
        }
      }
    }
    return answer;
  }

  public synchronized void clear() {
    entries.clear();
    answerBytes = 0;
  }

  public synchronized int size() {
    return entries.size();
  }

  private synchronized void forget(Scope scope, Entry entry) {
    entries.remove(scope, entry);
  }

  /** Removes a finished entry through the iterator that found it. */
  private void drop(Iterator<Entry> it, Entry entry) {
    it.remove();
    answerBytes -= entry.answer.body().length;
  }

  /**
   * Drops the oldest finished entries beyond {@link #CAPACITY} and the answers' bytes. Entries
   * still running stay: dropping one would let a repeat of that request run a second time. There
   * are never more of them than server workers.
   */
  private void makeRoom() {
    for (Iterator<Entry> it = entries.values().iterator();
        (entries.size() > CAPACITY || answerBytes > answerLimit) && it.hasNext(); ) {
      Entry entry = it.next();
      if (entry.answer != null) {
        drop(it, entry);
      }
    }
  }

  private void purge() {
    Instant cutoff = clock.now().minus(RETENTION);
    for (Iterator<Entry> it = entries.values().iterator(); it.hasNext(); ) {
      Entry entry = it.next();
      if (entry.created.isAfter(cutoff)) {
        break;
      }
      if (entry.answer != null) {
        drop(it, entry);
      }
    }
  }

  /** A digest per thread: looking one up among the security providers costs more than using it. */
  private static final ThreadLocal<MessageDigest> SHA_256 =
      ThreadLocal.withInitial(
          () -> {
            try {
              return MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
              throw new IllegalStateException(e);
            }
          });

  private static byte[] sha256(String text) {
    return SHA_256.get().digest(text.getBytes(StandardCharsets.UTF_8));
  }
}
