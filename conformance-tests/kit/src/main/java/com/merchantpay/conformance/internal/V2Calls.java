package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/** Raw v2 calls of one check, with one Authorization header (or none). */
final class V2Calls {
  private final CheckContext context;
  private final String authorization;

  /** Calls with this Authorization header value, or none when it is null. */
  V2Calls(CheckContext context, String authorization) {
    this.context = context;
    this.authorization = authorization;
  }

  public Exchange get(String pathAndQuery) {
    return send("GET", pathAndQuery, Map.of(), null);
  }

  /** A creating call with a fresh Idempotency-Key. */
  public Exchange post(String path, JsonNode body) {
    return post(path, body, UUID.randomUUID().toString());
  }

  /** A creating call with this Idempotency-Key, or none when it is null. */
  public Exchange post(String path, JsonNode body, String idempotencyKey) {
    Map<String, String> headers = new LinkedHashMap<>();
    if (idempotencyKey != null) {
      headers.put("Idempotency-Key", idempotencyKey);
    }
    headers.put("Content-Type", "application/json");
    return send("POST", path, headers, Json.bytes(body));
  }

  /** An update; a null body sends none. */
  public Exchange put(String path, JsonNode body) {
    return body == null
        ? send("PUT", path, Map.of(), null)
        : send("PUT", path, Map.of("Content-Type", "application/json"), Json.bytes(body));
  }

  /** Any call with exactly these extra headers and raw body. */
  public Exchange send(
      String method, String pathAndQuery, Map<String, String> headers, byte[] body) {
    Map<String, String> all = new LinkedHashMap<>();
    all.put("Accept", "application/json");
    if (authorization != null) {
      all.put("Authorization", authorization);
    }
    all.putAll(headers);
    return context.send(method, pathAndQuery, all, body);
  }
}
