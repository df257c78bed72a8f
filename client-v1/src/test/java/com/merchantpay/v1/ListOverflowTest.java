package com.merchantpay.v1;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.merchantpay.v1.model.Payment;
import com.merchantpay.v1.model.PaymentState;
import com.merchantpay.v1.model.Refund;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Overflow is visible on a single answer, and the list-all helpers split the period until none overflows. */
class ListOverflowTest {
  private static final LocalDate MARCH_1 = LocalDate.of(2024, 3, 1);

  @RegisterExtension
  static WireMockExtension server = WireMockExtension.newInstance().options(wireMockConfig().dynamicPort()).build();

  /** A fake service holding one record per (day, n); an answer overflows when it would exceed the limit. */
  private static BiFunction<LocalDate, LocalDate, ListResult<String>> service(int perDay, int limit, List<String> asked) {
    return (from, to) -> {
      asked.add(from + ".." + to);
      List<String> records = new ArrayList<>();
      for (LocalDate day = from; !day.isAfter(to); day = day.plusDays(1)) {
        for (int n = 0; n < perDay; n++) {
          records.add(day + "#" + n);
        }
      }
      return records.size() > limit ? new ListResult<>(records.subList(0, limit), true) : new ListResult<>(records, false);
    };
  }

  @Test
  void splitsThePeriodInHalvesUntilNoAnswerOverflowsAndKeepsPeriodOrder() {
    List<String> asked = new ArrayList<>();

    List<String> all = Periods.collectAll("listPaymentsFilter", MARCH_1, MARCH_1.plusDays(7),
        service(3, 10, asked), record -> record);

    assertThat(all).hasSize(8 * 3).startsWith("2024-03-01#0").endsWith("2024-03-08#2").doesNotHaveDuplicates();
    assertThat(asked).containsExactly("2024-03-01..2024-03-08", "2024-03-01..2024-03-04", "2024-03-01..2024-03-02",
        "2024-03-03..2024-03-04", "2024-03-05..2024-03-08", "2024-03-05..2024-03-06", "2024-03-07..2024-03-08");
  }

  @Test
  void aPeriodThatDoesNotOverflowIsAskedForOnce() {
    List<String> asked = new ArrayList<>();

    List<String> all = Periods.collectAll("listRefunds", MARCH_1, MARCH_1.plusDays(30), service(1, 100, asked), r -> r);

    assertThat(all).hasSize(31);
    assertThat(asked).hasSize(1);
  }

  @Test
  void aRecordReturnedForTwoPeriodsIsKeptOnceButRecordsWithoutIdAreAllKept() {
    BiFunction<LocalDate, LocalDate, ListResult<String>> overlapping = (from, to) -> from.equals(to)
        ? new ListResult<>(List.of("same", from.toString()), false)
        : new ListResult<>(List.of(), true);
    List<String> all = Periods.collectAll("listPaymentsFilter", MARCH_1, MARCH_1.plusDays(1), overlapping, r -> r);
    List<String> anonymous = Periods.collectAll("listPaymentsFilter", MARCH_1, MARCH_1.plusDays(1), overlapping, r -> null);

    assertThat(all).containsExactly("same", "2024-03-01", "2024-03-02");
    assertThat(anonymous).containsExactly("same", "2024-03-01", "same", "2024-03-02");
  }

  @Test
  void aSingleDayThatStillOverflowsIsReportedByItsDate() {
    V1IncompleteListException failure = catchThrowableOfType(V1IncompleteListException.class,
        () -> Periods.collectAll("listRefunds", MARCH_1, MARCH_1.plusDays(3), service(20, 10, new ArrayList<>()), r -> r));

    assertThat(failure.getDay()).isEqualTo(MARCH_1);
    assertThat(failure.getOperation()).isEqualTo("listRefunds");
    assertThat(failure.getMessage()).contains("2024-03-01", "Overflow");
  }

  @Test
  void listAllNeedsABoundedPeriod() {
    MerchantPayV1Client client = TestClients.client(server.baseUrl());

    assertThatThrownBy(() -> client.listAllPayments(PaymentFilter.builder().periodFrom(MARCH_1).build()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("periodFrom and periodTo");
    assertThatThrownBy(() -> client.listAllRefunds(RefundFilter.builder().periodTo(MARCH_1).build()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("periodFrom and periodTo");
    assertThat(server.getAllServeEvents()).isEmpty();
  }

  @Test
  void aPeriodEndingBeforeItStartsIsRejected() {
    assertThatThrownBy(() -> PaymentFilter.builder().periodFrom(MARCH_1).periodTo(MARCH_1.minusDays(1)).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2024-02-29").hasMessageContaining("2024-03-01");
  }

  @Test
  void listAllPaymentsAsksForHalvesOnTheWireKeepingTheOtherFilters() {
    stubPayments("2024-03-01", "2024-03-04", true, 1, 2);
    stubPayments("2024-03-01", "2024-03-02", false, 1, 2);
    stubPayments("2024-03-03", "2024-03-04", false, 2, 3);
    MerchantPayV1Client client = TestClients.client(server.baseUrl());

    List<Payment> all = client.listAllPayments(PaymentFilter.builder().siteAlias("site-1").state(PaymentState.COMPLETE)
        .periodFrom(MARCH_1).periodTo(MARCH_1.plusDays(3)).build());

    assertThat(all).extracting(Payment::getPaymentID).containsExactly(1L, 2L, 3L);
    server.verify(3, getRequestedFor(urlPathEqualTo("/api/v1/listPaymentsFilter"))
        .withQueryParam("siteAlias", equalTo("site-1")).withQueryParam("state", equalTo("COMPLETE")));
  }

  @Test
  void listAllRefundsSplitsToo() {
    server.stubFor(get(urlPathEqualTo("/api/v1/listRefunds")).withQueryParam("periodFrom", equalTo("2024-03-01"))
        .withQueryParam("periodTo", equalTo("2024-03-02"))
        .willReturn(okJson("{\"ErrorCode\":0,\"Response\":{\"Overflow\":true,\"Refunds\":[{\"RefundID\":9}]}}")));
    server.stubFor(get(urlPathEqualTo("/api/v1/listRefunds")).withQueryParam("periodFrom", equalTo("2024-03-01"))
        .withQueryParam("periodTo", equalTo("2024-03-01"))
        .willReturn(okJson("{\"ErrorCode\":0,\"Response\":{\"Overflow\":false,\"Refunds\":[{\"RefundID\":9}]}}")));
    server.stubFor(get(urlPathEqualTo("/api/v1/listRefunds")).withQueryParam("periodFrom", equalTo("2024-03-02"))
        .withQueryParam("periodTo", equalTo("2024-03-02"))
        .willReturn(okJson("{\"ErrorCode\":0,\"Response\":{\"Overflow\":false,\"Refunds\":[{\"RefundID\":10}]}}")));

    List<Refund> all = TestClients.client(server.baseUrl())
        .listAllRefunds(RefundFilter.builder().periodFrom(MARCH_1).periodTo(MARCH_1.plusDays(1)).build());

    assertThat(all).extracting(Refund::getRefundID).containsExactly(9L, 10L);
  }

  private static void stubPayments(String from, String to, boolean overflow, long... ids) {
    StringBuilder payments = new StringBuilder();
    for (long id : ids) {
      payments.append(payments.length() == 0 ? "" : ",").append("{\"PaymentID\":").append(id).append('}');
    }
    server.stubFor(get(urlPathEqualTo("/api/v1/listPaymentsFilter"))
        .withQueryParam("periodFrom", equalTo(from)).withQueryParam("periodTo", equalTo(to))
        .willReturn(okJson("{\"ErrorCode\":0,\"Response\":{\"Overflow\":" + overflow + ",\"Payments\":[" + payments + "]}}")));
  }
}
