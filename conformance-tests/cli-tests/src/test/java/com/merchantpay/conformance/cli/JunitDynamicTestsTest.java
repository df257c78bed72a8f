package com.merchantpay.conformance.cli;

import com.merchantpay.conformance.ConformanceKit;
import com.merchantpay.conformance.ConformanceTests;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * The kit as a provider's JUnit build uses it: every check a dynamic test, here the happy paths of
 * all operations against the embedded sandbox (no base URL given).
 */
class JunitDynamicTestsTest {
  // conformance in a provider build begins
  @TestFactory
  Stream<DynamicNode> everyOperationAnswersAsDocumented() {
    // No base URL: the embedded sandbox. A provider sets baseUrl, token, merchant and its profile
    // here,
    // or passes them as -Dmerchantpay.conformance.* and calls
    // ConformanceTests.fromSystemProperties().
    return ConformanceTests.of(ConformanceKit.builder().includeTags(List.of("operations")).build());
  }
  // conformance in a provider build ends
}
