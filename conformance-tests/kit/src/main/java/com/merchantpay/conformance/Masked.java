package com.merchantpay.conformance;

import com.merchantpay.conformance.internal.Redaction;

/**
 * A peer's text with its secrets masked, as the kit masks everything it prints or writes: card
 * numbers (first six and last four digits at most), CVCs, expiry dates, cryptograms, confirmation
 * answers, payment token ids, bearer tokens, and v1 signatures, nonces and passwords.
 */
public final class Masked {
  private Masked() {}

  /** A form body, query string or free text, masked. */
  public static String text(String text) {
    return Redaction.text(text);
  }

  /** A body, JSON or text, masked member by member where it is JSON. */
  public static String body(String text) {
    return Redaction.body(text);
  }
}
