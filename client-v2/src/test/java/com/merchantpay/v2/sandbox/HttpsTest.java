package com.merchantpay.v2.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.merchantpay.sandbox.Sandbox;
import com.merchantpay.sandbox.SandboxTls;
import com.merchantpay.v2.MerchantPayClient;
import com.merchantpay.v2.TransportException;
import com.merchantpay.v2.model.Amount;
import com.merchantpay.v2.model.Card;
import com.merchantpay.v2.model.CreatePaymentRequest;
import com.merchantpay.v2.model.Invoice;
import com.merchantpay.v2.model.Payment;
import com.merchantpay.v2.model.PaymentData;
import com.merchantpay.v2.model.PaymentStatus;
import java.math.BigDecimal;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The client over HTTPS to a sandbox that serves it: its certificate trusted from a PEM file, a
 * client certificate presented where one is required, and a certificate it does not trust refused
 * in the handshake, said so, never retried and never sent over plain HTTP instead.
 */
class HttpsTest {
  private static CreatePaymentRequest payment(String orderNo) {
    return new CreatePaymentRequest()
        .merchantId(Sandbox.DEFAULT_MERCHANT)
        .amount(new Amount().value(new BigDecimal("12.50")).currency("RUB"))
        .invoice(new Invoice().orderNo(orderNo))
        .paymentData(
            new PaymentData()
                .paymentMethod("bankcard")
                .card(new Card().pan("4111111111111111").expiry("12/30").cvc("123")));
  }

  private static MerchantPayClient.Builder client(Sandbox sandbox) {
    return MerchantPayClient.builder()
        .baseUrl(sandbox.httpsBaseUrl().orElseThrow().toString())
        .accessToken(Sandbox.DEFAULT_TOKEN);
  }

  @Test
  void aClientTrustingTheSandboxsCertificatePays() {
    try (Sandbox sandbox = Sandbox.builder().https(0).start()) {
      MerchantPayClient client =
          client(sandbox).trustedCertificates(sandbox.tls().trustedCertificateFile()).build();

      Payment paid = client.payments().create(payment("https-1"));

      assertThat(paid.getStatus()).isEqualTo(PaymentStatus.SETTLED);
    }
  }

  @Test
  void aCertificateTheClientDoesNotTrustFailsTheCallSayingSoWithoutRetryingOrFallingBack() {
    try (Sandbox sandbox = Sandbox.builder().https(0).start()) {
      MerchantPayClient client = client(sandbox).callTimeout(Duration.ofSeconds(20)).build();

      TransportException refused =
          catchThrowableOfType(
              () -> client.payments().create(payment("https-2")), TransportException.class);

      assertThat(refused.getMessage()).contains("TLS handshake failed", "not trusted");
      assertThat(refused.isRequestNeverSent()).isTrue();
      assertThat(refused.isOutcomeUnknown()).isFalse();
      assertThat(refused.getAttempts()).isEqualTo(1);
      assertThat(sandbox.journal().entries())
          .as("nothing reached the sandbox, over HTTPS or plain HTTP")
          .isEmpty();
    }
  }

  @Test
  void aClientCertificateIsPresentedWhereTheServiceRequiresOne() {
    try (Sandbox sandbox = Sandbox.builder().https(0).requireClientCertificate().start()) {
      SandboxTls.ClientCertificate shop = sandbox.tls().clientCertificate("shop-app");
      MerchantPayClient presenting =
          client(sandbox)
              .trustedCertificates(sandbox.tls().trustedCertificateFile())
              .clientCertificate(shop.certificateFile(), shop.privateKeyFile())
              .build();
      MerchantPayClient withoutOne = client(sandbox).sslContext(sandbox.tls().sslContext()).build();

      assertThat(presenting.payments().create(payment("https-3")).getStatus())
          .isEqualTo(PaymentStatus.SETTLED);
      TransportException refused =
          catchThrowableOfType(
              () -> withoutOne.payments().create(payment("https-4")), TransportException.class);
      assertThat(refused.getMessage())
          .contains("TLS handshake failed", "asks for a client certificate", "clientCertificate")
          .doesNotContain("not trusted");
      assertThat(refused.isRequestNeverSent()).isTrue();
      assertThat(refused.getAttempts()).isEqualTo(1);
    }
  }

  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(
      strings = {"http://127.0.0.1:8080", " http://127.0.0.1:8080", "\tHTTP://127.0.0.1:8080 "})
  void tlsSettingsForAPlainHttpBaseUrlAreRefusedRatherThanIgnored(String baseUrl) {
    var builder =
        MerchantPayClient.builder()
            .baseUrl(baseUrl)
            .accessToken("token")
            .trustedCertificates(java.nio.file.Path.of("ca.pem"));

    assertThat(catchThrowableOfType(builder::build, IllegalStateException.class))
        .hasMessageContaining("plain http base URL")
        .hasMessageContaining("127.0.0.1:8080");
  }

  @Test
  void tlsSettingsBesideAnHttpClientOfOnesOwnAreRefusedByName() {
    var builder =
        MerchantPayClient.builder()
            .baseUrl("https://payments.example.com")
            .accessToken("token")
            .httpClient(java.net.http.HttpClient.newHttpClient())
            .trustedCertificates(java.nio.file.Path.of("ca.pem"));

    assertThat(catchThrowableOfType(builder::build, IllegalStateException.class))
        .hasMessageContaining("httpClient")
        .hasMessageContaining("trustedCertificates");
  }
}
