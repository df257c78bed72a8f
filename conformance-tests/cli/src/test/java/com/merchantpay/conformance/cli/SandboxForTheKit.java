package com.merchantpay.conformance.cli;

import com.merchantpay.conformance.EmbeddedImplementation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** One embedded sandbox per test class, started as the kit starts it. */
abstract class SandboxForTheKit {
  static EmbeddedImplementation.Started sandbox;

  @BeforeAll
  static void startSandbox() {
    sandbox = new EmbeddedSandbox().start();
  }

  @AfterAll
  static void stopSandbox() {
    sandbox.close();
  }
}
