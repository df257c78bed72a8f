package com.merchantpay.testsupport;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.EvaluationResult;
import java.util.List;

/**
 * The rule every module's main code keeps: no circle of imports between its packages, counting the root
 * package of a module (where its public entry types live) as a package of its own. A circle means no
 * package can be read, tested or changed without the others; it is how a public entry type ends up
 * depending, through internals, on itself.
 */
public final class ArchitectureRules {
  private ArchitectureRules() {}

  /**
   * The circles between the packages under {@code rootPackage} in the main classes on the class path,
   * each described by ArchUnit with the classes that close it; empty when there are none.
   *
   * @param ignoredPackages packages left out, such as those of generated code, which is not ours to arrange
   */
  public static List<String> packageCycles(String rootPackage, String... ignoredPackages) {
    ImportOption withoutIgnored = location -> {
      for (String ignored : ignoredPackages) {
        if (location.contains("/" + ignored.replace('.', '/') + "/")) {
          return false;
        }
      }
      return true;
    };
    JavaClasses classes = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
        .withImportOption(withoutIgnored)
        .importPackages(rootPackage);
    if (classes.isEmpty()) {
      throw new IllegalArgumentException("no main classes under " + rootPackage + " on the class path");
    }
    // "root.(**)" would leave the root package out; "(**)" below its parent makes the root a slice too.
    String parent = rootPackage.contains(".") ? rootPackage.substring(0, rootPackage.lastIndexOf('.')) : rootPackage;
    EvaluationResult result = slices().matching(parent + ".(**)").should().beFreeOfCycles()
        .allowEmptyShould(true).evaluate(classes);
    return result.getFailureReport().getDetails();
  }
}
