package com.merchantpay.conformance.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.conformance.report.CheckResult;
import com.merchantpay.conformance.report.Report;
import com.merchantpay.conformance.target.Profile;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The payer's steps send card data to the pages a target names, so the kit opens a page only on the
 * target's own host or on one the profile allows ({@code pageHosts}). The sandbox behind a proxy
 * names its pages on {@code localhost} while the kit calls it on {@code 127.0.0.1}: the same pages,
 * but another host by name.
 */
class KitOpensPagesWhereAllowedTest {
  @RegisterExtension static final SandboxForTheKit sandbox = new SandboxForTheKit();

  private static final String CHECK = "lifecycle.an-invoice-is-paid-on-its-page";

  @TempDir Path dir;

  private static final MutatingProxy.Fault PAGES_ON_ANOTHER_HOST =
      new MutatingProxy.Fault() {
        @Override
        public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
          answer.body =
              new String(answer.body, StandardCharsets.UTF_8)
                  .replace("//127.0.0.1:", "//localhost:")
                  .getBytes(StandardCharsets.UTF_8);
        }
      };

  @Test
  void aPageOnAnotherHostIsNotOpenedAndItsCheckIsSkippedSayingWhy() {
    try (MutatingProxy proxy =
        new MutatingProxy(sandbox.target().baseUrl(), PAGES_ON_ANOTHER_HOST)) {
      Report report = sandbox.kit(proxy, List.of(CHECK)).build().run();

      assertThat(report.results())
          .singleElement()
          .satisfies(
              result -> {
                assertThat(result.outcome()).isEqualTo(CheckResult.Outcome.SKIPPED);
                assertThat(result.actual())
                    .contains("the target named a page on localhost", "pageHosts");
              });
    }
  }

  @Test
  void aPageOnAHostTheProfileAllowsIsOpened() throws IOException {
    try (MutatingProxy proxy =
        new MutatingProxy(sandbox.target().baseUrl(), PAGES_ON_ANOTHER_HOST)) {
      Report report =
          sandbox.kit(proxy, List.of(CHECK)).profile(profileAllowing("localhost")).build().run();

      assertThat(report.results())
          .singleElement()
          .satisfies(
              result ->
                  assertThat(result.outcome())
                      .as(result.actual())
                      .isEqualTo(CheckResult.Outcome.PASSED));
    }
  }

  /** The kit's sandbox profile, as the embedded sandbox is started, allowing pages on a host. */
  private Profile profileAllowing(String host) throws IOException {
    try (InputStream in = Profile.class.getResourceAsStream("sandbox-profile.json")) {
      String json =
          new String(in.readAllBytes(), StandardCharsets.UTF_8)
              .replace("\"listLimit\": 1000", "\"listLimit\": " + EmbeddedSandbox.V1_LIST_LIMIT)
              .replaceFirst("\\{", "{\"pageHosts\": [\"" + host + "\"],");
      Path file = dir.resolve("profile.json");
      Files.writeString(file, json);
      Profile profile = Profile.load(file);
      assertThat(profile.pageHosts()).containsExactly(host);
      return profile;
    }
  }
}
