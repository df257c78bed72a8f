package com.merchantpay.sandbox.internal.domain;

import java.math.BigDecimal;

/** What a new sticker is made of; every member may be null. */
public record StickerDraft(
    String stickerType,
    Boolean cashlink,
    String description,
    String productCode,
    String paymentPurpose,
    BigDecimal amount,
    String currency,
    String callbackUrl) {}
