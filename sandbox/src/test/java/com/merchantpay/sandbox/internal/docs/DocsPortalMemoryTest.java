package com.merchantpay.sandbox.internal.docs;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.sandbox.internal.config.Retention;
import com.merchantpay.sandbox.internal.config.SandboxConfig;
import com.merchantpay.sandbox.internal.http.HttpSupport;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A caller asking for endless names the portal does not have costs it no memory. */
class DocsPortalMemoryTest {
  private final DocsPortal portal =
      new DocsPortal(
          new SandboxConfig(
              0,
              List.of(),
              Map.of(),
              List.of(),
              Instant.parse("2024-05-14T09:00:00Z"),
              1L,
              1,
              Duration.ofSeconds(1),
              100,
              false,
              Retention.DEFAULT,
              SandboxConfig.PAGE_SIZE,
              null,
              null),
          "http://127.0.0.1:1",
          com.merchantpay.sandbox.internal.http.ServedHosts.loopback(java.util.List.of()));

  @Test
  void namesOfNoFileAreAnsweredButNotKept() {
    assertThat(get("index.html").status()).isEqualTo(200);
    int known = portal.kept();

    for (int i = 0; i < 2_000; i++) {
      assertThat(get("no-such-page-" + i + ".html").status()).isEqualTo(404);
    }

    assertThat(known).isPositive();
    assertThat(portal.kept()).isEqualTo(known);
    assertThat(get("index.html").status()).isEqualTo(200);
    assertThat(portal.kept()).isEqualTo(known);
  }

  private HttpSupport.Out get(String file) {
    return portal.handle(
        new HttpSupport.In("GET", "/docs/" + file, Map.of(), Map.of(), new byte[0]));
  }
}
