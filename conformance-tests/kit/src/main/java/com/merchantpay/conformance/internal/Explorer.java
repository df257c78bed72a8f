package com.merchantpay.conformance.internal;

import com.merchantpay.conformance.model.Histories;
import com.merchantpay.conformance.model.Shrinking;
import com.merchantpay.conformance.model.Step;
import com.merchantpay.conformance.report.CheckResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Explores the target with random histories of operations (the model's {@link Histories}), judges
 * every answer by the model of the documents, and on a departure shrinks the history to the steps
 * that matter and writes it as a script that runs it again. As a check it fails with the shrunk
 * history, the rule it breaks and the script; the run's invariants then judge every exchange the
 * histories made, as they do a run of the checks.
 */
public final class Explorer {
  /** The check's suite and id. */
  public static final String SUITE = "explore";

  /** How much of the budget exploring may use before it leaves the rest to shrinking. */
  private static final double EXPLORING_SHARE = 0.6;

  /** The rules a history may find broken; the check is catalogued for each. */
  static final List<String> RULES =
      List.of(
          "v2.op.createPayment",
          "v2.states.payment-one-stage",
          "v2.states.payment-two-stage",
          "v2.ep.capture-held",
          "v2.ep.partial-capture",
          "v2.ep.no-money-twice",
          "v2.ep.refund-limit",
          "v2.op.createRefund",
          "v2.op.getPayment",
          "v2.op.listRefunds",
          "v2.op.listPayments",
          "v2.general.cursor",
          "v2.views.same-resource",
          "v2.ep.idempotency-once",
          "v2.ep.idempotency-conflict",
          "v2.errors.idempotency",
          "v2.errors.refusal-acts-not",
          "v2.errors.server",
          "v2.errors.body",
          "v2.auth.rights",
          "v1.op.getPayment",
          "v1.op.confirmPayment",
          "v1.op.confirm-less",
          "v1.op.cancelPayment",
          "v1.op.refundPayment",
          "v1.errors.amount",
          "v1.errors.http-200",
          "v1.envelope.json",
          "v2.op.createInvoice",
          "v2.request.token",
          "v2.errors.token-revoked",
          "v2.states.token-revoked",
          "v2.op.revokePaymentToken",
          "v2.op.getPaymentToken",
          "v2.op.createReceipt",
          "v2.op.listReceipts",
          "v2.op.createSticker",
          "v2.op.setStickerActive",
          "v2.op.getSticker",
          "v2.states.sticker-active",
          "v2.payment.confirmation",
          "v2.confirmation.sequence",
          "v2.ep.complete-by-type",
          "v2.errors.declines",
          "v1.payment.paid-amount");

  /**
   * How an exploration goes.
   *
   * @param seed the seed of the histories; history i is made from the seed and i
   * @param histories how many histories to run at most
   * @param mostSteps how many steps a history has at most
   * @param mostShrinkTries how many cut histories shrinking may run at most
   */
  public record Settings(long seed, int histories, int mostSteps, int mostShrinkTries) {
    public Settings {
      if (histories < 1) {
        throw new IllegalArgumentException("histories must be at least 1");
      }
      if (mostSteps < 2) {
        throw new IllegalArgumentException("a history has at least 2 steps");
      }
    }
  }

  private Explorer() {}

  /**
   * The exploration as a check, printing its progress as it goes when {@code progress} is given.
   */
  public static Check check(Settings settings, Consumer<String> progress) {
    return new Check(
        SUITE + ".histories",
        SUITE,
        "Random histories of payments (some asking for a confirmation step), payment links, tokens, stickers, "
            + "captures, cancels, refunds and receipts "
            + "(v2 and v1), with reads, lists, replays, another merchant and changes sent at once, get only "
            + "answers the documents allow "
            + "(seed "
            + settings.seed()
            + ")",
        java.util.Set.of("v2", "v1", "lifecycle", "idempotency", "money"),
        Rule.get("v2.ep.refund-limit"),
        java.util.Set.copyOf(RULES),
        null,
        CheckResult.Order.ALONE,
        "its histories run side by side on the run's workers themselves",
        c -> explore(c, settings, progress == null ? line -> {} : progress));
  }

  /** A history's departure, with what ran it. */
  private record Failed(
      List<Step> steps, HistoryRun.Found found, CheckContext context, HistoryRun run) {}

  private static void explore(CheckContext c, Settings settings, Consumer<String> progress)
      throws Exception {
    Run run = c.run();
    boolean v1 =
        c.profile().serves("v1") && c.target().v1Login() != null && c.target().v1Password() != null;
    boolean other = c.target().otherBearerToken() != null;
    c.need(c.target().bearerToken(), "no bearer token given (--token)");
    Histories histories =
        new Histories(
            v1, other, tokensCanBeMade(c), stickersCanBeMade(c), confirmationsPassable(c));
    Duration budget = run.limits().remaining();
    long exploreUntil = System.nanoTime() + (long) (budget.toNanos() * EXPLORING_SHARE);
    AtomicInteger ran = new AtomicInteger();
    AtomicInteger skipped = new AtomicInteger();
    AtomicInteger steps = new AtomicInteger();
    List<String> skips = java.util.Collections.synchronizedList(new ArrayList<>());
    Failed[] first = new Failed[1];
    int[] firstIndex = {Integer.MAX_VALUE};
    int workers = Math.max(1, Math.min(run.workers(), 8));
    ExecutorService pool =
        Executors.newFixedThreadPool(
            workers,
            task -> {
              Thread thread = new Thread(task, "merchantpay-conformance-history");
              thread.setDaemon(true);
              return thread;
            });
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int i = 0; i < settings.histories(); i++) {
        int index = i;
        futures.add(
            pool.submit(
                () -> {
                  synchronized (first) {
                    if (index > firstIndex[0] || System.nanoTime() > exploreUntil) {
                      return;
                    }
                  }
                  List<Step> history = history(histories, settings, index);
                  CheckContext context = new CheckContext(run, c.check());
                  HistoryRun historyRun = new HistoryRun(context);
                  try {
                    HistoryRun.Found found;
                    try {
                      found = historyRun.run(history);
                    } finally {
                      // What the history's assertions judged, the check judged.
                      c.asserted(context.judgedRules().toArray(String[]::new));
                    }
                    steps.addAndGet(history.size());
                    if (found != null) {
                      synchronized (first) {
                        if (index < firstIndex[0]) {
                          firstIndex[0] = index;
                          first[0] = new Failed(history, found, context, historyRun);
                        }
                      }
                    }
                  } catch (CheckSkipped skip) {
                    skipped.incrementAndGet();
                    skips.add(skip.getMessage());
                  }
                  int done = ran.incrementAndGet();
                  if (done % 50 == 0) {
                    progress.accept(
                        "  explored "
                            + done
                            + " of "
                            + settings.histories()
                            + " histories, "
                            + steps.get()
                            + " steps");
                  }
                }));
      }
      for (Future<?> future : futures) {
        try {
          future.get();
        } catch (java.util.concurrent.ExecutionException e) {
          if (e.getCause() instanceof TargetUnavailable unavailable) {
            throw unavailable;
          }
          throw e.getCause() instanceof Exception cause ? cause : e;
        }
      }
    } finally {
      pool.shutdownNow();
    }
    progress.accept(
        "  explored "
            + ran.get()
            + " histories ("
            + steps.get()
            + " steps, "
            + skipped.get()
            + " skipped), seed "
            + settings.seed()
            + (first[0] == null
                ? ": every answer one the documents allow"
                : ": a departure, shrinking it"));
    c.require(
        ran.get() > skipped.get(),
        "no history could run: " + (skips.isEmpty() ? "" : skips.get(0)));
    if (first[0] == null) {
      return;
    }
    report(c, settings, firstIndex[0], first[0], progress);
  }

  /**
   * Whether a payment token can be made with the profile (its approved card, and the payer's step
   * where the token asks for one): histories make tokens only where one can be.
   */
  private static boolean tokensCanBeMade(CheckContext c) {
    CheckContext probe = new CheckContext(c.run(), c.check());
    try {
      Fixtures f = new Fixtures(probe);
      f.activeToken(f.approvedCard().pan(), null);
      return true;
    } catch (TargetUnavailable unavailable) {
      throw unavailable;
    } catch (CheckSkipped | CheckFailure cannot) {
      return false; // a token that cannot be made is the suites' business, not a history's
    }
  }

  /**
   * The confirmation steps a history's payments may ask for: each the profile names an instrument
   * for and says how to pass. A step whose answer is read from a page of no payment's own (an inbox
   * of codes sent to a phone) is left out: histories run side by side, and another's code would
   * come on top of it.
   */
  static List<String> confirmationsPassable(CheckContext c) {
    List<String> types = new ArrayList<>();
    c.profile()
        .confirmations()
        .forEach(
            (type, confirmation) -> {
              boolean passable =
                  type.equals("External")
                      ? c.profile().payerStep("externalApproval").isPresent()
                      : confirmation.answerFrom() != null
                          ? confirmation.answerFrom().url() != null
                              && confirmation.answerFrom().url().startsWith("{")
                          : confirmation.answer() != null;
              if (passable) {
                types.add(type);
              }
            });
    types.sort(null); // the same histories from one seed, whatever order the profile was read in
    return types;
  }

  /** Whether a sticker can be registered with the profile: histories register them only then. */
  private static boolean stickersCanBeMade(CheckContext c) {
    CheckContext probe = new CheckContext(c.run(), c.check());
    try {
      Exchange created =
          probe
              .v2()
              .post(Paths.v2("createSticker"), new Fixtures(probe).sticker(false, null, null));
      return created.answered() && created.status() / 100 == 2;
    } catch (TargetUnavailable unavailable) {
      throw unavailable;
    } catch (CheckSkipped | CheckFailure cannot) {
      return false;
    }
  }

  /** The history of this index: the same for the same seed and settings. */
  static List<Step> history(Histories histories, Settings settings, int index) {
    // Mixed (SplitMix64's finalizer): java.util.Random's first draws from nearby seeds agree, so
    // unmixed every history of one seed would take the same first branch.
    long z = settings.seed() * 0x9E3779B97F4A7C15L + index;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return histories.generate(new Random(z ^ (z >>> 31)), settings.mostSteps());
  }

  private static void report(
      CheckContext c, Settings settings, int index, Failed failed, Consumer<String> progress) {
    Run run = c.run();
    String rule = failed.found().rule();
    Failed[] smallest = {failed};
    Shrinking shrinking =
        new Shrinking(
            candidate -> {
              if (run.limits().remaining().isNegative() || run.limits().remaining().isZero()) {
                return false;
              }
              CheckContext context = new CheckContext(run, c.check());
              HistoryRun again = new HistoryRun(context);
              HistoryRun.Found found;
              try {
                found = again.run(candidate);
              } catch (CheckSkipped skipped) {
                return false;
              }
              if (found != null && found.rule().equals(rule)) {
                smallest[0] = new Failed(candidate, found, context, again);
                return true;
              }
              return false;
            },
            settings.mostShrinkTries());
    List<Step> shrunk = shrinking.shrink(failed.steps());
    Failed shown = smallest[0].steps().equals(shrunk) ? smallest[0] : failed;
    progress.accept(
        "  shrunk history "
            + index
            + " from "
            + failed.steps().size()
            + " to "
            + shown.steps().size()
            + " steps in "
            + shrinking.tries()
            + " tries");
    StringBuilder history = new StringBuilder();
    for (int i = 0; i < shown.steps().size(); i++) {
      history.append("\n    ").append(i + 1).append(". ").append(shown.steps().get(i).describe());
      if (i == shown.found().step()) {
        history.append("   <- here");
        break;
      }
    }
    String script =
        new HistoryScript(run)
            .of(
                "history " + index + " of seed " + settings.seed() + ", breaks " + rule,
                shown.steps(),
                shown.context().exchanges(),
                shown.run().callsOfStep(),
                shown.run().paymentIds(),
                shown.found().step(),
                shown.found().expected(),
                shown.found().actual());
    throw new HistoryFailure(
        shown.found().cite(),
        shown.found().expected(),
        shown.found().actual()
            + "\n  at step "
            + (shown.found().step() + 1)
            + " of history "
            + index
            + " (seed "
            + settings.seed()
            + ", shrunk from "
            + failed.steps().size()
            + " steps in "
            + shrinking.tries()
            + " tries):"
            + history,
        shown.found().exchange(),
        script);
  }

  /** A history's departure, with the script that runs the history again. */
  static final class HistoryFailure extends CheckFailure {
    private static final long serialVersionUID = 1L;
    private final String script;

    HistoryFailure(String cite, String expected, String actual, Exchange exchange, String script) {
      super(cite, expected, actual, exchange);
      this.script = script;
    }

    String script() {
      return script;
    }
  }
}
