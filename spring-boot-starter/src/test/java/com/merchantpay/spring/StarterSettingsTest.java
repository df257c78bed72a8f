package com.merchantpay.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.merchantpay.v2.MerchantPayClient;
import com.merchantpay.v2.MerchantPayException;
import com.merchantpay.v2.model.Amount;
import com.merchantpay.v2.model.CaptureRequest;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.core.env.MapPropertySource;

/**
 * What the starter takes beyond the base URL and credentials: customizers that keep its client, the
 * merchant and retry settings, the callback URLs, and a clear stop where its endpoint cannot be.
 */
class StarterSettingsTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(MerchantPayAutoConfiguration.class))
          .withPropertyValues(
              "merchantpay.v2.base-url=https://payments.test.example",
              "merchantpay.v2.access-token=token",
              "merchantpay.v2.merchant-id=shop-1",
              "merchantpay.v2.retry-updates-when-outcome-unknown=true");

  /**
   * A service whose every capture is carried out and then loses its answer: the connection closes
   * with no reply. It counts the captures and keeps the User-Agent they came with.
   */
  private static final class LosingCaptures implements AutoCloseable {
    final HttpServer server;
    final AtomicInteger captures = new AtomicInteger();
    final List<String> agents = new CopyOnWriteArrayList<>();

    LosingCaptures() throws IOException {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      server.createContext(
          "/",
          exchange -> {
            captures.incrementAndGet();
            agents.add(exchange.getRequestHeaders().getFirst("User-Agent"));
            exchange.getRequestBody().readAllBytes();
            exchange.close();
          });
      server.start();
    }

    String baseUrl() {
      return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Override
    public void close() {
      server.stop(0);
    }
  }

  private static void capture(MerchantPayClient client) {
    assertThatThrownBy(
            () ->
                client
                    .payments()
                    .capture(
                        "p-1",
                        new CaptureRequest()
                            .amount(new Amount().value(new BigDecimal("10.00")).currency("RUB"))))
        .isInstanceOf(MerchantPayException.class);
  }

  @Test
  void aCustomizerChangesTheStartersClientWithoutReplacingIt() throws IOException {
    try (LosingCaptures service = new LosingCaptures()) {
      runner
          .withPropertyValues("merchantpay.v2.base-url=" + service.baseUrl())
          .withBean(
              "shopAgent",
              MerchantPayClientCustomizer.class,
              () -> builder -> builder.userAgent("shop-backend/7.1"))
          .run(
              context -> {
                assertThat(context).hasSingleBean(MerchantPayClient.class);
                capture(context.getBean(MerchantPayClient.class));
                assertThat(service.agents)
                    .isNotEmpty()
                    .allMatch(a -> a.endsWith("shop-backend/7.1"));
              });
    }
  }

  @Test
  void anUpdateWhoseOutcomeIsUnknownIsSentAgainOnlyWhenTheSettingSaysSo() throws IOException {
    try (LosingCaptures service = new LosingCaptures()) {
      runner
          .withPropertyValues(
              "merchantpay.v2.base-url=" + service.baseUrl(),
              "merchantpay.v2.retry-updates-when-outcome-unknown=true")
          .run(
              context -> {
                assertThat(context.getBean(MerchantPayProperties.class).getV2().getMerchantId())
                    .isEqualTo("shop-1");
                capture(context.getBean(MerchantPayClient.class));
              });
      int retried = service.captures.getAndSet(0);
      runner
          .withPropertyValues(
              "merchantpay.v2.base-url=" + service.baseUrl(),
              "merchantpay.v2.retry-updates-when-outcome-unknown=false")
          .run(context -> capture(context.getBean(MerchantPayClient.class)));

      assertThat(retried).as("attempts with the setting on").isEqualTo(3);
      assertThat(service.captures.get()).as("attempts with it off").isEqualTo(1);
    }
  }

  @Test
  void callbackUrlsAreReadWhenAskedSoThePortOfARunningServerFillsThem() {
    runner
        .withPropertyValues(
            "merchantpay.notifications.public-url=http://127.0.0.1:${local.server.port}/")
        .run(
            context -> {
              MerchantPayNotificationUrls urls = context.getBean(MerchantPayNotificationUrls.class);
              assertThatThrownBy(urls::payments)
                  .isInstanceOf(IllegalStateException.class)
                  .hasMessageContaining("merchantpay.notifications.public-url");

              context
                  .getEnvironment()
                  .getPropertySources()
                  .addFirst(new MapPropertySource("server", Map.of("local.server.port", "48123")));

              assertThat(urls.payments())
                  .isEqualTo("http://127.0.0.1:48123/merchantpay/notifications");
              assertThat(urls.tokens())
                  .isEqualTo("http://127.0.0.1:48123/merchantpay/notifications/tokens");
            });
  }

  @Test
  void anEndpointAskedForWhereItCannotBeStopsTheStartSayingWhy() {
    runner
        .withPropertyValues("merchantpay.notifications.enabled=true")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("not a web application"));
    new ReactiveWebApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(MerchantPayAutoConfiguration.class))
        .withPropertyValues(
            "merchantpay.v2.base-url=https://payments.test.example",
            "merchantpay.v2.access-token=token",
            "merchantpay.notifications.enabled=true")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("reactive (WebFlux)"));
  }
}
