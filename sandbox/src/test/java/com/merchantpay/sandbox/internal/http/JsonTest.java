package com.merchantpay.sandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.SplittableRandom;
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

  @Test
  void timesAreWrittenAsTheJdkWritesAnInstantTruncatedToMilliseconds() {
    SplittableRandom random = new SplittableRandom(7);
    for (int i = 0; i < 20_000; i++) {
      // From year 1000 to 9999, whole seconds and whole milliseconds among them.
      long second = random.nextLong(-30_610_224_000L, 253_402_300_800L);
      int nanos =
          switch (i % 4) {
            case 0 -> 0;
            case 1 -> random.nextInt(1000) * 1_000_000;
            default -> random.nextInt(1_000_000_000);
          };
      Instant instant = Instant.ofEpochSecond(second, nanos);
      assertThat(Json.time(instant))
          .as("%s", instant)
          .isEqualTo(instant.truncatedTo(ChronoUnit.MILLIS).toString());
    }
    for (Instant edge :
        new Instant[] {Instant.EPOCH, Instant.parse("0999-12-31T23:59:59.999Z"), Instant.MAX}) {
      assertThat(Json.time(edge)).isEqualTo(edge.truncatedTo(ChronoUnit.MILLIS).toString());
    }
  }

  @Test
  void writtenJsonKeepsDecimalsPlainAndExact() {
    byte[] json =
        Json.write(
            g -> {
              g.writeStartObject();
              g.writeNumberField("value", new BigDecimal("1E+3"));
              g.writeNumberField("exact", new BigDecimal("10.10"));
              g.writeEndObject();
            });
    assertThat(new String(json, StandardCharsets.UTF_8))
        .isEqualTo("{\"value\":1000,\"exact\":10.10}");
  }

  @Test
  void aTreeIsWrittenByHandAsTheMapperWritesIt() throws Exception {
    String json =
        "{\"s\":\"caf\u00e9 \\\"q\\\" \\n\",\"i\":7,\"l\":9007199254740993,"
            + "\"big\":123456789012345678901234567890,\"d\":10.10,\"e\":1.5E+3,\"t\":true,"
            + "\"n\":null,\"a\":[1,[],{},{\"x\":[\"y\",false]}],\"o\":{\"deep\":{\"er\":-0.0}}}";
    var node = Json.parse(json.getBytes(StandardCharsets.UTF_8));
    assertThat(new String(Json.write(g -> Json.write(g, node)), StandardCharsets.UTF_8))
        .isEqualTo(Json.text(node));
  }
}
