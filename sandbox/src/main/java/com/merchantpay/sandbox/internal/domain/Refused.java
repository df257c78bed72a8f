package com.merchantpay.sandbox.internal.domain;

/**
 * The sandbox refuses an operation for a reason of the service's rules, not of the request's form. The
 * message is written for the caller; each interface turns the kind into its own answer.
 */
public final class Refused extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** What kind of rule refused. */
  public enum Kind {
    /** No such resource, or it belongs to another merchant. */
    NOT_FOUND,
    /** The resource is in a state that does not allow the operation. */
    CONFLICT,
    /** A value of the request breaks a rule; the message names the member ({@code amount: ...}). */
    INVALID,
    /** The payment token has been revoked. */
    TOKEN_REVOKED,
    /** The payment token is blocked for now. */
    TOKEN_BLOCKED
  }

  private final Kind kind;

  private Refused(Kind kind, String message) {
    super(message, null, false, false);
    this.kind = kind;
  }

  public Kind kind() {
    return kind;
  }

  static Refused notFound(String what) {
    return new Refused(Kind.NOT_FOUND, "No " + what + " with this identifier.");
  }

  static Refused conflict(String message) {
    return new Refused(Kind.CONFLICT, message);
  }

  static Refused invalid(String memberAndRule) {
    return new Refused(Kind.INVALID, memberAndRule);
  }

  static Refused tokenRevoked() {
    return new Refused(Kind.TOKEN_REVOKED, "The payment token has been revoked.");
  }

  static Refused tokenBlocked() {
    return new Refused(Kind.TOKEN_BLOCKED, "The payment token is blocked for now; try again later.");
  }
}
