package com.merchantpay.sandbox.internal.hosted;

import com.merchantpay.sandbox.internal.domain.Amounts;
import com.merchantpay.sandbox.internal.domain.Core;
import com.merchantpay.sandbox.internal.domain.MagicCards;
import com.merchantpay.sandbox.internal.domain.Payment;
import com.merchantpay.sandbox.internal.domain.PaymentStatus;
import com.merchantpay.sandbox.internal.domain.PaymentToken;
import com.merchantpay.sandbox.internal.domain.Refused;
import com.merchantpay.sandbox.internal.domain.Sticker;
import com.merchantpay.sandbox.internal.domain.TokenStatus;
import com.merchantpay.sandbox.internal.http.HttpSupport;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The pages a person sees in a browser: the invoice payment page, the page of an External
 * confirmation, the hosted tokenization page, the page a sticker's payload links to and a stand-in
 * for 3-D Secure pages. Plain HTML forms, no scripts; a form post answers with a redirect to the
 * page, which then shows the outcome.
 */
public final class HostedPages {
  private static final Pattern PAGE = Pattern.compile("^/(pay|tokenize|sticker|acs)/([^/]+)$");

  private final Core core;

  /** A page that reads or changes what it shows, within one transaction of the sandbox. */
  @FunctionalInterface
  private interface Page {
    HttpSupport.Out show(HttpSupport.In in, String id, Map<String, List<String>> form, Instant now);
  }

  /** The pages by the first segment of their path; {@code acs} changes nothing and is apart. */
  private final Map<String, Page> routes =
      Map.of("pay", this::payment, "tokenize", this::token, "sticker", this::sticker);

  public HostedPages(Core core) {
    this.core = core;
  }

  public static boolean handles(String rawPath) {
    return PAGE.matcher(rawPath).matches();
  }

  public HttpSupport.Out handle(HttpSupport.In in) {
    Matcher matcher = PAGE.matcher(in.rawPath());
    if (!matcher.matches()) {
      return page(404, "Not found", "<p>There is no page here.</p>");
    }
    String kind = matcher.group(1);
    String id = HttpSupport.decode(matcher.group(2), false);
    if (!in.method().equals("GET") && !in.method().equals("POST")) {
      return page(405, "Not allowed", "<p>Use GET or POST.</p>");
    }
    if (kind.equals("acs")) {
      return acs(id);
    }
    Map<String, List<String>> form;
    try {
      form =
          in.method().equals("POST")
              ? HttpSupport.parseForm(new String(in.body(), StandardCharsets.UTF_8))
              : Map.of();
    } catch (IllegalArgumentException e) {
      return page(400, "Bad form", "<p>The form data could not be read.</p>");
    }
    try {
      Page page = routes.get(kind);
      return core.transact(now -> page.show(in, id, form, now));
    } catch (Refused e) {
      // The one place the pages translate a refusal: the payer sees why, and the page is unchanged.
      return page(409, "Nothing to do", "<p>" + esc(e.getMessage()) + "</p>");
    }
  }

  // ---------------------------------------------------------------- payment page

  private HttpSupport.Out payment(
      HttpSupport.In in, String id, Map<String, List<String>> form, Instant now) {
    Payment payment = core.payment(id);
    if (payment == null) {
      return page(404, "Unknown payment", "<p>There is no payment " + esc(id) + ".</p>");
    }
    boolean external = payment.awaitsExternalStep();
    if (in.method().equals("POST")) {
      String action = HttpSupport.first(form, "action");
      if (payment.awaitingPayer() && "pay".equals(action)) {
        String problem = cardProblem(form);
        if (problem != null) {
          return cardForm(400, payment, problem);
        }
        // The hosted page runs any 3-D Secure step itself, so the merchant never sees one.
        core.payInvoice(payment, pan(form), HttpSupport.first(form, "expiry"), now);
      } else if (payment.awaitingPayer() && "cancel".equals(action)) {
        core.abandonInvoice(payment, now);
      } else if (external && ("approve".equals(action) || "decline".equals(action))) {
        core.payerDecided(payment, "approve".equals(action), now);
      } else {
        return page(
            409,
            "Nothing to do",
            "<p>Payment "
                + esc(id)
                + " is "
                + esc(payment.status().wire())
                + " and takes no such action.</p>");
      }
      return redirect("/pay/" + HttpSupport.encodePathSegment(id));
    }
    if (payment.awaitingPayer()) {
      return cardForm(200, payment, null);
    }
    if (external) {
      return page(
          200,
          "Approve the payment",
          summary(payment)
              + "<form method=\"post\"><button name=\"action\" value=\"approve\">Approve</button> "
              + "<button name=\"action\" value=\"decline\">Decline</button></form>");
    }
    return page(
        200, "Payment " + esc(payment.status().wire()), summary(payment) + outcome(payment));
  }

  private HttpSupport.Out cardForm(int status, Payment payment, String problem) {
    return page(
        status,
        "Pay",
        summary(payment)
            + (problem == null ? "" : "<p class=\"err\">" + esc(problem) + "</p>")
            + cardFields("Pay")
            + "<p class=\"hint\">Test cards are listed in the sandbox README; 4111 1111 1111 1111 "
            + "with any future expiry pays.</p>");
  }

  private static String cardFields(String label) {
    return "<form method=\"post\">"
        + "<label>Card number <input name=\"pan\" inputmode=\"numeric\" autocomplete=\"cc-number\" required></label>"
        + "<label>Expiry (MM/YY) <input name=\"expiry\" autocomplete=\"cc-exp\" required></label>"
        + "<label>CVC <input name=\"cvc\" inputmode=\"numeric\" autocomplete=\"cc-csc\"></label>"
        + "<button name=\"action\" value=\"pay\">"
        + label
        + "</button> "
        + "<button name=\"action\" value=\"cancel\" formnovalidate>Cancel</button></form>";
  }

  private static String summary(Payment payment) {
    String description = payment.invoiceText("description");
    return "<p class=\"amount\">"
        + esc(payment.amount().toPlainString())
        + " "
        + esc(payment.currency())
        + "</p>"
        + (description == null ? "" : "<p>" + esc(description) + "</p>")
        + "<p class=\"hint\">Payment "
        + esc(payment.id())
        + " of merchant "
        + esc(payment.merchantId())
        + "</p>";
  }

  private static String outcome(Payment payment) {
    StringBuilder html =
        new StringBuilder("<p>Status: <b>" + esc(payment.status().wire()) + "</b>");
    if (payment.resultCode() != null) {
      html.append(", result: ").append(esc(payment.resultCode()));
    }
    html.append("</p>");
    if (payment.status() == PaymentStatus.PENDING) {
      html.append("<p>The bank is still working on it; reload this page later.</p>");
    }
    if (HttpSupport.isWebAddress(payment.returnUrl())) {
      // Requests are held to http(s) already; a page checks again, since a javascript: link would
      // run in the sandbox's origin, where its credentials and control API are.
      html.append("<p><a href=\"")
          .append(esc(payment.returnUrl()))
          .append("\">Back to the shop</a></p>");
    }
    return html.toString();
  }

  // ---------------------------------------------------------------- tokenization page

  private HttpSupport.Out token(
      HttpSupport.In in, String id, Map<String, List<String>> form, Instant now) {
    PaymentToken token = core.token(id);
    if (token == null) {
      return page(404, "Unknown token", "<p>There is no such payment token.</p>");
    }
    boolean open = token.status() == TokenStatus.CREATED;
    if (in.method().equals("POST")) {
      String action = HttpSupport.first(form, "action");
      if (open && token.awaitingCard() && "pay".equals(action)) {
        String problem = cardProblem(form);
        if (problem != null) {
          return page(
              400,
              "Save a card",
              "<p class=\"err\">" + esc(problem) + "</p>" + cardFields("Save card"));
        }
        core.tokenCardEntered(token, pan(form), HttpSupport.first(form, "expiry"), now);
      } else if (open && ("cancel".equals(action) || "decline".equals(action))) {
        core.tokenDecided(token, false, now);
      } else if (open && !token.awaitingCard() && "approve".equals(action)) {
        core.tokenDecided(token, true, now);
      } else {
        return page(
            409, "Nothing to do", "<p>The token is " + esc(token.status().wire()) + ".</p>");
      }
      return redirect("/tokenize/" + HttpSupport.encodePathSegment(id));
    }
    if (open && token.awaitingCard()) {
      return page(200, "Save a card", cardFields("Save card"));
    }
    if (open) {
      return page(
          200,
          "Store this card?",
          "<p>"
              + esc(token.title())
              + "</p><form method=\"post\">"
              + "<button name=\"action\" value=\"approve\">Approve</button> "
              + "<button name=\"action\" value=\"decline\">Decline</button></form>");
    }
    return page(
        200,
        "Token " + esc(token.status().wire()),
        "<p>Status: <b>"
            + esc(token.status().wire())
            + "</b>"
            + (token.resultCode() == null ? "" : ", result: " + esc(token.resultCode()))
            + "</p>");
  }

  // ---------------------------------------------------------------- sticker page

  private HttpSupport.Out sticker(
      HttpSupport.In in, String id, Map<String, List<String>> form, Instant now) {
    Sticker sticker = core.sticker(id);
    if (sticker == null) {
      return page(404, "Unknown sticker", "<p>There is no such sticker.</p>");
    }
    if (!sticker.active()) {
      return page(409, "Sticker inactive", "<p>This sticker does not take payments.</p>");
    }
    String amountField =
        sticker.amount() == null
            ? "<label>Amount (RUB) <input name=\"amount\" inputmode=\"decimal\" required></label>"
            : "";
    String heading =
        "<p class=\"amount\">"
            + (sticker.amount() == null
                ? ""
                : esc(sticker.amount().toPlainString()) + " " + esc(sticker.currency()))
            + "</p><p>"
            + esc(sticker.paymentPurpose() == null ? "" : sticker.paymentPurpose())
            + "</p>";
    if (in.method().equals("POST")) {
      BigDecimal amount = sticker.amount();
      if (amount == null) {
        try {
          amount = Amounts.parse(HttpSupport.first(form, "amount").trim());
        } catch (RuntimeException e) {
          amount = null;
        }
      }
      String problem =
          amount == null || amount.signum() <= 0
              ? "Enter an amount greater than zero."
              : !Amounts.inBounds(amount) ? "The amount " + Amounts.RULE + "." : cardProblem(form);
      if (problem != null) {
        return page(
            400,
            "Pay",
            heading
                + "<p class=\"err\">"
                + esc(problem)
                + "</p>"
                + cardFields("Pay")
                    .replace("<form method=\"post\">", "<form method=\"post\">" + amountField));
      }
      Payment payment =
          core.payBySticker(sticker, amount, pan(form), HttpSupport.first(form, "expiry"), now);
      return redirect("/pay/" + payment.id());
    }
    return page(
        200,
        "Pay",
        heading
            + cardFields("Pay")
                .replace("<form method=\"post\">", "<form method=\"post\">" + amountField));
  }

  // ---------------------------------------------------------------- 3-D Secure stand-in

  private static HttpSupport.Out acs(String kind) {
    return page(
        200,
        "Sandbox authentication page",
        "<p>This page stands in for the issuer's "
            + esc(kind)
            + " page. Nothing needs to happen here: pass the answer to the complete operation. Any answer passes, "
            + "except the SMS code 000000 and the value N for cres or PARes, which fail authentication.</p>");
  }

  // ---------------------------------------------------------------- helpers

  private static String pan(Map<String, List<String>> form) {
    String pan = HttpSupport.first(form, "pan");
    return pan == null ? null : pan.replaceAll("[\\s-]", "");
  }

  private static String cardProblem(Map<String, List<String>> form) {
    String pan = pan(form);
    if (pan == null || !pan.matches("[0-9]{12,19}")) {
      return "The card number must have 12 to 19 digits.";
    }
    String expiry = HttpSupport.first(form, "expiry");
    if (MagicCards.expiryMonth(expiry == null ? null : expiry.trim()) == null) {
      return "The expiry must be written MM/YY.";
    }
    return null;
  }

  private static HttpSupport.Out redirect(String location) {
    return HttpSupport.Out.empty(303).withHeader("Location", location);
  }

  public static HttpSupport.Out page(int status, String title, String body) {
    String html =
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            + "<title>"
            + title
            + " - Merchant Payment Service sandbox</title><style>"
            + "body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#222}"
            + "label{display:block;margin:.6rem 0}input{display:block;width:100%;padding:.4rem;font-size:1rem}"
            + "button{margin-top:.8rem;padding:.5rem 1rem;font-size:1rem}.amount{font-size:1.6rem;font-weight:600}"
            + ".err{color:#b00020}.hint{color:#666;font-size:.85rem}.banner{background:#fff3cd;padding:.4rem;"
            + "font-size:.85rem}</style></head><body><p class=\"banner\">Sandbox: no real money moves.</p>"
            + "<h1>"
            + title
            + "</h1>"
            + body
            + "</body></html>";
    return HttpSupport.Out.text(status, "text/html; charset=utf-8", html);
  }

  static String esc(String text) {
    if (text == null) {
      return "";
    }
    StringBuilder out = new StringBuilder(text.length());
    for (char c : text.toCharArray()) {
      switch (c) {
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '&' -> out.append("&amp;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> out.append(c);
      }
    }
    return out.toString();
  }
}
