package com.merchantpay.spring;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.sandbox.Sandbox;
import com.merchantpay.v1.MerchantPayV1Client;
import com.merchantpay.v2.MerchantPayClient;
import com.merchantpay.v2.model.Amount;
import com.merchantpay.v2.model.Card;
import com.merchantpay.v2.model.CreatePaymentRequest;
import com.merchantpay.v2.model.Payment;
import com.merchantpay.v2.model.PaymentData;
import com.merchantpay.v2.model.Protocol;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Arrays;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.event.EventListener;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A Spring Boot application with the starter, its web server and actuator, against the embedded
 * sandbox: the clients are beans, their calls are timed, the sandbox's notifications reach the
 * endpoint and come out as verified events, health and configuration show no secret.
 */
// Spring Boot's tests leave metrics off unless asked; the application would have them.
@AutoConfigureObservability
@SpringBootTest(
    classes = MerchantPayStarterTest.Shop.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class MerchantPayStarterTest {
  private static final Sandbox SANDBOX = Sandbox.builder().start();

  // properties begin
  @DynamicPropertySource
  static void merchantPay(DynamicPropertyRegistry properties) {
    properties.add("merchantpay.v2.base-url", () -> SANDBOX.baseUrl().toString());
    properties.add("merchantpay.v2.access-token", SANDBOX::bearerToken);
    properties.add("merchantpay.v1.base-url", () -> SANDBOX.baseUrl().toString());
    properties.add("merchantpay.v1.login", () -> SANDBOX.v1Login(Sandbox.Role.ACCOUNTANT).login());
    properties.add(
        "merchantpay.v1.password", () -> SANDBOX.v1Login(Sandbox.Role.ACCOUNTANT).password());
    properties.add("merchantpay.notifications.enabled", () -> "true");
  }

  // properties end

  @DynamicPropertySource
  static void actuator(DynamicPropertyRegistry properties) {
    properties.add("management.endpoints.web.exposure.include", () -> "health,configprops");
    properties.add("management.endpoint.health.show-details", () -> "always");
  }

  @AfterAll
  static void stop() {
    SANDBOX.close();
  }

  @SpringBootApplication
  static class Shop {
    @Bean
    Received received() {
      return new Received();
    }
  }

  // event begins
  static class Received {
    final BlockingQueue<PaymentNotificationEvent> payments = new LinkedBlockingQueue<>();

    @EventListener
    void on(PaymentNotificationEvent event) {
      payments.add(event);
    }
  }

  // event ends

  @Autowired MerchantPayClient client;
  @Autowired MerchantPayV1Client v1;
  @Autowired MeterRegistry meters;
  @Autowired Received received;
  @Autowired TestRestTemplate http;
  @LocalServerPort int port;

  private Payment pay(String callbackUrl) {
    return client
        .payments()
        .create(
            new CreatePaymentRequest()
                .merchantId(SANDBOX.merchantId())
                .amount(new Amount().value(new BigDecimal("10.00")).currency("RUB"))
                .protocol(callbackUrl == null ? null : new Protocol().callbackUrl(callbackUrl))
                .paymentData(
                    new PaymentData()
                        .paymentMethod("bankcard")
                        .card(new Card().pan("4111111111111111").expiry("12/30").cvc("123"))));
  }

  @Test
  void bothClientsAreBeansAndTheirCallsAreTimed() {
    Payment payment = pay(null);

    assertThat(v1.getPayment(Long.parseLong(payment.getId())).getPaymentID())
        .isEqualTo(Long.parseLong(payment.getId()));
    assertThat(
            meters
                .get("merchantpay.client.call")
                .tags("client", "v2", "operation", "createPayment", "outcome", "success")
                .timer()
                .count())
        .isPositive();
    assertThat(
            meters
                .get("merchantpay.client.call")
                .tags("client", "v1", "operation", "getPayment", "outcome", "success")
                .timer()
                .count())
        .isPositive();
  }

  @Test
  void aNotificationTheServiceSendsIsVerifiedAndPublishedAsAnEvent() throws Exception {
    Payment payment = pay("http://127.0.0.1:" + port + "/merchantpay/notifications");

    PaymentNotificationEvent event = received.payments.poll(20, TimeUnit.SECONDS);

    assertThat(event).as("a notification within 20 s").isNotNull();
    assertThat(event.payment().getId()).isEqualTo(payment.getId());
    assertThat(event.payment().getStatus()).isEqualTo(payment.getStatus());
  }

  @Test
  void aBodyThatIsNoNotificationIsRefusedAndPublishesNothing() {
    HttpHeaders headers = new HttpHeaders();
    headers.setContentType(MediaType.APPLICATION_JSON);

    ResponseEntity<String> answer =
        http.postForEntity(
            "/merchantpay/notifications", new HttpEntity<>("{\"hello\":1}", headers), String.class);

    assertThat(answer.getStatusCode().value()).isEqualTo(400);
    assertThat(received.payments).isEmpty();
  }

  @Test
  void aBodyLargerThanANotificationIsRefusedWithoutBeingReadWhole() throws Exception {
    byte[] oversize = new byte[2 * 1024 * 1024];
    Arrays.fill(oversize, (byte) ' ');
    oversize[0] = '{';
    HttpClient client = HttpClient.newHttpClient();
    URI endpoint = URI.create("http://127.0.0.1:" + port + "/merchantpay/notifications");

    // One declares its length; the other is chunked, and shows its size only as it is read.
    HttpResponse<String> declared =
        client.send(
            HttpRequest.newBuilder(endpoint)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(oversize))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    HttpResponse<String> chunked =
        client.send(
            HttpRequest.newBuilder(endpoint)
                .header("Content-Type", "application/json")
                .POST(
                    HttpRequest.BodyPublishers.ofInputStream(
                        () -> new ByteArrayInputStream(oversize)))
                .build(),
            HttpResponse.BodyHandlers.ofString());

    assertThat(declared.statusCode()).isEqualTo(413);
    assertThat(declared.body()).isEqualTo("a notification is at most 262144 bytes");
    assertThat(chunked.statusCode()).isEqualTo(413);
    assertThat(received.payments).isEmpty();
  }

  @Test
  void aNotificationAboutAPaymentTheServiceDoesNotKnowIsRefusedForGood() {
    HttpHeaders headers = new HttpHeaders();
    headers.setContentType(MediaType.APPLICATION_JSON);
    String forged =
        "{\"id\":\"no-such-payment\",\"status\":\"Settled\",\"merchantId\":\""
            + SANDBOX.merchantId()
            + "\",\"created\":\"2024-05-14T09:00:00Z\","
            + "\"amount\":{\"value\":10.00,\"currency\":\"RUB\"}}";

    ResponseEntity<String> answer =
        http.postForEntity(
            "/merchantpay/notifications", new HttpEntity<>(forged, headers), String.class);

    assertThat(answer.getStatusCode().value()).isEqualTo(400);
    assertThat(received.payments).isEmpty();
  }

  @Test
  void healthReportsTheServiceAnsweringAndNoEndpointShowsASecret() {
    pay(null);

    String health = http.getForObject("/actuator/health", String.class);
    String configprops = http.getForObject("/actuator/configprops", String.class);

    assertThat(health).contains("\"merchantpay\":{\"status\":\"UP\"");
    assertThat(configprops)
        .contains("merchantpay")
        .doesNotContain(SANDBOX.bearerToken())
        .doesNotContain(SANDBOX.v1Login(Sandbox.Role.ACCOUNTANT).password());
  }
}
