package com.merchantpay.conformance.target;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfileTest {
  @TempDir Path dir;

  @Test
  void theSandboxProfileIsBuiltInWithEveryDeclineCodeOfTheDocument() {
    Profile sandbox = Profile.sandbox();

    assertThat(sandbox.declines())
        .hasSize(15)
        .extracting(Profile.Decline::resultCode)
        .contains("TransactionDeclined", "PaymentExpired")
        .doesNotHaveDuplicates();
    assertThat(sandbox.confirmations())
        .containsOnlyKeys("SmsOtp", "ThreeDSMethod", "ThreeDSChallenge", "ThreeDSv1", "External");
    assertThat(sandbox.settlesAfter("refund")).contains(Duration.ofSeconds(10));
    assertThat(sandbox.toString()).doesNotContain("4111111111111111");
  }

  @Test
  void aProfileFileMayLeaveEverythingOut() throws Exception {
    Path file = Files.writeString(dir.resolve("p.json"), "{}");

    Profile profile = Profile.load(file);

    assertThat(profile.currency()).isEqualTo("RUB");
    assertThat(profile.declines()).isEmpty();
    assertThat(profile.settlesAfter("refund")).isEmpty();
  }

  @Test
  void aMistakeInAProfileIsNamed() throws Exception {
    Path typo =
        Files.writeString(dir.resolve("typo.json"), "{\"settles\": {\"refund\": \"10 seconds\"}}");
    Path unknown = Files.writeString(dir.resolve("unknown.json"), "{\"approvedCards\": []}");

    assertThatThrownBy(() -> Profile.load(typo)).hasMessageContaining("settles.refund");
    assertThatThrownBy(() -> Profile.load(unknown))
        .hasMessageContaining("unknown member approvedCards");
  }
}
