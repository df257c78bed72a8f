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
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
 * checked as Maven Central checks a deployment. They stay in {@code target/staging}, where the
 * {@code reproducible-jars} module compares their jars with the ones the enclosing build made.
 */
class ReleaseStagingTest {
  private static final Path REPOSITORY = Path.of("..").toAbsolutePath().normalize();
  private static final String PASSPHRASE = "throwaway-passphrase";
  private static final StagedRelease STAGED = StagedRelease.in(Path.of("").toAbsolutePath());

  private static PGPPublicKey publicKey;

  @BeforeAll
  static void stageARelease(@TempDir Path work) throws Exception {
    Path sources = work.resolve("sources");
    copySources(REPOSITORY, sources);
    Path staging = STAGED.root();
    String thisBuild = StagedRelease.thisBuild();
    // Made here: modules deployed at once (the build runs them in parallel) would race to make it.
    STAGED.clear();
    String armoredKey = throwawayKey();

    List<String> documented = releasingStagingCommand();
    assertThat(documented.subList(0, 1)).containsExactly("mvn");
    assertThat(documented.get(documented.indexOf("-pl") + 1).split(","))
        .as("the modules RELEASING.md stages are the published ones")
        .containsExactlyInAnyOrderElementsOf(
            StagedRelease.PUBLISHED.stream().map(StagedRelease.Module::directory).toList());
    // This module depends on none of the project's, so it starts with the enclosing build, whose
    // first modules come one after another and leave a processor idle. (At a lower priority the
    // nested build had most of its work left when the others ended, and the build waited for it.)
    List<String> command = new ArrayList<>(documented);
    // Added to the documented command: quiet, this module's staging directory, no format check
    // (the enclosing build made it), and nothing installed into the local repository, where it
    // would let later builds resolve this project's artifacts from an earlier build instead of the
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
    // A bound on a hung build, not a measure of speed: beside a whole build of the project on two
    // cores it takes a few minutes.
    boolean ended = process.waitFor(Duration.ofMinutes(20).toMillis(), TimeUnit.MILLISECONDS);
    String log = Files.readString(work.resolve("release.log"));
    if (!ended) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
    }
    assertThat(ended).as("the release build ended in 20 minutes:%n%s", log).isTrue();
    assertThat(process.exitValue()).as("the release build:%n%s", log).isZero();
    STAGED.stagedBy(thisBuild);
  }

  @Test
  void everyPublishedModuleIsStagedWithWhatCentralRequires() throws Exception {
    for (StagedRelease.Module module : StagedRelease.PUBLISHED) {
      String artifact = module.artifactId();
      Map<String, Path> files = STAGED.files(artifact);
      List<String> required = new ArrayList<>(List.of(".pom", "-cyclonedx.json"));
      if (module.isJar()) {
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

  private static Path parentPom(String pom) throws IOException {
    Matcher parent =
        Pattern.compile("<parent>.*?<artifactId>([^<]+)</artifactId>", Pattern.DOTALL).matcher(pom);
    assertThat(parent.find()).isTrue();
    Path file = STAGED.files(parent.group(1)).get(".pom");
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

  /**
   * The sources as a fresh clone has them: no build output, no version control, no tool state. The
   * enclosing build writes its modules' output meanwhile, so what is skipped is never entered, and
   * a file gone before it was read (a JVM's .attach_pid while another module's tests run) is no
   * source of a clone anyway.
   */
  private static void copySources(Path from, Path to) throws IOException {
    Files.walkFileTree(
        from,
        new java.nio.file.SimpleFileVisitor<>() {
          @Override
          public java.nio.file.FileVisitResult preVisitDirectory(
              Path dir, java.nio.file.attribute.BasicFileAttributes attributes) throws IOException {
            if (skipped(from.relativize(dir))) {
              return java.nio.file.FileVisitResult.SKIP_SUBTREE;
            }
            Files.createDirectories(to.resolve(from.relativize(dir).toString()));
            return java.nio.file.FileVisitResult.CONTINUE;
          }

          @Override
          public java.nio.file.FileVisitResult visitFile(
              Path file, java.nio.file.attribute.BasicFileAttributes attributes)
              throws IOException {
            if (!skipped(from.relativize(file))) {
              try {
                Files.copy(file, to.resolve(from.relativize(file).toString()));
              } catch (java.nio.file.NoSuchFileException gone) {
                // gone before it was read
              }
            }
            return java.nio.file.FileVisitResult.CONTINUE;
          }

          @Override
          public java.nio.file.FileVisitResult visitFileFailed(Path file, IOException failure)
              throws IOException {
            if (failure instanceof java.nio.file.NoSuchFileException) {
              return java.nio.file.FileVisitResult.CONTINUE;
            }
            throw failure;
          }
        });
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
