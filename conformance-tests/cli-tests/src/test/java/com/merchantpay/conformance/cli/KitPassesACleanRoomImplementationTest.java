package com.merchantpay.conformance.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.merchantpay.conformance.ConformanceKit;
import com.merchantpay.conformance.report.CheckResult;
import com.merchantpay.conformance.report.Report;
import com.merchantpay.conformance.target.Profile;
import com.merchantpay.conformance.target.Target;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kit against an implementation it was not written beside: a sandbox of the service that
 * another team wrote in Python from the two documents alone ({@code conformance-tests/clean-room}),
 * with its own merchants, cards and credentials, and the profile that team wrote from the kit's
 * README. A correct implementation by others passes: a failure here is a false alarm of the kit, or
 * a departure of that implementation the documents' own words must show.
 */
class KitPassesACleanRoomImplementationTest {
  private static final Path HOME = Path.of("..", "clean-room").toAbsolutePath().normalize();

  @TempDir Path dir;

  @Test
  void aCleanRoomImplementationPassesWithTheProfileItsTeamWrote() throws Exception {
    Report report = againstTheCleanRoom(ConformanceKit.builder());

    assertThat(failures(report)).as("checks failed against the clean-room sandbox").isEmpty();
    assertThat(report.results())
        .filteredOn(r -> r.outcome() == CheckResult.Outcome.PASSED)
        .as("checks passed: the run judged the target, it did not skip it")
        .hasSizeGreaterThan(200);
  }

  @Test
  void theDefaultExplorationFindsNothingInACleanRoomImplementation() throws Exception {
    Report report =
        againstTheCleanRoom(
            ConformanceKit.builder()
                .explore(20261128L, 200, 12)
                .budget(java.time.Duration.ofSeconds(60))
                .workers(8));

    assertThat(failures(report)).as("exploring the clean-room sandbox").isEmpty();
    assertThat(report.results())
        .filteredOn(r -> r.id().equals("explore.histories"))
        .singleElement()
        .satisfies(r -> assertThat(r.outcome()).isEqualTo(CheckResult.Outcome.PASSED));
  }

  private Report againstTheCleanRoom(ConformanceKit.Builder kit) throws Exception {
    assumeTrue(
        pythonAvailable(),
        "python3 3.11 or later is not on the PATH: the clean-room implementation cannot start");
    Process server =
        new ProcessBuilder("python3", "server.py", "--port", "0")
            .directory(HOME.toFile())
            .redirectError(dir.resolve("server.log").toFile())
            .start();
    try {
      URI baseUrl = URI.create(listeningOn(server).replaceFirst("^listening on ", ""));
      return kit.target(
              Target.builder(baseUrl)
                  .bearerToken("sbx-nw-5f8e1c2a9b7d4e60a3", "NW-480115")
                  .otherMerchant("sbx-ks-0c3b7a91e6f24d58b1", "KS-733902")
                  .v1Accountant("nw-auto-acct", "Kq7-mP2x_tL9w")
                  .v1Cashier("nw-auto-cash", "hR4-wN8e_K1zb")
                  .build())
          .profile(Profile.load(HOME.resolve("profile.json")))
          .build()
          .run();
    } finally {
      server.destroy();
      if (!server.waitFor(10, TimeUnit.SECONDS)) {
        server.destroyForcibly();
      }
    }
  }

  /** The line the server prints once it listens: {@code listening on http://127.0.0.1:PORT}. */
  private static String listeningOn(Process server)
      throws InterruptedException, ExecutionException {
    BufferedReader out =
        new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
    CompletableFuture<String> line =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return out.readLine();
              } catch (IOException e) {
                return null;
              }
            });
    try {
      String first = line.get(30, TimeUnit.SECONDS);
      assertThat(first).as("the clean-room server's first line").startsWith("listening on http");
      return first;
    } catch (TimeoutException e) {
      throw new AssertionError("the clean-room server did not start listening within 30 s", e);
    }
  }

  private static boolean pythonAvailable() {
    try {
      Process version =
          new ProcessBuilder(
                  "python3", "-c", "import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)")
              .redirectErrorStream(true)
              .start();
      return version.waitFor(10, TimeUnit.SECONDS) && version.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private static List<String> failures(Report report) {
    return report.results().stream()
        .filter(r -> r.outcome() == CheckResult.Outcome.FAILED)
        .map(r -> r.id() + ": " + r.expected() + " / " + r.actual())
        .toList();
  }
}
