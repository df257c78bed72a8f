package com.merchantpay.conformance;

import com.merchantpay.conformance.internal.Check;
import com.merchantpay.conformance.report.CheckResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;

/**
 * The kit's checks as JUnit 5 dynamic tests, one container per suite, for a provider's own build:
 * Surefire reports each check like any other test, a failure with its rule, expectation and {@code
 * curl}, a skip as an aborted test. The target is started when the first test runs and stopped
 * after the last.
 *
 * <pre>{@code
 * class ProviderConformanceTest {
 *   @TestFactory
 *   Stream<DynamicNode> conformance() {
 *     return ConformanceTests.fromSystemProperties(); // -Dmerchantpay.conformance.baseUrl=...
 *   }
 * }
 * }</pre>
 */
public final class ConformanceTests {
  private ConformanceTests() {}

  /**
   * The tests of a kit configured from system properties (see {@link
   * ConformanceKit#fromSystemProperties()}).
   */
  public static Stream<DynamicNode> fromSystemProperties() {
    return of(ConformanceKit.fromSystemProperties());
  }

  /** The tests of this kit. */
  public static Stream<DynamicNode> of(ConformanceKit kit) {
    List<Check> checks = kit.selected();
    Map<String, List<Check>> suites = new LinkedHashMap<>();
    checks.forEach(
        check -> suites.computeIfAbsent(check.suite(), s -> new ArrayList<>()).add(check));
    Sessions sessions = new Sessions(kit, checks.size());
    return suites.entrySet().stream()
        .map(
            suite ->
                DynamicContainer.dynamicContainer(
                    suite.getKey(),
                    suite.getValue().stream()
                        .map(
                            check ->
                                DynamicTest.dynamicTest(
                                    check.id() + ": " + check.title(),
                                    () -> raise(sessions.run(check))))));
  }

  /** Starts the session on the first test and ends it, writing the report files, after the last. */
  private static final class Sessions {
    private final ConformanceKit kit;
    private final int total;
    private int done;
    private ConformanceKit.Session session;

    Sessions(ConformanceKit kit, int total) {
      this.kit = kit;
      this.total = total;
    }

    synchronized CheckResult run(Check check) {
      if (session == null) {
        session = kit.openSession();
      }
      try {
        return session.run(check);
      } finally {
        if (++done == total) {
          try {
            session.finish();
          } finally {
            session.close();
          }
        }
      }
    }
  }

  private static void raise(CheckResult result) {
    switch (result.outcome()) {
      case FAILED ->
          throw new org.opentest4j.AssertionFailedError(
              result.title()
                  + "\n  rule: "
                  + result.rule()
                  + "\n  expected: "
                  + result.expected()
                  + "\n  actual: "
                  + result.actual()
                  + (result.reproduce() == null ? "" : "\n  reproduce: " + result.reproduce()));
      case SKIPPED -> throw new org.opentest4j.TestAbortedException("skipped: " + result.actual());
      case ACCEPTED ->
          throw new org.opentest4j.TestAbortedException(
              "accepted deviation (baseline): expected "
                  + result.expected()
                  + ", got "
                  + result.actual());
      default -> {}
    }
  }
}
