package com.merchantpay.conformance.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.conformance.target.Profile;
import com.merchantpay.conformance.target.Target;
import com.merchantpay.sandbox.Sandbox;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The kit's second reference target: an implementation that follows the documents but reads every
 * point they leave open the other way at once, with test data, payer pages and a clock control of
 * its own, described by a profile written as its provider would write one ({@code
 * another-implementation-profile.json}). It is a sandbox with pages of two items behind a proxy
 * that turns the sandbox's readings into the other ones: amounts with at most two fraction digits,
 * a card's security code required, only {@code recurring} tokens, members an operation's row does
 * not list ignored, request timestamps only in UTC, 201 and 204 successes, 422, 403 and 409 errors,
 * items newest first, the cursor named {@code nextPageToken}, payments {@code Pending} when made,
 * v1 identifiers written as numbers, XML as {@code text/xml}, and more (see {@link #READINGS}).
 * Written from the documents' silences, not from the kit's code.
 */
final class AnotherImplementation {
  /** The open points this target reads otherwise than our specs, all of which a run reports. */
  static final List<String> READINGS =
      List.of(
          "v2.status.no-body",
          "v2.status.validation-error",
          "v2.status.unauthenticated",
          "v2.status.wrong-state",
          "v2.status.key-conflict",
          "v2.idempotency.replay",
          "v2.list.order",
          "v2.refund.pending-result-code",
          "v2.events.retry",
          "v2.sticker.off-status",
          "v2.request.boundaries",
          "v2.request.zoned-timestamps",
          "v2.request.unlisted-members",
          "v1.media-type.xml",
          "v1.answer.types");

  /** The points its profile declares, checked exactly and never reported. */
  static final List<String> DECLARED = List.of("v2.status.success", "v2.list.cursor");

  private static final Map<String, String> CARDS =
      Map.ofEntries(
          Map.entry("2200000000000053", "4111111111111111"),
          Map.entry("2200000000000103", "4000000000001018"),
          Map.entry("2200000000000111", "4000000000001083"),
          Map.entry("2200000000000202", "4000000000002032"),
          Map.entry("2200000000000210", "4000000000002024"),
          Map.entry("2200000000000228", "4000000000002040"),
          Map.entry("2200000000000400", "4000000000004012"),
          Map.entry("2200000000000418", "4000000000004020"));

  /**
   * Instruments other than cards, by a member that tells them apart, and the card they stand for.
   */
  private static final Map<String, String> INSTRUMENTS =
      Map.of(
          "otp-wallet-7", "4000000000002016",
          "79990000057", "4000000000002057",
          "79990000034", "4000000000001034");

  private static final Pattern PAGE_STEP =
      Pattern.compile("/(pay|tokenize|sticker)/([^/]+)/(approve|decline|card|pay)");
  private static final Pattern AMOUNT = Pattern.compile("\"value\"\\s*:\\s*-?[0-9]+\\.[0-9]{3,}");
  private static final Pattern V1_IDS =
      Pattern.compile(
          "\"(DocumentID|PaymentOrderID|RegisterID|OperationID)\"\\s*:\\s*\"([0-9]{1,15})\"");

  private AnotherImplementation() {}

  /** A sandbox started as this implementation's inside: pages of two, a small v1 list limit. */
  static Sandbox startSandbox() {
    return Sandbox.builder()
        .merchant(Sandbox.DEFAULT_MERCHANT)
        .merchant("sandbox-other-merchant")
        .bearerToken(Sandbox.DEFAULT_TOKEN, Sandbox.DEFAULT_MERCHANT)
        .bearerToken("sandbox-other-token", "sandbox-other-merchant")
        .v1Login(
            Sandbox.DEFAULT_ACCOUNTANT,
            Sandbox.DEFAULT_PASSWORD,
            Sandbox.DEFAULT_MERCHANT,
            Sandbox.Role.ACCOUNTANT)
        .v1Login(
            Sandbox.DEFAULT_CASHIER,
            Sandbox.DEFAULT_PASSWORD,
            Sandbox.DEFAULT_MERCHANT,
            Sandbox.Role.CASHIER)
        .v1ListLimit(10)
        .pageSize(2)
        .start();
  }

  /** The target as the kit reaches it: the proxy, with the sandbox's credentials. */
  static Target target(java.net.URI proxy) {
    return Target.builder(proxy)
        .bearerToken(Sandbox.DEFAULT_TOKEN, Sandbox.DEFAULT_MERCHANT)
        .otherMerchant("sandbox-other-token", "sandbox-other-merchant")
        .v1Accountant(Sandbox.DEFAULT_ACCOUNTANT, Sandbox.DEFAULT_PASSWORD)
        .v1Cashier(Sandbox.DEFAULT_CASHIER, Sandbox.DEFAULT_PASSWORD)
        .build();
  }

  /** Its profile, as its provider wrote it. */
  static Profile profile() {
    try {
      Path file = Files.createTempFile("another-implementation", ".json");
      try (var in =
          AnotherImplementation.class.getResourceAsStream("another-implementation-profile.json")) {
        Files.write(file, in.readAllBytes());
        return Profile.load(file);
      } finally {
        Files.delete(file);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** What turns the sandbox into this implementation, given where the sandbox and the proxy are. */
  static MutatingProxy.Fault readings(String sandboxBase, String proxyBase) {
    List<MutatingProxy.Fault> readings =
        List.of(
            ownTestData(sandboxBase, proxyBase),
            requestsAsItReadsThem(),
            Readings.all().stream()
                .map(Readings.Reading::fault)
                .reduce(AnotherImplementation::then)
                .orElseThrow(),
            idempotencyConflictsAs409(),
            v1IdentifiersAsNumbers());
    return readings.stream().reduce(AnotherImplementation::then).orElseThrow();
  }

  /**
   * A broken implementation of the same kind: the breakage sees the sandbox's calls and answers, as
   * it was written to, and this target's readings are laid over it.
   */
  static MutatingProxy.Fault broken(MutatingProxy.Fault readings, MutatingProxy.Fault breakage) {
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        readings.request(call);
        if (call.reply == null) {
          breakage.request(call);
        }
      }

      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        breakage.answer(call, answer);
        readings.answer(call, answer);
      }

      @Override
      public Integer notification(MutatingProxy.Call call) {
        Integer answered = breakage.notification(call);
        return answered != null ? answered : readings.notification(call);
      }

      @Override
      public int notificationAnswer(int merchantStatus) {
        return readings.notificationAnswer(breakage.notificationAnswer(merchantStatus));
      }
    };
  }

  /** Two faults, one after the other. */
  static MutatingProxy.Fault then(MutatingProxy.Fault first, MutatingProxy.Fault second) {
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        first.request(call);
        if (call.reply == null) {
          second.request(call);
        }
      }

      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        first.answer(call, answer);
        second.answer(call, answer);
      }

      @Override
      public Integer notification(MutatingProxy.Call call) {
        Integer answered = first.notification(call);
        return answered != null ? answered : second.notification(call);
      }

      @Override
      public int notificationAnswer(int merchantStatus) {
        return second.notificationAnswer(first.notificationAnswer(merchantStatus));
      }
    };
  }

  // ---------------------------------------------------------------- its own test data and pages

  /**
   * Its cards, instruments, expiry form, one-time codes, pages and clock, translated into the
   * sandbox's; its answers and notifications name its own cards and pages again.
   */
  private static MutatingProxy.Fault ownTestData(String sandboxBase, String proxyBase) {
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        if (call.path().equals("/testing/clock")) {
          call.pathAndQuery = "/_sandbox/clock/advance";
          return;
        }
        Matcher step = PAGE_STEP.matcher(call.path());
        if (step.matches()) {
          pageStep(call, step.group(1), step.group(2), step.group(3));
          return;
        }
        if (call.path().startsWith("/api/v2/") && call.json() instanceof ObjectNode body) {
          translate(body);
          call.json(body);
        }
      }

      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        if (answer.body.length == 0) {
          return;
        }
        String text = new String(answer.body, StandardCharsets.UTF_8);
        String mine = text.replace(sandboxBase, proxyBase);
        for (Map.Entry<String, String> card : CARDS.entrySet()) {
          mine = mine.replace(card.getValue(), card.getKey());
        }
        if (!mine.equals(text)) {
          answer.body = mine.getBytes(StandardCharsets.UTF_8);
        }
      }

      @Override
      public Integer notification(MutatingProxy.Call call) {
        String text = call.text();
        String mine = text;
        for (Map.Entry<String, String> card : CARDS.entrySet()) {
          mine = mine.replace(card.getValue(), card.getKey());
        }
        call.body = mine.getBytes(StandardCharsets.UTF_8);
        return null;
      }
    };
  }

  /** A JSON step on one of its pages, as the sandbox's form on the same page. */
  private static void pageStep(MutatingProxy.Call call, String page, String id, String action) {
    JsonNode body = call.json();
    Map<String, String> form = new LinkedHashMap<>();
    switch (action) {
      case "approve", "decline" -> form.put("action", action);
      default -> {
        if (!page.equals("sticker")) {
          form.put("action", "pay");
        }
        if (body != null && body.has("amount")) {
          form.put("amount", body.path("amount").asText());
        }
        if (body != null) {
          form.put("pan", CARDS.getOrDefault(body.path("pan").asText(), body.path("pan").asText()));
          form.put("expiry", sandboxExpiry(body.path("expiry").asText()));
        }
      }
    }
    StringBuilder encoded = new StringBuilder();
    form.forEach(
        (name, value) ->
            encoded
                .append(encoded.length() == 0 ? "" : "&")
                .append(name)
                .append('=')
                .append(URLEncoder.encode(value, StandardCharsets.UTF_8)));
    call.pathAndQuery = "/" + page + "/" + id;
    call.method = "POST";
    call.header("Content-Type", "application/x-www-form-urlencoded");
    call.body = encoded.toString().getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Its cards, instruments, expiry form and one-time codes in a v2 request body, as the sandbox's.
   */
  private static void translate(ObjectNode body) {
    JsonNode data = body.path("paymentData");
    if (data instanceof ObjectNode paymentData) {
      String instrument =
          INSTRUMENTS.get(
              paymentData.has("account")
                  ? paymentData.path("account").asText()
                  : paymentData.path("phone").asText());
      if (instrument != null && !paymentData.has("card")) {
        ObjectNode card =
            Json.object().put("pan", instrument).put("expiry", "12/30").put("cvc", "123");
        paymentData.removeAll();
        paymentData.put("paymentMethod", "bankcard");
        paymentData.set("card", card);
      }
      if (paymentData.path("card") instanceof ObjectNode card) {
        String pan = card.path("pan").asText();
        if (CARDS.containsKey(pan)) {
          card.put("pan", CARDS.get(pan));
        }
        if (card.path("expiry").isTextual()) {
          card.put("expiry", sandboxExpiry(card.path("expiry").asText()));
        }
      }
    }
    // Its one-time codes are four digits; the sandbox's six.
    if (body.path("code").isTextual()) {
      body.put("code", body.path("code").asText().equals("4321") ? "123456" : "000000");
    }
  }

  /** Its expiry is written YYYY-MM; the sandbox's MM/YY. */
  private static String sandboxExpiry(String expiry) {
    Matcher matcher = Pattern.compile("(20[0-9]{2})-([0-9]{2})").matcher(expiry);
    return matcher.matches() ? matcher.group(2) + "/" + matcher.group(1).substring(2) : expiry;
  }

  // ---------------------------------------------------------------- requests, read its way

  /**
   * Requests as it reads the documents: money with at most two fraction digits, a card with its
   * security code, only recurring tokens in operations 11 and 12, timestamps only in UTC (422
   * validation_error otherwise), and the members an operation's row does not list ignored.
   */
  private static MutatingProxy.Fault requestsAsItReadsThem() {
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        String path = call.path();
        if (!path.startsWith("/api/v2/") || call.body == null || call.body.length == 0) {
          return;
        }
        String text = call.text();
        if (AMOUNT.matcher(text).find()) {
          call.reply = refused("amount.value: at most two digits after the decimal point");
          return;
        }
        if (!(call.json() instanceof ObjectNode body)) {
          return;
        }
        JsonNode card = body.path("paymentData").path("card");
        if (card.isObject() && !card.path("cvc").isTextual()) {
          call.reply = refused("paymentData.card.cvc: required");
          return;
        }
        boolean tokenOperation =
            path.equals("/api/v2/tokenization") || path.equals("/api/v2/paymenttokens");
        if (tokenOperation
            && body.path("type").isTextual()
            && !body.path("type").asText().equals("recurring")) {
          call.reply = refused("type: must be recurring");
          return;
        }
        JsonNode expires = body.path("invoice").path("expires");
        if (expires.isTextual() && !expires.asText().endsWith("Z")) {
          call.reply = refused("invoice.expires: a UTC timestamp ending in Z");
          return;
        }
        boolean changed = false;
        if (path.equals("/api/v2/invoices")
            && body.path("protocol") instanceof ObjectNode protocol) {
          changed |= protocol.remove("threeDSCompleteUrl") != null;
        }
        if (tokenOperation && body.path("customer") instanceof ObjectNode customer) {
          changed |= customer.remove("phone") != null | customer.remove("ip") != null;
        }
        if (path.equals("/api/v2/paymenttokens")
            && body.path("paymentData") instanceof ObjectNode data) {
          List<String> others = new ArrayList<>();
          data.fieldNames()
              .forEachRemaining(
                  name -> {
                    if (!name.equals("paymentMethod") && !name.equals("card")) {
                      others.add(name);
                    }
                  });
          changed |= !others.isEmpty();
          data.remove(others);
        }
        if (changed) {
          call.json(body);
        }
      }
    };
  }

  private static MutatingProxy.Answer refused(String error) {
    ObjectNode body =
        MutatingProxy.JSON
            .createObjectNode()
            .put("code", "validation_error")
            .put("message", "The request is not valid.");
    body.putArray("errors").add(error);
    return MutatingProxy.Answer.json(422, body);
  }

  // ---------------------------------------------------------------- answers, written its way

  /** idempotency_key_violation answered 409 (the sandbox: 422). */
  private static MutatingProxy.Fault idempotencyConflictsAs409() {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        JsonNode json = Faults.isV2Json(call, answer) ? answer.json() : null;
        if (json != null
            && answer.status / 100 == 4
            && "idempotency_key_violation".equals(json.path("code").asText())) {
          answer.status = 409;
        }
      }
    };
  }

  /** v1 identifiers the document gives no type written as JSON numbers. */
  private static MutatingProxy.Fault v1IdentifiersAsNumbers() {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        String text = new String(answer.body, StandardCharsets.UTF_8);
        if (call.path().startsWith("/api/v1/") && text.startsWith("{")) {
          String numbers = V1_IDS.matcher(text).replaceAll("\"$1\":$2");
          answer.body = numbers.getBytes(StandardCharsets.UTF_8);
        }
      }
    };
  }

  // ---------------------------------------------------------------- helpers

  /** Small JSON helpers of this class. */
  private static final class Json {
    static ObjectNode object() {
      return MutatingProxy.JSON.createObjectNode();
    }
  }
}
