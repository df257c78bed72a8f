package com.merchantpay.sandbox.internal.http;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * A v2 error answer: HTTP status, error code, message and, for validation, one entry per failed
 * check.
 */
public final class ApiError extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int status;
  private final String code;
  private final List<String> errors;

  public ApiError(int status, String code, String message, List<String> errors) {
    super(message, null, false, false);
    this.status = status;
    this.code = code;
    this.errors = List.copyOf(errors);
  }

  public static ApiError validation(List<String> errors) {
    return new ApiError(400, "validation_error", "The request did not pass validation.", errors);
  }

  public static ApiError validation(String error) {
    return validation(List.of(error));
  }

  public static ApiError unauthenticated(String message) {
    return new ApiError(401, "not_authorized", message, List.of());
  }

  public static ApiError forbidden(String message) {
    return new ApiError(403, "not_authorized", message, List.of());
  }

  public static ApiError notFound(String message) {
    return new ApiError(404, "invalid_operation", message, List.of());
  }

  public static ApiError conflict(String message) {
    return new ApiError(409, "invalid_operation", message, List.of());
  }

  public static ApiError tokenRevoked() {
    return new ApiError(
        422, "payment_token_revoked", "The payment token has been revoked.", List.of());
  }

  public static ApiError tokenBlocked() {
    return new ApiError(
        422,
        "payment_token_blocked",
        "The payment token is blocked for now; try again later.",
        List.of());
  }

  /** The failed checks of a validation error, each naming its member. */
  public List<String> errors() {
    return errors;
  }

  ObjectNode body() {
    ObjectNode body = Json.object();
    body.put("code", code);
    body.put("message", getMessage());
    if (!errors.isEmpty()) {
      ArrayNode list = body.putArray("errors");
      errors.forEach(list::add);
    }
    return body;
  }

  public HttpSupport.Out response() {
    return HttpSupport.Out.json(status, body());
  }
}
