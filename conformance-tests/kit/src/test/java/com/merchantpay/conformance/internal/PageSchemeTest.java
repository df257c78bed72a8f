package com.merchantpay.conformance.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.merchantpay.conformance.target.Profile;
import com.merchantpay.conformance.target.Target;
import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A payer's steps carry card data: an HTTPS target's page over plain HTTP is never sent one. */
class PageSchemeTest {
  @Test
  void aPlainHttpPageOfAnHttpsTargetIsSkippedWithoutACall() throws Exception {
    AtomicInteger calls = new AtomicInteger();
    HttpServer page =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    page.createContext(
        "/",
        exchange -> {
          calls.incrementAndGet();
          exchange.sendResponseHeaders(200, -1);
          exchange.close();
        });
    page.start();
    try {
      Target target =
          Target.builder(URI.create("https://127.0.0.1:1")).bearerToken("t-123456", "m").build();
      CheckContext context =
          new CheckContext(new Run(target, Profile.sandbox(), Duration.ofSeconds(2)));
      String url = "http://127.0.0.1:" + page.getAddress().getPort() + "/pay/1";

      assertThatThrownBy(
              () ->
                  context.browser(
                      "POST",
                      url,
                      "application/x-www-form-urlencoded",
                      "pan=4111111111111111&cvc=123"))
          .isInstanceOf(CheckSkipped.class)
          .hasMessageContaining("over HTTPS only");
      assertThat(calls).hasValue(0);
    } finally {
      page.stop(0);
    }
  }
}
