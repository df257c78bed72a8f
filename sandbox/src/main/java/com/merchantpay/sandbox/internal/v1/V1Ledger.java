package com.merchantpay.sandbox.internal.v1;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.format.TextStyle;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Seeded accounting data of one merchant for the v1 document and payout operations: three monthly
 * documents and four weekly payouts with their registers, dated before the sandbox's start and
 * derived from it alone, so the same start time always gives the same data.
 */
public final class V1Ledger {
  record Document(
      String id, Instant created, String description, String fileName, byte[] content) {}

  record Operation(
      String id,
      String invoiceId,
      Instant stamp,
      String currency,
      BigDecimal amount,
      BigDecimal transferAmount) {}

  record Register(
      String id, String number, Instant periodFrom, Instant periodTo, List<Operation> operations) {}

  record Transfer(
      Instant created,
      String currency,
      String paymentOrderId,
      Register register,
      BigDecimal amount) {}

  private static final BigDecimal PAYOUT_SHARE = new BigDecimal("0.975");

  final List<Document> documents = new ArrayList<>();
  final List<Transfer> transfers = new ArrayList<>();

  public V1Ledger(int merchantIndex, Instant epoch) {
    LocalDate today = LocalDate.ofInstant(epoch, ZoneOffset.UTC);
    int base = merchantIndex * 100;
    for (int k = 3; k >= 1; k--) {
      YearMonth month = YearMonth.from(today).minusMonths(k);
      YearMonth covered = month.minusMonths(1);
      String id = Integer.toString(880_001 + base + (3 - k));
      String name =
          covered.getMonth().getDisplayName(TextStyle.FULL, Locale.ENGLISH)
              + " "
              + covered.getYear();
      String fileName = "act-" + covered + ".pdf";
      byte[] content =
          ("%PDF-1.4\n% Merchant Payment Service sandbox document "
                  + id
                  + "\n"
                  + "1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n"
                  + "2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n"
                  + "trailer\n<< /Root 1 0 R >>\n%%EOF\n")
              .getBytes(StandardCharsets.US_ASCII);
      documents.add(
          new Document(
              id,
              month.atDay(1).atTime(6, 15).toInstant(ZoneOffset.UTC),
              "Certificate of services rendered, " + name,
              fileName,
              content));
    }
    LocalDate thisMonday = today.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
    for (int k = 4; k >= 1; k--) {
      LocalDate payday = thisMonday.minusWeeks(k);
      int n = base + (4 - k);
      LocalDate from = payday.minusDays(7);
      List<Operation> operations =
          List.of(
              payment(Integer.toString(60_000_001 + n * 3), from.plusDays(1), "1500.00", n, 1),
              payment(Integer.toString(60_000_002 + n * 3), from.plusDays(3), "349.90", n, 2),
              new Operation(
                  Integer.toString(70_000_001 + n),
                  "INV-" + from.plusDays(2) + "-R",
                  at(from.plusDays(4), 10),
                  "RUB",
                  new BigDecimal("-200.00"),
                  new BigDecimal("-200.00")));
      BigDecimal total = BigDecimal.ZERO;
      for (Operation operation : operations) {
        total = total.add(operation.transferAmount());
      }
      Register register =
          new Register(
              Integer.toString(5_501 + n),
              "R-" + payday.toString().replace("-", "") + "-01",
              from.atStartOfDay().toInstant(ZoneOffset.UTC),
              payday.minusDays(1).atTime(23, 59, 59).toInstant(ZoneOffset.UTC),
              operations);
      transfers.add(
          new Transfer(
              payday.atTime(9, 30).toInstant(ZoneOffset.UTC),
              "RUB",
              Integer.toString(1_101 + n),
              register,
              total));
    }
  }

  private static Operation payment(String id, LocalDate day, String amount, int n, int line) {
    BigDecimal value = new BigDecimal(amount);
    return new Operation(
        id,
        "INV-" + day + "-" + n + "-" + line,
        at(day, 14),
        "RUB",
        value,
        value.multiply(PAYOUT_SHARE).setScale(2, RoundingMode.HALF_UP));
  }

  private static Instant at(LocalDate day, int hour) {
    return day.atTime(hour, 5, 12).toInstant(ZoneOffset.UTC);
  }

  Document document(String id) {
    for (Document document : documents) {
      if (document.id().equals(id)) {
        return document;
      }
    }
    return null;
  }

  Register register(String id) {
    for (Transfer transfer : transfers) {
      if (transfer.register().id().equals(id)) {
        return transfer.register();
      }
    }
    return null;
  }
}
