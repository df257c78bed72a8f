package com.merchantpay.conformance.internal;

import static com.merchantpay.conformance.internal.Fixtures.encode;
import static com.merchantpay.conformance.internal.OperationsSteps.receipt;
import static com.merchantpay.conformance.internal.OperationsSteps.v2;

import com.fasterxml.jackson.databind.JsonNode;
import com.merchantpay.conformance.target.OpenPoint;
import java.util.ArrayList;
import java.util.List;

/**
 * The happy path of the v2 receipt and sticker operations: one named check each, declared in the
 * table below.
 */
final class OperationsReceiptsAndStickers {
  private OperationsReceiptsAndStickers() {}

  static List<Check> declared() {
    List<Check> checks = new ArrayList<>();
    checks.add(
        v2(
                "createReceipt",
                "Registering a receipt answers with the receipt",
                OperationsReceiptsAndStickers::createReceipt)
            .judging("v2.receipt.members"));
    checks.add(
        v2(
                "getReceipt",
                "Reading a receipt answers with that receipt",
                OperationsReceiptsAndStickers::getReceipt)
            .judging("v2.conv.opaque-ids"));
    checks.add(
        v2(
            "listReceipts",
            "Listing a payment's receipts holds its receipt and no other payment's",
            OperationsReceiptsAndStickers::listReceipts));
    checks.add(
        v2(
                "createSticker",
                "Registering a sticker answers Active with its payload",
                OperationsReceiptsAndStickers::createSticker)
            .judging("v2.sticker.members", "v2.states.sticker-active"));
    checks.add(
        v2(
            "setStickerActive",
            "Switching a sticker off answers 200",
            OperationsReceiptsAndStickers::setStickerActive));
    checks.add(
        v2(
                "getSticker",
                "Reading a sticker answers with that sticker",
                OperationsReceiptsAndStickers::getSticker)
            .judging("v2.conv.opaque-ids"));
    checks.add(
        v2(
            "listStickers",
            "Listing stickers holds a sticker just registered",
            OperationsReceiptsAndStickers::listStickers));
    return checks;
  }

  /** Runs {@code operations.createReceipt}. */
  private static void createReceipt(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    JsonNode payment = f.settledPayment("50");
    Exchange created =
        c.v2().post(Paths.v2("createReceipt"), f.receipt(payment.path("id").asText(), "50"));
    JsonNode receipt = c.ok(created);
    c.rule("v2.receipt.members");
    c.member(created, receipt, "paymentId", payment.path("id").asText());
    c.member(created, receipt, "type", "Payment");
    c.present(
        created,
        receipt,
        "id",
        "created",
        "paymentId",
        "amount.value",
        "amount.currency",
        "type",
        "status");
  }

  /** Runs {@code operations.getReceipt}. */
  private static void getReceipt(CheckContext c) throws Exception {
    JsonNode receipt = receipt(c);
    Exchange read = c.v2().get(Paths.v2("getReceipt", receipt.path("id").asText()));
    c.rule("v2.conv.opaque-ids");
    c.member(read, c.ok(read), "id", receipt.path("id").asText());
  }

  /** Runs {@code operations.listReceipts}. */
  private static void listReceipts(CheckContext c) throws Exception {
    JsonNode receipt = receipt(c);
    JsonNode other = receipt(c);
    String paymentId = receipt.path("paymentId").asText();
    Exchange first = c.v2().get(Paths.v2("listReceipts") + "?paymentId=" + encode(paymentId));
    // A bare array is the other reading of an open point; it is the one and only page.
    boolean array = c.ok(first).isArray();
    c.reading(OpenPoint.RECEIPT_LIST, array ? "array" : "object", first);
    List<JsonNode> items =
        array
            ? new ArrayList<>()
            : Pages.all(c, Paths.v2("listReceipts") + "?paymentId=" + encode(paymentId));
    if (array) {
      first.json().forEach(items::add);
    }
    c.expect(
        items.stream().anyMatch(i -> receipt.path("id").asText().equals(i.path("id").asText())),
        "receipt " + receipt.path("id").asText() + " in the list",
        first::summary,
        first);
    c.expect(
        items.stream().allMatch(i -> paymentId.equals(i.path("paymentId").asText())),
        "only receipts of payment " + paymentId,
        () -> "also receipt " + other.path("id").asText() + " of another",
        first);
  }

  /** Runs {@code operations.createSticker}. */
  private static void createSticker(CheckContext c) throws Exception {
    Exchange created =
        c.v2().post(Paths.v2("createSticker"), new Fixtures(c).sticker(false, "350", null));
    JsonNode sticker = c.ok(created);
    c.rule("v2.states.sticker-active");
    c.member(created, sticker, "status", "Active");
    c.rule("v2.sticker.members");
    c.expect(sticker.path("payload").isTextual(), "a payload", created::summary, created);
  }

  /** Runs {@code operations.setStickerActive}. */
  private static void setStickerActive(CheckContext c) throws Exception {
    JsonNode sticker =
        c.ok(c.v2().post(Paths.v2("createSticker"), new Fixtures(c).sticker(false, null, null)));
    c.done(
        c.v2()
            .put(
                Paths.v2("setStickerActive", sticker.path("id").asText()),
                Json.object().put("active", false)));
  }

  /** Runs {@code operations.getSticker}. */
  private static void getSticker(CheckContext c) throws Exception {
    JsonNode sticker =
        c.ok(c.v2().post(Paths.v2("createSticker"), new Fixtures(c).sticker(false, null, null)));
    Exchange read = c.v2().get(Paths.v2("getSticker", sticker.path("id").asText()));
    c.rule("v2.conv.opaque-ids");
    c.member(read, c.ok(read), "id", sticker.path("id").asText());
  }

  /** Runs {@code operations.listStickers}. */
  private static void listStickers(CheckContext c) throws Exception {
    JsonNode sticker =
        c.ok(c.v2().post(Paths.v2("createSticker"), new Fixtures(c).sticker(false, null, null)));
    Pages.find(
        c,
        Paths.v2("listStickers") + "?merchantId=" + encode(c.target().merchantId()),
        sticker.path("id").asText());
  }
}
