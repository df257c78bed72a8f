package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MagicCardsTest extends SandboxTestBase {

  @ParameterizedTest(name = "{0} declines with {1} (v1 ErrorCode {2})")
  @CsvSource({
    "4000000000001018, TransactionDeclined, -10",
    "4000000000001026, IssuerUnavailable, -2",
    "4000000000001034, RejectedByFraud, -10",
    "4000000000001042, InvalidAmount, -18",
    "4000000000001059, InvalidAccount, -26",
    "4000000000001067, BlockedAccount, -28",
    "4000000000001075, OperationNotAllowed, -31",
    "4000000000001083, InsufficientFunds, -19",
    "4000000000001091, ExpiredAccount, -27",
    "4000000000001109, PaymentLimitExceeded, -29",
    "4000000000001117, PaymentCountExceeded, -30",
    "4000000000001125, CardNotEnrolled, -25",
    "4000000000001133, ThreeDSecureFailed, -25",
    "4000000000001141, CancelledByUser, -17",
    "4000000000001158, PaymentExpired, -15"
  })
  void eachResultCodeHasACard(String pan, String resultCode, int v1ErrorCode) {
    JsonNode payment = api.pay(pan, "10", false);

    assertThat(payment.path("status").asText()).isEqualTo("Rejected");
    assertThat(payment.path("resultCode").asText()).isEqualTo(resultCode);
    assertThat(payment.path("completed").asText()).isEqualTo("2024-05-14T09:00:00Z");
    JsonNode v1 =
        api.v1("getPayment", cashier(), Map.of("paymentID", payment.path("id").asText())).json();
    assertThat(v1.path("Payment").path("ErrorCode").asInt()).isEqualTo(v1ErrorCode);
  }

  @Test
  void aCardNumberFailingTheLuhnCheckIsAnInvalidAccount() {
    assertThat(api.pay("4111111111111112", "10", false).path("resultCode").asText())
        .isEqualTo("InvalidAccount");
  }

  @Test
  void anExpiredCardIsAnExpiredAccount() {
    var body = api.cardPayment("4111111111111111", "10", false);
    ((com.fasterxml.jackson.databind.node.ObjectNode) body.path("paymentData").path("card"))
        .put("expiry", "04/24");

    JsonNode payment = api.post("/api/v2/payments", body).json();

    assertThat(payment.path("resultCode").asText()).isEqualTo("ExpiredAccount");
  }

  @Test
  void aPendingCardStaysPendingUntilTheClockMovesOn() {
    String id = api.pay("4000000000003014", "10", false).path("id").asText();
    assertThat(api.payment(id).path("status").asText()).isEqualTo("Pending");

    api.advance("PT59S");
    assertThat(api.payment(id).path("status").asText()).isEqualTo("Pending");
    api.advance("PT1S");

    JsonNode payment = api.payment(id);
    assertThat(payment.path("status").asText()).isEqualTo("Settled");
    assertThat(payment.path("completed").asText()).isEqualTo("2024-05-14T09:01:00Z");
  }

  @Test
  void anotherPendingCardEndsDeclined() {
    String id = api.pay("4000000000003022", "10", false).path("id").asText();

    api.advance("PT1M");

    assertThat(api.payment(id).path("resultCode").asText()).isEqualTo("IssuerUnavailable");
  }

  @Test
  void anyOtherValidCardPaysWithoutConfirmation() {
    assertThat(
            api.pay("5555555555554444", "10", false)
                .path("paymentData")
                .path("cardInfo")
                .path("brand")
                .asText())
        .isEqualTo("Mastercard");
    assertThat(api.pay("4242424242424242", "10", false).path("status").asText())
        .isEqualTo("Settled");
  }

  @Test
  void theControlApiListsTheTestCards() {
    JsonNode cards = api.control("GET", "/_sandbox/config", null).path("testCards");

    assertThat(cards).hasSizeGreaterThanOrEqualTo(15 + 6 + 2 + 2);
    assertThat(cards.toString()).contains("4000000000001158", "PaymentExpired", "4000000000004012");
  }
}
