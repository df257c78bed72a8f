package com.merchantpay.v2.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.sandbox.Sandbox;
import com.merchantpay.testsupport.FaultyProxy;
import com.merchantpay.v2.MerchantPayClient;
import com.merchantpay.v2.MerchantPayException;
import com.merchantpay.v2.RequestOptions;
import com.merchantpay.v2.Response;
import com.merchantpay.v2.RetryPolicy;
import com.merchantpay.v2.model.Amount;
import com.merchantpay.v2.model.CaptureRequest;
import com.merchantpay.v2.model.Card;
import com.merchantpay.v2.model.CreatePaymentRequest;
import com.merchantpay.v2.model.Invoice;
import com.merchantpay.v2.model.Payment;
import com.merchantpay.v2.model.PaymentData;
import com.merchantpay.v2.model.PaymentListItem;
import com.merchantpay.v2.model.PaymentStatus;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The client's promise under a network that loses a third of its traffic: a create that fails says
 * whether its outcome is unknown and carries its key, a retry with that key never makes a second
 * payment, and a retried update whose first attempt had succeeded reports success.
 */
class OutcomeUnderFaultsTest {
  private static Sandbox sandbox;

  @BeforeAll
  static void start() {
    sandbox = Sandbox.builder().start();
  }

  @AfterAll
  static void stop() {
    sandbox.close();
  }

  private static MerchantPayClient client(String baseUrl, boolean retryUpdates) {
    return MerchantPayClient.builder()
        .baseUrl(baseUrl)
        .accessToken(sandbox.bearerToken())
        .readTimeout(Duration.ofMillis(700))
        .callTimeout(Duration.ofSeconds(10))
        .retryPolicy(
            RetryPolicy.builder()
                .maxAttempts(3)
                .initialBackoff(Duration.ofMillis(5))
                .maxBackoff(Duration.ofMillis(20))
                .retryUpdatesWhenOutcomeUnknown(retryUpdates)
                .build())
        .build();
  }

  private static CreatePaymentRequest payment(String orderNo, boolean dualMode) {
    return new CreatePaymentRequest()
        .merchantId(sandbox.merchantId())
        .dualMode(dualMode)
        .amount(new Amount().value(new BigDecimal("100.00")).currency("RUB"))
        .invoice(new Invoice().orderNo(orderNo))
        .paymentData(
            new PaymentData()
                .paymentMethod("bankcard")
                .card(new Card().pan("4111111111111111").expiry("12/30").cvc("123")));
  }

  @Test
  void everyFailedCreateSaysWhetherItsOutcomeIsUnknownAndNothingIsMadeTwice() {
    Random random = new Random(42);
    FaultyProxy.Fault[] kinds = FaultyProxy.Fault.values();
    try (FaultyProxy proxy =
        new FaultyProxy(
            sandbox.baseUrl(),
            (method, path) ->
                random.nextDouble() < 0.3
                    ? kinds[1 + random.nextInt(kinds.length - 1)]
                    : FaultyProxy.Fault.NONE,
            Duration.ofMillis(1200))) {
      MerchantPayClient faulty = client(proxy.baseUrl(), false);
      String run = Long.toHexString(System.nanoTime());
      Map<String, MerchantPayException> failures = new HashMap<>();
      for (int i = 0; i < 120; i++) {
        String orderNo = "fault-" + run + "-" + i;
        try {
          faulty.payments().create(payment(orderNo, false));
        } catch (MerchantPayException e) {
          failures.put(orderNo, e);
        }
      }

      Map<String, Long> made = madePayments(run);
      assertThat(made.values())
          .as("no order paid twice")
          .allSatisfy(count -> assertThat(count).isEqualTo(1L));
      assertThat(failures)
          .as("the faults hit some creates through all their attempts")
          .isNotEmpty();
      assertThat(failures.keySet())
          .as("some of them had in fact made the payment")
          .anyMatch(made::containsKey);
      for (Map.Entry<String, MerchantPayException> failure : failures.entrySet()) {
        MerchantPayException e = failure.getValue();
        assertThat(e.getIdempotencyKey()).as(e.getMessage()).isPresent();
        if (made.containsKey(failure.getKey())) {
          assertThat(e.isOutcomeUnknown())
              .as(
                  "a payment exists for %s, so its failure must say the outcome is "
                      + "unknown: %s",
                  failure.getKey(), e.getMessage())
              .isTrue();
          assertThat(e.getMessage())
              .contains("outcome unknown: retry with the same idempotency key");
        }
      }

      // Following the advice: retry each unknown outcome with its key, on a healthy network.
      MerchantPayClient healthy = client(sandbox.baseUrl().toString(), false);
      for (Map.Entry<String, MerchantPayException> failure : failures.entrySet()) {
        if (failure.getValue().isOutcomeUnknown()) {
          Payment retried =
              healthy
                  .payments()
                  .createWithResponse(
                      payment(failure.getKey(), false),
                      RequestOptions.builder()
                          .idempotencyKey(failure.getValue().getIdempotencyKey().orElseThrow())
                          .build())
                  .value();
          assertThat(retried.getInvoice().getOrderNo()).isEqualTo(failure.getKey());
        }
      }
      assertThat(madePayments(run).values())
          .as("still no order paid twice after the retries")
          .allSatisfy(count -> assertThat(count).isEqualTo(1L));
    }
  }

  @Test
  void aRetriedCaptureWhoseFirstAttemptSucceededReportsSuccess() {
    Set<String> firstAttemptSeen = ConcurrentHashMap.newKeySet();
    // The first capture of each payment reaches the sandbox, which takes the money; its answer is
    // lost.
    try (FaultyProxy proxy =
        new FaultyProxy(
            sandbox.baseUrl(),
            (method, path) ->
                method.equals("PUT") && path.endsWith("/confirm") && firstAttemptSeen.add(path)
                    ? FaultyProxy.Fault.DROP_AFTER
                    : FaultyProxy.Fault.NONE,
            Duration.ZERO)) {
      MerchantPayClient client = client(proxy.baseUrl(), true);
      List<Response<Void>> captures = new ArrayList<>();
      for (int i = 0; i < 10; i++) {
        Payment held = client.payments().create(payment("capture-" + System.nanoTime(), true));
        captures.add(
            client
                .payments()
                .captureWithResponse(
                    held.getId(),
                    new CaptureRequest()
                        .amount(new Amount().value(new BigDecimal("100.00")).currency("RUB")),
                    RequestOptions.none()));
        assertThat(client.payments().get(held.getId()).getStatus())
            .isEqualTo(PaymentStatus.SETTLED);
      }

      assertThat(captures)
          .allSatisfy(
              response -> {
                assertThat(response.reconciled()).as("%s", response).isTrue();
                assertThat(response.attempts()).isEqualTo(2);
              });
    }
  }

  @Test
  void aRetriedUpdateStillFailsWhenTheResourceIsNotAsAsked() {
    Set<String> firstAttemptSeen = ConcurrentHashMap.newKeySet();
    MerchantPayClient direct = client(sandbox.baseUrl().toString(), true);
    Payment held =
        direct.payments().create(payment("cancel-then-capture-" + System.nanoTime(), true));
    try (FaultyProxy proxy =
        new FaultyProxy(
            sandbox.baseUrl(),
            (method, path) ->
                method.equals("PUT") && path.endsWith("/confirm") && firstAttemptSeen.add(path)
                    ? FaultyProxy.Fault.BAD_GATEWAY_AFTER
                    : FaultyProxy.Fault.NONE,
            Duration.ZERO)) {
      // The payment is cancelled meanwhile, so the capture did not happen: the refusal stands.
      direct.payments().cancel(held.getId());
      MerchantPayException refused =
          org.assertj.core.api.Assertions.catchThrowableOfType(
              MerchantPayException.class,
              () ->
                  client(proxy.baseUrl(), true)
                      .payments()
                      .capture(
                          held.getId(),
                          new CaptureRequest()
                              .amount(
                                  new Amount().value(new BigDecimal("100.00")).currency("RUB"))));

      assertThat(refused).isNotNull();
      assertThat(refused.getAttempts()).isEqualTo(2);
      assertThat(refused.isOutcomeUnknown()).isFalse();
      assertThat(refused.getMessage()).contains("attempts: 2");
    }
  }

  /** How many payments each order number of this run has on the sandbox. */
  private static Map<String, Long> madePayments(String run) {
    MerchantPayClient healthy = client(sandbox.baseUrl().toString(), false);
    return healthy
        .payments()
        .list(
            sandbox.merchantId(),
            OffsetDateTime.parse("2000-01-01T00:00:00Z"),
            OffsetDateTime.parse("2100-01-01T00:00:00Z"))
        .autoPagingStream()
        .map(PaymentListItem::getInvoice)
        .filter(
            i ->
                i != null
                    && i.getOrderNo() != null
                    && i.getOrderNo().startsWith("fault-" + run + "-"))
        .collect(Collectors.groupingBy(i -> i.getOrderNo(), Collectors.counting()));
  }
}
