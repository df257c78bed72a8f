package com.merchantpay.benchmarks;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import com.merchantpay.v2.MerchantPayClient;
import com.merchantpay.v2.model.Payment;
import java.lang.management.ManagementFactory;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;

/**
 * What a call costs the calling thread in the client alone: the same calls as {@link
 * ClientBenchmark}, through a JDK {@code HttpClient} that answers at once in the calling thread, so
 * no network, server or other thread is part of the figure. CPU time and bytes allocated per call
 * are read from the thread itself; the benchmark's round trips carry the same work plus a real
 * exchange.
 */
final class ClientCost {
  /** One call's cost: CPU microseconds and bytes allocated on the calling thread. */
  record Cost(String call, double micros, long bytes) {}

  private ClientCost() {}

  static List<Cost> run(int calls) throws Exception {
    InstantHttpClient http = new InstantHttpClient(ClientBenchmark.PAYMENT);
    String baseUrl = "http://127.0.0.1:9";
    MerchantPayClient ours =
        MerchantPayClient.builder()
            .baseUrl(baseUrl)
            .accessToken("bench-token")
            .httpClient(http)
            .build();
    ObjectMapper json =
        new ObjectMapper()
            .registerModule(new JavaTimeModule())
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
    var request = ClientBenchmark.createRequest();
    Map<String, Callable<Object>> measured = new LinkedHashMap<>();
    measured.put("read payment, ours", () -> ours.payments().get("10000001"));
    measured.put(
        "read payment, raw",
        () ->
            json.readValue(
                http.send(
                        HttpRequest.newBuilder(URI.create(baseUrl + "/api/v2/payments/10000001"))
                            .header("Authorization", "Bearer bench-token")
                            .header("Accept", "application/json")
                            .build(),
                        HttpResponse.BodyHandlers.ofByteArray())
                    .body(),
                Payment.class));
    measured.put("create payment, ours", () -> ours.payments().create(request));
    measured.put(
        "create payment, raw",
        () ->
            json.readValue(
                http.send(
                        HttpRequest.newBuilder(URI.create(baseUrl + "/api/v2/payments"))
                            .header("Authorization", "Bearer bench-token")
                            .header("Accept", "application/json")
                            .header("Content-Type", "application/json")
                            .header("Idempotency-Key", UUID.randomUUID().toString())
                            .POST(
                                HttpRequest.BodyPublishers.ofByteArray(
                                    json.writeValueAsBytes(request)))
                            .build(),
                        HttpResponse.BodyHandlers.ofByteArray())
                    .body(),
                Payment.class));
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long self = Thread.currentThread().getId();
    Map<String, Cost> best = new LinkedHashMap<>();
    // Warm-up rounds first; the cheapest of the measured rounds is kept, the one least disturbed.
    for (int round = 0; round < 5; round++) {
      for (Map.Entry<String, Callable<Object>> call : measured.entrySet()) {
        long cpu = threads.getCurrentThreadCpuTime();
        long allocated = threads.getThreadAllocatedBytes(self);
        for (int i = 0; i < calls; i++) {
          call.getValue().call();
        }
        Cost cost =
            new Cost(
                call.getKey(),
                (threads.getCurrentThreadCpuTime() - cpu) / 1e3 / calls,
                (threads.getThreadAllocatedBytes(self) - allocated) / calls);
        if (round >= 2) {
          best.merge(call.getKey(), cost, (a, b) -> a.micros() <= b.micros() ? a : b);
        }
      }
    }
    return List.copyOf(best.values());
  }

  /** Answers every request at once, in the calling thread, with one fixed JSON body. */
  static final class InstantHttpClient extends HttpClient {
    private final byte[] body;
    private final HttpHeaders headers;

    InstantHttpClient(String answer) {
      this.body = answer.getBytes(StandardCharsets.UTF_8);
      this.headers =
          HttpHeaders.of(
              Map.of(
                  "content-type", List.of("application/json"),
                  "content-length", List.of(Integer.toString(body.length))),
              (name, value) -> true);
    }

    @Override
    public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler) {
      request.bodyPublisher().ifPresent(HttpRequest.BodyPublisher::contentLength);
      HttpResponse.ResponseInfo info =
          new HttpResponse.ResponseInfo() {
            @Override
            public int statusCode() {
              return 200;
            }

            @Override
            public HttpHeaders headers() {
              return headers;
            }

            @Override
            public Version version() {
              return Version.HTTP_1_1;
            }
          };
      HttpResponse.BodySubscriber<T> subscriber = handler.apply(info);
      subscriber.onSubscribe(
          new Flow.Subscription() {
            @Override
            public void request(long n) {}

            @Override
            public void cancel() {}
          });
      subscriber.onNext(List.of(ByteBuffer.wrap(body)));
      subscriber.onComplete();
      T decoded = subscriber.getBody().toCompletableFuture().join();
      return new HttpResponse<>() {
        @Override
        public int statusCode() {
          return 200;
        }

        @Override
        public HttpRequest request() {
          return request;
        }

        @Override
        public Optional<HttpResponse<T>> previousResponse() {
          return Optional.empty();
        }

        @Override
        public HttpHeaders headers() {
          return headers;
        }

        @Override
        public T body() {
          return decoded;
        }

        @Override
        public Optional<SSLSession> sslSession() {
          return Optional.empty();
        }

        @Override
        public URI uri() {
          return request.uri();
        }

        @Override
        public Version version() {
          return Version.HTTP_1_1;
        }
      };
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(
        HttpRequest request, HttpResponse.BodyHandler<T> handler) {
      return CompletableFuture.completedFuture(send(request, handler));
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(
        HttpRequest request,
        HttpResponse.BodyHandler<T> handler,
        HttpResponse.PushPromiseHandler<T> pushes) {
      return sendAsync(request, handler);
    }

    @Override
    public Optional<CookieHandler> cookieHandler() {
      return Optional.empty();
    }

    @Override
    public Optional<Duration> connectTimeout() {
      return Optional.empty();
    }

    @Override
    public Redirect followRedirects() {
      return Redirect.NEVER;
    }

    @Override
    public Optional<ProxySelector> proxy() {
      return Optional.empty();
    }

    @Override
    public SSLContext sslContext() {
      return null;
    }

    @Override
    public SSLParameters sslParameters() {
      return null;
    }

    @Override
    public Optional<Authenticator> authenticator() {
      return Optional.empty();
    }

    @Override
    public Version version() {
      return Version.HTTP_1_1;
    }

    @Override
    public Optional<Executor> executor() {
      return Optional.empty();
    }
  }
}
