package com.merchantpay.v2.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.sandbox.Sandbox;
import com.merchantpay.testsupport.CallbackReceiver;
import com.merchantpay.testsupport.FaultyProxy;
import com.merchantpay.v2.MerchantPayClient;
import com.merchantpay.v2.MerchantPayException;
import com.merchantpay.v2.Page;
import com.merchantpay.v2.RequestOptions;
import com.merchantpay.v2.Response;
import com.merchantpay.v2.RetryPolicy;
import com.merchantpay.v2.model.Amount;
import com.merchantpay.v2.model.Card;
import com.merchantpay.v2.model.CompleteConfirmationRequest;
import com.merchantpay.v2.model.CreatePaymentRequest;
import com.merchantpay.v2.model.ExternalConfirmation;
import com.merchantpay.v2.model.Payment;
import com.merchantpay.v2.model.PaymentData;
import com.merchantpay.v2.model.PaymentListItem;
import com.merchantpay.v2.model.PaymentNotification;
import com.merchantpay.v2.model.PaymentStatus;
import com.merchantpay.v2.model.Protocol;
import com.merchantpay.v2.model.SmsOtpConfirmation;
import com.merchantpay.v2.model.ThreeDSChallengeConfirmation;
import com.merchantpay.v2.model.ThreeDSMethodConfirmation;
import com.merchantpay.v2.model.ThreeDSv1Confirmation;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The code of the documentation portal's guides, run against the embedded sandbox. The portal
 * includes the blocks between the marker comments as they are, so a guide shows only code that
 * runs.
 */
class GuideExamplesTest {
  private static final OffsetDateTime MARCH = OffsetDateTime.parse("2026-03-01T00:00:00Z");
  private static final OffsetDateTime APRIL = OffsetDateTime.parse("2026-04-01T00:00:00Z");
  private static Sandbox sandbox;
  private MerchantPayClient client;
  private String merchantId;

  @BeforeAll
  static void start() {
    sandbox = Sandbox.builder().fixedClock(Instant.parse("2026-03-02T09:00:00Z")).start();
  }

  @AfterAll
  static void stop() {
    sandbox.stop();
  }

  @BeforeEach
  void clean() {
    sandbox.reset();
    merchantId = sandbox.merchantId();
    client =
        MerchantPayClient.builder()
            .baseUrl(sandbox.baseUrl().toString())
            .accessToken(sandbox.bearerToken())
            .build();
  }

  private CreatePaymentRequest payment(String pan, String value) {
    return new CreatePaymentRequest()
        .merchantId(merchantId)
        .amount(new Amount().value(new BigDecimal(value)).currency("RUB"))
        .paymentData(
            new PaymentData()
                .paymentMethod("bankcard")
                .card(new Card().pan(pan).expiry("12/29").cvc("123")));
  }

  @Test
  void aRepeatedCreateWithTheSameKeyReturnsTheFirstPayment() {
    CreatePaymentRequest request = payment("4111111111111111", "250.00");

    // idempotent create begins
    // A key that belongs to the order, kept with it before the first attempt.
    RequestOptions once = RequestOptions.builder().idempotencyKey("order-4711-payment").build();

    Response<Payment> first = client.payments().createWithResponse(request, once);
    // After a crash, a timeout or a second click, the same order is paid with the same key:
    Response<Payment> again = client.payments().createWithResponse(request, once);
    // again.value() is the payment made by the first call; the card was charged once.
    // idempotent create ends

    assertThat(again.value().getId()).isEqualTo(first.value().getId());
    assertThat(client.payments().list(merchantId, MARCH, APRIL).items()).hasSize(1);
  }

  @Test
  void anOutcomeUnknownCreateIsRetriedWithItsKeyAndChargesOnce() {
    List<String> keysToRetry = new ArrayList<>();
    CreatePaymentRequest request = payment("4111111111111111", "99.90");
    try (FaultyProxy network =
        new FaultyProxy(
            sandbox.baseUrl(), (method, path) -> FaultyProxy.Fault.DROP_AFTER, Duration.ZERO)) {
      MerchantPayClient client =
          MerchantPayClient.builder()
              .baseUrl(network.baseUrl())
              .accessToken(sandbox.bearerToken())
              .retryPolicy(RetryPolicy.none())
              .build();

      // outcome unknown begins
      try {
        Payment payment = client.payments().create(request);
        // ... go on with the payment
      } catch (MerchantPayException e) {
        if (!e.isOutcomeUnknown()) {
          throw e; // nothing was done: the message says why
        }
        // The service may have made the payment. Keep the key with the order and retry with it
        // later:
        // the retry returns that payment if it was made, and makes it once if it was not.
        keysToRetry.add(e.getIdempotencyKey().orElseThrow());
      }
      // outcome unknown ends
    }

    assertThat(keysToRetry).hasSize(1);
    Payment retried =
        client
            .payments()
            .createWithResponse(
                request, RequestOptions.builder().idempotencyKey(keysToRetry.get(0)).build())
            .value();
    assertThat(client.payments().list(merchantId, MARCH, APRIL).items())
        .singleElement()
        .satisfies(item -> assertThat(item.getId()).isEqualTo(retried.getId()));
  }

  @Test
  void pagesAreFollowedByTheirCursor() {
    for (int i = 0; i < 120; i++) {
      client.payments().create(payment("4111111111111111", "1.00"));
    }
    OffsetDateTime start = OffsetDateTime.parse("2026-03-01T00:00:00Z");
    OffsetDateTime end = OffsetDateTime.parse("2026-04-01T00:00:00Z");
    List<String> seen = new ArrayList<>();

    // pages one by one begins
    Page<PaymentListItem> page = client.payments().list(merchantId, start, end);
    while (true) {
      for (PaymentListItem item : page.items()) {
        seen.add(item.getId()); // items come oldest first
      }
      if (!page.hasNextPage()) {
        break;
      }
      page = page.nextPage(); // asks for the items after the last one of this page
    }
    // pages one by one ends

    // all pages begins
    long settled =
        client
            .payments()
            .list(merchantId, start, end)
            .autoPagingStream() // fetches the next page only when the stream gets there
            .filter(item -> item.getStatus().equals(PaymentStatus.SETTLED))
            .count();
    // all pages ends

    assertThat(seen).hasSize(120).doesNotHaveDuplicates();
    assertThat(settled).isEqualTo(120);
  }

  /** What the merchant's own pages do with the payer, standing in for a browser here. */
  interface Payer {
    String answerSmsCode(String maskedPhone);

    String runThreeDSMethod(String methodUrl);

    String passChallenge(String acsUrl, String creq);

    String passThreeDSv1(String acsUrl, String paReq);

    void sendToPage(String paymentUrl);
  }

  @Test
  void everyConfirmationStepIsAnsweredUntilThePaymentIsDecided() {
    List<String> steps = new ArrayList<>();
    Payer payer =
        new Payer() {
          @Override
          public String answerSmsCode(String maskedPhone) {
            steps.add("SmsOtp");
            return "123456";
          }

          @Override
          public String runThreeDSMethod(String methodUrl) {
            steps.add("ThreeDSMethod");
            return "Y";
          }

          @Override
          public String passChallenge(String acsUrl, String creq) {
            steps.add("ThreeDSChallenge");
            return "Y";
          }

          @Override
          public String passThreeDSv1(String acsUrl, String paReq) {
            steps.add("ThreeDSv1");
            return "passed";
          }

          @Override
          public void sendToPage(String paymentUrl) {
            steps.add("External");
          }
        };
    // The sandbox's card that asks for the 3-D Secure method and then a challenge.
    Payment payment = client.payments().create(payment("4000000000002065", "1200.00"));

    // answer a confirmation begins
    while (payment.getStatus().equals(PaymentStatus.CONFIRMATION)) {
      CompleteConfirmationRequest answer = new CompleteConfirmationRequest();
      if (payment.getConfirmation() instanceof SmsOtpConfirmation sms) {
        answer.code(payer.answerSmsCode(sms.getMaskedPhone()));
      } else if (payment.getConfirmation() instanceof ThreeDSMethodConfirmation method) {
        answer.threeDSCompInd(payer.runThreeDSMethod(method.getMethodUrl()));
      } else if (payment.getConfirmation() instanceof ThreeDSChallengeConfirmation challenge) {
        answer.cres(payer.passChallenge(challenge.getAcsUrl(), challenge.getCreq()));
      } else if (payment.getConfirmation() instanceof ThreeDSv1Confirmation v1) {
        answer.paRes(payer.passThreeDSv1(v1.getAcsUrl(), v1.getPaReq()));
      } else if (payment.getConfirmation() instanceof ExternalConfirmation external) {
        payer.sendToPage(
            external.getPaymentUrl()); // the payer finishes there; a callback or a GET tells
        break;
      } else {
        break; // a step this code does not know yet: show the payer an error, or read the payment
        // later
      }
      payment = client.payments().complete(payment.getId(), answer);
    }
    // Settled, Authorized (dualMode), Rejected with a resultCode, or Pending while the bank
    // decides.
    // answer a confirmation ends

    assertThat(steps).containsExactly("ThreeDSMethod", "ThreeDSChallenge");
    assertThat(payment.getStatus()).isEqualTo(PaymentStatus.SETTLED);
  }

  @Test
  void aNotificationIsReadThenCheckedThroughTheApi() throws Exception {
    try (CallbackReceiver endpoint = new CallbackReceiver(0)) {
      Payment made =
          client
              .payments()
              .create(
                  payment("4111111111111111", "75.00")
                      .protocol(new Protocol().callbackUrl(endpoint.url())));
      endpoint.awaitBodies(1, 10_000);
      String requestBody = endpoint.texts().get(0);
      Optional<String> fulfilled = Optional.empty();

      // verify a notification begins
      // In the handler of the callback URL: read the body tolerantly, answer 2xx quickly, then
      // check.
      PaymentNotification notification = client.notifications().parsePayment(requestBody);
      // Callbacks carry no signature, so act on what the API says, not on what the body claims.
      Payment payment = client.notifications().verify(notification);
      if (payment.getStatus().equals(PaymentStatus.SETTLED)) {
        fulfilled = Optional.of(payment.getId()); // ship the order
      }
      // verify a notification ends

      assertThat(fulfilled).contains(made.getId());
    }
  }

  @Test
  void aTestMovesTheSandboxClockToSettleAPendingPayment() {
    Payment settled;

    // sandbox in a test begins
    try (Sandbox sandbox =
        Sandbox.builder()
            .fixedClock(
                Instant.parse("2026-03-02T09:00:00Z")) // time moves only when the test moves it
            .seed(42) // the same ids in every run
            .start()) {
      MerchantPayClient client =
          MerchantPayClient.builder()
              .baseUrl(sandbox.baseUrl().toString())
              .accessToken(sandbox.bearerToken())
              .build();
      Payment pending =
          client
              .payments()
              .create(
                  new CreatePaymentRequest()
                      .merchantId(sandbox.merchantId())
                      .amount(new Amount().value(new BigDecimal("10.00")).currency("RUB"))
                      .paymentData(
                          new PaymentData()
                              .card(
                                  new Card().pan("4000000000003014").expiry("12/29").cvc("123"))));
      // This test card leaves the payment Pending until 60 s of sandbox time have passed.
      sandbox.advanceClock(Duration.ofSeconds(60));
      settled = client.payments().get(pending.getId());
    }
    // sandbox in a test ends

    assertThat(settled.getStatus()).isEqualTo(PaymentStatus.SETTLED);
  }
}
