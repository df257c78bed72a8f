package com.merchantpay.conformance.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every provider state the kit can make, with its parameters and the values it hands the request:
 * the vocabulary a consumer's pacts use so that {@code pact --pacts DIR} can verify them against
 * the sandbox or any provider. The kit makes each state through the provider's own interfaces with
 * the profile's test data; a provider given {@code --state-change-url} makes them itself by the
 * same names.
 */
public final class StateVocabulary {
  static final String MERCHANT = "a merchant";
  static final String SETTLED_PAYMENT = "a settled payment";
  static final String SETTLED_PAYMENT_WITH_ORDER = "a settled payment with an invoice number";
  static final String HELD_PAYMENT = "a held payment";
  static final String CANCELLED_PAYMENT = "a cancelled payment";
  static final String DECLINED_PAYMENT = "a declined payment";
  static final String CONFIRMATION_STEP = "a payment waits for a confirmation step";
  static final String SMS_OTP_STEP = "a payment waits for an SmsOtp step";
  static final String REFUND = "a refund";
  static final String ACTIVE_TOKEN = "an active payment token";
  static final String TOKEN_WAITING = "a payment token waits for its confirmation";
  static final String REVOKED_TOKEN = "a revoked payment token";
  static final String RECEIPT = "a receipt";
  static final String STICKER = "a sticker";
  static final String USED_KEY = "an idempotency key was used for another payment";
  static final String UNKNOWN_TOKEN = "the access token is unknown";
  static final String DOCUMENT = "a document";
  static final String TRANSFER_REGISTER = "a transfer register";
  static final String USED_NONCE = "the nonce was used before";
  static final String WRONG_SIGNATURE = "the signature is wrong";
  static final String UNKNOWN_LOGIN = "the login is unknown";
  static final String TWO_PAGES = "two pages of payments";
  static final String SIGNED_V1_CALL = "a signed v1 call";

  /**
   * What every state gives besides its own values, for the credentials and keys of the request: a
   * verifier of any Pact implementation fills them in from the state's answer.
   */
  static final List<String> COMMON =
      List.of("accessToken", "merchantId", "siteAlias", "accountId", "idempotencyKey", "v1Login");

  /** One parameter of a state: its name, what it sets, and its value when the pact gives none. */
  public record Parameter(String name, String meaning, String byDefault) {
    public boolean required() {
      return byDefault == null;
    }
  }

  /**
   * One state.
   *
   * @param name as a pact names it
   * @param made what the provider holds once it is made
   * @param parameters what the pact may set
   * @param gives the values handed to the request (for provider-state expressions such as {@code
   *     ${paymentId}}, and for v1 payment ids in form bodies)
   */
  public record State(String name, String made, List<Parameter> parameters, List<String> gives) {}

  private static State state(
      String name, String made, List<Parameter> parameters, String... gives) {
    return new State(name, made, List.copyOf(parameters), List.of(gives));
  }

  private static final Parameter AMOUNT = new Parameter("amount", "the payment's amount", "100.00");

  private static final List<State> STATES =
      List.of(
          state(
              MERCHANT,
              "nothing: the credentials, merchant and a fresh idempotency key every state gives",
              List.of()),
          state(
              SETTLED_PAYMENT,
              "a one-stage card payment, settled",
              List.of(AMOUNT, new Parameter("orderNo", "the invoice's order number", "")),
              "paymentId"),
          state(
              SETTLED_PAYMENT_WITH_ORDER,
              "a settled payment whose invoice has the order number pact-order-1",
              List.of(AMOUNT),
              "paymentId"),
          state(
              HELD_PAYMENT,
              "a two-stage card payment, authorized and not captured",
              List.of(AMOUNT),
              "paymentId"),
          state(
              CANCELLED_PAYMENT,
              "a two-stage payment, authorized then cancelled",
              List.of(AMOUNT),
              "paymentId"),
          state(
              DECLINED_PAYMENT,
              "a card payment the bank declined (Rejected, InsufficientFunds)",
              List.of(AMOUNT),
              "paymentId"),
          state(
              CONFIRMATION_STEP,
              "a payment waiting for the payer's confirmation step",
              List.of(
                  new Parameter(
                      "type",
                      "the step: SmsOtp, ThreeDSMethod, ThreeDSChallenge, ThreeDSv1 or External, as "
                          + "the profile's confirmations offer",
                      "SmsOtp"),
                  AMOUNT),
              "paymentId"),
          state(SMS_OTP_STEP, "a payment waiting for an SmsOtp step", List.of(AMOUNT), "paymentId"),
          state(
              REFUND,
              "a settled payment with one refund",
              List.of(AMOUNT, new Parameter("refundAmount", "the refund's amount", "40.00")),
              "paymentId",
              "refundId"),
          state(ACTIVE_TOKEN, "a payment token ready to pay", List.of(), "tokenId"),
          state(
              TOKEN_WAITING, "a payment token waiting for its confirmation", List.of(), "tokenId"),
          state(REVOKED_TOKEN, "a payment token, revoked", List.of(), "tokenId"),
          state(
              RECEIPT,
              "a settled payment with a sale receipt",
              List.of(AMOUNT),
              "paymentId",
              "receiptId"),
          state(
              STICKER,
              "a sticker",
              List.of(
                  new Parameter(
                      "cashlink", "true for a cashlink sticker with a fixed amount", "false"),
                  new Parameter("amount", "a cashlink sticker's amount", "100.00")),
              "stickerId"),
          state(
              USED_KEY,
              "a payment made with the given idempotency key, so the interaction reuses it",
              List.of(new Parameter("key", "the idempotency key the interaction sends", null))),
          state(
              UNKNOWN_TOKEN,
              "nothing: the interaction keeps its own bearer token, which the provider does not know",
              List.of()),
          state(DOCUMENT, "nothing: the first document the v1 list shows", List.of(), "documentId"),
          state(
              TRANSFER_REGISTER,
              "nothing: the first transfer register the v1 list shows",
              List.of(),
              "registerId"),
          state(
              USED_NONCE,
              "a v1 call made with the given nonce, so the interaction reuses it",
              List.of(new Parameter("nonce", "the nonce the interaction sends", null))),
          state(
              WRONG_SIGNATURE,
              "nothing: the interaction is signed with a wrong password",
              List.of()),
          state(
              UNKNOWN_LOGIN,
              "nothing: the interaction keeps its own v1 login, which the provider does not know",
              List.of()),
          state(
              TWO_PAGES,
              "payments enough that the merchant's list of the day has a second page",
              List.of(),
              "cursor",
              "start",
              "end"),
          state(
              SIGNED_V1_CALL,
              "nothing: the login, a fresh nonce and the hash of the v1 call the other params "
                  + "describe; named last, a ${name} in a value takes an earlier state's value",
              List.of(
                  new Parameter("operation", "the v1 operation called", null),
                  new Parameter(
                      "(any other)", "a value of the call (a nonce param is used as given)", "")),
              "v1Login",
              "v1Nonce",
              "v1Hash"));

  private StateVocabulary() {}

  /** Every state, in the order the docs list them. */
  public static List<State> states() {
    return STATES;
  }

  static State named(String name) {
    for (State state : STATES) {
      if (state.name().equals(name)) {
        return state;
      }
    }
    List<String> names = STATES.stream().map(State::name).toList();
    throw new IllegalArgumentException(
        "no provider state '" + name + "' is known to the kit; it knows " + names);
  }

  /**
   * The parameters of a state as the pact gives them, with the defaults of those it leaves out.
   *
   * @throws IllegalArgumentException naming a parameter the state does not take, or a required one
   *     missing
   */
  static Map<String, String> parameters(State state, Map<String, Object> given) {
    Map<String, String> values = new LinkedHashMap<>();
    List<String> problems = new ArrayList<>();
    Set<String> known = Set.copyOf(state.parameters().stream().map(Parameter::name).toList());
    if (state.name().equals(SIGNED_V1_CALL)) {
      // The call's own values are its parameters, whatever the operation takes.
      if (given.get("operation") == null) {
        throw new IllegalArgumentException(
            "'" + SIGNED_V1_CALL + "' needs the parameter 'operation'");
      }
      given.forEach((name, value) -> values.put(name, String.valueOf(value)));
      return values;
    }
    for (String name : given.keySet()) {
      if (!known.contains(name)) {
        problems.add(
            "'" + name + "' is no parameter of '" + state.name() + "' (it takes " + known + ")");
      }
    }
    for (Parameter parameter : state.parameters()) {
      Object value = given.get(parameter.name());
      if (value == null && parameter.required()) {
        problems.add("'" + state.name() + "' needs the parameter '" + parameter.name() + "'");
      }
      values.put(parameter.name(), value == null ? parameter.byDefault() : String.valueOf(value));
    }
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException(String.join("; ", problems));
    }
    return values;
  }

  /** The vocabulary as a text table, for {@code pact --list-states}. */
  static String describe() {
    StringBuilder out = new StringBuilder();
    for (State state : STATES) {
      out.append(state.name()).append('\n').append("    makes: ").append(state.made()).append('\n');
      for (Parameter parameter : state.parameters()) {
        out.append("    parameter ")
            .append(parameter.name())
            .append(": ")
            .append(parameter.meaning())
            .append(
                parameter.required()
                    ? " (required)"
                    : parameter.byDefault().isEmpty()
                        ? " (optional)"
                        : " (default " + parameter.byDefault() + ")")
            .append('\n');
      }
      if (!state.gives().isEmpty()) {
        out.append("    gives: ").append(String.join(", ", state.gives())).append('\n');
      }
    }
    return out.toString();
  }

  /** The vocabulary as the Markdown table the pacts' README carries. */
  static String markdown() {
    StringBuilder out =
        new StringBuilder(
            "| Provider state | What the kit makes | Parameters | Gives |\n|---|---|---|---|\n");
    for (State state : STATES) {
      List<String> parameters = new ArrayList<>();
      for (Parameter parameter : state.parameters()) {
        parameters.add(
            "`"
                + parameter.name()
                + "`: "
                + parameter.meaning()
                + (parameter.required()
                    ? " (required)"
                    : parameter.byDefault().isEmpty()
                        ? ""
                        : " (default `" + parameter.byDefault() + "`)"));
      }
      out.append("| `")
          .append(state.name())
          .append("` | ")
          .append(state.made())
          .append(" | ")
          .append(parameters.isEmpty() ? "none" : String.join("; ", parameters))
          .append(" | ")
          .append(state.gives().isEmpty() ? "" : "`" + String.join("`, `", state.gives()) + "`")
          .append(" |\n");
    }
    return out.toString();
  }
}
