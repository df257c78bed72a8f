package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The journal records what each call was and what the contract found; verify shows near misses. */
class JournalTest extends SandboxTestBase {
  private static final String PAYS = "4111111111111111";

  @Test
  void eachCallIsJournalledWithItsOperationMerchantKeyAndFindings() {
    api.post("/api/v2/payments", api.cardPayment(PAYS, "10.50", false), "order-1");
    ObjectNode broken = api.cardPayment(PAYS, "10.50", false);
    broken.remove("amount");
    api.unchecked().post("/api/v2/payments", broken, "order-2");
    api.v1("listPaymentsFilter", cashier(), Map.of());

    assertThat(sandbox.journal().entries())
        .extracting(
            JournalEntry::operation,
            JournalEntry::merchantId,
            JournalEntry::idempotencyKey,
            JournalEntry::valid)
        .containsExactly(
            tuple("createPayment", "merchant-a", "order-1", true),
            tuple("createPayment", "merchant-a", "order-2", false),
            tuple("listPaymentsFilter", "merchant-a", null, true));
    JournalEntry invalid = sandbox.journal().entries().get(1);
    assertThat(invalid.findings()).anySatisfy(f -> assertThat(f).startsWith("amount"));
    assertThat(invalid.status()).isEqualTo(400);
    assertThat(sandbox.journal().entries().get(2).nonce()).startsWith("n-");
    assertThat(invalid.toString()).doesNotContain(PAYS).startsWith("#").contains("createPayment");
  }

  @Test
  void verifyCountsMatchingCallsByBodyMemberAndParameter() {
    api.post("/api/v2/payments", api.cardPayment(PAYS, "10.50", false));
    String id = api.pay(PAYS, "20", true).path("id").asText();
    api.v1("confirmPayment", accountant(), Map.of("paymentID", id, "amount", "20.00"));

    sandbox
        .journal()
        .verify(
            1, RequestPattern.operation("createPayment").withBodyMember("amount.value", "10.5"));
    sandbox.journal().verify(2, RequestPattern.operation("createPayment").status(200));
    sandbox
        .journal()
        .verify(RequestPattern.operation("confirmPayment").withParameter("amount", "20.00"));
    assertThat(sandbox.journal().find(RequestPattern.anyCall().merchant("merchant-a"))).hasSize(3);
  }

  @Test
  void aFailedVerificationShowsTheClosestCallsAndWhyEachMissedWithoutCardNumbers() {
    api.post("/api/v2/payments", api.cardPayment(PAYS, "10.00", false));
    api.post("/api/v2/invoices", invoice());

    assertThatThrownBy(
            () ->
                sandbox
                    .journal()
                    .verify(
                        1,
                        RequestPattern.operation("createPayment")
                            .withBodyMember("amount.value", "10.50")
                            .withBodyMember("paymentData.card.pan", "4000000000000002")))
        .isInstanceOfSatisfying(
            VerificationError.class,
            e -> {
              assertThat(e.closest()).hasSize(2);
              assertThat(e.getMessage())
                  .contains(
                      "Expected exactly 1 call operation v2:createPayment",
                      "found 0",
                      "Closest calls:")
                  .contains("body member amount.value is 10.00, not 10.50")
                  .contains("411111******1111", "400000******0002")
                  .doesNotContain(PAYS)
                  .contains("operation v2:createInvoice, not v2:createPayment");
              assertThat(e.getMessage().indexOf("createPayment (merchant"))
                  .as("the call that missed least comes first")
                  .isLessThan(e.getMessage().indexOf("createInvoice (merchant"));
            });
  }

  @Test
  void theControlApiShowsTheJournalWithoutBodiesOrQueries() {
    api.post("/api/v2/payments", api.cardPayment(PAYS, "10.00", false), "order-9");

    JsonNode entry = api.control("GET", "/_sandbox/requests", null).path("requests").get(0);

    assertThat(entry.path("operation").asText()).isEqualTo("createPayment");
    assertThat(entry.path("idempotencyKey").asText()).isEqualTo("order-9");
    assertThat(entry.path("valid").asBoolean()).isTrue();
    assertThat(entry.toString()).doesNotContain(PAYS).doesNotContain("cvc");
  }

  @Test
  void aBodyThatIsNoJsonKeepsItsCardNumberOutOfTheAnswerAndTheJournal() {
    // The parser's own message quotes the token it could not read: here, the card number.
    String body =
        "{\"merchantId\":\"merchant-a\",\"amount\":{\"value\":10,\"currency\":\"RUB\"},"
            + "\"paymentData\":{\"card\":{\"pan\":x"
            + PAYS
            + ",\"expiry\":\"12/30\"}}}";

    Api.Res res = api.unchecked().post("/api/v2/payments", body);
    JsonNode entry = api.control("GET", "/_sandbox/requests", null).path("requests").get(0);

    assertThat(res.status()).isEqualTo(400);
    assertThat(res.errors()).singleElement().asString().startsWith("body: not valid JSON");
    assertThat(res.text()).doesNotContain(PAYS).contains("411111******1111");
    assertThat(entry.toString()).doesNotContain(PAYS);
    assertThat(sandbox.journal().entries().get(0).findings())
        .singleElement()
        .asString()
        .doesNotContain(PAYS);
  }

  private ObjectNode invoice() {
    ObjectNode body = Api.object();
    body.put("merchantId", sandbox.merchantId());
    body.set("amount", Api.amount("10.00", "RUB"));
    return body;
  }

  @Test
  void aNearMissNeverShowsACvcOrACardNumberWrittenWithSpaces() {
    ObjectNode body = api.cardPayment(PAYS, "10.00", false);
    ((ObjectNode) body.path("paymentData").path("card")).put("cvc", "987");
    api.post("/api/v2/payments", body);

    assertThatThrownBy(
            () ->
                sandbox
                    .journal()
                    .verify(
                        RequestPattern.operation("createPayment")
                            .withBodyMember("paymentData.card.cvc", "654")
                            .withBodyMember("paymentData.card.pan", "4111 1111 1111 1112")))
        .isInstanceOf(VerificationError.class)
        .message()
        .contains("paymentData.card.cvc is ****")
        .doesNotContain("987", "654", "4111 1111 1111 1112");
  }
}
