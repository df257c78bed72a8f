package com.merchantpay.conformance.cli;

import com.merchantpay.conformance.ConformanceKit;
import com.merchantpay.conformance.EmbeddedImplementation;
import com.merchantpay.conformance.target.Profile;
import com.merchantpay.conformance.target.Target;
import java.net.URI;
import java.util.List;
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

  /**
   * The kit aimed at {@code baseUrl} (this sandbox or what stands in front of it) with its
   * credentials.
   */
  ConformanceKit.Builder kit(URI baseUrl, List<String> include) {
    Target target = target();
    return ConformanceKit.builder()
        .target(
            Target.builder(baseUrl)
                .bearerToken(target.bearerToken(), target.merchantId())
                .otherMerchant(target.otherBearerToken(), target.otherMerchantId())
                .v1Accountant(target.v1Login(), target.v1Password())
                .v1Cashier(target.v1CashierLogin(), target.v1CashierPassword())
                .build())
        .profile(profile())
        .includeTags(include);
  }

  /** The kit aimed at {@code proxy} with this sandbox's credentials. */
  ConformanceKit.Builder kit(MutatingProxy proxy, List<String> include) {
    return kit(proxy.baseUrl(), include);
  }
}
