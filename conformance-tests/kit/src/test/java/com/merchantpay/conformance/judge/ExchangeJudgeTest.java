package com.merchantpay.conformance.judge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.merchantpay.spec.ApiSpec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The judge every wire check and the sandbox's own tests rely on must catch answers that break the
 * documents.
 */
class ExchangeJudgeTest {
  private static final ExchangeJudge V2 = ExchangeJudge.of(ApiSpec.V2);
  private static final ExchangeJudge V2_STRICT = ExchangeJudge.strict(ApiSpec.V2);
  private static final ExchangeJudge V1 = ExchangeJudge.of(ApiSpec.V1);
  private static final ExchangeJudge V1_STRICT = ExchangeJudge.strict(ApiSpec.V1);

  private static List<String> judge(
      ExchangeJudge judge, String method, String path, int status, String type, String body) {
    return judge.problems(
        method,
        path,
        status,
        type == null ? Map.of() : Map.of("Content-Type", List.of(type)),
        body.getBytes(StandardCharsets.UTF_8));
  }

  private static List<String> payment(ExchangeJudge judge, String body) {
    return judge(judge, "GET", "/api/v2/payments/1", 200, "application/json", body);
  }

  /** A settled payment with every member the v2 document lists for one, then {@code more}. */
  private static String settled(String more) {
    return "{\"id\":\"1\",\"created\":\"2024-05-14T09:21:07Z\",\"completed\":\"2024-05-14T09:22:41Z\","
        + "\"testMode\":false,\"status\":\"Settled\",\"merchantId\":\"m-1\","
        + "\"amount\":{\"value\":1.5,\"currency\":\"RUB\"}"
        + more
        + "}";
  }

  @Test
  void oneJudgePerDocumentAndStrictnessIsSharedAndJudgesAlikeFromManyThreads() throws Exception {
    assertThat(ExchangeJudge.of(ApiSpec.V2)).isSameAs(V2).isNotSameAs(V2_STRICT);
    assertThat(ExchangeJudge.strict(ApiSpec.V1)).isSameAs(V1_STRICT).isNotSameAs(V1);
    // Answers that break the document in different places, each judged alone first, then by
    // sixteen threads at once through the same judges: a judge that kept state between answers
    // would mix their findings up.
    List<String> answers =
        List.of(
            settled(""),
            settled("").replace("\"merchantId\":\"m-1\",", ""),
            settled("").replace("Settled", "Sold"),
            settled(",\"extra\":1"),
            settled("").replace("1.5", "\"1.5\""));
    Map<String, List<String>> alone = new java.util.HashMap<>();
    for (String answer : answers) {
      alone.put(answer, payment(V2_STRICT, answer));
    }
    assertThat(new java.util.HashSet<>(alone.values())).hasSize(answers.size());
    java.util.concurrent.ExecutorService threads =
        java.util.concurrent.Executors.newFixedThreadPool(16);
    try {
      List<java.util.concurrent.Future<Boolean>> agreed = new java.util.ArrayList<>();
      for (int i = 0; i < 400; i++) {
        String answer = answers.get(i % answers.size());
        agreed.add(threads.submit(() -> payment(V2_STRICT, answer).equals(alone.get(answer))));
      }
      for (java.util.concurrent.Future<Boolean> one : agreed) {
        assertThat(one.get()).isTrue();
      }
    } finally {
      threads.shutdownNow();
    }
  }

  @Test
  void aDocumentedPaymentPasses() {
    assertThat(payment(V2_STRICT, settled(""))).isEmpty();
  }

  @Test
  void aMemberTheDocumentListsForTheAnswerIsRequiredWhereItApplies() {
    assertThat(payment(V2, settled("").replace("\"merchantId\":\"m-1\",", "")))
        .singleElement()
        .asString()
        .contains("merchantId");
    assertThat(payment(V2, settled("").replaceFirst("\"completed\":\"[^\"]+\",", "")))
        .as("a finished payment shows when it finished")
        .singleElement()
        .asString()
        .contains("completed");
    assertThat(
            payment(
                V2,
                settled("")
                    .replaceFirst("\"completed\":\"[^\"]+\",", "")
                    .replace("Settled", "Authorized")))
        .as("a held payment has not finished")
        .isEmpty();
  }

  @Test
  void aRefundCreationAnswerCarriesItsResultCodeAndListItemsTheirPaymentId() {
    String refund =
        "{\"id\":\"r1\",\"created\":\"2024-05-16T12:00:03Z\",\"paymentId\":\"1\","
            + "\"amount\":{\"value\":5,\"currency\":\"RUB\"},\"status\":\"Pending\"";
    assertThat(judge(V2, "POST", "/api/v2/refunds", 200, "application/json", refund + "}"))
        .singleElement()
        .asString()
        .contains("resultCode");
    assertThat(
            judge(
                V2,
                "POST",
                "/api/v2/refunds",
                200,
                "application/json",
                refund + ",\"resultCode\":\"Success\"}"))
        .isEmpty();
    assertThat(judge(V2, "GET", "/api/v2/refunds/r1", 200, "application/json", refund + "}"))
        .as("a read of the refund need not carry it")
        .isEmpty();
    String page =
        "{\"items\":[" + refund + "}," + refund.replace("\"paymentId\":\"1\",", "") + "}]}";
    assertThat(judge(V2, "GET", "/api/v2/refunds", 200, "application/json", page))
        .singleElement()
        .asString()
        .contains("items[1].paymentId");
  }

  @Test
  void aV1MemberTheDocumentGivesNoTypeIsAReadingInAnyScalarFormButNotAsAnObject() {
    String documents =
        "{\"ErrorCode\":0,\"Response\":{\"Documents\":[{\"Created\":\"2024-03-01T06:15:00\","
            + "\"DocumentID\":88412,\"FileName\":\"act.pdf\"}]}}";
    ExchangeJudge.Verdict numeric =
        V1.verdict(
            "GET",
            "/api/v1/listDocuments",
            200,
            Map.of("Content-Type", List.of("application/json")),
            documents.getBytes(StandardCharsets.UTF_8));
    assertThat(numeric.departures()).isEmpty();
    assertThat(numeric.readings())
        .filteredOn(ExchangeJudge.Reading::differs)
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.point().id()).isEqualTo("v1.answer.types");
              assertThat(r.theirs()).isEqualTo("other");
              assertThat(r.detail()).contains("DocumentID number");
            });
    assertThat(
            V1.verdict(
                    "GET",
                    "/api/v1/listDocuments",
                    200,
                    Map.of("Content-Type", List.of("application/json")),
                    documents.replace("88412", "{\"id\":88412}").getBytes(StandardCharsets.UTF_8))
                .departures())
        .as("an identifier is a scalar, whatever its type")
        .isNotEmpty();
  }

  @Test
  void anUndocumentedMemberFailsOnlyTheStrictJudge() {
    String body = settled(",\"addedLater\":{\"x\":1}");

    assertThat(payment(V2_STRICT, body)).singleElement().asString().contains("addedLater");
    assertThat(payment(V2, body))
        .as("the documents ask clients to ignore unknown members")
        .isEmpty();
  }

  @Test
  void aWrongTypeFails() {
    assertThat(payment(V2, settled("").replace("\"id\":\"1\"", "\"id\":1"))).isNotEmpty();
    assertThat(payment(V2, settled("").replace("\"value\":1.5", "\"value\":\"1.5\"")))
        .singleElement()
        .asString()
        .contains("/amount/value");
  }

  @Test
  void aValueOutsideItsDictionaryFails() {
    assertThat(payment(V2, settled("").replace("Settled", "Completed")))
        .singleElement()
        .asString()
        .contains("/status");
  }

  @Test
  void aMissingRequiredMemberFails() {
    assertThat(payment(V2, settled("").replace("\"status\":\"Settled\",", "")))
        .anySatisfy(problem -> assertThat(problem).contains("status"));
  }

  @Test
  void aStatusTheOperationDoesNotDeclareIsReportedAgainstOurReadingForTheOperation() {
    // A read refused with invalid_operation can only be about a resource nobody has: our 404.
    assertThat(
            judge(
                V2,
                "GET",
                "/api/v2/receipts",
                409,
                "application/json",
                "{\"code\":\"invalid_operation\",\"message\":\"x\"}"))
        .singleElement()
        .asString()
        .contains("v2.status.not-found: 409 where our spec reads 404");
  }

  @Test
  void aContentTypeTheOperationDoesNotAllowFails() {
    assertThat(
            judge(
                V2,
                "GET",
                "/api/v2/payments/1",
                200,
                "text/plain",
                "{\"id\":\"1\",\"status\":\"Settled\"}"))
        .isNotEmpty();
  }

  @Test
  void anErrorMayCarryExtraMembers() {
    assertThat(
            judge(
                V2_STRICT,
                "GET",
                "/api/v2/payments/1",
                404,
                "application/json",
                "{\"code\":\"invalid_operation\",\"message\":\"x\",\"detail\":{}}"))
        .isEmpty();
  }

  @Test
  void anEmptySuccessIsJudgedByItsStatusAloneAndAnother2xxIsAReadingNotADeparture() {
    assertThat(judge(V2, "PUT", "/api/v2/payments/1/cancel", 200, null, "")).isEmpty();
    assertThat(
            judge(V2, "PUT", "/api/v2/payments/1/cancel", 200, "application/json", "{\"ok\":true}"))
        .isEmpty();
    ExchangeJudge.Verdict noContent = verdict("PUT", "/api/v2/payments/1/cancel", 204, null, "");
    assertThat(noContent.departures()).isEmpty();
    assertThat(noContent.readings())
        .extracting(r -> r.point().id(), ExchangeJudge.Reading::theirs)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("v2.status.no-body", "204"));
    assertThat(verdict("PUT", "/api/v2/payments/1/cancel", 302, null, "").departures())
        .isNotEmpty();
  }

  @Test
  void aCreationAnswered201WithTheDocumentedBodyReadsAnOpenPointOtherwise() {
    String payment = settled("");
    ExchangeJudge.Verdict created =
        verdict("POST", "/api/v2/payments", 201, "application/json", payment);
    assertThat(created.departures()).isEmpty();
    assertThat(created.readings())
        .filteredOn(ExchangeJudge.Reading::differs)
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.point().id()).isEqualTo("v2.status.success");
              assertThat(r.theirs()).isEqualTo("201");
            });
    assertThat(
            verdict("POST", "/api/v2/payments", 201, "application/json", "{\"id\":1}").departures())
        .as("the body is still judged")
        .isNotEmpty();
  }

  @Test
  void aRefusalWithAnotherStatusIsAReadingButOneWithoutTheErrorBodyDeparts() {
    ExchangeJudge.Verdict refused =
        verdict(
            "POST",
            "/api/v2/payments",
            422,
            "application/json",
            "{\"code\":\"validation_error\",\"message\":\"x\",\"errors\":[\"amount: required\"]}");
    assertThat(refused.departures()).isEmpty();
    assertThat(refused.readings())
        .extracting(r -> r.point().id())
        .containsExactly("v2.status.validation-error");
    assertThat(
            verdict("POST", "/api/v2/payments", 400, "application/json", "{\"error\":\"bad\"}")
                .departures())
        .singleElement()
        .asString()
        .contains("error body");
    assertThat(
            verdict(
                    "POST",
                    "/api/v2/payments",
                    400,
                    "application/json",
                    "{\"code\":\"bad_request\",\"message\":\"x\"}")
                .departures())
        .singleElement()
        .asString()
        .contains("not in the error table");
    assertThat(
            verdict(
                    "POST",
                    "/api/v2/payments",
                    400,
                    "application/json",
                    "{\"code\":\"validation_error\",\"message\":\"x\"}")
                .departures())
        .singleElement()
        .asString()
        .contains("errors");
  }

  @Test
  void aServerErrorAlwaysDeparts() {
    assertThat(verdict("GET", "/api/v2/payments/1", 503, "text/html", "<html/>").departures())
        .isNotEmpty();
  }

  @Test
  void theReceiptListAsABareArrayAndAnotherStickerStatusAreReadings() {
    ExchangeJudge.Verdict array =
        verdict(
            "GET",
            "/api/v2/receipts",
            200,
            "application/json",
            "[{\"id\":\"r1\",\"created\":\"2024-05-16T12:00:03Z\",\"paymentId\":\"1\","
                + "\"amount\":{\"value\":5,\"currency\":\"RUB\"},\"type\":\"Payment\","
                + "\"status\":\"Success\"}]");
    assertThat(array.departures()).isEmpty();
    assertThat(array.readings())
        .filteredOn(ExchangeJudge.Reading::differs)
        .extracting(r -> r.point().id())
        .containsExactly("v2.list.receipts");
    assertThat(
            verdict(
                    "GET",
                    "/api/v2/receipts",
                    200,
                    "application/json",
                    "[{\"id\":\"r1\",\"status\":\"Lost\"}]")
                .departures())
        .as("each receipt is still judged")
        .isNotEmpty();
    ExchangeJudge.Verdict sticker =
        verdict(
            "GET",
            "/api/v2/stickers/s1",
            200,
            "application/json",
            "{\"id\":\"s1\",\"status\":\"Disabled\"}");
    assertThat(sticker.departures()).isEmpty();
    assertThat(sticker.readings())
        .filteredOn(ExchangeJudge.Reading::differs)
        .extracting(ExchangeJudge.Reading::theirs)
        .containsExactly("Disabled");
  }

  private static ExchangeJudge.Verdict verdict(
      String method, String path, int status, String type, String body) {
    return V2.verdict(
        method,
        path,
        status,
        type == null ? Map.of() : Map.of("Content-Type", List.of(type)),
        body.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void aCallOutsideTheDocumentHasNothingToBeJudgedAgainst() {
    assertThat(judge(V2, "GET", "/api/v2/nothing-here", 404, "text/plain", "no")).isEmpty();
  }

  @Test
  void aNotificationBodyIsJudgedByItsSchema() {
    assertThat(
            V2.schemaProblems(
                "PaymentNotification",
                JsonNodeFactory.instance.objectNode().put("id", "1").put("status", "Settled")))
        .isEmpty();
    assertThat(
            V2.schemaProblems(
                "PaymentNotification", JsonNodeFactory.instance.objectNode().put("id", "1")))
        .isNotEmpty();
  }

  private static List<String> xml(ExchangeJudge judge, String body) {
    return judge(
        judge, "GET", "/api/v1/listTransfers", 200, "application/xml; charset=utf-8", body);
  }

  private static final String TRANSFER =
      "<RestTransferInfo><Created>2024-02-12T09:30:00</Created>"
          + "<CurrencyCode>RUB</CurrencyCode><PaymentOrderID>1187</PaymentOrderID><RegisterID>5521</RegisterID>"
          + "<TransferAmount>48210.35</TransferAmount></RestTransferInfo>";

  private static String transfers(String root, String response) {
    return "<?xml version=\"1.0\"?><"
        + root
        + "><ErrorCode>0</ErrorCode><Response>"
        + response
        + "</Response></"
        + root
        + ">";
  }

  @Test
  void aDocumentedXmlAnswerPasses() {
    assertThat(
            xml(
                V1_STRICT,
                transfers(
                    "RestController.RestResponse",
                    "<Transfers>" + TRANSFER + TRANSFER + "</Transfers>")))
        .isEmpty();
    assertThat(xml(V1_STRICT, transfers("RestController.RestResponse", "<Transfers/>"))).isEmpty();
  }

  @Test
  void anXmlAnswerThatDeclaresEntitiesFailsWithoutReadingThem(@TempDir Path dir) throws Exception {
    Path secret = dir.resolve("secret.txt");
    Files.writeString(secret, "JUDGE-READ-THIS-4X");
    String body =
        "<?xml version=\"1.0\"?><!DOCTYPE RestController.RestResponse [<!ENTITY f SYSTEM \""
            + secret.toUri()
            + "\">]>"
            + transfers(
                    "RestController.RestResponse",
                    "<Transfers>" + TRANSFER.replace("1187", "&f;") + "</Transfers>")
                .replaceFirst("^<\\?xml[^>]*\\?>", "");

    List<String> departures = xml(V1_STRICT, body);

    assertThat(departures).isNotEmpty();
    assertThat(String.join("\n", departures)).doesNotContain("JUDGE-READ-THIS-4X");
  }

  @Test
  void garbageXmlFails() {
    assertThat(xml(V1, "<RestController.RestResponse><Err"))
        .singleElement()
        .asString()
        .contains("not well-formed XML");
  }

  @Test
  void anXmlAnswerWithAnotherRootFails() {
    assertThat(xml(V1, transfers("Response", "<Transfers>" + TRANSFER + "</Transfers>")))
        .singleElement()
        .asString()
        .contains("root element");
  }

  @Test
  void anXmlValueOfTheWrongTypeFails() {
    assertThat(
            xml(
                V1,
                transfers("RestController.RestResponse", "")
                    .replace("<ErrorCode>0", "<ErrorCode>zero")))
        .isNotEmpty();
    assertThat(
            xml(
                V1,
                transfers(
                    "RestController.RestResponse",
                    "<Transfers>" + TRANSFER.replace("48210.35", "lots") + "</Transfers>")))
        .as("TransferAmount, which the document gives no type")
        .isEmpty();
  }

  @Test
  void anXmlElementTheDocumentDoesNotDefineFailsOnlyTheStrictJudge() {
    String extra =
        transfers(
            "RestController.RestResponse",
            "<Transfers>"
                + TRANSFER.replace("<CurrencyCode>", "<Note>new</Note><CurrencyCode>")
                + "</Transfers>");
    assertThat(xml(V1_STRICT, extra)).singleElement().asString().contains("Note");
    assertThat(xml(V1, extra)).isEmpty();
    assertThat(xml(V1_STRICT, transfers("RestController.RestResponse", TRANSFER)))
        .as("an entry outside its list wrapper")
        .isNotEmpty();
    assertThat(
            xml(
                V1_STRICT,
                transfers(
                    "RestController.RestResponse", "<Transfers><RestDocumentInfo/></Transfers>")))
        .as("an entry of another list")
        .anySatisfy(p -> assertThat(p).contains("RestDocumentInfo"));
  }

  @Test
  void xmlAsTextXmlIsAReadingAndStillJudged() {
    ExchangeJudge.Verdict verdict =
        V1.verdict(
            "GET",
            "/api/v1/listTransfers",
            200,
            Map.of("Content-Type", List.of("text/xml;charset=UTF-8")),
            transfers("RestController.RestResponse", "<Transfers>" + TRANSFER + "</Transfers>")
                .getBytes(StandardCharsets.UTF_8));
    assertThat(verdict.departures()).isEmpty();
    assertThat(verdict.readings())
        .extracting(r -> r.point().id(), ExchangeJudge.Reading::theirs)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("v1.media-type.xml", "text/xml"));
    assertThat(
            V1.verdict(
                    "GET",
                    "/api/v1/listTransfers",
                    200,
                    Map.of("Content-Type", List.of("text/xml")),
                    transfers("Response", TRANSFER).getBytes(StandardCharsets.UTF_8))
                .departures())
        .isNotEmpty();
  }

  @Test
  void aV1EnvelopeWithAnUndocumentedCodeFails() {
    assertThat(
            judge(V1, "GET", "/api/v1/getPayment", 200, "application/json", "{\"ErrorCode\":-99}"))
        .isNotEmpty();
  }

  @Test
  void aV1FailureStatusHasNoBodyToJudge() {
    assertThat(
            judge(
                V1,
                "GET",
                "/api/v1/getPayment",
                400,
                "text/plain",
                "paymentID: must be an integer"))
        .isEmpty();
  }
}
