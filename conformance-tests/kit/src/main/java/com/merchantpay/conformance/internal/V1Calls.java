package com.merchantpay.conformance.internal;

import com.merchantpay.conformance.judge.SpecModel;
import com.merchantpay.conformance.target.OpenPoint;
import com.merchantpay.conformance.target.Profile;
import com.merchantpay.spec.ApiSpec;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;

/**
 * Raw v1 calls of one check as one user: signed by the document's rule with a fresh nonce, or sent
 * exactly as given. GET operations carry their values in the query string, POST operations in a
 * form body, as the document declares each one.
 */
public final class V1Calls {
  static final Set<String> ACCOUNT_LISTS =
      Set.of("listPaymentsFilter", "listRefunds", "listDocuments", "listTransfers");

  private final CheckContext context;
  private final String login;
  private final String password;

  V1Calls(CheckContext context, String login, String password) {
    this.context = context;
    this.login = login;
    this.password = password;
  }

  public String login() {
    return login;
  }

  /**
   * A correctly signed call with a fresh nonce. One the target asks to slow down for is made again,
   * once the wait is over, with another fresh nonce.
   */
  public Exchange call(String operationId, Map<String, String> params) {
    Map<String, String> values = listed(operationId, params);
    Exchange answer = callAsGiven(operationId, values);
    Map<String, String> filled = withEmptyFilters(operationId, values);
    if (filled.size() > values.size() && answer.answered() && answer.status() / 100 == 4) {
      // Refused as unreadable with a filter left out, as the document's rule 3 lets a call leave
      // it: the same call with the filter there, empty, tells whether the target wants them all.
      // (Whether or not a call beside this one has found that out since: this one went without.)
      Exchange again = callAsGiven(operationId, filled);
      if (again.status() == 200 && Integer.valueOf(0).equals(again.v1ErrorCode())) {
        context.run().sendV1FiltersEmpty();
        context.reading(
            OpenPoint.V1_UNUSED_FILTERS, "empty", "left out: " + answer.summary(), again);
        return again;
      }
    }
    return answer;
  }

  /** The values with every filter of a list operation the call does not use there, empty. */
  static Map<String, String> withEmptyFilters(String operationId, Map<String, String> values) {
    if (!ACCOUNT_LISTS.contains(operationId)) {
      return values;
    }
    Map<String, String> filled = new LinkedHashMap<>(values);
    for (String name : signedOrder(operationId)) {
      if (!Set.of("login", "password", "nonce").contains(name)) {
        filled.putIfAbsent(name, "");
      }
    }
    return filled;
  }

  /**
   * A correctly signed call with a fresh nonce and exactly these values, nothing added: for a call
   * about a value left out.
   */
  public Exchange callAsGiven(String operationId, Map<String, String> params) {
    while (true) {
      String nonce = plainHashNonce(operationId, params);
      Map<String, String> values = signedValues(operationId, params, nonce);
      Exchange exchange = once(operationId, values);
      Duration wait = context.slowDown(exchange);
      if (wait == null) {
        return exchange;
      }
      context.waitOut(wait, exchange);
    }
  }

  /**
   * A correctly signed call with this nonce. A list operation gets the profile's accountID unless
   * the caller gave one: the document lets a service ask for it when a user has several accounts.
   */
  public Exchange call(String operationId, Map<String, String> params, String nonce) {
    Map<String, String> values = listed(operationId, params);
    return signed(operationId, values, nonce, hash(operationId, values, nonce));
  }

  /**
   * The values a list operation is called with: the caller's, and every parameter the document
   * lists that is no filter and not marked optional. The document lets a call leave out accountID
   * when the user has one account (so the profile's is sent when it gives one), the periods of
   * listRefunds ("open if absent") and the filters (rule 3: an absent one restricts nothing). The
   * other periods and listPaymentsFilter's siteAlias are always sent: the merchant's siteAlias and
   * a period from 90 days ago to tomorrow (UTC), a quarter, which holds a monthly document and
   * stays within the longest period a service is likely to list, unless the caller gave them. Other
   * operations get exactly the caller's values.
   */
  Map<String, String> listed(String operationId, Map<String, String> params) {
    params = withTwoFractionDigits(params);
    if (operationId.equals("refundPayment")) {
      return withCartLine(params);
    }
    if (!ACCOUNT_LISTS.contains(operationId)) {
      return params;
    }
    String account = context.profile().v1() == null ? null : context.profile().v1().accountId();
    Map<String, String> values = new LinkedHashMap<>();
    if (account != null && !params.containsKey("accountID")) {
      values.put("accountID", account);
    }
    if (operationId.equals("listPaymentsFilter") && !params.containsKey("siteAlias")) {
      values.put("siteAlias", siteAlias(context));
    }
    if (!operationId.equals("listRefunds")) {
      LocalDate today = targetToday(context);
      values.put("periodFrom", today.minusDays(90).toString());
      values.put("periodTo", today.plusDays(1).toString());
    }
    values.putAll(params);
    return filtersSentEmpty() ? withEmptyFilters(operationId, values) : values;
  }

  /**
   * Whether lists carry their unused filters empty: the target's declared reading, or what it
   * showed earlier in the run.
   */
  private boolean filtersSentEmpty() {
    return context.run().v1FiltersSentEmpty()
        || context
            .profile()
            .reading(OpenPoint.V1_UNUSED_FILTERS)
            .map("empty"::equals)
            .orElse(false);
  }

  /**
   * Amounts written as money is, with two fraction digits ({@code 10.00}, {@code 0.00}): a legacy
   * service may read an amount only in that form, and the document shows no other. A value with
   * more digits, or none that is a number, is left as the call gave it.
   */
  static Map<String, String> withTwoFractionDigits(Map<String, String> params) {
    Map<String, String> values = new LinkedHashMap<>(params);
    values.replaceAll(
        (name, value) -> {
          if (!name.equals("amount") && !name.endsWith(".price")) {
            return value;
          }
          try {
            java.math.BigDecimal amount = new java.math.BigDecimal(value);
            return amount.scale() <= 2 ? amount.setScale(2).toPlainString() : value;
          } catch (NumberFormatException e) {
            return value;
          }
        });
    return values;
  }

  /**
   * A refund of a merchant with an online cash register (the profile's {@code v1.cashRegister})
   * carries its shopping cart, as the document's refundPayment row asks: one line for the amount,
   * numbered and taxed the way the profile declares ({@code v1.refund.cart-lines}), unless the call
   * gives lines of its own.
   */
  private Map<String, String> withCartLine(Map<String, String> params) {
    Profile.V1 merchant = context.profile().v1();
    boolean register = merchant != null && Boolean.TRUE.equals(merchant.cashRegister());
    if (!register
        || !params.containsKey("amount")
        || params.keySet().stream().anyMatch(name -> name.startsWith("shoppingcart."))) {
      return params;
    }
    String form =
        context
            .profile()
            .reading(OpenPoint.V1_CART_FORM)
            .orElse(OpenPoint.V1_CART_FORM.ours())
            .split("\\|")[0];
    String line = "shoppingcart.items[" + (form.startsWith("from 1") ? 1 : 0) + "].";
    Map<String, String> values = new LinkedHashMap<>(params);
    values.put(line + "name", "Refund");
    values.put(line + "qty", "1");
    values.put(line + "price", params.get("amount"));
    if (form.contains("with tax")) {
      values.put(line + "tax", "vat22");
    }
    return values;
  }

  /**
   * A fresh nonce whose hash holds no '+' or '/': a target that reads those wrongly fails the check
   * about them, not every check whose call happened to need them.
   */
  private String plainHashNonce(String operationId, Map<String, String> values) {
    String nonce = context.run().unique("kit-nonce");
    for (int tries = 0; tries < 64; tries++) {
      String hash = hash(operationId, values, nonce);
      if (hash.indexOf('+') < 0 && hash.indexOf('/') < 0) {
        return nonce;
      }
      nonce = context.run().unique("kit-nonce");
    }
    return nonce;
  }

  /** The signature the document's rule gives for these values. */
  public String hash(String operationId, Map<String, String> params, String nonce) {
    return V1Signer.hash(
        V1Signer.signedText(signedOrder(operationId), login, password, nonce, params));
  }

  /** A call with this nonce and this hash, right or wrong. */
  public Exchange signed(
      String operationId, Map<String, String> params, String nonce, String hash) {
    Map<String, String> values = new LinkedHashMap<>();
    values.put("login", login);
    values.put("nonce", nonce);
    values.putAll(params);
    values.put("hash", hash);
    return raw(operationId, values);
  }

  private Map<String, String> signedValues(
      String operationId, Map<String, String> params, String nonce) {
    Map<String, String> values = new LinkedHashMap<>();
    values.put("login", login);
    values.put("nonce", nonce);
    values.putAll(params);
    values.put("hash", hash(operationId, params, nonce));
    return values;
  }

  /**
   * Exactly these values, to the operation's documented path and method. A call the target asks to
   * slow down for (429, or 503 with Retry-After) is sent again as it was once the wait is over: a
   * target that turns a call away before reading it has not used its nonce.
   */
  public Exchange raw(String operationId, Map<String, String> values) {
    SpecModel.Operation operation = SpecModel.of(ApiSpec.V1).byId(operationId);
    return rawAt(operation.template(), operation.method(), values);
  }

  /**
   * Exactly these values, to any path, as a query (GET) or a form body (POST), sent again as they
   * were after a wait the target asks for.
   */
  public Exchange rawAt(String path, String method, Map<String, String> values) {
    while (true) {
      Exchange exchange = onceAt(path, method, values);
      Duration wait = context.slowDown(exchange);
      if (wait == null) {
        return exchange;
      }
      context.waitOut(wait, exchange);
    }
  }

  private Exchange once(String operationId, Map<String, String> values) {
    SpecModel.Operation operation = SpecModel.of(ApiSpec.V1).byId(operationId);
    return onceAt(operation.template(), operation.method(), values);
  }

  private Exchange onceAt(String path, String method, Map<String, String> values) {
    StringJoiner encoded = new StringJoiner("&");
    values.forEach((name, value) -> encoded.add(encode(name) + "=" + encode(value)));
    if ("POST".equals(method)) {
      return context.sendOnce(
          "POST",
          path,
          Map.of("Content-Type", "application/x-www-form-urlencoded", "Accept", "application/json"),
          encoded.toString().getBytes(StandardCharsets.UTF_8));
    }
    return context.sendOnce("GET", path + (values.isEmpty() ? "" : "?" + encoded), Map.of(), null);
  }

  /** The operation's signed values in order, from the document. */
  public static List<String> signedOrder(String operationId) {
    Object order = SpecModel.of(ApiSpec.V1).byId(operationId).extension("x-hashed-parameters");
    List<String> names = new ArrayList<>();
    if (order instanceof List<?> list) {
      list.forEach(name -> names.add(String.valueOf(name)));
    }
    return names;
  }

  static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }

  /** The merchant's v1 siteAlias: the profile's, else the v2 merchant id. */
  public static String siteAlias(CheckContext c) {
    if (c.profile().v1() != null && c.profile().v1().siteAlias() != null) {
      return c.profile().v1().siteAlias();
    }
    return c.need(
        c.target().merchantId(),
        "no merchant given (--merchant) and no v1.siteAlias in the profile");
  }

  /**
   * The target's today, in UTC: not this machine's, which differs from it by the hours the run's
   * checks (or anyone before them) moved the target's clock, a day apart near midnight.
   */
  static LocalDate targetToday(CheckContext c) {
    return LocalDate.ofInstant(new Fixtures(c).targetNow(), ZoneOffset.UTC);
  }
}
