package com.merchantpay.conformance.model;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What the documents let the payments of one history be after each of its steps: which changes a
 * payment takes, which the target must refuse, and what a read or a list may then show. It knows
 * nothing of HTTP; the explorer tells it what the target answered, and it follows the target
 * wherever the documents allow more than one answer (a capture of less than is held, say).
 *
 * <p>The rules it holds the target to are stated ones: a held payment is captured or cancelled
 * once; refunds add up to at most the money taken; a refused change changes nothing; another
 * merchant reaches nothing. Statuses the documents do not place (a payment refunded in full) allow
 * every reading.
 */
public final class PaymentModel {
  /** Where a payment's money is. */
  public enum Stage {
    /** Held, to be captured or released. */
    HELD,
    /** Taken: a one-stage payment, or a captured hold. */
    TAKEN,
    /** Released: a cancelled hold (or a cancelled invoice). */
    RELEASED,
    /** Asked for by a payment link nobody has paid: nothing held, nothing taken. */
    UNPAID,
    /**
     * Waiting for the payer's confirmation step (3-D Secure, a code): nothing held or taken yet.
     */
    CONFIRMING,
    /** Its confirmation step failed and the target declined it: nothing held or taken. */
    DECLINED
  }

  /** A refund the target made, as its answer showed it. */
  public record RefundMade(String id, BigDecimal amount, boolean rejected) {}

  private static final class Payment {
    final BigDecimal amount;
    final boolean twoStage;
    Stage stage;
    BigDecimal taken;
    final List<RefundMade> refunds = new ArrayList<>();
    final List<String> receipts = new ArrayList<>();
    String stageRule;
    String refusedRule;

    Payment(BigDecimal amount, boolean twoStage) {
      this.amount = amount;
      this.twoStage = twoStage;
      this.stage = twoStage ? Stage.HELD : Stage.TAKEN;
      this.taken = twoStage ? BigDecimal.ZERO : amount;
      this.stageRule = twoStage ? "v2.states.payment-two-stage" : "v2.states.payment-one-stage";
    }

    Payment copy() {
      Payment copy = new Payment(amount, twoStage);
      copy.stage = stage;
      copy.taken = taken;
      copy.refunds.addAll(refunds);
      copy.receipts.addAll(receipts);
      copy.stageRule = stageRule;
      copy.refusedRule = refusedRule;
      return copy;
    }

    BigDecimal refunded() {
      return refunds.stream()
          .filter(r -> !r.rejected())
          .map(RefundMade::amount)
          .reduce(BigDecimal.ZERO, BigDecimal::add);
    }
  }

  /** Each creation of the history in order; null where a creation made nothing. */
  private final List<Payment> payments = new ArrayList<>();

  /** Whether each payment token of the history is revoked; null where none was made. */
  private final List<Boolean> tokensRevoked = new ArrayList<>();

  /** Whether each sticker of the history is switched on; null where none was registered. */
  private final List<Boolean> stickersOn = new ArrayList<>();

  public PaymentModel() {}

  private PaymentModel(
      List<Payment> payments, List<Boolean> tokensRevoked, List<Boolean> stickersOn) {
    payments.forEach(p -> this.payments.add(p == null ? null : p.copy()));
    this.tokensRevoked.addAll(tokensRevoked);
    this.stickersOn.addAll(stickersOn);
  }

  /** An independent copy, for trying the orders two changes sent at once may have taken. */
  public PaymentModel copy() {
    return new PaymentModel(payments, tokensRevoked, stickersOn);
  }

  /** Notes a creation step: the payment it made, or none (a creation the target refused). */
  public void created(boolean twoStage, BigDecimal amount, boolean made) {
    payments.add(made ? new Payment(amount, twoStage) : null);
  }

  /**
   * Notes the creation of a payment that asks for the payer's confirmation step first: one held or
   * taken once the step is passed, or none.
   */
  public void awaitingConfirmation(boolean twoStage, BigDecimal amount, boolean made) {
    payments.add(
        made
            ? holdingNothing(amount, twoStage, Stage.CONFIRMING, "v2.payment.confirmation")
            : null);
  }

  /** What the documents allow a completion of the payment's confirmation step to come to. */
  public Expected expectCompletion(int payment) {
    Payment p = get(payment);
    return p.stage == Stage.CONFIRMING
        ? Expected.carriedOut(
            "v2.confirmation.sequence", "the payer's step passed with the profile's answer")
        : Expected.either(
            "v2.ep.no-money-twice",
            "no step awaits the payer (the documents leave a completion then open); whichever the"
                + " answer, no money moves");
  }

  /** Notes what the target did with a completion of the payment's confirmation step. */
  public void completed(int payment, boolean carriedOut) {
    Payment p = get(payment);
    if (!carriedOut || p.stage != Stage.CONFIRMING) {
      return; // a step that was not awaited changes nothing, carried out or refused
    }
    p.refusedRule = null;
    p.stage = p.twoStage ? Stage.HELD : Stage.TAKEN;
    p.taken = p.twoStage ? BigDecimal.ZERO : p.amount;
    p.stageRule = "v2.confirmation.sequence";
  }

  /**
   * Notes a failing answer to the payment's step: the payment declined, or (where the target lets
   * the payer try again) still awaiting it.
   */
  public void stepFailed(int payment, boolean declined) {
    Payment p = get(payment);
    if (p.stage == Stage.CONFIRMING && declined) {
      p.stage = Stage.DECLINED;
      p.stageRule = "v2.errors.declines";
    }
  }

  /** Notes a payment link's creation: a payment nobody has paid, or none. */
  public void invoiced(BigDecimal amount, boolean made) {
    payments.add(made ? holdingNothing(amount, false, Stage.UNPAID, "v2.op.createInvoice") : null);
  }

  /** A payment made in a stage where it holds and took nothing yet. */
  private static Payment holdingNothing(
      BigDecimal amount, boolean twoStage, Stage stage, String stageRule) {
    Payment payment = new Payment(amount, twoStage);
    payment.stage = stage;
    payment.taken = BigDecimal.ZERO;
    payment.stageRule = stageRule;
    return payment;
  }

  /** Notes a payment token's creation: Active, or none made. */
  public void tokenMade(boolean made) {
    tokensRevoked.add(made ? Boolean.FALSE : null);
  }

  /** Whether the token exists: its creation came before and made it. */
  public boolean tokenExists(int token) {
    return token >= 0 && token < tokensRevoked.size() && tokensRevoked.get(token) != null;
  }

  public boolean tokenRevoked(int token) {
    return Boolean.TRUE.equals(tokensRevoked.get(token));
  }

  /** Notes that the target revoked the token. */
  public void revoked(int token) {
    tokensRevoked.set(token, Boolean.TRUE);
  }

  /** What the documents allow a payment with the token to come to. */
  public Expected expectPayment(int token) {
    return tokenRevoked(token)
        ? Expected.refused(
            "v2.errors.token-revoked",
            "the token was revoked: paying with it is payment_token_revoked")
        : Expected.carriedOut("v2.request.token", "an Active token pays");
  }

  /** What the documents allow a revocation of the token to come to. */
  public Expected expectRevocation(int token) {
    return tokenRevoked(token)
        ? Expected.either(
            "v2.states.token-revoked",
            "the token was already revoked (the documents leave a second revocation open)")
        : Expected.carriedOut("v2.op.revokePaymentToken", "an Active token can be revoked");
  }

  /** The status a read of the token must show. */
  public String tokenStatus(int token) {
    return tokenRevoked(token) ? "Revoked" : "Active";
  }

  /** Notes a sticker's registration: Active, or none registered. */
  public void stickerMade(boolean made) {
    stickersOn.add(made ? Boolean.TRUE : null);
  }

  /** Whether the sticker exists: its registration came before and made it. */
  public boolean stickerExists(int sticker) {
    return sticker >= 0 && sticker < stickersOn.size() && stickersOn.get(sticker) != null;
  }

  /** Notes that the target switched the sticker off or on. */
  public void switched(int sticker, boolean on) {
    stickersOn.set(sticker, on);
  }

  /** Whether a read of the sticker must show it Active (true) or anything but Active (false). */
  public boolean stickerActive(int sticker) {
    return Boolean.TRUE.equals(stickersOn.get(sticker));
  }

  /** Notes a receipt the target registered for the payment. */
  public void receipted(int payment, String receiptId) {
    get(payment).receipts.add(receiptId);
  }

  /** The receipts the target registered for the payment, by id. */
  public List<String> receipts(int payment) {
    return List.copyOf(get(payment).receipts);
  }

  /** How many creation steps the history has had. */
  public int creations() {
    return payments.size();
  }

  /** Whether the payment exists: its creation came before and made it. */
  public boolean exists(int payment) {
    return payment >= 0 && payment < payments.size() && payments.get(payment) != null;
  }

  private Payment get(int payment) {
    if (!exists(payment)) {
      throw new IllegalArgumentException("the history made no payment " + (payment + 1));
    }
    return payments.get(payment);
  }

  public Stage stage(int payment) {
    return get(payment).stage;
  }

  public BigDecimal amount(int payment) {
    return get(payment).amount;
  }

  /** The money the payment took: what was captured, or all of a one-stage payment. */
  public BigDecimal taken(int payment) {
    return get(payment).taken;
  }

  public boolean twoStage(int payment) {
    return get(payment).twoStage;
  }

  /** The refunds the target made of the payment, in order. */
  public List<RefundMade> refunds(int payment) {
    return List.copyOf(get(payment).refunds);
  }

  /**
   * The sum a capture or a refund of this step asks for, in the payment's state now; 0 for a
   * cancel.
   */
  public BigDecimal sum(Step step) {
    Payment p = get(step.payment());
    if (step instanceof Step.Capture capture) {
      return capture.part().of(p.amount, p.amount);
    }
    if (step instanceof Step.CreateReceipt receipt) {
      return receipt.part().of(p.amount, p.amount);
    }
    if (step instanceof Step.Refund refund) {
      BigDecimal whole = p.taken.signum() > 0 ? p.taken : p.amount;
      return refund.part().of(whole, p.taken.subtract(p.refunded()));
    }
    if (step instanceof Step.OtherMerchantRefunds) {
      // A cent: within any limit, so that only whose payment it is can refuse it.
      return new BigDecimal("0.01");
    }
    return BigDecimal.ZERO; // a cancel names no sum
  }

  /** What the documents allow a change to come to, in the payment's state now. */
  public Expected expect(Step step, BigDecimal sum) {
    Payment p = get(step.payment());
    boolean v1 =
        step instanceof Step.Capture c && c.api() == Step.Api.V1
            || step instanceof Step.Cancel k && k.api() == Step.Api.V1
            || step instanceof Step.Refund r && r.api() == Step.Api.V1;
    if (step instanceof Step.Capture) {
      return capture(p, sum, v1);
    }
    if (step instanceof Step.Cancel && p.stage == Stage.UNPAID) {
      return Expected.either(
          "v2.ep.no-money-twice",
          "a payment link nobody paid: the documents leave its cancel open");
    }
    if (step instanceof Step.Cancel && p.stage == Stage.DECLINED) {
      return Expected.either(
          "v2.ep.no-money-twice",
          "a payment declined at its confirmation step holds nothing: the documents leave its"
              + " cancel open");
    }
    if (step instanceof Step.Cancel && p.stage == Stage.CONFIRMING) {
      return Expected.either(
          "v2.ep.no-money-twice",
          "a payment awaiting the payer's step holds nothing yet: the documents leave its cancel"
              + " open");
    }
    if (step instanceof Step.Cancel && p.stage == Stage.RELEASED) {
      // The same change again: it takes or releases nothing more, whichever way it is answered.
      return Expected.either(
          "v2.ep.no-money-twice",
          "the hold was already released: a second cancel changes nothing, carried out or refused");
    }
    if (step instanceof Step.Cancel) {
      return p.stage == Stage.HELD
          ? Expected.carriedOut(
              v1 ? "v1.op.cancelPayment" : "v2.states.payment-two-stage",
              "a held payment can be cancelled, which releases the hold")
          : Expected.refused(
              "v2.ep.no-money-twice",
              "the payment's money was already "
                  + (p.stage == Stage.TAKEN ? "taken" : "released")
                  + ", so it cannot be cancelled");
    }
    if (step instanceof Step.Refund) {
      return refund(p, sum, v1);
    }
    if (step instanceof Step.OtherMerchantRefunds) {
      return Expected.refused(
          "v2.auth.rights", "another merchant's refund of this payment is refused");
    }
    if (step instanceof Step.OtherMerchantCancels) {
      return Expected.refused(
          "v2.auth.rights", "another merchant's cancel of this payment is refused");
    }
    throw new IllegalArgumentException("not a change: " + step.describe());
  }

  private static Expected capture(Payment p, BigDecimal sum, boolean v1) {
    if (p.stage == Stage.TAKEN && p.twoStage && sum.compareTo(p.taken) == 0) {
      return Expected.either(
          "v2.ep.no-money-twice",
          "the hold was already captured for "
              + p.taken
              + ": the same capture again takes nothing more, carried out or refused");
    }
    if (p.stage == Stage.UNPAID || p.stage == Stage.CONFIRMING || p.stage == Stage.DECLINED) {
      return Expected.refused(
          v1 ? "v1.op.confirmPayment" : "v2.ep.capture-held",
          switch (p.stage) {
            case UNPAID -> "a payment link nobody paid holds nothing to capture";
            case CONFIRMING -> "nothing is held before the payer passes the confirmation step";
            default -> "a payment declined at its confirmation step holds nothing";
          });
    }
    if (p.stage != Stage.HELD) {
      return Expected.refused(
          "v2.ep.no-money-twice",
          "the payment's money was already "
              + (p.stage == Stage.TAKEN ? "taken" : "released")
              + ", so it cannot be captured");
    }
    int against = sum.compareTo(p.amount);
    if (against > 0) {
      return Expected.refused(
          v1 ? "v1.op.confirm-less" : "v2.ep.capture-held",
          "a capture of " + sum + " is more than the " + p.amount + " held");
    }
    if (against == 0) {
      return Expected.carriedOut(
          v1 ? "v1.op.confirmPayment" : "v2.ep.capture-held",
          "a capture of all " + p.amount + " held takes it");
    }
    return Expected.either(
        v1 ? "v1.op.confirm-less" : "v2.ep.partial-capture",
        "a capture of " + sum + " of the " + p.amount + " held (the documents leave it open)");
  }

  private static Expected refund(Payment p, BigDecimal sum, boolean v1) {
    if (p.stage != Stage.TAKEN) {
      return Expected.refused(
          "v2.ep.refund-limit",
          "the payment's money is "
              + switch (p.stage) {
                case HELD -> "only held";
                case UNPAID -> "not paid";
                case CONFIRMING -> "not taken before the payer passes the confirmation step";
                case DECLINED -> "not taken: the payment was declined at its confirmation step";
                default -> "released";
              }
              + ": nothing was taken to refund");
    }
    BigDecimal left = p.taken.subtract(p.refunded());
    if (sum.compareTo(left) > 0) {
      return Expected.refused(
          v1 ? "v1.errors.amount" : "v2.ep.refund-limit",
          "a refund of "
              + sum
              + " is more than the "
              + left
              + " left of the "
              + p.taken
              + " taken"
              + (p.refunds.isEmpty() ? "" : " after refunds of " + p.refunded()));
    }
    return Expected.carriedOut(
        v1 ? "v1.op.refundPayment" : "v2.op.createRefund",
        "a refund of " + sum + " is within the " + left + " left of the " + p.taken + " taken");
  }

  /**
   * Notes what the target did with a change.
   *
   * @param refund the refund it made, for a refund carried out; else null
   */
  public void changed(Step step, BigDecimal sum, boolean carriedOut, RefundMade refund) {
    Payment p = get(step.payment());
    Expected expected = expect(step, sum);
    if (!carriedOut) {
      p.refusedRule = expected.mayCarryOut() ? null : expected.rule();
      return;
    }
    p.refusedRule = null;
    if (!expected.mayRefuse()
        || p.stage == Stage.HELD
        || p.stage == Stage.UNPAID
        || p.stage == Stage.CONFIRMING) {
      applyChange(p, step, sum, expected, refund);
    } else if (step instanceof Step.Refund && refund != null) {
      p.refunds.add(refund);
    }
  }

  /** A change the documents let the payment take, carried out. */
  private static void applyChange(
      Payment p, Step step, BigDecimal sum, Expected expected, RefundMade refund) {
    if (step instanceof Step.Capture) {
      p.stage = Stage.TAKEN;
      p.taken = sum;
      p.stageRule = expected.rule();
    } else if (step instanceof Step.Cancel) {
      p.stage = Stage.RELEASED;
      p.stageRule = expected.rule();
    } else if (step instanceof Step.Refund && refund != null) {
      p.refunds.add(refund);
    }
  }

  /** Notes that a refund the model counted turned out rejected when it was read again. */
  public void rejected(int payment, String refundId) {
    List<RefundMade> refunds = get(payment).refunds;
    for (int i = 0; i < refunds.size(); i++) {
      RefundMade made = refunds.get(i);
      if (made.id() != null && made.id().equals(refundId)) {
        refunds.set(i, new RefundMade(made.id(), made.amount(), true));
      }
    }
  }

  /** The statuses a v2 read of the payment may show; Pending (in progress) is always among them. */
  public Set<String> v2Statuses(int payment) {
    Payment p = get(payment);
    return switch (p.stage) {
      case HELD -> Set.of("Authorized", "Pending");
      case RELEASED -> Set.of("Cancelled", "Pending");
      // Nobody paid: the documents do not say what it shows, only that no money moved.
      case UNPAID -> Set.of("Pending", "Confirmation", "Cancelled", "Rejected");
      case CONFIRMING -> Set.of("Confirmation", "Pending");
      case DECLINED -> Set.of("Rejected", "Cancelled", "Pending");
      // A payment refunded in full: the documents name no status for it.
      case TAKEN ->
          refundedInFull(p)
              ? Set.of("Settled", "Cancelled", "Pending")
              : Set.of("Settled", "Pending");
    };
  }

  /**
   * The states a v1 read of the payment may show; PROCESSING (in progress) is always among them.
   */
  public Set<String> v1States(int payment) {
    Payment p = get(payment);
    return switch (p.stage) {
      case HELD -> Set.of("HOLD", "PROCESSING");
      case RELEASED -> Set.of("CANCELLED", "PROCESSING");
      case UNPAID -> Set.of("INITIATED", "PROCESSING", "CANCELLED");
      case CONFIRMING -> Set.of("INITIATED", "PROCESSING");
      case DECLINED -> Set.of("CANCELLED", "PROCESSING");
      case TAKEN ->
          refundedInFull(p)
              ? Set.of("COMPLETE", "CANCELLED", "PROCESSING")
              : Set.of("COMPLETE", "PROCESSING");
    };
  }

  private static boolean refundedInFull(Payment p) {
    return p.refunded().compareTo(p.taken) >= 0 && p.taken.signum() > 0;
  }

  /**
   * The rule a read that shows another status breaks: the refusal since the last change, when there
   * was one (a refused change changed nothing), else the rule of the last change.
   */
  public String statusRule(int payment) {
    Payment p = get(payment);
    return p.refusedRule != null ? p.refusedRule : p.stageRule;
  }

  /** The amounts a read may show: the sum asked for, or after a smaller capture the sum taken. */
  public Set<BigDecimal> amountsShown(int payment) {
    Payment p = get(payment);
    return p.stage == Stage.TAKEN && p.taken.compareTo(p.amount) != 0
        ? Set.of(p.amount, p.taken)
        : Set.of(p.amount);
  }
}
