package com.merchantpay.sandbox.internal.tls;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.net.InetAddress;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A certificate authority made when a sandbox starts, for that sandbox alone: it signs the
 * certificate the sandbox serves HTTPS with, for the names it is reached by, and client
 * certificates for tests of a client that presents one. Its private key never leaves the process;
 * its certificate is what a caller trusts. Keys are P-256: quick to make, accepted by every TLS
 * stack of today.
 */
public final class CertificateAuthority {
  /** Long enough for any run, short enough that a leaked CA file soon means nothing. */
  private static final Duration VALIDITY = Duration.ofDays(30);

  private static final SecureRandom RANDOM = new SecureRandom();

  private final KeyPair keys;
  private final X509Certificate certificate;

  private CertificateAuthority(KeyPair keys, X509Certificate certificate) {
    this.keys = keys;
    this.certificate = certificate;
  }

  /** A new authority, named after the sandbox. */
  public static CertificateAuthority create() {
    KeyPair keys = keyPair();
    X500Name name = new X500Name("CN=Merchant Payment Service sandbox CA " + serial().toString(16));
    Instant now = Instant.now();
    try {
      JcaX509ExtensionUtils extensions = new JcaX509ExtensionUtils();
      X509v3CertificateBuilder builder =
          new JcaX509v3CertificateBuilder(
                  name,
                  serial(),
                  Date.from(now.minus(Duration.ofMinutes(5))),
                  Date.from(now.plus(VALIDITY)),
                  name,
                  keys.getPublic())
              .addExtension(Extension.basicConstraints, true, new BasicConstraints(0))
              .addExtension(
                  Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign))
              .addExtension(
                  Extension.subjectKeyIdentifier,
                  false,
                  extensions.createSubjectKeyIdentifier(keys.getPublic()));
      return new CertificateAuthority(keys, sign(builder, keys.getPrivate()));
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalStateException("the sandbox's certificate authority cannot be made", e);
    }
  }

  /** The authority's certificate: what a caller of the sandbox trusts. */
  public X509Certificate certificate() {
    return certificate;
  }

  /**
   * A server certificate for these names: host names become DNS names, IP literals IP addresses, so
   * that a caller checking the name it dialled finds it.
   */
  public Issued server(List<String> names) {
    if (names.isEmpty()) {
      throw new IllegalArgumentException("a server certificate needs at least one name");
    }
    List<GeneralName> alternatives = new ArrayList<>();
    for (String name : names) {
      alternatives.add(
          isAddress(name)
              ? new GeneralName(GeneralName.iPAddress, bare(name))
              : new GeneralName(GeneralName.dNSName, name));
    }
    return issue(
        "CN=" + names.get(0),
        KeyPurposeId.id_kp_serverAuth,
        new GeneralNames(alternatives.toArray(new GeneralName[0])));
  }

  /** A client certificate with this common name, for a test of a client that presents one. */
  public Issued client(String commonName) {
    if (commonName == null || commonName.isBlank() || commonName.matches(".*[,=+<>#;\"\\\\].*")) {
      throw new IllegalArgumentException(
          "a client certificate's name is plain text without , = + < > # ; \" or \\: "
              + commonName);
    }
    return issue("CN=" + commonName, KeyPurposeId.id_kp_clientAuth, null);
  }

  private Issued issue(String subject, KeyPurposeId purpose, GeneralNames alternatives) {
    KeyPair issued = keyPair();
    Instant now = Instant.now();
    try {
      JcaX509ExtensionUtils extensions = new JcaX509ExtensionUtils();
      X509v3CertificateBuilder builder =
          new JcaX509v3CertificateBuilder(
                  certificate,
                  serial(),
                  Date.from(now.minus(Duration.ofMinutes(5))),
                  Date.from(now.plus(VALIDITY)),
                  new X500Name(subject),
                  issued.getPublic())
              .addExtension(Extension.basicConstraints, true, new BasicConstraints(false))
              .addExtension(
                  Extension.keyUsage,
                  true,
                  new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyAgreement))
              .addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(purpose))
              .addExtension(
                  Extension.authorityKeyIdentifier,
                  false,
                  extensions.createAuthorityKeyIdentifier(certificate))
              .addExtension(
                  Extension.subjectKeyIdentifier,
                  false,
                  extensions.createSubjectKeyIdentifier(issued.getPublic()));
      if (alternatives != null) {
        builder.addExtension(Extension.subjectAlternativeName, false, alternatives);
      }
      return new Issued(issued.getPrivate(), sign(builder, keys.getPrivate()), certificate);
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalStateException("a certificate cannot be issued for " + subject, e);
    }
  }

  /**
   * A certificate and its private key, with the authority that signed it.
   *
   * @param key the private key
   * @param certificate the certificate
   * @param issuer the authority's certificate, the end of the chain
   */
  public record Issued(PrivateKey key, X509Certificate certificate, X509Certificate issuer) {
    /** The certificate in PEM form. */
    public String certificatePem() {
      return pem(certificate);
    }

    /** The private key in PEM form (PKCS #8). */
    public String privateKeyPem() {
      return pem(new org.bouncycastle.util.io.pem.PemObject("PRIVATE KEY", key.getEncoded()));
    }

    /** Its key is never shown. */
    @Override
    public String toString() {
      return "Issued[" + certificate.getSubjectX500Principal().getName() + "]";
    }
  }

  /** A certificate, a key or another PEM object, written as PEM. */
  public static String pem(Object object) {
    StringWriter text = new StringWriter();
    try (JcaPEMWriter writer = new JcaPEMWriter(text)) {
      writer.writeObject(object);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return text.toString();
  }

  private static X509Certificate sign(X509v3CertificateBuilder builder, PrivateKey key)
      throws GeneralSecurityException {
    try {
      return new JcaX509CertificateConverter()
          .getCertificate(builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(key)));
    } catch (OperatorCreationException e) {
      throw new GeneralSecurityException(e);
    }
  }

  private static KeyPair keyPair() {
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
      generator.initialize(new ECGenParameterSpec("secp256r1"), RANDOM);
      return generator.generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("no P-256 keys on this JDK", e);
    }
  }

  private static BigInteger serial() {
    return new BigInteger(64, RANDOM).abs().add(BigInteger.ONE);
  }

  /** Whether a name is an IP literal (IPv4, or IPv6 with or without brackets). */
  static boolean isAddress(String name) {
    String bare = bare(name);
    return bare.matches("[0-9]{1,3}(\\.[0-9]{1,3}){3}") || bare.contains(":");
  }

  /**
   * Whether a name can stand in a certificate: a DNS name (a leading {@code *.} allowed) or an IP
   * literal. A port or a path cannot.
   */
  public static boolean isNameOrAddress(String name) {
    if (name.matches(
        "(\\*\\.)?[A-Za-z0-9]([A-Za-z0-9-]{0,62})(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,62}))*")) {
      return true;
    }
    String bare = bare(name);
    if (!bare.matches("[0-9A-Fa-f:.]+") || !bare.contains(":")) {
      return false;
    }
    try {
      // A literal with a colon is parsed as IPv6, never looked up.
      return InetAddress.getByName(bare) instanceof java.net.Inet6Address;
    } catch (IOException e) {
      return false;
    }
  }

  private static String bare(String name) {
    return name.startsWith("[") && name.endsWith("]") ? name.substring(1, name.length() - 1) : name;
  }

  /** The names a sandbox bound to this host is reached by, for its certificate. */
  public static List<String> namesFor(String host, List<String> extra) {
    List<String> names = new ArrayList<>();
    names.add("localhost");
    names.add("127.0.0.1");
    names.add("::1");
    if (host != null && !host.isBlank() && !names.contains(host) && !isWildcard(host)) {
      names.add(bare(host));
    }
    if (host != null && isWildcard(host)) {
      try {
        String local = InetAddress.getLocalHost().getHostName();
        if (!names.contains(local)) {
          names.add(local);
        }
      } catch (IOException e) {
        // a machine without a name of its own: the loopback names and the given ones serve
      }
    }
    for (String name : extra) {
      if (!names.contains(bare(name))) {
        names.add(bare(name));
      }
    }
    return names;
  }

  /** Whether a bind address means every address of the machine. */
  public static boolean isWildcard(String host) {
    return host.equals("0.0.0.0") || host.equals("::") || host.equals("[::]");
  }
}
