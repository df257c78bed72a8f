package com.merchantpay.conformance.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Correct implementations that read an open point of the documents otherwise than our specs: each
 * is the sandbox behind a proxy that changes one thing the documents leave open. Written from the
 * documents' silences, not from the kit's code: the kit must pass each and report the difference.
 */
final class Readings {
  private Readings() {}

  /**
   * A reading, the proxy fault that makes it, and the open point the kit should report it under.
   */
  record Reading(String name, MutatingProxy.Fault fault, String point) {}

  private static final Set<String> CREATING =
      Set.of(
          "/api/v2/invoices",
          "/api/v2/payments",
          "/api/v2/refunds",
          "/api/v2/tokenization",
          "/api/v2/paymenttokens",
          "/api/v2/receipts",
          "/api/v2/stickers");
  private static final Pattern NO_BODY =
      Pattern.compile(
          "/api/v2/(payments/[^/]+/(confirm|cancel)"
              + "|paymenttokens/[^/]+/revoke|stickers/[^/]+)");

  static List<Reading> all() {
    return List.of(
        // Before the readings of statuses below, which change the sandbox's 409 it recognises.
        new Reading(
            "a request the state does not allow refused with validation_error",
            wrongStateAsValidationError(),
            "v2.code.wrong-state"),
        new Reading(
            "creations answered 201",
            status(call -> call.method.equals("POST") && CREATING.contains(call.path()), 200, 201),
            "v2.status.success"),
        new Reading(
            "validation_error and invalid_operation answered 422",
            errorStatus(Set.of("validation_error", "invalid_operation"), 422),
            "v2.status.validation-error"),
        new Reading(
            "not_authorized always 403",
            errorStatus(Set.of("not_authorized"), 403),
            "v2.status.unauthenticated"),
        new Reading(
            "capture, cancel, revoke and sticker switches answered 204",
            status(
                call -> call.method.equals("PUT") && NO_BODY.matcher(call.path()).matches(),
                200,
                204),
            "v2.status.no-body"),
        new Reading("v1 XML answered as text/xml", xmlAsTextXml(), "v1.media-type.xml"),
        new Reading(
            "a trace id that differs per answer in every JSON answer", traceIdPerAnswer(), null),
        new Reading(
            "a replay refused with idempotency_key_violation",
            replayRefused(),
            "v2.idempotency.replay"),
        new Reading(
            "list items in descending order within a page", descendingPages(), "v2.list.order"),
        new Reading(
            "a Pending refund read without resultCode",
            Faults.pendingRefundsReadWithoutResultCode(),
            "v2.refund.pending-result-code"),
        new Reading(
            "notifications never sent again after a refusal",
            Faults.refusedNotificationsNeverRetried(),
            "v2.events.retry"),
        new Reading("the cursor named nextPageToken", cursorRenamed(), "v2.list.cursor"),
        new Reading(
            "Idempotency-Key longer than 64 characters refused",
            keysOver64Refused(),
            "v2.request.boundaries"),
        new Reading(
            "a switched-off sticker named Disabled",
            stickerOffIsDisabled(),
            "v2.sticker.off-status"),
        new Reading(
            "a wrong one-time code lets the payer try again",
            failingAnswerAllowsRetry(),
            "v2.confirmation.failing-answer"),
        new Reading("payments answered Pending at creation", creationsPending(), null),
        new Reading("members without a value written as null", absentAsNull(), null),
        new Reading(
            "v1 failures carrying their payload member as null", v1NullPayloadOnFailure(), null),
        new Reading("v1 JSON labelled text/html", v1JsonAsHtml(), "v1.media-type.json"));
  }

  /**
   * Readings run one at a time: those that change how missing resources are answered conflict with
   * each other, and the others would take away what checks of other readings need.
   */
  static List<Reading> apart() {
    return List.of(
        new Reading(
            "a capture of less than is held refused",
            partialCapturesRefused(),
            "v2.capture.partial"),
        new Reading(
            "v1 requests that cannot be read answered 500",
            v1UnreadableAs500(),
            "v1.request.unreadable"),
        new Reading(
            "a Pending refund's resultCode Accepted", pendingRefundsAccepted(), "v2.result-codes"),
        new Reading(
            "an unknown id answered 400 validation_error",
            Faults.notFoundAsBadRequest(),
            "v2.code.not-found"),
        new Reading(
            "another merchant's resources and unknown ids answered 403 not_authorized",
            notFoundAsForbidden(),
            "v2.auth.foreign-resource"));
  }

  /** Every reading of {@link #all()} at once: one target that reads all those points otherwise. */
  static MutatingProxy.Fault together(List<Reading> readings) {
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        readings.forEach(
            r -> {
              if (call.reply == null) {
                r.fault().request(call);
              }
            });
      }

      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        readings.forEach(r -> r.fault().answer(call, answer));
      }

      @Override
      public Integer notification(MutatingProxy.Call call) {
        Integer answered = null;
        for (Reading r : readings) {
          Integer own = r.fault().notification(call);
          answered = answered == null ? own : answered;
        }
        return answered;
      }

      @Override
      public int notificationAnswer(int merchantStatus) {
        int status = merchantStatus;
        for (Reading r : readings) {
          status = r.fault().notificationAnswer(status);
        }
        return status;
      }
    };
  }

  private static MutatingProxy.Fault status(Predicate<MutatingProxy.Call> which, int from, int to) {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        if (answer.status == from && which.test(call)) {
          answer.status = to;
          if (to == 204) {
            answer.body = new byte[0];
          }
        }
      }
    };
  }

  private static MutatingProxy.Fault errorStatus(Set<String> codes, int to) {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        JsonNode json = Faults.isV2Json(call, answer) ? answer.json() : null;
        if (json != null
            && answer.status / 100 == 4
            && codes.contains(json.path("code").asText())) {
          answer.status = to;
        }
      }
    };
  }

  private static MutatingProxy.Fault xmlAsTextXml() {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        if (answer.contentType().startsWith("application/xml")) {
          answer.headers.keySet().removeIf(name -> name.equalsIgnoreCase("Content-Type"));
          answer.headers.put("Content-Type", "text/xml;charset=UTF-8");
        }
      }
    };
  }

  private static MutatingProxy.Fault traceIdPerAnswer() {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        JsonNode json = answer.contentType().startsWith("application/json") ? answer.json() : null;
        if (json instanceof ObjectNode object) {
          object.put(
              call.path().startsWith("/api/v1/") ? "TraceID" : "traceId",
              UUID.randomUUID().toString());
          answer.json(object);
        }
      }
    };
  }

  /**
   * The first answer to a key stands; any later success for the same key is refused as a duplicate
   * request.
   */
  private static MutatingProxy.Fault replayRefused() {
    Map<String, Boolean> answered = new ConcurrentHashMap<>();
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        String key = Faults.scopedKey(call);
        if (key == null || answer.status / 100 != 2 || !call.path().startsWith("/api/v2/")) {
          return;
        }
        if (answered.putIfAbsent(key, true) != null) {
          answer.status = 409;
          answer.headers.put("Content-Type", "application/json");
          answer.json(
              MutatingProxy.JSON
                  .createObjectNode()
                  .put("code", "idempotency_key_violation")
                  .put("message", "A request with this key was made before."));
        }
      }
    };
  }

  private static MutatingProxy.Fault descendingPages() {
    return Faults.v2Answers(
        json -> {
          if (json.isObject() && json.path("items").isArray()) {
            ArrayNode items = (ArrayNode) json.path("items");
            List<JsonNode> reversed = new ArrayList<>();
            items.forEach(reversed::add);
            items.removeAll();
            for (int i = reversed.size() - 1; i >= 0; i--) {
              items.add(reversed.get(i));
            }
          }
        });
  }

  private static MutatingProxy.Fault cursorRenamed() {
    return Faults.v2Answers(
        json -> {
          if (json instanceof ObjectNode page && page.has("items") && page.has("cursor")) {
            page.set("nextPageToken", page.remove("cursor"));
          }
        });
  }

  private static MutatingProxy.Fault keysOver64Refused() {
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        String key = call.header("Idempotency-Key");
        if (key != null && key.length() > 64) {
          ObjectNode body =
              MutatingProxy.JSON
                  .createObjectNode()
                  .put("code", "validation_error")
                  .put("message", "The request did not pass validation.");
          body.putArray("errors").add("Idempotency-Key: at most 64 characters");
          call.reply = MutatingProxy.Answer.json(400, body);
        }
      }
    };
  }

  private static MutatingProxy.Fault stickerOffIsDisabled() {
    return Faults.v2Answers(
        json ->
            Faults.objects(
                json,
                o -> {
                  if ("Inactive".equals(o.path("status").asText()) && o.has("stickerType")) {
                    o.put("status", "Disabled");
                  }
                }));
  }

  /**
   * A failing answer to a step is answered with the step asked again; the payment itself ends as it
   * does.
   */
  private static MutatingProxy.Fault failingAnswerAllowsRetry() {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        JsonNode json =
            call.method.equals("PUT") && call.path().matches("/api/v2/payments/[^/]+/complete")
                ? answer.json()
                : null;
        if (json instanceof ObjectNode payment
            && "Rejected".equals(payment.path("status").asText())) {
          payment.put("status", "Confirmation");
          payment.remove("resultCode");
          payment.remove("completed");
          payment.putObject("confirmation").put("type", "SmsOtp").put("maskedPhone", "+7******67");
          answer.json(payment);
        }
      }
    };
  }

  /** A capture of less than the payment holds refused as invalid_operation, 409. */
  private static MutatingProxy.Fault partialCapturesRefused() {
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        if (call.method.equals("PUT") && call.path().matches("/api/v2/payments/[^/]+/confirm")) {
          JsonNode body;
          try {
            body = MutatingProxy.JSON.readTree(call.body);
          } catch (java.io.IOException e) {
            return;
          }
          String id = call.path().split("/")[4];
          JsonNode value = body == null ? null : body.path("amount").path("value");
          if (value != null
              && value.isNumber()
              && held.containsKey(id)
              && value.decimalValue().compareTo(held.get(id)) < 0) {
            call.reply =
                MutatingProxy.Answer.json(
                    409,
                    MutatingProxy.JSON
                        .createObjectNode()
                        .put("code", "invalid_operation")
                        .put("message", "Only the whole held amount can be captured."));
          }
        }
      }

      private final Map<String, java.math.BigDecimal> held = new ConcurrentHashMap<>();

      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        JsonNode json = Faults.isV2Json(call, answer) ? answer.json() : null;
        if (json != null && "Authorized".equals(json.path("status").asText())) {
          held.put(json.path("id").asText(), json.path("amount").path("value").decimalValue());
        }
      }
    };
  }

  /** A v1 request the service cannot read answered with HTTP 500 (v1 Errors, rule 1). */
  private static MutatingProxy.Fault v1UnreadableAs500() {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        if (call.path().startsWith("/api/v1/") && answer.status == 400) {
          answer.status = 500;
        }
      }
    };
  }

  /** A refund shows resultCode Accepted while it is Pending. */
  private static MutatingProxy.Fault pendingRefundsAccepted() {
    return Faults.v2Answers(
        json ->
            Faults.objects(
                json,
                o -> {
                  if ("Pending".equals(o.path("status").asText())
                      && o.has("paymentId")
                      && o.has("resultCode")
                      && !o.has("type")) {
                    o.put("resultCode", "Accepted");
                  }
                }));
  }

  /** A request the resource's state does not allow refused as a validation_error. */
  private static MutatingProxy.Fault wrongStateAsValidationError() {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        JsonNode json = Faults.isV2Json(call, answer) ? answer.json() : null;
        if (json != null
            && answer.status == 409
            && "invalid_operation".equals(json.path("code").asText())) {
          ObjectNode body =
              MutatingProxy.JSON
                  .createObjectNode()
                  .put("code", "validation_error")
                  .put("message", "The payment is not in a state for that.");
          body.putArray("errors").add("status: the payment's status does not allow it");
          answer.status = 400;
          answer.json(body);
        }
      }
    };
  }

  /** A payment is answered Pending when it is made; reading it shows its outcome. */
  private static MutatingProxy.Fault creationsPending() {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        JsonNode json =
            call.method.equals("POST") && call.path().equals("/api/v2/payments")
                ? answer.json()
                : null;
        if (json instanceof ObjectNode payment
            && Set.of("Settled", "Authorized").contains(payment.path("status").asText())) {
          payment.put("status", "Pending");
          payment.remove("completed");
          payment.remove("capturedAmount");
          answer.json(payment);
        }
      }
    };
  }

  /** Optional members a resource does not have yet are written as null instead of left out. */
  private static MutatingProxy.Fault absentAsNull() {
    return Faults.v2Answers(
        json ->
            Faults.objects(
                json,
                o -> {
                  if (o.has("status") && o.has("id")) {
                    if (o.has("paymentData") && !o.has("completed")) {
                      o.putNull("completed");
                    }
                    if (o.has("paymentId") && !o.has("resultCode")) {
                      o.putNull("resultCode");
                    }
                  }
                }));
  }

  private static MutatingProxy.Fault v1NullPayloadOnFailure() {
    return Faults.v1Answers(
        (operation, envelope) -> {
          if (envelope.path("ErrorCode").asInt() != 0 && !envelope.has("Payment")) {
            envelope.putNull(
                operation.contains("Refund") && !operation.startsWith("list")
                    ? "Refund"
                    : "Payment");
          }
        });
  }

  private static MutatingProxy.Fault v1JsonAsHtml() {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        if (call.path().startsWith("/api/v1/")
            && answer.contentType().startsWith("application/json")) {
          answer.headers.keySet().removeIf(name -> name.equalsIgnoreCase("Content-Type"));
          answer.headers.put("Content-Type", "text/html; charset=utf-8");
        }
      }
    };
  }

  private static MutatingProxy.Fault notFoundAsForbidden() {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        if (call.path().startsWith("/api/v2/") && answer.status == 404) {
          answer.status = 403;
          answer.json(
              MutatingProxy.JSON
                  .createObjectNode()
                  .put("code", "not_authorized")
                  .put("message", "Not yours, or not there."));
        }
      }
    };
  }
}
