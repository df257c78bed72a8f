package com.merchantpay.v1.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.merchantpay.sandbox.Sandbox;
import com.merchantpay.sandbox.SandboxTls;
import com.merchantpay.v1.MerchantPayV1Client;
import com.merchantpay.v1.V1ErrorCodeException;
import com.merchantpay.v1.V1TransportException;
import org.junit.jupiter.api.Test;

/**
 * The v1 client over HTTPS: signed calls reach a sandbox whose certificate it trusts from a PEM
 * file, with a client certificate where one is required; a certificate it does not trust fails the
 * call in the handshake, said so, and nothing is sent.
 */
class HttpsTest {
  private static MerchantPayV1Client.Builder client(Sandbox sandbox) {
    Sandbox.V1Login accountant = sandbox.v1Login(Sandbox.Role.ACCOUNTANT);
    return MerchantPayV1Client.builder()
        .baseUrl(sandbox.httpsBaseUrl().orElseThrow().toString())
        .login(accountant.login())
        .password(accountant.password());
  }

  @Test
  void signedCallsReachTheSandboxOverHttpsWithItsCertificateTrusted() {
    try (Sandbox sandbox = Sandbox.builder().https(0).start()) {
      MerchantPayV1Client client =
          client(sandbox).trustedCertificates(sandbox.tls().trustedCertificateFile()).build();

      // Signed and read: the sandbox knows no such payment, and says so in the envelope.
      V1ErrorCodeException unknown =
          catchThrowableOfType(() -> client.getPayment(99_999_999L), V1ErrorCodeException.class);

      assertThat(unknown.getCode()).as("the signature was accepted").isNotEqualTo(-7);
      assertThat(
              client.listTransfers(
                  java.time.LocalDate.now().minusDays(30), java.time.LocalDate.now()))
          .isNotNull();
    }
  }

  @Test
  void aCertificateTheClientDoesNotTrustFailsTheCallInTheHandshake() {
    try (Sandbox sandbox = Sandbox.builder().https(0).start()) {
      MerchantPayV1Client client = client(sandbox).build();

      V1TransportException refused =
          catchThrowableOfType(() -> client.getPayment(1L), V1TransportException.class);

      assertThat(refused.getMessage()).contains("TLS handshake failed", "not trusted");
      assertThat(sandbox.journal().entries()).isEmpty();
    }
  }

  @Test
  void aClientCertificateIsPresentedWhereTheSandboxRequiresOne() {
    try (Sandbox sandbox = Sandbox.builder().https(0).requireClientCertificate().start()) {
      SandboxTls.ClientCertificate shop = sandbox.tls().clientCertificate("shop-v1");
      MerchantPayV1Client client =
          client(sandbox)
              .trustedCertificates(sandbox.tls().trustedCertificateFile())
              .clientCertificate(shop.certificateFile(), shop.privateKeyFile())
              .build();

      V1ErrorCodeException unknown =
          catchThrowableOfType(() -> client.getPayment(99_999_999L), V1ErrorCodeException.class);

      assertThat(unknown.getCode()).as("the signature was accepted").isNotEqualTo(-7);
      MerchantPayV1Client withoutOne =
          client(sandbox).trustedCertificates(sandbox.tls().trustedCertificateFile()).build();
      V1TransportException refused =
          catchThrowableOfType(
              () -> withoutOne.getPayment(99_999_999L), V1TransportException.class);
      assertThat(refused.getMessage())
          .contains("TLS handshake failed", "asks for a client certificate")
          .doesNotContain("not trusted");
    }
  }

  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(
      strings = {"http://127.0.0.1:8080", " http://127.0.0.1:8080", "\tHTTP://127.0.0.1:8080 "})
  void tlsSettingsForAPlainHttpBaseUrlAreRefusedRatherThanIgnored(String baseUrl) {
    var builder =
        MerchantPayV1Client.builder()
            .baseUrl(baseUrl)
            .login("shop")
            .password("secret")
            .trustedCertificates(java.nio.file.Path.of("ca.pem"));

    assertThat(catchThrowableOfType(builder::build, IllegalArgumentException.class))
        .hasMessageContaining("plain http base URL");
  }
}
