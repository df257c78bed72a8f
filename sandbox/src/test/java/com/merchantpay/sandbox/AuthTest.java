package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AuthTest extends SandboxTestBase {

  @Test
  void aMissingTokenIsNotAuthorized() {
    Api.Res res = api.as(null).get("/api/v2/payments/1");

    assertThat(res.status()).isEqualTo(401);
    assertThat(res.code()).isEqualTo("not_authorized");
  }

  @ParameterizedTest
  @ValueSource(strings = {"Basic dXNlcjpwdw==", "Bearer", "Bearer a b", "token-a"})
  void aMalformedAuthorizationHeaderIsNotAuthorized(String header) {
    Api.Res res =
        api.as(null).send("GET", "/api/v2/payments/1", null, Map.of("Authorization", header));

    assertThat(res.status()).isEqualTo(401);
    assertThat(res.code()).isEqualTo("not_authorized");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "Bearer token-a",
        "bearer token-a",
        "Bearer   token-a",
        "Bearer\ttoken-a",
        " Bearer token-a "
      })
  void theSchemeIsReadInAnyLetterCaseAndSpacing(String header) {
    String id = api.pay("4111111111111111", "1", false).path("id").asText();

    Api.Res res =
        api.as(null).send("GET", "/api/v2/payments/" + id, null, Map.of("Authorization", header));

    assertThat(res.status()).isEqualTo(200);
  }

  @Test
  void anUnknownTokenIsNotAuthorized() {
    Api.Res res = api.as("no-such-token").get("/api/v2/payments/1");

    assertThat(res.status()).isEqualTo(401);
    assertThat(res.code()).isEqualTo("not_authorized");
  }

  @Test
  void credentialsAreCheckedBeforeTheBody() {
    Api.Res res = api.as(null).post("/api/v2/payments", "not json");

    assertThat(res.status()).isEqualTo(401);
  }

  @Test
  void aMerchantThatIsNotTheTokensIsForbidden() {
    Api.Res create =
        api.as("token-b")
            .post("/api/v2/payments", api.cardPayment("4111111111111111", "10", false));
    Api.Res list =
        api.as("token-b")
            .get(
                "/api/v2/payments?merchantId=merchant-a&start=2024-01-01T00:00:00Z"
                    + "&end=2025-01-01T00:00:00Z");

    assertThat(create.status()).isEqualTo(403);
    assertThat(create.code()).isEqualTo("not_authorized");
    assertThat(list.status()).isEqualTo(403);
    assertThat(
            api.get(
                    "/api/v2/payments?merchantId=merchant-a&start=2024-01-01T00:00:00Z&end=2025-01-01T00:00:00Z")
                .json()
                .path("items"))
        .isEmpty();
  }

  @Test
  void anotherMerchantsResourcesLookAbsent() {
    String id = api.pay("4111111111111111", "10", true).path("id").asText();

    Api.Res read = api.as("token-b").get("/api/v2/payments/" + id);
    Api.Res cancel = api.as("token-b").put("/api/v2/payments/" + id + "/cancel", null);

    assertThat(read.status()).isEqualTo(404);
    assertThat(cancel.status()).isEqualTo(404);
    assertThat(api.payment(id).path("status").asText()).isEqualTo("Authorized");
  }
}
