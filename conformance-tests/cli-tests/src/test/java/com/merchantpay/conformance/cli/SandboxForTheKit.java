package com.merchantpay.conformance.cli;

import com.merchantpay.conformance.EmbeddedImplementation;
import com.merchantpay.conformance.target.Profile;
import com.merchantpay.conformance.target.Target;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One embedded sandbox per test class, set up as the kit starts it but over plain HTTP, so that a
 * test may put its own proxy in front of it. Each class registers its own (a static field with
 * {@code @RegisterExtension}): the classes run beside each other, so none may share another's
 * sandbox, its clock or its lists.
 */
final class SandboxForTheKit implements BeforeAllCallback, AfterAllCallback {
  private volatile EmbeddedImplementation.Started started;

  @Override
  public void beforeAll(ExtensionContext context) {
    started = EmbeddedSandbox.overPlainHttp().start();
  }

  @Override
  public void afterAll(ExtensionContext context) {
    started.close();
  }

  Target target() {
    return started.target();
  }

  Profile profile() {
    return started.profile();
  }
}
