package com.merchantpay.spring;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.v1.MerchantPayV1Client;
import com.merchantpay.v2.MerchantPayClient;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;

/** The properties the README shows are the ones the starter reads, and make both clients. */
class ReadmePropertiesTest {
  @Test
  void theReadmesPropertiesMakeBothClients() throws Exception {
    String readme = Files.readString(Path.of("../README.md"));
    int section = readme.indexOf("### Spring Boot");
    int from = readme.indexOf("```properties\n", section) + "```properties\n".length();
    String[] lines =
        readme
            .substring(from, readme.indexOf("```", from))
            .replace("${MERCHANTPAY_TOKEN}", "token-from-the-environment")
            .replace("${MERCHANTPAY_V1_PASSWORD}", "password-from-the-environment")
            .strip()
            .split("\n");

    assertThat(section).isPositive();
    // An MVC application, as the notification endpoint the README turns on needs.
    new WebApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(MerchantPayAutoConfiguration.class))
        .withPropertyValues(lines)
        .run(
            context -> {
              assertThat(context).hasSingleBean(MerchantPayClient.class);
              assertThat(context).hasSingleBean(MerchantPayV1Client.class);
              assertThat(
                      context.getBean(MerchantPayProperties.class).getNotifications().isEnabled())
                  .isTrue();
            });
  }
}
