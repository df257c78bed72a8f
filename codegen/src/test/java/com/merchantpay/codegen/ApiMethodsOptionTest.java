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
  void anUnknownKindOfMethodIsRefusedNamingTheKnownOnes() {
    assertThatThrownBy(() -> generated("plain,headers"))
        .hasMessageContaining("[headers]")
        .hasMessageContaining("plain, httpInfo, options");
  }

  private static String generated(String methods) throws IOException {
    Path output = Path.of("target", "fixture-client-api-methods-" + methods.replace(',', '-'));
    FixtureClient.generate(output, Map.of(MerchantPayJavaCodegen.API_METHODS, methods));
    return Files.readString(output.resolve("src/main/java/fixture/api/WidgetsApi.java"));
  }
}
