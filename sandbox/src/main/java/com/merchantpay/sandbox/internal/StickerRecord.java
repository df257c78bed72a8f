package com.merchantpay.sandbox.internal;

import java.math.BigDecimal;
import java.time.Instant;

/** A sticker as the sandbox keeps it; guarded by the store lock. */
final class StickerRecord {
  final String id;
  final String merchantId;
  final Instant created;
  String stickerType;
  Boolean cashlink;
  String description;
  String productCode;
  String paymentPurpose;
  BigDecimal amount;
  String currency;
  String callbackUrl;
  boolean active = true;
  String payload;

  StickerRecord(String id, String merchantId, Instant created) {
    this.id = id;
    this.merchantId = merchantId;
    this.created = created;
  }
}
