package com.merchantpay.conformance.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.conformance.report.CheckResult;
import com.merchantpay.conformance.report.Report;
import com.merchantpay.conformance.target.Profile;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A target that reads every open point the kit lists otherwise than our specs: the sandbox behind a
 * proxy of {@link Readings} and {@link ContrarianReadings}. With a profile declaring its readings
 * it passes, each declared reading checked exactly; without one it passes too, each reading
 * reported with both sides. A point the kit lists and no contrarian reading covers fails the walk.
 */
class KitPassesAContrarianTargetTest {
  @RegisterExtension static final SandboxForTheKit sandbox = new SandboxForTheKit();

  @TempDir Path dir;

  /** Every open point --list-points names has a reading the contrarian target takes. */
  @Test
  void everyOpenPointTheKitListsHasAContrarianReading() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream stream = new PrintStream(out, true, StandardCharsets.UTF_8);
    assertThat(ConformanceCli.execute(stream, stream, "--list-points")).isZero();
    List<String> listed =
        out.toString(StandardCharsets.UTF_8)
            .lines()
            .filter(line -> !line.startsWith(" ") && !line.isBlank())
            .map(line -> line.split("\\s+", 2)[0])
            .toList();
    Set<String> read = new HashSet<>(ContrarianReadings.BY_ANOTHER_IMPLEMENTATION);
    Stream.of(
            Readings.all(),
            Readings.apart(),
            ContrarianReadings.together(),
            ContrarianReadings.apart())
        .flatMap(List::stream)
        .map(Readings.Reading::point)
        .forEach(read::add);

    assertThat(listed).hasSizeGreaterThan(60);
    assertThat(listed)
        .as("open points with no contrarian reading")
        .allSatisfy(point -> assertThat(read).contains(point));
    assertThat(listed)
        .as("open points the contrarian profile declares no reading of")
        .allSatisfy(point -> assertThat(ContrarianReadings.DECLARED).containsKey(point));
  }

  /** The readings that run side by side, Readings' with the contrarian ones. */
  private static List<Readings.Reading> together() {
    List<Readings.Reading> readings = new ArrayList<>(Readings.all());
    readings.addAll(ContrarianReadings.together());
    return readings;
  }

  /**
   * The readings the target of {@link #together()} takes where one fault's reading shows through
   * another's: another merchant's resource is a missing one, answered 410.
   */
  private static final Map<String, String> TOGETHER =
      Map.of("v2.auth.foreign-resource", "410 invalid_operation");

  @Test
  void withItsReadingsDeclaredTheContrarianTargetPassesEachCheckedExactly() throws IOException {
    Map<String, String> declared = new LinkedHashMap<>();
    for (Readings.Reading reading : together()) {
      if (reading.point() != null) {
        declared.put(reading.point(), ContrarianReadings.DECLARED.get(reading.point()));
      }
    }
    declared.putAll(TOGETHER);
    Report report = run(together(), profile(declared), List.of());

    assertThat(failures(report)).as("failures with every reading declared").isEmpty();
    assertThat(report.results())
        .flatMap(CheckResult::differences)
        .extracting(CheckResult.Difference::point)
        .as("declared points are checked, not reported")
        .doesNotContainAnyElementsOf(
            declared.keySet().stream()
                .filter(
                    point ->
                        !Set.of("v2.request.constraints", "v2.answer.form", "v1.answer.types")
                            .contains(point))
                .toList());
  }

  @Test
  void withoutAProfileTheContrarianTargetPassesEachReadingReported() {
    Report report = run(together(), Profile.sandbox(), List.of());

    assertThat(failures(report)).as("failures with no reading declared").isEmpty();
    Set<String> reported = new HashSet<>();
    report.results().forEach(r -> r.differences().forEach(d -> reported.add(d.point())));
    assertThat(reported)
        .containsAll(
            together().stream().map(Readings.Reading::point).filter(p -> p != null).toList());
  }

  static Stream<Readings.Reading> apart() {
    return ContrarianReadings.apart().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("apart")
  void aReadingThatRunsAloneIsReportedAndPassesDeclared(Readings.Reading reading)
      throws IOException {
    List<String> tags = List.of("operations", "lifecycle", "idempotency", "negative", "requests");
    Report reported = run(List.of(reading), Profile.sandbox(), tags);
    Report declared =
        run(
            List.of(reading),
            profile(Map.of(reading.point(), ContrarianReadings.DECLARED.get(reading.point()))),
            tags);

    assertThat(failures(reported)).isEmpty();
    assertThat(reported.results())
        .flatMap(CheckResult::differences)
        .extracting(CheckResult.Difference::point)
        .contains(reading.point());
    assertThat(failures(declared)).isEmpty();
  }

  private Report run(List<Readings.Reading> readings, Profile profile, List<String> tags) {
    ContrarianReadings.SANDBOX.set(sandbox.target().baseUrl().toString());
    try (MutatingProxy proxy =
        new MutatingProxy(sandbox.target().baseUrl(), Readings.together(readings))) {
      return sandbox
          .kit(proxy, tags)
          .profile(profile.withV1ListLimit(EmbeddedSandbox.V1_LIST_LIMIT))
          .build()
          .run();
    }
  }

  private Profile profile(Map<String, String> readings) throws IOException {
    String sandboxProfile =
        new String(
            Profile.class.getResourceAsStream("sandbox-profile.json").readAllBytes(),
            StandardCharsets.UTF_8);
    StringBuilder declared = new StringBuilder("{\"readings\": {");
    readings.forEach(
        (point, reading) ->
            declared
                .append(declared.charAt(declared.length() - 1) == '{' ? "" : ", ")
                .append('"')
                .append(point)
                .append("\": \"")
                .append(reading)
                .append('"'));
    declared.append("},");
    Path file = dir.resolve("contrarian-" + readings.hashCode() + ".json");
    Files.writeString(file, sandboxProfile.replaceFirst("\\{", declared.toString()));
    return Profile.load(file);
  }

  private static List<String> failures(Report report) {
    return report.results().stream()
        .filter(r -> r.outcome() == CheckResult.Outcome.FAILED)
        .map(r -> r.id() + ": " + r.expected() + " / " + r.actual())
        .toList();
  }
}
