package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * What a sandbox makes at start is what every test suite waits for: nothing it may never use. A JDK
 * HTTP client (for Pact's provider states, made over loopback) took about 150 ms of every start and
 * a thread; it is made at the first state instead.
 */
class StartsLightTest {
  @Test
  void aStartMakesNoHttpClient() {
    Set<String> before = httpClientThreads();

    try (Sandbox sandbox = Sandbox.builder().start()) {
      assertThat(sandbox.baseUrl()).isNotNull();
      assertThat(httpClientThreads()).isSubsetOf(before);
    }
  }

  /** The JDK client's selector threads, one for each client made and not yet gone. */
  private static Set<String> httpClientThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .map(Thread::getName)
        .filter(name -> name.startsWith("HttpClient-") && name.endsWith("-SelectorManager"))
        .collect(Collectors.toSet());
  }
}
