package com.merchantpay.spring;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.v1.MerchantPayV1Client;
import com.merchantpay.v2.MerchantPayClient;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** What the properties make, and how a wrong one stops the application at start, named. */
class MerchantPayPropertiesTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(MerchantPayAutoConfiguration.class));

  @Test
  void withoutABaseUrlNoClientIsMade() {
    runner.run(
        context -> {
          assertThat(context).hasNotFailed();
          assertThat(context).doesNotHaveBean(MerchantPayClient.class);
          assertThat(context).doesNotHaveBean(MerchantPayV1Client.class);
        });
  }

  @Test
  void aBaseUrlTheClientRefusesStopsTheStartNamingItsProperty() {
    runner
        .withPropertyValues(
            "merchantpay.v2.base-url=http://payments.test.example",
            "merchantpay.v2.access-token=token")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessageStartingWith("merchantpay.v2.base-url must use https")
                    .hasMessageNotContaining("baseUrl"));
    runner
        .withPropertyValues(
            "merchantpay.v1.base-url=http://payments.test.example",
            "merchantpay.v1.login=shop",
            "merchantpay.v1.password=secret")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessageStartingWith("merchantpay.v1.base-url")
                    .hasMessageNotContaining("baseUrl"));
  }

  @Test
  void aBaseUrlWithoutItsCredentialsStopsTheStartNamingWhatIsMissing() {
    runner
        .withPropertyValues(
            "merchantpay.v2.base-url=https://payments.test.example",
            "merchantpay.v1.base-url=https://payments.test.example",
            "merchantpay.v1.login=shop")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("merchantpay.v2.access-token is required")
                    .hasMessageContaining("merchantpay.v1.password is required"));
  }

  @Test
  void anEmptyTokenIsReportedOnItsOwnProperty() {
    runner
        .withPropertyValues(
            "merchantpay.v2.base-url=https://payments.test.example", "merchantpay.v2.access-token=")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .isInstanceOfSatisfying(
                        org.springframework.boot.context.properties.bind.validation
                            .BindValidationException.class,
                        e ->
                            assertThat(e.getValidationErrors().getAllErrors())
                                .singleElement()
                                .isInstanceOfSatisfying(
                                    org.springframework.validation.FieldError.class,
                                    error -> {
                                      assertThat(error.getField()).isEqualTo("v2.accessToken");
                                      assertThat(error.getDefaultMessage())
                                          .isEqualTo(
                                              "merchantpay.v2.access-token is required with "
                                                  + "merchantpay.v2.base-url");
                                    })));
  }

  @Test
  void anSslBundleThatDoesNotExistStopsTheStartNamingTheProperty() {
    runner
        .withConfiguration(
            AutoConfigurations.of(
                org.springframework.boot.autoconfigure.ssl.SslAutoConfiguration.class))
        .withPropertyValues(
            "merchantpay.v2.base-url=https://payments.test.example",
            "merchantpay.v2.access-token=secret-token-1",
            "merchantpay.v2.ssl.bundle=staging-ca")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .hasStackTraceContaining("merchantpay.v2.ssl.bundle")
                    .hasStackTraceContaining("staging-ca"));
  }

  @Test
  void aWrongValueStopsTheStartNamingTheProperty() {
    runner
        .withPropertyValues(
            "merchantpay.v2.base-url=https://payments.test.example",
            "merchantpay.v2.access-token=secret-token-1",
            "merchantpay.v2.max-attempts=0")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("maxAttempts")
                    .message()
                    .doesNotContain("secret-token-1"));
  }

  @Test
  void theClientsAreMadeFromTheirPropertiesAndTheirSecretsStayHidden() {
    runner
        .withPropertyValues(
            "merchantpay.v2.base-url=https://payments.test.example",
            "merchantpay.v2.access-token=secret-token-1",
            "merchantpay.v1.base-url=https://payments.test.example",
            "merchantpay.v1.login=shop",
            "merchantpay.v1.password=secret-password-1")
        .run(
            context -> {
              assertThat(context).hasSingleBean(MerchantPayClient.class);
              assertThat(context).hasSingleBean(MerchantPayV1Client.class);
              assertThat(context.getBean(MerchantPayProperties.class).toString())
                  .contains("shop")
                  .doesNotContain("secret-token-1", "secret-password-1");
            });
  }
}
