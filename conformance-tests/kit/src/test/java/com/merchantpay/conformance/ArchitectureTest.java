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

  @Test
  void theModelOfTheDocumentsKnowsNothingOfHttpNorOfTheKitsRuns() {
    com.tngtech.archunit.core.domain.JavaClasses classes =
        new com.tngtech.archunit.core.importer.ClassFileImporter()
            .withImportOption(
                com.tngtech.archunit.core.importer.ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("com.merchantpay.conformance.model");
    assertThat(classes).isNotEmpty();
    com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "java.net..",
            "java.net.http..",
            "com.fasterxml..",
            "com.merchantpay.conformance.internal..")
        .check(classes);
  }
}
