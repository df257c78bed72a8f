package com.merchantpay.v2;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.merchantpay.testsupport.TestServers;
import com.merchantpay.v2.model.Amount;
import com.merchantpay.v2.model.Card;
import com.merchantpay.v2.model.CreatePaymentRequest;
import com.merchantpay.v2.model.PaymentData;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A WireMock server per test class and a client pointed at it that records its waits instead of
 * sleeping.
 */
abstract class ClientTestSupport {
  static final String TEST_PAN = "4111111111111111";
  static final String TEST_CVC = "987";
  static final String TOKEN = "tok_live_5ecret";

  @RegisterExtension static WireMockExtension server = TestServers.wireMock();

  final List<Duration> waits = new CopyOnWriteArrayList<>();
  final CapturingLogger log = new CapturingLogger();

  MerchantPayClient client() {
    return client(builder -> builder);
  }

  MerchantPayClient client(UnaryOperator<MerchantPayClient.Builder> customize) {
    MerchantPayClient.Builder builder =
        MerchantPayClient.builder()
            .baseUrl(server.baseUrl())
            .accessToken(TOKEN)
            .readTimeout(Duration.ofSeconds(5))
            .retryPolicy(
                RetryPolicy.builder().maxAttempts(3).initialBackoff(Duration.ofMillis(100)).build())
            .logger(log)
            .sleeper(waits::add)
            .random(() -> 0.5);
    return customize.apply(builder).build();
  }

  static CreatePaymentRequest cardPayment() {
    return new CreatePaymentRequest()
        .merchantId("m-1")
        .amount(new Amount().value(new BigDecimal("10.50")).currency("RUB"))
        .paymentData(
            new PaymentData()
                .paymentMethod("bankcard")
                .card(new Card().pan(TEST_PAN).expiry("12/29").cvc(TEST_CVC)));
  }

  static String payment(String id, String status) {
    return "{\"id\":\""
        + id
        + "\",\"status\":\""
        + status
        + "\",\"created\":\"2026-03-01T10:00:00Z\","
        + "\"merchantId\":\"m-1\",\"amount\":{\"value\":10.50,\"currency\":\"RUB\"}}";
  }

  static String error(String code, String message) {
    return "{\"code\":\"" + code + "\",\"message\":\"" + message + "\"}";
  }
}
