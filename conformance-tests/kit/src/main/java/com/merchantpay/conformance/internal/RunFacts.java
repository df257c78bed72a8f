package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the whole run was shown, resource by resource: every answer of both interfaces and every
 * notification, as compact views of the resources they show, for the invariants the documents state
 * over a whole run ({@link InvariantsSuite}). Each check judges the answers it asked for; these
 * facts let the invariants judge what no single check looked at: which merchant each resource was
 * shown to, whether every view of a resource agrees, where members stand, what a refusal left
 * behind, how numbers are written.
 *
 * <p>Bounded: at most {@link #MOST_RESOURCES} resources with {@link #MOST_VIEWS} views each, and
 * exchanges kept as the ledger keeps them ({@link Exchange#kept}).
 */
final class RunFacts {
  static final int MOST_RESOURCES = 20_000;
  static final int MOST_VIEWS = 12;
  static final int MOST_FINDINGS = 20;

  /** A departure from an invariant: what breaks it and the exchanges that show it. */
  record Finding(String rule, String what, Exchange exchange, Exchange earlier) {}

  /** One view of a resource: where it came from, when in the run, and its members that matter. */
  record View(long seq, String source, Map<String, String> members, Exchange exchange) {}

  /** What the run knows of one resource. */
  static final class Resource {
    final String kind;
    final String id;
    String owner;
    Exchange ownedBy;
    final List<View> views = new ArrayList<>();
    boolean captured;

    Resource(String kind, String id) {
      this.kind = kind;
      this.id = id;
    }
  }

  /** The members of each kind that never change once the resource exists. */
  static final Map<String, List<String>> FIXED =
      Map.of(
          "payment",
          List.of("created", "merchantId", "amount.currency", "invoice.orderNo", "testMode"),
          "refund",
          List.of("created", "paymentId", "amount.value", "amount.currency"),
          "receipt",
          List.of("created", "paymentId", "amount.value", "type"),
          "sticker",
          List.of(
              "stickerType",
              "cashlink",
              "productCode",
              "paymentPurpose",
              "description",
              "amount.value",
              "amount.currency",
              "payload"),
          // Of a token once it is one (not while Created): its display name and expiry, as its
          // answers, the paymentToken of a payment and its notifications show them.
          "token",
          List.of("title", "expires"),
          // A v1 refund: its answer and its list items.
          "v1refund",
          List.of("PaymentID", "Amount"));

  /** The merchant each bearer token acts for. */
  private final Map<String, String> merchants;

  private final Map<String, Resource> resources = new LinkedHashMap<>();
  private final Map<String, List<Finding>> findings = new LinkedHashMap<>();
  private final Map<String, Integer> counts = new HashMap<>();

  /** v1 views of payments by their invoice number, judged against v2 once the run is over. */
  private final Map<String, List<View>> v1ByOrderNo = new LinkedHashMap<>();

  /** Order numbers of creations the target refused, and the payment ids creations were given. */
  private final Set<String> refusedOrderNos = new HashSet<>();

  private final Map<String, Exchange> refusals = new HashMap<>();
  private final Set<String> createdPayments = new HashSet<>();

  /** Order numbers of payments captured through v1, whose v2 amount may then show the sum taken. */
  private final Set<String> capturedOrderNos = new HashSet<>();

  /** The rules something the run was shown bore on: only these were judged. */
  private final Set<String> judged = new HashSet<>();

  private long seq;

  /**
   * When each view's call went out and when its answer came, by the view's number (nanoTime): calls
   * of a run overlap, so one view follows another only when its call went out after the other's
   * answer came, not when it was filed later.
   */
  private final Map<Long, long[]> times = new HashMap<>();

  private int decimalsScanned;
  private boolean settled;

  /** The merchant the v1 user acts for: the run's own. */
  private final String v1Merchant;

  RunFacts(Map<String, String> merchantsByToken) {
    this(merchantsByToken, null);
  }

  RunFacts(Map<String, String> merchantsByToken, String v1Merchant) {
    this.merchants = Map.copyOf(merchantsByToken);
    this.v1Merchant = v1Merchant;
  }

  /** Whether two merchants' tokens were given, so that isolation can be judged. */
  boolean twoMerchants() {
    return merchants.size() > 1;
  }

  /** Whether the later view's call went out after the earlier view's answer came. */
  private boolean followed(long earlier, long later) {
    long[] before = times.get(earlier);
    long[] after = times.get(later);
    return before != null && after != null ? before[1] < after[0] : earlier < later;
  }

  // ---------------------------------------------------------------- recording

  /**
   * Files what one exchange showed.
   *
   * @param v2 whether it is a call of v2 (else of v1)
   * @param operationId its operation in our spec
   */
  synchronized void record(Exchange exchange, boolean v2, String operationId) {
    if (!exchange.answered()) {
      return;
    }
    long at = ++seq;
    long answered = System.nanoTime();
    // The call's time is cut to the millisecond: it went out no later than this.
    times.put(at, new long[] {answered - (exchange.millis() + 1) * 1_000_000L, answered});
    JsonNode json = exchange.json();
    if (v2) {
      recordV2(exchange, operationId, json, at);
    } else if (json != null && exchange.status() == 200) {
      recordV1(exchange, json, at);
    }
  }

  private void recordV2(Exchange exchange, String operationId, JsonNode json, long at) {
    String kind = kindOf(operationId);
    if (exchange.status() / 100 == 4 && CREATIONS_OF_PAYMENTS.contains(operationId)) {
      String orderNo = orderNoOf(Json.parseOrNull(exchange.requestBody()));
      if (orderNo != null) {
        refusedOrderNos.add(orderNo);
        refusals.putIfAbsent(orderNo, exchange.kept());
      }
    }
    if (exchange.status() / 100 != 2 || json == null || kind == null) {
      if (exchange.status() / 100 == 2 && operationId.equals("capturePayment")) {
        capturedFrom(exchange);
      }
      return;
    }
    decimals(json, exchange, null);
    String caller = merchants.get(bearer(exchange));
    Exchange kept = exchange.kept();
    String source = operationId + " answer";
    if (operationId.equals("createInvoice")) {
      String id = json.path("paymentId").asText(null);
      if (id != null) {
        own("payment", id, caller, kept);
        createdPayments.add(id);
      }
      return;
    }
    if (operationId.equals("startTokenization")) {
      String id = json.path("tokenId").asText(null);
      if (id != null) {
        own("token", id, caller, kept);
      }
      return;
    }
    boolean list = operationId.startsWith("list");
    List<JsonNode> shown = new ArrayList<>();
    JsonNode items = json.isArray() ? json : json.path("items");
    if (list && items.isArray()) {
      items.forEach(shown::add);
    } else if (!list && json.isObject()) {
      shown.add(json);
    }
    for (JsonNode resource : shown) {
      String id = resource.path("id").asText(null);
      if (id == null) {
        continue;
      }
      if (operationId.startsWith("create")) {
        own(kind, id, caller, kept);
        if (kind.equals("payment")) {
          createdPayments.add(id);
        }
      }
      shownTo(caller, kind, id, resource, kept, source);
      placement(kind, list, resource, kept, source);
      view(kind, id, resource, at, source, kept);
      JsonNode token = resource.path("paymentToken");
      if (kind.equals("payment") && token.path("id").isTextual()) {
        view("token", token.path("id").asText(), token, at, source + " (a paymentToken)", kept);
      }
    }
  }

  /** A notification the receiver took, filed as a view of the payment it is about. */
  synchronized void notification(JsonNode json, String inbox) {
    if (json == null || !json.isObject() || !json.path("id").isTextual()) {
      return; // none the kit can read
    }
    long at = ++seq;
    long arrived = System.nanoTime();
    times.put(at, new long[] {arrived, arrived});
    if (!json.has("merchantId")) {
      // A token's notification: id, status, title, expires.
      view("token", json.path("id").asText(), json, at, "a token notification to " + inbox, null);
      return;
    }
    decimals(json, null, "a notification to " + inbox);
    String id = json.path("id").asText(null);
    if (id != null) {
      placement("payment", false, json, null, "a notification to " + inbox);
      view("payment", id, json, at, "a notification to " + inbox, null);
    }
  }

  private void recordV1(Exchange exchange, JsonNode json, long at) {
    List<JsonNode> payments = new ArrayList<>();
    if (json.path("Payment").isObject()) {
      payments.add(json.path("Payment"));
    }
    json.path("Response").path("Payments").forEach(payments::add);
    List<JsonNode> refunds = new ArrayList<>();
    if (json.path("Refund").isObject()) {
      refunds.add(json.path("Refund"));
    }
    json.path("Response").path("Refunds").forEach(refunds::add);
    if (payments.isEmpty() && refunds.isEmpty()) {
      return;
    }
    Exchange kept = exchange.kept();
    String source = "v1 " + kept.uri().getRawPath().replaceAll(".*/", "");
    for (JsonNode refund : refunds) {
      JsonNode refundId = refund.path("RefundID");
      if (refundId.isValueNode() && !refundId.isNull()) {
        view("v1refund", refundId.asText(), refund, at, source, kept);
      }
    }
    boolean confirm = exchange.path().endsWith("/confirmPayment");
    for (JsonNode payment : payments) {
      String orderNo = payment.path("SiteInvoiceID").asText(null);
      if (orderNo == null || orderNo.isEmpty()) {
        continue;
      }
      if (confirm) {
        capturedOrderNos.add(orderNo);
      }
      Map<String, String> members = new LinkedHashMap<>();
      put(members, "CurrencyCode", payment.path("CurrencyCode"));
      put(members, "Amount", payment.path("Amount"));
      put(members, "IsTestPayment", payment.path("IsTestPayment"));
      put(members, "State", payment.path("State"));
      put(members, "LastUpdateTime", payment.path("LastUpdateTime"));
      List<View> views = v1ByOrderNo.computeIfAbsent(orderNo, k -> new ArrayList<>());
      if (views.size() < MOST_VIEWS && v1ByOrderNo.size() <= MOST_RESOURCES) {
        views.add(new View(at, source, members, kept));
      }
    }
  }

  private void capturedFrom(Exchange exchange) {
    String[] parts = exchange.path().split("/");
    for (int i = 0; i + 1 < parts.length; i++) {
      if (parts[i].equals("payments")) {
        Resource payment = resource("payment", parts[i + 1]);
        if (payment != null) {
          payment.captured = true;
        }
      }
    }
  }

  // ---------------------------------------------------------------- isolation

  private void own(String kind, String id, String caller, Exchange exchange) {
    Resource resource = resource(kind, id);
    if (resource == null || caller == null) {
      return;
    }
    if (resource.owner != null && !resource.owner.equals(caller)) {
      find(
          "v2.auth.rights",
          "merchant "
              + caller
              + " was given "
              + kind
              + " "
              + id
              + ", which merchant "
              + resource.owner
              + " made",
          exchange,
          resource.ownedBy);
      return;
    }
    if (resource.owner == null) {
      resource.owner = caller;
      resource.ownedBy = exchange;
    }
  }

  private void shownTo(
      String caller, String kind, String id, JsonNode shown, Exchange exchange, String source) {
    if (caller == null) {
      return;
    }
    if (twoMerchants()) {
      judged.add("v2.auth.rights");
    }
    String showing = source + " to merchant " + caller + " shows " + kind + " " + id;
    String merchant = shown.path("merchantId").asText(null);
    if (merchant != null && !merchant.equals(caller)) {
      find("v2.auth.rights", showing + " of merchant " + merchant, exchange, null);
      return;
    }
    Resource resource = resource(kind, id);
    if (resource != null && resource.owner != null && !resource.owner.equals(caller)) {
      find(
          "v2.auth.rights",
          showing + ", which merchant " + resource.owner + " made",
          exchange,
          resource.ownedBy);
    }
    String paymentId = shown.path("paymentId").asText(null);
    Resource payment = paymentId == null ? null : resources.get("payment " + paymentId);
    if (payment != null && payment.owner != null && !payment.owner.equals(caller)) {
      find(
          "v2.auth.rights",
          showing + " of payment " + paymentId + ", which merchant " + payment.owner + " made",
          exchange,
          payment.ownedBy);
    }
  }

  // ---------------------------------------------------------------- placement

  private static final Set<String> NEEDS_NO_CONFIRMATION =
      Set.of("Authorized", "Settled", "Cancelled", "Rejected");

  private void placement(
      String kind, boolean listItem, JsonNode shown, Exchange exchange, String source) {
    String id = shown.path("id").asText();
    if (kind.equals("sticker")) {
      judged.add("v2.sticker.callback-request-only");
    }
    if (kind.equals("refund") && listItem) {
      judged.add("v2.refund.list-item-result-code");
    }
    if (kind.equals("sticker") && present(shown.path("callbackUrl"))) {
      find(
          "v2.sticker.callback-request-only",
          source + " shows sticker " + id + " with callbackUrl, which requests alone carry",
          exchange,
          null);
    }
    if (kind.equals("refund") && listItem && present(shown.path("resultCode"))) {
      find(
          "v2.refund.list-item-result-code",
          source + " shows refund " + id + " with resultCode, which list items do not carry",
          exchange,
          null);
    }
    if (kind.equals("payment")) {
      String status = shown.path("status").asText("");
      if (NEEDS_NO_CONFIRMATION.contains(status)) {
        judged.add("v2.payment.confirmation-when-needed");
      }
      if (NEEDS_NO_CONFIRMATION.contains(status) && present(shown.path("confirmation"))) {
        find(
            "v2.payment.confirmation-when-needed",
            source
                + " shows payment "
                + id
                + " "
                + status
                + " with a confirmation, which it no"
                + " longer needs",
            exchange,
            null);
      }
      JsonNode token = shown.path("paymentToken");
      if (present(token)) {
        judged.add("v2.payment.token-members");
        List<String> missing = new ArrayList<>();
        for (String member : List.of("id", "expires", "title")) {
          if (!present(token.path(member))) {
            missing.add(member);
          }
        }
        if (!missing.isEmpty()) {
          find(
              "v2.payment.token-members",
              source + " shows payment " + id + " with a paymentToken without " + missing,
              exchange,
              null);
        }
      }
    }
  }

  private static boolean present(JsonNode node) {
    return !node.isMissingNode() && !node.isNull();
  }

  // ---------------------------------------------------------------- numbers

  /** Every number of an answer or a notification: at most four fraction digits. */
  private void decimals(JsonNode json, Exchange exchange, String source) {
    decimalsScanned++;
    judged.add("v2.conv.decimal");
    List<String> found = new ArrayList<>();
    numbers(json, "", found);
    if (!found.isEmpty()) {
      find(
          "v2.conv.decimal",
          (source != null ? source : exchange.method() + " " + exchange.path())
              + " writes "
              + String.join(", ", found),
          exchange == null ? null : exchange.kept(),
          null);
    }
  }

  private static void numbers(JsonNode node, String at, List<String> found) {
    if (found.size() >= 3) {
      return;
    }
    if (node.isNumber()) {
      BigDecimal value = node.decimalValue();
      if (value.scale() > 4) {
        found.add(at + " " + node.asText() + " (more than four fraction digits)");
      }
    } else if (node.isObject()) {
      node.properties()
          .forEach(member -> numbers(member.getValue(), at + "/" + member.getKey(), found));
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        numbers(node.get(i), at + "/" + i, found);
      }
    }
  }

  // ---------------------------------------------------------------- views

  private void view(
      String kind, String id, JsonNode shown, long at, String source, Exchange exchange) {
    Resource resource = resource(kind, id);
    if (resource == null || resource.views.size() >= MOST_VIEWS) {
      return;
    }
    if (kind.equals("token") && "Created".equals(shown.path("status").asText())) {
      return; // not yet a token: what it shows may still change
    }
    Map<String, String> members = new LinkedHashMap<>();
    for (String member : FIXED.getOrDefault(kind, List.of())) {
      put(members, member, Json.at(shown, member));
    }
    if (kind.equals("payment")) {
      put(members, "status", shown.path("status"));
      put(members, "completed", shown.path("completed"));
      if (!resource.captured) {
        put(members, "amount.value", Json.at(shown, "amount.value"));
      }
    }
    resource.views.add(new View(at, source, members, exchange));
  }

  private static void put(Map<String, String> members, String name, JsonNode value) {
    if (value == null || value.isMissingNode() || value.isNull() || value.isContainerNode()) {
      return;
    }
    members.put(name, value.isNumber() ? plain(value.decimalValue()) : value.asText());
  }

  private static String plain(BigDecimal value) {
    return value.signum() == 0 ? "0" : value.stripTrailingZeros().toPlainString();
  }

  // ---------------------------------------------------------------- judging, once the run is over

  /** The findings of one rule, judged over everything the run was shown. */
  synchronized List<Finding> findings(String rule) {
    return List.copyOf(findings.getOrDefault(rule, List.of()));
  }

  /** How many times the rule was broken (more than the findings kept). */
  synchronized int count(String rule) {
    return counts.getOrDefault(rule, 0);
  }

  synchronized int resourcesSeen() {
    return resources.size();
  }

  synchronized int answersScanned() {
    return decimalsScanned;
  }

  /** Whether anything the run was shown bore on the rule. */
  synchronized boolean judged(String rule) {
    return judged.contains(rule);
  }

  /**
   * Once the checks are over: files the notifications that arrived, then judges what only the whole
   * run shows. Done once, whichever invariant asks first.
   */
  synchronized void settle(List<CallbackReceiver.Arrival> arrivals) {
    if (settled) {
      return;
    }
    settled = true;
    for (CallbackReceiver.Arrival arrival : arrivals) {
      notification(arrival.json(), "the receiver");
    }
    judgeViews();
  }

  /**
   * Compares every view of each resource with the first one, and v1's views of payments with v2's;
   * then looks for what refusals left behind.
   */
  private void judgeViews() {
    Map<String, List<Resource>> byOrderNo = new HashMap<>();
    for (Resource resource : resources.values()) {
      agree(resource);
      if (resource.kind.equals("payment")) {
        for (View view : resource.views) {
          String orderNo = view.members().get("invoice.orderNo");
          if (orderNo != null) {
            List<Resource> same = byOrderNo.computeIfAbsent(orderNo, k -> new ArrayList<>());
            if (!same.contains(resource)) {
              same.add(resource);
            }
          }
        }
      }
    }
    v1ByOrderNo.forEach(
        (orderNo, views) -> {
          List<Resource> v2 = byOrderNo.get(orderNo);
          if (v2 != null && v2.size() == 1) {
            views.forEach(view -> againstV2(v2.get(0), view));
            shownToV1(v2.get(0), views);
          }
        });
    for (String orderNo : refusedOrderNos) {
      if (byOrderNo.containsKey(orderNo)) {
        judged.add("v2.errors.refusal-acts-not");
      }
      for (Resource payment : byOrderNo.getOrDefault(orderNo, List.of())) {
        if (!createdPayments.contains(payment.id)) {
          View shown = payment.views.get(0);
          find(
              "v2.errors.refusal-acts-not",
              "a creation with order number "
                  + orderNo
                  + " was refused, yet "
                  + shown.source()
                  + " shows payment "
                  + payment.id
                  + " with it, which no accepted creation made",
              shown.exchange(),
              refusals.get(orderNo));
        }
      }
    }
  }

  private void agree(Resource resource) {
    if (resource.views.size() < 2) {
      return;
    }
    View first = resource.views.get(0);
    Set<String> told = new HashSet<>();
    for (View later : resource.views.subList(1, resource.views.size())) {
      for (String member : FIXED.getOrDefault(resource.kind, List.of())) {
        compare(resource, member, first, later, told);
      }
      if (resource.kind.equals("payment")
          && !capturedOrderNos.contains(first.members().get("invoice.orderNo"))) {
        compare(resource, "amount.value", first, later, told);
      }
    }
  }

  private void compare(Resource resource, String member, View first, View later, Set<String> told) {
    String one = first.members().get(member);
    String other = later.members().get(member);
    if (one == null || other == null) {
      return;
    }
    judged.add(
        resource.kind.equals("v1refund") ? "v1.views.same-refund" : "v2.views.same-resource");
    if (told.contains(member) || same(member, one, other)) {
      return;
    }
    told.add(member);
    find(
        resource.kind.equals("v1refund") ? "v1.views.same-refund" : "v2.views.same-resource",
        resource.kind
            + " "
            + resource.id
            + ": "
            + member
            + " is "
            + one
            + " in "
            + first.source()
            + " and "
            + other
            + " in "
            + later.source(),
        later.exchange() != null ? later.exchange() : first.exchange(),
        later.exchange() != null ? first.exchange() : null);
  }

  private static boolean same(String member, String one, String other) {
    if (member.equals("created") || member.equals("completed")) {
      Instant a = instant(one);
      Instant b = instant(other);
      return a == null || b == null || a.getEpochSecond() == b.getEpochSecond();
    }
    if (one.equals(other)) {
      return true;
    }
    try {
      return new BigDecimal(one).compareTo(new BigDecimal(other)) == 0;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private static Instant instant(String text) {
    try {
      return OffsetDateTime.parse(text).toInstant();
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  /** One v1 view of a payment against its v2 views. */
  private void againstV2(Resource payment, View v1) {
    View first = payment.views.get(0);
    Map<String, String> shown = v1.members();
    String currency = first.members().get("amount.currency");
    if (currency != null && shown.containsKey("CurrencyCode")) {
      judged.add("v1.payment.currency");
      if (!currency.equals(shown.get("CurrencyCode"))) {
        v1Finding(
            "v1.payment.currency",
            payment,
            v1,
            first,
            "CurrencyCode " + shown.get("CurrencyCode") + " against the v2 currency " + currency);
      }
    }
    String amount = firstAmount(payment);
    if (amount != null && shown.containsKey("Amount")) {
      judged.add("v1.payment.invoice-number");
      if (!same("Amount", amount, shown.get("Amount"))) {
        v1Finding(
            "v1.payment.invoice-number",
            payment,
            v1,
            first,
            "Amount " + shown.get("Amount") + " against the v2 amount " + amount);
      }
    }
    String test = first.members().get("testMode");
    if (test != null && shown.containsKey("IsTestPayment")) {
      judged.add("v1.payment.test-mode");
      if (!test.equals(shown.get("IsTestPayment"))) {
        v1Finding(
            "v1.payment.test-mode",
            payment,
            v1,
            first,
            "IsTestPayment " + shown.get("IsTestPayment") + " against the v2 testMode " + test);
      }
    }
    String state = shown.get("State");
    for (View v2 : payment.views) {
      String status = v2.members().get("status");
      if (("Cancelled".equals(status) || "Rejected".equals(status))
          && followed(v2.seq(), v1.seq())
          && state != null) {
        judged.add("v1.payment.unsuccessful");
        if (!state.equals("CANCELLED")) {
          v1Finding(
              "v1.payment.unsuccessful",
              payment,
              v1,
              v2,
              "State " + state + " after v2 showed it " + status);
        }
        break;
      }
    }
    String completed = null;
    for (View v2 : payment.views) {
      completed = completed != null ? completed : v2.members().get("completed");
    }
    String lastUpdate = shown.get("LastUpdateTime");
    if ("COMPLETE".equals(state) && completed != null && lastUpdate != null) {
      Instant done = instant(completed);
      LocalDateTime written = localTime(lastUpdate);
      if (done != null && written != null) {
        judged.add("v1.payment.completion-time");
        if (!sameMomentInSomeZone(done, written)) {
          v1Finding(
              "v1.payment.completion-time",
              payment,
              v1,
              first,
              "LastUpdateTime "
                  + lastUpdate
                  + ", which is not the completion time "
                  + completed
                  + " in any time zone");
        }
      }
    }
  }

  /**
   * The v1 user acts for the run's merchant: a payment another merchant made, shown to it by its
   * order number, is out of its rights.
   */
  private void shownToV1(Resource payment, List<View> views) {
    if (v1Merchant == null || !twoMerchants()) {
      return;
    }
    judged.add("v1.auth.bad-login");
    if (payment.owner != null && !payment.owner.equals(v1Merchant)) {
      View shown = views.get(0);
      find(
          "v1.auth.bad-login",
          shown.source()
              + " shows the v1 user, who acts for merchant "
              + v1Merchant
              + ", payment "
              + payment.id
              + " of merchant "
              + payment.owner,
          shown.exchange(),
          payment.ownedBy);
    }
  }

  private static String firstAmount(Resource payment) {
    for (View view : payment.views) {
      if (view.members().containsKey("amount.value")) {
        return view.members().get("amount.value");
      }
    }
    return null;
  }

  private void v1Finding(String rule, Resource payment, View v1, View v2, String what) {
    find(
        rule,
        v1.source()
            + " shows the payment of order number "
            + v1.members()
                .getOrDefault(
                    "SiteInvoiceID", payment.views.get(0).members().get("invoice.orderNo"))
            + " (v2 "
            + payment.id
            + ") with "
            + what
            + " ("
            + v2.source()
            + ")",
        v1.exchange(),
        v2.exchange());
  }

  private static LocalDateTime localTime(String text) {
    try {
      return LocalDateTime.parse(text);
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  /**
   * Whether a time written without a zone is this instant in some zone: the document does not say
   * which zone v1 writes, and zones lie a whole quarter of an hour apart, from UTC-12 to UTC+14.
   */
  static boolean sameMomentInSomeZone(Instant instant, LocalDateTime written) {
    long apart =
        Duration.between(instant, written.toInstant(java.time.ZoneOffset.UTC)).getSeconds();
    long quarter = 15 * 60;
    long offBy = Math.floorMod(apart, quarter);
    boolean quarterApart = offBy <= 1 || offBy >= quarter - 1;
    return quarterApart && apart >= -12 * 3600 - 1 && apart <= 14 * 3600 + 1;
  }

  // ---------------------------------------------------------------- helpers

  private Resource resource(String kind, String id) {
    String key = kind + " " + id;
    Resource resource = resources.get(key);
    if (resource == null && resources.size() < MOST_RESOURCES) {
      resource = new Resource(kind, id);
      resources.put(key, resource);
    }
    return resource;
  }

  private void find(String rule, String what, Exchange exchange, Exchange earlier) {
    counts.merge(rule, 1, Integer::sum);
    List<Finding> kept = findings.computeIfAbsent(rule, k -> new ArrayList<>());
    if (kept.size() < MOST_FINDINGS) {
      kept.add(new Finding(rule, what, exchange, earlier));
    }
  }

  private static final Set<String> CREATIONS_OF_PAYMENTS = Set.of("createPayment", "createInvoice");

  private static String orderNoOf(JsonNode body) {
    String orderNo = body == null ? null : body.path("invoice").path("orderNo").asText(null);
    return orderNo == null || orderNo.isEmpty() ? null : orderNo;
  }

  private static String bearer(Exchange exchange) {
    String authorization = exchange.requestHeader("Authorization");
    return authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)
        ? authorization.substring(7).trim()
        : null;
  }

  private static String kindOf(String operationId) {
    if (operationId.equals("createInvoice")
        || operationId.endsWith("Payment")
        || operationId.equals("listPayments")) {
      return "payment";
    }
    if (operationId.endsWith("Refund") || operationId.equals("listRefunds")) {
      return "refund";
    }
    if (operationId.endsWith("PaymentToken") || operationId.equals("startTokenization")) {
      return "token";
    }
    if (operationId.endsWith("Receipt") || operationId.equals("listReceipts")) {
      return "receipt";
    }
    if (operationId.endsWith("Sticker")
        || operationId.equals("listStickers")
        || operationId.equals("setStickerActive")) {
      return "sticker";
    }
    return null;
  }
}
