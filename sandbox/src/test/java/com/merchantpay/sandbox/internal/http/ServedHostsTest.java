package com.merchantpay.sandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which Host headers a sandbox on loopback answers what only a local caller may see for. */
class ServedHostsTest {
  private final ServedHosts hosts = ServedHosts.loopback(List.of("127.0.0.1", "Sandbox.Test"));

  @ParameterizedTest
  @ValueSource(
      strings = {
        "127.0.0.1:8080",
        "localhost",
        "LOCALHOST:8080",
        "127.0.0.2:1",
        "[::1]:8080",
        "[0:0:0:0:0:0:0:1]:8080",
        "[::ffff:127.0.0.1]",
        "sandbox.test:8443",
        "SANDBOX.TEST"
      })
  void loopbackNamesAndAddressesHoweverWrittenAndTheGivenNamesAreServed(String host) {
    assertThat(hosts.serves(host)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "attacker.example:8080",
        "localhost.attacker.example",
        "10.0.0.5:8080",
        "[2001:db8::1]:8080",
        "127.0.0.1.nip.io",
        "2130706433"
      })
  void anyOtherNameIsNot(String host) {
    assertThat(hosts.serves(host)).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"10.0.0.5:8080", "[2001:db8::1]:8080", "sandbox.test", "localhost"})
  void aSandboxListeningBeyondLoopbackServesItsNamesAndAnyAddress(String host) {
    assertThat(ServedHosts.listening(List.of("0.0.0.0", "sandbox.test")).serves(host)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"attacker.example", "rebound.attacker.example:8080", "0.0.0.0.nip.io"})
  void aSandboxListeningBeyondLoopbackRefusesANameItWasNotGiven(String host) {
    assertThat(ServedHosts.listening(List.of("0.0.0.0", "sandbox.test")).serves(host)).isFalse();
  }
}
