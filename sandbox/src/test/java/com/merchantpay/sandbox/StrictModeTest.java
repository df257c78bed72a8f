package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
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
 * Strict mode judges what an application sends with its own HTTP code: the test classes below are
 * such an application's tests, run here through the JUnit launcher so their outcomes can be read.
 */
class StrictModeTest {

  @Test
  void aTestWhoseApplicationSentAnInvalidRequestFailsWithTheFinding() {
    Map<String, TestExecutionResult> results = run(ApplicationTests.class);

    TestExecutionResult invalid = results.get("sendsAPaymentWithoutAnAmount()");
    assertThat(invalid.getStatus()).isEqualTo(TestExecutionResult.Status.FAILED);
    assertThat(invalid.getThrowable())
        .get()
        .isInstanceOf(AssertionError.class)
        .extracting(Throwable::getMessage)
        .asString()
        .contains("1 request the contract does not allow")
        .contains("createPayment")
        .contains("amount")
        .doesNotContain("4111111111111111");
  }

  @Test
  void aTestWhoseApplicationSentOnlyValidRequestsPasses() {
    Map<String, TestExecutionResult> results = run(ApplicationTests.class);

    assertThat(results.get("sendsAValidPayment()").getThrowable()).isEmpty();
    // Run after the invalid request of the other test, which is not held against it.
    assertThat(results.get("sendsAValidPaymentAfterAnother()").getThrowable()).isEmpty();
  }

  @Test
  void anInvalidRequestAFaultAnswersBeforeTheSandboxActsIsStillCaught() {
    Map<String, TestExecutionResult> results = run(FaultedApplicationTests.class);

    assertThat(results.get("sendsAPaymentWithoutAnAmountIntoABusyService()").getThrowable())
        .get()
        .extracting(Throwable::getMessage)
        .asString()
        .contains("1 request the contract does not allow")
        .contains("amount");
  }

  @Test
  void withoutStrictModeTheSameInvalidRequestFailsNothing() {
    Map<String, TestExecutionResult> results = run(LenientApplicationTests.class);

    assertThat(results.get("sendsAPaymentWithoutAnAmount()").getThrowable()).isEmpty();
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

  /** An application's own call: raw JSON, as a merchant that does not use our client writes it. */
  static int createPayment(Sandbox sandbox, String body) throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + "/api/v2/payments"))
            .header("Authorization", "Bearer " + sandbox.bearerToken())
            .header("Content-Type", "application/json")
            .header("Idempotency-Key", "order-" + System.nanoTime())
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
    return HttpClient.newHttpClient()
        .send(request, HttpResponse.BodyHandlers.discarding())
        .statusCode();
  }

  static final String VALID =
      "{\"merchantId\":\"sandbox-merchant\",\"amount\":{\"value\":10.00,\"currency\":\"RUB\"},"
          + "\"paymentData\":{\"paymentMethod\":\"bankcard\",\"card\":{\"pan\":\"4111111111111111\","
          + "\"expiry\":\"12/30\",\"cvc\":\"123\"}}}";
  static final String WITHOUT_AMOUNT =
      VALID.replace("\"amount\":{\"value\":10.00,\"currency\":\"RUB\"},", "");

  // Run only through the launcher above: the build's test run skips nested classes. By name, the
  // invalid call comes first, so the valid tests after it show that each test is judged alone.
  @TestMethodOrder(MethodOrderer.MethodName.class)
  static class ApplicationTests {
    @RegisterExtension
    static final SandboxExtension SANDBOX = SandboxExtension.using(Sandbox.builder()).strict();

    @Test
    void sendsAValidPayment() throws Exception {
      assertThat(createPayment(SANDBOX.sandbox(), VALID)).isEqualTo(200);
    }

    @Test
    void sendsAPaymentWithoutAnAmount() throws Exception {
      assertThat(createPayment(SANDBOX.sandbox(), WITHOUT_AMOUNT)).isEqualTo(400);
    }

    @Test
    void sendsAValidPaymentAfterAnother() throws Exception {
      assertThat(createPayment(SANDBOX.sandbox(), VALID)).isEqualTo(200);
    }
  }

  static class FaultedApplicationTests {
    @RegisterExtension
    static final SandboxExtension SANDBOX =
        SandboxExtension.using(Sandbox.builder().fault(Fault.on("createPayment").failBefore(503)))
            .strict();

    @Test
    void sendsAPaymentWithoutAnAmountIntoABusyService() throws Exception {
      assertThat(createPayment(SANDBOX.sandbox(), WITHOUT_AMOUNT)).isEqualTo(503);
    }
  }

  static class LenientApplicationTests {
    @RegisterExtension
    static final SandboxExtension SANDBOX = SandboxExtension.using(Sandbox.builder());

    @Test
    void sendsAPaymentWithoutAnAmount() throws Exception {
      assertThat(createPayment(SANDBOX.sandbox(), WITHOUT_AMOUNT)).isEqualTo(400);
    }
  }
}
