package com.merchantpay.v2;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * Runs after every other test class of this module (see junit-platform.properties) and reads
 * everything the client logged during the run, at TRACE: no test card number, CVC, cryptogram or
 * token may be in it.
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
        .doesNotContain(
            ClientTestSupport.TOKEN,
            "tok_test",
            "tok-card-1",
            "sandbox-token",
            "AgAAAAAAAIR8CQrXcIhbQAAAAAA=",
            "ptok_9f8e7d6c5b4a",
            "482913")
        .doesNotContainPattern("(?i)cvc\\W{0,4}\\d{3,4}");
    // Any card number, not only the ones these tests use: a Luhn-valid run of 13 to 19 digits.
    Matcher digits = Pattern.compile("(?<!\\d)\\d{13,19}(?!\\d)").matcher(log);
    while (digits.find()) {
      assertThat(luhnValid(digits.group()))
          .as("card-like number in the log: %s", digits.group())
          .isFalse();
    }
  }

  private static boolean luhnValid(String digits) {
    int sum = 0;
    for (int i = digits.length() - 1, position = 0; i >= 0; i--, position++) {
      int digit = digits.charAt(i) - '0';
      sum += position % 2 == 0 ? digit : digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    }
    return sum % 10 == 0;
  }
}
