package com.merchantpay.sandbox.internal.v2;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.sandbox.internal.domain.Instrument;
import com.merchantpay.sandbox.internal.domain.PaymentDraft;
import com.merchantpay.sandbox.internal.domain.PaymentMethods;
import com.merchantpay.sandbox.internal.http.Json;
import java.util.ArrayList;
import java.util.List;

/**
 * Reading a payment or invoice request that passed the contract: the rules the schema cannot say
 * (one instrument, absolute callback URLs, the amount's bounds), and what of it the core keeps.
 */
final class PaymentRequests {
  private PaymentRequests() {}

  static void checkBasics(JsonNode body, List<String> errors) {
    V2Checks.checkAmount("amount", Json.obj(body, "amount"), errors);
    V2Checks.checkAddresses("protocol", Json.obj(body, "protocol"), errors);
    V2Checks.checkUrl(
        "tokenization.callbackUrl",
        Json.str(Json.obj(body, "tokenization"), "callbackUrl"),
        errors);
    V2Checks.checkTime("invoice.expires", Json.str(Json.obj(body, "invoice"), "expires"), errors);
  }

  /** At most one instrument, and some way to pay; a card of the documented form. */
  static void checkPaymentData(ObjectNode data, List<String> errors) {
    ObjectNode card = Json.obj(data, "card");
    List<String> instruments = new ArrayList<>();
    for (String member : List.of("card", "dsrp", "token", "stickerId")) {
      if (data.hasNonNull(member)) {
        instruments.add(member);
      }
    }
    if (instruments.size() > 1) {
      errors.add(
          "paymentData: give only one of card, dsrp, token and stickerId, not "
              + String.join(" and ", instruments));
    } else if (instruments.isEmpty()
        && Json.str(data, "phone") == null
        && Json.str(data, "account") == null
        && Json.str(data, "authorizationCode") == null) {
      errors.add(
          "paymentData: needs one of card, dsrp, token, stickerId, phone, account or authorizationCode");
    }
    if (card != null) {
      V2Checks.checkCard("paymentData.card", card, errors);
    }
    PaymentMethods.check("paymentData.paymentMethod", Json.str(data, "paymentMethod"), errors);
  }

  /**
   * The members of a payment or invoice request the core keeps, read from a body that passed the
   * contract.
   */
  static PaymentDraft draft(
      String merchant, JsonNode body, String paymentMethod, String fallbackPhone) {
    ObjectNode amount = Json.obj(body, "amount");
    ObjectNode invoice = Json.obj(body, "invoice");
    String expires = Json.str(invoice, "expires");
    ObjectNode customer = Json.obj(body, "customer");
    ObjectNode protocol = Json.obj(body, "protocol");
    ObjectNode tokenization = Json.obj(body, "tokenization");
    String phone = Json.str(customer, "phone");
    return new PaymentDraft(
        merchant,
        Json.decimal(amount, "value"),
        Json.str(amount, "currency"),
        Json.bool(body, "dualMode", false),
        Json.bool(body, "testMode", false),
        V2Views.inUtc(invoice),
        expires == null ? null : V2Checks.parseTime("invoice.expires", expires),
        Json.str(customer, "ip"),
        phone == null ? fallbackPhone : phone,
        Json.str(protocol, "callbackUrl"),
        Json.str(protocol, "returnUrl"),
        tokenization,
        Json.str(tokenization, "callbackUrl"),
        Json.obj(body, "receipt"),
        PaymentMethods.canonical(paymentMethod));
  }

  static Instrument instrument(ObjectNode data) {
    if (data.hasNonNull("token")) {
      return new Instrument.StoredToken(Json.str(Json.obj(data, "token"), "id"));
    } else if (data.hasNonNull("stickerId")) {
      return new Instrument.StickerLink(Json.str(data, "stickerId"));
    } else if (data.hasNonNull("card")) {
      ObjectNode card = Json.obj(data, "card");
      return new Instrument.Card(Json.str(card, "pan"), Json.str(card, "expiry"));
    } else if (data.hasNonNull("dsrp")) {
      return new Instrument.Dsrp(Json.str(Json.obj(data, "dsrp"), "type"));
    } else if (Json.str(data, "phone") != null || Json.str(data, "account") != null) {
      return new Instrument.PayerAccount(
          Json.str(data, "phone") != null ? Json.str(data, "phone") : Json.str(data, "account"));
    }
    return new Instrument.AuthorizationCode();
  }
}
