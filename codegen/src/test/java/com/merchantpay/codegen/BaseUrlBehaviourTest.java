package com.merchantpay.codegen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.lang.reflect.InvocationTargetException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The base URLs the generated {@code BaseUrl} lets both clients send requests to, and how it
 * refuses the rest.
 */
class BaseUrlBehaviourTest {
  private static Class<?> baseUrl;

  @BeforeAll
  static void loadFixtureClient() throws Exception {
    baseUrl = FixtureClient.load("BaseUrl");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "https://payments.example.com|https://payments.example.com",
        "https://payments.example.com/|https://payments.example.com",
        "' https://payments.example.com/gateway// '|https://payments.example.com/gateway",
        "HTTPS://payments.example.com:8443|HTTPS://payments.example.com:8443",
        "http://localhost:8080|http://localhost:8080",
        "http://LocalHost|http://LocalHost",
        "http://127.0.0.1:9|http://127.0.0.1:9",
        "http://127.1.2.3|http://127.1.2.3",
        "http://[::1]:8080/|http://[::1]:8080"
      })
  void acceptsHttpsAndPlainHttpOnLoopbackWithoutTrailingSlashes(String given, String checked)
      throws Exception {
    assertThat(checked(given)).isEqualTo(checked);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "http://payments.example.com",
        "http://10.0.0.5:8080",
        "http://localhost.example.com",
        "http://127.0.0.1.example.com",
        "ftp://payments.example.com",
        "payments.example.com",
        "/api/v2"
      })
  void refusesWhatIsNotHttpsUnlessLoopbackNamingHttpsAndTheUrl(String given) {
    assertThat(refusal(given))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("baseUrl")
        .hasMessageContaining("https")
        .hasMessageContaining(given);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "https://payments.example.com/?a=1",
        "https://payments.example.com#top",
        "https://exa mple.com"
      })
  void refusesQueriesFragmentsAndWhatIsNoUrl(String given) {
    assertThat(refusal(given))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("baseUrl")
        .hasMessageContaining(given);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"https://user:pw@payments.example.com", "http://user:pw@payments.example.com"})
  void refusesCredentialsWithoutRepeatingThem(String given) {
    assertThat(refusal(given))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("credentials")
        .hasMessageNotContaining("pw@")
        .hasMessageNotContaining("user:");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "https://payments.example.com/api/v2",
        "https://payments.example.com/api/v1/",
        "https://x.example/p/api/v3"
      })
  void refusesAnApiPathTheClientAddsItself(String given) {
    assertThat(refusal(given))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("without the /api/v2 the client adds itself");
  }

  @Test
  void aMissingBaseUrlIsNamed() {
    assertThat(refusal(null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("baseUrl is required");
    assertThat(refusal(" "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("baseUrl is required");
  }

  private static String checked(String given) throws Exception {
    try {
      return (String)
          baseUrl.getMethod("checked", String.class, String.class).invoke(null, given, "/api/v2");
    } catch (InvocationTargetException e) {
      throw e.getCause() instanceof Exception cause ? cause : e;
    }
  }

  private static Throwable refusal(String given) {
    return catchThrowable(() -> checked(given));
  }
}
