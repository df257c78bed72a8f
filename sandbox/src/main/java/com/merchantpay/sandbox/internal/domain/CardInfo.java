package com.merchantpay.sandbox.internal.domain;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** What the service tells about a card: never its number. */
public record CardInfo(String brand, String issuer, String country, String type, String category) {
  /** One per brand, shared by every payment made with it: they are alike but for the brand. */
  private static final Map<String, CardInfo> BY_BRAND = new ConcurrentHashMap<>();

  static CardInfo of(String pan) {
    return BY_BRAND.computeIfAbsent(
        MagicCards.brand(pan),
        brand -> new CardInfo(brand, "Sandbox Bank", "RU", "debit", "classic"));
  }
}
