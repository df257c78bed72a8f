package com.merchantpay.v1;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.merchantpay.testsupport.TestServers;
import java.io.IOException;
import java.io.InputStream;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A client supplied with {@code httpClient(...)} carries every call itself, with its own settings.
 */
class SuppliedHttpClientTest {
  @RegisterExtension static WireMockExtension server = TestServers.wireMock();

  @Test
  void everyCallGoesThroughTheSuppliedClientWithItsOwnConnectTimeout() throws IOException {
    TestClients.answerSuccess(server);
    server.stubFor(
        get(urlPathEqualTo("/api/v1/getDocumentContent"))
            .willReturn(
                aResponse()
                    .withHeader("Content-Type", "application/octet-stream")
                    .withBody("%PDF-1.4")));
    Recording supplied =
        new Recording(
            HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(Duration.ofSeconds(7))
                .build());
    MerchantPayV1Client client = TestClients.builder(server.baseUrl()).httpClient(supplied).build();

    client.getPayment(1L);
    try (InputStream content = client.openDocumentContent("88412")) {
      assertThat(content.readAllBytes()).isNotEmpty();
    }

    assertThat(supplied.sent).containsExactly("/api/v1/getPayment", "/api/v1/getDocumentContent");
  }

  @Test
  void aSuppliedClientThatFollowsRedirectsIsRefused() {
    HttpClient following =
        HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build();

    assertThatThrownBy(() -> TestClients.builder(server.baseUrl()).httpClient(following).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("httpClient")
        .hasMessageContaining("redirects");
  }

  /** The JDK client, recording the path of every request it is asked to send. */
  private static final class Recording extends HttpClient {
    final List<String> sent = new CopyOnWriteArrayList<>();
    private final HttpClient delegate;

    Recording(HttpClient delegate) {
      this.delegate = delegate;
    }

    @Override
    public Optional<CookieHandler> cookieHandler() {
      return delegate.cookieHandler();
    }

    @Override
    public Optional<Duration> connectTimeout() {
      return delegate.connectTimeout();
    }

    @Override
    public Redirect followRedirects() {
      return delegate.followRedirects();
    }

    @Override
    public Optional<ProxySelector> proxy() {
      return delegate.proxy();
    }

    @Override
    public SSLContext sslContext() {
      return delegate.sslContext();
    }

    @Override
    public SSLParameters sslParameters() {
      return delegate.sslParameters();
    }

    @Override
    public Optional<Authenticator> authenticator() {
      return delegate.authenticator();
    }

    @Override
    public Version version() {
      return delegate.version();
    }

    @Override
    public Optional<Executor> executor() {
      return delegate.executor();
    }

    @Override
    public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
        throws IOException, InterruptedException {
      sent.add(request.uri().getPath());
      return delegate.send(request, handler);
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(
        HttpRequest request, HttpResponse.BodyHandler<T> handler) {
      sent.add(request.uri().getPath());
      return delegate.sendAsync(request, handler);
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(
        HttpRequest request,
        HttpResponse.BodyHandler<T> handler,
        HttpResponse.PushPromiseHandler<T> pushPromiseHandler) {
      sent.add(request.uri().getPath());
      return delegate.sendAsync(request, handler, pushPromiseHandler);
    }
  }
}
