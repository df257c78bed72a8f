package com.merchantpay.conformance.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.testsupport.ArchitectureRules;
import org.junit.jupiter.api.Test;

/** The runnable kit and its tests reach the kit through its public API alone. */
class KitBoundaryTest {

  @Test
  void theCommandLineAndItsTestsUseOnlyTheKitsPublicApi() {
    assertThat(
            ArchitectureRules.usesOfInternals(
                "com.merchantpay.conformance.internal", "com.merchantpay.conformance.cli"))
        .isEmpty();
  }

  @Test
  void aUseOfTheKitsInternalsIsReported() {
    assertThat(
            ArchitectureRules.usesOfInternals(
                "com.merchantpay.conformance.internal", "com.merchantpay.boundaryfixture"))
        .isNotEmpty()
        .allSatisfy(
            use -> assertThat(use).contains("ReadsTheKitsInternals", "StatesThroughInterfaces"));
  }
}
