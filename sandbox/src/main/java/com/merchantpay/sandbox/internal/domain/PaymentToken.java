package com.merchantpay.sandbox.internal.domain;

import java.time.Instant;

/** A payment token as the sandbox keeps it; read anywhere, changed only by the domain's rules. */
public final class PaymentToken {
  final String id;
  final String merchantId;
  final Instant created;
  TokenStatus status;
  String resultCode;
  String title;
  Instant expires;
  CardInfo cardInfo;
  Confirmation confirmation;
  MagicCards.Behaviour behaviour = MagicCards.Behaviour.APPROVE;
  boolean blocked;
  String callbackUrl;
  boolean testMode;
  String instrumentTitle;
  Instant updated;

  /** What it weighs in the store, in bytes, counted once when it is added ({@link Store}). */
  int weight;

  PaymentToken(String id, String merchantId, Instant created) {
    this.id = id;
    this.merchantId = merchantId;
    this.created = created;
    this.updated = created;
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

  public TokenStatus status() {
    return status;
  }

  public String resultCode() {
    return resultCode;
  }

  public String title() {
    return title;
  }

  public Instant expires() {
    return expires;
  }

  public CardInfo cardInfo() {
    return cardInfo;
  }

  public Confirmation confirmation() {
    return confirmation;
  }

  /** Whether the hosted tokenization page still waits for the customer's card. */
  public boolean awaitingCard() {
    return status == TokenStatus.CREATED && cardInfo == null;
  }
}
