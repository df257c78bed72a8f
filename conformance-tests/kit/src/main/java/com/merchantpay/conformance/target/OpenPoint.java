package com.merchantpay.conformance.target;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A point the service documents leave open, where our specs took a decision (their "Not specified
 * by the service documents" statements). A target that reads one differently is reported as such
 * and does not fail the run, unless the run is strict or the target's profile declares its reading
 * of the point: then the declared reading (or, when strict, ours) is checked exactly.
 *
 * <p>Each point's readings have one form ({@link #accepted()}): HTTP statuses, error codes, words
 * from a list, a name, a JSON pointer, v1 outcomes; a declared reading may list alternatives
 * separated by {@code |}. A profile's declaration is read into that form when the profile is
 * loaded, and a check's observation is of that form too, so the two are compared as values.
 */
public enum OpenPoint {
  SUCCESS_STATUS(
      "v2.status.success",
      "the success status of creating POSTs",
      "200",
      ReadingForm.statuses("200|201")),
  READ_STATUS(
      "v2.status.read",
      "the success status of reads and completions, which answer with the resource",
      "200",
      ReadingForm.statuses("200")),
  NO_BODY_STATUS(
      "v2.status.no-body",
      "the status of capture, cancel, revoke and sticker activation (the "
          + "document shows HTTP 200 with an empty body; 204 says the same)",
      "200",
      ReadingForm.statuses("200|204")),
  VALIDATION_STATUS(
      "v2.status.validation-error",
      "the HTTP status of validation_error",
      "400",
      ReadingForm.statuses("400|422")),
  UNAUTHENTICATED_STATUS(
      "v2.status.unauthenticated",
      "the HTTP status of not_authorized for missing or unknown " + "credentials",
      "401",
      ReadingForm.statuses("401")),
  FORBIDDEN_STATUS(
      "v2.status.forbidden",
      "the HTTP status of not_authorized for a merchant the token does not act " + "for",
      "403",
      ReadingForm.statuses("403")),
  NOT_FOUND_STATUS(
      "v2.status.not-found",
      "the HTTP status of a request naming a resource that does not exist",
      "404",
      ReadingForm.statuses("404")),
  WRONG_STATE_STATUS(
      "v2.status.wrong-state",
      "the HTTP status of an operation the resource's state does not " + "allow",
      "409",
      ReadingForm.statuses("409|422")),
  KEY_IN_FLIGHT_STATUS(
      "v2.status.key-in-flight",
      "the HTTP status of a repeat that arrives while the first call " + "with its key still runs",
      "409",
      ReadingForm.statuses("409")),
  KEY_CONFLICT_STATUS(
      "v2.status.key-conflict",
      "the HTTP status of idempotency_key_violation for a key reused " + "with another request",
      "422",
      ReadingForm.statuses("409|422")),
  TOKEN_UNUSABLE_STATUS(
      "v2.status.token-unusable",
      "the HTTP status of payment_token_revoked and " + "payment_token_blocked",
      "422",
      ReadingForm.statuses("422|423")),
  NOT_FOUND_CODE(
      "v2.code.not-found",
      "the error code of a request naming a resource that does not exist",
      "invalid_operation",
      ReadingForm.codes("invalid_operation")),
  WRONG_STATE_CODE(
      "v2.code.wrong-state",
      "the error code of an operation the resource's state does not allow",
      "invalid_operation",
      ReadingForm.codes("invalid_operation")),
  AMOUNT_REFUSAL_CODE(
      "v2.code.amount",
      "the error code of an amount that cannot be paid, captured or refunded "
          + "(zero or below, beyond what is held or refundable, another currency)",
      "validation_error",
      ReadingForm.codes("validation_error|invalid_operation")),
  REFUSAL_CODE(
      "v2.code.refusal",
      "the error code of a request that breaks a constraint only our spec sets",
      "validation_error",
      ReadingForm.codes("validation_error")),
  FOREIGN_RESOURCE(
      "v2.auth.foreign-resource",
      "how another merchant's resource is refused: as absent "
          + "(404 invalid_operation) or as forbidden (403 not_authorized)",
      "404 invalid_operation",
      ReadingForm.statusAndCode("404 invalid_operation|403 not_authorized")),
  FOREIGN_MERCHANT_CODE(
      "v2.code.unknown-merchant",
      "the error code of a request naming a merchant that does not exist",
      "not_authorized",
      ReadingForm.codes("not_authorized")),
  PARTIAL_CAPTURE(
      "v2.capture.partial",
      "a capture of less than is held (the documents give the capture an amount, not that it may "
          + "be smaller): taken, or refused",
      "taken",
      ReadingForm.words("taken", "refused")),
  NAMES_MEMBER(
      "v2.validation.names-member",
      "whether each entry of errors names the member it is about " + "(named, unnamed)",
      "named",
      ReadingForm.words("named", "unnamed")),
  REQUEST_CONSTRAINTS(
      "v2.request.constraints",
      "the constraints on requests the documents do not give (required "
          + "members other than merchantId, lengths, patterns, formats, bounds): refused or accepted",
      "refused",
      ReadingForm.words("refused", "accepted")),
  UNLISTED_MEMBERS(
      "v2.request.unlisted-members",
      "members our spec's shared structures give an operation whose row in the documents does not "
          + "list them (threeDSCompleteUrl in an invoice, a customer's phone in a payment token, "
          + "another instrument beside a token's card): checked like listed members (checked), or "
          + "ignored",
      "checked",
      ReadingForm.words("checked", "ignored")),
  ZONED_TIMESTAMPS(
      "v2.request.zoned-timestamps",
      "a request timestamp written with an offset other than UTC (the documents write timestamps in "
          + "UTC): taken as that moment (accepted), or refused",
      "accepted",
      ReadingForm.words("accepted", "refused")),
  REQUEST_BOUNDARIES(
      "v2.request.boundaries",
      "values at the edge of what our spec allows (long texts, four "
          + "fraction digits, fifteen integer digits): accepted or refused",
      "accepted",
      ReadingForm.words("accepted", "refused")),
  REPLAY(
      "v2.idempotency.replay",
      "the answer to a repeat with the same key and the same request: the first answer "
          + "(first-answer), the resource as it is now (current-state), or a refusal with "
          + "idempotency_key_violation (refused)",
      "first-answer",
      // A repeat answered as the first answer was is also the resource as it is now, where nothing
      // changed in between: only a different answer tells the readings apart.
      ReadingForm.words(
          List.of("first-answer", "refused", "current-state"),
          Map.of(),
          Map.of("first-answer", "current-state"))),
  REFUSED_REQUEST_KEY(
      "v2.idempotency.refused-request",
      "whether a key whose request was refused as invalid "
          + "can be used again for the corrected request (freed, kept)",
      "freed",
      ReadingForm.words("freed", "kept")),
  KEY_REQUIRED(
      "v2.idempotency.key-required",
      "whether a creating call without Idempotency-Key is refused " + "(refused, accepted)",
      "refused",
      ReadingForm.words("refused", "accepted")),
  CURSOR(
      "v2.list.cursor",
      "the name and place of the next-page pointer in a list answer: a member name, or a "
          + "JSON pointer such as /paging/next",
      "cursor",
      ReadingForm.pointer("cursor")),
  ORDER(
      "v2.list.order",
      "the order of list items (ascending, descending, unordered)",
      "ascending",
      // Items of a target that keeps no order may come out in either order by chance.
      ReadingForm.words(
          List.of("ascending", "descending", "unordered"),
          Map.of(),
          Map.of("ascending", "unordered", "descending", "unordered"))),
  START_BOUND(
      "v2.list.start",
      "whether start is inclusive (inclusive, exclusive)",
      "inclusive",
      ReadingForm.words("inclusive", "exclusive")),
  END_BOUND(
      "v2.list.end",
      "whether end is inclusive (inclusive, exclusive)",
      "exclusive",
      ReadingForm.words("inclusive", "exclusive")),
  RECEIPT_LIST(
      "v2.list.receipts",
      "the form of the receipt list: an object with items (object) or a bare array " + "(array)",
      "object",
      ReadingForm.words("object", "array")),
  PENDING_REFUND_RESULT(
      "v2.refund.pending-result-code",
      "the resultCode a refund that is still Pending shows when read (the creation answer always "
          + "carries one): Success, another code, or none",
      "Success",
      ReadingForm.text("Success|none")),
  CAPTURED_AMOUNT(
      "v2.payment.captured-amount",
      "where the captured sum of a partially captured payment is shown "
          + "(capturedAmount, or not shown)",
      "capturedAmount",
      ReadingForm.words(
          List.of("capturedAmount", "amount", "not shown"),
          Map.of("not-shown", "not shown", "none", "not shown"),
          Map.of())),
  FAILING_CONFIRMATION(
      "v2.confirmation.failing-answer",
      "what a failing confirmation answer does to the payment "
          + "(Rejected, or another try: Confirmation)",
      "Rejected",
      ReadingForm.text("Rejected|Confirmation|refused")),
  FAILING_TOKEN_ANSWER(
      "v2.token.failing-answer",
      "what a failing confirmation answer does to a payment token",
      "Declined",
      ReadingForm.text("Declined")),
  EMPTY_TOKEN_ANSWER(
      "v2.token.empty-answer",
      "the answer to completing a token with no answer member " + "(validation_error naming code)",
      "validation_error",
      ReadingForm.codes("validation_error", Map.of("accepted", "accepted", "success", "accepted"))),
  REVOKE_AGAIN(
      "v2.token.revoke-again",
      "the answer to revoking a revoked token (payment_token_revoked, or " + "success)",
      "payment_token_revoked",
      ReadingForm.codes(
          "payment_token_revoked|success", Map.of("success", "success", "accepted", "success"))),
  TOKEN_CREATED(
      "v2.token.created-status",
      "the status a new payment token is answered with (Created, with the "
          + "External step the payer finishes, or Active at once)",
      "Created",
      ReadingForm.text("Created|Active")),
  STICKER_OFF(
      "v2.sticker.off-status",
      "the status of a sticker switched off",
      "Inactive",
      ReadingForm.text("Inactive")),
  CANCEL_AGAIN(
      "v2.payment.cancel-again",
      "the answer to cancelling a cancelled payment (refused, or success)",
      "refused",
      ReadingForm.words(List.of("refused", "success"), Map.of("accepted", "success"), Map.of())),
  REFUND_HELD(
      "v2.refund.held-payment",
      "the answer to refunding money that is only held (refused, or taken as a "
          + "cancellation: accepted)",
      "refused",
      ReadingForm.words(List.of("refused", "accepted"), Map.of("success", "accepted"), Map.of())),
  EXPIRED_INVOICE(
      "v2.invoice.expired",
      "the status of a payment whose invoice expired unpaid",
      "Rejected",
      ReadingForm.text("Rejected|Cancelled")),
  NOTIFICATION_RETRY(
      "v2.events.retry",
      "whether a notification the receiver did not acknowledge is sent again "
          + "(retried, not-retried)",
      "retried",
      ReadingForm.words("retried", "not-retried")),
  NOTIFIED_CHANGES(
      "v2.events.triggers",
      "which status changes of a payment are notified: every change (every), or only some",
      "every",
      ReadingForm.words(List.of("every", "some"), Map.of(), Map.of("every", "some"))),
  TOKEN_NOTIFICATIONS(
      "v2.events.token-statuses",
      "which token statuses are notified (both: Active and Revoked " + "each)",
      "both",
      ReadingForm.words(List.of("both", "some"), Map.of(), Map.of("both", "some"))),
  RESULT_CODES(
      "v2.result-codes",
      "the resultCode of a refund, a payment token or a payment that is not declined, for which "
          + "the documents give no dictionary: one of the authorization result codes or Success "
          + "(dictionary), or another value",
      "dictionary",
      // "other" says some resultCodes are the target's own, not that none is from the dictionary.
      ReadingForm.words(List.of("dictionary", "other"), Map.of(), Map.of("dictionary", "other"))),
  ANSWER_FORM(
      "v2.answer.form",
      "the form of answer members where our spec sets one the documents do not (a customer "
          + "phone's pattern, an e-mail format, a length or a bound): as our spec (ours), or "
          + "otherwise",
      "ours",
      ReadingForm.words(List.of("ours", "other"), Map.of(), Map.of("ours", "other"))),
  V1_XML_TYPE(
      "v1.media-type.xml",
      "the media type of v1 XML answers",
      "application/xml",
      ReadingForm.mediaType("application/xml|text/xml")),
  V1_JSON_TYPE(
      "v1.media-type.json",
      "the media type of v1 JSON answers",
      "application/json",
      ReadingForm.mediaType("application/json")),
  V1_ANSWER_TYPES(
      "v1.answer.types",
      "the JSON type of answer members the v1 document gives no type for (DocumentID, "
          + "PaymentOrderID, RegisterID, RegisterNumber, OperationID, the amounts of transfers and "
          + "registers, ...): the type our spec gives each (ours), or another scalar",
      "ours",
      ReadingForm.words(List.of("ours", "other"), Map.of(), Map.of("ours", "other"))),
  V1_PATH_CASE(
      "v1.path-case",
      "whether path names match in any letter case (any, exact)",
      "any",
      ReadingForm.words("any", "exact")),
  V1_UNKNOWN_VALUES(
      "v1.unknown-values",
      "a parameter the operation does not list (xml on getPayment, a name no operation has): "
          + "ignored, or refused",
      "ignored",
      ReadingForm.words("ignored", "refused")),
  V1_MALFORMED_NONCE(
      "v1.nonce.malformed",
      "the answer to a nonce that is empty, longer than 255 characters or "
          + "holds ';' (an ErrorCode, or an HTTP status)",
      "-14",
      ReadingForm.v1Outcome("-14|400")),
  V1_UNKNOWN_PAYMENT(
      "v1.payment.unknown-id",
      "the ErrorCode of a payment id nobody has",
      "-13",
      ReadingForm.v1Outcome("-13")),
  V1_UNREADABLE(
      "v1.request.unreadable",
      "the answer to a request whose needed value is missing or of another "
          + "type (an HTTP status, or an ErrorCode)",
      "400",
      ReadingForm.v1Outcome("400|-1", "accepted")),
  V1_MISSING_CREDENTIALS(
      "v1.credentials.missing",
      "the ErrorCode of a call without login (-6) or without hash " + "(-7)",
      "-6/-7",
      ReadingForm.v1OutcomePair("-6/-7")),
  V1_PERIOD(
      "v1.period.bounds",
      "whether the days periodFrom and periodTo are themselves included (included, excluded); "
          + "listRefunds' periodTo aside, which the document makes inclusive",
      "included",
      ReadingForm.words("included", "excluded")),
  V1_STATE_OF_V2(
      "v1.state-of-v2",
      "the v1 State of a v2 payment that is held (HOLD) and captured (COMPLETE)",
      "HOLD/COMPLETE",
      ReadingForm.textPair("HOLD/COMPLETE")),
  V1_METHOD_NAME(
      "v1.payment-method",
      "how v1 names the bank card method",
      "BankCard",
      ReadingForm.text("BankCard")),
  V1_CONFIRM_LESS(
      "v1.confirm.less",
      "confirming less than is held (the document: in some cases): taken, or refused",
      "taken",
      ReadingForm.words("taken", "refused")),
  V1_CONFIRM_TOO_MUCH(
      "v1.confirm.too-much",
      "the ErrorCode of confirming more than is held",
      "-18",
      ReadingForm.v1Outcome("-18")),
  V1_CART_FORM(
      "v1.refund.cart-lines",
      "how a refund's shopping cart lines are numbered and their VAT rate written: from 0 with tax "
          + "vat22, from 0 without tax, or from 1 without tax",
      "from 0 with tax vat22",
      ReadingForm.words("from 0 with tax vat22", "from 0 without tax", "from 1 without tax")),
  V1_DECLINE_CODE(
      "v1.decline-code",
      "the ErrorCode a declined payment shows for its result code: the one our spec maps it to, or "
          + "codes of the target's own (which may meet ours for some result codes)",
      "mapped",
      // A target with codes of its own may give a result code the one ours maps it to: a mapped
      // code contradicts a declaration of "other" no more than it confirms one.
      ReadingForm.words(List.of("mapped", "other"), Map.of(), Map.of("mapped", "other"))),
  V1_EXPIRY_CODE(
      "v1.expired-invoice.refund",
      "the ErrorCode of refunding an expired invoice",
      "-9",
      ReadingForm.v1Outcome("-9")),
  V1_UNUSED_FILTERS(
      "v1.request.unused-filters",
      "a filter a list call does not use (invoiceID, state, paymentID, externalID): left out, as the "
          + "document's rule 3 lets a call leave it (absent), or sent with an empty value (empty)",
      "absent",
      ReadingForm.words("absent", "empty")),
  STICKER_CASHLINK_AMOUNT(
      "v2.sticker.cashlink-amount",
      "whether a cashlink sticker is registered with its amount fixed (fixed), or without one, each "
          + "payment through it giving its own (free)",
      "fixed",
      ReadingForm.words("fixed", "free")),
  V1_REFUND_OF_NOTHING(
      "v1.refund.nothing",
      "the answer to a refund of zero or less: the incorrect amount of -18, or refused as an amount "
          + "that cannot be read (an HTTP status)",
      "-18",
      ReadingForm.v1Outcome("-18|400")),
  V1_EMPTY_NONCE(
      "v1.nonce.empty",
      "an empty nonce (the document bounds a nonce's length and bars ';', but does not say it may "
          + "not be empty): refused, or accepted",
      "refused",
      ReadingForm.words("refused", "accepted")),
  V1_MISSING_VALUES(
      "v1.request.missing-values",
      "a v1 call without a value its operation lists, where the document does not mark the value "
          + "optional (the document does not say what follows): refused, or accepted",
      "refused",
      ReadingForm.words("refused", "accepted")),
  TEST_ONLY(
      "v2.payment.test-only",
      "a payment asked for as a live one (testMode false, or left out) on a target that makes test "
          + "payments only (a sandbox): made as asked (live), or made a test payment and shown so "
          + "(test-only); the documents describe the service, not its test environments",
      "live",
      ReadingForm.words("live", "test-only"));

  private final String id;
  private final String question;
  private final String ours;
  private final ReadingForm form;

  OpenPoint(String id, String question, String ours, ReadingForm form) {
    this.id = id;
    this.question = question;
    this.ours = form.declared(ours);
    this.form = form;
  }

  /** The id a profile's {@code readings} and the reports use, such as {@code v2.status.success}. */
  public String id() {
    return id;
  }

  /** What the documents leave open. */
  public String question() {
    return question;
  }

  /** Our specs' reading. */
  public String ours() {
    return ours;
  }

  /** What a reading of this point is written as, with an example: for messages and the README. */
  public String accepted() {
    return form.accepted();
  }

  /**
   * Whether a declared reading of this point can be checked exactly against what the kit sees. A
   * point that sums up many constraints of our spec (which requests are refused, the form of answer
   * members) cannot: the target's own constraints are not ours, so a declaration describes the
   * target but promises nothing the kit could test, and a different observation is reported, never
   * failed.
   */
  public boolean checkable() {
    return this != REQUEST_CONSTRAINTS && this != ANSWER_FORM && this != V1_ANSWER_TYPES;
  }

  /**
   * A declared reading in the point's canonical form.
   *
   * @throws IllegalArgumentException saying which forms the point takes
   */
  public String declared(String text) {
    return form.declared(text);
  }

  /**
   * A reading a check observed, in the point's canonical form.
   *
   * @throws IllegalStateException when it is none: a defect of the check that observed it
   */
  public String observed(String text) {
    return form.observed(text)
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "the kit observed '"
                        + text
                        + "' for open point "
                        + id
                        + ", which takes "
                        + form.accepted()));
  }

  /**
   * Whether an observed reading is one a declared reading allows: any of its alternatives, in any
   * letter case, or a stronger observation (every change notified satisfies "some"); an
   * undetermined observation allows every reading.
   */
  public boolean satisfies(String declared, String observed) {
    return form.satisfies(form.declared(declared), observed(observed));
  }

  /** Whether an observed reading is ours. */
  public boolean isOurs(String observed) {
    return satisfies(ours, observed);
  }

  /** What a check observes when its evidence fits every reading of the point. */
  public static final String UNDETERMINED = ReadingForm.UNDETERMINED;

  /** The point with this id. */
  public static Optional<OpenPoint> byId(String id) {
    return Arrays.stream(values()).filter(p -> p.id.equals(id)).findFirst();
  }
}
