package com.merchantpay.sandbox.internal.domain;

import java.math.BigDecimal;
import java.time.Instant;

/** A sticker as the sandbox keeps it; read anywhere, changed only by the domain's rules. */
public final class Sticker {
  final String id;
  final String merchantId;
  final Instant created;
  final String stickerType;
  final Boolean cashlink;
  final String description;
  final String productCode;
  final String paymentPurpose;
  final BigDecimal amount;
  final String currency;
  final String callbackUrl;
  final String payload;
  boolean active = true;
  Instant updated;

  /** What it weighs in the store, in bytes, counted once when it is added ({@link Store}). */
  int weight;

  Sticker(String id, String merchantId, Instant created, StickerDraft draft, String payload) {
    this.id = id;
    this.merchantId = merchantId;
    this.created = created;
    this.updated = created;
    this.stickerType = draft.stickerType();
    this.cashlink = draft.cashlink();
    this.description = draft.description();
    this.productCode = draft.productCode();
    this.paymentPurpose = draft.paymentPurpose();
    this.amount = draft.amount();
    this.currency = draft.amount() == null ? null : draft.currency();
    this.callbackUrl = draft.callbackUrl();
    this.payload = payload;
  }

  public String id() {
    return id;
  }

  public String merchantId() {
    return merchantId;
  }

  public Instant created() {
    return created;
  }

  public String stickerType() {
    return stickerType;
  }

  public Boolean cashlink() {
    return cashlink;
  }

  public String description() {
    return description;
  }

  public String productCode() {
    return productCode;
  }

  public String paymentPurpose() {
    return paymentPurpose;
  }

  /** The fixed amount, or null when the payer enters one. */
  public BigDecimal amount() {
    return amount;
  }

  public String currency() {
    return currency;
  }

  public boolean active() {
    return active;
  }

  public String payload() {
    return payload;
  }
}
