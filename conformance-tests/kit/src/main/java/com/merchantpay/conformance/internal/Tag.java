package com.merchantpay.conformance.internal;

import java.util.Locale;

/**
 * A topic a check can be selected by, besides its suite, its interface and {@code decision}, which
 * every check carries without declaring them. Constants rather than strings, so that a misspelt tag
 * is a compile error instead of a new tag nobody selects.
 */
enum Tag {
  CALLBACKS,
  CLOCK,
  CONCURRENCY,
  CONFIRMATIONS,
  CROSS_INTERFACE,
  DECLINES,
  ERRORS,
  HAPPY_PATH,
  MONEY,
  NEGATIVE,
  PAGES,
  PAGINATION,
  PAYMENTS,
  RECEIPTS,
  REFUNDS,
  ROLES,
  SCHEMA,
  SECRETS,
  SIGNATURE,
  STICKERS,
  TIME,
  TLS,
  TOKENS,
  TRANSITIONS,
  XML;

  /** The tag as it is written on the command line and in reports: {@code happy-path}. */
  public String text() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
