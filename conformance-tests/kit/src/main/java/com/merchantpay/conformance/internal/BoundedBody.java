package com.merchantpay.conformance.internal;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * An answer's body read up to a limit: past it, the kit stops reading and the call fails saying so,
 * whatever the target sends (a declared length too large, or an endless stream).
 */
final class BoundedBody implements HttpResponse.BodySubscriber<byte[]> {
  /** An answer over the limit; its message says the limit. */
  static final class TooLarge extends IOException {
    private static final long serialVersionUID = 1L;

    TooLarge(long limit) {
      super(
          "the answer's body is over "
              + (limit >= 1024 * 1024 ? limit / (1024 * 1024) + " MiB" : limit + " bytes")
              + "; the kit read no more of it");
    }
  }

  private final long limit;
  private final long declared;
  private final CompletableFuture<byte[]> result = new CompletableFuture<>();

  /** Kept as it came, in pieces: a growing array would hold twice the limit at its last copy. */
  private final List<byte[]> read = new ArrayList<>();

  private long size;
  private Flow.Subscription subscription;

  private BoundedBody(long limit, long declared) {
    this.limit = limit;
    this.declared = declared;
  }

  static HttpResponse.BodyHandler<byte[]> handler(long limit) {
    return info ->
        new BoundedBody(limit, info.headers().firstValueAsLong("Content-Length").orElse(-1));
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
        subscription.cancel();
        result.completeExceptionally(new TooLarge(limit));
        return;
      }
      byte[] bytes = new byte[buffer.remaining()];
      buffer.get(bytes);
      read.add(bytes);
      size += bytes.length;
    }
  }

  @Override
  public void onError(Throwable failure) {
    result.completeExceptionally(failure);
  }

  @Override
  public void onComplete() {
    byte[] whole = new byte[(int) size];
    int at = 0;
    for (byte[] piece : read) {
      System.arraycopy(piece, 0, whole, at, piece.length);
      at += piece.length;
    }
    read.clear();
    result.complete(whole);
  }
}
