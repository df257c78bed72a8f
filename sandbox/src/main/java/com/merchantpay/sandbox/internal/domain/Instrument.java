package com.merchantpay.sandbox.internal.domain;

/** What a direct payment is paid with. */
public sealed interface Instrument {
  /** A card entered for this payment; its number decides what happens (see {@link MagicCards}). */
  record Card(String pan, String expiry) implements Instrument {
    @Override
    public String toString() {
      return "Card[" + MagicCards.mask(pan) + "]";
    }
  }

  /** A stored payment token, charged without the payer. */
  record StoredToken(String tokenId) implements Instrument {
    @Override
    public String toString() {
      return "StoredToken[***]";
    }
  }

  /** A cashlink sticker: the payer approves on the sticker's page. */
  record StickerLink(String stickerId) implements Instrument {}

  /** A wallet cryptogram; only its type is kept. */
  record Dsrp(String type) implements Instrument {}

  /** A phone number or account the payer approves from, on an External step. */
  record PayerAccount(String phoneOrAccount) implements Instrument {}

  /** An authorization code alone: nothing for the sandbox to decide on, so it is approved. */
  record AuthorizationCode() implements Instrument {}
}
