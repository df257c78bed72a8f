package com.merchantpay.v2;

import feign.Client;
import feign.Request;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Feign transport on the JDK's {@link HttpClient} that bounds each attempt from sending to the last byte
 * of the answer by the attempt's read timeout.
 *
 * <p>feign-java11's client streams bodies, and the JDK's request timeout only covers the wait for the
 * response headers: a server that sends headers and then stalls would hold the call forever, past any
 * deadline. Here the whole answer is read asynchronously and the exchange is cancelled when time is up.
 * Bodies of this API are small JSON documents, so reading them whole costs nothing.
 */
final class JdkTransport implements Client {
  private static final Set<String> HEADERS_THE_JDK_SETS = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);

  static {
    HEADERS_THE_JDK_SETS.addAll(Set.of("connection", "content-length", "expect", "host", "upgrade"));
  }

  private final HttpClient http;

  JdkTransport(HttpClient http) {
    this.http = http;
  }

  @Override
  public feign.Response execute(Request request, Request.Options options) throws IOException {
    long timeoutMillis = options.readTimeoutMillis();
    HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(request.url()))
        .timeout(Duration.ofMillis(timeoutMillis))
        .method(request.httpMethod().name(), request.body() == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofByteArray(request.body()));
    request.headers().forEach((name, values) -> {
      if (!HEADERS_THE_JDK_SETS.contains(name)) {
        values.forEach(value -> builder.header(name, value));
      }
    });

    CompletableFuture<HttpResponse<byte[]>> exchange = http.sendAsync(builder.build(), HttpResponse.BodyHandlers.ofByteArray());
    HttpResponse<byte[]> response;
    try {
      response = exchange.get(timeoutMillis, TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      exchange.cancel(true);
      throw new HttpTimeoutException("no complete answer within " + timeoutMillis + " ms");
    } catch (InterruptedException e) {
      exchange.cancel(true);
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while waiting for the answer");
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof IOException) {
        throw (IOException) cause;
      }
      throw new IOException(cause);
    }

    Map<String, Collection<String>> headers = new LinkedHashMap<>();
    response.headers().map().forEach(headers::put);
    return feign.Response.builder()
        .status(response.statusCode())
        .headers(headers)
        .body(response.body())
        .request(request)
        .build();
  }
}
