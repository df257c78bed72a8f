package com.merchantpay.conformance.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.conformance.V1Signature;
import com.merchantpay.conformance.judge.SpecModel;
import com.merchantpay.sandbox.Sandbox;
import com.merchantpay.spec.ApiSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import java.util.function.BiPredicate;
import java.util.function.Consumer;

/**
 * Ways an implementation goes wrong, each as a fault of the {@link MutatingProxy}, and ways it may
 * differ harmlessly. Written from the documents' rules, not from the kit's code.
 */
final class Faults {
  private Faults() {}

  /**
   * The call's Idempotency-Key as a target keeps it: one merchant's, for one operation; null
   * without a key.
   */
  static String scopedKey(MutatingProxy.Call call) {
    String key = call.header("Idempotency-Key");
    return key == null ? null : call.header("Authorization") + " " + call.path() + " " + key;
  }

  static boolean isV2Json(MutatingProxy.Call call, MutatingProxy.Answer answer) {
    return call.path().startsWith("/api/v2/")
        && answer.contentType().startsWith("application/json");
  }

  /** What a fault does with a JSON answer of v2: the call, the answer and its body as read. */
  interface V2JsonAnswer {
    void accept(MutatingProxy.Call call, MutatingProxy.Answer answer, JsonNode json);
  }

  /** A fault that sees the JSON answers of v2, and nothing else. */
  static MutatingProxy.Fault v2Json(V2JsonAnswer hook) {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        JsonNode json = isV2Json(call, answer) ? answer.json() : null;
        if (json != null) {
          hook.accept(call, answer, json);
        }
      }
    };
  }

  /** Every v2 object's testMode shown as this, whatever the payment was made with. */
  static MutatingProxy.Fault testModeShown(boolean shown) {
    return v2Answers(
        json ->
            objects(
                json,
                o -> {
                  if (o.has("testMode")) {
                    o.put("testMode", shown);
                  }
                }));
  }

  /** Changes every JSON answer of v2 with the edit. */
  static MutatingProxy.Fault v2Answers(Consumer<JsonNode> edit) {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        JsonNode json = isV2Json(call, answer) ? answer.json() : null;
        if (json != null) {
          edit.accept(json);
          answer.json(json);
        }
      }
    };
  }

  /** Visits every object of a JSON tree. */
  static void objects(JsonNode node, Consumer<ObjectNode> visit) {
    if (node instanceof ObjectNode object) {
      visit.accept(object);
      List<JsonNode> children = new ArrayList<>();
      object.elements().forEachRemaining(children::add);
      children.forEach(child -> objects(child, visit));
    } else if (node instanceof ArrayNode array) {
      array.forEach(item -> objects(item, visit));
    }
  }

  // ---------------------------------------------------------------- v2 answers

  static MutatingProxy.Fault droppedAmount() {
    return v2Answers(
        json ->
            objects(
                json,
                o -> {
                  if (o.has("paymentData") && o.has("status")) {
                    o.remove("amount");
                  }
                }));
  }

  static MutatingProxy.Fault statusOutsideTheDictionary() {
    return v2Answers(
        json ->
            objects(
                json,
                o -> {
                  if ("Settled".equals(o.path("status").asText())) {
                    o.put("status", "Completed");
                  }
                }));
  }

  static MutatingProxy.Fault amountAsString() {
    return v2Answers(
        json ->
            objects(
                json,
                o -> {
                  if (o.path("value").isNumber() && o.has("currency")) {
                    o.put("value", o.path("value").decimalValue().toPlainString());
                  }
                }));
  }

  static MutatingProxy.Fault notFoundAsBadRequest() {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        if (call.path().startsWith("/api/v2/") && answer.status == 404) {
          answer.status = 400;
          ObjectNode body =
              MutatingProxy.JSON
                  .createObjectNode()
                  .put("code", "validation_error")
                  .put("message", "Bad request");
          body.putArray("errors").add("id: unknown");
          answer.json(body);
        }
      }
    };
  }

  static MutatingProxy.Fault timestampsWithAnOffset() {
    return v2Answers(
        json ->
            objects(
                json,
                o -> {
                  for (String member : List.of("created", "completed")) {
                    String value = o.path(member).asText("");
                    if (value.endsWith("Z")) {
                      o.put(
                          member,
                          OffsetDateTime.parse(value)
                              .withOffsetSameInstant(ZoneOffset.ofHours(3))
                              .toString());
                    }
                  }
                }));
  }

  static MutatingProxy.Fault pagesDropTheirLastItem() {
    return v2Answers(
        json -> {
          if (json.isObject()
              && json.path("items").isArray()
              && json.path("cursor").isTextual()
              && json.path("items").size() > 1) {
            ((ArrayNode) json.path("items")).remove(json.path("items").size() - 1);
          }
        });
  }

  static MutatingProxy.Fault validationErrorsNameNothing() {
    return v2Answers(
        json -> {
          if ("validation_error".equals(json.path("code").asText())) {
            ((ObjectNode) json).putArray("errors").add("invalid request");
          }
        });
  }

  /**
   * A refund read while it is Pending shows no resultCode (its creation answer still carries one,
   * as the documents say).
   */
  static MutatingProxy.Fault pendingRefundsReadWithoutResultCode() {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        JsonNode json =
            call.method.equals("GET") && call.path().matches("/api/v2/refunds/[^/]+")
                ? answer.json()
                : null;
        if (json instanceof ObjectNode refund && "Pending".equals(refund.path("status").asText())) {
          refund.remove("resultCode");
          answer.json(refund);
        }
      }
    };
  }

  static MutatingProxy.Fault jsonAnsweredAsText() {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        if (isV2Json(call, answer)) {
          answer.headers.put("Content-Type", "text/plain");
        }
      }
    };
  }

  static MutatingProxy.Fault malformedJsonFailsTheServer() {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        if (call.path().startsWith("/api/v2/")
            && answer.status == 400
            && call.text().startsWith("{")
            && !call.text().endsWith("}")) {
          answer.status = 500;
          answer.body = "Internal Server Error".getBytes(StandardCharsets.UTF_8);
          answer.headers.put("Content-Type", "text/html");
        }
      }
    };
  }

  // ---------------------------------------------------------------- v2 requests

  static MutatingProxy.Fault idempotencyKeyIgnored() {
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        if (call.header("Idempotency-Key") != null) {
          call.header("Idempotency-Key", UUID.randomUUID().toString());
        }
      }
    };
  }

  static MutatingProxy.Fault missingTokenAccepted() {
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        if (call.path().startsWith("/api/v2/") && call.header("Authorization") == null) {
          call.header("Authorization", "Bearer " + Sandbox.DEFAULT_TOKEN);
        }
      }
    };
  }

  // ---------------------------------------------------------------- v1

  /**
   * Rewrites v1 calls before the sandbox sees them: the values, then a correct signature over them.
   */
  static MutatingProxy.Fault v1Resigned(Consumer<Map<String, String>> edit) {
    return v1Resigned(
        (operation, values) -> {
          edit.accept(values);
          return true;
        });
  }

  /**
   * Rewrites v1 calls before the sandbox sees them: the edit sees the operation and the values, may
   * change them, and says whether they are signed again (true, with the password every sandbox user
   * has) or sent as they are.
   */
  static MutatingProxy.Fault v1Resigned(BiPredicate<String, Map<String, String>> edit) {
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        if (!call.path().startsWith("/api/v1/")) {
          return;
        }
        boolean post = call.method.equals("POST");
        String raw =
            post
                ? call.text()
                : call.pathAndQuery.contains("?")
                    ? call.pathAndQuery.substring(call.pathAndQuery.indexOf('?') + 1)
                    : "";
        Map<String, String> values = parse(raw);
        String operation = call.path().substring("/api/v1/".length());
        if (!OPERATIONS.contains(operation)) {
          return;
        }
        if (edit.test(operation, values) && values.containsKey("login")) {
          values.put(
              "hash",
              V1Signature.hash(
                  operation,
                  values.get("login"),
                  Sandbox.DEFAULT_PASSWORD,
                  values.get("nonce"),
                  values));
        }
        String encoded = encode(values);
        if (post) {
          call.body = encoded.getBytes(StandardCharsets.UTF_8);
        } else {
          call.pathAndQuery = call.path() + "?" + encoded;
        }
      }
    };
  }

  /** Changes every v1 JSON envelope with the edit, which sees the operation. */
  static MutatingProxy.Fault v1Answers(BiConsumer<String, ObjectNode> edit) {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        JsonNode json = call.path().startsWith("/api/v1/") ? answer.json() : null;
        if (json instanceof ObjectNode envelope) {
          edit.accept(call.path().substring("/api/v1/".length()), envelope);
          answer.json(envelope);
        }
      }
    };
  }

  static MutatingProxy.Fault v1HashUnchecked() {
    return v1Resigned(values -> {});
  }

  static MutatingProxy.Fault v1NonceReplayAccepted() {
    AtomicLong fresh = new AtomicLong();
    return v1Resigned(
        values ->
            values.put("nonce", "proxy-" + fresh.incrementAndGet() + "-" + UUID.randomUUID()));
  }

  static MutatingProxy.Fault v1FailuresAsHttp400() {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        JsonNode json = call.path().startsWith("/api/v1/") ? answer.json() : null;
        if (json != null && json.path("ErrorCode").asInt(0) != 0) {
          answer.status = 400;
        }
      }
    };
  }

  static MutatingProxy.Fault v1XmlRootRenamed() {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        if (call.path().startsWith("/api/v1/")
            && answer.contentType().startsWith("application/xml")) {
          answer.body =
              new String(answer.body, StandardCharsets.UTF_8)
                  .replace("RestController.RestResponse", "Response")
                  .getBytes(StandardCharsets.UTF_8);
        }
      }
    };
  }

  static MutatingProxy.Fault v1OverflowLeftOut() {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        JsonNode json = call.path().startsWith("/api/v1/") ? answer.json() : null;
        if (json != null && json.path("Response").has("Overflow")) {
          ((ObjectNode) json.path("Response")).put("Overflow", false);
          answer.json(json);
        }
      }
    };
  }

  // ---------------------------------------------------------------- notifications

  static MutatingProxy.Fault notificationsWithoutStatus() {
    return new MutatingProxy.Fault() {
      @Override
      public Integer notification(MutatingProxy.Call call) {
        try {
          JsonNode body = MutatingProxy.JSON.readTree(call.body);
          ((ObjectNode) body).remove("status");
          call.body = MutatingProxy.JSON.writeValueAsBytes(body);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        return null;
      }
    };
  }

  static MutatingProxy.Fault refusedNotificationsNeverRetried() {
    return new MutatingProxy.Fault() {
      @Override
      public int notificationAnswer(int merchantStatus) {
        return 200;
      }
    };
  }

  // ---------------------------------------------------------------- harmless

  /**
   * Unknown members in every JSON object of every answer and notification, keys in reverse, other
   * spacing.
   */
  static MutatingProxy.Fault harmlessVariations() {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        JsonNode json = answer.contentType().startsWith("application/json") ? answer.json() : null;
        if (json != null) {
          JsonNode varied = vary(json);
          try {
            answer.body =
                MutatingProxy.JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(varied);
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }
      }

      @Override
      public Integer notification(MutatingProxy.Call call) {
        try {
          call.body =
              MutatingProxy.JSON
                  .writerWithDefaultPrettyPrinter()
                  .writeValueAsBytes(vary(MutatingProxy.JSON.readTree(call.body)));
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        return null;
      }
    };
  }

  private static JsonNode vary(JsonNode node) {
    if (node instanceof ObjectNode object) {
      List<String> names = new ArrayList<>();
      object.fieldNames().forEachRemaining(names::add);
      ObjectNode reordered = MutatingProxy.JSON.createObjectNode();
      for (int i = names.size() - 1; i >= 0; i--) {
        // invoice.params is the merchant's own map of strings, echoed as sent: nothing is added to
        // it.
        reordered.set(
            names.get(i),
            names.get(i).equals("params")
                ? object.get(names.get(i))
                : vary(object.get(names.get(i))));
      }
      reordered.put("x-added-by-a-newer-version", "ignore me");
      reordered.putObject("extension").put("nested", true);
      if (reordered.has("paymentData") && reordered.has("status")) {
        // A masked security code shows nothing of the card's.
        reordered.put("cvc", "***");
      }
      return reordered;
    }
    if (node instanceof ArrayNode array) {
      ArrayNode copy = MutatingProxy.JSON.createArrayNode();
      array.forEach(item -> copy.add(vary(item)));
      return copy;
    }
    return node;
  }

  // ---------------------------------------------------------------- helpers

  static final List<String> OPERATIONS =
      SpecModel.of(ApiSpec.V1).operations().stream().map(SpecModel.Operation::id).toList();

  static Map<String, String> parse(String raw) {
    Map<String, String> values = new LinkedHashMap<>();
    for (String pair : raw.split("&")) {
      if (!pair.isEmpty()) {
        int eq = pair.indexOf('=');
        values.put(
            URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
            URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
      }
    }
    return values;
  }

  static String encode(Map<String, String> values) {
    StringBuilder out = new StringBuilder();
    values.forEach(
        (k, v) ->
            out.append(out.length() == 0 ? "" : "&")
                .append(URLEncoder.encode(k, StandardCharsets.UTF_8))
                .append('=')
                .append(URLEncoder.encode(v, StandardCharsets.UTF_8)));
    return out.toString();
  }
}
