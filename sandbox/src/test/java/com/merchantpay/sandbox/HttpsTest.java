package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.merchantpay.sandbox.internal.tls.CertificateAuthority;
import com.merchantpay.sandbox.internal.tls.TlsMaterial;
import io.netty.buffer.ByteBufAllocator;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.time.Duration;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * HTTPS beside HTTP: a certificate made at start for the names the sandbox is reached by, the
 * certificate to trust handed to tests and served by the control API, TLS 1.2 and 1.3, a client
 * certificate when the sandbox requires one, a key store of one's own, and every address listened
 * on. Calls go to loopback addresses only.
 */
class HttpsTest {
  @TempDir Path dir;

  private static HttpResponse<String> get(HttpClient http, String url) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(url))
            .header("Authorization", "Bearer " + Sandbox.DEFAULT_TOKEN)
            .timeout(Duration.ofSeconds(10))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static HttpClient trusting(SSLContext context, String... protocols) {
    HttpClient.Builder builder =
        HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).sslContext(context);
    if (protocols.length > 0) {
      builder.sslParameters(new SSLParameters(null, protocols));
    }
    return builder.build();
  }

  @Test
  void theSandboxServesBothInterfacesOverHttpsToAClientThatTrustsItsCertificate() throws Exception {
    try (Sandbox sandbox = Sandbox.builder().https(0).start()) {
      String https = sandbox.httpsBaseUrl().orElseThrow().toString();
      HttpClient client = trusting(sandbox.tls().sslContext());

      assertThat(https).startsWith("https://127.0.0.1:");
      HttpResponse<String> unknown = get(client, https + "/api/v2/payments/no-such-payment");
      assertThat(unknown.statusCode()).isEqualTo(404);
      assertThat(unknown.body()).contains("invalid_operation");
      int port = sandbox.httpsBaseUrl().orElseThrow().getPort();
      try (javax.net.ssl.SSLSocket socket =
          (javax.net.ssl.SSLSocket)
              sandbox.tls().sslContext().getSocketFactory().createSocket("127.0.0.1", port)) {
        socket.startHandshake();
        var served =
            (java.security.cert.X509Certificate) socket.getSession().getPeerCertificates()[0];
        assertThat(served.getSubjectAlternativeNames())
            .as("the names a loopback caller uses")
            .extracting(name -> name.get(1).toString())
            .contains("localhost", "127.0.0.1", "0:0:0:0:0:0:0:1");
      }
      assertThat(
              get(HttpClient.newHttpClient(), sandbox.baseUrl() + "/api/v2/payments/x")
                  .statusCode())
          .as("plain HTTP is still served beside it")
          .isEqualTo(404);
    }
  }

  @Test
  void aClientThatDoesNotTrustTheCertificateIsRefusedInTheHandshake() {
    try (Sandbox sandbox = Sandbox.builder().https(0).start()) {
      assertThatThrownBy(
              () ->
                  get(
                      HttpClient.newHttpClient(),
                      sandbox.httpsBaseUrl().orElseThrow() + "/api/v2/payments/x"))
          .isInstanceOf(SSLHandshakeException.class);
    }
  }

  @Test
  void tls12AndTls13AreServed() throws Exception {
    try (Sandbox sandbox = Sandbox.builder().https(0).start()) {
      String url = sandbox.httpsBaseUrl().orElseThrow() + "/api/v2/payments/x";
      for (String protocol : List.of("TLSv1.2", "TLSv1.3")) {
        assertThat(get(trusting(sandbox.tls().sslContext(), protocol), url).statusCode())
            .as(protocol)
            .isEqualTo(404);
      }
    }
  }

  @Test
  void onlyForwardSecretAuthenticatedCiphersAreServed() throws Exception {
    SSLEngine engine =
        TlsMaterial.generated(List.of("localhost"), false)
            .serverContext()
            .newEngine(ByteBufAllocator.DEFAULT);
    assertThat(engine.getEnabledProtocols()).containsExactlyInAnyOrder("TLSv1.3", "TLSv1.2");
    assertThat(engine.getEnabledCipherSuites())
        .isNotEmpty()
        .allSatisfy(
            suite ->
                assertThat(suite)
                    .matches("TLS_(AES|CHACHA20).*|TLS_ECDHE_.*_(GCM_SHA\\d+|POLY1305_SHA256)"));

    try (Sandbox sandbox = Sandbox.builder().https(0).start()) {
      HttpClient rsaKeyExchange =
          HttpClient.newBuilder()
              .sslContext(sandbox.tls().sslContext())
              .sslParameters(
                  new SSLParameters(
                      new String[] {
                        "TLS_RSA_WITH_AES_128_GCM_SHA256", "TLS_RSA_WITH_AES_128_CBC_SHA"
                      },
                      new String[] {"TLSv1.2"}))
              .build();
      assertThatThrownBy(
              () ->
                  get(rsaKeyExchange, sandbox.httpsBaseUrl().orElseThrow() + "/api/v2/payments/x"))
          .isInstanceOf(SSLHandshakeException.class);
    }
  }

  @Test
  void aRequiredClientCertificateIsAskedForAndOneTheSandboxIssuedIsTaken() throws Exception {
    try (Sandbox sandbox = Sandbox.builder().https(0).requireClientCertificate().start()) {
      String url = sandbox.httpsBaseUrl().orElseThrow() + "/api/v2/payments/x";
      SandboxTls.ClientCertificate shop = sandbox.tls().clientCertificate("shop-app");

      assertThat(get(trusting(shop.sslContext()), url).statusCode()).isEqualTo(404);
      assertThatThrownBy(() -> get(trusting(sandbox.tls().sslContext()), url))
          .as("no certificate presented")
          .isInstanceOf(javax.net.ssl.SSLException.class)
          .hasMessageContaining("certificate");
      assertThat(shop.certificatePem()).contains("BEGIN CERTIFICATE");
      assertThat(Files.readString(shop.privateKeyFile())).contains("BEGIN PRIVATE KEY");
      assertThat(shop.toString()).doesNotContain("PRIVATE KEY");
      assertThat(get(HttpClient.newHttpClient(), sandbox.baseUrl() + "/_sandbox/config").body())
          .contains("\"clientCertificateRequired\":true");
    }
  }

  @Test
  void clientCertificatesOfTheMerchantsOwnAuthorityAreTakenAndOthersRefused() throws Exception {
    CertificateAuthority merchantPki = CertificateAuthority.create();
    Path authorities =
        Files.writeString(
            dir.resolve("merchant-ca.pem"), CertificateAuthority.pem(merchantPki.certificate()));
    try (Sandbox sandbox =
        Sandbox.builder().https(0).acceptClientCertificatesOf(authorities).start()) {
      String url = sandbox.httpsBaseUrl().orElseThrow() + "/api/v2/payments/x";

      assertThat(
              get(
                      trusting(
                          TlsClients.presenting(
                              sandbox.tls().trustedCertificatePem(),
                              merchantPki.client("shop-app"))),
                      url)
                  .statusCode())
          .isEqualTo(404);
      assertThat(
              get(trusting(sandbox.tls().clientCertificate("kit").sslContext()), url).statusCode())
          .as("the sandbox's own still taken")
          .isEqualTo(404);
      CertificateAuthority stranger = CertificateAuthority.create();
      assertThatThrownBy(
              () ->
                  get(
                      trusting(
                          TlsClients.presenting(
                              sandbox.tls().trustedCertificatePem(), stranger.client("x"))),
                      url))
          .as("a certificate of an authority not given")
          .isInstanceOf(javax.net.ssl.SSLException.class)
          .hasMessageContaining("certificate");
    }
    Path empty = Files.writeString(dir.resolve("empty.pem"), "no certificate here");
    assertThatThrownBy(() -> Sandbox.builder().https(0).acceptClientCertificatesOf(empty).start())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(empty.toString());
  }

  @Test
  void theControlApiServesTheCertificateToTrustOverPlainHttpToo() throws Exception {
    try (Sandbox sandbox = Sandbox.builder().https(0).start();
        Sandbox plain = Sandbox.builder().start()) {
      HttpResponse<String> pem =
          get(HttpClient.newHttpClient(), sandbox.baseUrl() + "/_sandbox/tls/certificate");

      assertThat(pem.statusCode()).isEqualTo(200);
      assertThat(pem.headers().firstValue("Content-Type")).contains("application/x-pem-file");
      assertThat(pem.body()).isEqualTo(sandbox.tls().trustedCertificatePem());
      assertThat(Files.readString(sandbox.tls().trustedCertificateFile())).isEqualTo(pem.body());
      assertThat(
              get(HttpClient.newHttpClient(), plain.baseUrl() + "/_sandbox/tls/certificate")
                  .statusCode())
          .as("a sandbox that serves HTTP only has none")
          .isEqualTo(404);
      assertThatThrownBy(plain::tls).isInstanceOf(IllegalStateException.class);
    }
  }

  @Test
  void thePagesTheSandboxNamesAreOnHttpsWhenItServesHttps() throws Exception {
    try (Sandbox sandbox = Sandbox.builder().https(0).start()) {
      HttpClient client = trusting(sandbox.tls().sslContext());
      String https = sandbox.httpsBaseUrl().orElseThrow().toString();
      HttpResponse<String> invoice =
          client.send(
              HttpRequest.newBuilder(URI.create(https + "/api/v2/invoices"))
                  .header("Authorization", "Bearer " + Sandbox.DEFAULT_TOKEN)
                  .header("Content-Type", "application/json")
                  .header("Idempotency-Key", "https-invoice")
                  .POST(
                      HttpRequest.BodyPublishers.ofString(
                          "{\"merchantId\":\""
                              + Sandbox.DEFAULT_MERCHANT
                              + "\",\"amount\":{\"value\":10,\"currency\":\"RUB\"}}"))
                  .build(),
              HttpResponse.BodyHandlers.ofString());

      assertThat(invoice.statusCode()).isEqualTo(200);
      assertThat(invoice.body()).contains("\"url\":\"" + https + "/pay/");
    }
  }

  @Test
  void listeningOnEveryAddressItIsReachedOnLoopbackAndNamesLocalhost() throws Exception {
    try (Sandbox sandbox = Sandbox.builder().host("0.0.0.0").https(0).tlsNames("sandbox").start()) {
      int port = sandbox.port();
      int httpsPort = sandbox.httpsBaseUrl().orElseThrow().getPort();

      assertThat(
              get(HttpClient.newHttpClient(), "http://127.0.0.1:" + port + "/_sandbox/config")
                  .statusCode())
          .isEqualTo(200);
      assertThat(sandbox.httpsBaseUrl().orElseThrow().getHost())
          .as("the pages are named by the first TLS name")
          .isEqualTo("sandbox");
      assertThat(
              get(
                      trusting(sandbox.tls().sslContext()),
                      "https://127.0.0.1:" + httpsPort + "/api/v2/payments/x")
                  .statusCode())
          .isEqualTo(404);
      var certificate =
          (java.security.cert.X509Certificate)
              java.security.cert.CertificateFactory.getInstance("X.509")
                  .generateCertificate(
                      new java.io.ByteArrayInputStream(
                          sandbox.tls().clientCertificate("probe").certificatePem().getBytes()));
      assertThat(certificate.getIssuerX500Principal().getName()).contains("sandbox CA");
    }
  }

  @Test
  void aKeyStoreOfOnesOwnIsServedAndTheEndOfItsChainTrusted() throws Exception {
    CertificateAuthority authority = CertificateAuthority.create();
    CertificateAuthority.Issued server = authority.server(List.of("localhost", "127.0.0.1"));
    KeyStore store = KeyStore.getInstance("PKCS12");
    store.load(null, null);
    store.setKeyEntry(
        "server",
        server.key(),
        "changeit".toCharArray(),
        new Certificate[] {server.certificate(), authority.certificate()});
    Path file = dir.resolve("server.p12");
    try (OutputStream out = Files.newOutputStream(file)) {
      store.store(out, "changeit".toCharArray());
    }

    try (Sandbox sandbox =
        Sandbox.builder().https(0).tlsKeyStore(file, "changeit".toCharArray()).start()) {
      assertThat(sandbox.tls().trustedCertificatePem())
          .isEqualTo(CertificateAuthority.pem(authority.certificate()));
      assertThat(
              get(
                      trusting(sandbox.tls().sslContext()),
                      sandbox.httpsBaseUrl().orElseThrow() + "/api/v2/payments/x")
                  .statusCode())
          .isEqualTo(404);
    }
    assertThatThrownBy(
            () -> Sandbox.builder().https(0).tlsKeyStore(file, "wrong".toCharArray()).start())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(file.toString());
  }

  @Test
  void tlsSettingsWithoutHttpsAreRefusedByName() {
    assertThatThrownBy(() -> Sandbox.builder().requireClientCertificate().build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("https(port)");
  }
}
