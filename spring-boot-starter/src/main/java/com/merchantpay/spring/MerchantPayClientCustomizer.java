package com.merchantpay.spring;

import com.merchantpay.v2.MerchantPayClient;

/**
 * Adjusts the v2 client's builder after the starter applied {@code merchantpay.v2.*} and before it
 * builds: a bean of this type keeps the starter's client (its metrics, health and properties) and
 * changes what it needs, where replacing the client bean would lose them. Beans run in their order.
 */
@FunctionalInterface
public interface MerchantPayClientCustomizer {
  void customize(MerchantPayClient.Builder builder);
}
