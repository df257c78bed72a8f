package com.merchantpay.sandbox.internal.domain;

import static com.merchantpay.sandbox.internal.domain.Domain.refusal;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class PaymentRulesTest {
  private final Domain domain = new Domain();
  private final Core core = domain.core;

  @Test
  void aCardThatPaysSettlesAtOnceAndTellsTheMerchantOnce() {
    Payment payment = domain.pay("10.50", Domain.PAYS, false);

    assertThat(payment.status()).isEqualTo(PaymentStatus.SETTLED);
    assertThat(payment.captured()).isEqualByComparingTo("10.50");
    assertThat(payment.waiting()).isEqualTo(Payment.Waiting.NOTHING);
    assertThat(core.refundable(payment)).isEqualByComparingTo("10.50");
    assertThat(domain.heard.delivered).containsExactly("payment " + payment.id() + " Settled");
  }

  @Test
  void heldMoneyIsCapturedInPartButNeverBeyondWhatIsHeld() {
    Payment payment = domain.pay("10.00", Domain.PAYS, true);
    assertThat(payment.status()).isEqualTo(PaymentStatus.AUTHORIZED);

    Refused tooMuch =
        refusal(() -> domain.run(now -> core.capture(payment, new BigDecimal("10.01"), null, now)));
    assertThat(tooMuch.kind()).isEqualTo(Refused.Kind.EXCEEDS);
    assertThat(tooMuch.value()).isEqualTo(Refused.AMOUNT);
    assertThat(tooMuch.limit()).isEqualByComparingTo("10.00");
    assertThat(payment.status()).isEqualTo(PaymentStatus.AUTHORIZED);

    domain.run(now -> core.capture(payment, new BigDecimal("4.00"), null, now));
    assertThat(payment.status()).isEqualTo(PaymentStatus.SETTLED);
    assertThat(payment.captured()).isEqualByComparingTo("4.00");
    assertThat(core.refundable(payment)).isEqualByComparingTo("4.00");
  }

  @Test
  void onlyHeldMoneyIsCancelledAndAClosedPaymentSaysWhy() {
    Payment settled = domain.pay("5", Domain.PAYS, false);
    Payment declined = domain.pay("5", MagicCards.declining("InsufficientFunds"), true);

    assertThat(refusal(() -> domain.run(now -> core.cancel(settled, null, now))).kind())
        .isEqualTo(Refused.Kind.NOT_NOW);
    assertThat(declined.status()).isEqualTo(PaymentStatus.REJECTED);
    assertThat(declined.resultCode()).isEqualTo("InsufficientFunds");
    Refused closed =
        refusal(() -> domain.run(now -> core.capture(declined, BigDecimal.ONE, null, now)));
    assertThat(closed.kind()).isEqualTo(Refused.Kind.CLOSED);
    assertThat(closed.getMessage())
        .isEqualTo("Only an Authorized payment can be captured; this one is Rejected.");
  }

  @Test
  void aConfirmationStepIsAnsweredOrLapsesAtItsDeadline() {
    String smsCard = MagicCards.withCheckDigit("400000000000201");
    Payment answered = domain.pay("3", smsCard, false);
    Payment forgotten = domain.pay("3", smsCard, false);
    assertThat(answered.status()).isEqualTo(PaymentStatus.CONFIRMATION);
    assertThat(answered.waiting()).isEqualTo(Payment.Waiting.STEP);
    assertThat(answered.confirmation().maskedPhone()).isEqualTo("+7 900 ***-**-67");

    Refused noAnswer =
        refusal(() -> domain.run(now -> core.completeStep(answered, member -> null, now)));
    assertThat(noAnswer.kind()).isEqualTo(Refused.Kind.INVALID);
    assertThat(noAnswer.value()).isEqualTo("code");
    domain.run(now -> core.completeStep(answered, member -> "482913", now));
    assertThat(answered.status()).isEqualTo(PaymentStatus.SETTLED);

    domain.after(Payments.CONFIRMATION_TIMEOUT);
    assertThat(forgotten.status()).isEqualTo(PaymentStatus.REJECTED);
    assertThat(forgotten.resultCode()).isEqualTo("PaymentExpired");
    assertThat(forgotten.invoiceExpired()).as("a lapsed step is not a lapsed invoice").isFalse();
  }

  @Test
  void aWrongOneTimeCodeDeclinesThePayment() {
    Payment payment = domain.pay("3", MagicCards.withCheckDigit("400000000000201"), false);

    domain.run(now -> core.completeStep(payment, member -> MagicCards.FAILING_OTP, now));

    assertThat(payment.status()).isEqualTo(PaymentStatus.REJECTED);
    assertThat(payment.resultCode()).isEqualTo("ThreeDSecureFailed");
  }

  @Test
  void theBanksLateAnswerComesWhenTheClockPassesItsDelay() {
    Payment payment = domain.pay("8", MagicCards.withCheckDigit("400000000000301"), false);
    assertThat(payment.status()).isEqualTo(PaymentStatus.PENDING);
    assertThat(payment.waiting()).isEqualTo(Payment.Waiting.BANK);

    domain.after(Payments.PENDING_DELAY.minusMillis(1));
    assertThat(payment.status()).isEqualTo(PaymentStatus.PENDING);
    domain.after(Duration.ofMillis(1));
    assertThat(payment.status()).isEqualTo(PaymentStatus.SETTLED);
    assertThat(domain.heard.delivered)
        .containsExactly(
            "payment " + payment.id() + " Pending", "payment " + payment.id() + " Settled");
  }

  @Test
  void anInvoiceNobodyPaidLapsesAndNoMoneyMovesOnIt() {
    Payment invoice =
        domain.in(
            now ->
                core.openInvoice(Domain.draft("20", true, now.plus(Duration.ofMinutes(5))), now));
    assertThat(invoice.awaitingPayer()).isTrue();

    domain.after(Duration.ofMinutes(5));

    assertThat(invoice.status()).isEqualTo(PaymentStatus.REJECTED);
    assertThat(invoice.invoiceExpired()).isTrue();
    assertThat(invoice.awaitingPayer()).isFalse();
    assertThat(
            refusal(() -> domain.run(now -> core.capture(invoice, BigDecimal.ONE, null, now)))
                .kind())
        .isEqualTo(Refused.Kind.LAPSED);
  }

  @Test
  void anInvoicePaidWithACardTheBankAnswersLaterWaitsForTheBankNotThePayer() {
    Payment invoice =
        domain.in(
            now ->
                core.openInvoice(Domain.draft("20", false, now.plus(Duration.ofMinutes(5))), now));

    domain.run(
        now ->
            core.payInvoice(
                invoice, MagicCards.withCheckDigit("400000000000301"), Domain.EXPIRY, now));
    assertThat(invoice.status()).isEqualTo(PaymentStatus.PENDING);
    assertThat(invoice.waiting()).isEqualTo(Payment.Waiting.BANK);
    domain.after(Duration.ofMinutes(5));

    assertThat(invoice.status())
        .as("the invoice's expiry no longer applies once paid")
        .isEqualTo(PaymentStatus.SETTLED);
  }

  @Test
  void theHostedPageActionsAreRefusedOutsideTheirState() {
    Payment settled = domain.pay("5", Domain.PAYS, false);

    assertThat(
            refusal(
                    () ->
                        domain.run(
                            now -> core.payInvoice(settled, Domain.PAYS, Domain.EXPIRY, now)))
                .kind())
        .isEqualTo(Refused.Kind.NOT_NOW);
    assertThat(refusal(() -> domain.run(now -> core.payerDecided(settled, true, now))).kind())
        .isEqualTo(Refused.Kind.NOT_NOW);
  }
}
