package com.merchantpay.sandbox.internal.tls;

import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.SupportedCipherSuiteFilter;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManagerFactory;

/**
 * What a sandbox serves HTTPS with: its certificate and key (made at start by its own {@link
 * CertificateAuthority} for the names it is reached by, or taken from a key store given), the
 * certificate a caller trusts, and, when the sandbox requires one, the authority whose client
 * certificates it accepts. TLS 1.2 and 1.3 only.
 */
public final class TlsMaterial {
  /** The versions served; older ones are refused in the handshake. */
  public static final String[] PROTOCOLS = {"TLSv1.3", "TLSv1.2"};

  /**
   * The cipher suites served: TLS 1.3's, and for TLS 1.2 only those with forward secrecy and
   * authenticated encryption (the JDK's defaults still hold RSA key exchange and CBC).
   */
  public static final List<String> CIPHERS =
      List.of(
          "TLS_AES_128_GCM_SHA256",
          "TLS_AES_256_GCM_SHA384",
          "TLS_CHACHA20_POLY1305_SHA256",
          "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
          "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
          "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256",
          "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
          "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
          "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256");

  private final CertificateAuthority authority;
  private final KeyManagerFactory keys;
  private final X509Certificate trusted;
  private final boolean clientCertificateRequired;
  private final List<X509Certificate> clientAuthorities;

  private TlsMaterial(
      CertificateAuthority authority,
      KeyManagerFactory keys,
      X509Certificate trusted,
      boolean clientCertificateRequired) {
    this(authority, keys, trusted, clientCertificateRequired, List.of());
  }

  private TlsMaterial(
      CertificateAuthority authority,
      KeyManagerFactory keys,
      X509Certificate trusted,
      boolean clientCertificateRequired,
      List<X509Certificate> clientAuthorities) {
    this.authority = authority;
    this.keys = keys;
    this.trusted = trusted;
    this.clientCertificateRequired = clientCertificateRequired;
    this.clientAuthorities = List.copyOf(clientAuthorities);
  }

  /**
   * The same material, accepting client certificates of these authorities too (a merchant's own,
   * whose application presents a certificate it already has).
   *
   * @throws IllegalArgumentException naming the file when it holds no PEM certificate
   */
  public TlsMaterial acceptingClientsOf(Path pem) {
    List<X509Certificate> authorities = new ArrayList<>();
    try (InputStream in = Files.newInputStream(pem)) {
      for (Certificate one : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
        authorities.add((X509Certificate) one);
      }
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalArgumentException(
          "the client authorities file " + pem + " cannot be read: " + e.getMessage(), e);
    }
    if (authorities.isEmpty()) {
      throw new IllegalArgumentException(
          "the client authorities file " + pem + " holds no PEM certificate");
    }
    return new TlsMaterial(authority, keys, trusted, true, authorities);
  }

  /**
   * A certificate made now for these names, by an authority made now.
   *
   * @param clientCertificateRequired whether a caller must present a certificate the authority
   *     issued ({@link #issueClient})
   */
  public static TlsMaterial generated(List<String> names, boolean clientCertificateRequired) {
    CertificateAuthority authority = CertificateAuthority.create();
    CertificateAuthority.Issued server = authority.server(names);
    KeyManagerFactory keys =
        keyManagers(
            server.key(), new Certificate[] {server.certificate(), server.issuer()}, new char[0]);
    return new TlsMaterial(authority, keys, authority.certificate(), clientCertificateRequired);
  }

  /**
   * The key and certificate chain of a key store (PKCS #12, or JKS), its first key entry; a caller
   * trusts the last certificate of that chain. Client certificates, when required, are still those
   * of an authority the sandbox makes.
   *
   * @throws IllegalArgumentException naming the file and what is wrong with it
   */
  public static TlsMaterial fromKeyStore(
      Path file, char[] password, boolean clientCertificateRequired) {
    KeyStore store;
    try (InputStream in = Files.newInputStream(file)) {
      store = KeyStore.getInstance(file.toString().endsWith(".jks") ? "JKS" : "PKCS12");
      store.load(in, password);
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalArgumentException(
          "the key store " + file + " cannot be read: " + e.getMessage(), e);
    }
    try {
      for (String alias : Collections.list(store.aliases())) {
        if (store.isKeyEntry(alias)) {
          Certificate[] chain = store.getCertificateChain(alias);
          java.security.Key key = store.getKey(alias, password);
          if (chain == null || chain.length == 0 || !(key instanceof java.security.PrivateKey)) {
            continue;
          }
          return new TlsMaterial(
              clientCertificateRequired ? CertificateAuthority.create() : null,
              keyManagers((java.security.PrivateKey) key, chain, password),
              (X509Certificate) chain[chain.length - 1],
              clientCertificateRequired);
        }
      }
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException(
          "the key store " + file + " cannot be read: " + e.getMessage(), e);
    }
    throw new IllegalArgumentException(
        "the key store " + file + " holds no private key with its certificate chain");
  }

  /** The Netty context the HTTPS listener serves with. */
  public SslContext serverContext() {
    try {
      SslContextBuilder builder =
          SslContextBuilder.forServer(keys)
              .sslProvider(SslProvider.JDK)
              .protocols(PROTOCOLS)
              .ciphers(CIPHERS, SupportedCipherSuiteFilter.INSTANCE);
      if (clientCertificateRequired) {
        List<X509Certificate> accepted = new ArrayList<>(clientAuthorities);
        accepted.add(authority.certificate());
        builder
            .clientAuth(ClientAuth.REQUIRE)
            .trustManager(accepted.toArray(new X509Certificate[0]));
      }
      return builder.build();
    } catch (SSLException e) {
      throw new IllegalStateException("the sandbox's TLS context cannot be made", e);
    }
  }

  /** The certificate a caller of the sandbox trusts, in PEM form. */
  public String trustedCertificatePem() {
    return CertificateAuthority.pem(trusted);
  }

  /** The certificate a caller trusts. */
  public X509Certificate trustedCertificate() {
    return trusted;
  }

  /** Whether a caller must present a client certificate. */
  public boolean clientCertificateRequired() {
    return clientCertificateRequired;
  }

  /**
   * A client certificate the sandbox accepts, made now.
   *
   * @throws IllegalStateException when the sandbox serves a key store given to it and requires no
   *     client certificate: it has no authority to issue one
   */
  public CertificateAuthority.Issued issueClient(String commonName) {
    if (authority == null) {
      throw new IllegalStateException(
          "this sandbox serves a key store given to it and requires no client certificate, so it "
              + "issues none");
    }
    return authority.client(commonName);
  }

  /**
   * A JDK TLS context that trusts the sandbox and, when a client certificate is given, presents it.
   */
  public SSLContext clientContext(CertificateAuthority.Issued client) {
    try {
      KeyStore trust = KeyStore.getInstance("PKCS12");
      trust.load(null, null);
      trust.setCertificateEntry("merchantpay-sandbox", trusted);
      TrustManagerFactory trustManagers =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      trustManagers.init(trust);
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(
          client == null
              ? null
              : keyManagers(
                      client.key(),
                      new Certificate[] {client.certificate(), client.issuer()},
                      new char[0])
                  .getKeyManagers(),
          trustManagers.getTrustManagers(),
          null);
      return context;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("a TLS context for the sandbox cannot be made", e);
    }
  }

  private static KeyManagerFactory keyManagers(
      java.security.PrivateKey key, Certificate[] chain, char[] password) {
    try {
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(null, null);
      List<Certificate> certificates = new ArrayList<>(List.of(chain));
      store.setKeyEntry(
          "merchantpay-sandbox", key, password, certificates.toArray(new Certificate[0]));
      KeyManagerFactory factory =
          KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      factory.init(store, password);
      return factory;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("the sandbox's key cannot be used for TLS", e);
    }
  }
}
