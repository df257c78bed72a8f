package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.merchantpay.conformance.target.Profile;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * What a payer's browser does on the target's pages, as a profile describes it ({@link
 * Profile.HttpStep}): a call, the page's form submitted with its fields (hidden ones included, as a
 * browser sends them), further steps, redirects followed, and values taken from the last page, for
 * a confirmation answer bound to that one step. The documents describe no page: a page that does
 * not take a step as described skips the check that needed it, saying which step.
 */
final class PayerPages {
  /** Redirects a browser follows in a row before it gives up. */
  private static final int MAX_REDIRECTS = 5;

  private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z][A-Za-z0-9]*)}");

  private final CheckContext context;
  private final String name;

  /**
   * @param name the step's name in the profile, for the reason a check is skipped
   */
  PayerPages(CheckContext context, String name) {
    this.context = context;
    this.name = name;
  }

  /** Where a walk ended, and what it knows: the values it was given and those it took. */
  record Walked(Exchange page, Map<String, String> values) {}

  /**
   * Walks the step from the page it is about.
   *
   * @param values what the templates may name: the answer's members, the card, an amount
   * @param page the template of the page the step is about, when the step names no url
   */
  Walked walk(Profile.HttpStep step, Map<String, String> values, String page) {
    Map<String, String> known = new LinkedHashMap<>(values);
    Exchange last = step(step, known, page, null);
    take(step, last, known);
    return new Walked(last, known);
  }

  /** Opens a page as the payer's browser does, redirects followed. */
  Exchange open(String url) {
    return follow(context.browser("GET", url, null, Map.of(), null), url);
  }

  /**
   * Submits the step's form on a page the payer opened earlier and kept open while things changed
   * (the merchant cancelled the payment, say): the form as that page showed it.
   */
  Exchange submitOn(Exchange opened, Profile.HttpStep step, Map<String, String> values) {
    context.require(step.form() != null, "the payer's step payerSteps." + name + " has no form");
    return submit(opened, step.form(), step.fields(), new LinkedHashMap<>(values));
  }

  /** One step and the steps of its {@code then}; the page it ends on. */
  private Exchange step(
      Profile.HttpStep step, Map<String, String> known, String page, Exchange previous) {
    Exchange at = previous;
    if (step.url() != null || previous == null) {
      String url = fill(step.url() != null ? step.url() : page, known, true);
      String body =
          step.body() == null ? null : fill(step.body(), known, isForm(step.contentType()));
      Map<String, String> headers = new LinkedHashMap<>();
      step.headers()
          .forEach(
              (header, value) ->
                  headers.put(
                      header, context.withBearerToken(fill(value, withoutToken(known), false))));
      at = follow(context.browser(method(step, body), url, step.contentType(), headers, body), url);
    }
    if (step.form() != null) {
      at = submit(at, step.form(), step.fields(), known);
    }
    for (Profile.HttpStep next : step.then()) {
      at = step(next, known, page, at);
      take(next, at, known);
    }
    return at;
  }

  /**
   * The step's method: as given, else GET for a step that only opens a page to submit its form,
   * else POST (a step as older profiles describe it: a form post on the page).
   */
  private static String method(Profile.HttpStep step, String body) {
    if (step.method() != null) {
      return step.method();
    }
    return body == null && step.form() != null ? "GET" : "POST";
  }

  /** Submits a form of the page, as a browser would, with the fields the profile sets. */
  private Exchange submit(
      Exchange page, String selector, Map<String, String> fields, Map<String, String> known) {
    String pageUrl = page.uri().toString();
    Document document = Jsoup.parse(page.text(), pageUrl);
    Element form = document.selectFirst(selector);
    context.require(
        form != null && form.tagName().equals("form"),
        "the page "
            + page.uri().getRawPath()
            + " holds no form "
            + selector
            + " for the payer's step payerSteps."
            + name);
    Map<String, String> values = new LinkedHashMap<>();
    for (Element field : form.select("input[name], select[name], textarea[name]")) {
      String type = field.attr("type").toLowerCase(Locale.ROOT);
      if (field.tagName().equals("input")
          && (type.equals("submit")
              || type.equals("button")
              || type.equals("image")
              || type.equals("reset")
              || type.equals("file")
              || (type.equals("checkbox") || type.equals("radio")) && !field.hasAttr("checked"))) {
        continue;
      }
      String value =
          field.tagName().equals("select")
              ? selected(field)
              : field.tagName().equals("textarea") ? field.text() : field.attr("value");
      values.put(field.attr("name"), value);
    }
    fields.forEach((field, value) -> values.put(field, fill(value, known, false)));
    StringJoiner encoded = new StringJoiner("&");
    values.forEach((field, value) -> encoded.add(encode(field) + "=" + encode(value)));
    String action = form.hasAttr("action") ? form.absUrl("action") : pageUrl;
    if (action.isEmpty()) {
      action = pageUrl;
    }
    boolean get = form.attr("method").equalsIgnoreCase("get");
    Exchange submitted =
        get
            ? context.browser(
                "GET", action + (action.contains("?") ? "&" : "?") + encoded, null, Map.of(), null)
            : context.browser(
                "POST", action, "application/x-www-form-urlencoded", Map.of(), encoded.toString());
    return follow(submitted, action);
  }

  private static String selected(Element select) {
    Element chosen = select.selectFirst("option[selected]");
    if (chosen == null) {
      chosen = select.selectFirst("option");
    }
    return chosen == null ? "" : chosen.hasAttr("value") ? chosen.attr("value") : chosen.text();
  }

  /**
   * The page a browser ends on: redirects followed with GET, and the step skipped when a page
   * refuses it.
   */
  private Exchange follow(Exchange answer, String from) {
    Exchange at = answer;
    String url = from;
    for (int i = 0; i < MAX_REDIRECTS && at.answered() && at.status() / 100 == 3; i++) {
      String location = at.header("Location");
      if (location == null) {
        break;
      }
      url = URI.create(url).resolve(location).toString();
      at = context.browser("GET", url, null, Map.of(), null);
    }
    context.require(
        at.answered() && at.status() < 400,
        "the page did not take the payer's step as the profile describes it (payerSteps."
            + name
            + "): "
            + at.summary());
    return at;
  }

  /** Takes the values the step names from the page it ended on. */
  private void take(Profile.HttpStep step, Exchange page, Map<String, String> known) {
    if (step.take().isEmpty()) {
      return;
    }
    Document document = null;
    for (Map.Entry<String, String> wanted : step.take().entrySet()) {
      String where = wanted.getValue();
      String value;
      if (where.startsWith("/")) {
        JsonNode json = page.json();
        JsonNode found = json == null ? null : json.at(JsonPointer.compile(where));
        value = found == null || found.isMissingNode() || found.isNull() ? null : found.asText();
      } else {
        if (document == null) {
          document = Jsoup.parse(page.text(), page.uri().toString());
        }
        int at = where.lastIndexOf('@');
        String selector = at < 0 ? where : where.substring(0, at);
        Element element = document.selectFirst(selector);
        value =
            element == null
                ? null
                : at < 0 ? element.text() : element.attr(where.substring(at + 1));
      }
      context.require(
          value != null && !value.isEmpty(),
          "the payer's step payerSteps."
              + name
              + " takes "
              + wanted.getKey()
              + " from "
              + where
              + ", which the page "
              + page.uri().getRawPath()
              + " does not hold");
      known.put(wanted.getKey(), value);
    }
  }

  /**
   * A template with each {name} replaced by its value, percent-encoded where asked; a whole-URL
   * value at the start of the template is kept as it is.
   */
  String fill(String template, Map<String, String> values, boolean encoded) {
    StringBuilder out = new StringBuilder();
    Matcher matcher = PLACEHOLDER.matcher(template);
    int last = 0;
    while (matcher.find()) {
      String wanted = matcher.group(1);
      String value =
          context.need(
              values.get(wanted),
              "the payer's step payerSteps."
                  + name
                  + " names {"
                  + wanted
                  + "}, which neither the answer nor the profile gives");
      boolean url = matcher.start() == 0 && value.matches("(?i)https?://.*");
      out.append(template, last, matcher.start()).append(encoded && !url ? encode(value) : value);
      last = matcher.end();
    }
    return out.append(template.substring(last)).toString();
  }

  /** The values, with {@code {bearerToken}} left for {@link CheckContext#withBearerToken}. */
  private static Map<String, String> withoutToken(Map<String, String> known) {
    Map<String, String> values = new LinkedHashMap<>(known);
    values.put("bearerToken", "{bearerToken}");
    return values;
  }

  static boolean isForm(String contentType) {
    return contentType != null && contentType.startsWith("application/x-www-form-urlencoded");
  }

  private static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }
}
