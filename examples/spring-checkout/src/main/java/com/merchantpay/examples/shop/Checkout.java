package com.merchantpay.examples.shop;

import com.merchantpay.spring.MerchantPayNotificationUrls;
import com.merchantpay.spring.MerchantPayProperties;
import com.merchantpay.spring.PaymentNotificationEvent;
import com.merchantpay.v2.MerchantPayClient;
import com.merchantpay.v2.MerchantPayException;
import com.merchantpay.v2.RequestOptions;
import com.merchantpay.v2.model.Amount;
import com.merchantpay.v2.model.Card;
import com.merchantpay.v2.model.CreatePaymentRequest;
import com.merchantpay.v2.model.Invoice;
import com.merchantpay.v2.model.Payment;
import com.merchantpay.v2.model.PaymentData;
import com.merchantpay.v2.model.PaymentStatus;
import com.merchantpay.v2.model.Protocol;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Service;

/**
 * Pays orders: one payment per order, its idempotency key made from the order, so whatever is
 * retried (by the client, or by the shopper pressing Pay again) charges once. The service's
 * notification confirms what the answer said, or settles what no answer said.
 */
@Service
public class Checkout {
  private final MerchantPayClient client;
  private final MerchantPayProperties properties;
  private final MerchantPayNotificationUrls urls;
  private final Map<String, Order> orders = new ConcurrentHashMap<>();

  public Checkout(
      MerchantPayClient client,
      MerchantPayProperties properties,
      MerchantPayNotificationUrls urls) {
    this.client = client;
    this.properties = properties;
    this.urls = urls;
  }

  public Order place(String orderId, BigDecimal amount) {
    return orders.computeIfAbsent(orderId, id -> new Order(id, amount, "New", null, null, false));
  }

  public Optional<Order> find(String orderId) {
    return Optional.ofNullable(orders.get(orderId));
  }

  public Order pay(String orderId, String pan, String expiry, String cvc) {
    Order order = orders.get(orderId);
    if (order == null) {
      throw new IllegalArgumentException("no order " + orderId);
    }
    CreatePaymentRequest request =
        new CreatePaymentRequest()
            .merchantId(properties.getV2().getMerchantId())
            .amount(new Amount().value(order.amount()).currency("RUB"))
            .invoice(new Invoice().orderNo(orderId))
            .protocol(new Protocol().callbackUrl(urls.payments()))
            .paymentData(
                new PaymentData()
                    .paymentMethod("bankcard")
                    .card(new Card().pan(pan).expiry(expiry).cvc(cvc)));
    try {
      Payment payment =
          client
              .payments()
              .createWithResponse(
                  request, RequestOptions.builder().idempotencyKey("order-" + orderId).build())
              .value();
      Order answered =
          payment.getStatus() == PaymentStatus.SETTLED
              ? order.paid(payment.getId())
              : payment.getStatus() == PaymentStatus.REJECTED
                  ? order.refused(payment.getId(), String.valueOf(payment.getResultCode()))
                  : order.unknown();
      return orders.merge(orderId, answered, Checkout::keepConfirmation);
    } catch (MerchantPayException e) {
      if (e.isOutcomeUnknown()) {
        return orders.merge(orderId, order.unknown(), Checkout::keepConfirmation);
      }
      throw e;
    }
  }

  // notification before the answer begins
  /**
   * The service's word on a payment, read back through the API by the starter before it comes. It
   * may come while {@link #pay} still waits for the answer that made the payment: each side changes
   * the order atomically, and neither undoes what the notification settled.
   */
  @EventListener
  public void on(PaymentNotificationEvent event) {
    Payment payment = event.payment();
    String orderId = payment.getInvoice() == null ? null : payment.getInvoice().getOrderNo();
    if (orderId != null && payment.getStatus() == PaymentStatus.SETTLED) {
      orders.computeIfPresent(orderId, (id, order) -> order.confirmed(payment.getId()));
    }
  }

  /**
   * The answer's outcome, merged into the order as it is now: a notification that came first
   * settled it, and neither a late answer nor an outcome the client could not learn (Unknown) takes
   * that back.
   */
  private static Order keepConfirmation(Order before, Order after) {
    return before.confirmedByNotification() ? before : after;
  }
  // notification before the answer ends
}
