package com.merchantpay.conformance.target;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Test data for one implementation: which card or input produces which outcome there, how an
 * External step is approved, how long pending work takes, and whether its clock can be moved. Every
 * member is optional; a check that needs a member the profile leaves out is skipped and says which.
 * The sandbox's profile is built in ({@link #sandbox()}); another implementation's is a JSON file
 * ({@link #load}).
 *
 * @param name what the profile is for, shown in the report
 * @param currency the currency payments are made in
 * @param approvedCard a card that pays without any confirmation step
 * @param declines cards that are declined, each with the {@code resultCode} it gives
 * @param confirmations by confirmation type, a card that asks for that step and the answers that
 *     pass or fail it
 * @param externalApproval how the payer approves an External step on its {@code paymentUrl}
 * @param tokenConfirmation the answers that pass or fail a payment token's confirmation through
 *     {@code complete}
 * @param blockedTokenCard a card whose payment token is blocked
 * @param refundsRejectedCard a card whose refunds end {@code Rejected}
 * @param sbpPhone a phone number that pays through the Faster Payments System
 * @param clockControl a URL path that moves the implementation's clock ({@code POST {"duration":
 *     "PT10S"}})
 * @param settles how long pending work takes: {@code payment} (a Pending payment; 10 s when not
 *     given), {@code refund}, {@code receipt}, {@code callbackRetry}, and {@code notification}, the
 *     longest a notification may take to arrive (10 s when not given)
 * @param paginationPayments how many payments the pagination checks create (more than one page's
 *     worth)
 * @param v1 the v1 merchant's {@code siteAlias} and {@code accountID}, and the v1 list limit
 * @param callbackHost the address the implementation can reach the kit's callback receiver on
 * @param readings the target's readings of open points, by {@link OpenPoint} id: checked exactly
 *     instead of reported as differences
 * @param paymentMethods by method ({@code dsrp}, {@code authorizationCode}, {@code account}, {@code
 *     phone}), a {@code paymentData} object that pays with it on this target
 */
public record Profile(
    String name,
    String currency,
    Card approvedCard,
    List<Decline> declines,
    Map<String, Confirmation> confirmations,
    HttpStep externalApproval,
    Answers tokenConfirmation,
    String blockedTokenCard,
    String refundsRejectedCard,
    String sbpPhone,
    String clockControl,
    Map<String, String> settles,
    Integer paginationPayments,
    V1 v1,
    String callbackHost,
    Map<String, String> readings,
    Map<String, JsonNode> paymentMethods) {

  /**
   * The payment data members other than card, token and sticker that a profile can give data for.
   */
  public static final List<String> PAYMENT_METHODS =
      List.of("dsrp", "authorizationCode", "account", "phone");

  private static final ObjectMapper READER =
      JsonMapper.builder().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

  public Profile {
    declines = declines == null ? List.of() : List.copyOf(declines);
    confirmations = confirmations == null ? Map.of() : Map.copyOf(confirmations);
    settles = settles == null ? Map.of() : Map.copyOf(settles);
    readings = readings == null ? Map.of() : Map.copyOf(readings);
    paymentMethods = paymentMethods == null ? Map.of() : Map.copyOf(paymentMethods);
    for (String point : readings.keySet()) {
      if (OpenPoint.byId(point).isEmpty()) {
        throw new IllegalArgumentException(
            "readings."
                + point
                + ": no such open point; the kit lists them with "
                + "--list-points");
      }
    }
    for (String method : paymentMethods.keySet()) {
      if (!PAYMENT_METHODS.contains(method)) {
        throw new IllegalArgumentException(
            "paymentMethods." + method + ": not one of " + PAYMENT_METHODS);
      }
    }
    currency = currency == null ? "RUB" : currency;
    name = name == null ? "unnamed profile" : name;
    for (Map.Entry<String, String> entry : settles.entrySet()) {
      try {
        Duration.parse(entry.getValue());
      } catch (DateTimeParseException e) {
        throw new IllegalArgumentException(
            "settles."
                + entry.getKey()
                + ": not an ISO 8601 duration such as PT10S: "
                + entry.getValue());
      }
    }
  }

  /** Enough of a card number to tell test cards apart in a message: its last four digits. */
  private static String lastFour(String pan) {
    return pan == null
        ? "no number"
        : pan.length() <= 4 ? "****" : "****" + pan.substring(pan.length() - 4);
  }

  /** A card: number, expiry as {@code MM/YY}, security code. */
  public record Card(String pan, String expiry, String cvc) {
    /** Masks the number and leaves the code out. */
    @Override
    public String toString() {
      return "Card[" + lastFour(pan) + "]";
    }
  }

  /** A declining card and the {@code resultCode} the implementation gives it. */
  public record Decline(String pan, String resultCode) {
    @Override
    public String toString() {
      return "Decline[" + lastFour(pan) + " -> " + resultCode + "]";
    }
  }

  /**
   * A card that asks for a confirmation step, and the complete bodies that pass or fail that step.
   */
  public record Confirmation(
      String pan, Map<String, String> answer, Map<String, String> failingAnswer) {
    @Override
    public String toString() {
      return "Confirmation[" + lastFour(pan) + "]";
    }
  }

  /** An HTTP call a payer's browser makes, such as approving on a hosted page. */
  public record HttpStep(String method, String contentType, String body) {}

  /** The bodies that pass or fail a confirmation through the complete operation. */
  public record Answers(Map<String, String> answer, Map<String, String> failingAnswer) {}

  /** v1 details of the merchant. */
  public record V1(String siteAlias, String accountId, Integer listLimit) {}

  /** The sandbox's own test data, matching its README. */
  public static Profile sandbox() {
    try (InputStream in = Profile.class.getResourceAsStream("sandbox-profile.json")) {
      return READER.readValue(in, Profile.class);
    } catch (IOException e) {
      throw new UncheckedIOException("the built-in sandbox profile cannot be read", e);
    }
  }

  /**
   * Reads a profile file.
   *
   * @throws IllegalArgumentException naming the file and what is wrong in it (an unknown member, a
   *     value of the wrong type, a duration that does not parse)
   */
  public static Profile load(Path file) {
    try {
      return READER.readValue(Files.readAllBytes(file), Profile.class);
    } catch (UnrecognizedPropertyException e) {
      throw new IllegalArgumentException(
          file
              + ": unknown member "
              + e.getPropertyName()
              + " at "
              + e.getPathReference()
              + "; the members are listed in the kit's README",
          e);
    } catch (IOException e) {
      String reason =
          e instanceof com.fasterxml.jackson.core.JsonProcessingException json
              ? json.getOriginalMessage()
              : e.toString();
      throw new IllegalArgumentException(file + ": " + reason, e);
    }
  }

  /** Every card number the profile names: none of them may ever come back in full. */
  public List<String> cardNumbers() {
    List<String> pans = new ArrayList<>();
    if (approvedCard != null && approvedCard.pan() != null) {
      pans.add(approvedCard.pan());
    }
    declines.forEach(decline -> pans.add(decline.pan()));
    confirmations.values().forEach(confirmation -> pans.add(confirmation.pan()));
    for (String pan : new String[] {blockedTokenCard, refundsRejectedCard}) {
      if (pan != null) {
        pans.add(pan);
      }
    }
    pans.removeIf(pan -> pan == null || pan.length() < 12);
    return List.copyOf(new LinkedHashSet<>(pans));
  }

  /** The target's declared reading of an open point, if its profile gives one. */
  public Optional<String> reading(OpenPoint point) {
    return Optional.ofNullable(readings.get(point.id()));
  }

  /**
   * How long a kind of pending work takes ({@code payment}, {@code refund}, {@code receipt}, {@code
   * callbackRetry}, {@code notification}).
   */
  public Optional<Duration> settlesAfter(String kind) {
    String value = settles.get(kind);
    return value == null ? Optional.empty() : Optional.of(Duration.parse(value));
  }

  /**
   * The same profile with another v1 list limit (an embedded implementation started with its own).
   */
  public Profile withV1ListLimit(int limit) {
    V1 changed =
        new V1(v1 == null ? null : v1.siteAlias(), v1 == null ? null : v1.accountId(), limit);
    return new Profile(
        name,
        currency,
        approvedCard,
        declines,
        confirmations,
        externalApproval,
        tokenConfirmation,
        blockedTokenCard,
        refundsRejectedCard,
        sbpPhone,
        clockControl,
        settles,
        paginationPayments,
        changed,
        callbackHost,
        readings,
        paymentMethods);
  }
}
