package com.merchantpay.conformance.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The kit signs v1 calls by the document's rule; the spec's known-answer vectors show it does. */
class V1SignerTest {
  @Test
  void signsGetPaymentLikeTheKnownAnswer() {
    String text =
        V1Signer.signedText(
            V1Calls.signedOrder("getPayment"),
            "shop-auto-01",
            "Pa55word!",
            "4f7d2c9a-0b31-4e55-8d6a-91c0e2f3a7b1",
            Map.of("paymentID", "50021467"));

    assertThat(text)
        .isEqualTo("shop-auto-01;Pa55word!;4f7d2c9a-0b31-4e55-8d6a-91c0e2f3a7b1;50021467");
    assertThat(V1Signer.hash(text)).isEqualTo("eZtENOUEg4mDiBIQgaCmkk4yW1M=");
  }

  @Test
  void hashJoinsAbsentOptionalValuesAsEmpty() {
    Map<String, String> values = new LinkedHashMap<>();
    values.put("siteAlias", "3f6c2a9e-5d1b-4c8e-9a77-0b1e2d3c4f50");
    values.put("periodFrom", "2024-03-01");
    values.put("periodTo", "2024-03-05");
    values.put("state", "COMPLETE");

    String text =
        V1Signer.signedText(
            V1Calls.signedOrder("listPaymentsFilter"),
            "shop-auto-01",
            "Pa55word!",
            "n-20240305-0003",
            values);

    assertThat(text)
        .isEqualTo(
            "shop-auto-01;Pa55word!;n-20240305-0003;;3f6c2a9e-5d1b-4c8e-9a77-0b1e2d3c4f50;"
                + "2024-03-01;2024-03-05;;COMPLETE");
    assertThat(V1Signer.hash(text)).isEqualTo("xcachOV6zHOKSjNSh+AtT9q2EVY=");
  }
}
