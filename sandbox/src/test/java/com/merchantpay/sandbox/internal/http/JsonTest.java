package com.merchantpay.sandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class JsonTest {

  private static String canonical(String json) throws Exception {
    return Json.canonical(Json.parse(json.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void canonicalFormIgnoresMemberOrderAndNumberSpelling() throws Exception {
    assertThat(canonical("{\"b\":1.10,\"a\":[1,{\"y\":2,\"x\":\"s\"}]}"))
        .isEqualTo(canonical("{\"a\":[1.0,{\"x\":\"s\",\"y\":2}],\"b\":1.1}"));
  }

  @Test
  void canonicalFormKeepsRealDifferences() throws Exception {
    assertThat(canonical("{\"a\":[1,2]}")).isNotEqualTo(canonical("{\"a\":[2,1]}"));
    assertThat(canonical("{\"a\":\"1\"}")).isNotEqualTo(canonical("{\"a\":1}"));
    assertThat(canonical("{\"a\":null}")).isNotEqualTo(canonical("{}"));
  }

  @Test
  void decimalsKeepTheirScaleOnTheWayOut() throws Exception {
    assertThat(Json.text(Json.parse("{\"v\":10.1000}".getBytes(StandardCharsets.UTF_8))))
        .isEqualTo("{\"v\":10.1000}");
  }
}
