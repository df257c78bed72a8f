package com.merchantpay.examples.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.conformance.cli.ConformanceCli;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pact {@link CheckoutPactTest} wrote, checked against the service's documents and verified
 * against the sandbox with the conformance kit, as the shop's CI would after its consumer tests.
 */
class OwnPactTest {
  private static final Path PACTS = Path.of(System.getProperty("pacts.dir", "target/pacts"));

  @Test
  void theCheckoutsPactAsksOnlyWhatTheDocumentsAllow() {
    assertThat(PACTS.resolve("shop-checkout-payment-service.json")).exists();

    // check begins
    Ran check = kit("check-pacts", PACTS.toString());
    // check ends

    assertThat(check.exit()).as(check.out()).isZero();
    assertThat(check.out()).contains("3 interactions in 1 files, 0 depart from the documents");
  }

  @Test
  void theSandboxKeepsTheCheckoutsPact() {
    // verify begins
    Ran verified = kit("pact", "--pacts", PACTS.toString());
    // verify ends

    assertThat(verified.exit()).as(verified.out()).isZero();
    assertThat(verified.out()).contains("3 interactions verified, 0 failed");
  }

  @Test
  void aPactThatExpectsWhatTheServiceNeverSaysFailsBothWays(@TempDir Path broken) throws Exception {
    Files.writeString(
        broken.resolve("shop.json"),
        Files.readString(PACTS.resolve("shop-checkout-payment-service.json"))
            .replace("\"Confirmation\"", "\"WaitingForShopper\""));

    Ran check = kit("check-pacts", broken.toString());
    Ran verified = kit("pact", "--pacts", broken.toString());

    assertThat(check.exit()).isEqualTo(1);
    assertThat(check.out()).contains("WaitingForShopper");
    assertThat(verified.exit()).isEqualTo(1);
    assertThat(verified.out()).contains("2 interactions verified, 1 failed");
  }

  record Ran(int exit, String out) {}

  private static Ran kit(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream stream = new PrintStream(out, true, StandardCharsets.UTF_8);
    int exit = ConformanceCli.execute(stream, stream, args);
    return new Ran(exit, out.toString(StandardCharsets.UTF_8));
  }
}
