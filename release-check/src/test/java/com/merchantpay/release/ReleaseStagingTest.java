package com.merchantpay.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Date;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.bouncycastle.bcpg.ArmoredOutputStream;
import org.bouncycastle.bcpg.HashAlgorithmTags;
import org.bouncycastle.bcpg.PublicKeyAlgorithmTags;
import org.bouncycastle.bcpg.SymmetricKeyAlgorithmTags;
import org.bouncycastle.openpgp.PGPKeyPair;
import org.bouncycastle.openpgp.PGPPublicKey;
import org.bouncycastle.openpgp.PGPSecretKey;
import org.bouncycastle.openpgp.PGPSignature;
import org.bouncycastle.openpgp.PGPSignatureList;
import org.bouncycastle.openpgp.PGPUtil;
import org.bouncycastle.openpgp.jcajce.JcaPGPObjectFactory;
import org.bouncycastle.openpgp.operator.PGPDigestCalculator;
import org.bouncycastle.openpgp.operator.jcajce.JcaPGPContentSignerBuilder;
import org.bouncycastle.openpgp.operator.jcajce.JcaPGPContentVerifierBuilderProvider;
import org.bouncycastle.openpgp.operator.jcajce.JcaPGPDigestCalculatorProviderBuilder;
import org.bouncycastle.openpgp.operator.jcajce.JcaPGPKeyPair;
import org.bouncycastle.openpgp.operator.jcajce.JcePBESecretKeyEncryptorBuilder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The release procedure run for real on a copy of the sources: the release profile, signing with a
 * throwaway key made here, deploying into a staging directory. The staged artifacts are then
 * checked as Maven Central checks a deployment, and their jars compared with the ones this build
 * made: two clean builds of the same sources must give the same bytes.
 */
class ReleaseStagingTest {
  private static final Path REPOSITORY = Path.of("..").toAbsolutePath().normalize();
  private static final String VERSION = "0.1.0-SNAPSHOT";
  private static final String PASSPHRASE = "throwaway-passphrase";

  /** The published modules: artifact id, its directory, its packaging. */
  private static final Map<String, String[]> PUBLISHED = new TreeMap<>();

  static {
    PUBLISHED.put("merchantpay-parent", new String[] {".", "pom"});
    PUBLISHED.put("merchantpay-masking", new String[] {"masking", "jar"});
    PUBLISHED.put("merchantpay-spec", new String[] {"spec", "jar"});
    PUBLISHED.put("merchantpay-codegen", new String[] {"codegen", "jar"});
    PUBLISHED.put("merchantpay-client-observation", new String[] {"client-observation", "jar"});
    PUBLISHED.put("merchantpay-client-v2", new String[] {"client-v2", "jar"});
    PUBLISHED.put("merchantpay-client-v1", new String[] {"client-v1", "jar"});
    PUBLISHED.put("merchantpay-micrometer", new String[] {"micrometer", "jar"});
    PUBLISHED.put("merchantpay-spring-boot-starter", new String[] {"spring-boot-starter", "jar"});
    PUBLISHED.put("merchantpay-docs", new String[] {"docs", "jar"});
    PUBLISHED.put("merchantpay-sandbox", new String[] {"sandbox", "jar"});
    PUBLISHED.put("merchantpay-spring-boot-test", new String[] {"spring-boot-test", "jar"});
    PUBLISHED.put("merchantpay-conformance-parent", new String[] {"conformance-tests", "pom"});
    PUBLISHED.put("merchantpay-conformance", new String[] {"conformance-tests/kit", "jar"});
    PUBLISHED.put("merchantpay-pacts", new String[] {"conformance-tests/pacts", "jar"});
    PUBLISHED.put("merchantpay-conformance-cli", new String[] {"conformance-tests/cli", "jar"});
    PUBLISHED.put("merchantpay-bom", new String[] {"bom", "pom"});
  }

  private static PGPPublicKey publicKey;
  private static Path staging;

  @BeforeAll
  static void stageARelease(@TempDir Path work) throws Exception {
    Path sources = work.resolve("sources");
    copySources(REPOSITORY, sources);
    staging = work.resolve("staging");
    // Made here: modules deployed at once (the build runs them in parallel) would race to make it.
    Files.createDirectories(staging);
    String armoredKey = throwawayKey();

    List<String> command = new ArrayList<>(releasingStagingCommand());
    assertThat(command.subList(0, 1)).containsExactly("mvn");
    assertThat(command.get(command.indexOf("-pl") + 1).split(","))
        .as("the modules RELEASING.md stages are the published ones")
        .containsExactlyInAnyOrderElementsOf(PUBLISHED.values().stream().map(m -> m[0]).toList());
    // Added to the documented command: quiet, a staging directory of this run's own, no format
    // check
    // (the enclosing build made it), and nothing installed into the local repository, where it
    // would
    // let later builds resolve this project's artifacts from an earlier build instead of the
    // reactor.
    command.addAll(
        List.of(
            "-q",
            "-Dspotless.check.skip=true",
            "-Dmaven.install.skip=true",
            "-DaltDeploymentRepository=staging::file:" + staging));
    String localRepository = System.getProperty("maven.repo.local");
    if (localRepository != null) {
      command.add("-Dmaven.repo.local=" + localRepository);
    }
    ProcessBuilder build =
        new ProcessBuilder(command)
            .directory(sources.toFile())
            .redirectErrorStream(true)
            .redirectOutput(work.resolve("release.log").toFile());
    build.environment().put("MAVEN_GPG_KEY", armoredKey);
    build.environment().put("MAVEN_GPG_PASSPHRASE", PASSPHRASE);
    Process process = build.start();
    boolean ended = process.waitFor(Duration.ofMinutes(8).toMillis(), TimeUnit.MILLISECONDS);
    String log = Files.readString(work.resolve("release.log"));
    assertThat(ended).as("the release build ended in 8 minutes:%n%s", log).isTrue();
    assertThat(process.exitValue()).as("the release build:%n%s", log).isZero();
  }

  @Test
  void everyPublishedModuleIsStagedWithWhatCentralRequires() throws Exception {
    for (Map.Entry<String, String[]> module : PUBLISHED.entrySet()) {
      String artifact = module.getKey();
      Map<String, Path> files = staged(artifact);
      List<String> required = new ArrayList<>(List.of(".pom", "-cyclonedx.json"));
      if (module.getValue()[1].equals("jar")) {
        required.addAll(List.of(".jar", "-sources.jar", "-javadoc.jar"));
      }

      assertThat(files.keySet()).as("files of %s", artifact).containsAll(required);
      for (Map.Entry<String, Path> file : files.entrySet()) {
        byte[] bytes = Files.readAllBytes(file.getValue());
        assertThat(signatureHolds(bytes, sibling(file.getValue(), ".asc")))
            .as("signature of %s", file.getValue().getFileName())
            .isTrue();
        assertThat(Files.readString(sibling(file.getValue(), ".sha1")).strip())
            .as("sha1 of %s", file.getValue().getFileName())
            .isEqualTo(digest("SHA-1", bytes));
        assertThat(Files.readString(sibling(file.getValue(), ".md5")).strip())
            .as("md5 of %s", file.getValue().getFileName())
            .isEqualTo(digest("MD5", bytes));
      }
      String pom = Files.readString(files.get(".pom"));
      assertThat(pom).as("pom of %s", artifact).contains("<name>", "<description>");
      String metadata = pom.contains("<parent>") ? Files.readString(parentPom(pom)) + pom : pom;
      assertThat(metadata)
          .as("pom metadata of %s", artifact)
          .contains("<url>", "<licenses>", "<developers>", "<scm>");
    }
  }

  @Test
  void twoCleanBuildsGiveTheSameJars() throws Exception {
    for (Map.Entry<String, String[]> module : PUBLISHED.entrySet()) {
      if (!module.getValue()[1].equals("jar")) {
        continue;
      }
      Path ours =
          REPOSITORY
              .resolve(module.getValue()[0])
              .resolve("target")
              .resolve(module.getKey() + "-" + VERSION + ".jar");
      Path theirs = staged(module.getKey()).get(".jar");

      assertThat(ours).exists();
      assertThat(digest("SHA-256", Files.readAllBytes(theirs)))
          .as("%s built twice", module.getKey())
          .isEqualTo(digest("SHA-256", Files.readAllBytes(ours)));
    }
  }

  // ---------------------------------------------------------------- helpers

  /**
   * The staging command of RELEASING.md, step 4, split into words: the test runs what a maintainer
   * is told to run, not a copy that could drift from it.
   */
  private static List<String> releasingStagingCommand() throws IOException {
    String releasing = Files.readString(REPOSITORY.resolve("RELEASING.md"));
    Matcher block =
        Pattern.compile("(?m)^(mvn [^`\n]*-P release deploy[^`]*?)```").matcher(releasing);
    assertThat(block.find()).as("RELEASING.md has a staging command").isTrue();
    String command = block.group(1).replace("\\\n", " ").strip();
    return List.of(command.split("\\s+"));
  }

  /**
   * The staged files of an artifact by what follows its (timestamped) version: .jar, -sources.jar
   * ...
   */
  private static Map<String, Path> staged(String artifact) throws IOException {
    Path dir = staging.resolve("com/merchantpay").resolve(artifact).resolve(VERSION);
    Pattern name =
        Pattern.compile(
            Pattern.quote(artifact)
                + "-0\\.1\\.0-[0-9]{8}\\.[0-9]{6}-[0-9]+((-[a-z]+)?\\.(jar|pom|json))");
    Map<String, Path> files = new TreeMap<>();
    try (Stream<Path> listed = Files.list(dir)) {
      for (Path file : listed.toList()) {
        Matcher matcher = name.matcher(file.getFileName().toString());
        if (matcher.matches()) {
          files.put(matcher.group(1), file);
        }
      }
    }
    return files;
  }

  private static Path parentPom(String pom) throws IOException {
    Matcher parent =
        Pattern.compile("<parent>.*?<artifactId>([^<]+)</artifactId>", Pattern.DOTALL).matcher(pom);
    assertThat(parent.find()).isTrue();
    Path file = staged(parent.group(1)).get(".pom");
    String text = Files.readString(file);
    // The conformance modules' parent has the root's metadata through its own parent.
    return text.contains("<licenses>") || !text.contains("<parent>") ? file : parentPom(text);
  }

  private static Path sibling(Path file, String suffix) {
    return file.resolveSibling(file.getFileName() + suffix);
  }

  private static boolean signatureHolds(byte[] signed, Path signatureFile) throws Exception {
    try (InputStream in = PGPUtil.getDecoderStream(Files.newInputStream(signatureFile))) {
      Object object = new JcaPGPObjectFactory(in).nextObject();
      PGPSignature signature = ((PGPSignatureList) object).get(0);
      signature.init(new JcaPGPContentVerifierBuilderProvider(), publicKey);
      signature.update(signed);
      return signature.verify();
    }
  }

  private static String digest(String algorithm, byte[] bytes) throws Exception {
    return HexFormat.of().formatHex(MessageDigest.getInstance(algorithm).digest(bytes));
  }

  /** A new RSA key for this run alone, armored as MAVEN_GPG_KEY takes it. */
  private static String throwawayKey() throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
    generator.initialize(2048);
    PGPKeyPair pair =
        new JcaPGPKeyPair(
            PublicKeyAlgorithmTags.RSA_GENERAL, generator.generateKeyPair(), new Date());
    PGPDigestCalculator sha1 =
        new JcaPGPDigestCalculatorProviderBuilder().build().get(HashAlgorithmTags.SHA1);
    PGPSecretKey secret =
        new PGPSecretKey(
            PGPSignature.DEFAULT_CERTIFICATION,
            pair,
            "Throwaway release key <throwaway@merchantpay.example>",
            sha1,
            null,
            null,
            new JcaPGPContentSignerBuilder(
                pair.getPublicKey().getAlgorithm(), HashAlgorithmTags.SHA256),
            new JcePBESecretKeyEncryptorBuilder(SymmetricKeyAlgorithmTags.AES_256, sha1)
                .build(PASSPHRASE.toCharArray()));
    publicKey = secret.getPublicKey();
    ByteArrayOutputStream armored = new ByteArrayOutputStream();
    try (OutputStream out = new ArmoredOutputStream(armored)) {
      secret.encode(out);
    }
    return armored.toString(StandardCharsets.US_ASCII);
  }

  /** The sources as a fresh clone has them: no build output, no version control, no tool state. */
  private static void copySources(Path from, Path to) throws IOException {
    try (Stream<Path> all = Files.walk(from)) {
      for (Path path : all.filter(p -> !skipped(from.relativize(p))).toList()) {
        Path target = to.resolve(from.relativize(path).toString());
        if (Files.isDirectory(path)) {
          Files.createDirectories(target);
        } else {
          try {
            Files.copy(path, target);
          } catch (java.nio.file.NoSuchFileException e) {
            // A file of a process running beside the build (a JVM's .attach_pid while another
            // module's tests run): gone before it was copied, and no source of a clone anyway.
          }
        }
      }
    }
  }

  /**
   * Build output is a {@code target} beside a pom, not a package of that name under {@code src}.
   */
  private static boolean skipped(Path relative) {
    boolean inSources = false;
    for (Path part : relative) {
      String name = part.toString();
      if (name.equals("src")) {
        inSources = true;
      }
      if (Set.of(".git", "node_modules", ".idea").contains(name)
          || name.startsWith(".attach_pid")
          || name.equals("target") && !inSources) {
        return true;
      }
    }
    return false;
  }
}
