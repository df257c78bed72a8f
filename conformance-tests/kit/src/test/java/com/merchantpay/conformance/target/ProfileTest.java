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

  @Test
  void theSkeletonIsAProfileTheKitReadsAndExplainsEveryMember() throws Exception {
    String skeleton = Profile.skeleton();
    Path file = Files.writeString(dir.resolve("skeleton.jsonc"), skeleton);

    Profile profile = Profile.load(file);

    for (var member : Profile.class.getRecordComponents()) {
      assertThat(skeleton)
          .as("the skeleton explains %s", member.getName())
          .contains("\"" + member.getName() + "\"");
    }
    assertThat(profile.payerSteps()).containsOnlyKeys(Profile.PAYER_STEPS);
    assertThat(profile.paymentMethods()).containsOnlyKeys(Profile.PAYMENT_METHODS);
    assertThat(profile.toString())
        .doesNotContain("4111111111111111", "AgAAAAAABk4DWZ4C28yUQAAAAAA=");
  }

  @Test
  void theKitsReadmeDocumentsEveryProfileMemberAndEveryOpenPoint() throws Exception {
    String readme = Files.readString(Path.of("..", "README.md"));

    for (var member : Profile.class.getRecordComponents()) {
      assertThat(readme)
          .as("the README documents %s", member.getName())
          .contains("| `" + member.getName());
    }
    for (OpenPoint point : OpenPoint.values()) {
      assertThat(readme).as("the README lists %s", point.id()).contains("| `" + point.id() + "` |");
    }
    assertThat(readme)
        .as("the README's table of open points is the one --list-points describes")
        .contains(com.merchantpay.conformance.internal.Listings.pointsTable());
  }

  @Test
  void anInstrumentIsACardOrPaymentDataAndAStepOneTheKitKnows() throws Exception {
    Path both =
        Files.writeString(
            dir.resolve("both.json"),
            "{\"declines\": [{\"pan\": \"4000000000001018\", \"paymentData\": {}, \"resultCode\": \"X\"}]}");
    Path step =
        Files.writeString(dir.resolve("step.json"), "{\"payerSteps\": {\"invoicePaid\": {}}}");
    Path type =
        Files.writeString(
            dir.resolve("type.json"), "{\"confirmations\": {\"Sms\": {\"pan\": \"1\"}}}");

    assertThatThrownBy(() -> Profile.load(both)).hasMessageContaining("declines[0]");
    assertThatThrownBy(() -> Profile.load(step)).hasMessageContaining("payerSteps.invoicePaid");
    assertThatThrownBy(() -> Profile.load(type)).hasMessageContaining("confirmations.Sms");
  }
}
