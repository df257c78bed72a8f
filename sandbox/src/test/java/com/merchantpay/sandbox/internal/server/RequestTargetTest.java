package com.merchantpay.sandbox.internal.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The fast split of a request target reads every target exactly as {@link URI} does. */
class RequestTargetTest {
  private static final String ALPHABET = "/?%aZ09-._~!$&'()*+,;=:@#[] \"<>\\^`{|}é\u0001fF";

  @Test
  void everyTargetIsReadAsUriReadsIt() {
    Random random = new Random(11);
    int fast = 0;
    for (int n = 0; n < 200_000; n++) {
      StringBuilder target = new StringBuilder(random.nextInt(4) == 0 ? "" : "/");
      int length = random.nextInt(12);
      for (int i = 0; i < length; i++) {
        target.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
      }
      String text = target.toString();
      RequestTarget expected = byUri(text);

      assertThat(RequestTarget.of(text)).as(text).isEqualTo(expected);
      if (RequestTarget.originForm(text) != null) {
        fast++;
      }
    }
    // The comparison would prove nothing if no target took the fast path.
    assertThat(fast).isGreaterThan(10_000);
  }

  @Test
  void theUsualTargetsTakeTheFastPath() {
    assertThat(RequestTarget.originForm("/api/v2/payments/10000001"))
        .isEqualTo(new RequestTarget("/api/v2/payments/10000001", null));
    assertThat(RequestTarget.originForm("/api/v2/payments?merchantId=m%201&limit=2&a=?"))
        .isEqualTo(new RequestTarget("/api/v2/payments", "merchantId=m%201&limit=2&a=?"));
    assertThat(RequestTarget.originForm("//host/path")).isNull();
    assertThat(RequestTarget.originForm("/a%2")).isNull();
  }

  private static RequestTarget byUri(String text) {
    try {
      URI uri = new URI(text);
      return uri.getRawPath() == null
          ? null
          : new RequestTarget(uri.getRawPath(), uri.getRawQuery());
    } catch (URISyntaxException e) {
      return null;
    }
  }
}
