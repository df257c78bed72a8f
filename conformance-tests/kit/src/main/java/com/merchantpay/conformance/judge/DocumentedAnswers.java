package com.merchantpay.conformance.judge;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The members the v2 document lists for an answer, each one there whenever the document says it is:
 * the members every payment, refund, token, receipt and sticker has from its creation on, the
 * finish date of a finished payment, the result code of a refund's creation answer, and the members
 * of list items. Our spec's schemas require less (an answer is judged by them with only {@code id}
 * and {@code status} required, so that members the documents leave conditional may be absent); what
 * is here is what the documents themselves state.
 */
final class DocumentedAnswers {
  /** Payment statuses that end a payment: it then shows when it finished ({@code completed}). */
  static final Set<String> FINISHED = Set.of("Settled", "Cancelled", "Rejected");

  private static final List<String> PAYMENT =
      List.of(
          "id", "created", "testMode", "status", "merchantId", "amount.value", "amount.currency");
  private static final List<String> PAYMENT_ITEM =
      List.of("id", "created", "status", "merchantId", "amount.value", "amount.currency");
  private static final List<String> REFUND =
      List.of("id", "created", "paymentId", "amount.value", "amount.currency", "status");
  private static final List<String> RECEIPT =
      List.of("id", "created", "paymentId", "amount.value", "amount.currency", "type", "status");

  /** By operation, the members of its success answer the document lists unconditionally. */
  private static final Map<String, List<String>> ANSWERS =
      Map.ofEntries(
          Map.entry("createInvoice", List.of("paymentId", "url")),
          Map.entry("createPayment", PAYMENT),
          Map.entry("completePayment", PAYMENT),
          Map.entry("getPayment", PAYMENT),
          Map.entry("createRefund", with(REFUND, "resultCode")),
          Map.entry("getRefund", REFUND),
          Map.entry("startTokenization", List.of("tokenId", "url")),
          Map.entry("createPaymentToken", List.of("id", "status")),
          Map.entry("completePaymentToken", List.of("id", "status")),
          Map.entry("getPaymentToken", List.of("id", "status")),
          Map.entry("createReceipt", RECEIPT),
          Map.entry("getReceipt", RECEIPT),
          Map.entry("createSticker", List.of("id", "status")),
          Map.entry("getSticker", List.of("id", "status")));

  /** By list operation, the members each of its items has. */
  private static final Map<String, List<String>> ITEMS =
      Map.of(
          "listPayments", PAYMENT_ITEM,
          "listRefunds", REFUND,
          "listReceipts", RECEIPT,
          "listStickers", List.of("id", "status"));

  private DocumentedAnswers() {}

  /**
   * Each member the document lists for this success answer that it lacks (null counts as absent).
   */
  static List<String> missing(String operationId, JsonNode answer) {
    List<String> missing = new ArrayList<>();
    if (answer == null) {
      return missing;
    }
    List<String> members = ANSWERS.get(operationId);
    if (members != null && answer.isObject()) {
      lacking(answer, members, "", missing);
      if (operationId.endsWith("Payment") && FINISHED.contains(answer.path("status").asText())) {
        lacking(answer, List.of("completed"), "", missing);
      }
    }
    List<String> item = ITEMS.get(operationId);
    if (item != null) {
      JsonNode items = answer.isArray() ? answer : answer.path("items");
      for (int i = 0; i < items.size(); i++) {
        JsonNode entry = items.get(i);
        String where = (answer.isArray() ? "" : "items") + "[" + i + "].";
        lacking(entry, item, where, missing);
        if (operationId.equals("listPayments")
            && FINISHED.contains(entry.path("status").asText())) {
          lacking(entry, List.of("completed"), where, missing);
        }
      }
    }
    return missing;
  }

  private static void lacking(JsonNode node, List<String> members, String where, List<String> out) {
    for (String member : members) {
      JsonNode value = node;
      for (String part : member.split("\\.")) {
        value = value.path(part);
      }
      if (value.isMissingNode() || value.isNull()) {
        out.add(where + member);
      }
    }
  }

  private static List<String> with(List<String> members, String more) {
    List<String> all = new ArrayList<>(members);
    all.add(more);
    return List.copyOf(all);
  }
}
