package com.merchantpay.v1;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A refund to request with {@link MerchantPayV1Client#refundPayment(RefundRequest)}: the payment,
 * the amount to return and, optionally, the merchant's own refund id and the shopping cart lines an
 * online cash register needs for the refund receipt. Cart lines are sent but not signed.
 *
 * <pre>{@code
 * RefundRequest.builder(50021467L, new BigDecimal("250.50"))
 *     .externalId("RF-2024-0042")
 *     .cartLine("Phone case", BigDecimal.ONE, new BigDecimal("250.50"), "vat20")
 *     .build();
 * }</pre>
 */
public final class RefundRequest {
  private final long paymentId;
  private final BigDecimal amount;
  private final String externalId;
  private final List<CartLine> cartLines;

  private RefundRequest(Builder builder) {
    this.paymentId = builder.paymentId;
    this.amount = builder.amount;
    this.externalId = builder.externalId;
    this.cartLines = List.copyOf(builder.cartLines);
  }

  /**
   * @param paymentId the payment to refund
   * @param amount the amount to return, in the payment's currency; may be less than the payment
   */
  public static Builder builder(long paymentId, BigDecimal amount) {
    return new Builder(paymentId, amount);
  }

  public long getPaymentId() {
    return paymentId;
  }

  public BigDecimal getAmount() {
    return amount;
  }

  /** The merchant's own id for the refund, or {@code null}. */
  public String getExternalId() {
    return externalId;
  }

  public List<CartLine> getCartLines() {
    return cartLines;
  }

  /** The cart lines as the form fields the service expects, numbered from 0. */
  Map<String, Object> cartFields() {
    Map<String, Object> fields = new LinkedHashMap<>();
    for (int i = 0; i < cartLines.size(); i++) {
      CartLine line = cartLines.get(i);
      String prefix = "shoppingcart.items[" + i + "].";
      fields.put(prefix + "name", line.name());
      fields.put(prefix + "qty", line.quantity());
      fields.put(prefix + "price", line.price());
      fields.put(prefix + "tax", line.tax());
    }
    return fields;
  }

  @Override
  public String toString() {
    return "RefundRequest{paymentId="
        + paymentId
        + ", amount="
        + amount.toPlainString()
        + ", externalId="
        + externalId
        + ", cartLines="
        + cartLines
        + "}";
  }

  /**
   * One shopping cart line of a refund.
   *
   * @param name name of the item
   * @param quantity quantity returned
   * @param price price of one unit
   * @param tax VAT rate as the cash register expects it (for example {@code vat20})
   */
  public record CartLine(String name, BigDecimal quantity, BigDecimal price, String tax) {
    public CartLine {
      Objects.requireNonNull(name, "cart line name is required");
      Objects.requireNonNull(quantity, "cart line quantity is required");
      Objects.requireNonNull(price, "cart line price is required");
      Objects.requireNonNull(tax, "cart line tax is required");
    }
  }

  /** Builds a {@link RefundRequest}. */
  public static final class Builder {
    private final long paymentId;
    private final BigDecimal amount;
    private String externalId;
    private final List<CartLine> cartLines = new ArrayList<>();

    private Builder(long paymentId, BigDecimal amount) {
      Objects.requireNonNull(amount, "refund amount is required");
      if (amount.signum() <= 0) {
        throw new IllegalArgumentException(
            "refund amount must be positive, got " + amount.toPlainString());
      }
      this.paymentId = paymentId;
      this.amount = amount;
    }

    /** The merchant's own id for the refund, usable later as a {@link RefundFilter} criterion. */
    public Builder externalId(String externalId) {
      this.externalId = externalId;
      return this;
    }

    /** Adds a shopping cart line; lines are sent in the order added. */
    public Builder cartLine(String name, BigDecimal quantity, BigDecimal price, String tax) {
      cartLines.add(new CartLine(name, quantity, price, tax));
      return this;
    }

    public RefundRequest build() {
      return new RefundRequest(this);
    }
  }
}
