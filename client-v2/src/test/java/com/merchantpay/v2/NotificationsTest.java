package com.merchantpay.v2;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.merchantpay.v2.model.Payment;
import com.merchantpay.v2.model.PaymentNotification;
import com.merchantpay.v2.model.PaymentStatus;
import com.merchantpay.v2.model.PaymentToken;
import com.merchantpay.v2.model.PaymentTokenNotification;
import com.merchantpay.v2.model.PaymentTokenStatus;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Callbacks are parsed tolerantly and verified against the API, because nothing signs them. */
class NotificationsTest extends ClientTestSupport {
  private static final String PAYMENT_NOTIFICATION =
      """
      {"id":"p-1","created":"2026-03-01T10:00:00.5Z","testMode":true,"status":"Settled","merchantId":"m-1",
       "invoice":{"description":"Order 4711","orderNo":"4711","params":{"k":"v"}},
       "amount":{"value":10.5000,"currency":"RUB"},
       "paymentData":{"paymentMethod":"BankCard","paymentInstrumentTitle":"411111******1111"},
       "newMember":{"nested":[1,2,3]}}""";

  @Test
  void aPaymentNotificationParsesFromBytesOrTextIgnoringUnknownMembers() {
    Notifications notifications = client().notifications();

    PaymentNotification fromBytes =
        notifications.parsePayment(PAYMENT_NOTIFICATION.getBytes(StandardCharsets.UTF_8));
    PaymentNotification fromText = notifications.parsePayment(PAYMENT_NOTIFICATION);

    assertThat(fromBytes).isEqualTo(fromText);
    assertThat(fromBytes.getStatus()).isEqualTo(PaymentStatus.SETTLED);
    assertThat(fromBytes.getAmount().getValue())
        .isEqualByComparingTo(new BigDecimal("10.5"))
        .hasScaleOf(4);
    assertThat(fromBytes.getInvoice().getOrderNo()).isEqualTo("4711");
  }

  @Test
  void aTokenNotificationParsesAndItsIdIsMaskedInToString() {
    PaymentTokenNotification notification =
        client()
            .notifications()
            .parsePaymentToken(
                "{\"id\":\"tok-secret-abcd1234\",\"status\":\"Revoked\",\"title\":\"Visa *1111\",\"expires\":\"2029-12-31T00:00:00Z\",\"x\":1}");

    assertThat(notification.getStatus()).isEqualTo(PaymentTokenStatus.REVOKED);
    assertThat(notification.toString()).doesNotContain("tok-secret").contains("***1234");
  }

  @Test
  void aMalformedBodyIsRefusedWithoutRepeatingIt() {
    Notifications notifications = client().notifications();

    assertThatThrownBy(
            () -> notifications.parsePayment("{\"id\":\"p-1\",\"pan\":\"" + TEST_PAN + "\" oops"))
        .isInstanceOf(NotificationParseException.class)
        .hasMessageContaining("not JSON (line 1")
        .hasMessageNotContaining(TEST_PAN);
    assertThatThrownBy(() -> notifications.parsePayment("[1,2]"))
        .hasMessageContaining("not a JSON object");
    assertThatThrownBy(() -> notifications.parsePayment("{\"status\":\"Settled\"}"))
        .hasMessageContaining("has no id");
    assertThatThrownBy(() -> notifications.parsePayment(new byte[0])).hasMessageContaining("empty");
    assertThatThrownBy(
            () -> notifications.parsePayment("{\"id\":\"p-1\",\"amount\":{\"value\":\"lots\"}}"))
        .hasMessageContaining("wrong type: amount.value");
  }

  @Test
  void verifyingReturnsThePaymentAsTheApiReportsIt() {
    server.stubFor(get("/api/v2/payments/p-1").willReturn(okJson(payment("p-1", "Authorized"))));
    Notifications notifications = client().notifications();

    Payment authoritative = notifications.verify(notifications.parsePayment(PAYMENT_NOTIFICATION));

    assertThat(authoritative.getStatus())
        .as("the API says Authorized, whatever the callback claimed")
        .isEqualTo(PaymentStatus.AUTHORIZED);
    server.verify(
        getRequestedFor(urlEqualTo("/api/v2/payments/p-1"))
            .withHeader("Authorization", equalTo("Bearer " + TOKEN)));
  }

  @Test
  void verifyingATokenNotificationReadsTheToken() {
    server.stubFor(
        get("/api/v2/paymenttokens/t-1")
            .willReturn(okJson("{\"id\":\"t-1\",\"status\":\"Active\"}")));
    Notifications notifications = client().notifications();

    PaymentToken token =
        notifications.verify(
            notifications.parsePaymentToken("{\"id\":\"t-1\",\"status\":\"Revoked\"}"));

    assertThat(token.getStatus()).isEqualTo(PaymentTokenStatus.ACTIVE);
  }
}
