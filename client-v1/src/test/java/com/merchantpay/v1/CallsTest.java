package com.merchantpay.v1;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CallsTest {
  @Test
  void theCallsThatChangeSomethingAreTheContractsPostForms() {
    assertThat(Calls.CHANGES)
        .containsExactlyInAnyOrder("refundPayment", "confirmPayment", "cancelPayment");
  }
}
