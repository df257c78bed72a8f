package com.merchantpay.sandbox.internal.domain;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.sandbox.internal.http.Json;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class InvoiceTextTest {
  private static ObjectNode asTheSandboxReadsIt(String json) throws Exception {
    return (ObjectNode) Json.parse(json.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * What a view writes of a kept invoice is what it wrote of the request's tree, whatever the
   * invoice holds: decimals with their digits and exponents, characters outside the Basic
   * Multilingual Plane, a lone surrogate (legal JSON), escapes.
   */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"orderNo\":\"4711\",\"params\":{\"weight\":10.10,\"big\":1E+3,\"n\":7,"
            + "\"huge\":123456789012345678901234567890,\"on\":true,\"none\":null,\"l\":[1,\"a\"]},"
            + "\"description\":\"Заказ \\\"4711\\\"\",\"expires\":\"2026-12-01T10:00:00Z\"}",
        "{\"orderNo\":\"\uD83C\uDF81 gift\",\"description\":\"\\ud800 alone\\t\\u0001\"}",
        "{\"orderNo\":\"1\",\"x\":1E+1000,\"y\":-0.0000000000000000000000000000000001}"
      })
  void aKeptInvoiceIsWrittenAsItsTreeWas(String request) throws Exception {
    ObjectNode invoice = asTheSandboxReadsIt(request);

    String kept = InvoiceText.of(invoice);

    assertThat(Json.write(g -> Json.write(g, InvoiceText.tree(kept))))
        .isEqualTo(Json.write(g -> Json.write(g, invoice)));
    assertThat(Json.bytes(InvoiceText.tree(kept))).isEqualTo(Json.bytes(invoice));
    // Kept as it came: a number written out in full would make a few characters thousands.
    assertThat(kept.length()).isLessThanOrEqualTo(request.length());
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
