package com.merchantpay.v1;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import com.merchantpay.testsupport.TestServers;
import com.merchantpay.v1.model.Payment;
import com.merchantpay.v1.model.PaymentState;
import com.merchantpay.v1.model.Refund;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Overflow is visible on a single answer, and the list-all helpers split the period until none
 * overflows.
 */
class ListOverflowTest {
  private static final LocalDate MARCH_1 = LocalDate.of(2024, 3, 1);

  @RegisterExtension static WireMockExtension server = TestServers.wireMock();

  @RegisterExtension static WireMockExtension fake = TestServers.wireMock(new FakePaymentList());

  /**
   * listPaymentsFilter of a service holding three payments a day in March 2024 (PaymentID = day *
   * 10 + n) and answering at most five, with Overflow beyond that. Whether the bound days count is
   * a parameter of the stub.
   */
  static final class FakePaymentList implements ResponseDefinitionTransformerV2 {
    @Override
    public String getName() {
      return "fake-payment-list";
    }

    @Override
    public boolean applyGlobally() {
      return false;
    }

    @Override
    public ResponseDefinition transform(ServeEvent event) {
      boolean exclusive = event.getTransformerParameters().getBoolean("exclusive");
      LocalDate from =
          LocalDate.parse(event.getRequest().queryParameter("periodFrom").firstValue());
      LocalDate to = LocalDate.parse(event.getRequest().queryParameter("periodTo").firstValue());
      List<Long> ids = new ArrayList<>();
      for (LocalDate day = exclusive ? from.plusDays(1) : from;
          day.isBefore(exclusive ? to : to.plusDays(1));
          day = day.plusDays(1)) {
        for (int n = 0; n < 3 && day.getMonthValue() == 3; n++) {
          ids.add(day.getDayOfMonth() * 10L + n);
        }
      }
      boolean overflow = ids.size() > 5;
      StringBuilder payments = new StringBuilder();
      for (long id : overflow ? ids.subList(0, 5) : ids) {
        payments
            .append(payments.length() == 0 ? "" : ",")
            .append("{\"PaymentID\":")
            .append(id)
            .append('}');
      }
      return ResponseDefinitionBuilder.responseDefinition()
          .withStatus(200)
          .withHeader("Content-Type", "application/json")
          .withBody(
              "{\"ErrorCode\":0,\"Response\":{\"Overflow\":"
                  + overflow
                  + ",\"Payments\":["
                  + payments
                  + "]}}")
          .build();
    }
  }

  /**
   * A fake service holding {@code perDay} records a day; an answer overflows when it would exceed
   * the limit. With exclusive bounds it lists the days strictly after {@code from} and before
   * {@code to}.
   */
  private static BiFunction<LocalDate, LocalDate, ListResult<String>> service(
      int perDay, int limit, boolean exclusive, List<String> asked) {
    return (from, to) -> {
      asked.add(from + ".." + to);
      List<String> records =
          records(exclusive ? from.plusDays(1) : from, exclusive ? to.minusDays(1) : to, perDay);
      return records.size() > limit
          ? new ListResult<>(records.subList(0, limit), true)
          : new ListResult<>(records, false);
    };
  }

  private static BiFunction<LocalDate, LocalDate, ListResult<String>> service(
      int perDay, int limit, List<String> asked) {
    return service(perDay, limit, false, asked);
  }

  /** The records of the days {@code first..last} (none when last is before first), in order. */
  private static List<String> records(LocalDate first, LocalDate last, int perDay) {
    List<String> records = new ArrayList<>();
    for (LocalDate day = first; !day.isAfter(last); day = day.plusDays(1)) {
      for (int n = 0; n < perDay; n++) {
        records.add(day + "#" + n);
      }
    }
    return records;
  }

  @Test
  void splitsThePeriodInOverlappingHalvesUntilNoAnswerOverflowsAndKeepsPeriodOrder() {
    List<String> asked = new ArrayList<>();

    List<String> all =
        Periods.collectAll(
            "listPaymentsFilter",
            MARCH_1,
            MARCH_1.plusDays(7),
            service(3, 10, asked),
            record -> record);

    assertThat(all).isEqualTo(records(MARCH_1, MARCH_1.plusDays(7), 3));
    assertThat(asked)
        .containsExactly(
            "2024-03-01..2024-03-08",
            "2024-03-01..2024-03-05",
            "2024-03-01..2024-03-04",
            "2024-03-01..2024-03-03",
            "2024-03-02..2024-03-04",
            "2024-03-03..2024-03-05",
            "2024-03-04..2024-03-08",
            "2024-03-04..2024-03-07",
            "2024-03-04..2024-03-06",
            "2024-03-05..2024-03-07",
            "2024-03-06..2024-03-08");
  }

  @Test
  void everyRecordIsFoundWhetherTheServiceIncludesTheBoundDaysOrNot() {
    for (boolean exclusive : new boolean[] {false, true}) {
      for (int span = 0; span <= 16; span++) {
        for (int perDay = 1; perDay <= 3; perDay++) {
          for (int limit = perDay; limit <= 4 * perDay; limit++) {
            LocalDate to = MARCH_1.plusDays(span);
            List<String> expected =
                service(perDay, Integer.MAX_VALUE, exclusive, new ArrayList<>())
                    .apply(MARCH_1, to)
                    .getItems();

            List<String> all =
                Periods.collectAll(
                    "listPaymentsFilter",
                    MARCH_1,
                    to,
                    service(perDay, limit, exclusive, new ArrayList<>()),
                    record -> record);

            assertThat(all)
                .as("exclusive %s, %s days, %s a day, limit %s", exclusive, span, perDay, limit)
                .isEqualTo(expected);
          }
        }
      }
    }
  }

  @Test
  void aDayThatOverflowsOnItsOwnIsReportedWhetherTheBoundsAreIncludedOrNot() {
    for (boolean exclusive : new boolean[] {false, true}) {
      V1IncompleteListException failure =
          catchThrowableOfType(
              V1IncompleteListException.class,
              () ->
                  Periods.collectAll(
                      "listRefunds",
                      MARCH_1,
                      MARCH_1.plusDays(9),
                      service(4, 3, exclusive, new ArrayList<>()),
                      r -> r));

      assertThat(failure).as("exclusive %s", exclusive).isNotNull();
      assertThat(failure.getDay()).isEqualTo(exclusive ? MARCH_1.plusDays(1) : MARCH_1);
    }
  }

  @Test
  void aPeriodThatDoesNotOverflowIsAskedForOnce() {
    List<String> asked = new ArrayList<>();

    List<String> all =
        Periods.collectAll(
            "listRefunds", MARCH_1, MARCH_1.plusDays(30), service(1, 100, asked), r -> r);

    assertThat(all).hasSize(31);
    assertThat(asked).hasSize(1);
  }

  @Test
  void aRecordReturnedForTwoPeriodsIsKeptOnceByIdOrWithoutOneByContent() {
    BiFunction<LocalDate, LocalDate, ListResult<String>> overlapping =
        (from, to) ->
            from.equals(to)
                ? new ListResult<>(List.of("same", from.toString()), false)
                : new ListResult<>(List.of(), true);
    List<String> all =
        Periods.collectAll("listPaymentsFilter", MARCH_1, MARCH_1.plusDays(1), overlapping, r -> r);
    List<String> anonymous =
        Periods.collectAll(
            "listPaymentsFilter", MARCH_1, MARCH_1.plusDays(1), overlapping, r -> null);

    assertThat(all).containsExactly("same", "2024-03-01", "2024-03-02");
    assertThat(anonymous).containsExactly("same", "2024-03-01", "2024-03-02");
  }

  @Test
  void aSingleDayThatStillOverflowsIsReportedByItsDate() {
    V1IncompleteListException failure =
        catchThrowableOfType(
            V1IncompleteListException.class,
            () ->
                Periods.collectAll(
                    "listRefunds",
                    MARCH_1,
                    MARCH_1.plusDays(3),
                    service(20, 10, new ArrayList<>()),
                    r -> r));

    assertThat(failure.getDay()).isEqualTo(MARCH_1);
    assertThat(failure.getOperation()).isEqualTo("listRefunds");
    assertThat(failure.getMessage()).contains("2024-03-01", "Overflow");
  }

  @Test
  void listAllNeedsABoundedPeriod() {
    MerchantPayV1Client client = TestClients.client(server.baseUrl());

    assertThatThrownBy(
            () -> client.listAllPayments(PaymentFilter.builder().periodFrom(MARCH_1).build()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("periodFrom and periodTo");
    assertThatThrownBy(
            () -> client.listAllRefunds(RefundFilter.builder().periodTo(MARCH_1).build()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("periodFrom and periodTo");
    assertThat(server.getAllServeEvents()).isEmpty();
  }

  @Test
  void aPeriodEndingBeforeItStartsIsRejected() {
    assertThatThrownBy(
            () ->
                PaymentFilter.builder().periodFrom(MARCH_1).periodTo(MARCH_1.minusDays(1)).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("2024-02-29")
        .hasMessageContaining("2024-03-01");
  }

  @Test
  void listAllPaymentsAsksForHalvesOnTheWireKeepingTheOtherFilters() {
    stubPayments("2024-03-01", "2024-03-04", true, 1, 2);
    stubPayments("2024-03-01", "2024-03-03", false, 1, 2);
    stubPayments("2024-03-02", "2024-03-04", false, 2, 3);
    MerchantPayV1Client client = TestClients.client(server.baseUrl());

    List<Payment> all =
        client.listAllPayments(
            PaymentFilter.builder()
                .siteAlias("site-1")
                .state(PaymentState.COMPLETE)
                .periodFrom(MARCH_1)
                .periodTo(MARCH_1.plusDays(3))
                .build());

    assertThat(all).extracting(Payment::getPaymentID).containsExactly(1L, 2L, 3L);
    server.verify(
        3,
        getRequestedFor(urlPathEqualTo("/api/v1/listPaymentsFilter"))
            .withQueryParam("siteAlias", equalTo("site-1"))
            .withQueryParam("state", equalTo("COMPLETE")));
  }

  @ParameterizedTest(name = "bound days excluded: {0}")
  @ValueSource(booleans = {true, false})
  void listAllPaymentsFindsEveryPaymentWhetherTheServiceCountsTheBoundDaysOrNot(boolean exclusive) {
    fake.stubFor(
        get(urlPathEqualTo("/api/v1/listPaymentsFilter"))
            .willReturn(
                aResponse()
                    .withTransformers("fake-payment-list")
                    .withTransformerParameter("exclusive", exclusive)));
    List<Long> expected = new ArrayList<>();
    for (int day = exclusive ? 2 : 1; day <= (exclusive ? 30 : 31); day++) {
      for (int n = 0; n < 3; n++) {
        expected.add(day * 10L + n);
      }
    }

    List<Payment> all =
        TestClients.client(fake.baseUrl())
            .listAllPayments(
                PaymentFilter.builder()
                    .periodFrom(MARCH_1)
                    .periodTo(LocalDate.of(2024, 3, 31))
                    .build());

    assertThat(all).extracting(Payment::getPaymentID).containsExactlyElementsOf(expected);
  }

  @Test
  void listAllRefundsSplitsToo() {
    server.stubFor(
        get(urlPathEqualTo("/api/v1/listRefunds"))
            .withQueryParam("periodFrom", equalTo("2024-03-01"))
            .withQueryParam("periodTo", equalTo("2024-03-02"))
            .willReturn(
                okJson(
                    "{\"ErrorCode\":0,\"Response\":{\"Overflow\":true,\"Refunds\":[{\"RefundID\":9}]}}")));
    server.stubFor(
        get(urlPathEqualTo("/api/v1/listRefunds"))
            .withQueryParam("periodFrom", equalTo("2024-03-01"))
            .withQueryParam("periodTo", equalTo("2024-03-01"))
            .willReturn(
                okJson(
                    "{\"ErrorCode\":0,\"Response\":{\"Overflow\":false,\"Refunds\":[{\"RefundID\":9}]}}")));
    server.stubFor(
        get(urlPathEqualTo("/api/v1/listRefunds"))
            .withQueryParam("periodFrom", equalTo("2024-03-02"))
            .withQueryParam("periodTo", equalTo("2024-03-02"))
            .willReturn(
                okJson(
                    "{\"ErrorCode\":0,\"Response\":{\"Overflow\":false,\"Refunds\":[{\"RefundID\":10}]}}")));

    List<Refund> all =
        TestClients.client(server.baseUrl())
            .listAllRefunds(
                RefundFilter.builder().periodFrom(MARCH_1).periodTo(MARCH_1.plusDays(1)).build());

    assertThat(all).extracting(Refund::getRefundID).containsExactly(9L, 10L);
  }

  private static void stubPayments(String from, String to, boolean overflow, long... ids) {
    StringBuilder payments = new StringBuilder();
    for (long id : ids) {
      payments
          .append(payments.length() == 0 ? "" : ",")
          .append("{\"PaymentID\":")
          .append(id)
          .append('}');
    }
    server.stubFor(
        get(urlPathEqualTo("/api/v1/listPaymentsFilter"))
            .withQueryParam("periodFrom", equalTo(from))
            .withQueryParam("periodTo", equalTo(to))
            .willReturn(
                okJson(
                    "{\"ErrorCode\":0,\"Response\":{\"Overflow\":"
                        + overflow
                        + ",\"Payments\":["
                        + payments
                        + "]}}")));
  }
}
