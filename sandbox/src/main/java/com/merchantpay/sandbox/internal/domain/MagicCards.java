package com.merchantpay.sandbox.internal.domain;

import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Test card numbers and what they do. Every number here passes the Luhn check; any other valid card
 * number pays without a confirmation step. A number that fails the Luhn check is declined with
 * {@code InvalidAccount}, and a card whose MM/YY expiry lies before the sandbox's current month
 * with {@code ExpiredAccount}.
 */
public final class MagicCards {
  private static final Pattern EXPIRY = Pattern.compile("(0[1-9]|1[0-2])/[0-9]{2}");

  /** What a card does when it pays. */
  public record Behaviour(
      String declineCode,
      List<ConfirmationStep> steps,
      boolean pending,
      String declineAfterPending,
      boolean tokenBlocked,
      boolean refundsRejected) {

    public static final Behaviour APPROVE =
        new Behaviour(null, List.of(), false, null, false, false);

    public static Behaviour decline(String code) {
      return new Behaviour(code, List.of(), false, null, false, false);
    }

    /** Approved once the payer has passed these confirmation steps. */
    public static Behaviour confirmedBy(ConfirmationStep... steps) {
      return new Behaviour(null, List.of(steps), false, null, false, false);
    }

    /**
     * Pending until the bank answers, then approved, or declined with {@code code} when it is not
     * null.
     */
    static Behaviour pendingThen(String code) {
      return new Behaviour(null, List.of(), true, code, false, false);
    }

    /**
     * Approved, with what the card does after the payment: its tokens blocked, its refunds
     * rejected.
     */
    static Behaviour approvedThen(boolean tokenBlocked, boolean refundsRejected) {
      return new Behaviour(null, List.of(), false, null, tokenBlocked, refundsRejected);
    }

    /** The same card paying where nobody is there to confirm a step (a stored token is charged). */
    Behaviour withoutSteps() {
      return new Behaviour(
          declineCode, List.of(), pending, declineAfterPending, tokenBlocked, refundsRejected);
    }

    /** The same card once its payment was approved: only what it does later is left. */
    Behaviour afterApproval() {
      return approvedThen(tokenBlocked, refundsRejected);
    }

    /** The same card with its bank answering later, whatever it would have done at once. */
    Behaviour answeredLater() {
      return new Behaviour(
          declineCode, List.of(), true, declineAfterPending, tokenBlocked, refundsRejected);
    }
  }

  /** One row of the table in the README. */
  public record Row(String pan, String effect, Behaviour behaviour) {}

  /** The fifteen authorization result codes in the order the v2 document lists them. */
  public static final List<String> RESULT_CODES =
      List.of(
          "TransactionDeclined",
          "IssuerUnavailable",
          "RejectedByFraud",
          "InvalidAmount",
          "InvalidAccount",
          "BlockedAccount",
          "OperationNotAllowed",
          "InsufficientFunds",
          "ExpiredAccount",
          "PaymentLimitExceeded",
          "PaymentCountExceeded",
          "CardNotEnrolled",
          "ThreeDSecureFailed",
          "CancelledByUser",
          "PaymentExpired");

  public static final String SUCCESS_PAN = "4111111111111111";

  /** Answers to confirmation steps that make authentication fail; anything else passes. */
  public static final String FAILING_OTP = "000000";

  public static final String FAILING_CRES = "N";
  public static final String FAILING_PARES = "N";

  private static final Map<String, Row> ROWS = new LinkedHashMap<>();

  static {
    add(SUCCESS_PAN, "approved, no confirmation", Behaviour.APPROVE);
    add("5555555555554444", "approved, no confirmation (Mastercard)", Behaviour.APPROVE);
    for (int i = 0; i < RESULT_CODES.size(); i++) {
      String code = RESULT_CODES.get(i);
      add(
          withCheckDigit("400000000000" + (101 + i)),
          "declined with resultCode " + code,
          Behaviour.decline(code));
    }
    step("400000000000201", "confirmation SmsOtp, then approved", ConfirmationStep.SmsOtp);
    step(
        "400000000000202",
        "confirmation ThreeDSMethod, then approved",
        ConfirmationStep.ThreeDSMethod);
    step(
        "400000000000203",
        "confirmation ThreeDSChallenge, then approved",
        ConfirmationStep.ThreeDSChallenge);
    step("400000000000204", "confirmation ThreeDSv1, then approved", ConfirmationStep.ThreeDSv1);
    step(
        "400000000000205",
        "confirmation External (sandbox page), then approved",
        ConfirmationStep.External);
    step(
        "400000000000206",
        "ThreeDSMethod, then ThreeDSChallenge, then approved",
        ConfirmationStep.ThreeDSMethod,
        ConfirmationStep.ThreeDSChallenge);
    add(
        withCheckDigit("400000000000301"),
        "stays Pending until the clock passes 60 s, then approved",
        Behaviour.pendingThen(null));
    add(
        withCheckDigit("400000000000302"),
        "stays Pending until the clock passes 60 s, then declined with IssuerUnavailable",
        Behaviour.pendingThen("IssuerUnavailable"));
    add(
        withCheckDigit("400000000000401"),
        "approved; a payment token made from it is Active but blocked (payment_token_blocked)",
        Behaviour.approvedThen(true, false));
    add(
        withCheckDigit("400000000000402"),
        "approved; every refund of the payment ends Rejected",
        Behaviour.approvedThen(false, true));
  }

  private MagicCards() {}

  private static void step(String prefix, String effect, ConfirmationStep... steps) {
    add(withCheckDigit(prefix), effect, Behaviour.confirmedBy(steps));
  }

  private static void add(String pan, String effect, Behaviour behaviour) {
    if (!luhnValid(pan)) {
      throw new IllegalStateException(
          "test card fails the Luhn check: " + pan.substring(pan.length() - 4));
    }
    ROWS.put(pan, new Row(pan, effect, behaviour));
  }

  public static List<Row> table() {
    return Collections.unmodifiableList(new ArrayList<>(ROWS.values()));
  }

  /** The test card that declines with the given result code. */
  public static String declining(String resultCode) {
    return withCheckDigit("400000000000" + (101 + RESULT_CODES.indexOf(resultCode)));
  }

  /**
   * What paying with this card does at the given moment. The card number and expiry have already
   * been checked for form (digits, MM/YY).
   */
  public static Behaviour forCard(String pan, String expiry, Instant now) {
    if (!luhnValid(pan)) {
      return Behaviour.decline("InvalidAccount");
    }
    YearMonth expires = expiryMonth(expiry);
    if (expires != null && expires.isBefore(YearMonth.from(now.atOffset(ZoneOffset.UTC)))) {
      return Behaviour.decline("ExpiredAccount");
    }
    Row row = ROWS.get(pan);
    return row == null ? Behaviour.APPROVE : row.behaviour();
  }

  /** MM/YY as a month, or null when the text is not of that form. */
  public static YearMonth expiryMonth(String expiry) {
    if (expiry == null || !EXPIRY.matcher(expiry).matches()) {
      return null;
    }
    return YearMonth.of(
        2000 + Integer.parseInt(expiry.substring(3)), Integer.parseInt(expiry.substring(0, 2)));
  }

  public static boolean luhnValid(String pan) {
    int sum = 0;
    for (int i = 0; i < pan.length(); i++) {
      int digit = pan.charAt(pan.length() - 1 - i) - '0';
      if (i % 2 == 1) {
        digit *= 2;
        if (digit > 9) {
          digit -= 9;
        }
      }
      sum += digit;
    }
    return sum % 10 == 0;
  }

  public static String withCheckDigit(String partial) {
    for (int d = 0; d <= 9; d++) {
      if (luhnValid(partial + d)) {
        return partial + d;
      }
    }
    throw new IllegalStateException("unreachable");
  }

  /**
   * Whether the answer in a step's member is one of the test values that make authentication fail.
   */
  public static boolean failsAuthentication(String answerMember, String value) {
    return switch (answerMember) {
      case "code" -> FAILING_OTP.equals(value);
      case "cres" -> FAILING_CRES.equals(value);
      case "PARes" -> FAILING_PARES.equals(value);
      default -> false;
    };
  }

  /** The usual masked form: first six and last four digits. */
  public static String mask(String pan) {
    return pan.substring(0, 6) + "*".repeat(pan.length() - 10) + pan.substring(pan.length() - 4);
  }

  public static String brand(String pan) {
    return switch (pan.charAt(0)) {
      case '4' -> "Visa";
      case '5' -> "Mastercard";
      case '2' -> pan.startsWith("220") ? "Mir" : "Mastercard";
      case '3' -> "AmericanExpress";
      default -> "Unknown";
    };
  }
}
