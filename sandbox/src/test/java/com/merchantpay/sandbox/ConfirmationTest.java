package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ConfirmationTest extends SandboxTestBase {

  @ParameterizedTest(name = "{1} is completed with {2}")
  @CsvSource({
    "4000000000002016, SmsOtp, code, 482913, maskedPhone",
    "4000000000002024, ThreeDSMethod, threeDSCompInd, Y, methodUrl",
    "4000000000002032, ThreeDSChallenge, cres, eyJ0cmFuc1N0YXR1cyI6IlkifQ, creq",
    "4000000000002040, ThreeDSv1, PARes, eJzNWVmTo0iSfu9fUVb7KKsC7kPVWWMBiEsg7kNvnOIUIE5Jv34QyszKrq7p6R2z3Zl8SMB, PAReq"
  })
  void eachConfirmationTypeIsCompletedWithItsOwnField(
      String pan, String type, String field, String answer, String typeSpecificMember) {
    JsonNode created = api.pay(pan, "120", false);
    assertThat(created.path("status").asText()).isEqualTo("Confirmation");
    assertThat(created.path("confirmation").path("type").asText()).isEqualTo(type);
    assertThat(created.path("confirmation").path(typeSpecificMember).asText()).isNotEmpty();
    assertThat(created.has("resultCode")).isFalse();

    Api.Res completed =
        api.put(
            "/api/v2/payments/" + created.path("id").asText() + "/complete", Map.of(field, answer));

    assertThat(completed.status()).as(completed.text()).isEqualTo(200);
    assertThat(completed.json().path("status").asText()).isEqualTo("Settled");
    assertThat(completed.json().has("confirmation")).isFalse();
  }

  @ParameterizedTest(name = "a {0} step answered with another member names {1}")
  @CsvSource({
    "4000000000002016, code, cres",
    "4000000000002024, threeDSCompInd, code",
    "4000000000002032, cres, PARes",
    "4000000000002040, PARes, code"
  })
  void answeringWithTheWrongMemberNamesTheNeededOne(String pan, String needed, String wrong) {
    String id = api.pay(pan, "10", false).path("id").asText();

    Api.Res res = api.put("/api/v2/payments/" + id + "/complete", Map.of(wrong, "x"));

    assertThat(res.status()).isEqualTo(400);
    assertThat(res.code()).isEqualTo("validation_error");
    assertThat(res.errors()).singleElement().asString().startsWith(needed + ":");
    assertThat(api.payment(id).path("status").asText()).isEqualTo("Confirmation");
  }

  @ParameterizedTest(name = "{1} = {2} fails authentication")
  @CsvSource({
    "4000000000002016, code, 000000",
    "4000000000002032, cres, N",
    "4000000000002040, PARes, N"
  })
  void failingAnswersRejectThePaymentWithThreeDSecureFailed(
      String pan, String field, String answer) {
    String id = api.pay(pan, "10", false).path("id").asText();

    JsonNode payment =
        api.put("/api/v2/payments/" + id + "/complete", Map.of(field, answer)).json();

    assertThat(payment.path("status").asText()).isEqualTo("Rejected");
    assertThat(payment.path("resultCode").asText()).isEqualTo("ThreeDSecureFailed");
  }

  @Test
  void stepsCanFollowEachOther() {
    JsonNode created = api.pay("4000000000002065", "10", true);
    String id = created.path("id").asText();
    assertThat(created.path("confirmation").path("type").asText()).isEqualTo("ThreeDSMethod");

    JsonNode second =
        api.put("/api/v2/payments/" + id + "/complete", Map.of("threeDSCompInd", "Y")).json();
    assertThat(second.path("status").asText()).isEqualTo("Confirmation");
    assertThat(second.path("confirmation").path("type").asText()).isEqualTo("ThreeDSChallenge");

    JsonNode done = api.put("/api/v2/payments/" + id + "/complete", Map.of("cres", "ok")).json();
    assertThat(done.path("status").asText()).isEqualTo("Authorized");
  }

  @Test
  void externalStepIsFinishedOnTheReturnedPage() {
    JsonNode created = api.pay("4000000000002057", "10", false);
    String id = created.path("id").asText();
    String url = created.path("confirmation").path("paymentUrl").asText();
    assertThat(url).startsWith(sandbox.baseUrl().toString());

    Api.Res viaApi = api.put("/api/v2/payments/" + id + "/complete", Map.of("code", "1"));
    assertThat(viaApi.status()).isEqualTo(409);
    assertThat(viaApi.code()).isEqualTo("invalid_operation");

    Api.Res page = api.page("GET", url, null);
    assertThat(page.status()).isEqualTo(200);
    assertThat(page.text()).contains("name=\"action\" value=\"approve\"");
    Api.Res posted = api.page("POST", url, "action=approve");
    assertThat(posted.status()).isEqualTo(303);

    assertThat(api.payment(id).path("status").asText()).isEqualTo("Settled");
  }

  @Test
  void declinedExternalStepIsCancelledByUser() {
    String url =
        api.pay("4000000000002057", "10", false).path("confirmation").path("paymentUrl").asText();

    api.page("POST", url, "action=decline");

    JsonNode payment = api.payment(url.substring(url.lastIndexOf('/') + 1));
    assertThat(payment.path("status").asText()).isEqualTo("Rejected");
    assertThat(payment.path("resultCode").asText()).isEqualTo("CancelledByUser");
  }

  @Test
  void anUnansweredStepExpiresAfterFifteenMinutes() {
    String id = api.pay("4000000000002016", "10", false).path("id").asText();

    api.advance("PT14M59S");
    assertThat(api.payment(id).path("status").asText()).isEqualTo("Confirmation");
    api.advance("PT1S");

    JsonNode payment = api.payment(id);
    assertThat(payment.path("status").asText()).isEqualTo("Rejected");
    assertThat(payment.path("resultCode").asText()).isEqualTo("PaymentExpired");
  }
}
