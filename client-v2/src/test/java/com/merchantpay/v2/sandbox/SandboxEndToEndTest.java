package com.merchantpay.v2.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.merchantpay.sandbox.Sandbox;
import com.merchantpay.sandbox.SandboxExtension;
import com.merchantpay.testsupport.CallbackReceiver;
import com.merchantpay.v2.IdempotencyKeyViolationException;
import com.merchantpay.v2.InvalidOperationException;
import com.merchantpay.v2.MerchantPayClient;
import com.merchantpay.v2.NotAuthorizedException;
import com.merchantpay.v2.PaymentTokenRevokedException;
import com.merchantpay.v2.RequestOptions;
import com.merchantpay.v2.Response;
import com.merchantpay.v2.ValidationErrorException;
import com.merchantpay.v2.model.Amount;
import com.merchantpay.v2.model.CaptureRequest;
import com.merchantpay.v2.model.Card;
import com.merchantpay.v2.model.CompleteConfirmationRequest;
import com.merchantpay.v2.model.Confirmation;
import com.merchantpay.v2.model.CreateInvoiceRequest;
import com.merchantpay.v2.model.CreatePaymentRequest;
import com.merchantpay.v2.model.CreatePaymentTokenRequest;
import com.merchantpay.v2.model.CreateReceiptRequest;
import com.merchantpay.v2.model.CreateRefundRequest;
import com.merchantpay.v2.model.CreateStickerRequest;
import com.merchantpay.v2.model.Customer;
import com.merchantpay.v2.model.ExternalConfirmation;
import com.merchantpay.v2.model.Payment;
import com.merchantpay.v2.model.PaymentData;
import com.merchantpay.v2.model.PaymentListItem;
import com.merchantpay.v2.model.PaymentNotification;
import com.merchantpay.v2.model.PaymentStatus;
import com.merchantpay.v2.model.PaymentToken;
import com.merchantpay.v2.model.PaymentTokenReference;
import com.merchantpay.v2.model.PaymentTokenStatus;
import com.merchantpay.v2.model.Protocol;
import com.merchantpay.v2.model.ReceiptItem;
import com.merchantpay.v2.model.ReceiptResponse;
import com.merchantpay.v2.model.ReceiptStatus;
import com.merchantpay.v2.model.ReceiptType;
import com.merchantpay.v2.model.Refund;
import com.merchantpay.v2.model.RefundStatus;
import com.merchantpay.v2.model.ResultCode;
import com.merchantpay.v2.model.SmsOtpConfirmation;
import com.merchantpay.v2.model.Sticker;
import com.merchantpay.v2.model.StickerStatus;
import com.merchantpay.v2.model.ThreeDSChallengeConfirmation;
import com.merchantpay.v2.model.ThreeDSMethodConfirmation;
import com.merchantpay.v2.model.ThreeDSv1Confirmation;
import com.merchantpay.v2.model.TokenType;
import com.merchantpay.v2.model.VatType;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The client against the embedded sandbox, an implementation of the same contract written
 * independently of it: what one builds, the other must accept and answer as the contract says.
 */
class SandboxEndToEndTest {
  private static final Instant T0 = Instant.parse("2026-03-02T09:00:00Z");

  @RegisterExtension
  static final SandboxExtension SANDBOX =
      SandboxExtension.using(Sandbox.builder().fixedClock(T0).seed(7));

  private Sandbox sandbox;
  private MerchantPayClient client;

  @BeforeEach
  void connect(Sandbox sandbox) {
    this.sandbox = sandbox;
    sandbox.reset();
    client =
        MerchantPayClient.builder()
            .baseUrl(sandbox.baseUrl().toString())
            .accessToken(sandbox.bearerToken())
            .callTimeout(Duration.ofSeconds(20))
            .build();
  }

  private CreatePaymentRequest cardPayment(String pan) {
    return new CreatePaymentRequest()
        .merchantId(sandbox.merchantId())
        .amount(new Amount().value(new BigDecimal("1499.50")).currency("RUB"))
        .paymentData(
            new PaymentData()
                .paymentMethod("bankcard")
                .card(new Card().pan(pan).expiry("12/29").cvc("123")))
        .protocol(
            new Protocol()
                .returnUrl("https://shop.example/back")
                .threeDSCompleteUrl("https://shop.example/3ds"));
  }

  @Test
  void aCardPaymentSettlesAndReadsBackWithItsExactAmount() {
    Payment created = client.payments().create(cardPayment("4111111111111111"));
    Payment read = client.payments().get(created.getId());

    assertThat(created.getStatus()).isEqualTo(PaymentStatus.SETTLED);
    assertThat(created.getResultCode()).isEqualTo(ResultCode.SUCCESS);
    assertThat(read.getAmount().getValue()).isEqualByComparingTo("1499.50").hasScaleOf(2);
    assertThat(read.getId()).isEqualTo(created.getId());
  }

  @Test
  void aDeclineIsAPaymentWithItsResultCode() {
    Payment declined = client.payments().create(cardPayment("4000000000001083"));

    assertThat(declined.getStatus()).isEqualTo(PaymentStatus.REJECTED);
    assertThat(declined.getResultCode()).isEqualTo(ResultCode.INSUFFICIENT_FUNDS);
  }

  @Test
  void aTwoStagePaymentThroughA3dsChallengeIsCapturedPartlyAndRefunded() {
    Payment payment = client.payments().create(cardPayment("4000000000002032").dualMode(true));
    assertThat(payment.getStatus()).isEqualTo(PaymentStatus.CONFIRMATION);
    ThreeDSChallengeConfirmation challenge =
        (ThreeDSChallengeConfirmation) payment.getConfirmation();
    assertThat(challenge.getAcsUrl()).isNotBlank();

    payment =
        client.payments().complete(payment.getId(), new CompleteConfirmationRequest().cres("Y"));
    assertThat(payment.getStatus()).isEqualTo(PaymentStatus.AUTHORIZED);

    client.payments().capture(payment.getId(), new CaptureRequest().amount(rub("1000.00")));
    assertThat(client.payments().get(payment.getId()).getStatus()).isEqualTo(PaymentStatus.SETTLED);

    Refund refund =
        client
            .refunds()
            .create(new CreateRefundRequest().paymentId(payment.getId()).amount(rub("400.00")));
    assertThat(refund.getStatus()).isEqualTo(RefundStatus.PENDING);
    sandbox.advanceClock(Duration.ofSeconds(11));
    assertThat(client.refunds().get(refund.getId()).getStatus()).isEqualTo(RefundStatus.SUCCESS);

    assertThatThrownBy(
            () ->
                client
                    .refunds()
                    .create(
                        new CreateRefundRequest()
                            .paymentId(refund.getPaymentId())
                            .amount(rub("700.00"))))
        .isInstanceOf(ValidationErrorException.class)
        .satisfies(
            e ->
                assertThat(((ValidationErrorException) e).getErrors())
                    .anyMatch(error -> error.contains("amount.value")));
    assertThatThrownBy(() -> client.payments().cancel(refund.getPaymentId()))
        .isInstanceOf(InvalidOperationException.class)
        .satisfies(e -> assertThat(((InvalidOperationException) e).getStatusCode()).isEqualTo(409));
  }

  @ParameterizedTest
  @ValueSource(strings = {"4000000000002016", "4000000000002024", "4000000000002040"})
  void eachConfirmationIsCompletedWithItsOwnAnswer(String pan) {
    Payment payment = client.payments().create(cardPayment(pan));
    Confirmation confirmation = payment.getConfirmation();
    CompleteConfirmationRequest answer =
        confirmation instanceof SmsOtpConfirmation
            ? new CompleteConfirmationRequest().code("123456")
            : confirmation instanceof ThreeDSMethodConfirmation
                ? new CompleteConfirmationRequest().threeDSCompInd("Y")
                : new CompleteConfirmationRequest().paRes("eJzVWFmTo0");
    assertThat(confirmation)
        .isInstanceOfAny(
            SmsOtpConfirmation.class, ThreeDSMethodConfirmation.class, ThreeDSv1Confirmation.class);

    assertThat(client.payments().complete(payment.getId(), answer).getStatus())
        .isEqualTo(PaymentStatus.SETTLED);
  }

  @Test
  void theSameKeyReplaysTheFirstAnswerAndAnotherBodyWithItIsRefused() {
    RequestOptions key = RequestOptions.builder().idempotencyKey("order-4711").build();

    Response<Payment> first =
        client.payments().createWithResponse(cardPayment("4111111111111111"), key);
    Response<Payment> replay =
        client.payments().createWithResponse(cardPayment("4111111111111111"), key);

    assertThat(replay.value().getId()).isEqualTo(first.value().getId());
    assertThatThrownBy(
            () -> client.payments().createWithResponse(cardPayment("5555555555554444"), key))
        .isInstanceOf(IdempotencyKeyViolationException.class)
        .hasMessageContaining("idempotency-key: order-4711");
  }

  @Test
  void autoPagingWalksEveryPaymentOnceInOrder() {
    for (int i = 0; i < 120; i++) {
      client.payments().create(cardPayment("4111111111111111"));
    }
    OffsetDateTime start = T0.atOffset(ZoneOffset.UTC).minusHours(1);

    List<PaymentListItem> all =
        client
            .payments()
            .list(sandbox.merchantId(), start, start.plusDays(1))
            .autoPagingStream()
            .toList();

    assertThat(all).hasSize(120);
    assertThat(all.stream().map(PaymentListItem::getId).collect(Collectors.toSet())).hasSize(120);
    assertThat(client.payments().list(sandbox.merchantId(), start, start.plusDays(1)).items())
        .hasSize(50);
  }

  @Test
  void unknownIdsAndOtherTokensAreTypedErrors() {
    assertThatThrownBy(() -> client.payments().get("99999999"))
        .isInstanceOf(InvalidOperationException.class)
        .satisfies(e -> assertThat(((InvalidOperationException) e).getStatusCode()).isEqualTo(404));
    MerchantPayClient stranger =
        MerchantPayClient.builder()
            .baseUrl(sandbox.baseUrl().toString())
            .accessToken("nobody")
            .build();
    assertThatThrownBy(() -> stranger.payments().get("1"))
        .isInstanceOf(NotAuthorizedException.class);
  }

  @Test
  void aRevokedTokenCanNoLongerPay() {
    PaymentToken token =
        client
            .paymentTokens()
            .create(
                new CreatePaymentTokenRequest()
                    .merchantId(sandbox.merchantId())
                    .type(TokenType.RECURRING)
                    .purpose("subscription")
                    .paymentData(
                        new PaymentData()
                            .paymentMethod("bankcard")
                            .card(new Card().pan("4111111111111111").expiry("12/29").cvc("123")))
                    .customer(new Customer().account("acc-1")));
    assertThat(token.getStatus()).isEqualTo(PaymentTokenStatus.CREATED);
    assertThat(token.getConfirmation()).isInstanceOf(ExternalConfirmation.class);

    client.paymentTokens().revoke(token.getId());

    assertThat(client.paymentTokens().get(token.getId()).getStatus())
        .isEqualTo(PaymentTokenStatus.REVOKED);
    assertThatThrownBy(
            () ->
                client
                    .payments()
                    .create(
                        new CreatePaymentRequest()
                            .merchantId(sandbox.merchantId())
                            .amount(rub("10.00"))
                            .paymentData(
                                new PaymentData()
                                    .paymentMethod("bankcard")
                                    .token(new PaymentTokenReference().id(token.getId())))))
        .isInstanceOf(PaymentTokenRevokedException.class);
  }

  @Test
  void aReceiptIsRegisteredWithFiscalData() {
    Payment payment = client.payments().create(cardPayment("4111111111111111"));
    ReceiptResponse receipt =
        client
            .receipts()
            .create(
                new CreateReceiptRequest()
                    .paymentId(payment.getId())
                    .amount(rub("1499.50"))
                    .type(ReceiptType.PAYMENT)
                    .items(
                        List.of(
                            new ReceiptItem()
                                .name("Phone case")
                                .quantity(BigDecimal.ONE)
                                .price(new BigDecimal("1499.50"))
                                .vatType(VatType.VAT22))));
    assertThat(receipt.getStatus()).isEqualTo(ReceiptStatus.PENDING);

    sandbox.advanceClock(Duration.ofSeconds(6));

    ReceiptResponse registered = client.receipts().get(receipt.getId());
    assertThat(registered.getStatus()).isEqualTo(ReceiptStatus.SUCCESS);
    assertThat(registered.getFiscalData().getReceiptNumber()).isNotBlank();
    assertThat(client.receipts().list(payment.getId()).items())
        .extracting(ReceiptResponse::getId)
        .containsExactly(receipt.getId());
  }

  @Test
  void aStickerIsSwitchedOffAndListed() {
    Sticker sticker =
        client
            .stickers()
            .create(
                new CreateStickerRequest()
                    .merchantId(sandbox.merchantId())
                    .stickerType("Sbp")
                    .description("Table 4")
                    .amount(rub("350.00")));
    assertThat(sticker.getStatus()).isEqualTo(StickerStatus.ACTIVE);

    client.stickers().setActive(sticker.getId(), false);

    assertThat(client.stickers().get(sticker.getId()).getStatus())
        .isEqualTo(StickerStatus.INACTIVE);
    assertThat(client.stickers().list(sandbox.merchantId()).autoPagingStream().map(Sticker::getId))
        .contains(sticker.getId());
  }

  @Test
  void anInvoiceGivesAPaymentPage() {
    var invoice =
        client
            .invoices()
            .create(
                new CreateInvoiceRequest().merchantId(sandbox.merchantId()).amount(rub("99.90")));

    assertThat(invoice.getUrl()).startsWith(sandbox.baseUrl().toString());
    assertThat(client.payments().get(invoice.getPaymentId()).getAmount().getValue())
        .isEqualByComparingTo("99.90");
  }

  @Test
  void aCallbackIsParsedAndVerifiedAgainstTheApi() throws Exception {
    try (CallbackReceiver receiver = new CallbackReceiver(0)) {
      Payment payment =
          client
              .payments()
              .create(
                  cardPayment("4111111111111111")
                      .protocol(new Protocol().callbackUrl(receiver.url())));

      receiver.awaitBodies(1, 10_000);

      assertThat(receiver.texts()).isNotEmpty();
      PaymentNotification notification =
          client.notifications().parsePayment(receiver.texts().get(0));
      assertThat(notification.getId()).isEqualTo(payment.getId());
      assertThat(client.notifications().verify(notification).getStatus())
          .isEqualTo(PaymentStatus.SETTLED);
    }
  }

  private static Amount rub(String value) {
    return new Amount().value(new BigDecimal(value)).currency("RUB");
  }
}
