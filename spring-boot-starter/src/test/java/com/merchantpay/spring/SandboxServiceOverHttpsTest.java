package com.merchantpay.spring;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.v1.MerchantPayV1Client;
import com.merchantpay.v2.MerchantPayClient;
import com.merchantpay.v2.model.Amount;
import com.merchantpay.v2.model.Card;
import com.merchantpay.v2.model.CreatePaymentRequest;
import com.merchantpay.v2.model.Payment;
import com.merchantpay.v2.model.PaymentData;
import com.merchantpay.v2.model.PaymentStatus;
import com.merchantpay.v2.model.Protocol;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.event.EventListener;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The sandbox as a separate service, as a merchant's CI runs it beside an application (a compose
 * service, a CI service container): the standalone jar listening on every address, over HTTPS with
 * a certificate it made at start, its CA written to a file. An application trusts that CA (the
 * starter through an SSL bundle, plain Java through the builder) and makes its calls, the sandbox's
 * callback to its notification endpoint included. Calls go to loopback addresses only.
 */
@SpringBootTest(
    classes = SandboxServiceOverHttpsTest.Shop.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class SandboxServiceOverHttpsTest {
  private static final Pattern HTTP = Pattern.compile("listening on http://[^:]+:(\\d+)");
  private static final Pattern HTTPS = Pattern.compile("HTTPS: https://[^:]+:(\\d+)");
  private static final Process SANDBOX;
  private static final Path CA;
  private static final int HTTPS_PORT;

  static {
    try {
      Path jar = Path.of(System.getProperty("standalone.jar", "missing.jar"));
      assertThat(jar).as("the sandbox's standalone jar, packaged by the sandbox module").exists();
      Path caDir = Files.createTempDirectory("sandbox-ca");
      CA = caDir.resolve("ca.pem");
      // Files registered later are deleted first: the file, then its directory.
      caDir.toFile().deleteOnExit();
      CA.toFile().deleteOnExit();
      SANDBOX =
          new ProcessBuilder(
                  Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                  "-jar",
                  jar.toString(),
                  "--host",
                  "0.0.0.0",
                  "--port",
                  "0",
                  "--https-port",
                  "0",
                  "--ca-file",
                  CA.toString())
              .redirectErrorStream(true)
              .start();
      BufferedReader out =
          new BufferedReader(
              new InputStreamReader(SANDBOX.getInputStream(), StandardCharsets.UTF_8));
      Integer https = null;
      boolean http = false;
      StringBuilder printed = new StringBuilder();
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        printed.append(line).append('\n');
        http |= HTTP.matcher(line).find();
        Matcher secure = HTTPS.matcher(line);
        if (secure.find()) {
          https = Integer.parseInt(secure.group(1));
        }
        if (http && https != null && line.contains("trust the certificate in")) {
          break;
        }
      }
      assertThat(https).as("the sandbox's HTTPS port in what it printed:%n%s", printed).isNotNull();
      HTTPS_PORT = https;
      Thread drain =
          new Thread(
              () -> {
                try {
                  while (out.readLine() != null) {
                    // keep the pipe from filling
                  }
                } catch (IOException e) {
                  // the process ended
                }
              });
      drain.setDaemon(true);
      drain.start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String https() {
    return "https://127.0.0.1:" + HTTPS_PORT;
  }

  @DynamicPropertySource
  static void merchantPay(DynamicPropertyRegistry properties) {
    properties.add("spring.ssl.bundle.pem.sandbox.truststore.certificate", () -> "file:" + CA);
    properties.add("merchantpay.v2.base-url", SandboxServiceOverHttpsTest::https);
    properties.add("merchantpay.v2.access-token", () -> "sandbox-token");
    properties.add("merchantpay.v2.ssl.bundle", () -> "sandbox");
    properties.add("merchantpay.v1.base-url", SandboxServiceOverHttpsTest::https);
    properties.add("merchantpay.v1.login", () -> "sandbox-accountant");
    properties.add("merchantpay.v1.password", () -> "sandbox-password");
    properties.add("merchantpay.v1.ssl.bundle", () -> "sandbox");
    properties.add("merchantpay.notifications.enabled", () -> "true");
  }

  @AfterAll
  static void stop() throws InterruptedException {
    SANDBOX.destroy();
    SANDBOX.waitFor(10, TimeUnit.SECONDS);
  }

  @SpringBootApplication
  static class Shop {
    @Bean
    Received received() {
      return new Received();
    }
  }

  static class Received {
    final BlockingQueue<PaymentNotificationEvent> payments = new LinkedBlockingQueue<>();

    @EventListener
    void on(PaymentNotificationEvent event) {
      payments.add(event);
    }
  }

  @Autowired MerchantPayClient client;
  @Autowired MerchantPayV1Client v1;
  @Autowired Received received;
  @LocalServerPort int port;

  private static CreatePaymentRequest payment(String callbackUrl) {
    return new CreatePaymentRequest()
        .merchantId("sandbox-merchant")
        .amount(new Amount().value(new BigDecimal("15.00")).currency("RUB"))
        .protocol(callbackUrl == null ? null : new Protocol().callbackUrl(callbackUrl))
        .paymentData(
            new PaymentData()
                .paymentMethod("bankcard")
                .card(new Card().pan("4111111111111111").expiry("12/30").cvc("123")));
  }

  @Test
  void theStartersClientsTrustTheSandboxThroughAnSslBundleAndItsCallbackIsVerifiedOverHttps()
      throws Exception {
    Payment payment =
        client
            .payments()
            .create(payment("http://127.0.0.1:" + port + "/merchantpay/notifications"));

    PaymentNotificationEvent event = received.payments.poll(20, TimeUnit.SECONDS);

    assertThat(payment.getStatus()).isEqualTo(PaymentStatus.SETTLED);
    assertThat(event).as("the callback, read back over HTTPS, within 20 s").isNotNull();
    assertThat(event.payment().getId()).isEqualTo(payment.getId());
    assertThat(v1.getPayment(Long.parseLong(payment.getId())).getPaymentID())
        .isEqualTo(Long.parseLong(payment.getId()));
  }

  @Test
  void plainJavaClientsTrustTheSandboxsCaFromTheFileItWrote() {
    // trust the sandbox begins
    MerchantPayClient plain =
        MerchantPayClient.builder()
            .baseUrl(https())
            .accessToken("sandbox-token")
            .trustedCertificates(CA)
            .build();
    MerchantPayV1Client legacy =
        MerchantPayV1Client.builder()
            .baseUrl(https())
            .login("sandbox-accountant")
            .password("sandbox-password")
            .trustedCertificates(CA)
            .build();
    // trust the sandbox ends

    Payment payment = plain.payments().create(payment(null));

    assertThat(legacy.getPayment(Long.parseLong(payment.getId())).getPaymentAmount())
        .isEqualByComparingTo("15.00");
  }
}
