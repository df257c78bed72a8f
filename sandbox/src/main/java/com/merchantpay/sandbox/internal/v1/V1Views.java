package com.merchantpay.sandbox.internal.v1;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.sandbox.internal.config.MerchantAccount;
import com.merchantpay.sandbox.internal.domain.Payment;
import com.merchantpay.sandbox.internal.domain.PaymentMethods;
import com.merchantpay.sandbox.internal.domain.PaymentStatus;
import com.merchantpay.sandbox.internal.domain.Refund;
import com.merchantpay.sandbox.internal.http.Json;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The v1 forms of payments and refunds, member for member as the v1 OpenAPI document defines them.
 */
final class V1Views {
  private static final DateTimeFormatter LOCAL =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss");

  private V1Views() {}

  /** v1 timestamps: UTC without zone designator, whole seconds. */
  static String localTime(Instant instant) {
    return LocalDateTime.ofInstant(instant, ZoneOffset.UTC).format(LOCAL);
  }

  /**
   * v1 state of a payment. An invoice nobody has tried to pay yet is INITIATED; a payment in
   * progress or waiting for a confirmation is PROCESSING; held money is HOLD; settled is COMPLETE;
   * cancelled and declined payments are CANCELLED.
   */
  static String state(Payment p) {
    return switch (p.status()) {
      case AUTHORIZED -> "HOLD";
      case SETTLED -> "COMPLETE";
      case CANCELLED, REJECTED -> "CANCELLED";
      default -> p.awaitingPayer() ? "INITIATED" : "PROCESSING";
    };
  }

  /**
   * v1 error code of a payment: 0, the reason given to cancelPayment, or the code of the decline.
   */
  static int errorCode(Payment p) {
    if (p.status() == PaymentStatus.CANCELLED) {
      return p.v1CancelCode() != null ? p.v1CancelCode() : -15;
    }
    if (p.status() == PaymentStatus.REJECTED) {
      return p.invoiceExpired() ? -9 : code(p.resultCode());
    }
    return 0;
  }

  static int code(String resultCode) {
    if (resultCode == null) {
      return 0;
    }
    return switch (resultCode) {
      case "Success" -> 0;
      case "IssuerUnavailable" -> -2;
      case "InvalidAmount" -> -18;
      case "InvalidAccount" -> -26;
      case "BlockedAccount" -> -28;
      case "OperationNotAllowed" -> -31;
      case "InsufficientFunds" -> -19;
      case "ExpiredAccount" -> -27;
      case "PaymentLimitExceeded" -> -29;
      case "PaymentCountExceeded" -> -30;
      case "CardNotEnrolled", "ThreeDSecureFailed" -> -25;
      case "CancelledByUser" -> -17;
      case "PaymentExpired" -> -15;
      default -> -10;
    };
  }

  static ObjectNode payment(Payment p, MerchantAccount merchant) {
    ObjectNode node = Json.object();
    node.put("PaymentID", Long.parseLong(p.id()));
    Json.putIfNotNull(node, "SiteInvoiceID", p.invoiceText("orderNo"));
    node.put("SiteID", merchant.siteId());
    node.put("CurrencyCode", p.currency());
    node.put("Amount", p.amount());
    node.put("PaymentCurrencyCode", p.currency());
    node.put("PaymentAmount", paidAmount(p));
    if (p.paymentMethod() != null) {
      node.put("PaymentMethod", PaymentMethods.v1Name(p.paymentMethod()));
    }
    node.put("State", state(p));
    Json.putIfNotNull(node, "Purpose", p.invoiceText("description"));
    node.put("IsTestPayment", p.testMode());
    node.put("LastUpdateTime", localTime(p.updated()));
    node.put("ErrorCode", errorCode(p));
    Json.putIfNotNull(node, "UserIdentifier", p.instrumentTitle());
    Json.putIfNotNull(node, "UserPhoneNumber", p.phone());
    return node;
  }

  private static BigDecimal paidAmount(Payment p) {
    return switch (p.status()) {
      case SETTLED -> p.captured() != null ? p.captured() : p.amount();
      case AUTHORIZED -> p.amount();
      default -> BigDecimal.ZERO;
    };
  }

  static String refundState(Refund r) {
    return switch (r.status()) {
      case SUCCESS -> "SUCCESS";
      case REJECTED -> "FAILURE";
      default -> "PENDING";
    };
  }

  static ObjectNode refund(Refund r) {
    ObjectNode node = Json.object();
    node.put("RefundID", Long.parseLong(r.id()));
    if (r.externalId() != null) {
      node.put("ExternalID", r.externalId());
    } else {
      node.putNull("ExternalID");
    }
    node.put("PaymentID", Long.parseLong(r.paymentId()));
    node.put("Amount", r.amount());
    if (r.v1ErrorCode() != null) {
      node.put("ErrorCode", r.v1ErrorCode());
    } else {
      node.putNull("ErrorCode");
    }
    if (r.errorDescription() != null) {
      node.put("ErrorDesc", r.errorDescription());
    } else {
      node.putNull("ErrorDesc");
    }
    node.put("State", refundState(r));
    node.put("LastUpdate", localTime(r.updated()));
    return node;
  }

  /**
   * Whether a resource id can be shown where v1 wants a number: control-made ids may be any text.
   */
  static boolean isNumericId(String id) {
    return !id.isEmpty() && id.length() <= 18 && id.chars().allMatch(Character::isDigit);
  }
}
