package com.merchantpay.spring.test;

import java.util.List;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;
import org.springframework.test.context.TestContextAnnotationUtils;

/** Gives a test class annotated {@link AutoConfigureMerchantPaySandbox} its sandbox. */
final class SandboxContextCustomizerFactory implements ContextCustomizerFactory {
  @Override
  public ContextCustomizer createContextCustomizer(
      Class<?> testClass, List<ContextConfigurationAttributes> configurations) {
    AutoConfigureMerchantPaySandbox annotation =
        TestContextAnnotationUtils.findMergedAnnotation(
            testClass, AutoConfigureMerchantPaySandbox.class);
    return annotation == null ? null : new SandboxContextCustomizer(annotation.https());
  }
}
