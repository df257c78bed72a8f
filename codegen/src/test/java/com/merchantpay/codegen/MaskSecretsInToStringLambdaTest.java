package com.merchantpay.codegen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.samskivert.mustache.Mustache;
import java.io.StringWriter;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openapitools.codegen.CodegenModel;
import org.openapitools.codegen.CodegenProperty;

/**
 * The masking lambda on its own: the fixture shows it on today's stock template, these show what
 * happens when a generator upgrade renders {@code toString()} differently.
 */
class MaskSecretsInToStringLambdaTest {

  @Test
  void failsGenerationWhenTheStockLineOfASecretIsNotFound() {
    String reworded =
        "public class Card {\n  public String toString() {\n    return \"Card \" + pan;\n  }\n}\n";

    assertThatThrownBy(() -> render(reworded, modelWithSensitive("pan")))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("Cannot mask the x-sensitive properties of Card");
  }

  @Test
  void leavesClassesWithoutSecretsAsTheStockTemplateRendersThem() {
    String stock =
        "public class Card {\n    sb.append(\"    pan: \").append(toIndentedString(pan)).append(\"\\n\");\n}\n";
    CodegenModel model = new CodegenModel();
    model.classname = "Card";

    assertThat(render(stock, model)).isEqualTo(stock);
  }

  private static CodegenModel modelWithSensitive(String propertyName) {
    CodegenProperty property = new CodegenProperty();
    property.name = propertyName;
    property.vendorExtensions.put("x-sensitive", true);
    CodegenModel model = new CodegenModel();
    model.classname = "Card";
    model.vars.add(property);
    model.vendorExtensions.put("x-has-sensitive-properties", true);
    return model;
  }

  /** Renders the text as the lambda's section, the model being the context as in model.mustache. */
  private static String render(String renderedClass, CodegenModel model) {
    String template =
        "{{#lambda."
            + MaskSecretsInToStringLambda.NAME
            + "}}"
            + renderedClass
            + "{{/lambda."
            + MaskSecretsInToStringLambda.NAME
            + "}}";
    Map<String, Object> lambdas =
        Map.of(
            "lambda", Map.of(MaskSecretsInToStringLambda.NAME, new MaskSecretsInToStringLambda()));
    StringWriter out = new StringWriter();
    Mustache.compiler().escapeHTML(false).compile(template).execute(model, lambdas, out);
    return out.toString();
  }
}
