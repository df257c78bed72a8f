package com.merchantpay.sandbox.internal.v2;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.sandbox.internal.domain.CardInfo;
import com.merchantpay.sandbox.internal.domain.Confirmation;
import com.merchantpay.sandbox.internal.domain.FiscalData;
import com.merchantpay.sandbox.internal.domain.Payment;
import com.merchantpay.sandbox.internal.domain.PaymentStatus;
import com.merchantpay.sandbox.internal.domain.PaymentToken;
import com.merchantpay.sandbox.internal.domain.Receipt;
import com.merchantpay.sandbox.internal.domain.Refund;
import com.merchantpay.sandbox.internal.domain.Sticker;
import com.merchantpay.sandbox.internal.http.Json;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/**
 * The v2 JSON forms of the resources, member for member as the v2 OpenAPI document defines them.
 */
public final class V2Views {
  private V2Views() {}

  /**
   * A copy of a request's invoice whose {@code expires} is written in UTC like every timestamp the
   * sandbox writes, whatever offset the request used ({@code 12:00+03:00} becomes {@code 09:00Z}).
   */
  public static ObjectNode inUtc(ObjectNode invoice) {
    if (invoice == null) {
      return null;
    }
    ObjectNode copy = invoice.deepCopy();
    String expires = Json.str(copy, "expires");
    if (expires != null) {
      try {
        copy.put("expires", Json.time(OffsetDateTime.parse(expires).toInstant()));
      } catch (DateTimeParseException e) {
        // left as given; the caller reports it
      }
    }
    return copy;
  }

  /**
   * The payment as a GET answers it; {@code createdToken} is the token made while paying, if still
   * kept.
   */
  public static ObjectNode payment(Payment p, PaymentToken createdToken) {
    return (ObjectNode) Json.parseOwn(paymentJson(p, createdToken));
  }

  /**
   * {@link #payment} as the bytes of the answer, written straight out: the view every call that
   * returns a payment sends, so it is not built as a tree first.
   */
  public static byte[] paymentJson(Payment p, PaymentToken createdToken) {
    return Json.write(
        g -> {
          g.writeStartObject();
          g.writeStringField("id", p.id());
          g.writeStringField("created", Json.time(p.created()));
          if (p.completed() != null) {
            g.writeStringField("completed", Json.time(p.completed()));
          }
          g.writeBooleanField("testMode", p.testMode());
          g.writeStringField("status", p.status().wire());
          writeIfNotNull(g, "resultCode", p.resultCode());
          writeIfNotNull(g, "message", p.message());
          g.writeStringField("merchantId", p.merchantId());
          ObjectNode invoice = p.invoice();
          if (invoice != null) {
            g.writeFieldName("invoice");
            Json.write(g, invoice);
          }
          writeAmount(g, "amount", p.amount(), p.currency());
          BigDecimal captured = capturedShown(p);
          if (captured != null) {
            writeAmount(g, "capturedAmount", captured, p.currency());
          }
          if (p.customerIp() != null) {
            g.writeObjectFieldStart("customer");
            g.writeStringField("ip", p.customerIp());
            g.writeEndObject();
          }
          g.writeObjectFieldStart("paymentData");
          writeIfNotNull(g, "paymentMethod", p.paymentMethod());
          writeIfNotNull(g, "paymentInstrumentTitle", p.instrumentTitle());
          if (p.cardInfo() != null) {
            CardInfo info = p.cardInfo();
            g.writeObjectFieldStart("cardInfo");
            g.writeStringField("brand", info.brand());
            g.writeStringField("issuer", info.issuer());
            g.writeStringField("country", info.country());
            g.writeStringField("type", info.type());
            g.writeStringField("category", info.category());
            g.writeEndObject();
          }
          g.writeEndObject();
          if (p.confirmation() != null) {
            g.writeFieldName("confirmation");
            Json.write(g, confirmation(p.confirmation()));
          }
          if (createdToken != null) {
            g.writeObjectFieldStart("paymentToken");
            g.writeStringField("id", createdToken.id());
            if (createdToken.expires() != null) {
              g.writeStringField("expires", Json.time(createdToken.expires()));
            }
            writeIfNotNull(g, "title", createdToken.title());
            g.writeEndObject();
          }
          g.writeEndObject();
        });
  }

  private static void writeIfNotNull(JsonGenerator g, String field, String value)
      throws IOException {
    if (value != null) {
      g.writeStringField(field, value);
    }
  }

  private static void writeAmount(JsonGenerator g, String field, BigDecimal value, String currency)
      throws IOException {
    g.writeObjectFieldStart(field);
    g.writeNumberField("value", value);
    g.writeStringField("currency", currency);
    g.writeEndObject();
  }

  private static ObjectNode paymentData(Payment p) {
    ObjectNode data = Json.object();
    Json.putIfNotNull(data, "paymentMethod", p.paymentMethod());
    Json.putIfNotNull(data, "paymentInstrumentTitle", p.instrumentTitle());
    return data;
  }

  public static ObjectNode paymentListItem(Payment p) {
    ObjectNode node = Json.object();
    node.put("id", p.id());
    node.put("created", Json.time(p.created()));
    if (p.completed() != null) {
      node.put("completed", Json.time(p.completed()));
    }
    node.put("status", p.status().wire());
    node.put("merchantId", p.merchantId());
    ObjectNode invoice = p.invoice();
    if (invoice != null) {
      invoice.remove("params");
      node.set("invoice", invoice);
    }
    node.set("amount", Json.amount(p.amount(), p.currency()));
    putCaptured(node, p);
    node.set("paymentData", paymentData(p));
    return node;
  }

  /**
   * The money taken, in every view of a settled payment (a capture may take less than the held
   * amount, which {@code amount} keeps showing).
   */
  private static void putCaptured(ObjectNode node, Payment p) {
    BigDecimal captured = capturedShown(p);
    if (captured != null) {
      node.set("capturedAmount", Json.amount(captured, p.currency()));
    }
  }

  /** The money taken, shown for a settled payment only. */
  private static BigDecimal capturedShown(Payment p) {
    return p.status() == PaymentStatus.SETTLED ? p.captured() : null;
  }

  public static ObjectNode paymentNotification(Payment p) {
    ObjectNode node = Json.object();
    node.put("id", p.id());
    node.put("created", Json.time(p.created()));
    node.put("testMode", p.testMode());
    node.put("status", p.status().wire());
    node.put("merchantId", p.merchantId());
    ObjectNode invoice = p.invoice();
    if (invoice != null) {
      node.set("invoice", invoice);
    }
    node.set("amount", Json.amount(p.amount(), p.currency()));
    putCaptured(node, p);
    node.set("paymentData", paymentData(p));
    return node;
  }

  public static ObjectNode refund(Refund r, boolean withResultCode) {
    ObjectNode node = Json.object();
    node.put("id", r.id());
    node.put("created", Json.time(r.created()));
    node.put("paymentId", r.paymentId());
    node.set("amount", Json.amount(r.amount(), r.currency()));
    node.put("status", r.status().wire());
    if (withResultCode) {
      // A refund still Pending was accepted: Success, until the bank's answer gives its outcome.
      node.put("resultCode", r.resultCode() == null ? "Success" : r.resultCode());
    }
    return node;
  }

  public static ObjectNode token(PaymentToken t) {
    ObjectNode node = Json.object();
    node.put("id", t.id());
    node.put("status", t.status().wire());
    Json.putIfNotNull(node, "resultCode", t.resultCode());
    Json.putIfNotNull(node, "title", t.title());
    if (t.expires() != null) {
      node.put("expires", Json.time(t.expires()));
    }
    if (t.cardInfo() != null) {
      node.set("cardInfo", cardInfo(t.cardInfo()));
    }
    if (t.confirmation() != null) {
      node.set("confirmation", confirmation(t.confirmation()));
    }
    return node;
  }

  public static ObjectNode tokenNotification(PaymentToken t) {
    ObjectNode node = Json.object();
    node.put("id", t.id());
    node.put("status", t.status().wire());
    Json.putIfNotNull(node, "title", t.title());
    if (t.expires() != null) {
      node.put("expires", Json.time(t.expires()));
    }
    return node;
  }

  public static ObjectNode receipt(Receipt r) {
    ObjectNode node = Json.object();
    node.put("id", r.id());
    node.put("created", Json.time(r.created()));
    node.put("paymentId", r.paymentId());
    node.set("amount", Json.amount(r.amount(), r.currency()));
    node.put("type", r.type().wire());
    node.put("status", r.status().wire());
    Json.putIfNotNull(node, "providerOperationId", r.providerOperationId());
    FiscalData fiscal = r.fiscalData();
    if (fiscal != null) {
      ObjectNode data = node.putObject("fiscalData");
      data.put("fiscalDeviceId", fiscal.fiscalDeviceId());
      data.put("shiftNumber", fiscal.shiftNumber());
      data.put("receiptNumber", fiscal.receiptNumber());
      data.put("documentId", fiscal.documentId());
      data.put("fiscalAttribute", fiscal.fiscalAttribute());
      data.put("timestamp", Json.time(fiscal.timestamp()));
    }
    return node;
  }

  public static ObjectNode sticker(Sticker s) {
    ObjectNode node = Json.object();
    node.put("id", s.id());
    Json.putIfNotNull(node, "stickerType", s.stickerType());
    if (s.cashlink() != null) {
      node.put("cashlink", s.cashlink());
    }
    Json.putIfNotNull(node, "description", s.description());
    Json.putIfNotNull(node, "productCode", s.productCode());
    Json.putIfNotNull(node, "paymentPurpose", s.paymentPurpose());
    if (s.amount() != null) {
      node.set("amount", Json.amount(s.amount(), s.currency()));
    }
    node.put("status", s.active() ? "Active" : "Inactive");
    Json.putIfNotNull(node, "payload", s.payload());
    return node;
  }

  private static ObjectNode cardInfo(CardInfo info) {
    ObjectNode node = Json.object();
    node.put("brand", info.brand());
    node.put("issuer", info.issuer());
    node.put("country", info.country());
    node.put("type", info.type());
    node.put("category", info.category());
    return node;
  }

  private static ObjectNode confirmation(Confirmation c) {
    ObjectNode node = Json.object();
    node.put("type", c.type().name());
    Json.putIfNotNull(node, "maskedPhone", c.maskedPhone());
    Json.putIfNotNull(node, "methodUrl", c.methodUrl());
    Json.putIfNotNull(node, "transactionId", c.transactionId());
    Json.putIfNotNull(node, "acsUrl", c.acsUrl());
    Json.putIfNotNull(node, "creq", c.creq());
    Json.putIfNotNull(node, "PAReq", c.paReq());
    Json.putIfNotNull(node, "paymentUrl", c.paymentUrl());
    if (c.universalLink() != null) {
      node.put("universalLink", c.universalLink());
    }
    Json.putIfNotNull(node, "instruction", c.instruction());
    return node;
  }
}
