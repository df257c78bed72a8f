package com.merchantpay.sandbox.internal.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.merchantpay.sandbox.internal.config.Retention;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;

class LifecycleTest {
  private static final Instant T0 = Instant.parse("2024-05-14T09:00:00Z");

  @Test
  void settledCancelledAndRejectedPaymentsAreFinal() {
    for (PaymentStatus last :
        EnumSet.of(PaymentStatus.SETTLED, PaymentStatus.CANCELLED, PaymentStatus.REJECTED)) {
      assertThat(last.isFinal()).isTrue();
      for (PaymentStatus next : PaymentStatus.values()) {
        assertThatThrownBy(() -> Lifecycle.check(last, next))
            .isInstanceOf(Refused.class)
            .hasMessageContaining(last + " to " + next);
      }
    }
  }

  @Test
  void heldMoneyIsEitherTakenOrReleased() {
    assertThatNoException()
        .isThrownBy(() -> Lifecycle.check(PaymentStatus.AUTHORIZED, PaymentStatus.SETTLED));
    assertThatNoException()
        .isThrownBy(() -> Lifecycle.check(PaymentStatus.AUTHORIZED, PaymentStatus.CANCELLED));
    assertThatThrownBy(() -> Lifecycle.check(PaymentStatus.AUTHORIZED, PaymentStatus.REJECTED))
        .isInstanceOf(Refused.class);
    assertThatThrownBy(() -> Lifecycle.check(PaymentStatus.PENDING, PaymentStatus.CANCELLED))
        .as("only held money is cancelled")
        .isInstanceOf(Refused.class);
    assertThatThrownBy(() -> Lifecycle.check(null, PaymentStatus.CANCELLED))
        .as("nothing starts cancelled")
        .isInstanceOf(Refused.class);
  }

  @Test
  void refundsReceiptsAndTokensMoveOneWay() {
    assertThatThrownBy(() -> Lifecycle.check(RefundStatus.SUCCESS, RefundStatus.PENDING))
        .isInstanceOf(Refused.class);
    assertThatThrownBy(() -> Lifecycle.check(null, RefundStatus.SUCCESS))
        .isInstanceOf(Refused.class);
    assertThatThrownBy(() -> Lifecycle.check(ReceiptStatus.REJECTED, ReceiptStatus.SUCCESS))
        .isInstanceOf(Refused.class);
    assertThatThrownBy(() -> Lifecycle.check(TokenStatus.REVOKED, TokenStatus.ACTIVE))
        .isInstanceOf(Refused.class);
    assertThatThrownBy(() -> Lifecycle.check(TokenStatus.DECLINED, TokenStatus.REVOKED))
        .isInstanceOf(Refused.class);
    assertThatNoException()
        .isThrownBy(() -> Lifecycle.check(TokenStatus.CREATED, TokenStatus.REVOKED));
  }

  @Test
  void aPaymentWaitsOnlyForWhatItsStatusAllows() {
    assertThatNoException()
        .isThrownBy(() -> Lifecycle.check(PaymentStatus.PENDING, Payment.Waiting.PAYER));
    assertThatNoException()
        .isThrownBy(() -> Lifecycle.check(PaymentStatus.PENDING, Payment.Waiting.BANK));
    assertThatNoException()
        .isThrownBy(() -> Lifecycle.check(PaymentStatus.CONFIRMATION, Payment.Waiting.STEP));
    assertThatNoException()
        .isThrownBy(() -> Lifecycle.check(PaymentStatus.AUTHORIZED, Payment.Waiting.NOTHING));
    assertThatThrownBy(() -> Lifecycle.check(PaymentStatus.PENDING, Payment.Waiting.STEP))
        .isInstanceOf(Refused.class)
        .hasMessageContaining("Pending payment cannot wait for STEP");
    assertThatThrownBy(() -> Lifecycle.check(PaymentStatus.CONFIRMATION, Payment.Waiting.NOTHING))
        .isInstanceOf(Refused.class);
    assertThatThrownBy(() -> Lifecycle.check(PaymentStatus.AUTHORIZED, Payment.Waiting.BANK))
        .as("held money waits for the merchant, not the bank")
        .isInstanceOf(Refused.class);
    assertThatThrownBy(() -> Lifecycle.check(PaymentStatus.SETTLED, Payment.Waiting.PAYER))
        .isInstanceOf(Refused.class);
  }

  @Test
  void theCoreRefusesWhatTheStateDoesNotAllowAndChangesNothing() {
    Core core =
        new Core(
            new IdSource(1L),
            new SandboxClock(T0, Clock.systemUTC()),
            "http://127.0.0.1:1",
            Retention.DEFAULT,
            StatusListener.NONE);
    Payment payment =
        core.transact(
            now -> core.pay(draft(), new Instrument.Card("4111111111111111", "12/30"), now));
    assertThat(payment.status()).isEqualTo(PaymentStatus.SETTLED);

    assertThatThrownBy(
            () ->
                core.transact(
                    now -> {
                      core.payerDecided(payment, true, now);
                      return null;
                    }))
        .isInstanceOf(Refused.class)
        .extracting(e -> ((Refused) e).kind())
        .isEqualTo(Refused.Kind.NOT_NOW);
    assertThatThrownBy(
            () ->
                core.transact(
                    now -> {
                      core.cancel(payment, null, now);
                      return null;
                    }))
        .extracting(e -> ((Refused) e).kind())
        .isEqualTo(Refused.Kind.NOT_NOW);
    assertThatThrownBy(
            () -> core.transact(now -> core.refund(payment, new BigDecimal("11"), null, null, now)))
        .isInstanceOf(Refused.class)
        .extracting(e -> ((Refused) e).kind())
        .isEqualTo(Refused.Kind.EXCEEDS);
    assertThat(payment.status()).isEqualTo(PaymentStatus.SETTLED);
    assertThat(core.refundable(payment)).isEqualByComparingTo("10");
  }

  private static PaymentDraft draft() {
    return new PaymentDraft(
        "m",
        new BigDecimal("10"),
        "RUB",
        false,
        true,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null);
  }
}
