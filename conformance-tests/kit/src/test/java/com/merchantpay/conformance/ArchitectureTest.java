package com.merchantpay.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.testsupport.ArchitectureRules;
import org.junit.jupiter.api.Test;

class ArchitectureTest {

  @Test
  void noCircleOfImportsBetweenPackagesOfTheMainCode() {
    assertThat(ArchitectureRules.packageCycles("com.merchantpay.conformance")).isEmpty();
  }
}
