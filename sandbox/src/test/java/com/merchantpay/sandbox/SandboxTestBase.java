package com.merchantpay.sandbox;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;

/** One sandbox per test class with a fixed clock and a seed; every test starts from a reset. */
abstract class SandboxTestBase {
  static final Instant T0 = Instant.parse("2024-05-14T09:00:00Z");

  @RegisterExtension
  static final SandboxExtension SANDBOX =
      SandboxExtension.using(
          Sandbox.builder()
              .fixedClock(T0)
              .seed(7)
              .merchant("merchant-a", 7741, "104522")
              .merchant("merchant-b", 7742, "104523")
              .bearerToken("token-a", "merchant-a")
              .bearerToken("token-b", "merchant-b")
              .v1Login("accountant-a", "Pa55word!", "merchant-a", Sandbox.Role.ACCOUNTANT)
              .v1Login("cashier-a", "Pa55word!", "merchant-a", Sandbox.Role.CASHIER)
              .v1Login("accountant-b", "0ther-Pa55", "merchant-b", Sandbox.Role.ACCOUNTANT)
              .callbackRetries(3, Duration.ofSeconds(1))
              .v1ListLimit(5));

  Api api;
  Sandbox sandbox;

  @BeforeEach
  void startClean() {
    sandbox = SANDBOX.sandbox();
    sandbox.reset();
    api = new Api(sandbox);
  }

  Sandbox.V1Login accountant() {
    return sandbox.v1Login(Sandbox.Role.ACCOUNTANT);
  }

  Sandbox.V1Login cashier() {
    return sandbox.v1Login(Sandbox.Role.CASHIER);
  }
}
