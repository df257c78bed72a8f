package com.merchantpay.conformance;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.testsupport.ArchitectureRules;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class ArchitectureTest {
  private static final String INTERNAL = "com.merchantpay.conformance.internal.";

  /** The families of checks kept in several files, and the one leaf of shared steps of each. */
  private static final Map<String, String> LEAVES =
      Map.of(
          "Lifecycle", "LifecycleSteps",
          "Operations", "OperationsSteps",
          "V1", "V1Steps",
          "Negative", "NegativeVerdicts");

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

  /**
   * Each family of checks reads one way: its registry ({@code *Suite}, read by the catalogue alone)
   * lists its topic files, and they share one leaf ({@code *Steps}) that reads none of them.
   */
  @Test
  void everyFamilyOfChecksReadsFromItsRegistryToOneLeaf() {
    Map<String, Set<String>> uses = internalUses();
    Set<String> families = new TreeSet<>();
    uses.keySet().stream()
        .filter(name -> name.endsWith("Suite"))
        .forEach(name -> families.add(name.substring(0, name.length() - "Suite".length())));
    for (String family : families) {
      String registry = family + "Suite";
      uses.forEach(
          (user, used) -> {
            if (used.contains(registry)) {
              assertThat(user).as("a reader of " + registry).isEqualTo("Catalog");
            }
          });
      Set<String> topics = new TreeSet<>(uses.getOrDefault(registry, Set.of()));
      topics.removeIf(topic -> !topic.startsWith(family));
      topics.add(registry);
      String leaf = LEAVES.get(family);
      if (leaf != null) {
        assertThat(uses).as("the leaf of %s", family).containsKey(leaf);
        topics.remove(leaf);
        assertThat(uses.get(leaf))
            .as(leaf + " reads neither its registry nor a topic file")
            .doesNotContainAnyElementsOf(topics);
      }
    }
    assertThat(families).containsAll(LEAVES.keySet());
    SliceAssignment filesOfFamilies =
        new SliceAssignment() {
          @Override
          public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
            String name = javaClass.getName();
            if (!name.startsWith(INTERNAL)) {
              return SliceIdentifier.ignore();
            }
            String file = topLevel(name);
            return families.stream().anyMatch(file::startsWith)
                ? SliceIdentifier.of(file)
                : SliceIdentifier.ignore();
          }

          @Override
          public String getDescription() {
            return "the files of the families of checks";
          }
        };
    slices().assignedFrom(filesOfFamilies).should().beFreeOfCycles().check(internalClasses());
  }

  /** By each top-level class of the kit's internal package, the others it uses. */
  private static Map<String, Set<String>> internalUses() {
    Map<String, Set<String>> uses = new TreeMap<>();
    for (JavaClass javaClass : internalClasses()) {
      String user = topLevel(javaClass.getName());
      Set<String> used = uses.computeIfAbsent(user, u -> new TreeSet<>());
      for (var dependency : javaClass.getDirectDependenciesFromSelf()) {
        String target = dependency.getTargetClass().getName();
        if (target.startsWith(INTERNAL)) {
          String other = topLevel(target);
          if (!other.equals(user)) {
            used.add(other);
          }
        }
      }
    }
    return uses;
  }

  private static JavaClasses internalClasses() {
    return new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("com.merchantpay.conformance.internal");
  }

  private static String topLevel(String name) {
    return name.substring(INTERNAL.length()).split("\\$")[0];
  }
}
