package com.merchantpay.sandbox.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;

/** A payment token as the sandbox keeps it; guarded by the store lock. */
final class TokenRecord {
  final String id;
  final String merchantId;
  final Instant created;
  String status = "Created";
  String resultCode;
  String title;
  Instant expires;
  ObjectNode cardInfo;
  ObjectNode confirmation;
  MagicCards.Behaviour behaviour = MagicCards.Behaviour.APPROVE;
  boolean blocked;
  /** True for hosted tokenization, where the customer has not entered a card yet. */
  boolean awaitingCard;
  String callbackUrl;
  boolean testMode;
  String instrumentTitle;

  TokenRecord(String id, String merchantId, Instant created) {
    this.id = id;
    this.merchantId = merchantId;
    this.created = created;
  }
}
