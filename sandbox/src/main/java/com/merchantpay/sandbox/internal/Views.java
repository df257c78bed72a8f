package com.merchantpay.sandbox.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.sandbox.Sandbox;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;

/** The JSON forms of the resources, member for member as the two OpenAPI documents define them. */
final class Views {
  private static final DateTimeFormatter LOCAL = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss");

  private Views() {}

  /** v2 timestamps: ISO 8601 in UTC with {@code Z}, milliseconds only when there are any. */
  static String time(Instant instant) {
    return instant.truncatedTo(ChronoUnit.MILLIS).toString();
  }

  /**
   * A copy of a request's invoice whose {@code expires} is written in UTC like every timestamp the sandbox
   * writes, whatever offset the request used ({@code 12:00+03:00} becomes {@code 09:00Z}).
   */
  static ObjectNode inUtc(ObjectNode invoice) {
    ObjectNode copy = invoice.deepCopy();
    String expires = Json.str(copy, "expires");
    if (expires != null) {
      try {
        copy.put("expires", time(OffsetDateTime.parse(expires).toInstant()));
      } catch (DateTimeParseException e) {
        // left as given; the caller reports it
      }
    }
    return copy;
  }

  /** v1 timestamps: UTC without zone designator, whole seconds. */
  static String localTime(Instant instant) {
    return LocalDateTime.ofInstant(instant, ZoneOffset.UTC).format(LOCAL);
  }

  // ---------------------------------------------------------------- v2

  static ObjectNode payment(PaymentRecord p, Store store) {
    ObjectNode node = Json.object();
    node.put("id", p.id);
    node.put("created", time(p.created));
    if (p.completed != null) {
      node.put("completed", time(p.completed));
    }
    node.put("testMode", p.testMode);
    node.put("status", p.status);
    Json.putIfNotNull(node, "resultCode", p.resultCode);
    Json.putIfNotNull(node, "message", p.message);
    node.put("merchantId", p.merchantId);
    if (p.invoice != null) {
      node.set("invoice", p.invoice.deepCopy());
    }
    node.set("amount", Json.amount(p.amount, p.currency));
    putCaptured(node, p);
    if (p.customerIp != null) {
      node.putObject("customer").put("ip", p.customerIp);
    }
    ObjectNode data = paymentData(p);
    if (p.cardInfo != null) {
      data.set("cardInfo", p.cardInfo.deepCopy());
    }
    node.set("paymentData", data);
    if (p.confirmation != null) {
      node.set("confirmation", p.confirmation.deepCopy());
    }
    TokenRecord token = p.createdTokenId == null ? null : store.tokens.get(p.createdTokenId);
    if (token != null) {
      ObjectNode info = node.putObject("paymentToken");
      info.put("id", token.id);
      if (token.expires != null) {
        info.put("expires", time(token.expires));
      }
      Json.putIfNotNull(info, "title", token.title);
    }
    return node;
  }

  private static ObjectNode paymentData(PaymentRecord p) {
    ObjectNode data = Json.object();
    Json.putIfNotNull(data, "paymentMethod", p.paymentMethod);
    Json.putIfNotNull(data, "paymentInstrumentTitle", p.instrumentTitle);
    return data;
  }

  static ObjectNode paymentListItem(PaymentRecord p) {
    ObjectNode node = Json.object();
    node.put("id", p.id);
    node.put("created", time(p.created));
    if (p.completed != null) {
      node.put("completed", time(p.completed));
    }
    node.put("status", p.status);
    node.put("merchantId", p.merchantId);
    if (p.invoice != null) {
      ObjectNode invoice = p.invoice.deepCopy();
      invoice.remove("params");
      node.set("invoice", invoice);
    }
    node.set("amount", Json.amount(p.amount, p.currency));
    putCaptured(node, p);
    node.set("paymentData", paymentData(p));
    return node;
  }

  /**
   * The money taken, in every view of a settled payment (a capture may take less than the held amount,
   * which {@code amount} keeps showing).
   */
  private static void putCaptured(ObjectNode node, PaymentRecord p) {
    if ("Settled".equals(p.status) && p.captured != null) {
      node.set("capturedAmount", Json.amount(p.captured, p.currency));
    }
  }

  static ObjectNode paymentNotification(PaymentRecord p) {
    ObjectNode node = Json.object();
    node.put("id", p.id);
    node.put("created", time(p.created));
    node.put("testMode", p.testMode);
    node.put("status", p.status);
    node.put("merchantId", p.merchantId);
    if (p.invoice != null) {
      node.set("invoice", p.invoice.deepCopy());
    }
    node.set("amount", Json.amount(p.amount, p.currency));
    putCaptured(node, p);
    node.set("paymentData", paymentData(p));
    return node;
  }

  static ObjectNode refund(RefundRecord r, boolean withResultCode) {
    ObjectNode node = Json.object();
    node.put("id", r.id);
    node.put("created", time(r.created));
    node.put("paymentId", r.paymentId);
    node.set("amount", Json.amount(r.amount, r.currency));
    node.put("status", r.status);
    if (withResultCode) {
      Json.putIfNotNull(node, "resultCode", r.resultCode);
    }
    return node;
  }

  static ObjectNode token(TokenRecord t) {
    ObjectNode node = Json.object();
    node.put("id", t.id);
    node.put("status", t.status);
    Json.putIfNotNull(node, "resultCode", t.resultCode);
    Json.putIfNotNull(node, "title", t.title);
    if (t.expires != null) {
      node.put("expires", time(t.expires));
    }
    if (t.cardInfo != null) {
      node.set("cardInfo", t.cardInfo.deepCopy());
    }
    if (t.confirmation != null) {
      node.set("confirmation", t.confirmation.deepCopy());
    }
    return node;
  }

  static ObjectNode tokenNotification(TokenRecord t) {
    ObjectNode node = Json.object();
    node.put("id", t.id);
    node.put("status", t.status);
    Json.putIfNotNull(node, "title", t.title);
    if (t.expires != null) {
      node.put("expires", time(t.expires));
    }
    return node;
  }

  static ObjectNode receipt(ReceiptRecord r) {
    ObjectNode node = Json.object();
    node.put("id", r.id);
    node.put("created", time(r.created));
    node.put("paymentId", r.paymentId);
    node.set("amount", Json.amount(r.amount, r.currency));
    node.put("type", r.type);
    node.put("status", r.status);
    Json.putIfNotNull(node, "providerOperationId", r.providerOperationId);
    if (r.fiscalData != null) {
      node.set("fiscalData", r.fiscalData.deepCopy());
    }
    return node;
  }

  static ObjectNode sticker(StickerRecord s) {
    ObjectNode node = Json.object();
    node.put("id", s.id);
    Json.putIfNotNull(node, "stickerType", s.stickerType);
    if (s.cashlink != null) {
      node.put("cashlink", s.cashlink);
    }
    Json.putIfNotNull(node, "description", s.description);
    Json.putIfNotNull(node, "productCode", s.productCode);
    Json.putIfNotNull(node, "paymentPurpose", s.paymentPurpose);
    if (s.amount != null) {
      node.set("amount", Json.amount(s.amount, s.currency));
    }
    node.put("status", s.active ? "Active" : "Inactive");
    Json.putIfNotNull(node, "payload", s.payload);
    return node;
  }

  // ---------------------------------------------------------------- v1

  /**
   * v1 state of a payment. An invoice nobody has tried to pay yet is INITIATED; a payment in progress or
   * waiting for a confirmation is PROCESSING; held money is HOLD; settled is COMPLETE; cancelled and
   * declined payments are CANCELLED.
   */
  static String v1State(PaymentRecord p) {
    return switch (p.status) {
      case "Authorized" -> "HOLD";
      case "Settled" -> "COMPLETE";
      case "Cancelled", "Rejected" -> "CANCELLED";
      default -> p.awaitingPayer ? "INITIATED" : "PROCESSING";
    };
  }

  /** v1 error code of a payment: 0, the reason given to cancelPayment, or the code of the decline. */
  static int v1ErrorCode(PaymentRecord p) {
    if ("Cancelled".equals(p.status)) {
      return p.v1CancelCode != null ? p.v1CancelCode : -15;
    }
    if ("Rejected".equals(p.status)) {
      return p.invoiceExpired ? -9 : v1Code(p.resultCode);
    }
    return 0;
  }

  /** The v1 code refusing money operations on a cancelled or declined payment: -9 for an expired invoice. */
  static int v1ClosedCode(PaymentRecord p) {
    return p.invoiceExpired ? -9 : -15;
  }

  static int v1Code(String resultCode) {
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

  static ObjectNode v1Payment(PaymentRecord p, Sandbox.Merchant merchant) {
    ObjectNode node = Json.object();
    node.put("PaymentID", Long.parseLong(p.id));
    String orderNo = Json.str(p.invoice, "orderNo");
    Json.putIfNotNull(node, "SiteInvoiceID", orderNo);
    node.put("SiteID", merchant.siteId());
    node.put("CurrencyCode", p.currency);
    node.put("Amount", p.amount);
    node.put("PaymentCurrencyCode", p.currency);
    node.put("PaymentAmount", paidAmount(p));
    if (p.paymentMethod != null) {
      node.put("PaymentMethod", PaymentMethods.v1Name(p.paymentMethod));
    }
    node.put("State", v1State(p));
    Json.putIfNotNull(node, "Purpose", Json.str(p.invoice, "description"));
    node.put("IsTestPayment", p.testMode);
    node.put("LastUpdateTime", localTime(p.updated));
    node.put("ErrorCode", v1ErrorCode(p));
    Json.putIfNotNull(node, "UserIdentifier", p.instrumentTitle);
    Json.putIfNotNull(node, "UserPhoneNumber", p.phone);
    return node;
  }

  private static BigDecimal paidAmount(PaymentRecord p) {
    return switch (p.status) {
      case "Settled" -> p.captured != null ? p.captured : p.amount;
      case "Authorized" -> p.amount;
      default -> BigDecimal.ZERO;
    };
  }

  static String v1RefundState(RefundRecord r) {
    return switch (r.status) {
      case "Success" -> "SUCCESS";
      case "Rejected" -> "FAILURE";
      default -> "PENDING";
    };
  }

  static ObjectNode v1Refund(RefundRecord r) {
    ObjectNode node = Json.object();
    node.put("RefundID", Long.parseLong(r.id));
    if (r.externalId != null) {
      node.put("ExternalID", r.externalId);
    } else {
      node.putNull("ExternalID");
    }
    node.put("PaymentID", Long.parseLong(r.paymentId));
    node.put("Amount", r.amount);
    if (r.v1ErrorCode != null) {
      node.put("ErrorCode", r.v1ErrorCode);
    } else {
      node.putNull("ErrorCode");
    }
    if (r.errorDesc != null) {
      node.put("ErrorDesc", r.errorDesc);
    } else {
      node.putNull("ErrorDesc");
    }
    node.put("State", v1RefundState(r));
    node.put("LastUpdate", localTime(r.updated));
    return node;
  }

  static boolean isNumericId(String id) {
    return !id.isEmpty() && id.length() <= 18 && id.chars().allMatch(Character::isDigit);
  }

  static JsonNode orNull(JsonNode node) {
    return node == null || node.isNull() ? null : node;
  }
}
