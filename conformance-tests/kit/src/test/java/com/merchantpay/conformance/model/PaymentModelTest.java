package com.merchantpay.conformance.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.conformance.model.PaymentModel.RefundMade;
import com.merchantpay.conformance.model.Step.Api;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class PaymentModelTest {
  private static final BigDecimal HUNDRED = new BigDecimal("100.00");

  private static PaymentModel oneOf(boolean twoStage) {
    PaymentModel model = new PaymentModel();
    model.created(twoStage, HUNDRED, true);
    return model;
  }

  private static Expected expect(PaymentModel model, Step step) {
    return model.expect(step, model.sum(step));
  }

  private static void carriedOut(PaymentModel model, Step step, String refundId) {
    BigDecimal sum = model.sum(step);
    model.changed(step, sum, true, refundId == null ? null : new RefundMade(refundId, sum, false));
  }

  @Test
  void aThirdRefundIsJudgedAgainstWhatTheFirstTwoTook() {
    PaymentModel model = oneOf(false);
    carriedOut(model, new Step.Refund(0, Part.HALF, Api.V2), "r1");
    carriedOut(model, new Step.Refund(0, Part.THIRD, Api.V2), "r2");

    assertThat(model.sum(new Step.Refund(0, Part.REST, Api.V2))).isEqualByComparingTo("16.67");
    Expected beyond = expect(model, new Step.Refund(0, Part.BEYOND, Api.V2));
    assertThat(beyond.mayCarryOut()).isFalse();
    assertThat(beyond.rule()).isEqualTo("v2.ep.refund-limit");
    assertThat(beyond.because()).contains("16.67 left of the 100.00 taken after refunds of 83.33");
    assertThat(expect(model, new Step.Refund(0, Part.REST, Api.V1)).rule())
        .isEqualTo("v1.op.refundPayment");
  }

  @Test
  void aRefundRejectedLaterNoLongerCounts() {
    PaymentModel model = oneOf(false);
    carriedOut(model, new Step.Refund(0, Part.WHOLE, Api.V2), "r1");
    assertThat(expect(model, new Step.Refund(0, Part.CENT, Api.V2)).mayCarryOut()).isFalse();

    model.rejected(0, "r1");

    assertThat(expect(model, new Step.Refund(0, Part.CENT, Api.V2)).mayCarryOut()).isTrue();
  }

  @Test
  void aHoldIsCapturedOrCancelledOnceAndOnlyWhatWasCapturedIsRefunded() {
    PaymentModel model = oneOf(true);
    assertThat(expect(model, new Step.Refund(0, Part.CENT, Api.V2)).mayCarryOut()).isFalse();
    Expected partial = expect(model, new Step.Capture(0, Part.HALF, Api.V2));
    assertThat(partial.mayCarryOut()).isTrue();
    assertThat(partial.mayRefuse()).isTrue(); // the documents leave a smaller capture open
    assertThat(expect(model, new Step.Capture(0, Part.WHOLE, Api.V2)).mayRefuse()).isFalse();
    assertThat(expect(model, new Step.Capture(0, Part.BEYOND, Api.V2)).mayCarryOut()).isFalse();

    carriedOut(model, new Step.Capture(0, Part.HALF, Api.V1), null);

    assertThat(model.stage(0)).isEqualTo(PaymentModel.Stage.TAKEN);
    assertThat(model.amountsShown(0)).containsExactlyInAnyOrder(HUNDRED, new BigDecimal("50.00"));
    assertThat(expect(model, new Step.Capture(0, Part.WHOLE, Api.V1)).rule())
        .isEqualTo("v2.ep.no-money-twice");
    assertThat(expect(model, new Step.Cancel(0, Api.V2)).mayCarryOut()).isFalse();
    assertThat(model.sum(new Step.Refund(0, Part.BEYOND, Api.V2))).isEqualByComparingTo("50.01");
    assertThat(expect(model, new Step.Refund(0, Part.BEYOND, Api.V2)).mayCarryOut()).isFalse();
    assertThat(expect(model, new Step.Refund(0, Part.REST, Api.V2)).mayRefuse()).isFalse();
  }

  @Test
  void aRefusedChangeChangesNothingAndAReadThatShowsOtherwiseCitesTheRefusal() {
    PaymentModel model = oneOf(true);
    carriedOut(model, new Step.Cancel(0, Api.V2), null);
    Step capture = new Step.Capture(0, Part.WHOLE, Api.V2);

    model.changed(capture, model.sum(capture), false, null);

    assertThat(model.v2Statuses(0)).containsExactlyInAnyOrder("Cancelled", "Pending");
    assertThat(model.v1States(0)).contains("CANCELLED").doesNotContain("COMPLETE");
    assertThat(model.statusRule(0)).isEqualTo("v2.ep.no-money-twice");
  }

  @Test
  void anotherMerchantsRefundIsRefusedWhateverThePaymentsState() {
    PaymentModel model = oneOf(false);
    Expected other = expect(model, new Step.OtherMerchantRefunds(0));
    assertThat(other.mayCarryOut()).isFalse();
    assertThat(other.rule()).isEqualTo("v2.auth.rights");
  }

  @Test
  void aCopyIsIndependent() {
    PaymentModel model = oneOf(true);
    PaymentModel copy = model.copy();
    carriedOut(copy, new Step.Cancel(0, Api.V2), null);
    assertThat(model.stage(0)).isEqualTo(PaymentModel.Stage.HELD);
    assertThat(copy.stage(0)).isEqualTo(PaymentModel.Stage.RELEASED);
  }

  @Test
  void aCreationThatMadeNothingLeavesNoPaymentForLaterSteps() {
    PaymentModel model = new PaymentModel();
    model.created(false, HUNDRED, false);
    assertThat(model.creations()).isEqualTo(1);
    assertThat(model.exists(0)).isFalse();
  }

  @Test
  void aRevokedTokenPaysNoMoreAndASecondRevocationIsEitherAnswer() {
    PaymentModel model = new PaymentModel();
    model.tokenMade(true);
    assertThat(model.expectPayment(0).mayRefuse()).isFalse();
    assertThat(model.expectRevocation(0).mayRefuse()).isFalse();

    model.revoked(0);

    Expected pay = model.expectPayment(0);
    assertThat(pay.mayCarryOut()).isFalse();
    assertThat(pay.rule()).isEqualTo("v2.errors.token-revoked");
    assertThat(model.expectRevocation(0).mayCarryOut()).isTrue();
    assertThat(model.expectRevocation(0).mayRefuse()).isTrue();
    assertThat(model.tokenStatus(0)).isEqualTo("Revoked");
  }

  @Test
  void aPaymentLinkNobodyPaidHoldsNothingToCaptureOrRefund() {
    PaymentModel model = new PaymentModel();
    model.invoiced(HUNDRED, true);

    assertThat(model.stage(0)).isEqualTo(PaymentModel.Stage.UNPAID);
    assertThat(expect(model, new Step.Capture(0, Part.WHOLE, Api.V2)).mayCarryOut()).isFalse();
    assertThat(expect(model, new Step.Refund(0, Part.CENT, Api.V1)).mayCarryOut()).isFalse();
    Expected cancel = expect(model, new Step.Cancel(0, Api.V2));
    assertThat(cancel.mayCarryOut()).isTrue();
    assertThat(cancel.mayRefuse()).isTrue();
    assertThat(model.v2Statuses(0)).doesNotContain("Settled", "Authorized");

    carriedOut(model, new Step.Cancel(0, Api.V2), null);

    assertThat(model.stage(0)).isEqualTo(PaymentModel.Stage.RELEASED);
  }

  @Test
  void theSameChangeAgainThatMovesNoMoneyIsEitherAnswerAndChangesNothing() {
    PaymentModel model = oneOf(true);
    carriedOut(model, new Step.Capture(0, Part.HALF, Api.V2), null);

    Expected again = expect(model, new Step.Capture(0, Part.HALF, Api.V1));
    assertThat(again.mayCarryOut()).isTrue();
    assertThat(again.mayRefuse()).isTrue();
    assertThat(expect(model, new Step.Capture(0, Part.WHOLE, Api.V2)).mayCarryOut()).isFalse();

    carriedOut(model, new Step.Capture(0, Part.HALF, Api.V1), null);

    assertThat(model.amountsShown(0)).contains(new BigDecimal("50.00"));
  }

  @Test
  void aStickerIsActiveUntilSwitchedOffAndAgainWhenSwitchedOn() {
    PaymentModel model = new PaymentModel();
    model.stickerMade(true);
    model.stickerMade(false);
    assertThat(model.stickerActive(0)).isTrue();
    assertThat(model.stickerExists(1)).isFalse();

    model.switched(0, false);
    PaymentModel before = model.copy();
    model.switched(0, true);

    assertThat(before.stickerActive(0)).isFalse();
    assertThat(model.stickerActive(0)).isTrue();
  }

  @Test
  void aPaymentAwaitingItsStepHoldsNothingUntilThePayerPassesIt() {
    PaymentModel model = new PaymentModel();
    model.awaitingConfirmation(true, HUNDRED, true);

    assertThat(model.stage(0)).isEqualTo(PaymentModel.Stage.CONFIRMING);
    assertThat(model.v2Statuses(0)).containsExactlyInAnyOrder("Confirmation", "Pending");
    assertThat(expect(model, new Step.Capture(0, Part.WHOLE, Api.V1)).mayCarryOut()).isFalse();
    assertThat(expect(model, new Step.Refund(0, Part.CENT, Api.V2)).mayCarryOut()).isFalse();
    assertThat(model.expectCompletion(0).mayRefuse()).isFalse();

    model.completed(0, true);

    assertThat(model.stage(0)).isEqualTo(PaymentModel.Stage.HELD);
    assertThat(expect(model, new Step.Capture(0, Part.WHOLE, Api.V2)).mayRefuse()).isFalse();
    Expected again = model.expectCompletion(0);
    assertThat(again.mayCarryOut()).isTrue();
    assertThat(again.mayRefuse()).isTrue();
    model.completed(0, true);
    assertThat(model.stage(0)).isEqualTo(PaymentModel.Stage.HELD);
  }

  @Test
  void aPaymentCancelledWhileItAwaitsItsStepTakesNothingWhenCompletedAfter() {
    PaymentModel model = new PaymentModel();
    model.awaitingConfirmation(false, HUNDRED, true);
    Expected cancel = expect(model, new Step.Cancel(0, Api.V2));
    assertThat(cancel.mayCarryOut()).isTrue();
    assertThat(cancel.mayRefuse()).isTrue();

    carriedOut(model, new Step.Cancel(0, Api.V2), null);
    model.completed(0, true);

    assertThat(model.stage(0)).isEqualTo(PaymentModel.Stage.RELEASED);
    assertThat(model.v2Statuses(0)).doesNotContain("Settled", "Authorized");
    assertThat(model.statusRule(0)).isEqualTo("v2.ep.no-money-twice");
  }

  @Test
  void aPaymentDeclinedAtItsStepHoldsNothingAndAnotherMerchantCancelsNothing() {
    PaymentModel model = new PaymentModel();
    model.awaitingConfirmation(true, HUNDRED, true);
    assertThat(expect(model, new Step.OtherMerchantCancels(0)).mayCarryOut()).isFalse();

    model.stepFailed(0, false); // the target lets the payer try again
    assertThat(model.stage(0)).isEqualTo(PaymentModel.Stage.CONFIRMING);
    model.stepFailed(0, true);

    assertThat(model.stage(0)).isEqualTo(PaymentModel.Stage.DECLINED);
    assertThat(model.v2Statuses(0)).doesNotContain("Settled", "Authorized", "Confirmation");
    assertThat(expect(model, new Step.Capture(0, Part.HALF, Api.V1)).mayCarryOut()).isFalse();
    assertThat(expect(model, new Step.Refund(0, Part.CENT, Api.V2)).mayCarryOut()).isFalse();
    assertThat(expect(model, new Step.OtherMerchantCancels(0)).mayCarryOut()).isFalse();
    carriedOut(model, new Step.Cancel(0, Api.V2), null);
    assertThat(model.stage(0)).isEqualTo(PaymentModel.Stage.DECLINED);
  }

  @Test
  void whatAPaymentTookIsTheCaptureForAHoldAndTheWholeOtherwise() {
    PaymentModel model = oneOf(true);
    carriedOut(model, new Step.Capture(0, Part.THIRD, Api.V1), null);
    model.created(false, HUNDRED, true);

    assertThat(model.taken(0)).isEqualByComparingTo("33.33");
    assertThat(model.taken(1)).isEqualByComparingTo("100.00");
  }
}
