package com.merchantpay.sandbox.internal.domain;

import java.time.Instant;

/** What the fiscal register wrote on a receipt it accepted. */
public record FiscalData(
    String fiscalDeviceId,
    String shiftNumber,
    String receiptNumber,
    String documentId,
    String fiscalAttribute,
    Instant timestamp) {}
