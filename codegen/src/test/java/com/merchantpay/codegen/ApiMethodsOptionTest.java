package com.merchantpay.codegen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * With the option {@value MerchantPayJavaCodegen#API_METHODS}, an operation gets only the methods
 * named: a client generates none it never calls.
 */
class ApiMethodsOptionTest {

  @Test
  void onlyThePerCallOptionsMethodIsGeneratedWhenItAloneIsAsked() throws IOException {
    String widgets = generated("options");

    assertThat(widgets)
        .contains(
            "ApiResponse<Widget> createWidgetWithHttpInfo(Request.Options requestOptions, "
                + "@Param(value = \"idempotencyKey\"")
        .doesNotContain("Widget createWidget(")
        .doesNotContain("createWidgetWithHttpInfo(@Param")
        .doesNotContain("extraHeaders");
  }

  @Test
  void onlyThePlainMethodIsGeneratedWhenItAloneIsAsked() throws IOException {
    String widgets = generated("plain");

    assertThat(widgets).contains("Widget createWidget(").doesNotContain("WithHttpInfo(");
  }

  @Test
  void theTransportMethodHasNoHeaderTemplatesAndLeavesItsHeadersToTheCallOptions()
      throws IOException {
    String widgets = generated("transport");

    assertThat(widgets)
        .contains(
            "ApiResponse<Widget> createWidgetWithHttpInfo("
                + "BoundedTransport.CallOptions callOptions, Widget widget)")
        .doesNotContain("@Headers(")
        .doesNotContain("idempotencyKey")
        .doesNotContain("Request.Options requestOptions");
    Path invoker = output("transport").resolve("src/main/java/fixture");
    // What the methods leave off, the contract's list of operations names.
    assertThat(Files.readString(invoker.resolve("ApiOperations.java")))
        .contains(
            """
            all.add(new Operation("createWidget", "POST", "/widgets", List.of(),
                    fixed("Content-Type", "application/json", "Accept", "application/json"),
                    List.of("Idempotency-Key")));""");
    // Only the bounded transport sends the options' headers; it is the default one.
    assertThat(Files.readString(invoker.resolve("ApiClient.java")))
        .contains(".client(new BoundedTransport(httpClient))");
  }

  @Test
  void theTransportMethodIsNotGeneratedUnlessAskedFor() throws IOException {
    assertThat(generated("options")).doesNotContain("CallOptions");
  }

  @Test
  void anUnknownKindOfMethodIsRefusedNamingTheKnownOnes() {
    assertThatThrownBy(() -> generated("plain,headers"))
        .hasMessageContaining("[headers]")
        .hasMessageContaining("plain, httpInfo, options, transport");
  }

  private static String generated(String methods) throws IOException {
    Path output = output(methods);
    FixtureClient.generate(output, Map.of(MerchantPayJavaCodegen.API_METHODS, methods));
    return Files.readString(output.resolve("src/main/java/fixture/api/WidgetsApi.java"));
  }

  private static Path output(String methods) {
    return Path.of("target", "fixture-client-api-methods-" + methods.replace(',', '-'));
  }
}
