package com.merchantpay.sandbox;

import static com.merchantpay.sandbox.StrictModeTest.VALID;
import static com.merchantpay.sandbox.StrictModeTest.createPayment;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Tests that share a sandbox do not leak into each other: each starts with an empty journal, the
 * fault rules a test adds end with it, and no id is given twice, resets included.
 */
class IsolationTest {

  @Test
  void eachTestOfAClassSeesOnlyItsOwnCallsAndItsOwnFaults() {
    Map<String, TestExecutionResult> results = run(ApplicationTests.class);

    assertThat(results).hasSize(3);
    results.forEach(
        (test, result) ->
            assertThat(result.getThrowable())
                .as("%s: %s", test, result.getThrowable().map(Throwable::getMessage).orElse(""))
                .isEmpty());
  }

  @Test
  void noIdIsGivenTwiceAcrossAReset() {
    try (Sandbox sandbox = Sandbox.builder().seed(7).start()) {
      Api api = new Api(sandbox);
      String before = api.pay("4111111111111111", "5.00", false).path("id").asText();

      sandbox.reset();
      String after = api.pay("4111111111111111", "5.00", false).path("id").asText();

      assertThat(after).isNotEqualTo(before);
      assertThat(api.get("/api/v2/payments/" + before).status())
          .as("the payment before the reset is gone, and its id names no other")
          .isEqualTo(404);
    }
  }

  private static Map<String, TestExecutionResult> run(Class<?> testClass) {
    Map<String, TestExecutionResult> results = new ConcurrentHashMap<>();
    LauncherFactory.create()
        .execute(
            LauncherDiscoveryRequestBuilder.request().selectors(selectClass(testClass)).build(),
            new TestExecutionListener() {
              @Override
              public void executionFinished(TestIdentifier test, TestExecutionResult result) {
                if (test.isTest()) {
                  results.put(test.getDisplayName(), result);
                }
              }
            });
    return results;
  }

  // Run only through the launcher above: the build's test run skips nested classes. In this
  // order: the first leaves a call and a fault rule behind, the others must not see either.
  @TestMethodOrder(MethodOrderer.MethodName.class)
  static class ApplicationTests {
    @RegisterExtension
    static final SandboxExtension SANDBOX =
        SandboxExtension.using(
            Sandbox.builder().fault(Fault.on(Operation.V2.CANCEL_PAYMENT).failBefore(503)));

    @Test
    void a_paysIntoABusyService() throws Exception {
      SANDBOX.sandbox().faults().add(Fault.on(Operation.V2.CREATE_PAYMENT).failBefore(503));

      assertThat(createPayment(SANDBOX.sandbox(), VALID)).isEqualTo(503);
      SANDBOX.sandbox().journal().verify(1, RequestPattern.operation(Operation.V2.CREATE_PAYMENT));
    }

    @Test
    void b_paysOnceTheServiceIsBack() throws Exception {
      assertThat(SANDBOX.sandbox().journal().entries()).as("the journal at the start").isEmpty();

      assertThat(createPayment(SANDBOX.sandbox(), VALID)).isEqualTo(200);
      SANDBOX.sandbox().journal().verify(1, RequestPattern.operation(Operation.V2.CREATE_PAYMENT));
    }

    @Test
    void c_keepsTheRulesTheSandboxWasBuiltWith() {
      assertThat(SANDBOX.sandbox().faults().list())
          .singleElement()
          .asString()
          .endsWith("v2:cancelPayment,failBefore=503");
    }
  }
}
