package com.merchantpay.examples.shop;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.sandbox.Operation;
import com.merchantpay.sandbox.RequestPattern;
import com.merchantpay.sandbox.Sandbox;
import com.merchantpay.spring.MerchantPayProperties;
import com.merchantpay.spring.test.AutoConfigureMerchantPaySandbox;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.client.TestRestTemplate;

/**
 * The shop as it runs: the service over HTTPS, its certificate trusted through an SSL bundle, not
 * through the JDK's defaults or a switch that trusts everything.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureMerchantPaySandbox(https = true)
class ShopOverHttpsTest {
  @Autowired TestRestTemplate shop;
  @Autowired Sandbox sandbox;
  @Autowired MerchantPayProperties properties;

  @Test
  void anOrderIsPaidOverHttps() {
    shop.postForObject("/orders/order-tls-1", new BigDecimal("12.50"), Order.class);

    Order paid =
        shop.postForObject(
            "/orders/order-tls-1/pay",
            new OrderController.CardForm("4111111111111111", "12/30", "123"),
            Order.class);

    assertThat(paid.status()).isEqualTo("Paid");
    assertThat(properties.getV2().getBaseUrl().getScheme()).isEqualTo("https");
    sandbox.journal().verify(1, RequestPattern.operation(Operation.V2.CREATE_PAYMENT));
  }
}
