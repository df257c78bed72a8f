package com.merchantpay.spring.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.merchantpay.sandbox.Fault;
import com.merchantpay.sandbox.Operation;
import com.merchantpay.sandbox.RequestPattern;
import com.merchantpay.sandbox.Sandbox;
import com.merchantpay.spring.MerchantPayNotificationUrls;
import com.merchantpay.spring.MerchantPayProperties;
import com.merchantpay.spring.PaymentNotificationEvent;
import com.merchantpay.v1.MerchantPayV1Client;
import com.merchantpay.v2.MerchantPayClient;
import com.merchantpay.v2.model.Amount;
import com.merchantpay.v2.model.Card;
import com.merchantpay.v2.model.CreatePaymentRequest;
import com.merchantpay.v2.model.Payment;
import com.merchantpay.v2.model.PaymentData;
import com.merchantpay.v2.model.Protocol;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.event.EventListener;

/**
 * An application's Spring Boot tests with one annotation: the starter pointed at a sandbox, the
 * sandbox's callback reaching the application on a random port, each test isolated, strict mode.
 */
class AutoConfigureMerchantPaySandboxTest {

  /** The application under test: the starter, its notification endpoint, a listener. */
  @SpringBootApplication
  static class Shop {
    @Bean
    Notified notified() {
      return new Notified();
    }
  }

  static class Notified {
    final BlockingQueue<PaymentNotificationEvent> payments = new LinkedBlockingQueue<>();

    @EventListener
    void on(PaymentNotificationEvent event) {
      payments.add(event);
    }
  }

  static CreatePaymentRequest payment(String merchantId, String callbackUrl) {
    return new CreatePaymentRequest()
        .merchantId(merchantId)
        .amount(new Amount().value(new BigDecimal("15.00")).currency("RUB"))
        .protocol(new Protocol().callbackUrl(callbackUrl))
        .paymentData(
            new PaymentData()
                .paymentMethod("bankcard")
                .card(new Card().pan("4111111111111111").expiry("12/30").cvc("123")));
  }

  @Nested
  @SpringBootTest(
      classes = Shop.class,
      webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
      properties = "merchantpay.notifications.enabled=true")
  @AutoConfigureMerchantPaySandbox
  @TestMethodOrder(MethodOrderer.MethodName.class)
  class OnARandomPort {
    @Autowired MerchantPayClient client;
    @Autowired MerchantPayProperties properties;
    @Autowired MerchantPayNotificationUrls urls;
    @Autowired Notified notified;
    @Autowired Sandbox sandbox;

    @Test
    void a_paysAndHearsTheSandboxsCallbackThroughTheStartersEndpoint() throws Exception {
      Payment paid =
          client.payments().create(payment(properties.getV2().getMerchantId(), urls.payments()));

      PaymentNotificationEvent event = notified.payments.poll(20, TimeUnit.SECONDS);

      assertThat(urls.payments()).matches("http://127\\.0\\.0\\.1:\\d+/merchantpay/notifications");
      assertThat(event).as("the callback within 20 s").isNotNull();
      assertThat(event.payment().getId()).isEqualTo(paid.getId());
      sandbox.faults().add(Fault.on(Operation.V2.CREATE_PAYMENT).failBefore(503));
    }

    @Test
    void b_startsWithAnEmptyJournalAndWithoutTheFaultsOfAnotherTest() {
      assertThat(sandbox.journal().entries()).isEmpty();
      assertThat(sandbox.faults().list()).isEmpty();

      client.payments().create(payment(properties.getV2().getMerchantId(), null));

      sandbox.journal().verify(1, RequestPattern.operation(Operation.V2.CREATE_PAYMENT));
    }
  }

  @Nested
  @SpringBootTest(
      classes = Shop.class,
      webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
      properties = "merchantpay.notifications.enabled=true")
  @AutoConfigureMerchantPaySandbox(https = true)
  class OverHttps {
    @Autowired MerchantPayClient client;
    @Autowired MerchantPayV1Client v1;
    @Autowired MerchantPayProperties properties;
    @Autowired MerchantPayNotificationUrls urls;
    @Autowired Notified notified;
    @Autowired Sandbox sandbox;

    @Test
    void bothClientsReachTheSandboxOverHttpsTrustingItsCertificateThroughTheBundle()
        throws Exception {
      Payment paid =
          client.payments().create(payment(properties.getV2().getMerchantId(), urls.payments()));

      assertThat(properties.getV2().getBaseUrl().getScheme()).isEqualTo("https");
      assertThat(properties.getV2().getSsl().getBundle())
          .isEqualTo(AutoConfigureMerchantPaySandbox.SSL_BUNDLE);
      assertThat(v1.getPayment(Long.parseLong(paid.getId())).getPaymentID())
          .isEqualTo(Long.parseLong(paid.getId()));
      PaymentNotificationEvent event = notified.payments.poll(20, TimeUnit.SECONDS);
      assertThat(event).as("the callback within 20 s").isNotNull();
      assertThat(event.payment().getId()).isEqualTo(paid.getId());
    }

    @Test
    void theSandboxServesNoPlainHttpTheApplicationCouldFallBackTo() {
      assertThat(sandbox.httpsBaseUrl()).get().extracting(URI::getScheme).isEqualTo("https");
      assertThat(properties.getV1().getBaseUrl()).isEqualTo(sandbox.httpsBaseUrl().get());
    }
  }

  @Test
  void inStrictModeATestWhoseApplicationSentAnInvalidRequestFails() {
    Map<String, TestExecutionResult> results = new ConcurrentHashMap<>();
    LauncherFactory.create()
        .execute(
            LauncherDiscoveryRequestBuilder.request()
                .selectors(selectClass(StrictApplicationTests.class))
                .build(),
            new TestExecutionListener() {
              @Override
              public void executionFinished(TestIdentifier test, TestExecutionResult result) {
                if (test.isTest()) {
                  results.put(test.getDisplayName(), result);
                }
              }
            });

    assertThat(results.get("sendsAPaymentWithoutAnAmount()").getThrowable())
        .get()
        .extracting(Throwable::getMessage)
        .asString()
        .contains("1 request the contract does not allow", "createPayment", "amount")
        .doesNotContain("4111111111111111");
    assertThat(results.get("sendsAValidPayment()").getThrowable()).isEmpty();
  }

  // Run only through the launcher above: the build's test run skips classes nested this way.
  @SpringBootTest(classes = Shop.class)
  @AutoConfigureMerchantPaySandbox(strict = true)
  static class StrictApplicationTests {
    @Autowired Sandbox sandbox;
    @Autowired MerchantPayClient client;

    @Test
    void sendsAPaymentWithoutAnAmount() throws Exception {
      // The application's own HTTP code, which no client validates for it.
      HttpResponse<Void> answer =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + "/api/v2/payments"))
                      .header("Authorization", "Bearer " + sandbox.bearerToken())
                      .header("Content-Type", "application/json")
                      .header("Idempotency-Key", "strict-" + System.nanoTime())
                      .POST(
                          HttpRequest.BodyPublishers.ofString(
                              "{\"merchantId\":\""
                                  + sandbox.merchantId()
                                  + "\",\"paymentData\":{\"paymentMethod\":\"bankcard\","
                                  + "\"card\":{\"pan\":\"4111111111111111\",\"expiry\":\"12/30\","
                                  + "\"cvc\":\"123\"}}}"))
                      .build(),
                  HttpResponse.BodyHandlers.discarding());
      assertThat(answer.statusCode()).isEqualTo(400);
    }

    @Test
    void sendsAValidPayment() {
      client.payments().create(payment(sandbox.merchantId(), null));
    }
  }
}
