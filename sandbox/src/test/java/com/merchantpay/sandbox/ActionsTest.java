package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every payer and bank action, from Java and over the control API, each through the same rules. */
class ActionsTest extends SandboxTestBase {
  private static final String SMS_OTP = "4000000000002016";
  private static final String EXTERNAL = "4000000000002057";
  private static final String PENDING = "4000000000003014";
  private static final String PAYS = "4111111111111111";

  /** The same action taken from Java or over HTTP. */
  private void act(boolean overHttp, String path, Object body, Runnable fromJava) {
    if (overHttp) {
      api.control("POST", path, body);
    } else {
      fromJava.run();
    }
  }

  private String status(String paymentId) {
    return api.payment(paymentId).path("status").asText();
  }

  @ParameterizedTest(name = "over HTTP: {0}")
  @ValueSource(booleans = {false, true})
  void thePayerPassesOrFailsAConfirmationStepOfAnyKind(boolean overHttp) {
    String sms = api.pay(SMS_OTP, "10", false).path("id").asText();
    String external = api.pay(EXTERNAL, "10", false).path("id").asText();

    act(
        overHttp,
        "/_sandbox/payments/" + sms + "/confirm",
        Map.of("approve", true),
        () -> sandbox.payer().passConfirmation(sms));
    act(
        overHttp,
        "/_sandbox/payments/" + external + "/confirm",
        Map.of("approve", false),
        () -> sandbox.payer().failConfirmation(external));

    assertThat(status(sms)).isEqualTo("Settled");
    assertThat(api.payment(external).path("resultCode").asText()).isEqualTo("CancelledByUser");
  }

  @ParameterizedTest(name = "over HTTP: {0}")
  @ValueSource(booleans = {false, true})
  void thePayerPaysOrAbandonsAnInvoiceAndTheBankExpiresOne(boolean overHttp) {
    String paid = invoice();
    String abandoned = invoice();
    String expired = invoice();

    act(
        overHttp,
        "/_sandbox/payments/" + paid + "/pay",
        Map.of("pan", PAYS, "expiry", "12/30"),
        () -> sandbox.payer().payInvoice(paid, PAYS, "12/30"));
    act(
        overHttp,
        "/_sandbox/payments/" + abandoned + "/abandon",
        null,
        () -> sandbox.payer().abandonInvoice(abandoned));
    act(
        overHttp,
        "/_sandbox/payments/" + expired + "/expire",
        null,
        () -> sandbox.bank().expire(expired));

    assertThat(status(paid)).isEqualTo("Settled");
    assertThat(api.payment(abandoned).path("resultCode").asText()).isEqualTo("CancelledByUser");
    assertThat(api.payment(expired).path("resultCode").asText()).isEqualTo("PaymentExpired");
  }

  @ParameterizedTest(name = "over HTTP: {0}")
  @ValueSource(booleans = {false, true})
  void theBankAnswersAPendingPaymentNowEitherWay(boolean overHttp) {
    String approved = api.pay(PENDING, "10", false).path("id").asText();
    String declined = api.pay(PENDING, "10", false).path("id").asText();

    act(
        overHttp,
        "/_sandbox/payments/" + approved + "/bank-answer",
        Map.of("approve", true),
        () -> sandbox.bank().approve(approved));
    act(
        overHttp,
        "/_sandbox/payments/" + declined + "/bank-answer",
        Map.of("approve", false),
        () -> sandbox.bank().decline(declined));

    assertThat(status(approved)).isEqualTo("Settled");
    assertThat(status(declined)).isEqualTo("Rejected");
  }

  @ParameterizedTest(name = "over HTTP: {0}")
  @ValueSource(booleans = {false, true})
  void theBankSettlesOrRejectsAPendingRefundNow(boolean overHttp) {
    String payment = api.pay(PAYS, "30", false).path("id").asText();
    String settled = refund(payment, "10");
    String rejected = refund(payment, "10");

    act(
        overHttp,
        "/_sandbox/refunds/" + settled + "/bank-answer",
        Map.of("approve", true),
        () -> sandbox.bank().settleRefund(settled));
    act(
        overHttp,
        "/_sandbox/refunds/" + rejected + "/bank-answer",
        Map.of("approve", false),
        () -> sandbox.bank().rejectRefund(rejected));

    assertThat(api.get("/api/v2/refunds/" + settled).json().path("status").asText())
        .isEqualTo("Success");
    assertThat(api.get("/api/v2/refunds/" + rejected).json().path("status").asText())
        .isEqualTo("Rejected");
  }

  @ParameterizedTest(name = "over HTTP: {0}")
  @ValueSource(booleans = {false, true})
  void aBlockedTokensChargesAreRefusedUntilTheBlockIsLifted(boolean overHttp) {
    String token =
        api.control("POST", "/_sandbox/paymenttokens", Map.of("status", "Active"))
            .path("id")
            .asText();
    Consumer<Boolean> block =
        blocked -> {
          if (overHttp) {
            assertThat(
                    api.send(
                            "PUT",
                            "/_sandbox/paymenttokens/" + token + "/blocked",
                            Map.of("blocked", blocked),
                            Map.of())
                        .status())
                .isEqualTo(200);
          } else if (blocked) {
            sandbox.bank().blockToken(token);
          } else {
            sandbox.bank().unblockToken(token);
          }
        };

    block.accept(true);
    assertThat(charge(token).code()).isEqualTo("payment_token_blocked");
    block.accept(false);
    assertThat(charge(token).status()).isEqualTo(200);
  }

  @Test
  void theApplicationsCallbacksAreListedWithTheirAttemptsAndOneIsSentAgain() {
    ObjectNode body = api.cardPayment(PAYS, "10", false);
    body.putObject("protocol").put("callbackUrl", "http://127.0.0.1:9/unreachable");
    String payment = api.post("/api/v2/payments", body).json().path("id").asText();

    Notifications.Sent sent = sandbox.notifications().about(payment).get(0);
    String again = sandbox.notifications().redeliver(sent.deliveryId());

    assertThat(sent.event()).isEqualTo("payment.status");
    assertThat(sent.delivered()).isFalse();
    assertThat(sent.attempts()).first().satisfies(a -> assertThat(a.error()).isNotNull());
    assertThat(sandbox.notifications().about(payment))
        .anySatisfy(s -> assertThat(s.redeliveryOf()).isEqualTo(sent.deliveryId()))
        .extracting(Notifications.Sent::deliveryId)
        .contains(again);
    assertThat(
            api.control("POST", "/_sandbox/callbacks/" + sent.deliveryId() + "/redeliver", null)
                .path("redeliveryOf")
                .asText())
        .isEqualTo(sent.deliveryId());
  }

  @Test
  void anActionTheStateDoesNotAllowIsRefusedAndChangesNothing() {
    String settled = api.pay(PAYS, "10", false).path("id").asText();

    assertThatThrownBy(() -> sandbox.payer().passConfirmation(settled))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("this one is Settled");
    assertThatThrownBy(() -> sandbox.bank().expire("no-such-payment"))
        .isInstanceOf(NoSuchElementException.class);
    Api.Res overHttp =
        api.send(
            "POST",
            "/_sandbox/payments/" + settled + "/bank-answer",
            Map.of("approve", true),
            Map.of());
    assertThat(overHttp.status()).isEqualTo(409);
    assertThat(
            api.send("POST", "/_sandbox/payments/" + settled + "/confirm", Map.of(), Map.of())
                .status())
        .as("the control document requires approve")
        .isEqualTo(400);
    assertThat(status(settled)).isEqualTo("Settled");
  }

  private String invoice() {
    ObjectNode body = Api.object();
    body.put("merchantId", sandbox.merchantId());
    body.set("amount", Api.amount("15.00", "RUB"));
    return api.post("/api/v2/invoices", body).json().path("paymentId").asText();
  }

  private String refund(String paymentId, String value) {
    ObjectNode body = Api.object();
    body.put("paymentId", paymentId);
    body.set("amount", Api.amount(value, "RUB"));
    return api.post("/api/v2/refunds", body).json().path("id").asText();
  }

  private Api.Res charge(String token) {
    ObjectNode body = Api.object();
    body.put("merchantId", sandbox.merchantId());
    body.set("amount", Api.amount("5.00", "RUB"));
    body.putObject("paymentData").putObject("token").put("id", token);
    return api.unchecked().post("/api/v2/payments", body);
  }
}
