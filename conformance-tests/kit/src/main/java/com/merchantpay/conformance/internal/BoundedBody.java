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

  static HttpResponse.BodyHandler<byte[]> handler(long limit, InFlight together) {
    return info ->
        new BoundedBody(
            limit, info.headers().firstValueAsLong("Content-Length").orElse(-1), together);
  }

  @Override
  public CompletionStage<byte[]> getBody() {
    return result;
  }

  @Override
  public void onSubscribe(Flow.Subscription subscription) {
    this.subscription = subscription;
    if (declared > limit) {
      subscription.cancel();
      result.completeExceptionally(new TooLarge(limit));
      return;
    }
    subscription.request(Long.MAX_VALUE);
  }

  @Override
  public void onNext(List<ByteBuffer> buffers) {
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
  public void onError(Throwable failure) {
    if (!result.isDone()) {
      read.clear();
      together.give(size);
    }
    result.completeExceptionally(failure);
  }

  @Override
  public void onComplete() {
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
