package com.merchantpay.conformance.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.conformance.V1Signature;
import com.merchantpay.conformance.target.Profile;
import com.merchantpay.conformance.target.Target;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.io.entity.StringEntity;

/**
 * Turns a request recorded by any consumer into one the provider accepts, as a replay by that
 * consumer would be: the provider's bearer token, merchant and v1 login instead of the consumer's
 * examples, the profile's cards for the sandbox's approved and declined test cards, a fresh
 * Idempotency-Key, and for v1 a fresh nonce and a correct signature over the values actually sent.
 * The refusals the pacts record keep their fault, by their provider state: an unknown token or
 * login stays unknown, a wrong signature is signed wrongly again, a used nonce or key is used
 * again.
 */
final class RequestAdapter {
  static final String APPROVED_CARD = "4111111111111111";
  static final String DECLINED_CARD = "4000000000001083";
  private static final AtomicLong NONCES = new AtomicLong();

  private RequestAdapter() {}

  static void adapt(HttpRequest request, List<String> states) throws Exception {
    Verification verification = Verification.current();
    String path = request.getUri().getRawPath();
    if (path.contains("/api/v1/")) {
      v1(request, states, verification);
    } else {
      v2(request, states, verification);
    }
  }

  private static void v2(HttpRequest request, List<String> states, Verification verification)
      throws Exception {
    Target target = verification.target();
    // Whatever token the consumer recorded, the provider knows only its own; an interaction about
    // an unknown token keeps the recorded one.
    if (!states.contains(StateVocabulary.UNKNOWN_TOKEN)
        || request.getFirstHeader("Authorization") == null) {
      request.setHeader("Authorization", "Bearer " + target.bearerToken());
    }
    if (request.getFirstHeader("Idempotency-Key") != null
        && !states.contains(StateVocabulary.USED_KEY)) {
      request.setHeader("Idempotency-Key", UUID.randomUUID().toString());
    }
    URI uri = request.getUri();
    if (uri.getRawQuery() != null) {
      Map<String, String> query = parse(uri.getRawQuery());
      if (query.containsKey("merchantId")) {
        query.put("merchantId", target.merchantId());
        request.setUri(withQuery(uri, encode(query)));
      }
    }
    if (request instanceof ClassicHttpRequest classic && classic.getEntity() != null) {
      String body =
          testData(
              EntityUtils.toString(classic.getEntity(), StandardCharsets.UTF_8),
              verification.profile());
      JsonNode json = PactJson.parseOrNull(body.getBytes(StandardCharsets.UTF_8));
      if (json instanceof ObjectNode object && object.path("merchantId").isTextual()) {
        object.put("merchantId", target.merchantId());
        body = new String(PactJson.bytes(object), StandardCharsets.UTF_8);
      }
      classic.setEntity(new StringEntity(body, ContentType.APPLICATION_JSON));
    }
  }

  /** The profile's cards instead of the consumer's example cards. */
  private static String testData(String body, Profile profile) {
    String out = body;
    if (profile.approvedCard() != null) {
      out = out.replace(APPROVED_CARD, profile.approvedCard().pan());
    }
    for (Profile.Decline decline : profile.declines()) {
      if (decline.resultCode().equals("InsufficientFunds")) {
        out = out.replace(DECLINED_CARD, decline.pan());
      }
    }
    return out;
  }

  private static void v1(HttpRequest request, List<String> states, Verification verification)
      throws Exception {
    Target target = verification.target();
    boolean post = "POST".equalsIgnoreCase(request.getMethod());
    String raw =
        post
            ? EntityUtils.toString(
                ((ClassicHttpRequest) request).getEntity(), StandardCharsets.UTF_8)
            : request.getUri().getRawQuery();
    Map<String, String> values = parse(raw == null ? "" : raw);
    Map<String, Object> state = Verification.stateValues();
    if (post && state.containsKey("paymentId") && values.containsKey("paymentID")) {
      values.put("paymentID", String.valueOf(state.get("paymentId")));
    }
    if (!states.contains(StateVocabulary.UNKNOWN_LOGIN)) {
      values.put("login", target.v1Login());
    }
    if (values.containsKey("siteAlias")) {
      values.put(
          "siteAlias",
          verification.profile().v1() != null && verification.profile().v1().siteAlias() != null
              ? verification.profile().v1().siteAlias()
              : target.merchantId());
    }
    // The consumer's own account becomes the provider's, when the profile names one.
    if (values.containsKey("accountID")
        && verification.profile().v1() != null
        && verification.profile().v1().accountId() != null) {
      values.put("accountID", verification.profile().v1().accountId());
    }
    if (!states.contains(StateVocabulary.USED_NONCE)) {
      values.put("nonce", "pact-" + UUID.randomUUID() + "-" + NONCES.incrementAndGet());
    }
    String operation =
        request.getUri().getRawPath().substring(request.getUri().getRawPath().lastIndexOf('/') + 1);
    String password =
        states.contains(StateVocabulary.WRONG_SIGNATURE) ? "not-the-password" : target.v1Password();
    values.remove("hash");
    values.put(
        "hash",
        V1Signature.hash(operation, values.get("login"), password, values.get("nonce"), values));
    String encoded = encode(values);
    if (post) {
      ((ClassicHttpRequest) request)
          .setEntity(new StringEntity(encoded, ContentType.APPLICATION_FORM_URLENCODED));
    } else {
      request.setUri(withQuery(request.getUri(), encoded));
    }
  }

  private static URI withQuery(URI uri, String rawQuery) throws URISyntaxException {
    return new URI(
        uri.getScheme() + "://" + uri.getRawAuthority() + uri.getRawPath() + "?" + rawQuery);
  }

  private static Map<String, String> parse(String raw) {
    Map<String, String> values = new LinkedHashMap<>();
    for (String pair : raw.split("&")) {
      if (!pair.isEmpty()) {
        int eq = pair.indexOf('=');
        values.put(
            URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8),
            eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
      }
    }
    return values;
  }

  private static String encode(Map<String, String> values) {
    StringJoiner out = new StringJoiner("&");
    values.forEach(
        (name, value) ->
            out.add(
                URLEncoder.encode(name, StandardCharsets.UTF_8)
                    + "="
                    + URLEncoder.encode(value, StandardCharsets.UTF_8)));
    return out.toString();
  }
}
