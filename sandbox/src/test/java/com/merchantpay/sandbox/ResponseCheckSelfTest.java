package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.merchantpay.spec.ApiSpec;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The response check every other test relies on must itself catch answers that break the documents. */
class ResponseCheckSelfTest {
  private static final OpenApiInteractionValidator V2 =
      OpenApiInteractionValidator.createForInlineApiSpecification(ApiSpec.V2.yaml()).build();
  private static final OpenApiInteractionValidator V1 =
      OpenApiInteractionValidator.createForInlineApiSpecification(ApiSpec.V1.yaml()).build();

  private static Api.Res json(int status, String body) {
    return new Api.Res(status, Map.of("Content-Type", List.of("application/json")),
        body.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void aDocumentedPaymentPasses() {
    assertThatCode(() -> Api.conforms(V2, "/api/v2/payments/1", "GET",
        json(200, "{\"id\":\"1\",\"status\":\"Settled\",\"amount\":{\"value\":1.5,\"currency\":\"RUB\"}}"), false))
        .doesNotThrowAnyException();
  }

  @Test
  void anUndocumentedMemberFails() {
    assertThatThrownBy(() -> Api.conforms(V2, "/api/v2/payments/1", "GET",
        json(200, "{\"id\":\"1\",\"status\":\"Settled\",\"secretPan\":\"4111111111111111\"}"), false))
        .isInstanceOf(AssertionError.class).hasMessageContaining("secretPan");
  }

  @Test
  void aWrongTypeFails() {
    assertThatThrownBy(() -> Api.conforms(V2, "/api/v2/payments/1", "GET",
        json(200, "{\"id\":1,\"status\":\"Settled\"}"), false)).isInstanceOf(AssertionError.class);
  }

  @Test
  void aStatusTheOperationDoesNotDeclareFails() {
    assertThatThrownBy(() -> Api.conforms(V2, "/api/v2/receipts", "GET",
        json(404, "{\"code\":\"invalid_operation\",\"message\":\"x\"}"), false)).isInstanceOf(AssertionError.class);
  }

  @Test
  void anErrorMayCarryExtraMembers() {
    assertThatCode(() -> Api.conforms(V2, "/api/v2/payments/1", "GET",
        json(404, "{\"code\":\"invalid_operation\",\"message\":\"x\",\"detail\":{}}"), false))
        .doesNotThrowAnyException();
  }

  @Test
  void aV1EnvelopeWithAnUndocumentedCodeFails() {
    assertThatThrownBy(() -> Api.conforms(V1, "/api/v1/getPayment", "GET", json(200, "{\"ErrorCode\":-99}"), true))
        .isInstanceOf(AssertionError.class);
  }
}
