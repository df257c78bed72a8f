package com.merchantpay.v1;

import com.merchantpay.v1.model.PaymentState;
import java.time.LocalDate;
import java.util.Objects;

/**
 * Which payments {@link MerchantPayV1Client#listPayments} returns. Every criterion is optional and
 * a criterion left out places no restriction. Period bounds are UTC calendar days and, as the API
 * description reads them, include the whole day.
 *
 * <pre>{@code
 * PaymentFilter.builder().periodFrom(LocalDate.of(2024, 3, 1)).periodTo(LocalDate.of(2024, 3, 31))
 *     .state(PaymentState.COMPLETE).build();
 * }</pre>
 */
public final class PaymentFilter {
  private final String accountId;
  private final String siteAlias;
  private final LocalDate periodFrom;
  private final LocalDate periodTo;
  private final String invoiceId;
  private final PaymentState state;

  private PaymentFilter(Builder builder) {
    this(
        builder.accountId,
        builder.siteAlias,
        builder.periodFrom,
        builder.periodTo,
        builder.invoiceId,
        builder.state);
  }

  private PaymentFilter(
      String accountId,
      String siteAlias,
      LocalDate periodFrom,
      LocalDate periodTo,
      String invoiceId,
      PaymentState state) {
    Periods.check(periodFrom, periodTo);
    this.accountId = accountId;
    this.siteAlias = siteAlias;
    this.periodFrom = periodFrom;
    this.periodTo = periodTo;
    this.invoiceId = invoiceId;
    this.state = state;
  }

  public static Builder builder() {
    return new Builder();
  }

  PaymentFilter withPeriod(LocalDate from, LocalDate to) {
    return new PaymentFilter(accountId, siteAlias, from, to, invoiceId, state);
  }

  public String getAccountId() {
    return accountId;
  }

  public String getSiteAlias() {
    return siteAlias;
  }

  public LocalDate getPeriodFrom() {
    return periodFrom;
  }

  public LocalDate getPeriodTo() {
    return periodTo;
  }

  public String getInvoiceId() {
    return invoiceId;
  }

  public PaymentState getState() {
    return state;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof PaymentFilter that
        && Objects.equals(accountId, that.accountId)
        && Objects.equals(siteAlias, that.siteAlias)
        && Objects.equals(periodFrom, that.periodFrom)
        && Objects.equals(periodTo, that.periodTo)
        && Objects.equals(invoiceId, that.invoiceId)
        && Objects.equals(state, that.state);
  }

  @Override
  public int hashCode() {
    return Objects.hash(accountId, siteAlias, periodFrom, periodTo, invoiceId, state);
  }

  @Override
  public String toString() {
    return "PaymentFilter{accountId="
        + accountId
        + ", siteAlias="
        + siteAlias
        + ", periodFrom="
        + periodFrom
        + ", periodTo="
        + periodTo
        + ", invoiceId="
        + invoiceId
        + ", state="
        + state
        + "}";
  }

  /** Builds a {@link PaymentFilter}; every setter is optional. */
  public static final class Builder {
    private String accountId;
    private String siteAlias;
    private LocalDate periodFrom;
    private LocalDate periodTo;
    private String invoiceId;
    private PaymentState state;

    private Builder() {}

    /** The merchant account to search; needed only when the user has access to several accounts. */
    public Builder accountId(String accountId) {
      this.accountId = accountId;
      return this;
    }

    /** Only payments to this site (the merchant's LMI_MERCHANT_ID). */
    public Builder siteAlias(String siteAlias) {
      this.siteAlias = siteAlias;
      return this;
    }

    /** First UTC day of the period. */
    public Builder periodFrom(LocalDate periodFrom) {
      this.periodFrom = periodFrom;
      return this;
    }

    /** Last UTC day of the period. */
    public Builder periodTo(LocalDate periodTo) {
      this.periodTo = periodTo;
      return this;
    }

    /** Only payments for this invoice number of the merchant (LMI_PAYMENT_NO). */
    public Builder invoiceId(String invoiceId) {
      this.invoiceId = invoiceId;
      return this;
    }

    /** Only payments currently in this state. */
    public Builder state(PaymentState state) {
      this.state = state;
      return this;
    }

    /**
     * @throws IllegalArgumentException when the period ends before it starts
     */
    public PaymentFilter build() {
      return new PaymentFilter(this);
    }
  }
}
