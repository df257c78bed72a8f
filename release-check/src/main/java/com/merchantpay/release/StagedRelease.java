package com.merchantpay.release;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A release staged by {@code ReleaseStagingTest} into this module's {@code target/staging}: the
 * published modules, and the files staged for each. The module that compares the staged jars with
 * the build's own reads it from there.
 */
public final class StagedRelease {
  /** The version the build makes and stages. */
  public static final String VERSION = "0.1.0-SNAPSHOT";

  /**
   * A published module.
   *
   * @param artifactId its artifact id
   * @param directory its directory, relative to the repository's root
   * @param packaging {@code jar} or {@code pom}
   */
  public record Module(String artifactId, String directory, String packaging) {
    /** Whether it publishes a jar (and so sources and javadoc). */
    public boolean isJar() {
      return packaging.equals("jar");
    }
  }

  /** Every module a release publishes, by artifact id. */
  public static final List<Module> PUBLISHED =
      List.of(
          new Module("merchantpay-parent", ".", "pom"),
          new Module("merchantpay-masking", "masking", "jar"),
          new Module("merchantpay-spec", "spec", "jar"),
          new Module("merchantpay-codegen", "codegen", "jar"),
          new Module("merchantpay-client-observation", "client-observation", "jar"),
          new Module("merchantpay-client-v2", "client-v2", "jar"),
          new Module("merchantpay-client-v1", "client-v1", "jar"),
          new Module("merchantpay-micrometer", "micrometer", "jar"),
          new Module("merchantpay-spring-boot-starter", "spring-boot-starter", "jar"),
          new Module("merchantpay-docs", "docs", "jar"),
          new Module("merchantpay-sandbox", "sandbox", "jar"),
          new Module("merchantpay-spring-boot-test", "spring-boot-test", "jar"),
          new Module("merchantpay-conformance-parent", "conformance-tests", "pom"),
          new Module("merchantpay-conformance", "conformance-tests/kit", "jar"),
          new Module("merchantpay-pacts", "conformance-tests/pacts", "jar"),
          new Module("merchantpay-conformance-cli", "conformance-tests/cli", "jar"),
          new Module("merchantpay-bom", "bom", "pom"));

  private final Path root;

  /** Beside the staging: the build that staged it, written once the staging passed. */
  private final Path marker;

  private StagedRelease(Path root) {
    this.root = root;
    this.marker = root.resolveSibling("staged-by");
  }

  /** The staging directory below the given {@code release-check} module directory. */
  public static StagedRelease in(Path releaseCheckModule) {
    return new StagedRelease(releaseCheckModule.resolve("target").resolve("staging"));
  }

  /** The staging directory itself. */
  public Path root() {
    return root;
  }

  /**
   * Forgets what an earlier build staged, the record of that build included, and makes the empty
   * staging directory.
   */
  public void clear() {
    try {
      if (Files.exists(root)) {
        try (Stream<Path> paths = Files.walk(root)) {
          for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
            Files.delete(path);
          }
        }
      }
      Files.deleteIfExists(marker);
      Files.createDirectories(root);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The Maven build that staged it, as {@link #BUILD_PROPERTY} named it there; empty when nothing
   * was staged, or the staging failed.
   */
  public String stagedBy() {
    try {
      return Files.exists(marker) ? Files.readString(marker).strip() : "";
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Records the Maven build that staged it, once the staging passed. */
  public void stagedBy(String build) {
    try {
      Files.writeString(marker, build);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The system property the tests of both modules get the start of their Maven build in (the same
   * in every module of one build): jars staged by an earlier build are never compared.
   */
  public static final String BUILD_PROPERTY = "merchantpay.build.started";

  /** The start of the Maven build running this test. */
  public static String thisBuild() {
    String build = System.getProperty(BUILD_PROPERTY, "");
    if (build.isBlank()) {
      throw new IllegalStateException(
          BUILD_PROPERTY + " is not set: run the test through its module's Maven build");
    }
    return build;
  }

  /**
   * The staged files of an artifact by what follows its (timestamped) version: {@code .jar}, {@code
   * -sources.jar}, {@code .pom}, {@code -cyclonedx.json}; empty when none was staged.
   */
  public Map<String, Path> files(String artifactId) {
    Path dir = root.resolve("com/merchantpay").resolve(artifactId).resolve(VERSION);
    Pattern name =
        Pattern.compile(
            Pattern.quote(artifactId)
                + "-0\\.1\\.0-[0-9]{8}\\.[0-9]{6}-[0-9]+((-[a-z]+)?\\.(jar|pom|json))");
    Map<String, Path> files = new TreeMap<>();
    if (!Files.isDirectory(dir)) {
      return files;
    }
    try (Stream<Path> listed = Files.list(dir)) {
      for (Path file : listed.toList()) {
        Matcher matcher = name.matcher(file.getFileName().toString());
        if (matcher.matches()) {
          files.put(matcher.group(1), file);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return files;
  }
}
