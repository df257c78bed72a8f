package com.merchantpay.v2;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.merchantpay.v2.model.PaymentListItem;
import com.merchantpay.v2.model.ReceiptResponse;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Pages follow the cursor lazily, to the end, and a broken cursor cannot loop forever. */
class PaginationTest extends ClientTestSupport {
  private static final OffsetDateTime START =
      OffsetDateTime.of(2026, 3, 1, 0, 0, 0, 0, ZoneOffset.UTC);
  private static final OffsetDateTime END = START.plusDays(1);

  @BeforeEach
  void threePages() {
    server.stubFor(
        get(urlPathEqualTo("/api/v2/payments"))
            .withQueryParam("merchantId", equalTo("m-1"))
            .withQueryParam("cursor", com.github.tomakehurst.wiremock.client.WireMock.absent())
            .willReturn(
                okJson(
                    "{\"items\":[" + item("p-1") + "," + item("p-2") + "],\"cursor\":\"c+2/=\"}")));
    server.stubFor(
        get(urlPathEqualTo("/api/v2/payments"))
            .withQueryParam("cursor", equalTo("c+2/="))
            .willReturn(okJson("{\"items\":[" + item("p-3") + "],\"cursor\":\"c3\"}")));
    server.stubFor(
        get(urlPathEqualTo("/api/v2/payments"))
            .withQueryParam("cursor", equalTo("c3"))
            .willReturn(okJson("{\"items\":[" + item("p-4") + "],\"cursor\":\"\"}")));
  }

  @Test
  void aListReturnsTheFirstPageAndItsCursor() {
    Page<PaymentListItem> page = client().payments().list("m-1", START, END);

    assertThat(page.items()).extracting(PaymentListItem::getId).containsExactly("p-1", "p-2");
    assertThat(page.nextCursor()).contains("c+2/=");
    assertThat(page.nextPage().items()).extracting(PaymentListItem::getId).containsExactly("p-3");
  }

  @Test
  void autoPagingVisitsEveryItemOfEveryPageInOrderUntilAnEmptyCursor() {
    assertThat(client().payments().list("m-1", START, END).autoPagingIterable())
        .extracting(PaymentListItem::getId)
        .containsExactly("p-1", "p-2", "p-3", "p-4");
    assertThat(client().payments().list("m-1", START, END).autoPagingStream().count()).isEqualTo(4);
  }

  @Test
  void theNextPageIsFetchedOnlyWhenNeeded() {
    Iterator<PaymentListItem> items =
        client().payments().list("m-1", START, END).autoPagingIterable().iterator();
    items.next();
    items.next();
    server.verify(1, getRequestedFor(urlPathEqualTo("/api/v2/payments")));

    items.next();
    server.verify(2, getRequestedFor(urlPathEqualTo("/api/v2/payments")));

    assertThat(client().payments().list("m-1", START, END).autoPagingStream().limit(2).count())
        .isEqualTo(2);
    server.verify(3, getRequestedFor(urlPathEqualTo("/api/v2/payments")));
  }

  @Test
  void theLastPageHasNoNextPage() {
    Page<PaymentListItem> last = client().payments().list("m-1", START, END).nextPage().nextPage();

    assertThat(last.hasNextPage()).isFalse();
    assertThatThrownBy(last::nextPage).isInstanceOf(NoSuchElementException.class);
  }

  @Test
  void aCursorGivenTwiceStopsTheIterationInsteadOfLoopingForever() {
    server.stubFor(
        get(urlPathEqualTo("/api/v2/refunds"))
            .willReturn(
                okJson(
                    "{\"items\":[{\"id\":\"r-1\",\"status\":\"Success\"}],\"cursor\":\"same\"}")));

    assertThatThrownBy(() -> client().refunds().list("m-1", START, END).autoPagingStream().count())
        .isInstanceOf(UnexpectedResponseException.class)
        .hasMessageContaining("listRefunds")
        .hasMessageContaining("cursor 'same' twice");
  }

  @Test
  void aBareArrayIsAcceptedAsASinglePage() {
    server.stubFor(
        get(urlPathEqualTo("/api/v2/receipts"))
            .willReturn(
                okJson(
                    "[{\"id\":\"rc-1\",\"status\":\"Success\",\"paymentId\":\"p-1\"},{\"id\":\"rc-2\",\"status\":\"Pending\",\"paymentId\":\"p-1\"}]")));

    Page<ReceiptResponse> page = client().receipts().list("p-1");

    assertThat(page.items()).extracting(ReceiptResponse::getId).containsExactly("rc-1", "rc-2");
    assertThat(page.hasNextPage()).isFalse();
  }

  private static String item(String id) {
    return "{\"id\":\""
        + id
        + "\",\"status\":\"Settled\",\"merchantId\":\"m-1\",\"created\":\"2026-03-01T10:00:00Z\"}";
  }
}
