package com.merchantpay.v1;

import java.time.LocalDate;
import java.util.Objects;

/**
 * Which refunds {@link MerchantPayV1Client#listRefunds} returns. Every criterion is optional and a
 * criterion left out places no restriction. Period bounds are calendar days, read as UTC and
 * including the whole day.
 */
public final class RefundFilter {
  private final String accountId;
  private final Long paymentId;
  private final LocalDate periodFrom;
  private final LocalDate periodTo;
  private final String externalId;

  private RefundFilter(
      String accountId,
      Long paymentId,
      LocalDate periodFrom,
      LocalDate periodTo,
      String externalId) {
    Periods.check(periodFrom, periodTo);
    this.accountId = accountId;
    this.paymentId = paymentId;
    this.periodFrom = periodFrom;
    this.periodTo = periodTo;
    this.externalId = externalId;
  }

  public static Builder builder() {
    return new Builder();
  }

  RefundFilter withPeriod(LocalDate from, LocalDate to) {
    return new RefundFilter(accountId, paymentId, from, to, externalId);
  }

  public String getAccountId() {
    return accountId;
  }

  public Long getPaymentId() {
    return paymentId;
  }

  public LocalDate getPeriodFrom() {
    return periodFrom;
  }

  public LocalDate getPeriodTo() {
    return periodTo;
  }

  public String getExternalId() {
    return externalId;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof RefundFilter that
        && Objects.equals(accountId, that.accountId)
        && Objects.equals(paymentId, that.paymentId)
        && Objects.equals(periodFrom, that.periodFrom)
        && Objects.equals(periodTo, that.periodTo)
        && Objects.equals(externalId, that.externalId);
  }

  @Override
  public int hashCode() {
    return Objects.hash(accountId, paymentId, periodFrom, periodTo, externalId);
  }

  @Override
  public String toString() {
    return "RefundFilter{accountId="
        + accountId
        + ", paymentId="
        + paymentId
        + ", periodFrom="
        + periodFrom
        + ", periodTo="
        + periodTo
        + ", externalId="
        + externalId
        + "}";
  }

  /** Builds a {@link RefundFilter}; every setter is optional. */
  public static final class Builder {
    private String accountId;
    private Long paymentId;
    private LocalDate periodFrom;
    private LocalDate periodTo;
    private String externalId;

    private Builder() {}

    /** The merchant account to search; needed only when the user has access to several accounts. */
    public Builder accountId(String accountId) {
      this.accountId = accountId;
      return this;
    }

    /** Only refunds of this payment. */
    public Builder paymentId(Long paymentId) {
      this.paymentId = paymentId;
      return this;
    }

    /** First day of the period. */
    public Builder periodFrom(LocalDate periodFrom) {
      this.periodFrom = periodFrom;
      return this;
    }

    /** Last day of the period. */
    public Builder periodTo(LocalDate periodTo) {
      this.periodTo = periodTo;
      return this;
    }

    /** Only refunds carrying this merchant-side id (such ids need not be unique). */
    public Builder externalId(String externalId) {
      this.externalId = externalId;
      return this;
    }

    /**
     * @throws IllegalArgumentException when the period ends before it starts
     */
    public RefundFilter build() {
      return new RefundFilter(accountId, paymentId, periodFrom, periodTo, externalId);
    }
  }
}
