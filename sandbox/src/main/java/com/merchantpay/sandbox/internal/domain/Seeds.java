package com.merchantpay.sandbox.internal.domain;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * Resources wanted in a given state (provider states), already checked for form; null means "the
 * default".
 */
public final class Seeds {
  private Seeds() {}

  /**
   * @param pan the card whose later behaviour (refunds, tokens) the payment keeps
   * @param awaitingPayer for Pending: an invoice waiting for its payer rather than a bank's late
   *     answer
   */
  public record PaymentSeed(
      String id,
      String merchantId,
      PaymentStatus status,
      BigDecimal amount,
      String currency,
      Instant created,
      String resultCode,
      ConfirmationStep confirmationType,
      String pan,
      String callbackUrl,
      boolean testMode,
      boolean dualMode,
      ObjectNode invoice,
      boolean awaitingPayer) {
    @Override
    public String toString() {
      return "PaymentSeed[id=" + id + ", status=" + status + "]";
    }
  }

  /**
   * @param amount null for all that is left to refund
   */
  public record RefundSeed(
      String id,
      String paymentId,
      RefundStatus status,
      BigDecimal amount,
      Instant created,
      String externalId) {}

  public record TokenSeed(
      String id,
      String merchantId,
      TokenStatus status,
      String pan,
      String expiry,
      boolean blocked,
      String callbackUrl,
      String resultCode) {
    @Override
    public String toString() {
      return "TokenSeed[id=" + id + ", status=" + status + "]";
    }
  }

  /**
   * @param amount null for the payment's amount
   */
  public record ReceiptSeed(
      String paymentId, ReceiptStatus status, Receipt.Type type, BigDecimal amount) {}

  public record StickerSeed(String id, String merchantId, StickerDraft draft, boolean active) {}
}
