package com.merchantpay.conformance.internal;

import com.merchantpay.conformance.judge.SpecModel;
import com.merchantpay.spec.ApiSpec;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The path of a v2 operation, taken from the spec's template with each parameter filled in order
 * (percent-encoded): a check names the operation, never writes its path.
 */
final class Paths {
  private static final Pattern PARAMETER = Pattern.compile("\\{[^}]+}");

  private Paths() {}

  /**
   * The operation's path.
   *
   * @throws IllegalArgumentException when the operation has another number of path parameters
   */
  static String v2(String operationId, String... pathValues) {
    String template = SpecModel.of(ApiSpec.V2).byId(operationId).template();
    Matcher parameter = PARAMETER.matcher(template);
    StringBuilder path = new StringBuilder();
    int filled = 0;
    while (parameter.find()) {
      if (filled == pathValues.length) {
        throw new IllegalArgumentException(operationId + ": a value for " + parameter.group());
      }
      parameter.appendReplacement(
          path, Matcher.quoteReplacement(Fixtures.encode(pathValues[filled++])));
    }
    if (filled != pathValues.length) {
      throw new IllegalArgumentException(
          operationId + " has " + filled + " path parameters, not " + pathValues.length);
    }
    return parameter.appendTail(path).toString();
  }
}
