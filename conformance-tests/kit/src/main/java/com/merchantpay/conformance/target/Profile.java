package com.merchantpay.conformance.target;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Test data for one implementation: which card or input produces which outcome there, how a payer
 * passes the steps the implementation asks for, how long pending work takes, and whether its clock
 * can be moved. Every member is optional; a check that needs a member the profile leaves out is
 * skipped and says which. The sandbox's profile is built in ({@link #sandbox()}); another
 * implementation's is a JSON file ({@link #load}), which may carry {@code //} and {@code /*
 * *}{@code /} comments ({@code profile-skeleton} writes one with every member explained).
 *
 * @param name what the profile is for, shown in the report
 * @param interfaces the interfaces the target serves, {@code v2} and {@code v1} (both when not
 *     given); checks of one it does not serve are skipped
 * @param currency the currency payments are made in
 * @param approvedCard a card that pays without any confirmation step
 * @param declines instruments that are declined, each with the {@code resultCode} it gives
 * @param confirmations by confirmation type, an instrument that asks for that step and the answers
 *     that pass or fail it
 * @param externalApproval how the payer approves an External step (the same as {@code
 *     payerSteps.externalApproval}, kept for older profiles)
 * @param payerSteps what a payer's browser does on the pages the target names, by step: {@link
 *     #PAYER_STEPS}
 * @param tokenConfirmation the answers that pass or fail a payment token's confirmation through
 *     {@code complete}
 * @param blockedTokenCard a card whose payment token is blocked
 * @param refundsRejectedCard a card whose refunds end {@code Rejected}
 * @param sbpPhone a phone number that pays through the Faster Payments System: the payment data of
 *     {@code paymentMethods.phone} when that is not given
 * @param clockControl how the implementation's clock is moved: a path ({@code POST {"duration":
 *     "PT10S"}}), or the call in full ({@link ClockControl})
 * @param maxWait the longest the kit waits for time to pass on a target whose clock it cannot move
 *     (an ISO 8601 duration, PT30S when not given); checks that need more are skipped
 * @param settles how long pending work takes: {@code payment} (a Pending payment; 10 s when not
 *     given), {@code refund}, {@code receipt}, {@code callbackRetry}, and {@code notification}, the
 *     longest a notification may take to arrive (10 s when not given)
 * @param paginationPayments how many payments the pagination checks create (more than one page's
 *     worth)
 * @param v1 the v1 merchant's {@code siteAlias} and {@code accountID}, and the v1 list limit
 * @param callbackHost the address the implementation can reach the kit's callback receiver on
 * @param pageHosts hosts other than the target's own whose pages (a payment's {@code paymentUrl},
 *     an invoice's {@code url}) the kit may open as the payer's browser; none when not given
 * @param readings the target's readings of open points, by {@link OpenPoint} id: checked exactly
 *     instead of reported as differences
 * @param paymentMethods by method ({@code dsrp}, {@code authorizationCode}, {@code account}, {@code
 *     phone}), a {@code paymentData} object that pays with it on this target
 * @param requestMembers by v2 operation id, members the target needs beyond what the kit sends,
 *     merged into every valid request the kit makes of that operation
 */
public record Profile(
    String name,
    List<String> interfaces,
    String currency,
    Card approvedCard,
    List<Decline> declines,
    Map<String, Confirmation> confirmations,
    HttpStep externalApproval,
    Map<String, HttpStep> payerSteps,
    Answers tokenConfirmation,
    String blockedTokenCard,
    String refundsRejectedCard,
    String sbpPhone,
    ClockControl clockControl,
    String maxWait,
    Map<String, String> settles,
    Integer paginationPayments,
    V1 v1,
    String callbackHost,
    List<String> pageHosts,
    Map<String, String> readings,
    Map<String, JsonNode> paymentMethods,
    Map<String, JsonNode> requestMembers) {

  /**
   * The payment data members other than card, token and sticker that a profile can give data for.
   */
  public static final List<String> PAYMENT_METHODS =
      List.of("dsrp", "authorizationCode", "account", "phone");

  /**
   * The payer's steps a profile can describe: approving or declining an External step on its {@code
   * paymentUrl}, paying an invoice on its page ({@code url} of the creation answer), entering a
   * card on a tokenization page ({@code url} of the tokenization answer), paying through a
   * sticker's {@code payload}.
   */
  public static final List<String> PAYER_STEPS =
      List.of(
          "externalApproval",
          "externalDecline",
          "invoicePayment",
          "tokenizationPage",
          "stickerPayment");

  /** The interfaces a target may serve. */
  public static final List<String> INTERFACES = List.of("v2", "v1");

  /** The confirmation types of the v2 document. */
  public static final List<String> CONFIRMATION_TYPES =
      List.of("External", "SmsOtp", "ThreeDSMethod", "ThreeDSChallenge", "ThreeDSv1");

  private static final ObjectMapper READER =
      JsonMapper.builder()
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(JsonReadFeature.ALLOW_JAVA_COMMENTS)
          .enable(JsonReadFeature.ALLOW_TRAILING_COMMA)
          .build();

  public Profile {
    interfaces = interfaces == null ? INTERFACES : List.copyOf(interfaces);
    pageHosts = pageHosts == null ? List.of() : List.copyOf(pageHosts);
    declines = declines == null ? List.of() : List.copyOf(declines);
    confirmations = confirmations == null ? Map.of() : Map.copyOf(confirmations);
    payerSteps = payerSteps == null ? new LinkedHashMap<>() : new LinkedHashMap<>(payerSteps);
    if (externalApproval != null) {
      payerSteps.putIfAbsent("externalApproval", externalApproval);
    }
    payerSteps = Map.copyOf(payerSteps);
    settles = settles == null ? Map.of() : Map.copyOf(settles);
    readings = readings == null ? Map.of() : Map.copyOf(readings);
    paymentMethods =
        paymentMethods == null ? new LinkedHashMap<>() : new LinkedHashMap<>(paymentMethods);
    if (sbpPhone != null && !paymentMethods.containsKey("phone")) {
      paymentMethods.put(
          "phone",
          JsonNodeFactory.instance.objectNode().put("paymentMethod", "sbp").put("phone", sbpPhone));
    }
    paymentMethods = Map.copyOf(paymentMethods);
    requestMembers = requestMembers == null ? Map.of() : Map.copyOf(requestMembers);
    for (String served : interfaces) {
      if (!INTERFACES.contains(served)) {
        throw new IllegalArgumentException(
            "interfaces: " + served + " is not one of " + INTERFACES);
      }
    }
    Map<String, String> canonical = new LinkedHashMap<>();
    for (Map.Entry<String, String> reading : readings.entrySet()) {
      OpenPoint point =
          OpenPoint.byId(reading.getKey())
              .orElseThrow(
                  () ->
                      new IllegalArgumentException(
                          "readings."
                              + reading.getKey()
                              + ": no such open point; the kit lists them with --list-points"));
      try {
        canonical.put(point.id(), point.declared(reading.getValue()));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("readings." + point.id() + ": " + e.getMessage());
      }
    }
    readings = Map.copyOf(canonical);
    for (String method : paymentMethods.keySet()) {
      if (!PAYMENT_METHODS.contains(method)) {
        throw new IllegalArgumentException(
            "paymentMethods." + method + ": not one of " + PAYMENT_METHODS);
      }
    }
    for (String step : payerSteps.keySet()) {
      if (!PAYER_STEPS.contains(step)) {
        throw new IllegalArgumentException("payerSteps." + step + ": not one of " + PAYER_STEPS);
      }
    }
    for (String type : confirmations.keySet()) {
      if (!CONFIRMATION_TYPES.contains(type)) {
        throw new IllegalArgumentException(
            "confirmations." + type + ": not one of " + CONFIRMATION_TYPES);
      }
    }
    for (Map.Entry<String, Confirmation> entry : confirmations.entrySet()) {
      instrument(
          "confirmations." + entry.getKey(),
          entry.getValue().pan(),
          entry.getValue().paymentData());
    }
    for (int i = 0; i < declines.size(); i++) {
      instrument("declines[" + i + "]", declines.get(i).pan(), declines.get(i).paymentData());
    }
    for (Map.Entry<String, JsonNode> entry : requestMembers.entrySet()) {
      if (!entry.getValue().isObject()) {
        throw new IllegalArgumentException(
            "requestMembers." + entry.getKey() + ": a JSON object of members to add");
      }
    }
    currency = currency == null ? "RUB" : currency;
    name = name == null ? "unnamed profile" : name;
    duration("maxWait", maxWait);
    for (Map.Entry<String, String> entry : settles.entrySet()) {
      duration("settles." + entry.getKey(), entry.getValue());
    }
  }

  private static void instrument(String where, String pan, JsonNode paymentData) {
    if ((pan == null) == (paymentData == null)) {
      throw new IllegalArgumentException(
          where + ": give either pan (a card) or paymentData (any other instrument), not both");
    }
    if (paymentData != null && !paymentData.isObject()) {
      throw new IllegalArgumentException(where + ".paymentData: a JSON object");
    }
  }

  private static void duration(String where, String value) {
    if (value == null) {
      return;
    }
    try {
      Duration.parse(value);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          where + ": not an ISO 8601 duration such as PT10S: " + value);
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

  /**
   * A declining instrument, a card ({@code pan}) or any other payment data ({@code paymentData}),
   * and the {@code resultCode} the implementation gives it.
   */
  public record Decline(String pan, JsonNode paymentData, String resultCode) {
    @Override
    public String toString() {
      return "Decline[" + (pan != null ? lastFour(pan) : "paymentData") + " -> " + resultCode + "]";
    }
  }

  /**
   * An instrument that asks for a confirmation step, a card ({@code pan}) or any other payment data
   * ({@code paymentData}), and the complete bodies that pass or fail that step. Where the passing
   * answer is bound to the one step (a {@code cres} the issuer's page hands out), {@code
   * answerFrom} is what the payer's browser does to get it: its {@code take}n values fill the
   * {@code {name}}s of {@code answer}, or are the answer when there is none.
   */
  public record Confirmation(
      String pan,
      JsonNode paymentData,
      Map<String, String> answer,
      Map<String, String> failingAnswer,
      HttpStep answerFrom) {
    @Override
    public String toString() {
      return "Confirmation[" + (pan != null ? lastFour(pan) : "paymentData") + "]";
    }
  }

  /**
   * What a payer's browser does on a page the target names, such as approving on a hosted page: an
   * HTTP call, then the page's form submitted, then further steps, and values taken from the last
   * page. {@code url}, {@code body}, header and field values are templates: {@code {name}} is
   * replaced by the member of that name in the answer that named the page ({@code paymentUrl},
   * {@code url}, {@code payload}, {@code acsUrl}, {@code creq}, {@code id}, ...), by the approved
   * card's {@code pan}, {@code expiry}, {@code cvc}, the step's {@code amount}, or a value an
   * earlier step took; in a URL each value is percent-encoded, in a form body too.
   *
   * @param method GET or POST (POST when not given)
   * @param url where to (the page the step is about when not given: {@code {paymentUrl}}, {@code
   *     {url}}, {@code {payload}}, {@code {acsUrl}} or {@code {methodUrl}}); a step of {@code then}
   *     without a url acts on the page the step before it ended on
   * @param contentType the body's media type, if it has one
   * @param body the body, if any
   * @param headers further request headers
   * @param form a CSS selector of a form on the page the call answered ({@code form}, {@code
   *     form#challenge}): it is submitted as a browser would, with its fields' values, {@code
   *     fields} set over them, to its action with its method
   * @param fields values for the form's fields, by name (a button's name and value among them)
   * @param then further steps, in order
   * @param take values to take from the last page, by the name later templates use: a CSS selector
   *     of an element and the attribute to read ({@code input[name=cres]@value}), a selector whose
   *     element's text is the value, or a JSON pointer ({@code /code}) into a JSON answer
   */
  public record HttpStep(
      String method,
      String url,
      String contentType,
      String body,
      Map<String, String> headers,
      String form,
      Map<String, String> fields,
      List<HttpStep> then,
      Map<String, String> take) {
    public HttpStep {
      headers = headers == null ? Map.of() : Map.copyOf(headers);
      fields = fields == null ? Map.of() : Map.copyOf(fields);
      then = then == null ? List.of() : List.copyOf(then);
      take = take == null ? Map.of() : Map.copyOf(take);
    }

    /** A plain call, as older profiles describe a step. */
    public HttpStep(
        String method, String url, String contentType, String body, Map<String, String> headers) {
      this(method, url, contentType, body, headers, null, null, null, null);
    }
  }

  /**
   * The bodies that pass or fail a confirmation through the complete operation, and where the
   * passing one is bound to the step, what the payer's browser does to get it ({@link
   * Confirmation#answerFrom()}).
   */
  public record Answers(
      Map<String, String> answer, Map<String, String> failingAnswer, HttpStep answerFrom) {}

  /**
   * How the target's clock is moved: a path (the kit POSTs {@code {"duration": "PT10S"}} there), or
   * a call described in full, whose url and body may hold {@code {duration}} (ISO 8601), {@code
   * {seconds}} and {@code {millis}}, and whose headers may hold {@code {bearerToken}}, the
   * merchant's token, for a target that guards its clock with it.
   *
   * @param url the path or URL
   * @param method POST when not given
   * @param contentType application/json when not given
   * @param body the body template; {@code {"duration": "{duration}"}} when not given
   * @param headers headers sent with the call; none when not given
   */
  public record ClockControl(
      String url, String method, String contentType, String body, Map<String, String> headers) {
    public ClockControl {
      headers = headers == null ? Map.of() : Map.copyOf(headers);
    }

    public ClockControl(String url, String method, String contentType, String body) {
      this(url, method, contentType, body, null);
    }

    /** A clock control written as a path alone, or as a call. */
    @com.fasterxml.jackson.annotation.JsonCreator(
        mode = com.fasterxml.jackson.annotation.JsonCreator.Mode.DELEGATING)
    public static ClockControl of(JsonNode written) {
      if (written.isTextual()) {
        return new ClockControl(written.asText(), null, null, null, null);
      }
      if (!written.isObject() || !written.path("url").isTextual()) {
        throw new IllegalArgumentException(
            "clockControl: a path (\"/testing/clock\") or an object with url, and method,"
                + " contentType, body and headers if the defaults do not fit");
      }
      for (java.util.Iterator<String> names = written.fieldNames(); names.hasNext(); ) {
        String name = names.next();
        if (!List.of("url", "method", "contentType", "body", "headers").contains(name)) {
          throw new IllegalArgumentException(
              "clockControl." + name + ": not one of url, method, contentType, body, headers");
        }
      }
      Map<String, String> headers = new LinkedHashMap<>();
      JsonNode given = written.path("headers");
      if (!given.isMissingNode() && !given.isObject()) {
        throw new IllegalArgumentException(
            "clockControl.headers: an object of header names and values");
      }
      given
          .properties()
          .forEach(
              header -> {
                if (!header.getValue().isTextual()) {
                  throw new IllegalArgumentException(
                      "clockControl.headers." + header.getKey() + ": a value written as text");
                }
                headers.put(header.getKey(), header.getValue().asText());
              });
      return new ClockControl(
          written.path("url").asText(),
          written.path("method").asText(null),
          written.path("contentType").asText(null),
          written.path("body").asText(null),
          headers);
    }

    /** The body that moves the clock by this much. */
    public String bodyFor(Duration by) {
      return fill(body == null ? "{\"duration\": \"{duration}\"}" : body, by);
    }

    /** The URL, with any of {@code {duration}}, {@code {seconds}}, {@code {millis}} filled. */
    public String urlFor(Duration by) {
      return fill(url, by);
    }

    private static String fill(String template, Duration by) {
      return template
          .replace("{duration}", by.toString())
          .replace("{seconds}", Long.toString(by.toSeconds()))
          .replace("{millis}", Long.toString(by.toMillis()));
    }
  }

  /**
   * v1 details of the merchant.
   *
   * @param siteAlias its LMI_MERCHANT_ID (the v2 merchant id when not given)
   * @param accountId its accountID, sent with every list
   * @param listLimit the most records a list holds before {@code Overflow}
   * @param cashRegister whether the merchant has an online cash register, so that its refunds carry
   *     shopping cart lines (the document's refundPayment row)
   */
  public record V1(String siteAlias, String accountId, Integer listLimit, Boolean cashRegister) {
    public V1(String siteAlias, String accountId, Integer listLimit) {
      this(siteAlias, accountId, listLimit, null);
    }
  }

  /** The sandbox's own test data, matching its README. */
  public static Profile sandbox() {
    try (InputStream in = Profile.class.getResourceAsStream("sandbox-profile.json")) {
      return READER.readValue(in, Profile.class);
    } catch (IOException e) {
      throw new UncheckedIOException("the built-in sandbox profile cannot be read", e);
    }
  }

  /**
   * A profile with every member, each explained in a comment and given an example value, for a
   * provider to fill in: what {@code profile-skeleton} writes.
   */
  public static String skeleton() {
    try (InputStream in = Profile.class.getResourceAsStream("profile-skeleton.jsonc")) {
      return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("the profile skeleton cannot be read", e);
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
    } catch (com.fasterxml.jackson.databind.exc.ValueInstantiationException e) {
      // A member the profile's own checks refused: their message says which and why.
      Throwable reason = e.getCause() == null ? e : e.getCause();
      throw new IllegalArgumentException(file + ": " + reason.getMessage(), e);
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

  /**
   * What the profile is and holds, without any of its test data: card numbers, codes and
   * cryptograms stay out of logs and reports.
   */
  @Override
  public String toString() {
    return "Profile["
        + name
        + ", "
        + interfaces
        + ", "
        + currency
        + ", approved card "
        + approvedCard
        + ", "
        + declines.size()
        + " declines, confirmations "
        + confirmations.keySet()
        + ", payer steps "
        + payerSteps.keySet()
        + ", payment methods "
        + paymentMethods.keySet()
        + ", readings "
        + readings.keySet()
        + "]";
  }

  /** Whether the target serves this interface ({@code v2} or {@code v1}). */
  public boolean serves(String api) {
    return interfaces.contains(api);
  }

  /** The payer's step of this name, the older {@code externalApproval} member included. */
  public Optional<HttpStep> payerStep(String name) {
    return Optional.ofNullable(payerSteps.get(name));
  }

  /** The longest real wait for time to pass where the clock cannot be moved (30 s by default). */
  public Duration longestWait() {
    return maxWait == null ? Duration.ofSeconds(30) : Duration.parse(maxWait);
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
        new V1(
            v1 == null ? null : v1.siteAlias(),
            v1 == null ? null : v1.accountId(),
            limit,
            v1 == null ? null : v1.cashRegister());
    return new Profile(
        name,
        interfaces,
        currency,
        approvedCard,
        declines,
        confirmations,
        null,
        payerSteps,
        tokenConfirmation,
        blockedTokenCard,
        refundsRejectedCard,
        null,
        clockControl,
        maxWait,
        settles,
        paginationPayments,
        changed,
        callbackHost,
        pageHosts,
        readings,
        paymentMethods,
        requestMembers);
  }
}
