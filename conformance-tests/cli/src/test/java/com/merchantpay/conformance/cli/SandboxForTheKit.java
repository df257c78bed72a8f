package com.merchantpay.conformance.cli;

import com.merchantpay.conformance.EmbeddedImplementation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * One embedded sandbox per test class, set up as the kit starts it but over plain HTTP, so that a
 * test may put its own proxy in front of it.
 */
abstract class SandboxForTheKit {
  static EmbeddedImplementation.Started sandbox;

  @BeforeAll
  static void startSandbox() {
    sandbox = EmbeddedSandbox.overPlainHttp().start();
  }

  @AfterAll
  static void stopSandbox() {
    sandbox.close();
  }
}
