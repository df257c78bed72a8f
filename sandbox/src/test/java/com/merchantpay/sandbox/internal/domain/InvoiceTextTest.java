package com.merchantpay.sandbox.internal.domain;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.sandbox.internal.http.Json;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class InvoiceTextTest {
  private static ObjectNode asTheSandboxReadsIt(String json) throws Exception {
    return (ObjectNode) Json.parse(json.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void aKeptInvoiceIsWrittenAsTheSandboxWritesItsTreeWithEveryDigit() throws Exception {
    ObjectNode invoice =
        asTheSandboxReadsIt(
            "{\"orderNo\":\"4711\",\"params\":{\"weight\":10.10,\"big\":1E+3,\"n\":7,"
                + "\"huge\":123456789012345678901234567890,\"on\":true,\"none\":null},"
                + "\"description\":\"Заказ \\\"4711\\\"\",\"expires\":\"2026-12-01T10:00:00Z\"}");

    String kept = InvoiceText.of(invoice);

    assertThat(kept)
        .isEqualTo(new String(Json.bytes(invoice), StandardCharsets.UTF_8))
        .contains("\"weight\":10.10", "\"big\":1000");
    assertThat(Json.bytes(InvoiceText.tree(kept))).isEqualTo(Json.bytes(invoice));
  }

  @Test
  void aMemberIsReadAtTheTopLevelOnlyAndOnlyAsText() throws Exception {
    String kept =
        InvoiceText.of(
            asTheSandboxReadsIt(
                "{\"params\":{\"orderNo\":\"nested\",\"list\":[{\"description\":\"no\"}]},"
                    + "\"count\":3,\"orderNo\":\"4711\"}"));

    assertThat(InvoiceText.member(kept, "orderNo")).isEqualTo("4711");
    assertThat(InvoiceText.member(kept, "description")).isNull();
    assertThat(InvoiceText.member(kept, "count")).isNull();
    assertThat(InvoiceText.member(kept, "params")).isNull();
  }

  @Test
  void aMemberIsMatchedWhateverJsonMakesOfItsCharacters() throws Exception {
    String kept =
        InvoiceText.of(
            asTheSandboxReadsIt(
                "{\"params\":{\"orderNo\":\"4711\"},\"orderNo\":\"a\\\"b\\\\c\\td\"}"));
    String plain = InvoiceText.of(asTheSandboxReadsIt("{\"orderNo\":\"order-12\"}"));

    assertThat(InvoiceText.memberIs(kept, "orderNo", "a\"b\\c\td")).isTrue();
    assertThat(InvoiceText.memberIs(kept, "orderNo", "4711")).isFalse();
    assertThat(InvoiceText.memberIs(plain, "orderNo", "order-12")).isTrue();
    assertThat(InvoiceText.memberIs(plain, "orderNo", "order-1")).isFalse();
    assertThat(InvoiceText.memberIs(plain, "orderNo", "order-123")).isFalse();
  }
}
