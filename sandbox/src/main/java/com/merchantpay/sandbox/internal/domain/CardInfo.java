package com.merchantpay.sandbox.internal.domain;

/** What the service tells about a card: never its number. */
public record CardInfo(String brand, String issuer, String country, String type, String category) {
  static CardInfo of(String pan) {
    return new CardInfo(MagicCards.brand(pan), "Sandbox Bank", "RU", "debit", "classic");
  }
}
