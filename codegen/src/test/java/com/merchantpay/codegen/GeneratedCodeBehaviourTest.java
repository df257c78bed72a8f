package com.merchantpay.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import feign.Contract;
import feign.Request;
import feign.RequestTemplate;
import feign.codec.Encoder;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.http.HttpClient;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** What the templates promise, checked on the compiled fixture client. */
class GeneratedCodeBehaviourTest {
  private static ObjectMapper mapper;
  private static Class<?> widget;
  private static Class<?> color;
  private static Class<?> level;
  private static Class<?> check;
  private static Class<?> smsCheck;
  private HttpServer server;

  @BeforeAll
  static void loadFixtureClient() throws Exception {
    mapper =
        (ObjectMapper) FixtureClient.load("ApiClient").getMethod("createObjectMapper").invoke(null);
    widget = FixtureClient.load("model.Widget");
    color = FixtureClient.load("model.Color");
    level = FixtureClient.load("model.Level");
    check = FixtureClient.load("model.Check");
    smsCheck = FixtureClient.load("model.SmsCheck");
  }

  @AfterEach
  void stopServer() {
    if (server != null) {
      server.stop(0);
    }
  }

  @Test
  void toStringMasksSensitivePropertiesKeepingLastFourOfCardNumbers() throws Exception {
    Object value =
        mapper.readValue(
            "{\"price\":1,\"secret\":\"s3cr3t-value\",\"cardNumber\":\"4111111111111111\"}",
            widget);

    assertThat(value.toString())
        .contains("cardNumber: ***1111", "secret: ***")
        .doesNotContain("4111111111111111", "411111", "s3cr3t");
  }

  @Test
  void shortSensitiveValuesAreMaskedWhole() throws Exception {
    Object value = mapper.readValue("{\"price\":1,\"cardNumber\":\"12345678\"}", widget);

    assertThat(value.toString()).contains("cardNumber: ***\n").doesNotContain("5678");
  }

  @Test
  void unknownEnumValueDecodesKeepingTheRawValue() throws Exception {
    Object purple = mapper.readValue("\"Purple\"", color);

    assertThat(call(purple, "getValue")).isEqualTo("Purple");
    assertThat(call(purple, "isKnown")).isEqualTo(false);
    assertThat(call(purple, "known").toString()).isEqualTo("UNRECOGNIZED");
    assertThat(mapper.writeValueAsString(purple)).isEqualTo("\"Purple\"");
  }

  @Test
  void knownEnumValueDecodesToTheConstantWithItsDescription() throws Exception {
    Object red = mapper.readValue("\"Red\"", color);

    assertThat(red).isSameAs(color.getField("RED").get(null));
    assertThat(call(red, "known").toString()).isEqualTo("RED");
    assertThat(call(red, "getDescription")).isEqualTo("Warm, like \"fire\".");
    assertThat(mapper.writeValueAsString(red)).isEqualTo("\"Red\"");
  }

  @Test
  void integerEnumsAreOpenToo() throws Exception {
    Object badSignature = mapper.readValue("-7", level);
    Object unknown = mapper.readValue("-99", level);

    assertThat(badSignature).isSameAs(level.getField("BAD_SIGNATURE").get(null));
    assertThat(call(badSignature, "getDescription")).isEqualTo("The signature does not match.");
    assertThat(call(unknown, "getValue")).isEqualTo(-99);
    assertThat(call(unknown, "isKnown")).isEqualTo(false);
  }

  @Test
  void oneOfDecodesTheVariantNamedByTheDiscriminator() throws Exception {
    Object decoded = mapper.readValue("{\"type\":\"Sms\",\"phone\":\"+15550100\"}", check);

    assertThat(decoded).isInstanceOf(smsCheck);
    assertThat(call(decoded, "getPhone")).isEqualTo("+15550100");
  }

  @Test
  void oneOfDecodesAnUnknownVariantKeepingItsMembersButNotPrintingThem() throws Exception {
    Object decoded =
        mapper.readValue("{\"type\":\"Pigeon\",\"loft\":\"secret-loft\",\"n\":2}", check);

    assertThat(decoded.getClass().getSimpleName()).isEqualTo("Unrecognized");
    assertThat(call(decoded, "getType")).isEqualTo("Pigeon");
    @SuppressWarnings("unchecked")
    Map<String, Object> members = (Map<String, Object>) call(decoded, "getMembers");
    assertThat(members).containsEntry("loft", "secret-loft").containsKey("n");
    assertThat(decoded.toString()).contains("Pigeon", "loft").doesNotContain("secret-loft");
  }

  @Test
  void aVariantBuiltInCodeWritesItsOwnDiscriminator() throws Exception {
    Object sms = smsCheck.getConstructor().newInstance();
    smsCheck.getMethod("setPhone", String.class).invoke(sms, "+15550100");

    JsonNode written = mapper.readTree(mapper.writeValueAsString(sms));

    assertThat(written.get("type").asText()).isEqualTo("Sms");
    assertThat(mapper.readValue(written.toString(), check)).isInstanceOf(smsCheck);
  }

  @Test
  void aliasesAreAcceptedWhenDecoding() throws Exception {
    Class<?> list = FixtureClient.load("model.WidgetList");

    assertThat(call(mapper.readValue("{\"cursor\":\"a\"}", list), "getCursor")).isEqualTo("a");
    assertThat(call(mapper.readValue("{\"nextCursor\":\"b\"}", list), "getCursor")).isEqualTo("b");
    assertThat(call(mapper.readValue("{\"next_cursor\":\"c\"}", list), "getCursor")).isEqualTo("c");
  }

  @Test
  void decimalsKeepTheirExactValueAndScaleAndAreWrittenWithoutExponent() throws Exception {
    Object decoded = mapper.readValue("{\"price\":10.1234}", widget);
    BigDecimal price = (BigDecimal) call(decoded, "getPrice");
    assertThat(price).isEqualByComparingTo("10.1234");
    assertThat(price.scale()).isEqualTo(4);
    assertThat(
            ((BigDecimal) call(mapper.readValue("{\"price\":10.10}", widget), "getPrice")).scale())
        .isEqualTo(2);

    Object big = widget.getConstructor().newInstance();
    widget.getMethod("setPrice", BigDecimal.class).invoke(big, new BigDecimal("1E+3"));
    assertThat(mapper.writeValueAsString(big)).isEqualTo("{\"price\":1000}");
  }

  @Test
  void decimalsKeepTheirScaleWhenReadAsATree() throws Exception {
    JsonNode tree = mapper.readTree("{\"price\":10.1000}");

    assertThat(tree.get("price").decimalValue().scale()).isEqualTo(4);
    assertThat(((BigDecimal) call(mapper.treeToValue(tree, widget), "getPrice")).scale())
        .isEqualTo(4);
  }

  @Test
  void absentOptionalValuesAreNotWrittenAndUnknownMembersAreIgnored() throws Exception {
    Object decoded = mapper.readValue("{\"price\":1.5,\"brandNew\":{\"x\":[1,2]}}", widget);

    assertThat(mapper.writeValueAsString(decoded)).isEqualTo("{\"price\":1.5}");
  }

  @Test
  void dateTimesAreReadWithOrWithoutFractionAndOffset() throws Exception {
    assertThat(created("2026-01-02T03:04:05Z"))
        .isEqualTo(OffsetDateTime.of(2026, 1, 2, 3, 4, 5, 0, ZoneOffset.UTC));
    assertThat(created("2026-01-02T03:04:05.123456Z").getNano()).isEqualTo(123_456_000);
    assertThat(created("2026-01-02T03:04:05"))
        .isEqualTo(OffsetDateTime.of(2026, 1, 2, 3, 4, 5, 0, ZoneOffset.UTC));
    assertThat(created("2026-01-02 03:04:05.5"))
        .isEqualTo(OffsetDateTime.of(2026, 1, 2, 3, 4, 5, 500_000_000, ZoneOffset.UTC));
    assertThat(created("2026-01-02T06:04:05+03:00").getOffset()).isEqualTo(ZoneOffset.ofHours(3));
    assertThat(created("2026-01-02T06:04:05+0300").toInstant())
        .isEqualTo(created("2026-01-02T03:04:05Z").toInstant());
  }

  @Test
  void theUsualDateTimeFormIsReadAsTheJdkReadsIt() throws Exception {
    Random random = new Random(11);
    for (int i = 0; i < 5_000; i++) {
      OffsetDateTime value =
          OffsetDateTime.of(
              1970 + random.nextInt(100),
              1 + random.nextInt(12),
              1 + random.nextInt(28),
              random.nextInt(24),
              random.nextInt(60),
              random.nextInt(60),
              switch (i % 4) {
                case 0 -> 0;
                case 1 -> random.nextInt(1000) * 1_000_000;
                case 2 -> random.nextInt(1000) * 1_000;
                default -> random.nextInt(1_000_000_000);
              },
              i % 3 == 0
                  ? ZoneOffset.UTC
                  : ZoneOffset.ofTotalSeconds((random.nextInt(37) - 18) * 1800 % 64800));
      String text = value.toString();
      assertThat(created(text)).as(text).isEqualTo(OffsetDateTime.parse(text));
    }
    assertThat(created("2026-01-02T03:04:05.1z").getNano()).isEqualTo(100_000_000);
    for (String impossible :
        List.of(
            "2026-13-02T03:04:05Z",
            "2026-01-02T03:04:05+19:00",
            "2026-01-02T03:04:05.1234567890Z")) {
      org.assertj.core.api.Assertions.assertThatThrownBy(() -> created(impossible))
          .as(impossible)
          .hasMessageContaining("not an ISO 8601 date-time");
    }
  }

  @Test
  void dateTimesAreWrittenInUtcWithSeconds() throws Exception {
    Object value = widget.getConstructor().newInstance();
    widget
        .getMethod("setCreated", OffsetDateTime.class)
        .invoke(value, OffsetDateTime.of(2026, 1, 2, 6, 4, 0, 0, ZoneOffset.ofHours(3)));

    assertThat(mapper.readTree(mapper.writeValueAsString(value)).get("created").asText())
        .isEqualTo("2026-01-02T03:04:00Z");
  }

  @Test
  void zoneLessDateTimeLocalBecomesLocalDateTime() throws Exception {
    Object decoded = mapper.readValue("{\"localStamp\":\"2026-01-02T03:04:05\"}", widget);

    assertThat(call(decoded, "getLocalStamp")).isEqualTo(LocalDateTime.of(2026, 1, 2, 3, 4, 5));
  }

  @Test
  void formEncoderWritesUtf8FormBodyWithPlainDecimals() throws Exception {
    Encoder encoder =
        (Encoder)
            FixtureClient.load("FormEncoder")
                .getConstructor(Encoder.class)
                .newInstance(new Encoder.Default());
    RequestTemplate template = new RequestTemplate();
    template.header("Content-Type", "application/x-www-form-urlencoded");
    Map<String, Object> form = new LinkedHashMap<>();
    form.put("login", "a+b/c=;ü");
    form.put("amount", new BigDecimal("1E+1"));
    form.put("note", null);

    encoder.encode(form, Encoder.MAP_STRING_WILDCARD, template);

    assertThat(new String(template.body(), StandardCharsets.UTF_8))
        .isEqualTo("login=a%2Bb%2Fc%3D%3B%C3%BC&amount=10");
  }

  @Test
  void formEncoderWritesEachEntryOfAMapValueAsAFieldOfItsOwn() throws Exception {
    Encoder encoder =
        (Encoder)
            FixtureClient.load("FormEncoder")
                .getConstructor(Encoder.class)
                .newInstance(new Encoder.Default());
    RequestTemplate template = new RequestTemplate();
    template.header("Content-Type", "application/x-www-form-urlencoded");
    Map<String, Object> extra = new LinkedHashMap<>();
    extra.put("items[0].name", "Tea & cake");
    extra.put("items[0].price", new BigDecimal("2.5E+1"));
    extra.put("items[0].skipped", null);
    Map<String, Object> form = new LinkedHashMap<>();
    form.put("login", "shop");
    form.put("additionalFields", extra);

    encoder.encode(form, Encoder.MAP_STRING_WILDCARD, template);

    assertThat(new String(template.body(), StandardCharsets.UTF_8))
        .isEqualTo("login=shop&items%5B0%5D.name=Tea+%26+cake&items%5B0%5D.price=25");
  }

  @Test
  void apiOperationsListsEveryOperationWithItsHashedParametersInContractOrder() throws Exception {
    Class<?> operations = FixtureClient.load("ApiOperations");
    List<?> all = (List<?>) operations.getMethod("all").invoke(null);
    Object submit =
        ((Optional<?>)
                operations
                    .getMethod("find", String.class, String.class)
                    .invoke(null, "post", "/forms/submit"))
            .orElseThrow();
    Object archive =
        ((Optional<?>)
                operations
                    .getMethod("find", String.class, String.class)
                    .invoke(null, "PUT", "/widgets/{widgetId}/archive"))
            .orElseThrow();

    assertThat(all).hasSize(5);
    assertThat(call(submit, "operationId")).isEqualTo("submitForm");
    assertThat(call(submit, "method")).isEqualTo("POST");
    assertThat(call(submit, "hashedParameters"))
        .isEqualTo(List.of("login", "secret", "amount", "note"));
    assertThat(call(archive, "operationId")).isEqualTo("archiveWidget");
    assertThat(call(archive, "hashedParameters")).isEqualTo(List.of());
    assertThat(
            ((Optional<?>)
                operations
                    .getMethod("find", String.class, String.class)
                    .invoke(null, "GET", "/forms/submit")))
        .isEmpty();
  }

  @Test
  void additionalFormFieldsTravelInTheBodyAfterTheNamedFields() throws Exception {
    List<String> bodies = new ArrayList<>();
    startServer(
        exchange -> {
          bodies.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
          byte[] body = "0".getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    Object forms = api("api.FormsApi");
    Method submit =
        forms
            .getClass()
            .getMethod("submitForm", String.class, BigDecimal.class, String.class, Map.class);
    Map<String, Object> extra = new LinkedHashMap<>();
    extra.put("cart[0].qty", new BigDecimal("2"));

    submit.invoke(forms, "shop", new BigDecimal("9.90"), null, extra);
    submit.invoke(forms, "shop", new BigDecimal("9.90"), "n", null);

    assertThat(bodies)
        .containsExactly(
            "login=shop&amount=9.90&cart%5B0%5D.qty=2", "login=shop&amount=9.90&note=n");
  }

  @Test
  void everyApiMethodIsAcceptedByFeignsContract() throws Exception {
    // Three methods per operation by default: plain, WithHttpInfo, and WithHttpInfo with options.
    assertThat(
            new Contract.Default().parseAndValidateMetadata(FixtureClient.load("api.WidgetsApi")))
        .hasSize(3 * 3);
    assertThat(new Contract.Default().parseAndValidateMetadata(FixtureClient.load("api.FormsApi")))
        .hasSize(2 * 3);
  }

  @Test
  void apiClientSpeaksHttp11WithBearerTokenHeadersAndJson() throws Exception {
    List<String> seen = new ArrayList<>();
    startServer(
        exchange -> {
          seen.add(exchange.getRequestMethod() + " " + exchange.getRequestURI());
          seen.add("Authorization=" + exchange.getRequestHeaders().getFirst("Authorization"));
          seen.add("Idempotency-Key=" + exchange.getRequestHeaders().getFirst("Idempotency-Key"));
          seen.add("Upgrade=" + exchange.getRequestHeaders().getFirst("Upgrade"));
          seen.add(
              "body="
                  + new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
          byte[] body =
              "{\"price\":2.50,\"id\":\"w1\",\"unknown\":true}".getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    Object widgets = api("api.WidgetsApi");
    Object request = mapper.readValue("{\"price\":2.5}", widget);
    Method create =
        widgets
            .getClass()
            .getMethod("createWidgetWithHttpInfo", Request.Options.class, String.class, widget);

    Object response =
        create.invoke(
            widgets,
            new Request.Options(1, TimeUnit.SECONDS, 1, TimeUnit.SECONDS, false),
            "key-1",
            request);

    assertThat(seen)
        .containsExactly(
            "POST /widgets",
            "Authorization=Bearer tok_123",
            "Idempotency-Key=key-1",
            "Upgrade=null",
            "body={\"price\":2.5}");
    assertThat(call(response, "getStatusCode")).isEqualTo(200);
    assertThat(call(call(response, "getData"), "getId")).isEqualTo("w1");
  }

  @Test
  void queryDateTimesAreSentInUtcAndAbsentOptionalParametersAreLeftOut() throws Exception {
    List<String> uris = new ArrayList<>();
    startServer(
        exchange -> {
          uris.add(exchange.getRequestURI().getRawQuery());
          uris.add(exchange.getRequestURI().getQuery());
          byte[] body = "{\"items\":[]}".getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    Object widgets = api("api.WidgetsApi");
    Method list = widgets.getClass().getMethod("listWidgets", OffsetDateTime.class, String.class);

    list.invoke(widgets, OffsetDateTime.of(2026, 1, 2, 6, 4, 0, 0, ZoneOffset.ofHours(3)), null);
    list.invoke(widgets, OffsetDateTime.of(2026, 1, 2, 3, 4, 0, 0, ZoneOffset.UTC), "a+b/c=");

    // A literal '+' in a query means a space to many servers: it must travel as %2B, and '/' and
    // '='
    // are encoded too, so opaque values (cursors, signatures) arrive byte for byte.
    assertThat(uris)
        .containsExactly(
            "since=2026-01-02T03%3A04%3A00Z", "since=2026-01-02T03:04:00Z",
            "since=2026-01-02T03%3A04%3A00Z&cursor=a%2Bb%2Fc%3D",
                "since=2026-01-02T03:04:00Z&cursor=a+b/c=");
  }

  @Test
  void valuesThatLookPercentEncodedAreStillEncodedInQueryAndPath() throws Exception {
    List<String> uris = new ArrayList<>();
    startServer(
        exchange -> {
          uris.add(
              exchange.getRequestURI().getRawPath() + "?" + exchange.getRequestURI().getRawQuery());
          byte[] body = "{\"items\":[]}".getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    Object widgets = api("api.WidgetsApi");
    OffsetDateTime since = OffsetDateTime.of(2026, 1, 2, 3, 4, 0, 0, ZoneOffset.UTC);

    widgets
        .getClass()
        .getMethod("listWidgets", OffsetDateTime.class, String.class)
        .invoke(widgets, since, "A%41");
    widgets
        .getClass()
        .getMethod("listWidgets", OffsetDateTime.class, String.class)
        .invoke(widgets, since, "ü~ ;");
    widgets.getClass().getMethod("archiveWidgetWithHttpInfo", String.class).invoke(widgets, "w%41");

    // Feign alone would send A%41 as it is, and the server would read "AA".
    assertThat(uris)
        .containsExactly(
            "/widgets?since=2026-01-02T03%3A04%3A00Z&cursor=A%2541",
            "/widgets?since=2026-01-02T03%3A04%3A00Z&cursor=%C3%BC~%20%3B",
            "/widgets/w%2541/archive?null");
  }

  @Test
  void operationsWithoutResponseBodyIgnoreABodyTheServerSendsAnyway() throws Exception {
    List<String> paths = new ArrayList<>();
    startServer(
        exchange -> {
          paths.add(exchange.getRequestURI().getRawPath());
          byte[] body = "{\"status\":\"archived\"}".getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    Object widgets = api("api.WidgetsApi");

    Object response =
        widgets
            .getClass()
            .getMethod("archiveWidgetWithHttpInfo", String.class)
            .invoke(widgets, "w 1/2");

    assertThat(call(response, "getStatusCode")).isEqualTo(200);
    assertThat(call(response, "getData")).isNull();
    // A slash inside an id stays inside the id.
    assertThat(paths).containsExactly("/widgets/w%201%2F2/archive");
  }

  @Test
  void binaryBodiesArriveAsAStream() throws Exception {
    byte[] content = new byte[100_000];
    new Random(7).nextBytes(content);
    startServer(
        exchange -> {
          exchange.sendResponseHeaders(200, content.length);
          exchange.getResponseBody().write(content);
          exchange.close();
        });
    Object forms = api("api.FormsApi");

    Object body = forms.getClass().getMethod("getFile", String.class).invoke(forms, "f1");

    assertThat(body).isInstanceOf(InputStream.class);
  }

  /**
   * Announced as 0, the body is chunked and read by the transport's own subscriber; as 50, by the
   * JDK's.
   */
  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(longs = {0, 50})
  void theBoundedTransportCutsOffABodyThatTricklesPastTheReadTimeout(long announced)
      throws Exception {
    startServer(
        exchange -> {
          if (exchange.getRequestURI().getPath().equals("/quick")) {
            exchange.sendResponseHeaders(200, 2);
            exchange.getResponseBody().write("ok".getBytes(StandardCharsets.UTF_8));
            exchange.close();
            return;
          }
          exchange.sendResponseHeaders(200, announced);
          try {
            for (int i = 0; i < 50; i++) {
              exchange.getResponseBody().write('x');
              exchange.getResponseBody().flush();
              Thread.sleep(100);
            }
          } catch (InterruptedException | IOException stopped) {
            // the client went away, as it should
          }
          exchange.close();
        });
    feign.Client transport = boundedTransport();
    feign.Request request = get("/slow");
    long started = System.nanoTime();

    Throwable thrown =
        org.assertj.core.api.Assertions.catchThrowable(
            () ->
                transport.execute(
                    request,
                    new Request.Options(1, TimeUnit.SECONDS, 300, TimeUnit.MILLISECONDS, false)));

    assertThat(thrown).isInstanceOf(HttpTimeoutException.class);
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(3));
    // The deadline leaves the calling thread as it found it: not interrupted, and able to call
    // again.
    assertThat(Thread.currentThread().isInterrupted()).isFalse();
    feign.Response quick =
        transport.execute(
            get("/quick"), new Request.Options(1, TimeUnit.SECONDS, 2, TimeUnit.SECONDS, false));
    assertThat(new String(quick.body().asInputStream().readAllBytes(), StandardCharsets.UTF_8))
        .isEqualTo("ok");
    Thread.sleep(50); // past any deadline check that could still see the first call
    assertThat(Thread.currentThread().isInterrupted()).isFalse();
  }

  @Test
  void theBoundedTransportKeepsTheCallersOwnInterrupt() throws Exception {
    startServer(
        exchange -> {
          exchange.sendResponseHeaders(200, 2);
          exchange.getResponseBody().write("ok".getBytes(StandardCharsets.UTF_8));
          exchange.close();
        });
    feign.Client transport = boundedTransport();
    Thread.currentThread().interrupt();
    try {
      Throwable thrown =
          org.assertj.core.api.Assertions.catchThrowable(
              () ->
                  transport.execute(
                      get("/x"),
                      new Request.Options(1, TimeUnit.SECONDS, 2, TimeUnit.SECONDS, false)));

      assertThat(thrown).isInstanceOf(java.io.InterruptedIOException.class);
      assertThat(Thread.currentThread().isInterrupted()).isTrue();
    } finally {
      Thread.interrupted();
    }
  }

  @Test
  void theBoundedTransportReturnsTheWholeAnswer() throws Exception {
    List<String> received = new java.util.concurrent.CopyOnWriteArrayList<>();
    startServer(
        exchange -> {
          received.add(
              exchange.getRequestURI().getPath()
                  + " "
                  + exchange.getRequestHeaders().getFirst("X-Shop"));
          byte[] body = "{\"ok\":true}".getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Request-Id", "r-1");
          exchange.sendResponseHeaders(201, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    feign.Client transport = boundedTransport();
    // The headers the JDK's client sets itself, which it refuses from a caller, in any case; and
    // one it passes on.
    Map<String, java.util.Collection<String>> headers = new java.util.LinkedHashMap<>();
    headers.put("Content-Length", List.of("2"));
    headers.put("HOST", List.of("elsewhere"));
    headers.put("connection", List.of("close"));
    headers.put("Expect", List.of("100-continue"));
    headers.put("Upgrade", List.of("h2c"));
    headers.put("X-Shop", List.of("s-1"));

    for (String path : List.of("/x", "/y", "/x")) {
      feign.Request request =
          feign.Request.create(
              feign.Request.HttpMethod.POST,
              "http://127.0.0.1:" + server.getAddress().getPort() + path,
              headers,
              "{}".getBytes(StandardCharsets.UTF_8),
              StandardCharsets.UTF_8,
              null);

      feign.Response response =
          transport.execute(
              request, new Request.Options(1, TimeUnit.SECONDS, 2, TimeUnit.SECONDS, false));

      assertThat(response.status()).isEqualTo(201);
      assertThat(response.headers()).containsKey("request-id");
      assertThat(new String(response.body().asInputStream().readAllBytes(), StandardCharsets.UTF_8))
          .isEqualTo("{\"ok\":true}");
    }
    assertThat(received).containsExactly("/x s-1", "/y s-1", "/x s-1");
  }

  @Test
  void theBoundedTransportRefusesAnAnswerLargerThanItsLimit() throws Exception {
    startServer(
        exchange -> {
          byte[] body = new byte[10_000];
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    feign.Client transport =
        (feign.Client)
            FixtureClient.load("BoundedTransport")
                .getConstructor(HttpClient.class, int.class)
                .newInstance(HttpClient.newHttpClient(), 1_000);
    feign.Request request = get("/big");

    Throwable thrown =
        org.assertj.core.api.Assertions.catchThrowable(
            () ->
                transport.execute(
                    request, new Request.Options(1, TimeUnit.SECONDS, 2, TimeUnit.SECONDS, false)));

    assertThat(thrown)
        .isInstanceOf(IOException.class)
        .hasMessageContaining("larger than 1000 bytes");
  }

  @Test
  void aHeaderValueHttpDoesNotAllowIsRefusedWithoutQuotingIt() throws Exception {
    feign.Client transport = boundedTransport();
    feign.Request request =
        feign.Request.create(
            feign.Request.HttpMethod.GET,
            "http://127.0.0.1:9/x",
            Map.of("Authorization", List.of("Bearer s3cret\u0000")),
            null,
            StandardCharsets.UTF_8,
            null);

    Throwable thrown =
        org.assertj.core.api.Assertions.catchThrowable(
            () ->
                transport.execute(
                    request, new Request.Options(1, TimeUnit.SECONDS, 1, TimeUnit.SECONDS, false)));

    assertThat(thrown)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Authorization")
        .hasMessageNotContaining("s3cret");
  }

  /** The generated transport on a fresh JDK client, with its default limit. */
  private static feign.Client boundedTransport() throws Exception {
    return (feign.Client)
        FixtureClient.load("BoundedTransport")
            .getConstructor(HttpClient.class)
            .newInstance(HttpClient.newHttpClient());
  }

  /** A GET of {@code path} on the test's server, without headers. */
  private feign.Request get(String path) {
    return feign.Request.create(
        feign.Request.HttpMethod.GET,
        "http://127.0.0.1:" + server.getAddress().getPort() + path,
        Map.of(),
        null,
        StandardCharsets.UTF_8,
        null);
  }

  private Object api(String name) throws Exception {
    Class<?> apiClientType = FixtureClient.load("ApiClient");
    Object apiClient = apiClientType.getConstructor(String.class).newInstance("bearerAuth");
    apiClientType.getMethod("setBearerToken", String.class).invoke(apiClient, "tok_123");
    apiClientType
        .getMethod("setBasePath", String.class)
        .invoke(apiClient, "http://127.0.0.1:" + server.getAddress().getPort());
    return apiClientType
        .getMethod("buildClient", Class.class)
        .invoke(apiClient, FixtureClient.load(name));
  }

  private void startServer(com.sun.net.httpserver.HttpHandler handler) throws Exception {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", handler);
    server.start();
  }

  private static OffsetDateTime created(String text) throws Exception {
    return (OffsetDateTime)
        call(mapper.readValue("{\"created\":\"" + text + "\"}", widget), "getCreated");
  }

  private static Object call(Object target, String method) throws Exception {
    Method m = target.getClass().getMethod(method);
    m.setAccessible(true);
    return m.invoke(target);
  }
}
