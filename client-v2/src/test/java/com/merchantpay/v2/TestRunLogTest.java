package com.merchantpay.v2;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * Runs after every other test class of this module (see junit-platform.properties) and reads everything the
 * client logged during the run, at TRACE: no test card number, CVC, cryptogram or token may be in it.
 */
@Order(Integer.MAX_VALUE)
class TestRunLogTest {
  private static final Path RUN_LOG = Path.of("target/test-run.log");

  @Test
  void theWholeTestRunLoggedNoSecret() throws IOException {
    assertThat(RUN_LOG).exists();
    String log = Files.readString(RUN_LOG);

    assertThat(log).as("the run logged the client's calls").contains("createPayment", "retrying");
    assertThat(log)
        .doesNotContain(ClientTestSupport.TEST_PAN, "411111111", ClientTestSupport.TOKEN, "tok_test", "tok-card-1",
            "AgAAAAAAAIR8CQrXcIhbQAAAAAA=", "ptok_9f8e7d6c5b4a")
        .doesNotContainPattern("(?i)cvc\\W{0,4}" + ClientTestSupport.TEST_CVC);
  }
}
