package com.merchantpay.v2;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.merchantpay.v2.model.Payment;
import com.merchantpay.v2.model.PaymentNotification;
import com.merchantpay.v2.model.PaymentToken;
import com.merchantpay.v2.model.PaymentTokenNotification;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Reading the service's callbacks (payment status and payment token status notifications).
 *
 * <p><b>Why verify.</b> The service documents no signature or authentication on callbacks: anyone
 * who learns your callback URL can post a body that claims a payment is {@code Settled}. Treat a
 * notification as a hint that something changed, never as proof: {@link
 * #verify(PaymentNotification)} reads the payment through the authenticated API and returns that
 * state, which is the one to act on. Callbacks may also arrive twice or out of order, which the
 * authoritative read settles as well.
 *
 * <pre>{@code
 * PaymentNotification hint = client.notifications().parsePayment(requestBody);
 * Payment payment = client.notifications().verify(hint);   // authoritative
 * if (payment.getStatus().equals(PaymentStatus.SETTLED)) { ship(payment.getInvoice().getOrderNo()); }
 * }</pre>
 */
public final class Notifications {
  private final ObjectMapper mapper;
  private final Payments payments;
  private final PaymentTokens paymentTokens;

  Notifications(ObjectMapper mapper, Payments payments, PaymentTokens paymentTokens) {
    this.mapper = mapper;
    this.payments = payments;
    this.paymentTokens = paymentTokens;
  }

  /** Reads a payment status notification; unknown members are ignored. */
  public PaymentNotification parsePayment(byte[] body) {
    return parse(body, PaymentNotification.class, "payment notification");
  }

  /** As {@link #parsePayment(byte[])}, for a body already read as text. */
  public PaymentNotification parsePayment(String body) {
    return parsePayment(body == null ? null : body.getBytes(StandardCharsets.UTF_8));
  }

  /** Reads a payment token status notification; unknown members are ignored. */
  public PaymentTokenNotification parsePaymentToken(byte[] body) {
    return parse(body, PaymentTokenNotification.class, "payment token notification");
  }

  /** As {@link #parsePaymentToken(byte[])}, for a body already read as text. */
  public PaymentTokenNotification parsePaymentToken(String body) {
    return parsePaymentToken(body == null ? null : body.getBytes(StandardCharsets.UTF_8));
  }

  /** The payment as the API reports it now: act on this, not on the notification. */
  public Payment verify(PaymentNotification notification) {
    return verify(notification, RequestOptions.none());
  }

  /**
   * As {@link #verify(PaymentNotification)}, with per-call options, say the token of the payment's
   * merchant.
   */
  public Payment verify(PaymentNotification notification, RequestOptions options) {
    return payments.getWithResponse(notification.getId(), options).value();
  }

  /** The payment token as the API reports it now: act on this, not on the notification. */
  public PaymentToken verify(PaymentTokenNotification notification) {
    return verify(notification, RequestOptions.none());
  }

  /** As {@link #verify(PaymentTokenNotification)}, with per-call options. */
  public PaymentToken verify(PaymentTokenNotification notification, RequestOptions options) {
    return paymentTokens.getWithResponse(notification.getId(), options).value();
  }

  private <T> T parse(byte[] body, Class<T> type, String what) {
    if (body == null || body.length == 0) {
      throw new NotificationParseException("the " + what + " body is empty", null);
    }
    T notification;
    try {
      notification = mapper.readValue(body, type);
    } catch (JsonParseException e) {
      // The parser's own message may quote the body; only the position is repeated.
      throw new NotificationParseException(
          "the "
              + what
              + " body is not JSON (line "
              + e.getLocation().getLineNr()
              + ", column "
              + e.getLocation().getColumnNr()
              + ")",
          null);
    } catch (MismatchedInputException e) {
      throw new NotificationParseException(
          e.getPath().isEmpty()
              ? "the " + what + " body is not a JSON object"
              : "the " + what + " has a member of the wrong type: " + pathOf(e),
          null);
    } catch (JsonMappingException e) {
      throw new NotificationParseException(
          "the " + what + " has a member of the wrong type: " + pathOf(e), null);
    } catch (IOException e) {
      throw new NotificationParseException("the " + what + " body cannot be read", e);
    }
    if (notification == null || idOf(notification) == null || idOf(notification).isBlank()) {
      throw new NotificationParseException("the " + what + " has no id", null);
    }
    return notification;
  }

  private static String idOf(Object notification) {
    return notification instanceof PaymentNotification payment
        ? payment.getId()
        : ((PaymentTokenNotification) notification).getId();
  }

  private static String pathOf(JsonMappingException e) {
    StringBuilder path = new StringBuilder();
    for (JsonMappingException.Reference reference : e.getPath()) {
      if (reference.getFieldName() != null) {
        path.append(path.length() == 0 ? "" : ".").append(reference.getFieldName());
      } else {
        path.append('[').append(reference.getIndex()).append(']');
      }
    }
    return path.toString();
  }
}
