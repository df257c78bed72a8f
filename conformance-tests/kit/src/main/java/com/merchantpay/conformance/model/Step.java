package com.merchantpay.conformance.model;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * One step of a history: an operation of the documents on the payments the history made. A payment
 * is named by its place among the history's creations (0 for the first), so a step means the same
 * wherever the history is cut.
 */
public sealed interface Step {
  /** Which interface a step goes through. */
  enum Api {
    V2,
    V1
  }

  /** The payment the step acts on, or -1 when it acts on none made before it. */
  default int payment() {
    return -1;
  }

  /** The same step on another payment. */
  default Step on(int payment) {
    return this;
  }

  /** Whether the step makes a payment. */
  default boolean creates() {
    return false;
  }

  /** The payment token the step uses, or -1; named by its place among the history's tokens. */
  default int token() {
    return -1;
  }

  /** The same step with another payment token. */
  default Step withToken(int token) {
    return this;
  }

  /** Whether the step makes a payment token. */
  default boolean createsToken() {
    return false;
  }

  /** The sticker the step acts on, or -1; named by its place among the history's stickers. */
  default int sticker() {
    return -1;
  }

  /** The same step on another sticker. */
  default Step withSticker(int sticker) {
    return this;
  }

  /** Whether the step registers a sticker. */
  default boolean createsSticker() {
    return false;
  }

  /** Whether the step may change what the target keeps of a payment. */
  default boolean changes() {
    return false;
  }

  /** Simpler forms of the step, simplest first, for shrinking a failing history. */
  default List<Step> simpler() {
    return List.of();
  }

  /** The step as a line of a history, its payment numbered from 1. */
  String describe();

  /** Creates a payment with the profile's approved card, held when {@code twoStage}. */
  record Create(boolean twoStage, BigDecimal amount) implements Step {
    @Override
    public boolean creates() {
      return true;
    }

    @Override
    public List<Step> simpler() {
      List<Step> simpler = new ArrayList<>();
      if (twoStage) {
        simpler.add(new Create(false, amount));
      }
      if (amount.compareTo(Histories.SIMPLEST_AMOUNT) != 0) {
        simpler.add(new Create(twoStage, Histories.SIMPLEST_AMOUNT));
      }
      return simpler;
    }

    @Override
    public String describe() {
      return "create a " + (twoStage ? "two-stage" : "one-stage") + " payment of " + amount;
    }
  }

  /** Sends one creation twice at once, with one Idempotency-Key: it makes one payment. */
  record CreateTwiceAtOnce(boolean twoStage, BigDecimal amount) implements Step {
    @Override
    public boolean creates() {
      return true;
    }

    @Override
    public List<Step> simpler() {
      return List.of(new Create(twoStage, amount));
    }

    @Override
    public String describe() {
      return "send the creation of a "
          + (twoStage ? "two-stage" : "one-stage")
          + " payment of "
          + amount
          + " twice at once, with one Idempotency-Key";
    }
  }

  /**
   * Creates a payment with the profile's instrument that asks for a confirmation step of {@code
   * type} first: nothing is held or taken until a {@link Complete} passes it.
   */
  record CreateConfirmable(String type, boolean twoStage, BigDecimal amount) implements Step {
    @Override
    public boolean creates() {
      return true;
    }

    @Override
    public List<Step> simpler() {
      List<Step> simpler = new ArrayList<>();
      simpler.add(new Create(twoStage, amount)); // paid by the approved card, no step asked
      if (twoStage) {
        simpler.add(new CreateConfirmable(type, false, amount));
      }
      if (amount.compareTo(Histories.SIMPLEST_AMOUNT) != 0) {
        simpler.add(new CreateConfirmable(type, twoStage, Histories.SIMPLEST_AMOUNT));
      }
      return simpler;
    }

    @Override
    public String describe() {
      return "create a "
          + (twoStage ? "two-stage" : "one-stage")
          + " payment of "
          + amount
          + " that asks for a "
          + type
          + " step";
    }
  }

  /**
   * Passes the payer's confirmation step of a payment that asked for one, the profile's way; once
   * passed (or after a cancel), sends the passing answer again.
   */
  record Complete(int payment) implements Step {
    @Override
    public Step on(int other) {
      return new Complete(other);
    }

    @Override
    public String describe() {
      return "pass the confirmation step of payment "
          + (payment + 1)
          + " (once passed: send its answer again)";
    }
  }

  /** Creates a payment link (an invoice): a payment nobody has paid yet. */
  record CreateInvoice(BigDecimal amount) implements Step {
    @Override
    public boolean creates() {
      return true;
    }

    @Override
    public List<Step> simpler() {
      return amount.compareTo(Histories.SIMPLEST_AMOUNT) == 0
          ? List.of()
          : List.of(new CreateInvoice(Histories.SIMPLEST_AMOUNT));
    }

    @Override
    public String describe() {
      return "create a payment link (an invoice) of " + amount;
    }
  }

  /** Makes a payment token from the profile's approved card, made Active. */
  record CreateToken() implements Step {
    @Override
    public boolean createsToken() {
      return true;
    }

    @Override
    public String describe() {
      return "create a payment token from the approved card";
    }
  }

  /** Pays with a payment token: a one-stage payment. */
  record PayWithToken(int token, BigDecimal amount) implements Step {
    @Override
    public boolean creates() {
      return true;
    }

    @Override
    public Step withToken(int other) {
      return new PayWithToken(other, amount);
    }

    @Override
    public List<Step> simpler() {
      // Paid by card instead, the token may go too.
      List<Step> simpler = new ArrayList<>();
      simpler.add(new Create(false, Histories.SIMPLEST_AMOUNT));
      if (amount.compareTo(Histories.SIMPLEST_AMOUNT) != 0) {
        simpler.add(new PayWithToken(token, Histories.SIMPLEST_AMOUNT));
      }
      return simpler;
    }

    @Override
    public String describe() {
      return "pay " + amount + " with token " + (token + 1);
    }
  }

  /** Revokes a payment token. */
  record RevokeToken(int token) implements Step {
    @Override
    public Step withToken(int other) {
      return new RevokeToken(other);
    }

    @Override
    public String describe() {
      return "revoke token " + (token + 1);
    }
  }

  /** Reads a payment token and compares its status with its history. */
  record ReadToken(int token) implements Step {
    @Override
    public Step withToken(int other) {
      return new ReadToken(other);
    }

    @Override
    public String describe() {
      return "read token " + (token + 1);
    }
  }

  /** Registers a payment sticker (a QR code that is not a cashlink): Active. */
  record CreateSticker() implements Step {
    @Override
    public boolean createsSticker() {
      return true;
    }

    @Override
    public String describe() {
      return "register a sticker";
    }
  }

  /** Switches a sticker off or on. */
  record SetStickerActive(int sticker, boolean active) implements Step {
    @Override
    public Step withSticker(int other) {
      return new SetStickerActive(other, active);
    }

    @Override
    public String describe() {
      return "switch sticker " + (sticker + 1) + (active ? " on" : " off");
    }
  }

  /** Reads a sticker and compares whether it is Active with its history. */
  record ReadSticker(int sticker) implements Step {
    @Override
    public Step withSticker(int other) {
      return new ReadSticker(other);
    }

    @Override
    public String describe() {
      return "read sticker " + (sticker + 1);
    }
  }

  /** The other merchant reads a sticker. */
  record OtherMerchantReadsSticker(int sticker) implements Step {
    @Override
    public Step withSticker(int other) {
      return new OtherMerchantReadsSticker(other);
    }

    @Override
    public String describe() {
      return "the other merchant reads sticker " + (sticker + 1);
    }
  }

  /** Registers a receipt of a part of a payment: of its payment, or of a refund of it. */
  record CreateReceipt(int payment, Part part, boolean ofRefund) implements Step {
    @Override
    public Step on(int other) {
      return new CreateReceipt(other, part, ofRefund);
    }

    @Override
    public List<Step> simpler() {
      List<Step> simpler = new ArrayList<>();
      if (ofRefund) {
        simpler.add(new CreateReceipt(payment, part, false));
      }
      if (part != Part.WHOLE) {
        simpler.add(new CreateReceipt(payment, Part.WHOLE, ofRefund));
      }
      return simpler;
    }

    @Override
    public String describe() {
      return "register a "
          + (ofRefund ? "refund" : "payment")
          + " receipt of "
          + words(part)
          + " of payment "
          + (payment + 1);
    }
  }

  /** Sends every refund of the payment carried out so far again, each with its key and body. */
  record ReplayRefunds(int payment) implements Step {
    @Override
    public Step on(int other) {
      return new ReplayRefunds(other);
    }

    @Override
    public String describe() {
      return "send every refund of payment "
          + (payment + 1)
          + " so far again, same keys and bodies";
    }
  }

  /** Sends a payment token's creation again, its body with its Idempotency-Key. */
  record ReplayToken(int token) implements Step {
    @Override
    public Step withToken(int other) {
      return new ReplayToken(other);
    }

    @Override
    public String describe() {
      return "send the creation of token " + (token + 1) + " again, same key and body";
    }
  }

  /** Sends a sticker's registration again, its body with its Idempotency-Key. */
  record ReplaySticker(int sticker) implements Step {
    @Override
    public Step withSticker(int other) {
      return new ReplaySticker(other);
    }

    @Override
    public String describe() {
      return "send the registration of sticker " + (sticker + 1) + " again, same key and body";
    }
  }

  /** Sends every receipt registered for the payment so far again, each with its key and body. */
  record ReplayReceipts(int payment) implements Step {
    @Override
    public Step on(int other) {
      return new ReplayReceipts(other);
    }

    @Override
    public String describe() {
      return "send every receipt of payment "
          + (payment + 1)
          + " registered so far again, same keys and bodies";
    }
  }

  /** The other merchant pays with a payment token of this merchant's. */
  record OtherMerchantPaysWithToken(int token) implements Step {
    @Override
    public Step withToken(int other) {
      return new OtherMerchantPaysWithToken(other);
    }

    @Override
    public String describe() {
      return "the other merchant pays with token " + (token + 1);
    }
  }

  /** Lists a payment's receipts and finds each one registered. */
  record ListReceipts(int payment) implements Step {
    @Override
    public Step on(int other) {
      return new ListReceipts(other);
    }

    @Override
    public String describe() {
      return "list the receipts of payment " + (payment + 1);
    }
  }

  /** Captures a part of a held payment. */
  record Capture(int payment, Part part, Api api) implements Step {
    @Override
    public Step on(int other) {
      return new Capture(other, part, api);
    }

    @Override
    public boolean changes() {
      return true;
    }

    @Override
    public List<Step> simpler() {
      return simplerParts(
          part, p -> new Capture(payment, p, api), api, new Capture(payment, part, Api.V2));
    }

    @Override
    public String describe() {
      return "capture " + words(part) + " of payment " + (payment + 1) + through(api);
    }
  }

  /** Cancels a payment: releases a hold. */
  record Cancel(int payment, Api api) implements Step {
    @Override
    public Step on(int other) {
      return new Cancel(other, api);
    }

    @Override
    public boolean changes() {
      return true;
    }

    @Override
    public List<Step> simpler() {
      return api == Api.V1 ? List.of(new Cancel(payment, Api.V2)) : List.of();
    }

    @Override
    public String describe() {
      return "cancel payment " + (payment + 1) + through(api);
    }
  }

  /** Refunds a part of the money a payment took. */
  record Refund(int payment, Part part, Api api) implements Step {
    @Override
    public Step on(int other) {
      return new Refund(other, part, api);
    }

    @Override
    public boolean changes() {
      return true;
    }

    @Override
    public List<Step> simpler() {
      return simplerParts(
          part, p -> new Refund(payment, p, api), api, new Refund(payment, part, Api.V2));
    }

    @Override
    public String describe() {
      return "refund " + words(part) + " of payment " + (payment + 1) + through(api);
    }
  }

  /** Reads a payment and compares it with what its history made of it. */
  record Read(int payment, Api api) implements Step {
    @Override
    public Step on(int other) {
      return new Read(other, api);
    }

    @Override
    public String describe() {
      return "read payment " + (payment + 1) + through(api);
    }
  }

  /** Lists the merchant's refunds around a payment's and finds exactly the ones it was given. */
  record ListRefunds(int payment) implements Step {
    @Override
    public Step on(int other) {
      return new ListRefunds(other);
    }

    @Override
    public String describe() {
      return "list the refunds of payment " + (payment + 1);
    }
  }

  /** Lists the merchant's payments of the history's period, page by page: each one once. */
  record ListPayments() implements Step {
    @Override
    public String describe() {
      return "list the payments of the history's period, every page";
    }
  }

  /** Sends a payment's creation again, the same body with the same Idempotency-Key. */
  record Replay(int payment) implements Step {
    @Override
    public Step on(int other) {
      return new Replay(other);
    }

    @Override
    public String describe() {
      return "send the creation of payment " + (payment + 1) + " again, same key and body";
    }
  }

  /** Sends a payment's creation again with its Idempotency-Key and another amount. */
  record ReplayChanged(int payment) implements Step {
    @Override
    public Step on(int other) {
      return new ReplayChanged(other);
    }

    @Override
    public String describe() {
      return "send the creation of payment "
          + (payment + 1)
          + " again with its Idempotency-Key and another amount";
    }
  }

  /** The other merchant reads the payment. */
  record OtherMerchantReads(int payment) implements Step {
    @Override
    public Step on(int other) {
      return new OtherMerchantReads(other);
    }

    @Override
    public String describe() {
      return "the other merchant reads payment " + (payment + 1);
    }
  }

  /** The other merchant refunds a cent of the payment. */
  record OtherMerchantRefunds(int payment) implements Step {
    @Override
    public Step on(int other) {
      return new OtherMerchantRefunds(other);
    }

    @Override
    public boolean changes() {
      return true;
    }

    @Override
    public String describe() {
      return "the other merchant refunds a cent of payment " + (payment + 1);
    }
  }

  /** The other merchant cancels the payment. */
  record OtherMerchantCancels(int payment) implements Step {
    @Override
    public Step on(int other) {
      return new OtherMerchantCancels(other);
    }

    @Override
    public boolean changes() {
      return true;
    }

    @Override
    public String describe() {
      return "the other merchant cancels payment " + (payment + 1);
    }
  }

  /** Answers the payment's confirmation step with the profile's failing answer. */
  record FailStep(int payment) implements Step {
    @Override
    public Step on(int other) {
      return new FailStep(other);
    }

    @Override
    public String describe() {
      return "answer the confirmation step of payment " + (payment + 1) + " with a failing answer";
    }
  }

  /** Two changes of one payment sent at once. */
  record AtOnce(Step first, Step second) implements Step {
    public AtOnce {
      if (!first.changes() || !second.changes() || first.payment() != second.payment()) {
        throw new IllegalArgumentException(
            "two changes of one payment go at once: " + first + ", " + second);
      }
    }

    @Override
    public int payment() {
      return first.payment();
    }

    @Override
    public Step on(int other) {
      return new AtOnce(first.on(other), second.on(other));
    }

    @Override
    public boolean changes() {
      return true;
    }

    @Override
    public List<Step> simpler() {
      return List.of(first, second);
    }

    @Override
    public String describe() {
      return "at once: " + first.describe() + " | " + second.describe();
    }
  }

  private static List<Step> simplerParts(
      Part part, java.util.function.Function<Part, Step> with, Api api, Step throughV2) {
    List<Step> simpler = new ArrayList<>();
    if (api == Api.V1) {
      simpler.add(throughV2);
    }
    for (Part smaller : Part.values()) {
      if (smaller.ordinal() < part.ordinal()) {
        simpler.add(with.apply(smaller));
      }
    }
    return simpler;
  }

  private static String words(Part part) {
    return switch (part) {
      case WHOLE -> "the whole";
      case HALF -> "half";
      case CENT -> "one cent";
      case THIRD -> "a third";
      case REST -> "what is left";
      case BEYOND -> "a cent more than is left";
    };
  }

  private static String through(Api api) {
    return api == Api.V1 ? " through v1" : "";
  }
}
