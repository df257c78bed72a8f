package com.merchantpay.conformance.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.conformance.report.CheckResult;
import com.merchantpay.conformance.report.Report;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The other direction of {@link KitCatchesBreakageTest}: correct implementations that read open
 * points of the documents otherwise than our specs (the sandbox behind a proxy that changes what
 * the documents leave open) pass, and every difference is reported as a reading, with both
 * readings. A strict run, or a profile that declares a reading, checks the points exactly.
 */
class KitPassesLegitimateReadingsTest {
  @RegisterExtension static final SandboxForTheKit sandbox = new SandboxForTheKit();

  @TempDir Path dir;

  @Test
  void aTargetReadingManyOpenPointsOtherwisePassesWithEachDifferenceReported() {
    List<Readings.Reading> readings = Readings.all();
    try (MutatingProxy proxy =
        new MutatingProxy(sandbox.target().baseUrl(), Readings.together(readings))) {
      Report report = sandbox.kit(proxy, List.of()).build().run();

      assertThat(report.results())
          .filteredOn(r -> r.outcome() == CheckResult.Outcome.FAILED)
          .as("a legitimate reading of an open point is no failure")
          .isEmpty();
      assertThat(report.exitCode()).isZero();
      List<String> reported =
          report.results().stream()
              .flatMap(r -> r.differences().stream())
              .map(CheckResult.Difference::point)
              .distinct()
              .toList();
      assertThat(reported)
          .containsAll(
              readings.stream().map(Readings.Reading::point).filter(Objects::nonNull).toList());
      assertThat(report.results())
          .filteredOn(r -> r.outcome() == CheckResult.Outcome.DIFFERS)
          .allSatisfy(
              r ->
                  assertThat(r.differences())
                      .allSatisfy(
                          d -> {
                            assertThat(d.ours()).isNotBlank();
                            assertThat(d.theirs()).isNotBlank().isNotEqualTo(d.ours());
                          }));
    }
  }

  static Stream<Readings.Reading> apart() {
    return Readings.apart().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("apart")
  void aTargetReadingOnePointOtherwisePasses(Readings.Reading reading) {
    try (MutatingProxy proxy = new MutatingProxy(sandbox.target().baseUrl(), reading.fault())) {
      Report report =
          sandbox
              .kit(proxy, List.of("lifecycle", "auth", "negative", "callbacks", "wire"))
              .build()
              .run();

      assertThat(report.results())
          .filteredOn(r -> r.outcome() == CheckResult.Outcome.FAILED)
          .isEmpty();
      assertThat(report.results())
          .flatMap(CheckResult::differences)
          .extracting(CheckResult.Difference::point)
          .contains(reading.point());
    }
  }

  @Test
  void aStrictRunFailsWhereTheTargetReadsAnOpenPointOtherwise() {
    try (MutatingProxy proxy =
        new MutatingProxy(sandbox.target().baseUrl(), Readings.together(Readings.all()))) {
      Report report = sandbox.kit(proxy, List.of("operations", "wire")).strict(true).build().run();

      assertThat(report.exitCode()).isEqualTo(1);
      assertThat(report.results())
          .filteredOn(r -> r.id().equals("wire.createPayment"))
          .singleElement()
          .satisfies(
              r -> {
                assertThat(r.outcome()).isEqualTo(CheckResult.Outcome.FAILED);
                assertThat(r.rule()).contains("open point v2.status.success");
                assertThat(r.actual()).contains("201");
              });
    }
  }

  @Test
  void aReadingTheProfileDeclaresIsCheckedExactlyAndNotReported() throws IOException {
    Path profile = dir.resolve("profile.json");
    String sandboxProfile =
        new String(
            com.merchantpay.conformance.target.Profile.class
                .getResourceAsStream("sandbox-profile.json")
                .readAllBytes(),
            StandardCharsets.UTF_8);
    Files.writeString(
        profile,
        sandboxProfile.replaceFirst(
            "\\{",
            "{\"readings\": {\"v2.status.success\": \"201\", "
                + "\"v2.list.cursor\": \"nextPageToken\"},"));
    com.merchantpay.conformance.target.Profile declared =
        com.merchantpay.conformance.target.Profile.load(profile)
            .withV1ListLimit(EmbeddedSandbox.V1_LIST_LIMIT);
    List<Readings.Reading> readings =
        Readings.all().stream()
            .filter(r -> r.name().startsWith("creations") || r.name().startsWith("the cursor"))
            .toList();

    try (MutatingProxy proxy =
        new MutatingProxy(sandbox.target().baseUrl(), Readings.together(readings))) {
      Report report =
          sandbox
              .kit(proxy, List.of("operations", "pagination", "wire"))
              .profile(declared)
              .build()
              .run();

      assertThat(report.exitCode()).as("the target reads the points as its profile says").isZero();
      assertThat(report.results())
          .flatMap(CheckResult::differences)
          .extracting(CheckResult.Difference::point)
          .doesNotContain("v2.status.success", "v2.list.cursor");
    }
    Report plain =
        sandbox
            .kit(
                sandbox.target().baseUrl(),
                List.of("operations.createPayment", "wire.createPayment"))
            .profile(declared)
            .build()
            .run();
    assertThat(plain.exitCode()).as("the sandbox answers 200, not the declared 201").isEqualTo(1);
    assertThat(plain.results())
        .filteredOn(r -> r.outcome() == CheckResult.Outcome.FAILED)
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.id()).isEqualTo("wire.createPayment");
              assertThat(r.rule()).contains("the profile declares");
              assertThat(r.expected()).contains("201");
            });
  }
}
