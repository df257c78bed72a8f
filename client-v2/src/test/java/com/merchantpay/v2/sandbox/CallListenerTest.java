package com.merchantpay.v2.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import com.merchantpay.observation.AttemptEnd;
import com.merchantpay.observation.CallEnd;
import com.merchantpay.observation.CallListener;
import com.merchantpay.observation.CallObserver;
import com.merchantpay.observation.CallStart;
import com.merchantpay.sandbox.Fault;
import com.merchantpay.sandbox.Sandbox;
import com.merchantpay.v2.MerchantPayClient;
import com.merchantpay.v2.MerchantPayException;
import com.merchantpay.v2.RequestOptions;
import com.merchantpay.v2.RetryPolicy;
import com.merchantpay.v2.model.Amount;
import com.merchantpay.v2.model.Card;
import com.merchantpay.v2.model.CreatePaymentRequest;
import com.merchantpay.v2.model.PaymentData;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The call listener hears every attempt and how each call ended, under the sandbox's faults. */
class CallListenerTest {
  private static Sandbox sandbox;

  /** What one call told the listener. */
  record Heard(CallStart start, List<AttemptEnd> attempts, List<CallEnd> ends) {}

  private final List<Heard> heard = new CopyOnWriteArrayList<>();

  private final CallListener recording =
      start -> {
        Heard call = new Heard(start, new CopyOnWriteArrayList<>(), new CopyOnWriteArrayList<>());
        heard.add(call);
        return new CallObserver() {
          @Override
          public void attemptEnded(AttemptEnd attempt) {
            call.attempts().add(attempt);
          }

          @Override
          public void callEnded(CallEnd end) {
            call.ends().add(end);
          }
        };
      };

  @BeforeAll
  static void start() {
    sandbox = Sandbox.builder().start();
  }

  @AfterAll
  static void stop() {
    sandbox.close();
  }

  @BeforeEach
  void clean() {
    sandbox.reset();
  }

  private MerchantPayClient client(CallListener listener) {
    return MerchantPayClient.builder()
        .baseUrl(sandbox.baseUrl().toString())
        .accessToken(sandbox.bearerToken())
        .callListener(listener)
        .retryPolicy(
            RetryPolicy.builder()
                .maxAttempts(3)
                .initialBackoff(Duration.ofMillis(5))
                .maxBackoff(Duration.ofMillis(20))
                .build())
        .build();
  }

  private static CreatePaymentRequest payment() {
    return new CreatePaymentRequest()
        .merchantId(sandbox.merchantId())
        .amount(new Amount().value(new BigDecimal("10.00")).currency("RUB"))
        .paymentData(
            new PaymentData()
                .paymentMethod("bankcard")
                .card(new Card().pan("4111111111111111").expiry("12/30").cvc("123")));
  }

  @Test
  void aRetriedCreateIsHeardAttemptByAttemptWithItsKeyMasked() {
    sandbox.faults().add(Fault.on("createPayment").once().dropAfter());

    client(recording)
        .payments()
        .createWithResponse(
            payment(), RequestOptions.builder().idempotencyKey("order-7001-payment").build());

    Heard call = heard.get(0);
    assertThat(call.start()).isEqualTo(new CallStart("v2", "createPayment", "orde…ment"));
    assertThat(call.attempts())
        .extracting(AttemptEnd::attempt, AttemptEnd::status, AttemptEnd::failure)
        .containsExactly(tuple(1, 0, "TransportException"), tuple(2, 200, null));
    assertThat(call.ends())
        .singleElement()
        .satisfies(
            end -> {
              assertThat(end.outcome()).isEqualTo(CallEnd.Outcome.SUCCESS);
              assertThat(end.attempts()).isEqualTo(2);
              assertThat(end.duration()).isGreaterThanOrEqualTo(call.attempts().get(1).duration());
            });
  }

  @Test
  void aCreateThatNeverGetsAnAnswerEndsWithItsOutcomeUnknown() {
    sandbox.faults().add(Fault.on("createPayment").times(3).failAfter(502));

    assertThatThrownBy(() -> client(recording).payments().create(payment()))
        .isInstanceOfSatisfying(
            MerchantPayException.class, e -> assertThat(e.isOutcomeUnknown()).isTrue());

    Heard call = heard.get(0);
    assertThat(call.attempts()).extracting(AttemptEnd::status).containsExactly(502, 502, 502);
    assertThat(call.ends())
        .singleElement()
        .satisfies(
            end -> {
              assertThat(end.outcome()).isEqualTo(CallEnd.Outcome.UNKNOWN);
              assertThat(end.attempts()).isEqualTo(3);
              assertThat(end.status()).isEqualTo(502);
            });
  }

  @Test
  void aRefusalIsAFailureAfterOneAttempt() {
    assertThatThrownBy(() -> client(recording).payments().get("no-such-payment"))
        .isInstanceOf(MerchantPayException.class);

    assertThat(heard)
        .singleElement()
        .satisfies(
            call -> {
              assertThat(call.start().idempotencyKey()).isNull();
              assertThat(call.ends())
                  .singleElement()
                  .satisfies(
                      end -> {
                        assertThat(end.outcome()).isEqualTo(CallEnd.Outcome.FAILURE);
                        assertThat(end.status()).isEqualTo(404);
                        assertThat(end.attempts()).isEqualTo(1);
                      });
            });
  }

  @Test
  void aListenerThatThrowsNeverFailsTheCall() {
    CallListener broken =
        start -> {
          throw new IllegalStateException("metrics backend down");
        };

    assertThat(client(broken).payments().create(payment()).getStatus()).isNotNull();
  }
}
