package com.merchantpay.testsupport;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.EvaluationResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The rules every module's main code keeps. No circle of imports between its packages, counting the
 * root package of a module (where its public entry types live) as a package of its own: a circle
 * means no package can be read, tested or changed without the others. And where ARCHITECTURE.md has
 * a table of a module's packages with what each may use, the code uses no more, and the table names
 * exactly the packages there are, so the table cannot drift from the code.
 */
public final class ArchitectureRules {
  private ArchitectureRules() {}

  /**
   * The circles between the packages under {@code rootPackage} in the main classes on the class
   * path, each described by ArchUnit with the classes that close it; empty when there are none.
   *
   * @param ignoredPackages packages left out, such as those of generated code, which is not ours to
   *     arrange
   */
  public static List<String> packageCycles(String rootPackage, String... ignoredPackages) {
    ImportOption withoutIgnored =
        location -> {
          for (String ignored : ignoredPackages) {
            if (location.contains("/" + ignored.replace('.', '/') + "/")) {
              return false;
            }
          }
          return true;
        };
    JavaClasses classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
            .withImportOption(withoutIgnored)
            .importPackages(rootPackage);
    if (classes.isEmpty()) {
      throw new IllegalArgumentException(
          "no main classes under " + rootPackage + " on the class path");
    }
    // "root.(**)" would leave the root package out; "(**)" below its parent makes the root a slice
    // too.
    String parent =
        rootPackage.contains(".")
            ? rootPackage.substring(0, rootPackage.lastIndexOf('.'))
            : rootPackage;
    EvaluationResult result =
        slices()
            .matching(parent + ".(**)")
            .should()
            .beFreeOfCycles()
            .allowEmptyShould(true)
            .evaluate(classes);
    return result.getFailureReport().getDetails();
  }

  /**
   * Every use of a module's internal package from the classes of the given packages on the class
   * path, each described by ArchUnit; empty when there is none. A module's internal package is its
   * own: what another module needs of it is public API elsewhere.
   *
   * @throws IllegalArgumentException when the given packages hold no class, so a renamed package
   *     cannot pass unnoticed
   */
  public static List<String> usesOfInternals(String internalPackage, String... userPackages) {
    JavaClasses classes = new ClassFileImporter().importPackages(userPackages);
    if (classes.isEmpty()) {
      throw new IllegalArgumentException(
          "no classes in " + String.join(", ", userPackages) + " on the class path");
    }
    return noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAPackage(internalPackage + "..")
        .evaluate(classes)
        .getFailureReport()
        .getDetails();
  }

  private static final Pattern NAME = Pattern.compile("`([a-z0-9_.]+)`");

  /**
   * Where the main classes under {@code modulePackage} depart from the "may use" table under a
   * heading of a Markdown document: a package that uses one its row does not allow, a package of
   * the code the table does not list, a row for a package the code does not have. Empty when the
   * code keeps the table.
   *
   * <p>The table's first column names a package (or several that share the row) in backticks,
   * relative to {@code tablePackage} unless the name holds a dot; its last column lists the
   * packages it may use in backticks, or says "nothing", or "all of the above". Packages outside
   * {@code modulePackage} (the JDK, libraries, other modules) are not the table's business.
   *
   * @param heading the start of the line the table follows, such as {@code "## sandbox"}
   */
  public static List<String> departuresFromTable(
      Path markdown, String heading, String modulePackage, String tablePackage) {
    Map<String, Set<String>> mayUse = mayUseTable(markdown, heading, tablePackage);
    JavaClasses classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
            .importPackages(modulePackage);
    List<String> departures = new ArrayList<>();
    Set<String> packages = new TreeSet<>();
    for (JavaClass type : classes) {
      packages.add(type.getPackageName());
    }
    for (String found : packages) {
      if (!mayUse.containsKey(found)) {
        departures.add("package " + found + " has no row in the table under '" + heading + "'");
      }
    }
    for (Map.Entry<String, Set<String>> row : mayUse.entrySet()) {
      if (!packages.contains(row.getKey())) {
        departures.add(
            "the table under '"
                + heading
                + "' has a row for "
                + row.getKey()
                + ", which has no classes");
        continue;
      }
      Set<String> allowed = new LinkedHashSet<>(row.getValue());
      allowed.add(row.getKey());
      EvaluationResult result =
          classes()
              .that()
              .resideInAPackage(row.getKey())
              .should()
              .onlyDependOnClassesThat(
                  resideOutsideOfPackage(modulePackage + "..")
                      .or(resideInAnyPackage(allowed.toArray(String[]::new))))
              .allowEmptyShould(true)
              .evaluate(classes);
      departures.addAll(result.getFailureReport().getDetails());
    }
    return departures;
  }

  /** The rows of the table under the heading: each package with the packages it may use. */
  static Map<String, Set<String>> mayUseTable(Path markdown, String heading, String tablePackage) {
    List<String> lines;
    try {
      lines = Files.readAllLines(markdown);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    int at = 0;
    while (at < lines.size() && !lines.get(at).startsWith(heading)) {
      at++;
    }
    while (at < lines.size() && !lines.get(at).strip().startsWith("|")) {
      at++;
    }
    if (at >= lines.size()) {
      throw new IllegalArgumentException(
          "no table under a heading starting '" + heading + "' in " + markdown);
    }
    Map<String, Set<String>> table = new LinkedHashMap<>();
    for (at += 2; at < lines.size() && lines.get(at).strip().startsWith("|"); at++) {
      String[] cells = lines.get(at).strip().split("\\|");
      List<String> names = new ArrayList<>();
      Matcher name = NAME.matcher(cells[1]);
      while (name.find()) {
        names.add(qualified(name.group(1), tablePackage));
      }
      if (names.isEmpty()) {
        throw new IllegalArgumentException(
            "a row without a package name in backticks: " + lines.get(at));
      }
      String last = cells[cells.length - 1].strip();
      Set<String> allowed = new LinkedHashSet<>();
      if (last.startsWith("all of the above")) {
        allowed.addAll(table.keySet());
      } else if (!last.equals("nothing")) {
        Matcher uses = NAME.matcher(last);
        while (uses.find()) {
          allowed.add(qualified(uses.group(1), tablePackage));
        }
      }
      names.forEach(each -> table.put(each, allowed));
    }
    return table;
  }

  private static String qualified(String name, String tablePackage) {
    return name.contains(".") ? name : tablePackage + "." + name;
  }
}
