package com.merchantpay.examples.checkout;

/** The card a shopper entered. Only the last four digits ever leave in text. */
public record Card(String pan, String expiry, String cvc) {
  @Override
  public String toString() {
    String last4 = pan == null || pan.length() < 4 ? "" : pan.substring(pan.length() - 4);
    return "Card[**** " + last4 + ", expiry " + expiry + "]";
  }
}
