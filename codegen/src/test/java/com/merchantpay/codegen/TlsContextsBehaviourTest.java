package com.merchantpay.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The TLS settings the generated {@code TlsContexts} makes for both clients from PEM files: trusted
 * certificates, a client certificate with its PKCS #8 key, and what it says of files it cannot use
 * and of a handshake that failed. The fixture key is a throwaway made for these tests.
 */
class TlsContextsBehaviourTest {
  private static final Path TLS = Path.of("src/test/resources/tls");
  private static Class<?> tls;

  @TempDir Path dir;

  @BeforeAll
  static void loadFixtureClient() throws Exception {
    tls = FixtureClient.load("TlsContexts");
  }

  private static Object call(String name, Object... arguments) throws Throwable {
    for (Method method : tls.getMethods()) {
      if (method.getName().equals(name) && method.getParameterCount() == arguments.length) {
        try {
          return method.invoke(null, arguments);
        } catch (InvocationTargetException e) {
          throw e.getCause();
        }
      }
    }
    throw new IllegalArgumentException("no method " + name);
  }

  private static String failure(String name, Object... arguments) {
    try {
      call(name, arguments);
      return "(no failure)";
    } catch (Throwable e) {
      return e.getClass().getSimpleName() + ": " + e.getMessage();
    }
  }

  @Test
  void trustedCertificatesAndAClientCertificateWithItsKeyMakeAContext() throws Throwable {
    Object context =
        call(
            "of",
            TLS.resolve("client.pem"),
            TLS.resolve("client.pem"),
            TLS.resolve("client-key.pem"));

    assertThat(context).isInstanceOf(SSLContext.class);
    assertThat(call("of", null, null, null))
        .as("the JDK's own trust")
        .isInstanceOf(SSLContext.class);
  }

  @Test
  void aKeyInAnotherFormIsNamedWithTheCommandThatConvertsItAndNeverShown() throws IOException {
    String problem =
        failure("of", null, TLS.resolve("client.pem"), TLS.resolve("client-key-sec1.pem"));

    assertThat(problem)
        .contains(
            "IllegalArgumentException",
            "client-key-sec1.pem",
            "older OpenSSL form",
            "openssl pkcs8")
        .doesNotContain(
            Files.readString(TLS.resolve("client-key-sec1.pem"))
                .lines()
                .skip(1)
                .findFirst()
                .orElseThrow());
  }

  @Test
  void aFileWithoutCertificatesOrWithoutItsKeyIsNamed() throws IOException {
    Path empty = Files.writeString(dir.resolve("empty.pem"), "nothing here\n");

    assertThat(failure("of", empty, null, null)).contains("empty.pem");
    assertThat(failure("of", null, TLS.resolve("client.pem"), null)).contains("private key");
    assertThat(failure("of", dir.resolve("missing.pem"), null, null)).contains("missing.pem");
  }

  @Test
  void aRefusedCertificateIsToldApartAndSaysWhatToCheck() throws Throwable {
    IOException untrusted =
        new IOException(
            new SSLHandshakeException("PKIX path building failed: unable to find valid path"));
    IOException clientRefused =
        new IOException(new SSLHandshakeException("Received fatal alert: bad_certificate"));
    IOException otherHost =
        new IOException(
            new SSLHandshakeException("No subject alternative DNS name matching other found."));
    IOException brokenOff =
        new IOException(new SSLHandshakeException("Remote host terminated the handshake"));

    assertThat(call("isCertificateRefused", untrusted)).isEqualTo(true);
    assertThat(call("isCertificateRefused", clientRefused)).isEqualTo(true);
    assertThat(call("isCertificateRefused", otherHost)).isEqualTo(true);
    assertThat(call("isCertificateRefused", brokenOff))
        .as("a handshake broken off is an ordinary failure to connect, retried as one")
        .isEqualTo(false);
    assertThat(call("isCertificateRefused", new IOException("Connection reset"))).isEqualTo(false);
    assertThat((String) call("describeHandshake", untrusted.getCause()))
        .contains(
            "nothing was sent", "not trusted", "trustedCertificates", "PKIX path building failed")
        .doesNotContain("client certificate");
    assertThat((String) call("describeHandshake", clientRefused.getCause()))
        .contains("asks for a client certificate", "clientCertificate")
        .doesNotContain("not trusted");
    assertThat((String) call("describeHandshake", otherHost.getCause()))
        .contains("does not name the host called")
        .doesNotContain("not trusted");
  }
}
