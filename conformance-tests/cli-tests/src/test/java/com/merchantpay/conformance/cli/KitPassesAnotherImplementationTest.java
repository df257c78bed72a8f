package com.merchantpay.conformance.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.conformance.ConformanceKit;
import com.merchantpay.conformance.report.CheckResult;
import com.merchantpay.conformance.report.Report;
import com.merchantpay.sandbox.Sandbox;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The second reference target ({@link AnotherImplementation}): an implementation that follows the
 * documents and reads every open point the other way, with test data of its own and a profile its
 * provider wrote. The whole default run passes with every difference listed; nothing is skipped but
 * what its profile cannot give.
 */
class KitPassesAnotherImplementationTest {
  /** Checks that need what this implementation's profile does not give, with the reason. */
  private static final Set<String> SKIPPED =
      Set.of(
          // It has no answer to complete a token's step with: its tokens are approved on a page.
          "operations.completePaymentToken",
          "lifecycle.a-failing-token-answer-declines-it",
          // Its profile gives no payment data for these methods.
          "requests.payment-method.authorizationCode",
          "requests.payment-method.account",
          // It is reached over plain HTTP, as a test deployment behind its own TLS is.
          "transport.plain-http-is-not-served",
          "transport.v1-plain-http-is-not-served");

  private static Sandbox sandbox;
  private static MutatingProxy proxy;

  @BeforeAll
  static void start() {
    sandbox = AnotherImplementation.startSandbox();
    proxy = AnotherImplementationProxy.start(sandbox, null);
  }

  @AfterAll
  static void stop() {
    proxy.close();
    sandbox.close();
  }

  @Test
  void theWholeRunPassesWithEveryDifferenceListedAndTheDeclaredReadingsCheckedExactly() {
    Report report =
        ConformanceKit.builder()
            .target(AnotherImplementation.target(proxy.baseUrl()))
            .profile(AnotherImplementation.profile())
            .build()
            .run();
    assertThat(report.results())
        .filteredOn(r -> r.outcome() == CheckResult.Outcome.FAILED)
        .as("a correct implementation reading the open points its own way fails nothing")
        .isEmpty();
    assertThat(report.exitCode()).isZero();
    Set<String> reported = new TreeSet<>();
    report.results().forEach(r -> r.differences().forEach(d -> reported.add(d.point())));
    List<String> expected = new ArrayList<>(AnotherImplementation.READINGS);
    Readings.all().stream()
        .map(Readings.Reading::point)
        .filter(Objects::nonNull)
        .filter(point -> !AnotherImplementation.DECLARED.contains(point))
        .forEach(expected::add);
    assertThat(reported)
        .containsAll(expected)
        .doesNotContainAnyElementsOf(AnotherImplementation.DECLARED);
    assertThat(report.results())
        .filteredOn(r -> r.outcome() == CheckResult.Outcome.SKIPPED)
        .extracting(CheckResult::id)
        .containsExactlyInAnyOrderElementsOf(SKIPPED);
  }
}
