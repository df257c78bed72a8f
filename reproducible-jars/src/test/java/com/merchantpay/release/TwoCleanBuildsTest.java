package com.merchantpay.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * The jars {@code release-check} staged from its own clean build of a copy of the sources against
 * the jars this build made of the same sources: byte for byte the same, so anyone can rebuild a
 * release and get what was published.
 */
class TwoCleanBuildsTest {
  private static final Path REPOSITORY = Path.of("..").toAbsolutePath().normalize();

  @Test
  void twoCleanBuildsGiveTheSameJars() throws Exception {
    StagedRelease staged = StagedRelease.in(REPOSITORY.resolve("release-check"));
    assertThat(staged.stagedBy())
        .as(
            "the release staged by release-check in this build; release-check is built before this"
                + " module in the same build")
        .isEqualTo(StagedRelease.thisBuild());
    for (StagedRelease.Module module : StagedRelease.PUBLISHED) {
      if (!module.isJar()) {
        continue;
      }
      Path ours =
          REPOSITORY
              .resolve(module.directory())
              .resolve("target")
              .resolve(module.artifactId() + "-" + StagedRelease.VERSION + ".jar");
      Path theirs = staged.files(module.artifactId()).get(".jar");

      assertThat(ours).exists();
      assertThat(theirs).as("the staged jar of %s", module.artifactId()).isNotNull();
      assertThat(sha256(theirs)).as("%s built twice", module.artifactId()).isEqualTo(sha256(ours));
    }
  }

  @Test
  void thisModuleIsBuiltAfterEveryPublishedJar() throws Exception {
    String pom = Files.readString(Path.of("pom.xml"));
    for (StagedRelease.Module module : StagedRelease.PUBLISHED) {
      if (module.isJar()) {
        assertThat(pom)
            .as("reproducible-jars depends on %s", module.artifactId())
            .contains("<artifactId>" + module.artifactId() + "</artifactId>");
      }
    }
  }

  private static String sha256(Path file) throws Exception {
    return HexFormat.of()
        .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
  }
}
