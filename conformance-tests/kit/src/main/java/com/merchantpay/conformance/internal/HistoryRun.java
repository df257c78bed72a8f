package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.conformance.model.Expected;
import com.merchantpay.conformance.model.PaymentModel;
import com.merchantpay.conformance.model.Step;
import com.merchantpay.conformance.target.OpenPoint;
import com.merchantpay.conformance.target.Profile;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/**
 * Runs one history against the target, step by step, and judges every answer by the model of the
 * documents: a change carried out where the documents say it must be refused (or refused where it
 * must be carried out), a read or a list that shows what the history did not make. Every call goes
 * through the check's context, so it is in the run's ledger for the invariants as well.
 */
final class HistoryRun {
  /** How far either side of the history's own times its lists reach. */
  private static final Duration AROUND = Fixtures.AROUND;

  /** A departure the history showed, at the step (counted from 0) where it showed. */
  record Found(String cite, String expected, String actual, int step, Exchange exchange) {
    /** The rule's id: the cite ends with it in brackets. */
    String rule() {
      java.util.regex.Matcher id =
          java.util.regex.Pattern.compile("\\[([A-Za-z0-9.-]+)]$")
              .matcher(cite == null ? "" : cite);
      return id.find() ? id.group(1) : String.valueOf(cite);
    }
  }

  /** What one creation made: its request, as sent again by replays, and the payment. */
  private static final class Made {
    final ObjectNode body;
    final String key;
    boolean invoice;

    /** The type of the first confirmation step the payment asked for; null when it asked none. */
    String confirmationType;

    /** The complete body that passed its last step, sent again by a later completion. */
    ObjectNode passingAnswer;

    /** The External step's page as the payer opened it at once, kept open for later. */
    Exchange openedPage;

    final List<SentRefund> refundsSent = new ArrayList<>();
    String id;
    JsonNode payment;
    Instant created;
    String v1Id;

    Made(ObjectNode body, String key) {
      this.body = body;
      this.key = key;
    }
  }

  /** A v2 refund the target carried out: its request, for a replay, and the refund's id. */
  private record SentRefund(ObjectNode body, String key, String id) {}

  private final CheckContext c;
  private final Fixtures f;
  private final PaymentModel model = new PaymentModel();
  private final List<Made> made = new ArrayList<>();
  private final List<String> tokens = new ArrayList<>();
  private final List<String> stickers = new ArrayList<>();

  /** The creation call of each token, sticker and receipt, by its id: what a replay sends again. */
  private final Map<String, Exchange> creations = new HashMap<>();

  private final List<int[]> callsOfStep = new ArrayList<>();
  private Instant first;
  private Instant last;

  HistoryRun(CheckContext context) {
    this.c = context;
    this.f = new Fixtures(context);
  }

  /**
   * Runs the history; returns what it broke, or null when every answer was one the documents allow.
   *
   * @throws CheckSkipped when the history cannot be run on this target (its approved card asks for
   *     a confirmation step, say)
   */
  Found run(List<Step> steps) {
    for (int i = 0; i < steps.size(); i++) {
      int before = c.exchanges().size();
      try {
        step(steps.get(i));
      } catch (TargetUnavailable unavailable) {
        throw unavailable;
      } catch (CheckSkipped skipped) {
        if (steps.get(i).creates() || steps.get(i).createsToken()) {
          throw skipped; // the later steps would name what it did not make
        }
        // A step this target cannot take (a v1 id it does not give): the history goes on without.
      } catch (CheckFailure failure) {
        callsOfStep.add(new int[] {before, c.exchanges().size()});
        return new Found(
            failure.cite(), failure.expected(), failure.actual(), i, failure.exchange());
      }
      callsOfStep.add(new int[] {before, c.exchanges().size()});
    }
    return null;
  }

  /** The calls of each step run, as indexes into the context's exchanges: [from, to). */
  List<int[]> callsOfStep() {
    return callsOfStep;
  }

  /** The ids the target gave each creation of the history (null where it made nothing). */
  List<String> paymentIds() {
    return made.stream().map(m -> m.id).toList();
  }

  private void step(Step step) {
    if (step instanceof Step.CreateToken) {
      createToken();
      return;
    }
    if (step instanceof Step.CreateSticker) {
      createSticker();
      return;
    }
    if (step.sticker() >= 0) {
      if (model.stickerExists(step.sticker())) {
        onSticker(step);
      }
      return;
    }
    if (step instanceof Step.CreateInvoice invoice) {
      createInvoice(invoice);
      return;
    }
    if (step instanceof Step.PayWithToken pay) {
      payWithToken(pay);
      return;
    }
    if (step instanceof Step.CreateConfirmable confirmable) {
      createConfirmable(confirmable);
      return;
    }
    if (step.creates()) {
      create(step);
      return;
    }
    if (step.payment() >= 0 && !model.exists(step.payment())
        || step.token() >= 0 && !model.tokenExists(step.token())) {
      return; // what it acts on was never made: nothing to do
    }
    if (step instanceof Step.RevokeToken revoke) {
      revokeToken(revoke.token());
      return;
    }
    if (step instanceof Step.ReadToken read) {
      readToken(read.token());
      return;
    }
    if (step instanceof Step.CreateReceipt receipt) {
      createReceipt(receipt);
      return;
    }
    if (step instanceof Step.ListReceipts list) {
      listReceipts(list.payment());
      return;
    }
    if (step instanceof Step.ReplayRefunds replay) {
      replayRefunds(replay.payment());
      return;
    }
    if (step instanceof Step.ReplayToken replay) {
      String id = tokens.get(replay.token());
      if (creations.containsKey(id)) {
        sentAgain(replayOf(creations.get(id)), "id", id, "payment token");
      }
      return;
    }
    if (step instanceof Step.ReplayReceipts replay) {
      for (String id : model.receipts(replay.payment())) {
        sentAgain(replayOf(creations.get(id)), "id", id, "receipt");
      }
      return;
    }
    if (step instanceof Step.Complete complete) {
      complete(complete.payment());
      return;
    }
    if (step instanceof Step.FailStep fail) {
      failStep(fail.payment());
      return;
    }
    if (step instanceof Step.OtherMerchantPaysWithToken other) {
      otherMerchantPaysWithToken(other.token());
      return;
    }
    if (step instanceof Step.Capture
        || step instanceof Step.Cancel
        || step instanceof Step.Refund
        || step instanceof Step.OtherMerchantRefunds
        || step instanceof Step.OtherMerchantCancels) {
      change(step);
    } else if (step instanceof Step.AtOnce both) {
      atOnce(both);
    } else if (step instanceof Step.Read read) {
      read(read);
    } else if (step instanceof Step.ListRefunds list) {
      listRefunds(list.payment());
    } else if (step instanceof Step.ListPayments) {
      listPayments();
    } else if (step instanceof Step.Replay replay) {
      replay(replay.payment());
    } else if (step instanceof Step.ReplayChanged changed) {
      replayChanged(changed.payment());
    } else if (step instanceof Step.OtherMerchantReads other) {
      otherMerchantReads(other.payment());
    }
  }

  // ---------------------------------------------------------------- creations

  private void create(Step step) {
    boolean twoStage;
    BigDecimal amount;
    boolean twice = step instanceof Step.CreateTwiceAtOnce;
    if (step instanceof Step.Create create) {
      twoStage = create.twoStage();
      amount = create.amount();
    } else {
      Step.CreateTwiceAtOnce both = (Step.CreateTwiceAtOnce) step;
      twoStage = both.twoStage();
      amount = both.amount();
    }
    Made one =
        new Made(
            f.approvedPayment(amount.toPlainString(), twoStage), c.run().unique("explore-key"));
    made.add(one);
    List<Exchange> answers = new ArrayList<>();
    if (twice) {
      answers.addAll(parallel(List.of(() -> post(one), () -> post(one))));
    } else {
      answers.add(post(one));
    }
    JsonNode payment = null;
    for (Exchange answer : answers) {
      if (!carriedOut(answer, "v2.op.createPayment") && twice) {
        continue;
      }
      c.rule("v2.op.createPayment");
      JsonNode shown = c.ok(answer);
      if (payment != null && !payment.path("id").asText().equals(shown.path("id").asText())) {
        c.rule("v2.ep.idempotency-once");
        c.fail(
            "one payment for one Idempotency-Key sent twice at once: "
                + payment.path("id").asText(),
            "a second payment, " + shown.path("id").asText(),
            answer);
      }
      payment = shown;
    }
    if (payment == null) {
      model.created(twoStage, amount, false);
      return;
    }
    one.id = payment.path("id").asText();
    if ("Pending".equals(payment.path("status").asText())) {
      payment = c.ok(f.settled(one.id));
    }
    String status = payment.path("status").asText();
    c.require(
        !"Confirmation".equals(status),
        "the profile's approved card asks for a confirmation step on this target; histories use "
            + "payments that need none");
    c.rule(twoStage ? "v2.states.payment-two-stage" : "v2.states.payment-one-stage");
    String expected = twoStage ? "Authorized" : "Settled";
    c.expect(
        expected.equals(status),
        "a " + (twoStage ? "held" : "one-stage") + " payment with the approved card, " + expected,
        () -> "status " + status,
        answers.get(answers.size() - 1));
    one.payment = payment;
    one.created = seen(payment.path("created"));
    model.created(twoStage, amount, true);
  }

  private void createConfirmable(Step.CreateConfirmable step) {
    Made one =
        new Made(
            f.confirmationPayment(step.type(), step.amount().toPlainString(), step.twoStage()),
            c.run().unique("explore-key"));
    one.confirmationType = step.type();
    made.add(one);
    Exchange created = post(one);
    c.rule("v2.op.createPayment");
    JsonNode payment = c.ok(created);
    c.rule("v2.payment.confirmation");
    c.member(created, payment, "status", "Confirmation");
    c.member(created, payment, "confirmation.type", step.type());
    one.id = payment.path("id").asText();
    one.payment = payment;
    one.created = seen(payment.path("created"));
    model.awaitingConfirmation(step.twoStage(), step.amount(), true);
    String paymentUrl = payment.path("confirmation").path("paymentUrl").textValue();
    if ("External".equals(step.type()) && paymentUrl != null) {
      // The payer is sent to the page at once and may keep it open while the merchant acts.
      one.openedPage = f.openPayerPage(paymentUrl);
    }
  }

  /**
   * Passes the payment's confirmation step, when it awaits one; otherwise sends the answer that
   * passed it (or, for a step never passed, the profile's answer) again: refused, or carried out
   * with no money moved.
   */
  private void complete(int payment) {
    Made one = made.get(payment);
    if (one.confirmationType == null) {
      return; // it never asked for a step
    }
    Expected expected = model.expectCompletion(payment);
    c.rule("v2.ep.complete-by-type");
    if (model.stage(payment) == PaymentModel.Stage.CONFIRMING) {
      Fixtures.Passed passed = f.passConfirmations(one.id, one.payment, null, one.confirmationType);
      one.passingAnswer = passed.lastAnswer();
      JsonNode now = passed.payment();
      String status = now.path("status").asText();
      String wanted = model.twoStage(payment) ? "Authorized" : "Settled";
      c.rule(model.twoStage(payment) ? "v2.states.payment-two-stage" : "v2.confirmation.sequence");
      c.expect(
          wanted.equals(status),
          "the "
              + (model.twoStage(payment) ? "held" : "one-stage")
              + " payment through once its step is passed: "
              + wanted,
          () -> "status " + status,
          passed.last());
      model.completed(payment, true);
      return;
    }
    if (model.stage(payment) == PaymentModel.Stage.DECLINED) {
      return; // what a declined payment's step takes after, the documents do not say
    }
    ObjectNode again = one.passingAnswer;
    if (again == null && one.openedPage != null) {
      // The payer approves on the page opened before, after the step was passed or the merchant
      // cancelled: no money moves.
      f.payerStepOnOpenedPage(
          "externalApproval", "how a payer approves an External step", one.openedPage);
      Exchange read = c.v2().get(Paths.v2("getPayment", one.id));
      nothingMoved(payment, expected, c.ok(read).path("status").asText(), read);
      return;
    }
    if (again == null) {
      Profile.Confirmation first = f.confirmation(one.confirmationType);
      if (first.answer() == null || first.answerFrom() != null) {
        return; // passed on a page, or its answer is taken from a page: nothing to send again
      }
      again = f.passingAnswer(first, one.payment);
    }
    Exchange answer = c.v2().put(Paths.v2("completePayment", one.id), again);
    boolean done = carriedOut(answer, "v2");
    judge(expected, done, answer);
    if (done && answer.json() != null && answer.json().has("status")) {
      nothingMoved(payment, expected, answer.json().path("status").asText(), answer);
    }
    model.completed(payment, done);
  }

  /** A status shown after a completion no step awaited: one the payment already allowed. */
  private void nothingMoved(int payment, Expected expected, String status, Exchange shown) {
    Set<String> statuses = model.v2Statuses(payment);
    c.rule(expected.rule());
    c.expect(
        statuses.contains(status),
        "status one of " + sorted(statuses) + ": no step awaited, so nothing moved",
        () -> "status " + status,
        shown);
  }

  /**
   * Answers the payment's step with the profile's failing answer: refused, or answered with the
   * payment declined or still awaiting its step; never paid.
   */
  private void failStep(int payment) {
    Made one = made.get(payment);
    if (one.confirmationType == null
        || model.stage(payment) != PaymentModel.Stage.CONFIRMING
        || one.payment.path("confirmation").path("type").asText().equals("External")) {
      return;
    }
    Profile.Confirmation confirmation = f.confirmation(one.confirmationType);
    if (confirmation.failingAnswer() == null) {
      return;
    }
    c.rule("v2.errors.declines");
    Fixtures.FailedStep failed = f.failConfirmation(one.id, confirmation.failingAnswer());
    if (failed.answer().status() / 100 == 4) {
      c.refused(failed.answer());
    }
    model.stepFailed(payment, !failed.statusAfter().equals("Confirmation"));
  }

  private Exchange post(Made one) {
    return c.v2()
        .post(Paths.v2(one.invoice ? "createInvoice" : "createPayment"), one.body, one.key);
  }

  private void createInvoice(Step.CreateInvoice step) {
    Made one = new Made(f.invoice(step.amount().toPlainString()), c.run().unique("explore-key"));
    one.invoice = true;
    made.add(one);
    Exchange created = post(one);
    c.rule("v2.op.createInvoice");
    JsonNode answer = c.ok(created);
    String id = answer.path("paymentId").asText("");
    c.expect(!id.isEmpty(), "the paymentId of the payment link", created::summary, created);
    one.id = id;
    Exchange read = c.v2().get(Paths.v2("getPayment", id));
    c.rule("v2.op.createInvoice");
    one.payment = c.ok(read);
    one.created = seen(one.payment.path("created"));
    model.invoiced(step.amount(), true);
  }

  private void createSticker() {
    Exchange created = c.v2().post(Paths.v2("createSticker"), f.sticker(false, null, null));
    c.rule("v2.op.createSticker");
    JsonNode sticker = c.ok(created);
    c.rule("v2.states.sticker-active");
    c.member(created, sticker, "status", "Active");
    stickers.add(sticker.path("id").asText());
    creations.put(sticker.path("id").asText(), created);
    model.stickerMade(true);
  }

  private void onSticker(Step step) {
    String id = stickers.get(step.sticker());
    if (step instanceof Step.SetStickerActive set) {
      Exchange switched =
          c.v2().put(Paths.v2("setStickerActive", id), Json.object().put("active", set.active()));
      c.rule("v2.op.setStickerActive");
      c.done(switched);
      model.switched(step.sticker(), set.active());
    } else if (step instanceof Step.ReadSticker) {
      Exchange read = c.v2().get(Paths.v2("getSticker", id));
      c.rule("v2.op.getSticker");
      String status = c.ok(read).path("status").asText();
      boolean on = model.stickerActive(step.sticker());
      c.rule("v2.states.sticker-active");
      c.expect(
          on == "Active".equals(status),
          on
              ? "status Active: it was last switched on (or never off)"
              : "a status other than Active: it was switched off",
          () -> "status " + status,
          read);
    } else if (step instanceof Step.ReplaySticker) {
      sentAgain(replayOf(creations.get(id)), "id", id, "sticker");
    } else if (step instanceof Step.OtherMerchantReadsSticker) {
      Exchange read = c.v2AsOtherMerchant().get(Paths.v2("getSticker", id));
      c.rule("v2.auth.rights");
      c.expect(
          read.answered() && read.status() / 100 == 4,
          "a refusal: sticker " + id + " is another merchant's",
          read::summary,
          read);
    }
  }

  private void createToken() {
    JsonNode token = f.activeToken(f.approvedCard().pan(), null);
    tokens.add(token.path("id").asText());
    List<Exchange> calls = c.exchanges();
    for (int i = calls.size() - 1; i >= 0; i--) {
      if (calls.get(i).method().equals("POST")
          && calls.get(i).path().endsWith(Paths.v2("createPaymentToken"))) {
        creations.put(token.path("id").asText(), calls.get(i));
        break;
      }
    }
    model.tokenMade(true);
  }

  private void payWithToken(Step.PayWithToken step) {
    boolean tokenThere = model.tokenExists(step.token());
    if (!tokenThere) {
      made.add(new Made(null, null));
      model.created(false, step.amount(), false);
      return;
    }
    Made one =
        new Made(
            f.tokenPayment(tokens.get(step.token()), step.amount().toPlainString()),
            c.run().unique("explore-key"));
    made.add(one);
    Expected expected = model.expectPayment(step.token());
    Exchange answer = post(one);
    boolean done = carriedOut(answer, "v2.request.token");
    judge(expected, done, answer);
    if (!done) {
      c.rule(expected.rule());
      c.refusedWith(answer, "payment_token_revoked", OpenPoint.TOKEN_UNUSABLE_STATUS);
      model.created(false, step.amount(), false);
      return;
    }
    JsonNode payment = c.ok(answer);
    one.id = payment.path("id").asText();
    if ("Pending".equals(payment.path("status").asText())) {
      payment = c.ok(f.settled(one.id));
    }
    String status = payment.path("status").asText();
    c.rule("v2.states.payment-one-stage");
    c.expect(
        "Settled".equals(status),
        "a payment with an Active token, Settled",
        () -> "status " + status,
        answer);
    one.payment = payment;
    one.created = seen(payment.path("created"));
    model.created(false, step.amount(), true);
  }

  private void replayRefunds(int payment) {
    List<SentRefund> sent;
    Made one = made.get(payment);
    synchronized (one) {
      sent = List.copyOf(one.refundsSent);
    }
    for (SentRefund refund : sent) {
      Exchange again = c.v2().post(Paths.v2("createRefund"), refund.body(), refund.key());
      sentAgain(again, "id", refund.id(), "refund");
    }
  }

  private void otherMerchantPaysWithToken(int token) {
    ObjectNode body = f.tokenPayment(tokens.get(token), "10.00");
    if (c.target().otherMerchantId() != null) {
      body.put("merchantId", c.target().otherMerchantId());
    }
    Exchange paid =
        c.v2AsOtherMerchant().post(Paths.v2("createPayment"), body, c.run().unique("explore-key"));
    boolean done = carriedOut(paid, "v2.auth.rights");
    c.rule("v2.auth.rights");
    c.expect(
        !done,
        "a refusal: token " + tokens.get(token) + " is another merchant's",
        () -> "paid: " + paid.summary(),
        paid);
  }

  private void revokeToken(int token) {
    Expected expected = model.expectRevocation(token);
    Exchange answer = c.v2().put(Paths.v2("revokePaymentToken", tokens.get(token)), null);
    boolean done = carriedOut(answer, "v2.op.revokePaymentToken");
    judge(expected, done, answer);
    if (done || !expected.mayCarryOut()) {
      model.revoked(token);
    }
  }

  private void readToken(int token) {
    Exchange read = c.v2().get(Paths.v2("getPaymentToken", tokens.get(token)));
    c.rule("v2.op.getPaymentToken");
    JsonNode json = c.ok(read);
    String status = json.path("status").asText();
    String expected = model.tokenStatus(token);
    c.rule(expected.equals("Revoked") ? "v2.states.token-revoked" : "v2.op.revokePaymentToken");
    c.expect(
        expected.equals(status),
        "status "
            + expected
            + " after "
            + (expected.equals("Revoked") ? "its revocation" : "no revocation"),
        () -> "status " + status,
        read);
  }

  private void createReceipt(Step.CreateReceipt step) {
    Made one = made.get(step.payment());
    BigDecimal sum = model.sum(step);
    ObjectNode body = f.receipt(one.id, sum.toPlainString());
    if (step.ofRefund()) {
      body.put("type", "Refund");
    }
    Exchange answer = c.v2().post(Paths.v2("createReceipt"), body, c.run().unique("explore-key"));
    // Which receipts a payment takes the documents do not say; one registered must be listed.
    if (carriedOut(answer, "v2.op.createReceipt")) {
      c.rule("v2.op.createReceipt");
      String id = c.ok(answer).path("id").asText("");
      if (!id.isEmpty()) {
        creations.put(id, answer);
        model.receipted(step.payment(), id);
        listReceipts(step.payment()); // each registered so far, this one among them, is listed
      }
    }
  }

  private void listReceipts(int payment) {
    Made one = made.get(payment);
    String query = Paths.v2("listReceipts") + "?paymentId=" + Fixtures.encode(one.id);
    Exchange first = c.v2().get(query);
    c.rule("v2.op.listReceipts");
    JsonNode page = c.ok(first);
    List<JsonNode> items = new ArrayList<>();
    if (page.isArray()) {
      page.forEach(items::add); // a bare array: the other reading of an open point, one page
    } else {
      items.addAll(Pages.all(c, query));
    }
    Set<String> listed =
        items.stream().map(item -> item.path("id").asText()).collect(Collectors.toSet());
    for (String receipt : model.receipts(payment)) {
      c.expect(
          listed.contains(receipt),
          "receipt " + receipt + " of payment " + one.id + " in its list",
          () -> items.size() + " receipts listed, without it",
          first);
    }
  }

  private void replay(int payment) {
    Made one = made.get(payment);
    sentAgain(post(one), one.invoice ? "paymentId" : "id", one.id, "payment");
  }

  /**
   * A creation sent again with its key and body: refused, or answered with what the key made first
   * (its id in {@code idMember}), never with something new.
   */
  private void sentAgain(Exchange again, String idMember, String madeFirst, String what) {
    if (carriedOut(again, "v2.ep.idempotency-once")) {
      c.rule("v2.ep.idempotency-once");
      String id = c.ok(again).path(idMember).asText();
      c.expect(
          madeFirst.equals(id),
          "the " + what + " the key made first, " + madeFirst,
          () -> "another " + what + ", " + id,
          again);
    }
  }

  /** The creation call sent again: the same path, body and Idempotency-Key. */
  private Exchange replayOf(Exchange first) {
    JsonNode body = Json.parseOrNull(first.requestBody());
    return c.v2()
        .post(
            first.path().substring(c.run().basePath().length()),
            body instanceof ObjectNode object ? object : Json.object(),
            first.requestHeader("Idempotency-Key"));
  }

  private void replayChanged(int payment) {
    Made one = made.get(payment);
    ObjectNode changed = one.body.deepCopy();
    BigDecimal other = model.amount(payment).add(BigDecimal.ONE);
    changed.set("amount", c.amount(other.toPlainString()));
    Exchange conflict =
        c.v2().post(Paths.v2(one.invoice ? "createInvoice" : "createPayment"), changed, one.key);
    c.rule("v2.ep.idempotency-conflict");
    c.expect(
        !conflict.answered() || conflict.status() / 100 != 2,
        "idempotency_key_violation: the key made payment " + one.id + " with another amount",
        conflict::summary,
        conflict);
    c.refusedWith(conflict, "idempotency_key_violation", OpenPoint.KEY_CONFLICT_STATUS);
  }

  // ---------------------------------------------------------------- changes

  private void change(Step step) {
    BigDecimal sum = model.sum(step);
    Exchange answer = send(step, sum);
    boolean done = carriedOut(answer, rulesOfInterface(step));
    Expected expected = model.expect(step, sum);
    if (done && !expected.mayCarryOut() && step instanceof Step.Refund) {
      refreshRefunds(step.payment());
      expected = model.expect(step, sum);
    }
    judge(expected, done, answer);
    model.changed(step, sum, done, done ? refundMade(step, sum, answer) : null);
    if (done && step instanceof Step.Capture capture && capture.api() == Step.Api.V1) {
      paidAmount(step.payment(), answer);
    }
  }

  /** Two changes of one payment sent at once: the answers must fit one order or the other. */
  private void atOnce(Step.AtOnce both) {
    Step a = both.first();
    Step b = both.second();
    BigDecimal sumA = model.sum(a);
    BigDecimal sumB = model.sum(b);
    List<Exchange> answers = parallel(List.of(() -> send(a, sumA), () -> send(b, sumB)));
    boolean doneA = carriedOut(answers.get(0), rulesOfInterface(a));
    boolean doneB = carriedOut(answers.get(1), rulesOfInterface(b));
    if ((doneA || doneB) && (a instanceof Step.Refund || b instanceof Step.Refund)) {
      refreshRefunds(a.payment());
    }
    PaymentModel.RefundMade refundA = doneA ? refundMade(a, sumA, answers.get(0)) : null;
    PaymentModel.RefundMade refundB = doneB ? refundMade(b, sumB, answers.get(1)) : null;
    // Sent at once, either may be refused (one waited on the other, say); what was carried out
    // must be what one order of the two allows.
    Expected broken = null;
    Exchange brokenBy = null;
    for (boolean aFirst : new boolean[] {true, false}) {
      PaymentModel order = model.copy();
      Expected failed = null;
      Exchange failedBy = null;
      for (int i = 0; i < 2; i++) {
        boolean firstOne = (i == 0) == aFirst;
        Step step = firstOne ? a : b;
        BigDecimal sum = firstOne ? sumA : sumB;
        boolean done = firstOne ? doneA : doneB;
        Expected expected = order.expect(step, sum);
        if (done && !expected.mayCarryOut() && failed == null) {
          failed = expected;
          failedBy = answers.get(firstOne ? 0 : 1);
        }
        order.changed(step, sum, done, firstOne ? refundA : refundB);
      }
      if (failed == null) {
        adopt(a, sumA, doneA, refundA, b, sumB, doneB, refundB, aFirst);
        return;
      }
      if (broken == null) {
        broken = failed;
        brokenBy = failedBy;
      }
    }
    judge(broken, true, brokenBy);
  }

  private void adopt(
      Step a,
      BigDecimal sumA,
      boolean doneA,
      PaymentModel.RefundMade refundA,
      Step b,
      BigDecimal sumB,
      boolean doneB,
      PaymentModel.RefundMade refundB,
      boolean aFirst) {
    if (aFirst) {
      model.changed(a, sumA, doneA, refundA);
      model.changed(b, sumB, doneB, refundB);
    } else {
      model.changed(b, sumB, doneB, refundB);
      model.changed(a, sumA, doneA, refundA);
    }
  }

  private void judge(Expected expected, boolean done, Exchange answer) {
    if (!expected.allows(done)) {
      c.rule(expected.rule());
      c.fail(
          expected.expectation(),
          (done ? "carried out: " : "refused: ") + answer.summary(),
          answer);
    }
  }

  private Exchange send(Step step, BigDecimal sum) {
    Made one = made.get(step.payment());
    String amount = sum.toPlainString();
    if (step instanceof Step.Capture capture) {
      return capture.api() == Step.Api.V1
          ? c.v1().call("confirmPayment", Fixtures.values("paymentID", v1Id(one), "amount", amount))
          : c.v2().put(Paths.v2("capturePayment", one.id), f.capture(amount));
    }
    if (step instanceof Step.Cancel cancel) {
      return cancel.api() == Step.Api.V1
          ? c.v1().call("cancelPayment", Fixtures.values("paymentID", v1Id(one)))
          : c.v2().put(Paths.v2("cancelPayment", one.id), null);
    }
    if (step instanceof Step.Refund refund) {
      if (refund.api() == Step.Api.V1) {
        return c.v1()
            .call("refundPayment", Fixtures.values("paymentID", v1Id(one), "amount", amount));
      }
      ObjectNode body = f.refund(one.id, amount);
      String key = c.run().unique("explore-key");
      Exchange answer = c.v2().post(Paths.v2("createRefund"), body, key);
      JsonNode json = answer.answered() && answer.status() / 100 == 2 ? answer.json() : null;
      if (json != null && json.hasNonNull("id")) {
        synchronized (one) {
          one.refundsSent.add(new SentRefund(body, key, json.path("id").asText()));
        }
      }
      return answer;
    }
    if (step instanceof Step.OtherMerchantCancels) {
      return c.v2AsOtherMerchant().put(Paths.v2("cancelPayment", one.id), null);
    }
    return c.v2AsOtherMerchant()
        .post(Paths.v2("createRefund"), f.refund(one.id, amount), c.run().unique("explore-key"));
  }

  private static boolean v1(Step step) {
    return step instanceof Step.Capture s && s.api() == Step.Api.V1
        || step instanceof Step.Cancel k && k.api() == Step.Api.V1
        || step instanceof Step.Refund r && r.api() == Step.Api.V1;
  }

  private static String rulesOfInterface(Step step) {
    return v1(step) ? "v1" : "v2";
  }

  /**
   * Whether the target carried the request out: a 2xx (v2) or ErrorCode 0 (v1). A refusal must be
   * one the documents show (an error body, a v1 error code); a server error or no answer at all
   * fails the history.
   */
  private boolean carriedOut(Exchange answer, String ruleOrInterface) {
    boolean v1 = ruleOrInterface.equals("v1");
    c.rule(v1 ? "v1.errors.http-200" : "v2.errors.server");
    c.expect(
        answer.answered() && answer.status() < 500,
        v1
            ? "an answer with an ErrorCode"
            : "an answer or a documented refusal, not a server error",
        answer::summary,
        answer);
    if (v1) {
      c.rule("v1.envelope.json");
      Integer code = answer.v1ErrorCode();
      c.expect(code != null, "a JSON envelope with its ErrorCode", answer::summary, answer);
      return code == 0;
    }
    if (answer.status() / 100 == 2) {
      return true;
    }
    c.refused(answer);
    return false;
  }

  private PaymentModel.RefundMade refundMade(Step step, BigDecimal sum, Exchange answer) {
    if (!(step instanceof Step.Refund)) {
      return null;
    }
    JsonNode json = answer.json();
    if (v1(step)) {
      JsonNode refund = json == null ? null : json.path("Refund");
      String state =
          refund == null ? "" : refund.path("State").asText(refund.path("Status").asText(""));
      return new PaymentModel.RefundMade(null, sum, "FAILURE".equals(state));
    }
    String status = json == null ? "" : json.path("status").asText("");
    if (json != null) {
      seen(json.path("created"));
    }
    return new PaymentModel.RefundMade(
        json == null ? null : json.path("id").asText(null), sum, "Rejected".equals(status));
  }

  /** Reads the refunds of the payment again: one since rejected no longer counts. */
  private void refreshRefunds(int payment) {
    for (PaymentModel.RefundMade refund : model.refunds(payment)) {
      if (refund.id() == null || refund.rejected()) {
        continue;
      }
      Exchange read = c.v2().get(Paths.v2("getRefund", refund.id()));
      JsonNode json = read.answered() && read.status() / 100 == 2 ? read.json() : null;
      if (json != null && "Rejected".equals(json.path("status").asText())) {
        model.rejected(payment, refund.id());
      }
    }
  }

  // ---------------------------------------------------------------- reads and lists

  private void read(Step.Read read) {
    int payment = read.payment();
    Made one = made.get(payment);
    if (read.api() == Step.Api.V1) {
      Exchange shown = c.v1().call("getPayment", Fixtures.values("paymentID", v1Id(one)));
      c.rule("v1.op.getPayment");
      c.expect(
          shown.answered() && Integer.valueOf(0).equals(shown.v1ErrorCode()),
          "ErrorCode 0 and the payment",
          shown::summary,
          shown);
      String state = shown.json().path("Payment").path("State").asText();
      Set<String> states = model.v1States(payment);
      c.rule(model.statusRule(payment));
      c.expect(
          states.contains(state),
          "State one of " + sorted(states) + " after " + stageWords(payment),
          () -> "State " + state,
          shown);
      paidAmount(payment, shown);
      return;
    }
    Exchange shown = c.v2().get(Paths.v2("getPayment", one.id));
    c.rule("v2.op.getPayment");
    JsonNode json = c.ok(shown);
    String status = json.path("status").asText();
    Set<String> statuses = model.v2Statuses(payment);
    c.rule(model.statusRule(payment));
    c.expect(
        statuses.contains(status),
        "status one of " + sorted(statuses) + " after " + stageWords(payment),
        () -> "status " + status,
        shown);
    JsonNode value = Json.at(json, "amount.value");
    Set<BigDecimal> amounts = model.amountsShown(payment);
    c.rule("v2.views.same-resource");
    c.expect(
        value.isNumber() && amounts.stream().anyMatch(a -> a.compareTo(value.decimalValue()) == 0),
        "amount.value "
            + amounts.stream()
                .map(BigDecimal::toPlainString)
                .sorted()
                .collect(Collectors.joining(" or ")),
        () -> "amount.value " + value,
        shown);
  }

  /**
   * A v1 view of a payment that took money, before any refund: PaymentAmount, the paid amount, is
   * the sum taken (the captured sum, after a capture of less than was held).
   */
  private void paidAmount(int payment, Exchange shown) {
    if (model.stage(payment) != PaymentModel.Stage.TAKEN || !model.refunds(payment).isEmpty()) {
      return;
    }
    JsonNode paid =
        shown.json() == null ? null : shown.json().path("Payment").path("PaymentAmount");
    if (paid == null || !paid.isNumber()) {
      return; // a member missing is the suites' business
    }
    BigDecimal taken = model.taken(payment);
    c.rule("v1.payment.paid-amount");
    c.expect(
        paid.decimalValue().compareTo(taken) == 0,
        "PaymentAmount " + taken.toPlainString() + ", the sum taken",
        () -> "PaymentAmount " + paid,
        shown);
  }

  private String stageWords(int payment) {
    return switch (model.stage(payment)) {
      case HELD -> "a hold";
      case RELEASED -> "a released hold";
      case UNPAID -> "a payment link nobody paid";
      case CONFIRMING -> "a payment awaiting the payer's confirmation step";
      case DECLINED -> "a payment declined at its confirmation step";
      case TAKEN -> "money taken" + (model.refunds(payment).isEmpty() ? "" : " and refunds");
    };
  }

  private void listRefunds(int payment) {
    Made one = made.get(payment);
    String query =
        Paths.v2("listRefunds")
            + "?merchantId="
            + Fixtures.encode(c.target().merchantId())
            + "&"
            + Fixtures.period(one.created.minus(AROUND), last.plus(AROUND));
    c.rule("v2.op.listRefunds");
    List<Pages.Page> pages = Pages.pages(c, query);
    Exchange lastPage = pages.get(pages.size() - 1).exchange();
    List<JsonNode> items = new ArrayList<>();
    pages.forEach(
        page ->
            page.items().stream()
                .filter(item -> one.id.equals(item.path("paymentId").asText()))
                .forEach(items::add));
    List<PaymentModel.RefundMade> refunds = model.refunds(payment);
    Set<String> listed =
        items.stream().map(item -> item.path("id").asText()).collect(Collectors.toSet());
    for (PaymentModel.RefundMade refund : refunds) {
      if (refund.id() != null) {
        c.expect(
            listed.contains(refund.id()),
            "refund " + refund.id() + " of payment " + one.id + " in the list",
            () -> items.size() + " refunds of the payment listed, without it",
            lastPage);
      }
    }
    // More listed than were carried out: one that was refused shows after all.
    c.rule("v2.errors.refusal-acts-not");
    c.expect(
        items.size() <= refunds.size(),
        refunds.size() + " refund(s) of payment " + one.id + ", as many as were carried out",
        () -> items.size() + " listed: " + listed,
        lastPage);
    c.rule("v2.op.listRefunds");
    c.expect(
        items.size() >= refunds.size(),
        refunds.size() + " refund(s) of payment " + one.id + " listed",
        () -> items.size() + " listed: " + listed,
        lastPage);
  }

  private void listPayments() {
    List<Made> ours = made.stream().filter(m -> m.id != null).toList();
    if (ours.isEmpty()) {
      return;
    }
    Instant from = ours.stream().map(m -> m.created).min(Instant::compareTo).orElseThrow();
    Instant to = ours.stream().map(m -> m.created).max(Instant::compareTo).orElseThrow();
    String query =
        Paths.v2("listPayments")
            + "?merchantId="
            + Fixtures.encode(c.target().merchantId())
            + "&"
            + Fixtures.period(from.minus(AROUND), to.plus(AROUND));
    c.rule("v2.op.listPayments");
    List<Pages.Page> pages = Pages.pages(c, query);
    Exchange lastPage = pages.get(pages.size() - 1).exchange();
    Map<String, Integer> times = new HashMap<>();
    Map<String, String> orderNos = new HashMap<>();
    ours.forEach(m -> orderNos.put(m.body.path("invoice").path("orderNo").asText(), m.id));
    for (Pages.Page page : pages) {
      for (JsonNode item : page.items()) {
        String id = item.path("id").asText();
        times.merge(id, 1, Integer::sum);
        String ourId = orderNos.get(item.path("invoice").path("orderNo").asText());
        if (ourId != null && !ourId.equals(id)) {
          c.rule("v2.ep.idempotency-once");
          c.fail(
              "one payment for each creation: the key of "
                  + ourId
                  + " made nothing else, and a refused reuse of it made nothing",
              "another payment with its order number listed: " + id,
              page.exchange());
        }
      }
    }
    for (Made m : ours) {
      int count = times.getOrDefault(m.id, 0);
      c.rule(count == 0 ? "v2.op.listPayments" : "v2.general.cursor");
      c.expect(
          count == 1,
          "payment " + m.id + " once on the pages of its period",
          () ->
              count == 0
                  ? "not listed on " + pages.size() + " page(s)"
                  : "listed " + count + " times",
          lastPage);
    }
  }

  private void otherMerchantReads(int payment) {
    Made one = made.get(payment);
    Exchange shown = c.v2AsOtherMerchant().get(Paths.v2("getPayment", one.id));
    c.rule("v2.auth.rights");
    c.expect(
        shown.answered() && shown.status() / 100 == 4,
        "a refusal: payment " + one.id + " is another merchant's",
        shown::summary,
        shown);
  }

  // ---------------------------------------------------------------- helpers

  private String v1Id(Made one) {
    if (one.v1Id == null) {
      one.v1Id = V1Support.paymentId(c, one.payment);
    }
    return one.v1Id;
  }

  private Instant seen(JsonNode created) {
    Instant at;
    try {
      at = Json.instant(created.asText());
    } catch (RuntimeException e) {
      at = Instant.now();
    }
    first = first == null || at.isBefore(first) ? at : first;
    last = last == null || at.isAfter(last) ? at : last;
    return at;
  }

  private List<Exchange> parallel(List<Callable<Exchange>> calls) {
    try {
      return c.run().parallel(calls);
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static String sorted(Set<String> values) {
    return values.stream().sorted().collect(Collectors.joining(", "));
  }
}
