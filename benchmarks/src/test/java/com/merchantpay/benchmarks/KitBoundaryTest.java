package com.merchantpay.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.testsupport.ArchitectureRules;
import org.junit.jupiter.api.Test;

class KitBoundaryTest {

  @Test
  void theHarnessUsesOnlyTheKitsPublicApi() {
    assertThat(
            ArchitectureRules.usesOfInternals(
                "com.merchantpay.conformance.internal", "com.merchantpay.benchmarks"))
        .isEmpty();
  }
}
