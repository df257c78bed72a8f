package com.merchantpay.codegen;

import com.samskivert.mustache.Mustache;
import com.samskivert.mustache.Template;
import java.io.IOException;
import java.io.Writer;
import org.openapitools.codegen.CodegenModel;
import org.openapitools.codegen.CodegenProperty;

/**
 * Masks the properties marked {@code x-sensitive} in the {@code toString()} of a model class
 * rendered by the stock feign {@code pojo.mustache} (see our {@code pojo.mustache}, which wraps it
 * in this lambda).
 *
 * <p>The stock {@code toString()} prints every value but those of {@code format: password}, and has
 * no partial or vendor extension to change that, so a card number would reach every log that prints
 * a request. Rewriting the rendered class here, instead of keeping a copy of the whole template,
 * lets an OpenAPI Generator upgrade bring its template as it is: the value printed for a sensitive
 * property becomes {@code mask(...)}, or {@code maskKeepingLast4(...)} with {@code x-mask: last4},
 * and the class gains both helpers. When the stock line of a sensitive property is not found,
 * generation fails rather than print a secret.
 */
final class MaskSecretsInToStringLambda implements Mustache.Lambda {

  static final String NAME = "maskSecretsInToString";

  private static final String MASKING_HELPERS =
      """

        /** Secrets never reach logs: only whether a value is present shows. */
        private static String mask(String value) {
          return value == null ? "null" : "***";
        }

        /** Card numbers and token ids keep their last four characters, enough to tell two apart in a log. */
        private static String maskKeepingLast4(String value) {
          if (value == null) {
            return "null";
          }
          return value.length() <= 8 ? "***" : "***" + value.substring(value.length() - 4);
        }
      """;

  /**
   * How the stock template ends the {@code toString()} line of one property, after the printed
   * value.
   */
  private static final String LINE_END = ").append(\"\\n\");\n";

  @Override
  public void execute(Template.Fragment fragment, Writer out) throws IOException {
    String source = fragment.execute();
    if (fragment.context() instanceof CodegenModel model
        && Boolean.TRUE.equals(model.vendorExtensions.get("x-has-sensitive-properties"))) {
      source = withSecretsMasked(model, source);
    }
    out.write(source);
  }

  private static String withSecretsMasked(CodegenModel model, String source) {
    String masked = source;
    for (CodegenProperty property : model.vars) {
      if (Boolean.TRUE.equals(property.vendorExtensions.get("x-sensitive"))) {
        String helper =
            Boolean.TRUE.equals(property.vendorExtensions.get("x-mask-last4"))
                ? "maskKeepingLast4"
                : "mask";
        masked = withPrintedValue(model, property, helper + "(" + property.name + ")", masked);
      }
    }
    int classEnd = masked.lastIndexOf("\n}");
    if (classEnd < 0) {
      throw templateChanged(model, "the closing brace of the class");
    }
    return masked.substring(0, classEnd) + MASKING_HELPERS + masked.substring(classEnd);
  }

  /**
   * Replaces the value the stock {@code toString()} prints for the property, whatever expression it
   * is.
   */
  private static String withPrintedValue(
      CodegenModel model, CodegenProperty property, String value, String source) {
    String lineStart = "sb.append(\"    " + property.name + ": \").append(";
    int valueStart = source.indexOf(lineStart) + lineStart.length();
    int valueEnd = source.indexOf(LINE_END, valueStart);
    if (valueStart < lineStart.length()
        || source.indexOf(lineStart, valueStart) >= 0
        || valueEnd < 0
        || source.substring(valueStart, valueEnd).contains("\n")) {
      throw templateChanged(
          model, "one toString() line '" + lineStart + "...' for " + property.name);
    }
    return source.substring(0, valueStart) + value + source.substring(valueEnd);
  }

  private static IllegalStateException templateChanged(CodegenModel model, String expected) {
    return new IllegalStateException(
        "Cannot mask the x-sensitive properties of "
            + model.classname
            + ": the stock pojo.mustache no longer renders "
            + expected
            + ". Adapt "
            + MaskSecretsInToStringLambda.class.getSimpleName()
            + " to the new template.");
  }
}
