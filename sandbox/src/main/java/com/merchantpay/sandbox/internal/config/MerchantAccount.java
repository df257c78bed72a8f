package com.merchantpay.sandbox.internal.config;

import java.util.Objects;

/**
 * A merchant as the sandbox runs it.
 *
 * @param id the v2 {@code merchantId} and the v1 {@code siteAlias}
 * @param siteId the v1 {@code SiteID}
 * @param accountId the v1 {@code accountID}
 */
public record MerchantAccount(String id, long siteId, String accountId) {
  public MerchantAccount {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(accountId, "accountId");
  }
}
