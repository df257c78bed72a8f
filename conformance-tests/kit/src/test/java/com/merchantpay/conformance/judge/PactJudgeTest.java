package com.merchantpay.conformance.judge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.merchantpay.conformance.Main;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Any consumer's pact, V3 or V4, judged against the documents without calling anything. */
class PactJudgeTest {
  private static final String PAYMENT_REQUEST =
      "{\"merchantId\":\"shop\",\"amount\":{\"value\":10.00,\"currency\":\"RUB\"},"
          + "\"paymentData\":{\"paymentMethod\":\"bankcard\",\"card\":{\"pan\":\"4111111111111111\","
          + "\"expiry\":\"12/30\",\"cvc\":\"123\"}}}";
  private static final String PAYMENT =
      "{\"id\":\"p-1\",\"merchantId\":\"shop\",\"status\":\"Settled\",\"created\":\"2024-05-14T09:00:00Z\","
          + "\"amount\":{\"value\":10.00,\"currency\":\"RUB\"},"
          + "\"capturedAmount\":{\"value\":10.00,\"currency\":\"RUB\"},"
          + "\"paymentData\":{\"paymentMethod\":\"bankcard\"},\"testMode\":true}";

  @TempDir Path dir;

  @Test
  void aV4PactThatKeepsToTheDocumentsHasNoDepartures() throws Exception {
    PactJudge.Judged judged = PactJudge.create().judge(v4(PAYMENT_REQUEST, 200, PAYMENT));

    assertThat(judged.consumer()).isEqualTo("shop-backend");
    assertThat(judged.interactions()).isEqualTo(2);
    assertThat(judged.departures()).isEmpty();
  }

  @Test
  void aV3PactIsReadInItsOwnShapes() throws Exception {
    Path pact =
        write(
            "v3.json",
            "{\"consumer\":{\"name\":\"shop\"},\"provider\":{\"name\":\"payments\"},"
                + "\"interactions\":[{\"description\":\"get a payment\","
                + "\"providerStates\":[{\"name\":\"a settled payment\"}],"
                + "\"request\":{\"method\":\"GET\",\"path\":\"/api/v2/payments/p-1\","
                + "\"headers\":{\"Authorization\":\"Bearer t\"}},"
                + "\"response\":{\"status\":200,\"headers\":{\"Content-Type\":\"application/json\"},"
                + "\"body\":"
                + PAYMENT.replace("\"Settled\"", "\"Lost\"")
                + "}}],\"metadata\":{\"pactSpecification\":{\"version\":\"3.0.0\"}}}");

    PactJudge.Judged judged = PactJudge.create().judge(pact);

    assertThat(judged.departures())
        .singleElement()
        .satisfies(
            d -> {
              assertThat(d.interaction()).contains("get a payment (given a settled payment)");
              assertThat(d.interaction()).contains("getPayment");
              assertThat(d.text()).startsWith("response:").contains("Lost");
            });
  }

  @Test
  void aRequestTheDocumentsDoNotAllowIsADepartureNamingWhatIsWrong() throws Exception {
    String withoutAmount =
        PAYMENT_REQUEST.replace("\"amount\":{\"value\":10.00,\"currency\":\"RUB\"},", "");

    PactJudge.Judged judged = PactJudge.create().judge(v4(withoutAmount, 200, PAYMENT));

    assertThat(judged.departures())
        .singleElement()
        .satisfies(
            d -> {
              assertThat(d.interaction()).contains("createPayment");
              assertThat(d.text()).startsWith("request:").contains("amount");
            });
  }

  @Test
  void anAnswerTheDocumentsDoNotAllowIsADeparture() throws Exception {
    PactJudge.Judged serverError = PactJudge.create().judge(v4(PAYMENT_REQUEST, 500, PAYMENT));
    PactJudge.Judged unknownStatus =
        PactJudge.create().judge(v4(PAYMENT_REQUEST, 200, PAYMENT.replace("Settled", "Paid")));

    assertThat(serverError.departures())
        .singleElement()
        .satisfies(d -> assertThat(d.text()).contains("HTTP 500"));
    assertThat(unknownStatus.departures())
        .singleElement()
        .satisfies(d -> assertThat(d.text()).contains("Paid"));
  }

  @Test
  void anAnswerThatRecordsOnlyWhatTheConsumerUsesIsNoDeparture() throws Exception {
    // Pact lets the provider send more than the consumer recorded.
    PactJudge.Judged partial =
        PactJudge.create()
            .judge(v4(PAYMENT_REQUEST, 200, "{\"id\":\"p-1\",\"status\":\"Settled\"}"));

    assertThat(partial.departures()).isEmpty();
  }

  @Test
  void anAnswerMemberTheDocumentsNeverDefineIsADepartureNamingIt() throws Exception {
    // The consumer reads "resultcode"; the documents define resultCode.
    PactJudge.Judged judged =
        PactJudge.create()
            .judge(
                v4(
                    PAYMENT_REQUEST,
                    200,
                    "{\"id\":\"p-1\",\"status\":\"Rejected\",\"resultcode\":\"InsufficientFunds\","
                        + "\"amount\":{\"value\":10.00,\"currency\":\"RUB\",\"minor\":1000}}"));

    assertThat(judged.departures())
        .singleElement()
        .satisfies(
            d ->
                assertThat(d.text())
                    .contains("relies on resultcode, amount.minor")
                    .contains("never define"));
  }

  @Test
  void anErrorBodyUnderASuccessIsADeparture() throws Exception {
    PactJudge.Judged judged =
        PactJudge.create()
            .judge(
                v4(
                    PAYMENT_REQUEST,
                    200,
                    "{\"code\":\"validation_error\",\"message\":\"amount is missing\"}"));

    assertThat(judged.departures())
        .extracting(PactJudge.Finding::text)
        .anySatisfy(
            text ->
                assertThat(text).contains("an error body (code validation_error) under HTTP 200"));
  }

  @Test
  void aReadOfAnUnknownPaymentIsComparedWithOurNotFoundStatus() throws Exception {
    Path pact =
        write(
            "unknown.json",
            "{\"consumer\":{\"name\":\"shop\"},\"provider\":{\"name\":\"payments\"},\"interactions\":["
                + "{\"description\":\"read a payment nobody has\",\"request\":{\"method\":\"GET\","
                + "\"path\":\"/api/v2/payments/p-404\"},\"response\":{\"status\":409,"
                + "\"headers\":{\"Content-Type\":\"application/json\"},"
                + "\"body\":{\"code\":\"invalid_operation\",\"message\":\"no such payment\"}}}]}");

    PactJudge.Judged judged = PactJudge.create().judge(pact);

    assertThat(judged.departures()).isEmpty();
    assertThat(judged.readings())
        .singleElement()
        .satisfies(
            r ->
                assertThat(r.text()).contains("v2.status.not-found: 409 where our spec reads 404"));
  }

  @Test
  void anotherReadingOfAnOpenPointIsReportedNotFailed() throws Exception {
    // The documents do not say which 2xx a create answers; our spec reads 200.
    PactJudge.Judged created = PactJudge.create().judge(v4(PAYMENT_REQUEST, 201, PAYMENT));

    assertThat(created.departures()).isEmpty();
    assertThat(created.readings())
        .singleElement()
        .satisfies(r -> assertThat(r.text()).contains("201"));
  }

  @Test
  void anUnknownPathOfAnInterfaceIsADepartureAndOtherProvidersPathsAndMessagesAreNotJudged()
      throws Exception {
    Path pact =
        write(
            "odd.json",
            "{\"consumer\":{\"name\":\"shop\"},\"provider\":{\"name\":\"payments\"},\"interactions\":["
                + "{\"type\":\"Synchronous/HTTP\",\"description\":\"list orders\",\"request\":{\"method\":\"GET\","
                + "\"path\":\"/api/v2/orders\"},\"response\":{\"status\":200}},"
                + "{\"type\":\"Synchronous/HTTP\",\"description\":\"stock\",\"request\":{\"method\":\"GET\","
                + "\"path\":\"/warehouse/stock\"},\"response\":{\"status\":200}},"
                + "{\"type\":\"Asynchronous/Messages\",\"description\":\"an event\",\"contents\":{}}]}");

    PactJudge.Judged judged = PactJudge.create().judge(pact);

    assertThat(judged.departures())
        .singleElement()
        .satisfies(d -> assertThat(d.text()).contains("GET /api/v2/orders is no operation"));
    assertThat(judged.findings())
        .filteredOn(f -> f.kind() == PactJudge.Finding.Kind.NOT_JUDGED)
        .extracting(PactJudge.Finding::interaction)
        .containsExactly("stock", "an event");
  }

  @Test
  void anAnswerRecordedWithoutABodyIsJudgedByItsStatusAlone() throws Exception {
    Path pact =
        write(
            "status-only.json",
            "{\"consumer\":{\"name\":\"shop\"},\"provider\":{\"name\":\"payments\"},\"interactions\":["
                + "{\"description\":\"read\",\"request\":{\"method\":\"GET\",\"path\":\"/api/v2/payments/p-1\",\"headers\":{\"Authorization\":\"Bearer t\"}},"
                + "\"response\":{\"status\":200}},"
                + "{\"description\":\"unknown token\",\"request\":{\"method\":\"GET\",\"path\":\"/api/v2/payments/p-1\",\"headers\":{\"Authorization\":\"Bearer t\"}},"
                + "\"response\":{\"status\":401}},"
                + "{\"description\":\"broken\",\"request\":{\"method\":\"GET\",\"path\":\"/api/v2/payments/p-1\",\"headers\":{\"Authorization\":\"Bearer t\"}},"
                + "\"response\":{\"status\":503}}]}");

    PactJudge.Judged judged = PactJudge.create().judge(pact);

    assertThat(judged.departures())
        .singleElement()
        .satisfies(d -> assertThat(d.interaction()).startsWith("broken"));
  }

  @Test
  void aV4BodyIsDecodedOnlyWhenMarkedBase64() throws Exception {
    String encoded =
        java.util.Base64.getEncoder().encodeToString(PAYMENT.getBytes(StandardCharsets.UTF_8));
    Path pact =
        write(
            "encodings.json",
            "{\"consumer\":{\"name\":\"shop\"},\"provider\":{\"name\":\"payments\"},\"interactions\":["
                + "{\"type\":\"Synchronous/HTTP\",\"description\":\"json\",\"request\":{\"method\":\"GET\","
                + "\"path\":\"/api/v2/payments/p-1\",\"headers\":{\"Authorization\":\"Bearer t\"}},\"response\":{\"status\":200,\"body\":{\"content\":"
                + PAYMENT
                + ",\"contentType\":\"application/json\",\"encoded\":\"json\"}}},"
                + "{\"type\":\"Synchronous/HTTP\",\"description\":\"base64\",\"request\":{\"method\":\"GET\","
                + "\"path\":\"/api/v2/payments/p-1\",\"headers\":{\"Authorization\":\"Bearer t\"}},\"response\":{\"status\":200,\"body\":{\"content\":\""
                + encoded
                + "\",\"contentType\":\"application/json\",\"encoded\":\"base64\"}}}]}");

    assertThat(PactJudge.create().judge(pact).departures()).isEmpty();
  }

  @Test
  void aFileThatIsNoPactIsRefusedSayingWhy() throws Exception {
    Path notJson = write("a.json", "not json");
    Path notAPact = write("b.json", "{\"consumer\":{}}");

    assertThatThrownBy(() -> PactJudge.create().judge(notJson))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not JSON");
    assertThatThrownBy(() -> PactJudge.create().judge(notAPact))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no \"interactions\"");
  }

  @Test
  void theCommandPrintsEachDepartureAndExitsByTheVerdict() throws Exception {
    Path good = dir.resolve("good");
    Path bad = dir.resolve("bad");
    Files.createDirectories(good);
    Files.createDirectories(bad);
    Files.move(v4(PAYMENT_REQUEST, 200, PAYMENT), good.resolve("shop.json"));
    Files.move(v4(PAYMENT_REQUEST, 500, PAYMENT), bad.resolve("shop.json"));

    ByteArrayOutputStream goodOut = new ByteArrayOutputStream();
    ByteArrayOutputStream badOut = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int passed = run(goodOut, err, "check-pacts", good.toString());
    int failed = run(badOut, err, "check-pacts", bad.toString());
    int missing =
        run(new ByteArrayOutputStream(), err, "check-pacts", dir.resolve("none").toString());

    assertThat(passed).isZero();
    assertThat(goodOut.toString(StandardCharsets.UTF_8))
        .contains("shop-backend -> payments")
        .contains("2 interactions in 1 files, 0 depart");
    assertThat(failed).isEqualTo(1);
    assertThat(badOut.toString(StandardCharsets.UTF_8))
        .contains("DEPARTS pay by card (createPayment)")
        .contains("1 depart from the documents");
    assertThat(missing).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("no such file or directory");
  }

  private static int run(ByteArrayOutputStream out, ByteArrayOutputStream err, String... args) {
    return Main.execute(
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8),
        args);
  }

  /** A V4 pact with a card payment answered as given, and a v1 list call. */
  private Path v4(String request, int status, String answer) throws Exception {
    return write(
        "pact-" + System.nanoTime() + ".json",
        "{\"consumer\":{\"name\":\"shop-backend\"},\"provider\":{\"name\":\"payments\"},\"interactions\":["
            + "{\"type\":\"Synchronous/HTTP\",\"description\":\"pay by card\",\"request\":{\"method\":\"POST\","
            + "\"path\":\"/api/v2/payments\",\"headers\":{\"Content-Type\":[\"application/json\"],"
            + "\"Authorization\":[\"Bearer t\"],"
            + "\"Idempotency-Key\":[\"order-1\"]},\"body\":{\"content\":"
            + request
            + ",\"contentType\":\"application/json\",\"encoded\":false}},"
            + "\"response\":{\"status\":"
            + status
            + ",\"headers\":{\"Content-Type\":[\"application/json\"]},\"body\":{\"content\":"
            + answer
            + ",\"contentType\":\"application/json\",\"encoded\":false}}},"
            + "{\"type\":\"Synchronous/HTTP\",\"description\":\"v1 payments\",\"request\":{\"method\":\"GET\","
            + "\"path\":\"/api/v1/listPaymentsFilter\",\"query\":{\"login\":[\"shop-auto\"],\"nonce\":[\"n-1\"],"
            + "\"hash\":[\"2jmj7l5rSw0yVb/vlWAYkK/YBwk=\"]}},\"response\":{\"status\":200,\"headers\":{\"Content-Type\":"
            + "[\"application/json\"]},\"body\":{\"content\":{\"ErrorCode\":-6},\"contentType\":"
            + "\"application/json\",\"encoded\":false}}}],"
            + "\"metadata\":{\"pactSpecification\":{\"version\":\"4.0\"}}}");
  }

  @Test
  void aRequestWithoutItsCredentialsExpectedToSucceedIsADeparture() throws Exception {
    Path pact =
        write(
            "unsigned.json",
            Files.readString(v4(PAYMENT_REQUEST, 200, PAYMENT))
                .replace("\"Authorization\":[\"Bearer t\"],", "")
                .replace("\"hash\":[\"2jmj7l5rSw0yVb/vlWAYkK/YBwk=\"]", "\"siteAlias\":[\"shop\"]")
                .replace(
                    "{\"ErrorCode\":-6}",
                    "{\"ErrorCode\":0,\"Response\":{\"Overflow\":false," + "\"Payments\":[]}}"));

    PactJudge.Judged judged = PactJudge.create().judge(pact);

    assertThat(judged.departures())
        .extracting(PactJudge.Finding::text)
        .anySatisfy(
            text ->
                assertThat(text).startsWith("request: no Authorization header, yet the consumer"))
        .anySatisfy(text -> assertThat(text).startsWith("request: no hash, yet the consumer"));
  }

  @Test
  void aRequestWithoutCredentialsExpectedToBeRefusedIsNoDeparture() throws Exception {
    Path pact =
        write(
            "refused.json",
            Files.readString(
                    v4(
                        PAYMENT_REQUEST,
                        401,
                        "{\"code\":\"not_authorized\",\"message\":\"no token\"}"))
                .replace("\"Authorization\":[\"Bearer t\"],", ""));

    assertThat(PactJudge.create().judge(pact).departures())
        .extracting(PactJudge.Finding::text)
        .noneSatisfy(text -> assertThat(text).contains("no Authorization header"));
  }

  private Path write(String name, String text) throws Exception {
    return Files.writeString(dir.resolve(name), text);
  }
}
