package com.merchantpay.conformance.internal;

import static com.merchantpay.conformance.internal.Fixtures.encode;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.conformance.judge.SpecModel;
import com.merchantpay.conformance.target.OpenPoint;
import com.merchantpay.spec.ApiSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Credentials and rights: no call gets through without a valid bearer token, and a merchant reaches
 * only its own resources.
 */
final class AuthSuite {
  private static final String SUITE = "auth";

  private AuthSuite() {}

  /** The rules every check of this suite judges besides its own, by the interface it calls. */
  private static final Map<String, List<String>> EVERY_CHECK_JUDGES =
      Map.of("v2", List.of("v2.errors.body", "v2.errors.not-authorized"));

  static List<Check> checks() {
    return Check.judgingEvery(declared(), EVERY_CHECK_JUDGES);
  }

  private static List<Check> declared() {
    List<Check> checks = new ArrayList<>();
    for (SpecModel.Operation operation : SpecModel.of(ApiSpec.V2).operations()) {
      checks.add(
          Check.of(
              SUITE,
              "no-token-is-refused." + operation.id(),
              operation.id() + " without an Authorization header is refused with not_authorized",
              "v2.auth.bearer",
              List.of(Tag.NEGATIVE),
              c -> noTokenIsRefused(c, operation)));
    }
    checks.add(
        Check.of(
                SUITE,
                "missing-credentials-are-401",
                "Missing or unknown credentials are refused with "
                    + "not_authorized (our spec: HTTP 401, not 403)",
                "v2.auth.bearer",
                List.of(Tag.NEGATIVE),
                AuthSuite::missingCredentialsAre401)
            .judging("v2.auth.rights"));
    for (String header :
        List.of("Basic dXNlcjpwYXNzd29yZA==", "Bearer", "not-a-scheme", "Bearer a b")) {
      checks.add(
          Check.of(
              SUITE,
              "malformed-authorization-is-refused." + header.replace(' ', '_').replace("=", ""),
              "Authorization '" + header + "' is refused with not_authorized",
              "v2.auth.rights",
              List.of(Tag.NEGATIVE),
              c -> malformedAuthorizationIsRefused(c, header)));
    }
    checks.add(
        Check.of(
            SUITE,
            "unknown-token-is-refused",
            "An access token the service does not know is refused",
            "v2.auth.rights",
            List.of(Tag.NEGATIVE),
            AuthSuite::unknownTokenIsRefused));
    checks.add(
        Check.of(
            SUITE,
            "another-merchants-payment-stays-out-of-reach",
            "A merchant can neither read nor capture nor refund another merchant's payment, and it stays as it was",
            "v2.auth.rights",
            List.of(Tag.NEGATIVE),
            AuthSuite::anotherMerchantsPaymentStaysOutOfReach));
    checks.add(
        Check.of(
            SUITE,
            "another-merchants-resources-stay-out-of-reach",
            "A merchant can read no other merchant's refund, receipt, payment token or sticker, nor pay with its token",
            "v2.auth.rights",
            List.of(Tag.NEGATIVE),
            AuthSuite::anotherMerchantsResourcesStayOutOfReach));
    checks.add(
        Check.of(
                SUITE,
                "one-merchants-key-never-answers-with-anothers-payment",
                "A merchant creating a payment with a key another merchant used gets a payment of its"
                    + " own, or a refusal, never the other merchant's payment",
                "v2.auth.rights",
                List.of(Tag.NEGATIVE),
                AuthSuite::oneMerchantsKeyNeverAnswersWithAnothersPayment)
            .judging("v1.auth.bad-login"));
    checks.add(
        Check.of(
            SUITE,
            "a-request-for-another-merchant-is-refused",
            "A request naming a merchant the token does not act for is refused with not_authorized",
            "v2.auth.rights",
            List.of(Tag.NEGATIVE),
            AuthSuite::aRequestForAnotherMerchantIsRefused));
    return checks;
  }

  /**
   * Another merchant's resource: refused, as forbidden or as absent (an open point), never served.
   */
  private static void foreignRefused(CheckContext c, Exchange refused) {
    String code = c.refused(refused);
    c.reading(OpenPoint.FOREIGN_RESOURCE, refused.status() + " " + code, refused);
  }

  /**
   * Calls the operation with a request that would be valid but for its credentials: the documented
   * path with made-up identifiers, a valid body and the required query parameters.
   */
  static Exchange callWith(CheckContext c, SpecModel.Operation operation, String authorization) {
    Map<String, String> ids = new LinkedHashMap<>();
    ids.put("id", c.run().unique("kit-id"));
    String path = SpecModel.expand(operation.template(), ids);
    StringBuilder query = new StringBuilder();
    for (var parameter : operation.parameters()) {
      if ("query".equals(parameter.getIn()) && Boolean.TRUE.equals(parameter.getRequired())) {
        String value =
            switch (parameter.getName()) {
              case "merchantId" ->
                  c.target().merchantId() == null ? "kit" : c.target().merchantId();
              case "start", "end" -> Fixtures.recentBound(parameter.getName());
              default -> c.run().unique("kit-id");
            };
        query
            .append(query.length() == 0 ? "?" : "&")
            .append(parameter.getName())
            .append('=')
            .append(encode(value));
      }
    }
    Map<String, String> headers = new LinkedHashMap<>();
    byte[] body = null;
    if (operation.requestSchema("application/json") != null) {
      headers.put("Content-Type", "application/json");
      body = Json.bytes(new Fixtures(c).validBody(operation.id()));
    }
    if (operation.hasParameter("header", "Idempotency-Key")) {
      headers.put("Idempotency-Key", c.run().unique("kit-key"));
    }
    return c.v2WithAuthorization(authorization)
        .send(operation.method(), path + query, headers, body);
  }

  /** Runs {@code auth.missing-credentials-are-401}. */
  private static void missingCredentialsAre401(CheckContext c) throws Exception {
    c.refusedWith(
        c.v2WithAuthorization(null).get(Paths.v2("getPayment", c.run().unique("p"))),
        "not_authorized",
        OpenPoint.UNAUTHENTICATED_STATUS);
    c.rule("v2.auth.rights");
    c.refusedWith(
        c.v2WithAuthorization("Bearer " + c.run().unique("unknown-token"))
            .get(Paths.v2("getPayment", c.run().unique("p"))),
        "not_authorized",
        OpenPoint.UNAUTHENTICATED_STATUS);
  }

  /** Runs {@code auth.unknown-token-is-refused}. */
  private static void unknownTokenIsRefused(CheckContext c) throws Exception {
    JsonNode body = new Fixtures(c).approvedPayment("10", false);
    c.refusedWith(
        c.v2WithAuthorization("Bearer " + c.run().unique("unknown-token"))
            .post(Paths.v2("createPayment"), body),
        "not_authorized",
        OpenPoint.UNAUTHENTICATED_STATUS);
  }

  /** Runs {@code auth.another-merchants-payment-stays-out-of-reach}. */
  private static void anotherMerchantsPaymentStaysOutOfReach(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    String id = f.heldPayment("100").path("id").asText();
    V2Calls other = c.v2AsOtherMerchant();
    for (Exchange refused :
        List.of(
            other.get(Paths.v2("getPayment", id)),
            other.put(Paths.v2("capturePayment", id), new Fixtures(c).capture("100")),
            other.put(Paths.v2("cancelPayment", id), null))) {
      foreignRefused(c, refused);
    }
    Exchange mine = c.v2().get(Paths.v2("getPayment", id));
    c.member(mine, c.ok(mine), "status", "Authorized");
    String settled = f.settledPayment("10").path("id").asText();
    ObjectNode refund = f.refund(settled, "10");
    foreignRefused(c, other.post(Paths.v2("createRefund"), refund));
    c.ok(c.v2().post(Paths.v2("createRefund"), f.refund(settled, "10")));
  }

  /** Runs {@code auth.another-merchants-resources-stay-out-of-reach}. */
  private static void anotherMerchantsResourcesStayOutOfReach(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    JsonNode settled = f.settledPayment("50");
    String payment = settled.path("id").asText();
    String refund =
        c.ok(c.v2().post(Paths.v2("createRefund"), f.refund(payment, "5"))).path("id").asText();
    String receipt =
        c.ok(c.v2().post(Paths.v2("createReceipt"), f.receipt(payment, "50"))).path("id").asText();
    String token = f.activeToken(f.approvedCard().pan(), null).path("id").asText();
    String sticker =
        c.ok(c.v2().post(Paths.v2("createSticker"), f.sticker(false, null, null)))
            .path("id")
            .asText();
    V2Calls other = c.v2AsOtherMerchant();
    for (String path :
        List.of(
            Paths.v2("getRefund", refund),
            Paths.v2("getReceipt", receipt),
            Paths.v2("getPaymentToken", token),
            Paths.v2("getSticker", sticker))) {
      foreignRefused(c, other.get(path));
    }
    foreignRefused(
        c, other.put(Paths.v2("setStickerActive", sticker), Json.object().put("active", false)));
    ObjectNode charge = f.tokenPayment(token, "5");
    charge.put("merchantId", c.target().otherMerchantId());
    foreignRefused(c, other.post(Paths.v2("createPayment"), charge));
    // Nor pay through its cashlink sticker.
    String cashlink = f.cashlinkSticker("5", null).path("id").asText();
    ObjectNode throughIt =
        f.payment(Json.object().put("paymentMethod", "sbp").put("stickerId", cashlink), "5", false);
    throughIt.put("merchantId", c.target().otherMerchantId());
    foreignRefused(c, other.post(Paths.v2("createPayment"), throughIt));
    Exchange mine = c.v2().get(Paths.v2("getSticker", sticker));
    c.member(mine, c.ok(mine), "status", "Active");
    // The second merchant's lists, over the time these were made: none of them shows there.
    String theirs =
        encode(c.need(c.target().otherMerchantId(), "no second merchant's id (--other-merchant)"));
    String around = Fixtures.period(settled.path("created").asText());
    java.util.Set<String> ours = java.util.Set.of(payment, refund, receipt, sticker);
    for (Exchange list :
        List.of(
            other.get(Paths.v2("listPayments") + "?merchantId=" + theirs + "&" + around),
            other.get(Paths.v2("listRefunds") + "?merchantId=" + theirs + "&" + around),
            other.get(Paths.v2("listReceipts") + "?paymentId=" + encode(payment)),
            other.get(Paths.v2("listStickers") + "?merchantId=" + theirs))) {
      if (!list.answered() || list.status() / 100 != 2) {
        continue; // refused: out of reach as well
      }
      JsonNode json = c.ok(list);
      for (JsonNode item : json.isArray() ? json : json.path("items")) {
        c.expect(
            !ours.contains(item.path("id").asText())
                && !payment.equals(item.path("paymentId").asText()),
            "the second merchant's list without the first merchant's resources",
            () -> "it shows " + item.path("id").asText() + ": " + list.summary(),
            list);
      }
    }
  }

  /** Runs {@code auth.one-merchants-key-never-answers-with-anothers-payment}. */
  private static void oneMerchantsKeyNeverAnswersWithAnothersPayment(CheckContext c)
      throws Exception {
    Fixtures f = new Fixtures(c);
    V2Calls other = c.v2AsOtherMerchant();
    String key = java.util.UUID.randomUUID().toString();
    ObjectNode theirs = f.approvedPayment("10", false);
    theirs.put(
        "merchantId",
        c.need(c.target().otherMerchantId(), "no second merchant's id (--other-merchant)"));
    String foreign = c.ok(other.post(Paths.v2("createPayment"), theirs, key)).path("id").asText();
    // Another payment with that key, then the very same one but for its merchant: a target that
    // leaves the merchant out of a key's scope, or of what it compares, would answer the other's.
    ObjectNode same = theirs.deepCopy().put("merchantId", c.target().merchantId());
    for (ObjectNode mine : List.of(f.approvedPayment("11", false), same)) {
      Exchange answer = c.v2().post(Paths.v2("createPayment"), mine, key);
      if (answer.answered() && answer.status() / 100 == 4) {
        continue; // a key taken across merchants, refused: nothing of the other merchant's shown
      }
      JsonNode payment = c.ok(answer);
      c.expect(
          !foreign.equals(payment.path("id").asText()),
          "a payment of the merchant's own, not the other merchant's " + foreign,
          answer::summary,
          answer);
      c.member(answer, payment, "merchantId", c.target().merchantId());
    }
    theirPaymentOutOfV1Reach(c, foreign, theirs.path("invoice").path("orderNo").asText());
  }

  /**
   * The merchant's v1 user does not reach the other merchant's payment either: not by its order
   * number in a list, nor by its id where the target's v1 ids are its v2 ones.
   */
  private static void theirPaymentOutOfV1Reach(CheckContext c, String id, String orderNo) {
    if (!c.profile().interfaces().contains("v1")
        || c.target().v1Login() == null
        || c.target().v1Password() == null) {
      return;
    }
    c.rule("v1.auth.bad-login");
    Exchange listed = c.v1().call("listPaymentsFilter", Fixtures.values("invoiceID", orderNo));
    JsonNode shown = listed.json() == null ? null : listed.json().path("Response").path("Payments");
    c.expect(
        shown == null || !shown.isArray() || shown.isEmpty(),
        "no payment of the other merchant in the v1 list by its order number " + orderNo,
        listed::summary,
        listed);
    if (id.matches("[0-9]{1,18}")) {
      Exchange read = c.v1().call("getPayment", Fixtures.values("paymentID", id));
      JsonNode payment = read.json() == null ? null : read.json().path("Payment");
      c.expect(
          payment == null || !orderNo.equals(payment.path("SiteInvoiceID").asText()),
          "the other merchant's payment " + id + " out of the v1 user's reach (-6)",
          read::summary,
          read);
    }
  }

  /** Runs {@code auth.a-request-for-another-merchant-is-refused}. */
  private static void aRequestForAnotherMerchantIsRefused(CheckContext c) throws Exception {
    if (c.target().otherMerchantId() != null) {
      for (Exchange refused : forMerchant(c, c.target().otherMerchantId())) {
        c.refusedWith(refused, "not_authorized", OpenPoint.FORBIDDEN_STATUS);
      }
    }
    // A merchant nobody has: not_authorized is ours; another refusal reads the error table
    // otherwise, and only serving the request breaks the rule.
    for (Exchange refused : forMerchant(c, c.run().unique("kit-foreign-merchant"))) {
      c.refusedAs(refused, OpenPoint.FOREIGN_MERCHANT_CODE, OpenPoint.FORBIDDEN_STATUS);
    }
  }

  /** A payment made for the merchant, and its list of payments, with the caller's token. */
  private static List<Exchange> forMerchant(CheckContext c, String merchant) {
    ObjectNode body = new Fixtures(c).approvedPayment("10", false);
    body.put("merchantId", merchant);
    Exchange pay = c.v2().post(Paths.v2("createPayment"), body);
    Exchange list =
        c.v2()
            .get(
                Paths.v2("listPayments")
                    + "?merchantId="
                    + encode(merchant)
                    + "&"
                    + Fixtures.recentPeriod());
    return List.of(pay, list);
  }

  /** Runs {@code auth.no-token-is-refused.*}. */
  private static void noTokenIsRefused(CheckContext c, SpecModel.Operation operation)
      throws Exception {
    c.refusedWith(callWith(c, operation, null), "not_authorized", OpenPoint.UNAUTHENTICATED_STATUS);
  }

  /** Runs {@code auth.malformed-authorization-is-refused.*}. */
  private static void malformedAuthorizationIsRefused(CheckContext c, String header)
      throws Exception {
    c.refusedWith(
        c.v2WithAuthorization(header).get(Paths.v2("getPayment", c.run().unique("p"))),
        "not_authorized",
        OpenPoint.UNAUTHENTICATED_STATUS);
  }
}
