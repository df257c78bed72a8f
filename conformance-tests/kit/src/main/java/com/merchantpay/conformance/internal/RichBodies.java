package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;

/**
 * Valid requests with every member the v2 document lists for the operation filled in, and no member
 * it does not list for that operation (a member of a shared structure that another operation's row
 * names is not sent): what the requests suite shows is accepted, and what the negative suite breaks
 * one constraint at a time. {@link #unlisted} adds the members our spec's shared schemas hold but
 * the operation's row does not name, for the cases that read that point.
 */
final class RichBodies {
  private RichBodies() {}

  static ObjectNode invoice(CheckContext c) {
    ObjectNode body = Json.object();
    body.put("merchantId", c.target().merchantId());
    body.put("dualMode", false);
    body.put("testMode", true);
    body.putObject("tokenization")
        .put("type", "cof")
        .put("purpose", "Faster checkout")
        .put("callbackUrl", "https://shop.example.org/hooks/tokens");
    body.putObject("invoice")
        .put("description", "Conformance")
        .put("orderNo", c.run().unique("kit-order"))
        .put("expires", new Fixtures(c).expiresInAnHour().toString())
        .putObject("params")
        .put("basket", "b-1");
    body.set("amount", c.amount("100"));
    body.put("paymentMethod", "bankcard");
    // Operation 1's row lists protocol with returnUrl and callbackUrl only.
    body.putObject("protocol")
        .put("returnUrl", "https://shop.example.org/return")
        .put("callbackUrl", "https://shop.example.org/hooks/payments");
    body.set("customer", customer());
    body.set("receipt", fullReceipt("100"));
    return new Fixtures(c).withProfileMembers("createInvoice", body);
  }

  static ObjectNode payment(CheckContext c) {
    ObjectNode body = new Fixtures(c).approvedPayment("100", false);
    ((ObjectNode) body.path("invoice"))
        .put("expires", new Fixtures(c).expiresInAnHour().toString())
        .putObject("params")
        .put("basket", "b-1");
    body.putObject("tokenization")
        .put("type", "cof")
        .put("purpose", "Faster checkout")
        .put("callbackUrl", "https://shop.example.org/hooks/tokens");
    body.putObject("protocol")
        .put("returnUrl", "https://shop.example.org/return")
        .put("callbackUrl", "https://shop.example.org/hooks/payments")
        .put("threeDSCompleteUrl", "https://shop.example.org/3ds");
    body.set("customer", customer());
    body.set("device", device());
    body.set("receipt", fullReceipt("100"));
    return new Fixtures(c).withProfileMembers("createPayment", body);
  }

  static ObjectNode tokenization(CheckContext c) {
    ObjectNode body = new Fixtures(c).tokenization();
    body.put("callbackUrl", "https://shop.example.org/hooks/tokens");
    // Operations 11 and 12 list customer with account and email only.
    body.set("customer", tokenCustomer());
    return new Fixtures(c).withProfileMembers("startTokenization", body);
  }

  static ObjectNode token(CheckContext c) {
    Fixtures f = new Fixtures(c);
    ObjectNode body =
        f.tokenRequest(f.approvedCard().pan(), "https://shop.example.org/hooks/tokens");
    ((ObjectNode) body.path("paymentData").path("card"))
        .put("cvc", f.approvedCard().cvc() == null ? "123" : f.approvedCard().cvc());
    ((ObjectNode) body.path("protocol"))
        .put("returnUrl", "https://shop.example.org/cards")
        .put("threeDSCompleteUrl", "https://shop.example.org/3ds");
    body.set("customer", tokenCustomer());
    body.set("device", device());
    return f.withProfileMembers("createPaymentToken", body);
  }

  static ObjectNode receipt(CheckContext c) {
    Fixtures f = new Fixtures(c);
    ObjectNode body = f.receipt(f.settledPayment("100").path("id").asText(), "100");
    body.set("items", Json.array().add(fullItem("100")));
    ((ObjectNode) body.path("client"))
        .put("phone", "79161234567")
        .put("name", "Demo LLC")
        .put("inn", "7707083893");
    ((ObjectNode) body.path("settlements"))
        .put("advance", 0)
        .put("loan", 0)
        .put("consideration", 0);
    return body;
  }

  static ObjectNode sticker(CheckContext c) {
    return new Fixtures(c).sticker(false, "350", "https://shop.example.org/hooks/stickers");
  }

  /** The customer members operations 11 and 12 list. */
  static ObjectNode tokenCustomer() {
    return Json.object().put("email", "buyer@example.org").put("account", "customer-1");
  }

  /**
   * The valid body with the members our spec's shared schemas give but the operation's row in the
   * v2 document does not list; null when there are none for the operation.
   */
  static ObjectNode unlisted(String operationId, ObjectNode valid) {
    ObjectNode body = valid.deepCopy();
    switch (operationId) {
      case "createInvoice" ->
          ((ObjectNode) body.path("protocol"))
              .put("threeDSCompleteUrl", "https://shop.example.org/3ds");
      case "startTokenization", "createPaymentToken" ->
          ((ObjectNode) body.path("customer"))
              .put("phone", "79161234567")
              .put("ip", "203.0.113.24");
      default -> {
        return null;
      }
    }
    return body;
  }

  static ObjectNode customer() {
    return Json.object()
        .put("email", "buyer@example.org")
        .put("phone", "79161234567")
        .put("ip", "203.0.113.24")
        .put("account", "customer-1");
  }

  static ObjectNode device() {
    return Json.object()
        .put("language", "en-GB")
        .put("acceptHeader", "text/html")
        .put("userAgent", "Mozilla/5.0")
        .put("colorDepth", "24")
        .put("screenHeight", "1080")
        .put("screenWidth", "1920")
        .put("utcOffsetMinutes", "0");
  }

  static ObjectNode fullItem(String price) {
    ObjectNode item = Json.object();
    item.put("name", "Espresso beans");
    item.put("quantity", 1);
    item.put("price", new BigDecimal(price));
    item.put("measure", "Piece");
    item.put("excise", 0);
    item.putObject("product").put("country", "643").put("declaration", "10702070/140524/0012345");
    item.put("vatType", "Vat22");
    item.put("paymentSubject", "Commodity");
    item.put("paymentMethod", "FullPayment");
    item.putObject("marking")
        .put("code", "010460406000590021N4N57RSCBUZTQ")
        .putObject("quantity")
        .put("numerator", 1)
        .put("denominator", 2);
    item.put("agentType", "Commissioner");
    item.putObject("supplier")
        .put("name", "Roasters JSC")
        .put("inn", "7736207543")
        .put("phone", "74951234567");
    return item;
  }

  static ObjectNode followUpReceipt(String price) {
    ObjectNode receipt = Json.object();
    receipt
        .putObject("client")
        .put("email", "buyer@example.org")
        .put("phone", "79161234567")
        .put("name", "Demo LLC")
        .put("inn", "7707083893");
    ArrayNode items = receipt.putArray("items");
    items.add(fullItem(price));
    return receipt;
  }

  static ObjectNode fullReceipt(String price) {
    ObjectNode receipt = followUpReceipt(price);
    receipt
        .putObject("settlements")
        .put("cashless", new BigDecimal(price))
        .put("advance", 0)
        .put("loan", 0)
        .put("consideration", 0);
    return receipt;
  }
}
