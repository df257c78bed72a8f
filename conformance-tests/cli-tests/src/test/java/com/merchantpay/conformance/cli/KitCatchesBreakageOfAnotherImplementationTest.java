package com.merchantpay.conformance.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.conformance.ConformanceKit;
import com.merchantpay.conformance.report.CheckResult;
import com.merchantpay.conformance.report.Report;
import com.merchantpay.sandbox.Sandbox;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link KitCatchesBreakageTest}'s breakages, made to an implementation that is not ours: a class
 * of its own so that it runs beside that test rather than after it.
 */
class KitCatchesBreakageOfAnotherImplementationTest {
  /**
   * The same breakages of an implementation that reads every open point otherwise and has test data
   * of its own ({@link AnotherImplementation}): the kit still catches each, through that target's
   * readings and its profile. Breakages that differ from our readings only (strict ones) and those
   * of payment methods that target's profile gives no data for are not repeated.
   */
  @ParameterizedTest(name = "{0} fails {3} through another implementation")
  @MethodSource("breakagesOfAnotherImplementation")
  void eachBreakageIsCaughtThroughAnotherImplementationToo(
      String name, MutatingProxy.Fault fault, String selection, String check, boolean strict) {
    try (MutatingProxy proxy = AnotherImplementationProxy.start(another, fault)) {
      List<String> include = new ArrayList<>(List.of(selection.split(",")));
      include.add("wire");
      Report report =
          ConformanceKit.builder()
              .target(AnotherImplementation.target(proxy.baseUrl()))
              .profile(AnotherImplementation.profile())
              .includeTags(include)
              .build()
              .run();

      CheckResult result =
          report.results().stream().filter(r -> r.id().equals(check)).findFirst().orElseThrow();
      assertThat(result.outcome())
          .as("%s: %s", check, result)
          .isEqualTo(CheckResult.Outcome.FAILED);
      assertThat(result.rule()).isNotBlank();
      assertThat(report.exitCode()).isEqualTo(1);
    }
  }

  static Stream<Arguments> breakagesOfAnotherImplementation() {
    return KitCatchesBreakageTest.breakages()
        .filter(arguments -> !(Boolean) arguments.get()[4])
        .filter(
            arguments ->
                !Set.of(
                        "requests.payment-method.authorizationCode",
                        "requests.payment-method.account")
                    .contains((String) arguments.get()[3]));
  }

  private static Sandbox another;

  @BeforeAll
  static void startAnotherImplementation() {
    another = AnotherImplementation.startSandbox();
  }

  @AfterAll
  static void stopAnotherImplementation() {
    another.close();
  }
}
