package com.merchantpay.sandbox;

import com.merchantpay.sandbox.internal.tls.CertificateAuthority;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/** TLS contexts of a client whose certificate another authority (a merchant's own) issued. */
final class TlsClients {
  private TlsClients() {}

  /** A context trusting the certificate given (PEM) and presenting the client's. */
  static SSLContext presenting(String trustedPem, CertificateAuthority.Issued client)
      throws Exception {
    KeyStore keys = KeyStore.getInstance("PKCS12");
    keys.load(null, null);
    keys.setKeyEntry(
        "client",
        client.key(),
        new char[0],
        new Certificate[] {client.certificate(), client.issuer()});
    KeyManagerFactory keyManagers =
        KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    keyManagers.init(keys, new char[0]);
    KeyStore trust = KeyStore.getInstance("PKCS12");
    trust.load(null, null);
    trust.setCertificateEntry(
        "sandbox",
        CertificateFactory.getInstance("X.509")
            .generateCertificate(
                new ByteArrayInputStream(trustedPem.getBytes(StandardCharsets.US_ASCII))));
    TrustManagerFactory trustManagers =
        TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    trustManagers.init(trust);
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(keyManagers.getKeyManagers(), trustManagers.getTrustManagers(), null);
    return context;
  }
}
