package com.merchantpay.sandbox.internal.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.reflect.Field;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** A change that fails part-way leaves every resource as it was and tells nobody of it. */
class FailedChangeTest {
  private final Domain domain = new Domain();
  private final Core core = domain.core;

  /** What a bug in a caller looks like: it throws after the rules did their part. */
  private static final class AfterTheChange extends RuntimeException {
    private static final long serialVersionUID = 1L;
  }

  private void failingAfter(Consumer<Instant> change) {
    assertThatThrownBy(
            () ->
                domain.run(
                    now -> {
                      change.accept(now);
                      throw new AfterTheChange();
                    }))
        .isInstanceOf(AfterTheChange.class);
  }

  @Test
  void aPaymentMadeByAFailedChangeIsGoneAndNobodyHearsOfIt() {
    failingAfter(
        now ->
            core.pay(
                Domain.draft("10", false, null),
                new Instrument.Card(Domain.PAYS, Domain.EXPIRY),
                now));

    assertThat(core.payments(p -> true)).isEmpty();
    assertThat(core.counts().get("kept")).containsEntry("payments", 0L);
    assertThat(domain.heard.delivered).isEmpty();
  }

  @Test
  void aCaptureThatFailsLeavesThePaymentHeldWithoutItsReceiptAndCapturesLater() {
    Payment payment = domain.pay("10", Domain.PAYS, true);
    long version = payment.version();
    ObjectNode receipt = JsonNodeFactory.instance.objectNode();
    domain.heard.delivered.clear();

    failingAfter(now -> core.capture(payment, new BigDecimal("6"), receipt, now));

    assertThat(payment.status()).isEqualTo(PaymentStatus.AUTHORIZED);
    assertThat(payment.captured()).isNull();
    assertThat(payment.completed()).isNull();
    assertThat(payment.version()).isEqualTo(version);
    assertThat(core.receiptsOf(payment.id(), r -> true)).isEmpty();
    assertThat(domain.heard.delivered).isEmpty();

    domain.run(now -> core.capture(payment, new BigDecimal("6"), null, now));
    assertThat(payment.status()).isEqualTo(PaymentStatus.SETTLED);
    assertThat(payment.version()).isGreaterThan(version);
    assertThat(domain.heard.delivered).containsExactly("payment " + payment.id() + " Settled");
  }

  @Test
  void aStepAnsweredByAFailedChangeStillLapsesAtItsDeadline() {
    Payment payment = domain.pay("3", MagicCards.withCheckDigit("400000000000201"), false);
    domain.heard.delivered.clear();

    failingAfter(now -> core.completeStep(payment, member -> "482913", now));
    assertThat(payment.status()).isEqualTo(PaymentStatus.CONFIRMATION);
    assertThat(payment.waiting()).isEqualTo(Payment.Waiting.STEP);

    domain.after(Payments.CONFIRMATION_TIMEOUT);
    assertThat(payment.status())
        .as("still timed: the failed change did not take it off the clock")
        .isEqualTo(PaymentStatus.REJECTED);
    assertThat(domain.heard.delivered).containsExactly("payment " + payment.id() + " Rejected");
  }

  @Test
  void workThatFellDueIsKeptAndToldEvenWhenTheChangeAfterItFails() {
    Payment pending = domain.pay("8", MagicCards.withCheckDigit("400000000000301"), false);
    Payment held = domain.pay("8", Domain.PAYS, true);
    domain.heard.delivered.clear();
    domain.clock.advance(Payments.PENDING_DELAY);

    failingAfter(now -> core.cancel(held, null, now));

    assertThat(pending.status()).isEqualTo(PaymentStatus.SETTLED);
    assertThat(held.status()).isEqualTo(PaymentStatus.AUTHORIZED);
    assertThat(domain.heard.delivered).containsExactly("payment " + pending.id() + " Settled");
  }

  @Test
  void aRefusalPartWayThroughALongerChangeUndoesItsEarlierSteps() {
    Payment payment = domain.pay("10", Domain.PAYS, false);
    domain.heard.delivered.clear();

    // A refund, then a second one beyond what is left: the caller's change fails as a whole.
    assertThatThrownBy(
            () ->
                domain.run(
                    now -> {
                      core.refund(
                          payment,
                          new BigDecimal("6"),
                          null,
                          JsonNodeFactory.instance.objectNode(),
                          now);
                      core.refund(payment, new BigDecimal("6"), null, null, now);
                    }))
        .isInstanceOf(Refused.class);

    assertThat(core.refunds(r -> true)).isEmpty();
    assertThat(core.receiptsOf(payment.id(), r -> true)).isEmpty();
    assertThat(core.refundable(payment)).isEqualByComparingTo("10");
  }

  @Test
  void aTokenRevokedByAFailedChangeIsStillActive() {
    PaymentToken token =
        domain.in(
            now ->
                core.createToken(
                    Domain.MERCHANT, true, Domain.CALLBACK, Domain.PAYS, Domain.EXPIRY, now));
    domain.run(
        now -> core.completeToken(token, member -> "code".equals(member) ? "123456" : null, now));
    domain.heard.delivered.clear();

    failingAfter(now -> core.revoke(token, now));

    assertThat(token.status()).isEqualTo(TokenStatus.ACTIVE);
    assertThat(domain.heard.delivered).isEmpty();
  }

  /**
   * A failed change is put back from a copy of each touched resource's changeable fields, which
   * works only while those fields hold values that are replaced rather than changed in place.
   */
  @Test
  void everyChangeableFieldOfAResourceHoldsAValueThatIsReplacedNotChangedInPlace() {
    Set<Class<?>> replacedWhole =
        Set.of(
            String.class,
            Instant.class,
            BigDecimal.class,
            Integer.class,
            Boolean.class,
            Long.class,
            List.class,
            ObjectNode.class,
            boolean.class,
            int.class,
            long.class);
    for (Class<?> resource :
        List.of(Payment.class, Refund.class, PaymentToken.class, Receipt.class, Sticker.class)) {
      for (Field field : Snapshot.changeableFields(resource)) {
        Class<?> type = field.getType();
        assertThat(replacedWhole.contains(type) || type.isEnum() || type.isRecord())
            .as(
                resource.getSimpleName()
                    + "."
                    + field.getName()
                    + " of type "
                    + type.getSimpleName())
            .isTrue();
      }
    }
  }
}
