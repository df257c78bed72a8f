package com.merchantpay.sandbox.internal.domain;

import static com.merchantpay.sandbox.internal.domain.Domain.refusal;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class RefundAndReceiptRulesTest {
  private final Domain domain = new Domain();
  private final Core core = domain.core;

  @Test
  void refundsReturnAtMostWhatIsLeftOfTheCapturedMoney() {
    Payment payment = domain.pay("10.00", Domain.PAYS, true);
    domain.run(now -> core.capture(payment, new BigDecimal("6.00"), null, now));

    Refund first = domain.in(now -> core.refund(payment, new BigDecimal("4.00"), null, null, now));
    Refused tooMuch =
        refusal(
            () -> domain.in(now -> core.refund(payment, new BigDecimal("2.01"), null, null, now)));

    assertThat(first.status()).isEqualTo(RefundStatus.PENDING);
    assertThat(tooMuch.kind()).isEqualTo(Refused.Kind.EXCEEDS);
    assertThat(tooMuch.limit()).isEqualByComparingTo("2.00");
    assertThat(core.refunds(r -> true)).containsExactly(first);
    domain.after(Refunds.REFUND_DELAY);
    assertThat(first.status()).isEqualTo(RefundStatus.SUCCESS);
    assertThat(core.refundable(payment)).isEqualByComparingTo("2.00");
  }

  @Test
  void onlyASettledPaymentIsRefunded() {
    Payment held = domain.pay("10", Domain.PAYS, true);

    Refused refused =
        refusal(() -> domain.in(now -> core.refund(held, BigDecimal.ONE, null, null, now)));

    assertThat(refused.kind()).isEqualTo(Refused.Kind.NOT_NOW);
    assertThat(refused.getMessage())
        .isEqualTo("Only a Settled payment can be refunded; this one is Authorized.");
  }

  @Test
  void aRefundTheBankRejectsGivesItsMoneyBackToWhatIsRefundable() {
    Payment payment = domain.pay("10", MagicCards.withCheckDigit("400000000000402"), false);
    Refund refund = domain.in(now -> core.refund(payment, new BigDecimal("10"), null, null, now));
    assertThat(core.refundable(payment)).isEqualByComparingTo("0");

    domain.after(Refunds.REFUND_DELAY);

    assertThat(refund.status()).isEqualTo(RefundStatus.REJECTED);
    assertThat(refund.resultCode()).isEqualTo("TransactionDeclined");
    assertThat(core.refundable(payment)).isEqualByComparingTo("10");
  }

  @Test
  void aReceiptNeedsMoneyTakenOrHeldAndGetsFiscalDataWhenTheRegisterAnswers() {
    Payment declined = domain.pay("5", MagicCards.declining("TransactionDeclined"), false);
    Payment settled = domain.pay("5", Domain.PAYS, false);

    assertThat(
            refusal(
                    () ->
                        domain.in(
                            now ->
                                core.createReceipt(
                                    declined, Receipt.Type.PAYMENT, BigDecimal.TEN, now)))
                .kind())
        .isEqualTo(Refused.Kind.CLOSED);
    Receipt receipt =
        domain.in(
            now -> core.createReceipt(settled, Receipt.Type.PAYMENT, new BigDecimal("5"), now));
    assertThat(receipt.status()).isEqualTo(ReceiptStatus.PENDING);
    assertThat(receipt.fiscalData()).isNull();

    domain.after(Receipts.RECEIPT_DELAY);

    assertThat(receipt.status()).isEqualTo(ReceiptStatus.SUCCESS);
    assertThat(receipt.fiscalData()).isNotNull();
  }

  @Test
  void aCaptureWithAReceiptMakesThePaymentReceipt() {
    Payment payment = domain.pay("7", Domain.PAYS, true);

    domain.run(
        now ->
            core.capture(payment, new BigDecimal("7"), JsonNodeFactory.instance.objectNode(), now));

    assertThat(core.receiptsOf(payment.id(), r -> true))
        .singleElement()
        .satisfies(r -> assertThat(r.type()).isEqualTo(Receipt.Type.PAYMENT));
  }
}
