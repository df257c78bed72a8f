package com.merchantpay.spring.test;

import com.merchantpay.sandbox.Sandbox;
import com.merchantpay.sandbox.TestScope;
import org.springframework.test.context.TestContext;
import org.springframework.test.context.TestContextAnnotationUtils;
import org.springframework.test.context.support.AbstractTestExecutionListener;

/**
 * Around each test method of a class annotated {@link AutoConfigureMerchantPaySandbox}: the journal
 * emptied before, the fault rules the test added removed after, and in strict mode the test failed
 * for a request the contract does not allow.
 */
final class SandboxTestExecutionListener extends AbstractTestExecutionListener {
  private static final String SCOPE = SandboxTestExecutionListener.class.getName() + ".scope";

  @Override
  public int getOrder() {
    // After dependency injection, before the test's own transactions and SQL.
    return 3_000;
  }

  @Override
  public void beforeTestMethod(TestContext testContext) {
    if (annotation(testContext) != null) {
      Sandbox sandbox =
          testContext.getApplicationContext().getBean(SandboxContextCustomizer.BEAN, Sandbox.class);
      testContext.setAttribute(SCOPE, sandbox.beginTest());
    }
  }

  @Override
  public void afterTestMethod(TestContext testContext) {
    TestScope scope = (TestScope) testContext.removeAttribute(SCOPE);
    if (scope == null) {
      return;
    }
    scope.end();
    AssertionError invalid = annotation(testContext).strict() ? scope.contractFailure() : null;
    if (invalid != null && testContext.getTestException() == null) {
      throw invalid;
    }
  }

  private static AutoConfigureMerchantPaySandbox annotation(TestContext testContext) {
    return TestContextAnnotationUtils.findMergedAnnotation(
        testContext.getTestClass(), AutoConfigureMerchantPaySandbox.class);
  }
}
