package com.merchantpay.spring;

import com.merchantpay.v1.MerchantPayV1Client;

/**
 * Adjusts the v1 client's builder after the starter applied {@code merchantpay.v1.*} and before it
 * builds, keeping the starter's client. Beans run in their order.
 */
@FunctionalInterface
public interface MerchantPayV1ClientCustomizer {
  void customize(MerchantPayV1Client.Builder builder);
}
