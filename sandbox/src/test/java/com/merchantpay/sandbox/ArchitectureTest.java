package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.testsupport.ArchitectureRules;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArchitectureTest {
  private static final Path ARCHITECTURE = Path.of("../ARCHITECTURE.md");

  @Test
  void noCircleOfImportsBetweenPackagesOfTheMainCode() {
    assertThat(ArchitectureRules.packageCycles("com.merchantpay.sandbox")).isEmpty();
  }

  @Test
  void everyPackageUsesOnlyWhatItsRowOfTheArchitectureTableAllows() {
    assertThat(
            ArchitectureRules.departuresFromTable(
                ARCHITECTURE,
                "## sandbox",
                "com.merchantpay.sandbox",
                "com.merchantpay.sandbox.internal"))
        .isEmpty();
  }

  @Test
  void aTableThatAllowsLessThanTheCodeUsesOrMissesAPackageIsReported(@TempDir Path dir)
      throws IOException {
    Path table = dir.resolve("ARCHITECTURE.md");
    Files.writeString(
        table,
        Files.readString(ARCHITECTURE)
            .replaceFirst("\\| `domain` \\|(.*)\\| `config` \\|", "| `domain` |$1| nothing |")
            .replaceFirst("\\| `hosted` \\|.*\\n", ""));

    assertThat(
            ArchitectureRules.departuresFromTable(
                table, "## sandbox", "com.merchantpay.sandbox", "com.merchantpay.sandbox.internal"))
        .anySatisfy(
            departure ->
                assertThat(departure).contains("internal.domain.").contains("internal.config."))
        .anySatisfy(
            departure ->
                assertThat(departure)
                    .isEqualTo(
                        "package com.merchantpay.sandbox.internal.hosted has no row in the table under '## sandbox'"));
  }
}
