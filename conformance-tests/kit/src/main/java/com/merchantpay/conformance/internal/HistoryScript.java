package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.conformance.model.Step;
import com.merchantpay.conformance.target.Profile;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A failing history as a bash script that runs it again against the target: each step's calls as
 * they were sent, the ids the target gave taken from its answers (with jq), fresh keys and order
 * numbers on each run, v1 calls signed again with a fresh nonce (openssl). Secrets stay out: the
 * tokens, the v1 password and the card come from environment variables.
 */
final class HistoryScript {
  private static final String HEADER =
      """
      #!/usr/bin/env bash
      # %s
      # Needs curl, jq and (for v1 calls) openssl. Secrets come from the environment:
      #   MERCHANTPAY_TOKEN, MERCHANTPAY_OTHER_TOKEN, MERCHANTPAY_V1_LOGIN, MERCHANTPAY_V1_PASSWORD,
      #   MERCHANTPAY_CARD_PAN, MERCHANTPAY_CARD_EXPIRY, MERCHANTPAY_CARD_CVC (the profile's approved card);
      #   another card of the profile as MERCHANTPAY_CARD_PAN_<its last four digits>; an answer to a
      #   confirmation step (code, cres, PARes) or another secret member as MERCHANTPAY_SECRET_<ITS NAME>.
      set -u
      BASE=${MERCHANTPAY_BASE_URL:-%s}
      RUN=$(date +%%s)$RANDOM   # fresh Idempotency-Keys and order numbers on each run
      send() { # METHOD PATH BODY [curl options...]: leaves the answer in BODY, its status in STATUS
        local method=$1 path=$2 data=$3; shift 3
        if [ -n "$data" ]; then set -- "$@" --data-raw "$data"; fi
        BODY=$(curl -sS -X "$method" "$BASE$path" "$@" -w '\\n%%{http_code}')
        STATUS=${BODY##*$'\\n'}; BODY=${BODY%%$'\\n'*}
        echo "$method $path -> $STATUS $BODY"
      }
      page() { # METHOD URL BODY [curl options...]: the payer's browser on a page the target named
        local method=$1 url=$2 data=$3; shift 3
        if [ -n "$data" ]; then set -- "$@" --data-raw "$data"; fi
        BODY=$(curl -sS -X "$method" "$url" "$@" -w '\\n%%{http_code}')
        STATUS=${BODY##*$'\\n'}; BODY=${BODY%%$'\\n'*}
        echo "$method $url -> $STATUS"
      }
      v1() { # METHOD PATH SIGNED-NAMES NAME=VALUE...: signs with a fresh nonce, then sends
        local method=$1 path=$2 names=$3; shift 3
        local nonce="n$(date +%%s%%N)$RANDOM" text="" sep="" name value pair
        local -a form=()
        for name in ${names//;/ }; do
          case $name in
            login) value=$MERCHANTPAY_V1_LOGIN ;;
            password) value=$MERCHANTPAY_V1_PASSWORD ;;
            nonce) value=$nonce ;;
            *) value=""; for pair in "$@"; do [ "${pair%%%%=*}" = "$name" ] && value=${pair#*=}; done ;;
          esac
          text+="$sep$value"; sep=";"
        done
        for pair in "$@"; do form+=(--data-urlencode "$pair"); done
        local hash; hash=$(printf '%%s' "$text" | openssl dgst -sha1 -binary | base64)
        local get=(); [ "$method" = GET ] && get=(-G)
        BODY=$(curl -sS "${get[@]}" -X "$method" "$BASE$path" --data-urlencode "login=$MERCHANTPAY_V1_LOGIN" \\
          --data-urlencode "nonce=$nonce" "${form[@]}" --data-urlencode "hash=$hash" -w '\\n%%{http_code}')
        STATUS=${BODY##*$'\\n'}; BODY=${BODY%%$'\\n'*}
        echo "$method $path -> $STATUS $BODY"
      }
      """;

  private static final java.util.Set<String> SENT_BY_THE_SCRIPT =
      java.util.Set.of(
          "content-length", "host", "connection", "upgrade", "http2-settings", "user-agent");

  private final Run run;

  /** Secrets and the environment variables that hold them. */
  private final Map<String, String> variables = new LinkedHashMap<>();

  /** Ids the target gave and the shell variables that hold them. */
  private final Map<String, String> ids = new LinkedHashMap<>();

  private final java.util.Set<String> assigned = new java.util.HashSet<>();

  HistoryScript(Run run) {
    this.run = run;
  }

  /**
   * The script of a history's run.
   *
   * @param title what it shows, for its first line
   * @param steps the history
   * @param exchanges the calls of its run, in order
   * @param callsOfStep each step's calls, as [from, to) indexes into {@code exchanges}
   * @param paymentIds the id of each creation's payment
   * @param failedAt the step where the departure showed
   * @param expected what the documents ask there
   * @param actual what the target did
   */
  String of(
      String title,
      List<Step> steps,
      List<Exchange> exchanges,
      List<int[]> callsOfStep,
      List<String> paymentIds,
      int failedAt,
      String expected,
      String actual) {
    StringBuilder script =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                HEADER,
                oneLine(title),
                run.target().baseUrl().toString().replaceAll("/+$", "")));
    run.target().secrets().forEach((secret, name) -> variables.put(secret, name));
    for (int i = 0; i < paymentIds.size(); i++) {
      if (paymentIds.get(i) != null) {
        ids.put(paymentIds.get(i), "P" + (i + 1));
      }
    }
    for (int i = 0; i < callsOfStep.size() && i < steps.size(); i++) {
      script
          .append("\n# ")
          .append(i + 1)
          .append(". ")
          .append(oneLine(steps.get(i).describe()))
          .append('\n');
      int[] calls = callsOfStep.get(i);
      for (int e = calls[0]; e < calls[1] && e < exchanges.size(); e++) {
        script.append(call(exchanges.get(e))).append('\n');
      }
      if (i == failedAt) {
        script.append("# expected: ").append(oneLine(expected)).append('\n');
        script.append("# the target: ").append(oneLine(actual)).append('\n');
        break;
      }
    }
    return script.toString();
  }

  private String call(Exchange exchange) {
    String path = exchange.path();
    StringBuilder line = new StringBuilder();
    String base = run.target().baseUrl().toString().replaceAll("/+$", "");
    if (path.startsWith(run.basePath() + "/api/v1/")) {
      line.append(v1Call(exchange));
    } else {
      // A page the target named (the payer's browser) is opened where it is, with only its
      // content type; a call of the interfaces goes under $BASE with the headers it carried.
      boolean page = !exchange.uri().toString().startsWith(base + "/api/");
      String query = exchange.uri().getRawQuery();
      line.append(page ? "page " : "send ")
          .append(exchange.method())
          .append(' ')
          .append(
              quoted(
                  page
                      ? exchange.uri().toString()
                      : path.substring(run.basePath().length())
                          + (query == null ? "" : "?" + query)))
          .append(' ')
          .append(quoted(body(exchange)));
      exchange
          .requestHeaders()
          .forEach(
              (name, values) -> {
                String lower = name.toLowerCase(Locale.ROOT);
                if (page ? lower.equals("content-type") : !SENT_BY_THE_SCRIPT.contains(lower)) {
                  values.forEach(value -> line.append(" -H ").append(quoted(name + ": " + value)));
                }
              });
    }
    JsonNode answer = exchange.json();
    if (answer != null && exchange.status() / 100 == 2) {
      learn(line, answer.path("id").asText(""), "R", ".id");
      learn(
          line, answer.path("Payment").path("PaymentID").asText(""), "V1_P", ".Payment.PaymentID");
    }
    return line.toString();
  }

  /** Names an id the answer gave, once, for the calls after it to use. */
  private void learn(StringBuilder line, String id, String prefix, String jqPath) {
    if (id.isEmpty()) {
      return;
    }
    String name = ids.get(id);
    if (name == null) {
      name = prefix + (ids.values().stream().filter(v -> v.matches(prefix + "[0-9]+")).count() + 1);
      ids.put(id, name);
    }
    if (assigned.add(name)) {
      line.append("\n").append(name).append("=$(jq -r '").append(jqPath).append("' <<<\"$BODY\")");
    }
  }

  private String v1Call(Exchange exchange) {
    String operation = exchange.path().substring(exchange.path().lastIndexOf('/') + 1);
    String form =
        exchange.method().equals("GET")
            ? exchange.uri().getRawQuery()
            : exchange.requestBody() == null
                ? ""
                : new String(exchange.requestBody(), StandardCharsets.UTF_8);
    StringBuilder line =
        new StringBuilder("v1 ")
            .append(exchange.method())
            .append(' ')
            .append(quoted(exchange.path().substring(run.basePath().length())))
            .append(' ')
            .append(quoted(String.join(";", V1Calls.signedOrder(operationId(operation)))));
    for (String pair : form == null ? new String[0] : form.split("&")) {
      if (pair.isEmpty()) {
        continue;
      }
      int at = pair.indexOf('=');
      String name =
          URLDecoder.decode(at < 0 ? pair : pair.substring(0, at), StandardCharsets.UTF_8);
      String value =
          at < 0 ? "" : URLDecoder.decode(pair.substring(at + 1), StandardCharsets.UTF_8);
      if (!List.of("login", "nonce", "hash").contains(name)) {
        line.append(' ').append(quoted(name + "=" + value));
      }
    }
    return line.toString();
  }

  /** The operation id as the spec names it, whatever letter case the path used. */
  private static String operationId(String fromPath) {
    for (String id :
        List.of(
            "getPayment",
            "getPaymentByInvoiceID",
            "listPaymentsFilter",
            "refundPayment",
            "listRefunds",
            "confirmPayment",
            "cancelPayment",
            "listDocuments",
            "getDocumentContent",
            "listTransfers",
            "getTransferRegister")) {
      if (id.equalsIgnoreCase(fromPath)) {
        return id;
      }
    }
    return fromPath;
  }

  /** The JSON body with the card's values left to the environment. */
  private String body(Exchange exchange) {
    if (exchange.requestBody() == null || exchange.requestBody().length == 0) {
      return "";
    }
    JsonNode json = Json.parseOrNull(exchange.requestBody());
    if (json == null) {
      return Redaction.body(new String(exchange.requestBody(), StandardCharsets.UTF_8));
    }
    JsonNode copy = json.deepCopy();
    // The code of a complete request is the payer's one-time code, not an error's.
    leaveSecretsToTheEnvironment(copy, exchange.path().endsWith("/complete"));
    return Json.text(copy);
  }

  private void leaveSecretsToTheEnvironment(JsonNode node, boolean completing) {
    if (node instanceof ObjectNode object) {
      List<String> names = new ArrayList<>();
      object.fieldNames().forEachRemaining(names::add);
      for (String name : names) {
        boolean secret =
            Redaction.secretMember(name) || completing && name.equalsIgnoreCase("code");
        if (secret && object.get(name).isValueNode()) {
          object.put(name, "@@" + variableOf(name, object.get(name).asText()) + "@@");
        } else {
          leaveSecretsToTheEnvironment(object.get(name), completing);
        }
      }
    } else if (node != null && node.isArray()) {
      node.forEach(item -> leaveSecretsToTheEnvironment(item, completing));
    }
  }

  /** The card members the environment gives as the approved card's (or another's, by its end). */
  private static final java.util.Set<String> CARD_MEMBERS =
      java.util.Set.of("pan", "expiry", "cvc");

  /**
   * The variable a secret member comes from: a card's member, the approved card's or another's by
   * its end, or any other secret by its name.
   */
  private String variableOf(String member, String value) {
    if (!CARD_MEMBERS.contains(member.toLowerCase(Locale.ROOT))) {
      return "MERCHANTPAY_SECRET_" + member.toUpperCase(Locale.ROOT);
    }
    String name = "MERCHANTPAY_CARD_" + member.toUpperCase(Locale.ROOT);
    Profile.Card approved = run.profile().approvedCard();
    boolean pan = member.equalsIgnoreCase("pan");
    if (!pan || value.length() < 4 || approved != null && value.equals(approved.pan())) {
      return name;
    }
    return name + "_" + value.substring(value.length() - 4);
  }

  /**
   * The text in double quotes for bash, each known value (an id, a secret, this run's unique part)
   * as the variable that holds it.
   */
  private String quoted(String text) {
    String escaped = escape(text);
    for (Map.Entry<String, String> variable : variables.entrySet()) {
      if (!variable.getKey().isEmpty()) {
        escaped = escaped.replace(escape(variable.getKey()), "${" + variable.getValue() + "}");
      }
    }
    for (Map.Entry<String, String> id : ids.entrySet()) {
      if (!id.getKey().isEmpty() && assigned.contains(id.getValue())) {
        // Whole values only: a short id ("12") is also part of amounts and dates.
        escaped =
            escaped.replaceAll(
                "(?<![A-Za-z0-9_.-])"
                    + java.util.regex.Pattern.quote(escape(id.getKey()))
                    + "(?![A-Za-z0-9_.-])",
                java.util.regex.Matcher.quoteReplacement("${" + id.getValue() + "}"));
      }
    }
    escaped = escaped.replace("-" + run.runId() + "-", "-${RUN}-");
    escaped =
        escaped.replaceAll("@@(MERCHANTPAY_(?:CARD|SECRET)_[A-Z]+(?:_[0-9]{4})?)@@", "\\${$1}");
    return "\"" + escaped + "\"";
  }

  private static String escape(String text) {
    return text.replace("\\", "\\\\").replace("\"", "\\\"").replace("$", "\\$").replace("`", "\\`");
  }

  private static String oneLine(String text) {
    return text == null ? "" : Redaction.text(text).replaceAll("[\\r\\n]+", " ");
  }
}
