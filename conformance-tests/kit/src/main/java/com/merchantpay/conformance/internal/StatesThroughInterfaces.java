package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.conformance.target.OpenPoint;
import com.merchantpay.conformance.target.Profile;
import com.merchantpay.conformance.target.Target;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The provider states the pacts name, made on a target through its own v2 and v1 interfaces with
 * the profile's test data, so they work on the sandbox and on any implementation alike. The names
 * are those of {@code ProviderStateName} in the control API's spec.
 */
public final class StatesThroughInterfaces {
  static final String MERCHANT = "a merchant";
  static final String SETTLED_PAYMENT = "a settled payment";
  static final String SETTLED_PAYMENT_WITH_ORDER = "a settled payment with an invoice number";
  static final String HELD_PAYMENT = "a held payment";
  static final String CANCELLED_PAYMENT = "a cancelled payment";
  static final String DECLINED_PAYMENT = "a declined payment";
  static final String CONFIRMATION_STEP = "a payment waits for a confirmation step";
  static final String SMS_OTP_STEP = "a payment waits for an SmsOtp step";
  static final String REFUND = "a refund";
  static final String ACTIVE_TOKEN = "an active payment token";
  static final String TOKEN_WAITING = "a payment token waits for its confirmation";
  static final String REVOKED_TOKEN = "a revoked payment token";
  static final String RECEIPT = "a receipt";
  static final String STICKER = "a sticker";
  static final String USED_KEY = "an idempotency key was used for another payment";
  static final String UNKNOWN_TOKEN = "the access token is unknown";
  static final String DOCUMENT = "a document";
  static final String TRANSFER_REGISTER = "a transfer register";
  static final String USED_NONCE = "the nonce was used before";
  static final String WRONG_SIGNATURE = "the signature is wrong";
  static final String UNKNOWN_LOGIN = "the login is unknown";
  static final String TWO_PAGES = "two pages of payments";
  static final String SIGNED_V1_CALL = "a signed v1 call";

  /** Every state made here. */
  public static final Set<String> NAMES =
      Set.of(
          MERCHANT,
          SETTLED_PAYMENT,
          SETTLED_PAYMENT_WITH_ORDER,
          HELD_PAYMENT,
          CANCELLED_PAYMENT,
          DECLINED_PAYMENT,
          CONFIRMATION_STEP,
          SMS_OTP_STEP,
          REFUND,
          ACTIVE_TOKEN,
          TOKEN_WAITING,
          REVOKED_TOKEN,
          RECEIPT,
          STICKER,
          USED_KEY,
          UNKNOWN_TOKEN,
          DOCUMENT,
          TRANSFER_REGISTER,
          USED_NONCE,
          WRONG_SIGNATURE,
          UNKNOWN_LOGIN,
          TWO_PAGES,
          SIGNED_V1_CALL);

  private StatesThroughInterfaces() {}

  /**
   * Makes the state on the target through its v2 and v1 interfaces with the profile's test data.
   *
   * @param p the state's parameters, defaults filled in
   * @param earlier the values earlier states of the same interaction gave
   */
  public static Map<String, Object> make(
      Target target,
      Profile profile,
      String name,
      Map<String, String> p,
      Map<String, Object> earlier) {
    if (!NAMES.contains(name)) {
      throw new IllegalArgumentException("no provider state is named '" + name + "'");
    }
    try (Run run = new Run(target, profile, Duration.ofSeconds(30))) {
      return made(run, target, profile, name, p, earlier);
    } catch (CheckFailure | CheckSkipped e) {
      throw new IllegalStateException(
          "the target would not make '" + name + "': " + e.getMessage(), e);
    }
  }

  private static Map<String, Object> made(
      Run run,
      Target target,
      Profile profile,
      String name,
      Map<String, String> p,
      Map<String, Object> earlier) {
    CheckContext c = new CheckContext(run);
    Fixtures f = new Fixtures(c);
    Map<String, Object> values = common(target, profile);
    switch (name) {
      case MERCHANT -> {
        // the values every state gives are all it gives
      }
      case TWO_PAGES -> twoPages(c, f, values);
      case SIGNED_V1_CALL -> values.putAll(signed(target, p, earlier));
      case SETTLED_PAYMENT, SETTLED_PAYMENT_WITH_ORDER -> {
        ObjectNode body = f.approvedPayment(given(name, p, "amount"), false);
        String orderNo =
            name.equals(SETTLED_PAYMENT_WITH_ORDER)
                ? "pact-order-1"
                : p.getOrDefault("orderNo", "");
        if (!orderNo.isEmpty()) {
          ((ObjectNode) body.path("invoice")).put("orderNo", orderNo);
        }
        values.put("paymentId", v1OrV2Id(c, f.pay(body)));
      }
      case HELD_PAYMENT ->
          values.put("paymentId", v1OrV2Id(c, f.heldPayment(given(name, p, "amount"))));
      case CANCELLED_PAYMENT -> {
        JsonNode held = f.heldPayment(given(name, p, "amount"));
        c.done(c.v2().put("/api/v2/payments/" + encode(held) + "/cancel", null));
        values.put("paymentId", v1OrV2Id(c, held));
      }
      case DECLINED_PAYMENT -> {
        Profile.Decline decline =
            c.need(
                c.profile().declines().stream()
                    .filter(d -> d.resultCode().equals("InsufficientFunds"))
                    .findFirst()
                    .or(() -> c.profile().declines().stream().findFirst())
                    .orElse(null),
                "the profile defines no declined card (declines)");
        Profile.Card card = f.approvedCard();
        values.put(
            "paymentId",
            v1OrV2Id(
                c,
                f.pay(
                    f.cardPayment(
                        decline.pan(),
                        card.expiry(),
                        card.cvc(),
                        given(name, p, "amount"),
                        false))));
      }
      case CONFIRMATION_STEP, SMS_OTP_STEP ->
          values.put(
              "paymentId",
              f.pay(
                      f.confirmationPayment(
                          p.getOrDefault("type", "SmsOtp"), given(name, p, "amount")))
                  .path("id")
                  .asText());
      case USED_KEY ->
          c.v2()
              .post("/api/v2/payments", f.approvedPayment("101.00", false), given(name, p, "key"));
      case REFUND -> {
        JsonNode payment = f.settledPayment(given(name, p, "amount"));
        JsonNode refund =
            c.ok(
                c.v2()
                    .post(
                        "/api/v2/refunds",
                        f.refund(payment.path("id").asText(), given(name, p, "refundAmount"))));
        values.put("paymentId", v1OrV2Id(c, payment));
        values.put("refundId", refund.path("id").asText());
      }
      case TOKEN_WAITING ->
          values.put(
              "tokenId",
              c.ok(
                      c.v2()
                          .post(
                              "/api/v2/paymenttokens",
                              f.tokenRequest(f.approvedCard().pan(), null)))
                  .path("id")
                  .asText());
      case ACTIVE_TOKEN, REVOKED_TOKEN -> {
        JsonNode token = f.activeToken(f.approvedCard().pan(), null);
        if (name.equals(REVOKED_TOKEN)) {
          c.done(c.v2().put("/api/v2/paymenttokens/" + encode(token) + "/revoke", null));
        }
        values.put("tokenId", token.path("id").asText());
      }
      case RECEIPT -> {
        String paymentId = f.settledPayment(given(name, p, "amount")).path("id").asText();
        values.put("paymentId", paymentId);
        values.put(
            "receiptId",
            c.ok(c.v2().post("/api/v2/receipts", f.receipt(paymentId, given(name, p, "amount"))))
                .path("id")
                .asText());
      }
      case STICKER -> {
        boolean cashlink = Boolean.parseBoolean(p.get("cashlink"));
        values.put(
            "stickerId",
            c.ok(
                    c.v2()
                        .post(
                            "/api/v2/stickers",
                            f.sticker(cashlink, cashlink ? given(name, p, "amount") : null, null)))
                .path("id")
                .asText());
      }
      case DOCUMENT ->
          values.put("documentId", firstOfV1List(c, "listDocuments", "Documents", "DocumentID"));
      case TRANSFER_REGISTER ->
          values.put("registerId", firstOfV1List(c, "listTransfers", "Transfers", "RegisterID"));
      case USED_NONCE ->
          c.v1().call("getPayment", Fixtures.values("paymentID", "1"), given(name, p, "nonce"));
      case UNKNOWN_TOKEN, WRONG_SIGNATURE, UNKNOWN_LOGIN -> {
        // nothing to make: the request itself carries the fault
      }
      default -> throw new IllegalStateException("the vocabulary has no maker for " + name);
    }
    return values;
  }

  /** A parameter the state cannot be made without. */
  private static String given(String state, Map<String, String> p, String parameter) {
    String value = p.get(parameter);
    if (value == null) {
      throw new IllegalArgumentException(
          "the state '" + state + "' needs its parameter '" + parameter + "'");
    }
    return value;
  }

  /**
   * What every state gives: the target's credentials, merchant, v1 site and account, and a fresh
   * idempotency key, for the provider-state expressions of the request.
   */
  private static Map<String, Object> common(Target target, Profile profile) {
    Map<String, Object> values = new LinkedHashMap<>();
    putIfGiven(values, "accessToken", target.bearerToken());
    putIfGiven(values, "merchantId", target.merchantId());
    putIfGiven(
        values,
        "siteAlias",
        profile.v1() != null && profile.v1().siteAlias() != null
            ? profile.v1().siteAlias()
            : target.merchantId());
    putIfGiven(values, "accountId", profile.v1() == null ? null : profile.v1().accountId());
    values.put("idempotencyKey", UUID.randomUUID().toString());
    putIfGiven(values, "v1Login", target.v1Login());
    return values;
  }

  private static void putIfGiven(Map<String, Object> values, String name, String value) {
    if (value != null) {
      values.put(name, value);
    }
  }

  /**
   * Payments enough that the merchant's list of the day has a second page, and the cursor to it
   * with the period listed: the provider's page size is its own, so payments are made until a page
   * names a cursor.
   */
  private static void twoPages(CheckContext c, Fixtures f, Map<String, Object> values) {
    java.time.Instant now = java.time.Instant.now();
    String start =
        now.minus(java.time.Duration.ofDays(1))
            .truncatedTo(java.time.temporal.ChronoUnit.SECONDS)
            .toString();
    String end =
        now.plus(java.time.Duration.ofDays(1))
            .truncatedTo(java.time.temporal.ChronoUnit.SECONDS)
            .toString();
    String list =
        "/api/v2/payments?merchantId="
            + Fixtures.encode(c.target().merchantId())
            + "&start="
            + Fixtures.encode(start)
            + "&end="
            + Fixtures.encode(end);
    String pointer = c.profile().reading(OpenPoint.CURSOR).orElse("cursor");
    for (int made = 0; made <= MOST_FOR_A_SECOND_PAGE; made++) {
      JsonNode page = c.ok(c.v2().get(list));
      JsonNode cursor = page.at(pointer.startsWith("/") ? pointer : "/" + pointer);
      if (cursor.isTextual() && !cursor.asText().isEmpty()) {
        values.put("cursor", cursor.asText());
        values.put("start", start);
        values.put("end", end);
        return;
      }
      f.pay(f.approvedPayment("10.00", false));
    }
    throw new IllegalStateException(
        "the payment list named no cursor after " + MOST_FOR_A_SECOND_PAGE + " more payments");
  }

  /** More payments than a page of any provider holds. */
  private static final int MOST_FOR_A_SECOND_PAGE = 300;

  /**
   * The login, a fresh nonce (or the one given) and the hash of the v1 call the params describe,
   * its values filled from the interaction's earlier states where they name one as ${name}.
   */
  private static Map<String, Object> signed(
      Target target, Map<String, String> params, Map<String, Object> earlier) {
    String operation = params.get("operation");
    Map<String, String> values = new LinkedHashMap<>();
    String nonce = "pact-" + UUID.randomUUID();
    for (Map.Entry<String, String> param : params.entrySet()) {
      if (param.getKey().equals("operation")) {
        continue;
      }
      String value = param.getValue();
      java.util.regex.Matcher expression =
          java.util.regex.Pattern.compile("\\$\\{([A-Za-z0-9_]+)}").matcher(value);
      StringBuilder filled = new StringBuilder();
      while (expression.find()) {
        Object made = earlier.get(expression.group(1));
        if (made == null) {
          throw new IllegalArgumentException(
              value + ": no earlier state of the interaction gave " + expression.group(1));
        }
        expression.appendReplacement(
            filled, java.util.regex.Matcher.quoteReplacement(String.valueOf(made)));
      }
      value = expression.appendTail(filled).toString();
      if (param.getKey().equals("nonce")) {
        nonce = value;
      } else {
        values.put(param.getKey(), value);
      }
    }
    Map<String, String> all = new LinkedHashMap<>();
    all.put("login", target.v1Login());
    all.put("nonce", nonce);
    all.putAll(values);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("v1Login", target.v1Login());
    out.put("v1Nonce", nonce);
    out.put(
        "v1Hash",
        V1Signer.hash(
            V1Signer.signedText(
                V1Calls.signedOrder(operation),
                target.v1Login(),
                target.v1Password(),
                nonce,
                all)));
    return out;
  }

  private static String encode(JsonNode resource) {
    return Fixtures.encode(resource.path("id").asText());
  }

  /**
   * A payment's id as the interface of the interaction names it (v1 ids are numbers, see
   * V1Support).
   */
  private static String v1OrV2Id(CheckContext c, JsonNode payment) {
    String id = payment.path("id").asText();
    return id.matches("[0-9]{1,18}") ? id : V1Support.paymentId(c, payment);
  }

  private static String firstOfV1List(
      CheckContext c, String operation, String list, String idMember) {
    Exchange listed = c.v1().call(operation, Map.of());
    JsonNode items = V1Support.success(c, listed, "Response").path("Response").path(list);
    if (items.isEmpty()) {
      throw new IllegalStateException(
          "the provider lists no " + list.toLowerCase() + " for the state");
    }
    return items.get(0).path(idMember).asText();
  }
}
