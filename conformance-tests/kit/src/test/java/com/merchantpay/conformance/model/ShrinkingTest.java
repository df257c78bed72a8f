package com.merchantpay.conformance.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.conformance.model.Step.Api;
import java.math.BigDecimal;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ShrinkingTest {
  private static final BigDecimal AMOUNT = new BigDecimal("250.00");

  /** Fails when some payment gets three refunds, the last of a cent more than is left. */
  private static boolean threeRefundsTheLastBeyond(List<Step> steps) {
    int[] refunds = new int[4];
    for (Step step : steps) {
      if (step instanceof Step.Refund refund) {
        refunds[refund.payment()]++;
        if (refunds[refund.payment()] >= 3 && refund.part() == Part.BEYOND) {
          return true;
        }
      }
    }
    return false;
  }

  @Test
  void aFailingHistoryIsCutToTheStepsThatMatterWithTheSimplestValues() {
    List<Step> failing =
        List.of(
            new Step.Create(true, AMOUNT),
            new Step.Read(0, Api.V2),
            new Step.Create(true, AMOUNT),
            new Step.Refund(1, Part.HALF, Api.V1),
            new Step.ListPayments(),
            new Step.Refund(1, Part.THIRD, Api.V2),
            new Step.Capture(0, Part.WHOLE, Api.V2),
            new Step.Refund(1, Part.BEYOND, Api.V2),
            new Step.Read(1, Api.V1));
    Shrinking shrinking = new Shrinking(ShrinkingTest::threeRefundsTheLastBeyond, 500);

    List<Step> shrunk = shrinking.shrink(failing);

    assertThat(shrunk)
        .containsExactly(
            new Step.Create(false, Histories.SIMPLEST_AMOUNT),
            new Step.Refund(0, Part.WHOLE, Api.V2),
            new Step.Refund(0, Part.WHOLE, Api.V2),
            new Step.Refund(0, Part.BEYOND, Api.V2));
    assertThat(shrinking.tries()).isLessThan(500);
  }

  @Test
  void droppingACreationDropsTheStepsOnItsPaymentAndRenumbersTheLaterOnes() {
    List<Step> steps =
        List.of(
            new Step.Create(false, AMOUNT),
            new Step.Create(true, AMOUNT),
            new Step.Refund(0, Part.HALF, Api.V2),
            new Step.AtOnce(new Step.Capture(1, Part.WHOLE, Api.V2), new Step.Cancel(1, Api.V1)),
            new Step.ListPayments());

    assertThat(Shrinking.without(steps, 0))
        .containsExactly(
            new Step.Create(true, AMOUNT),
            new Step.AtOnce(new Step.Capture(0, Part.WHOLE, Api.V2), new Step.Cancel(0, Api.V1)),
            new Step.ListPayments());
  }

  @Test
  void droppingATokenDropsThePaymentsMadeWithItAndTheStepsOnThem() {
    List<Step> steps =
        List.of(
            new Step.Create(false, AMOUNT),
            new Step.CreateToken(),
            new Step.PayWithToken(0, AMOUNT),
            new Step.Refund(1, Part.HALF, Api.V2),
            new Step.CreateToken(),
            new Step.RevokeToken(1),
            new Step.Refund(0, Part.HALF, Api.V2));

    assertThat(Shrinking.without(steps, 1))
        .containsExactly(
            new Step.Create(false, AMOUNT),
            new Step.CreateToken(),
            new Step.RevokeToken(0),
            new Step.Refund(0, Part.HALF, Api.V2));
  }

  @Test
  void droppingAStickerDropsTheStepsOnItAndRenumbersTheLaterOnes() {
    List<Step> steps =
        List.of(
            new Step.Create(false, AMOUNT),
            new Step.CreateSticker(),
            new Step.CreateSticker(),
            new Step.SetStickerActive(0, false),
            new Step.ReadSticker(1));

    assertThat(Shrinking.without(steps, 1))
        .containsExactly(
            new Step.Create(false, AMOUNT), new Step.CreateSticker(), new Step.ReadSticker(0));
  }

  @Test
  void triesStopAtTheirBound() {
    int[] runs = {0};
    Shrinking shrinking =
        new Shrinking(
            steps -> {
              runs[0]++;
              return false;
            },
            3);
    List<Step> history = new Histories(true, true).generate(new Random(7), 12);

    assertThat(shrinking.shrink(history)).isEqualTo(history);
    assertThat(runs[0]).isEqualTo(3);
  }

  @Test
  void theSameSeedMakesTheSameHistoryAndEveryStepNamesAPaymentMadeBeforeIt() {
    Histories histories = new Histories(true, true, true, true);
    for (int seed = 0; seed < 200; seed++) {
      List<Step> history = histories.generate(new Random(seed), 12);
      assertThat(histories.generate(new Random(seed), 12)).isEqualTo(history);
      assertThat(history).hasSizeBetween(2, 12);
      assertThat(history.get(0).creates()).isTrue();
      int made = 0;
      int tokens = 0;
      int stickers = 0;
      for (Step step : history) {
        assertThat(step.payment()).isLessThan(made);
        assertThat(step.token()).isLessThan(tokens);
        assertThat(step.sticker()).isLessThan(stickers);
        made += step.creates() ? 1 : 0;
        tokens += step.createsToken() ? 1 : 0;
        stickers += step.createsSticker() ? 1 : 0;
      }
    }
  }

  @Test
  void withoutV1OrASecondMerchantNoStepNeedsThem() {
    Histories histories = new Histories(false, false);
    for (int seed = 0; seed < 200; seed++) {
      for (Step step : histories.generate(new Random(seed), 12)) {
        assertThat(step.describe()).doesNotContain("through v1").doesNotContain("other merchant");
      }
    }
  }
}
