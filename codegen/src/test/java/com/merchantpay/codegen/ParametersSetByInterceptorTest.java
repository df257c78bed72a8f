package com.merchantpay.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * With the option {@value MerchantPayJavaCodegen#PARAMETERS_SET_BY_INTERCEPTOR}, the query
 * parameters and form fields it names are left off the API methods, since an interceptor sets them;
 * the contract still names them where the interceptor reads it.
 */
class ParametersSetByInterceptorTest {
  private static final Path SOURCES = Path.of("target", "fixture-client-interceptor-parameters");

  @BeforeAll
  static void generate() {
    FixtureClient.generate(
        SOURCES,
        Map.of(MerchantPayJavaCodegen.PARAMETERS_SET_BY_INTERCEPTOR, "login, cursor,widgetId"));
  }

  @Test
  void aNamedFormFieldIsNoParameterOfTheApiMethods() throws IOException {
    String forms = source("api/FormsApi.java");

    assertThat(forms)
        .doesNotContain("login")
        .contains(
            "Level submitForm(@Param(value = \"amount\", expander = WireValueExpander.class) BigDecimal amount, "
                + "@Param(value = \"note\", expander = WireValueExpander.class) String note, "
                + "@Param(\"additionalFields\") Map<String, ?> additionalFields);")
        .contains(
            "submitFormWithHttpInfo(Request.Options requestOptions, "
                + "@Param(value = \"amount\"");
  }

  @Test
  void aNamedQueryParameterLeavesTheRequestLineAndTheMethods() throws IOException {
    String widgets = source("api/WidgetsApi.java");

    assertThat(widgets).doesNotContain("cursor").contains("\"GET /widgets?since={since}\"");
  }

  @Test
  void pathParametersStayWhateverTheirName() throws IOException {
    assertThat(source("api/WidgetsApi.java")).contains("{widgetId}").contains("String widgetId");
  }

  @Test
  void theContractStillListsTheSignedValuesInOrder() throws IOException {
    assertThat(source("ApiOperations.java"))
        .contains("\"login\", \"secret\", \"amount\", \"note\"");
  }

  private static String source(String file) throws IOException {
    return Files.readString(
        SOURCES.resolve("src/main/java").resolve(FixtureClient.BASE_PACKAGE).resolve(file));
  }
}
