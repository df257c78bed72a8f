package com.merchantpay.sandbox.internal.contract;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.merchantpay.sandbox.internal.domain.Amounts;
import com.merchantpay.sandbox.internal.http.ApiError;
import com.merchantpay.sandbox.internal.http.HttpSupport;
import com.merchantpay.sandbox.internal.http.Json;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * JSON request bodies as the v2 interface and the control API read them: one object, numbers the
 * sandbox can keep.
 */
public final class RequestBodies {
  /**
   * Far beyond any amount, count or identifier of the interfaces, far below what breaks writing.
   */
  static final int MAX_NUMBER_DIGITS = 40;

  private RequestBodies() {}

  /**
   * The body as a JSON object.
   *
   * @throws ApiError a validation error saying what is wrong, never quoting the body
   */
  public static JsonNode object(HttpSupport.In in) {
    try {
      return object(Json.parse(in.body()));
    } catch (JsonProcessingException e) {
      throw ApiError.validation("body: not valid JSON (" + Json.problem(e) + ")");
    }
  }

  /**
   * A body already parsed, held to the same rules.
   *
   * @throws ApiError a validation error saying what is wrong, never quoting the body
   */
  public static JsonNode object(JsonNode body) {
    if (body == null || !body.isObject()) {
      throw ApiError.validation("body: must be a JSON object");
    }
    List<String> oversized = oversizedNumbers(body);
    if (!oversized.isEmpty()) {
      throw ApiError.validation(oversized);
    }
    return body;
  }

  /**
   * The body of a call that takes none: generic HTTP clients send {@code {}}, which is accepted and
   * ignored.
   */
  public static JsonNode ofBodilessCall(HttpSupport.In in) {
    try {
      JsonNode body = Json.parse(in.body());
      if (body != null && body.isObject()) {
        return body;
      }
    } catch (JsonProcessingException e) {
      // reported below
    }
    throw ApiError.validation(
        "body: this operation takes no body; send none or an empty JSON object {}");
  }

  /**
   * Numbers of a request body that the sandbox could not keep and write back: Jackson writes
   * decimals in plain notation and refuses a scale beyond ±9999, and canonical forms of huge
   * exponents would fill memory. Each entry names the member, as {@code invoice.weight: ...}.
   * Checked right after parsing, before anything else looks at the values.
   */
  private static List<String> oversizedNumbers(JsonNode body) {
    List<String> errors = new ArrayList<>();
    oversizedNumbers(body, "", errors);
    return errors;
  }

  private static void oversizedNumbers(JsonNode node, String path, List<String> errors) {
    if (node.isNumber()) {
      BigDecimal value = node.decimalValue();
      if (value.scale() > MAX_NUMBER_DIGITS
          || (long) value.precision() - value.scale() > MAX_NUMBER_DIGITS) {
        // An amount is bounded far tighter by the documents' own rule; that is the one a client
        // must follow.
        String rule =
            path.equals("amount.value") || path.endsWith(".amount.value")
                ? Amounts.RULE
                : "must have at most "
                    + MAX_NUMBER_DIGITS
                    + " digits before the decimal point and "
                    + MAX_NUMBER_DIGITS
                    + " after it";
        errors.add((path.isEmpty() ? "body" : path) + ": " + rule);
      }
    } else if (node.isObject()) {
      for (Map.Entry<String, JsonNode> member : node.properties()) {
        oversizedNumbers(
            member.getValue(),
            path.isEmpty() ? member.getKey() : path + "." + member.getKey(),
            errors);
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        oversizedNumbers(node.get(i), path + "[" + i + "]", errors);
      }
    }
  }
}
