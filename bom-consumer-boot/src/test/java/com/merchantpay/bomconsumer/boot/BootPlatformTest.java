package com.merchantpay.bomconsumer.boot;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.sandbox.Sandbox;
import com.merchantpay.spring.test.AutoConfigureMerchantPaySandbox;
import com.merchantpay.v2.MerchantPayClient;
import com.merchantpay.v2.model.Amount;
import com.merchantpay.v2.model.Card;
import com.merchantpay.v2.model.CreatePaymentRequest;
import com.merchantpay.v2.model.PaymentData;
import com.merchantpay.v2.model.PaymentStatus;
import io.netty.util.Version;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * Our BOM imported before Spring Boot's platform: the libraries Boot manages run at Boot's versions
 * all the same, and the starter works on them.
 */
@SpringBootTest(classes = BootPlatformTest.App.class)
@AutoConfigureMerchantPaySandbox
class BootPlatformTest {
  @SpringBootApplication
  static class App {}

  @Autowired MerchantPayClient client;
  @Autowired Sandbox sandbox;

  @Test
  void theClientsValidatorIsBoots() {
    // The client is built on Hibernate Validator 9.1; Boot 3.5 gives it 8.0, which must do.
    assertThat(org.hibernate.validator.internal.util.Version.getVersionString())
        .isEqualTo(System.getProperty("boot.hibernate-validator.version"));
  }

  @Test
  void jacksonAndTheSandboxsNettyAreBoots() {
    assertThat(com.fasterxml.jackson.databind.cfg.PackageVersion.VERSION.toString())
        .isEqualTo(System.getProperty("boot.jackson.version"));
    assertThat(Version.identify().get("netty-common").artifactVersion())
        .isEqualTo(System.getProperty("boot.netty.version"));
  }

  @Test
  void theStartersClientPaysOnThem() {
    assertThat(
            client
                .payments()
                .create(
                    new CreatePaymentRequest()
                        .merchantId(sandbox.merchantId())
                        .amount(new Amount().value(new BigDecimal("10.00")).currency("RUB"))
                        .paymentData(
                            new PaymentData()
                                .paymentMethod("bankcard")
                                .card(
                                    new Card().pan("4111111111111111").expiry("12/30").cvc("123"))))
                .getStatus())
        .isEqualTo(PaymentStatus.SETTLED);
  }
}
