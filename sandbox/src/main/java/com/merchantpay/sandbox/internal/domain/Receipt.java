package com.merchantpay.sandbox.internal.domain;

import java.math.BigDecimal;
import java.time.Instant;

/** A fiscal receipt as the sandbox keeps it; read anywhere, changed only by the domain's rules. */
public final class Receipt {
  /** What the receipt records. */
  public enum Type {
    PAYMENT("Payment"),
    REFUND("Refund");

    private final String wire;

    Type(String wire) {
      this.wire = wire;
    }

    public String wire() {
      return wire;
    }

    /** The type with this wire name, or null. */
    public static Type named(String name) {
      for (Type type : values()) {
        if (type.wire.equals(name)) {
          return type;
        }
      }
      return null;
    }
  }

  final String id;
  final String paymentId;
  final String merchantId;
  final Instant created;
  final BigDecimal amount;
  final String currency;
  final Type type;
  ReceiptStatus status;
  Instant updated;
  Instant due;
  String providerOperationId;
  FiscalData fiscalData;

  /** What it weighs in the store, in bytes, counted once when it is added ({@link Store}). */
  int weight;

  Receipt(
      String id,
      String paymentId,
      String merchantId,
      Instant created,
      BigDecimal amount,
      String currency,
      Type type) {
    this.id = id;
    this.paymentId = paymentId;
    this.merchantId = merchantId;
    this.created = created;
    this.updated = created;
    this.amount = amount;
    this.currency = currency;
    this.type = type;
  }

  public String id() {
    return id;
  }

  public String paymentId() {
    return paymentId;
  }

  public String merchantId() {
    return merchantId;
  }

  public Instant created() {
    return created;
  }

  public BigDecimal amount() {
    return amount;
  }

  public String currency() {
    return currency;
  }

  public Type type() {
    return type;
  }

  public ReceiptStatus status() {
    return status;
  }

  public String providerOperationId() {
    return providerOperationId;
  }

  public FiscalData fiscalData() {
    return fiscalData;
  }
}
