package com.merchantpay.conformance.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.merchantpay.conformance.report.CheckResult;
import com.merchantpay.conformance.target.OpenPoint;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The rules catalogue and the checks agree: every rule is covered or says why it cannot be, in both
 * directions.
 */
class CatalogueTest {
  private static final List<Check> CHECKS = Catalog.all();

  @Test
  void everyRuleHasAJudgingCheckOrAReasonWhyNotButNeverBoth() {
    List<String> wrong = new ArrayList<>();
    for (Rule rule : Rule.all()) {
      boolean hasChecks = CHECKS.stream().anyMatch(rule::coveredBy);
      boolean hasReason = rule.unchecked() != null && !rule.unchecked().isBlank();
      if (hasChecks == hasReason) {
        wrong.add(rule.id());
      }
    }
    assertThat(wrong).as("rules with neither checks nor a reason, or both").isEmpty();
  }

  @Test
  void aCheckJudgesItsOwnRuleAndARuleNoCatalogueHasIsRefused() {
    Check check = CHECKS.stream().filter(c -> c.rule() != null).findFirst().orElseThrow();

    assertThat(check.rule().coveredBy(check)).isTrue();
    assertThatThrownBy(() -> check.judging("v2.no-such-rule"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("v2.no-such-rule");
  }

  @Test
  void theRulesASuiteNamesForEveryCheckOfAnInterfaceReachThoseChecksOnly() {
    List<Check> wire = CHECKS.stream().filter(c -> c.suite().equals("wire")).toList();

    List<Check> judging = Check.judgingEvery(wire, Map.of("v1", List.of("v1.auth.nonce")));

    assertThat(judging)
        .extracting(Check::id)
        .containsExactlyElementsOf(wire.stream().map(Check::id).toList());
    assertThat(judging)
        .filteredOn(c -> c.tags().contains("v1"))
        .isNotEmpty()
        .allMatch(c -> c.judges().contains("v1.auth.nonce"));
    assertThat(judging)
        .filteredOn(c -> c.tags().contains("v2"))
        .isNotEmpty()
        .noneMatch(c -> c.judges().contains("v1.auth.nonce"));
  }

  /**
   * A rule the documents state is judged by at least one check that is not about an open point: its
   * assertion fails a target that breaks the rule whatever readings the target's profile declares,
   * since a declared reading only ever stands in for our spec's reading of an open point.
   */
  @Test
  void everyStatedRuleIsJudgedByACheckNoReadingCanExcuse() {
    List<String> onlyReadings = new ArrayList<>();
    for (Rule rule : Rule.all()) {
      if (!rule.checkable()) {
        continue;
      }
      boolean stated =
          CHECKS.stream()
              .filter(rule::coveredBy)
              .anyMatch(check -> check.point() == null && !check.tags().contains("decision"));
      if (!stated) {
        onlyReadings.add(rule.id());
      }
    }
    assertThat(onlyReadings).as("stated rules judged only by checks of open points").isEmpty();
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
        .allSatisfy(
            check -> assertThat(check.order()).as(check.id()).isEqualTo(CheckResult.Order.LAST));
    assertThat(CHECKS)
        .filteredOn(check -> check.order() == CheckResult.Order.LAST)
        .allSatisfy(check -> assertThat(check.suite()).isIn("wire", "secrets", "invariants"));
    assertThat(CHECKS)
        .filteredOn(check -> check.tags().contains("clock"))
        .isNotEmpty()
        .allSatisfy(
            check -> assertThat(check.order()).as(check.id()).isEqualTo(CheckResult.Order.ALONE));
    assertThat(CHECKS)
        .filteredOn(check -> check.order() == CheckResult.Order.ALONE)
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
