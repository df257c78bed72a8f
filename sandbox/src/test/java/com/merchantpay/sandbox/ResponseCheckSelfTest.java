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

  private static Api.Res xml(String body) {
    return new Api.Res(200, Map.of("Content-Type", List.of("application/xml; charset=utf-8")),
        body.getBytes(StandardCharsets.UTF_8));
  }

  private static final String TRANSFER = "<RestTransferInfo><Created>2024-02-12T09:30:00</Created>"
      + "<CurrencyCode>RUB</CurrencyCode><PaymentOrderID>1187</PaymentOrderID><RegisterID>5521</RegisterID>"
      + "<TransferAmount>48210.35</TransferAmount></RestTransferInfo>";

  private static String transfers(String root, String response) {
    return "<?xml version=\"1.0\"?><" + root + "><ErrorCode>0</ErrorCode><Response>" + response + "</Response></"
        + root + ">";
  }

  @Test
  void aDocumentedXmlAnswerPasses() {
    assertThatCode(() -> Api.conforms(V1, "/api/v1/listTransfers", "GET",
        xml(transfers("RestController.RestResponse", "<Transfers>" + TRANSFER + TRANSFER + "</Transfers>")), true))
        .doesNotThrowAnyException();
    assertThatCode(() -> Api.conforms(V1, "/api/v1/listTransfers", "GET",
        xml(transfers("RestController.RestResponse", "<Transfers/>")), true)).doesNotThrowAnyException();
  }

  @Test
  void garbageXmlFails() {
    assertThatThrownBy(() -> Api.conforms(V1, "/api/v1/listTransfers", "GET", xml("<RestController.RestResponse><Err"),
        true)).isInstanceOf(AssertionError.class).hasMessageContaining("not well-formed XML");
  }

  @Test
  void anXmlAnswerWithAnotherRootFails() {
    assertThatThrownBy(() -> Api.conforms(V1, "/api/v1/listTransfers", "GET",
        xml(transfers("Response", "<Transfers>" + TRANSFER + "</Transfers>")), true))
        .isInstanceOf(AssertionError.class).hasMessageContaining("root element");
  }

  @Test
  void anXmlValueOfTheWrongTypeFails() {
    assertThatThrownBy(() -> Api.conforms(V1, "/api/v1/listTransfers", "GET",
        xml(transfers("RestController.RestResponse", "<Transfers>" + TRANSFER.replace("48210.35", "lots")
            + "</Transfers>")), true)).isInstanceOf(AssertionError.class).hasMessageContaining("type");
    assertThatThrownBy(() -> Api.conforms(V1, "/api/v1/listTransfers", "GET",
        xml(transfers("RestController.RestResponse", "").replace("<ErrorCode>0", "<ErrorCode>zero")), true))
        .isInstanceOf(AssertionError.class);
  }

  @Test
  void anXmlElementTheDocumentDoesNotDefineFails() {
    assertThatThrownBy(() -> Api.conforms(V1, "/api/v1/listTransfers", "GET",
        xml(transfers("RestController.RestResponse", "<Transfers>" + TRANSFER.replace("<CurrencyCode>",
            "<CardNumber>4111111111111111</CardNumber><CurrencyCode>") + "</Transfers>")), true))
        .isInstanceOf(AssertionError.class).hasMessageContaining("CardNumber");
    assertThatThrownBy(() -> Api.conforms(V1, "/api/v1/listTransfers", "GET",
        xml(transfers("RestController.RestResponse", TRANSFER)), true))
        .as("an entry outside its list wrapper").isInstanceOf(AssertionError.class);
    assertThatThrownBy(() -> Api.conforms(V1, "/api/v1/listTransfers", "GET",
        xml(transfers("RestController.RestResponse", "<Transfers><RestDocumentInfo/></Transfers>")), true))
        .as("an entry of another list").isInstanceOf(AssertionError.class).hasMessageContaining("RestDocumentInfo");
  }

  @Test
  void aV1EnvelopeWithAnUndocumentedCodeFails() {
    assertThatThrownBy(() -> Api.conforms(V1, "/api/v1/getPayment", "GET", json(200, "{\"ErrorCode\":-99}"), true))
        .isInstanceOf(AssertionError.class);
  }
}
