package com.merchantpay.conformance.internal;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An answer's body read up to a limit: past it, the kit stops reading and the call fails saying so,
 * whatever the target sends (a declared length too large, or an endless stream).
 */
final class BoundedBody implements HttpResponse.BodySubscriber<byte[]> {
  /** An answer over the limit; its message says the limit. */
  static final class TooLarge extends IOException {
    private static final long serialVersionUID = 1L;

    TooLarge(long limit) {
      super("the answer's body is over " + size(limit) + "; the kit read no more of it");
    }

    TooLarge(InFlight together) {
      super(
          "the answers being read at once are together over "
              + size(together.limit)
              + "; the kit read no more of this one");
    }

    private static String size(long limit) {
      return limit >= 1024 * 1024 ? limit / (1024 * 1024) + " MiB" : limit + " bytes";
    }
  }

  /**
   * The bytes of every answer a run is reading at once: each answer is bounded, but a run has many
   * calls in flight, and together they must still fit in a small heap.
   */
  static final class InFlight {
    private final long limit;
    private final AtomicLong held = new AtomicLong();

    InFlight(long limit) {
      this.limit = limit;
    }

    boolean take(long bytes) {
      if (held.addAndGet(bytes) > limit) {
        held.addAndGet(-bytes);
        return false;
      }
      return true;
    }

    void give(long bytes) {
      held.addAndGet(-bytes);
    }

    long held() {
      return held.get();
    }
  }

  private final long limit;
  private final long declared;
  private final InFlight together;
  private final CompletableFuture<byte[]> result = new CompletableFuture<>();

  /** Kept as it came, in pieces: a growing array would hold twice the limit at its last copy. */
  private final List<byte[]> read = new ArrayList<>();

  private long size;
  private Flow.Subscription subscription;

  private BoundedBody(long limit, long declared, InFlight together) {
    this.limit = limit;
    this.declared = declared;
    this.together = together;
  }

  static Reading handler(long limit, InFlight together) {
    return new Reading(limit, together);
  }

  /**
   * The handler of one answer's body, which a caller that gives up on the answer tells so: what was
   * read is let go then, whether or not the HTTP client ever says the body ended (a cancelled
   * exchange may just stop, with neither an error nor an end).
   */
  static final class Reading implements HttpResponse.BodyHandler<byte[]> {
    private final long limit;
    private final InFlight together;
    private BoundedBody body;
    private boolean abandoned;

    private Reading(long limit, InFlight together) {
      this.limit = limit;
      this.together = together;
    }

    @Override
    public synchronized HttpResponse.BodySubscriber<byte[]> apply(HttpResponse.ResponseInfo info) {
      body =
          new BoundedBody(
              limit, info.headers().firstValueAsLong("Content-Length").orElse(-1), together);
      if (abandoned) {
        body.abandon();
      }
      return body;
    }

    /** The caller gave up on the answer: its body, read or to come, is let go. */
    synchronized void abandon() {
      abandoned = true;
      if (body != null) {
        body.abandon();
      }
    }
  }

  /** Lets what was read go and reads no more: the caller no longer waits for it. */
  private synchronized void abandon() {
    if (!result.isDone()) {
      read.clear();
      together.give(size);
      result.completeExceptionally(new java.util.concurrent.CancellationException("abandoned"));
    }
    if (subscription != null) {
      subscription.cancel();
    }
  }

  @Override
  public CompletionStage<byte[]> getBody() {
    return result;
  }

  @Override
  public synchronized void onSubscribe(Flow.Subscription subscription) {
    this.subscription = subscription;
    if (result.isDone()) {
      // Given up on before the client subscribed: read none of it.
      subscription.cancel();
      return;
    }
    if (declared > limit) {
      subscription.cancel();
      result.completeExceptionally(new TooLarge(limit));
      return;
    }
    subscription.request(Long.MAX_VALUE);
  }

  @Override
  public synchronized void onNext(List<ByteBuffer> buffers) {
    if (result.isDone()) {
      return;
    }
    for (ByteBuffer buffer : buffers) {
      if (size + buffer.remaining() > limit) {
        fail(new TooLarge(limit));
        return;
      }
      if (!together.take(buffer.remaining())) {
        fail(new TooLarge(together));
        return;
      }
      byte[] bytes = new byte[buffer.remaining()];
      buffer.get(bytes);
      read.add(bytes);
      size += bytes.length;
    }
  }

  private void fail(TooLarge failure) {
    subscription.cancel();
    read.clear();
    together.give(size);
    result.completeExceptionally(failure);
  }

  @Override
  public synchronized void onError(Throwable failure) {
    if (!result.isDone()) {
      read.clear();
      together.give(size);
    }
    result.completeExceptionally(failure);
  }

  @Override
  public synchronized void onComplete() {
    if (result.isDone()) {
      return;
    }
    byte[] whole = new byte[(int) size];
    int at = 0;
    for (byte[] piece : read) {
      System.arraycopy(piece, 0, whole, at, piece.length);
      at += piece.length;
    }
    read.clear();
    together.give(size);
    result.complete(whole);
  }
}
