package com.merchantpay.sandbox.internal.domain;

import java.math.BigDecimal;

/**
 * The one way the domain refuses an operation: for a reason of the service's rules, not of the
 * request's form. Every refusal comes before the operation changes anything, and a refusal thrown
 * later still leaves nothing changed ({@link Core#transact} puts back what the change touched).
 * Each interface turns the kind into its own answer in one place; the message is written for the
 * caller and names no member of either interface, {@link #value()} says which value of the request
 * was wrong.
 */
public final class Refused extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** What kind of rule refused. */
  public enum Kind {
    /** No such resource, or it belongs to another merchant. */
    NOT_FOUND,
    /** The resource is in a state that does not allow the operation (yet, or any more). */
    NOT_NOW,
    /** The payment was cancelled or declined: no money moves on it any more. */
    CLOSED,
    /** The payment's invoice lapsed before its payer paid: no money moves on it. */
    LAPSED,
    /** The amount is more than the operation may move; {@link #limit()} says how much it may. */
    EXCEEDS,
    /** A value of the request breaks a rule of the service; {@link #value()} names it. */
    INVALID,
    /** The payment token has been revoked. */
    TOKEN_REVOKED,
    /** The payment token is blocked for now. */
    TOKEN_BLOCKED
  }

  /**
   * The request's amount (its number and currency), in the domain's words; each interface names its
   * member.
   */
  public static final String AMOUNT = "amount";

  private final Kind kind;
  private final String value;
  private final BigDecimal limit;

  private Refused(Kind kind, String value, BigDecimal limit, String message) {
    super(message, null, false, false);
    this.kind = kind;
    this.value = value;
    this.limit = limit;
  }

  public Kind kind() {
    return kind;
  }

  /**
   * The value that was wrong ({@link #AMOUNT}, or the member a confirmation step is answered with)
   * for {@link Kind#EXCEEDS} and {@link Kind#INVALID}; null for the other kinds.
   */
  public String value() {
    return value;
  }

  /** What the operation may move at most, for {@link Kind#EXCEEDS}; null otherwise. */
  public BigDecimal limit() {
    return limit;
  }

  static Refused notFound(String what) {
    return new Refused(Kind.NOT_FOUND, null, null, "No " + what + " with this identifier.");
  }

  static Refused notNow(String message) {
    return new Refused(Kind.NOT_NOW, null, null, message);
  }

  /**
   * The refusal of an operation the payment's status does not allow: {@link Kind#CLOSED} or {@link
   * Kind#LAPSED} when the payment ended without taking money, {@link Kind#NOT_NOW} otherwise.
   *
   * @param rule what the operation needs, as a sentence without its full stop
   */
  static Refused byStatus(Payment payment, String rule) {
    String message = rule + "; this one is " + payment.status.wire() + ".";
    Kind kind =
        !payment.status.isClosed()
            ? Kind.NOT_NOW
            : payment.invoiceExpired() ? Kind.LAPSED : Kind.CLOSED;
    return new Refused(kind, null, null, message);
  }

  static Refused exceeds(BigDecimal limit, String what) {
    return new Refused(
        Kind.EXCEEDS, AMOUNT, limit, "must not exceed the " + what + " " + limit.toPlainString());
  }

  static Refused invalid(String value, String rule) {
    return new Refused(Kind.INVALID, value, null, rule);
  }

  static Refused tokenRevoked() {
    return new Refused(Kind.TOKEN_REVOKED, null, null, "The payment token has been revoked.");
  }

  static Refused tokenBlocked() {
    return new Refused(
        Kind.TOKEN_BLOCKED, null, null, "The payment token is blocked for now; try again later.");
  }
}
