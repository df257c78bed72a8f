package com.merchantpay.conformance.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.conformance.target.OpenPoint;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The rules catalogue and the checks agree: every rule is covered or says why it cannot be, in both
 * directions.
 */
class CatalogueTest {
  private static final List<Check> CHECKS = Catalog.all();

  @Test
  void everyRuleHasChecksOrAReasonWhyNotButNeverBoth() {
    List<String> wrong = new ArrayList<>();
    for (Rule rule : Rule.all()) {
      boolean hasChecks = !rule.checks().isEmpty();
      boolean hasReason = rule.unchecked() != null && !rule.unchecked().isBlank();
      if (hasChecks == hasReason) {
        wrong.add(rule.id());
      }
    }
    assertThat(wrong).as("rules with neither checks nor a reason, or both").isEmpty();
  }

  @Test
  void everyCheckARuleNamesExists() {
    List<String> missing = new ArrayList<>();
    for (Rule rule : Rule.all()) {
      for (String pattern : rule.checks()) {
        boolean found =
            pattern.endsWith("*")
                ? CHECKS.stream()
                    .anyMatch(
                        check ->
                            check.id().startsWith(pattern.substring(0, pattern.length() - 1))
                                && check.tags().contains(rule.doc()))
                : CHECKS.stream().anyMatch(check -> check.id().equals(pattern));
        if (!found) {
          missing.add(rule.id() + " names " + pattern);
        }
      }
    }
    assertThat(missing).as("checks the catalogue names that the kit does not have").isEmpty();
  }

  @Test
  void everyCheckOfARuleIsListedByThatRule() {
    List<String> unlisted = new ArrayList<>();
    for (Check check : CHECKS) {
      if (check.rule() != null && !check.rule().coveredBy(check)) {
        unlisted.add(check.id() + " enforces " + check.rule().id());
      }
    }
    assertThat(unlisted).as("checks whose own rule does not list them").isEmpty();
  }

  @Test
  void everyCheckEitherCoversARuleOrReadsAnOpenPoint() {
    List<String> idle = new ArrayList<>();
    for (Check check : CHECKS) {
      boolean covers = Rule.all().stream().anyMatch(rule -> rule.coveredBy(check));
      if (!covers && check.point() == null) {
        idle.add(check.id());
      }
    }
    assertThat(idle).isEmpty();
  }

  @Test
  void checksThatReadTheWholeRunRunLastAndThoseThatRunAloneSayWhy() {
    assertThat(CHECKS)
        .filteredOn(check -> check.suite().equals("wire") || check.suite().equals("secrets"))
        .isNotEmpty()
        .allSatisfy(check -> assertThat(check.order()).as(check.id()).isEqualTo(Check.Order.LAST));
    assertThat(CHECKS)
        .filteredOn(check -> check.order() == Check.Order.LAST)
        .allSatisfy(check -> assertThat(check.suite()).isIn("wire", "secrets"));
    assertThat(CHECKS)
        .filteredOn(check -> check.tags().contains("clock"))
        .isNotEmpty()
        .allSatisfy(check -> assertThat(check.order()).as(check.id()).isEqualTo(Check.Order.ALONE));
    assertThat(CHECKS)
        .filteredOn(check -> check.order() == Check.Order.ALONE)
        .allSatisfy(check -> assertThat(check.aloneBecause()).isNotBlank());
  }

  @Test
  void everyTagSelectsSomeCheckAndNoneIsSpeltLikeASuiteOrInterface() {
    Set<String> suites = new HashSet<>();
    Catalog.all().forEach(check -> suites.add(check.suite()));

    for (Tag tag : Tag.values()) {
      assertThat(Catalog.select(List.of(tag.text()), List.of())).as(tag.text()).isNotEmpty();
    }
    assertThat(Catalog.tags())
        .as("a tag is a suite, an interface, decision or a Tag constant")
        .allSatisfy(
            tag ->
                assertThat(
                        suites.contains(tag)
                            || Set.of("v1", "v2", "decision").contains(tag)
                            || Arrays.stream(Tag.values()).anyMatch(t -> t.text().equals(tag)))
                    .as(tag)
                    .isTrue());
  }

  @Test
  void checkIdsAndRuleIdsAreUnique() {
    Set<String> ids = new HashSet<>();
    CHECKS.forEach(check -> assertThat(ids.add(check.id())).as(check.id()).isTrue());
    Set<String> rules = new HashSet<>();
    Rule.all().forEach(rule -> assertThat(rules.add(rule.id())).as(rule.id()).isTrue());
    Set<String> points = new HashSet<>();
    Arrays.stream(OpenPoint.values())
        .forEach(point -> assertThat(points.add(point.id())).as(point.id()).isTrue());
    assertThat(points).doesNotContainAnyElementsOf(rules);
  }

  @Test
  void mostRulesOfTheDocumentsCanBeCheckedAndAreInBothInterfaces() {
    long checkable = Rule.all().stream().filter(Rule::checkable).count();
    assertThat(checkable).isGreaterThan(140);
    assertThat(Rule.all()).extracting(Rule::doc).contains("v1", "v2").containsOnly("v1", "v2");
  }
}
