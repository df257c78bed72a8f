package com.merchantpay.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The {@code transport} methods on the wire: no header templates, every header from the call's
 * options, and the bodies encoded as before (a form stays a form).
 */
class TransportMethodsBehaviourTest {
  /** What the server saw of one request. */
  private record Seen(String path, Map<String, String> headers, String body) {}

  private static ClassLoader client;

  private final List<Seen> seen = new CopyOnWriteArrayList<>();
  private HttpServer server;

  @BeforeAll
  static void generateTheTransportClient() {
    client =
        FixtureClient.generateAndLoad(
            Path.of("target", "fixture-client-transport-run"),
            Map.of(MerchantPayJavaCodegen.API_METHODS, "transport"));
  }

  @BeforeEach
  void startAServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        exchange -> {
          Map<String, String> headers = new HashMap<>();
          for (String name : List.of("Content-Type", "Accept", "Idempotency-Key", "X-Trace")) {
            String value = exchange.getRequestHeaders().getFirst(name);
            if (value != null) {
              headers.put(name, value);
            }
          }
          seen.add(
              new Seen(
                  exchange.getRequestURI().getPath(),
                  headers,
                  new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8)));
          byte[] answer =
              (exchange.getRequestURI().getPath().startsWith("/forms") ? "0" : "{\"price\":1.5}")
                  .getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, answer.length);
          exchange.getResponseBody().write(answer);
          exchange.close();
        });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  @Test
  void aJsonCreateSendsTheOptionsHeadersAndItsBodyAsJson() throws Exception {
    Object widget = client.loadClass("fixture.model.Widget").getConstructor().newInstance();
    widget.getClass().getMethod("setPrice", BigDecimal.class).invoke(widget, new BigDecimal("1.5"));
    Map<String, String> headers = new HashMap<>(fixedHeaders("createWidget"));
    headers.put("Idempotency-Key", "k-1");
    headers.put("X-Trace", "t-1");

    Object api = api("WidgetsApi");
    api.getClass()
        .getMethod("createWidgetWithHttpInfo", callOptionsType(), widget.getClass())
        .invoke(api, callOptions(headers), widget);

    assertThat(seen)
        .singleElement()
        .satisfies(
            request -> {
              assertThat(request.headers())
                  .containsEntry("Content-Type", "application/json")
                  .containsEntry("Accept", "application/json")
                  .containsEntry("Idempotency-Key", "k-1")
                  .containsEntry("X-Trace", "t-1");
              assertThat(request.body()).isEqualTo("{\"price\":1.5}");
            });
  }

  @Test
  void aFormIsStillWrittenAsAFormWithItsFieldsNamed() throws Exception {
    Object api = api("FormsApi");
    api.getClass()
        .getMethod(
            "submitFormWithHttpInfo",
            callOptionsType(),
            String.class,
            BigDecimal.class,
            String.class,
            Map.class)
        .invoke(
            api,
            callOptions(fixedHeaders("submitForm")),
            "shop",
            new BigDecimal("9.90"),
            "n",
            Map.of("extra", "1"));

    assertThat(seen)
        .singleElement()
        .satisfies(
            request -> {
              assertThat(request.headers())
                  .containsEntry("Content-Type", "application/x-www-form-urlencoded")
                  .containsEntry("Accept", "application/json");
              assertThat(request.body()).isEqualTo("login=shop&amount=9.90&note=n&extra=1");
            });
  }

  @Test
  void anOperationWithoutABodySendsNoContentType() throws Exception {
    Object api = api("WidgetsApi");
    api.getClass()
        .getMethod("archiveWidgetWithHttpInfo", callOptionsType(), String.class)
        .invoke(api, callOptions(fixedHeaders("archiveWidget")), "w 1");

    assertThat(seen)
        .singleElement()
        .satisfies(
            request -> {
              assertThat(request.path()).isEqualTo("/widgets/w 1/archive");
              assertThat(request.headers()).containsOnlyKeys("Accept");
            });
  }

  @SuppressWarnings("unchecked")
  private static Map<String, String> fixedHeaders(String operationId) throws Exception {
    for (Object operation :
        (List<?>) client.loadClass("fixture.ApiOperations").getMethod("all").invoke(null)) {
      if (operation.getClass().getMethod("operationId").invoke(operation).equals(operationId)) {
        return (Map<String, String>)
            operation.getClass().getMethod("fixedHeaders").invoke(operation);
      }
    }
    throw new AssertionError("no operation " + operationId);
  }

  private static Class<?> callOptionsType() throws ClassNotFoundException {
    return client.loadClass("fixture.BoundedTransport$CallOptions");
  }

  private static Object callOptions(Map<String, String> headers) throws Exception {
    Constructor<?> make = callOptionsType().getConstructor(long.class, long.class, Map.class);
    return make.newInstance(5_000L, 5_000L, headers);
  }

  private Object api(String name) throws Exception {
    Class<?> apiClientType = client.loadClass("fixture.ApiClient");
    Object apiClient = apiClientType.getConstructor().newInstance();
    apiClientType
        .getMethod("setBasePath", String.class)
        .invoke(apiClient, "http://127.0.0.1:" + server.getAddress().getPort());
    return apiClientType
        .getMethod("buildClient", Class.class)
        .invoke(apiClient, client.loadClass("fixture.api." + name));
  }
}
