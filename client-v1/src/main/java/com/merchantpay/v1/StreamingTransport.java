package com.merchantpay.v1;

import com.merchantpay.v1.internal.BoundedTransport;
import feign.Client;
import feign.Request;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Feign transport for document content, which streams to the caller however large it is: each part
 * of the body must come within the read timeout, or the read fails, so a server that sends headers
 * and then stalls cannot hold a download forever. One part is held at a time.
 */
final class StreamingTransport implements Client {
  private final HttpClient http;

  StreamingTransport(HttpClient http) {
    this.http = http;
  }

  @Override
  public feign.Response execute(Request request, Request.Options options) throws IOException {
    Duration timeout = Duration.ofMillis(options.readTimeoutMillis());
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(URI.create(request.url()))
            .timeout(timeout)
            .method(
                request.httpMethod().name(),
                request.body() == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofByteArray(request.body()));
    request
        .headers()
        .forEach(
            (name, values) -> {
              if (!BoundedTransport.setByTheJdk(name)) {
                values.forEach(value -> builder.header(name, value));
              }
            });
    HttpResponse<InputStream> response;
    try {
      response = http.send(builder.build(), info -> new TimedStream(timeout));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while waiting for the answer");
    }
    Map<String, Collection<String>> headers = Map.copyOf(response.headers().map());
    return feign.Response.builder()
        .status(response.statusCode())
        .headers(headers)
        .body(response.body(), null)
        .request(request)
        .build();
  }

  /** A body read part by part, each part waited for at most the timeout. */
  static final class TimedStream extends InputStream
      implements HttpResponse.BodySubscriber<InputStream> {
    /** Put after the last part: an object of its own, never a list the JDK could hand over. */
    private static final Object END = new Object();

    private final Duration timeout;
    private final BlockingQueue<Object> parts = new LinkedBlockingQueue<>();
    private volatile Flow.Subscription subscription;
    private ByteBuffer current = ByteBuffer.allocate(0);
    private List<ByteBuffer> pending = List.of();
    private boolean ended;
    private volatile boolean closed;

    /** While the body is read whole: when it must have come, as System.nanoTime(); else 0. */
    private long wholeBy;

    TimedStream(Duration timeout) {
      this.timeout = timeout;
    }

    @Override
    public CompletableFuture<InputStream> getBody() {
      return CompletableFuture.completedFuture(this);
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
      this.subscription = subscription;
      subscription.request(1);
    }

    @Override
    public void onNext(List<ByteBuffer> item) {
      parts.add(item);
    }

    @Override
    public void onError(Throwable failure) {
      parts.add(failure);
    }

    @Override
    public void onComplete() {
      parts.add(END);
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      int n = read(one, 0, 1);
      return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] into, int offset, int length) throws IOException {
      if (closed) {
        throw new IOException("the document's stream is closed");
      }
      if (length == 0) {
        return 0;
      }
      while (!current.hasRemaining()) {
        if (ended) {
          return -1;
        }
        if (pending.isEmpty()) {
          next();
          continue;
        }
        current = pending.get(0);
        pending = pending.subList(1, pending.size());
      }
      int n = Math.min(length, current.remaining());
      current.get(into, offset, n);
      return n;
    }

    /**
     * The rest of the body, read whole and within one timeout from now: an envelope or a failure's
     * answer, which a server trickling it must not make wait for ever.
     *
     * @return at most {@code max + 1} bytes, so a caller sees the body was larger than it takes
     */
    byte[] readWhole(int max) throws IOException {
      wholeBy = System.nanoTime() + timeout.toNanos();
      try {
        return readNBytes(max + 1);
      } finally {
        wholeBy = 0;
      }
    }

    /** Waits for the next part, at most the timeout (or until the whole body is due). */
    private void next() throws IOException {
      long waitNanos = timeout.toNanos();
      if (wholeBy != 0) {
        waitNanos = Math.min(waitNanos, wholeBy - System.nanoTime());
        if (waitNanos <= 0) {
          close();
          throw new InterruptedIOException(
              "the answer did not come whole within " + timeout.toMillis() + " ms");
        }
      }
      Object part;
      try {
        part = parts.poll(waitNanos, TimeUnit.NANOSECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        close();
        throw new InterruptedIOException("interrupted while reading the document");
      }
      if (part == null) {
        close();
        throw new InterruptedIOException(
            wholeBy != 0
                ? "the answer did not come whole within " + timeout.toMillis() + " ms"
                : "no part of the document came within " + timeout.toMillis() + " ms");
      }
      if (part instanceof Throwable failure) {
        throw failure instanceof IOException io ? io : new IOException(failure);
      }
      if (part == END) {
        ended = true;
        return;
      }
      @SuppressWarnings("unchecked")
      List<ByteBuffer> buffers = (List<ByteBuffer>) part;
      pending = buffers;
      subscription.request(1);
    }

    @Override
    public void close() {
      if (!closed) {
        closed = true;
        Flow.Subscription s = subscription;
        if (s != null) {
          s.cancel();
        }
      }
    }
  }
}
