package com.merchantpay.v1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What the builder accepts, and that every rejection names what was wrong. */
class BuilderTest {
  @ParameterizedTest
  @ValueSource(
      strings = {
        "https://payments.example.com",
        "https://payments.example.com/",
        "http://localhost:8080",
        "http://127.0.0.1:9",
        "http://127.1.2.3",
        "http://[::1]:8080"
      })
  void acceptsHttpsAndPlainHttpOnLoopback(String baseUrl) {
    assertThat(MerchantPayV1Client.checkedBaseUrl(baseUrl)).doesNotEndWith("/");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"http://payments.example.com", "http://10.0.0.1", "http://localhost.example.com"})
  void rejectsPlainHttpToAnyOtherHost(String baseUrl) {
    assertThatThrownBy(() -> MerchantPayV1Client.checkedBaseUrl(baseUrl))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("https")
        .hasMessageContaining(baseUrl);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "payments.example.com",
        "ftp://payments.example.com",
        "https://u:p@payments.example.com",
        "https://payments.example.com/?a=1"
      })
  void rejectsWhatIsNotABaseUrl(String baseUrl) {
    assertThatThrownBy(() -> MerchantPayV1Client.checkedBaseUrl(baseUrl))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("baseUrl");
  }

  @Test
  void namesTheMissingSetting() {
    assertThatThrownBy(() -> MerchantPayV1Client.builder().login("l").password("p").build())
        .hasMessageContaining("baseUrl is required");
    assertThatThrownBy(
            () -> MerchantPayV1Client.builder().baseUrl("https://h").password("p").build())
        .hasMessageContaining("login is required");
    assertThatThrownBy(() -> MerchantPayV1Client.builder().baseUrl("https://h").login("l").build())
        .hasMessageContaining("password is required");
    assertThatThrownBy(
            () ->
                MerchantPayV1Client.builder()
                    .baseUrl("https://h")
                    .login("l")
                    .password("p")
                    .readTimeout(Duration.ZERO)
                    .build())
        .hasMessageContaining("readTimeout must be positive");
  }
}
