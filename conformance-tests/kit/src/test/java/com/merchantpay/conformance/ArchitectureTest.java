package com.merchantpay.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.testsupport.ArchitectureRules;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ArchitectureTest {

  @Test
  void noCircleOfImportsBetweenPackagesOfTheMainCode() {
    assertThat(ArchitectureRules.packageCycles("com.merchantpay.conformance")).isEmpty();
  }

  @Test
  void everyPackageUsesOnlyWhatItsRowOfTheArchitectureTableAllows() {
    assertThat(
            ArchitectureRules.departuresFromTable(
                Path.of("../../ARCHITECTURE.md"),
                "- **kit**",
                "com.merchantpay.conformance",
                "com.merchantpay.conformance"))
        .isEmpty();
  }
}
