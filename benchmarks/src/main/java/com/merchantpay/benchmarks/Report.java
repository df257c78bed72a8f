package com.merchantpay.benchmarks;

import com.merchantpay.conformance.ConformanceKit;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The figures of one run as Markdown: what was measured, against what, and whether each target was
 * met.
 */
final class Report {
  private final StringBuilder md = new StringBuilder();

  Report(String machine, boolean quick) {
    md.append("# Benchmark results\n\n");
    if (quick) {
      md.append(
          "**A quick run: every benchmark once and briefly, to show they work. These are not figures.**\n\n");
    }
    md.append("Measured on ")
        .append(machine)
        .append(
            ", everything in one run, one measurement at a time. "
                + "Absolute numbers on a shared 2-core machine are noise; the ratios, taken side by side, are the result. "
                + "Written by `java -jar benchmarks/target/merchantpay-benchmarks.jar` (see the README).\n");
  }

  // ---------------------------------------------------------------- sandbox

  /** The sandbox's rows and those it is compared with, each the median of its rounds. */
  record Servers(
      int rounds,
      Load.Result get,
      Load.Result wireMockGet,
      Load.Result nettyGet,
      Load.Result jdkGet,
      Load.Result getMany,
      Load.Result wireMockGetMany,
      int distinct,
      Load.Result create,
      Load.Result wireMockCreate,
      Load.Result nettyCreate,
      Load.Result jdkCreate) {}

  void servers(Servers r) {
    md.append("\n## Sandbox throughput\n\n")
        .append("Load: ")
        .append(r.get().driver())
        .append(
            ", closed loop, after a warm-up of the same load; "
                + (r.rounds() > 1
                    ? "every row is the median of "
                        + r.rounds()
                        + " measurements, one a round, the rows taking turns (the reads' rounds"
                        + " before the creates'), so the machine's changes of pace weigh on all of"
                        + " them alike. "
                    : "one measurement a row. ")
                + "The sandbox checks every request "
                + "against the spec and keeps its state; WireMock (3.13, request journal off) answers static stubs with "
                + "the sandbox's own answers (one payment's path, any payment's path by pattern, the create). The bare "
                + "Netty server writes the same bytes with as many I/O threads as the sandbox's server has: it is the "
                + "ceiling of the server the sandbox runs on. The bare JDK `HttpServer` does the same on the server the "
                + "sandbox ran on before. Each \"vs WireMock\" compares with WireMock's row of the same request; \"vs "
                + "bare Netty\" with the bare Netty server's row of the same method.\n\n")
        .append(
            "| Server | Request | Successful requests/s | p99 ms | Failed | vs WireMock | vs bare Netty |\n")
        .append("|---|---|---:|---:|---:|---:|---:|\n");
    row("sandbox", "GET one payment", r.get(), r.wireMockGet(), r.nettyGet());
    row("WireMock", "GET one payment (stub)", r.wireMockGet(), r.wireMockGet(), r.nettyGet());
    row("bare Netty server", "GET (same bytes)", r.nettyGet(), r.wireMockGet(), r.nettyGet());
    row("bare JDK server", "GET (same bytes)", r.jdkGet(), r.wireMockGet(), r.nettyGet());
    row(
        "sandbox",
        "GET " + r.distinct() + " payments in turn",
        r.getMany(),
        r.wireMockGetMany(),
        r.nettyGet());
    row(
        "WireMock",
        "GET " + r.distinct() + " payments in turn (pattern stub)",
        r.wireMockGetMany(),
        r.wireMockGetMany(),
        r.nettyGet());
    row("sandbox", "POST create, new key each", r.create(), r.wireMockCreate(), r.nettyCreate());
    row("WireMock", "POST create (stub)", r.wireMockCreate(), r.wireMockCreate(), r.nettyCreate());
    row(
        "bare Netty server",
        "POST (same bytes)",
        r.nettyCreate(),
        r.wireMockCreate(),
        r.nettyCreate());
    row("bare JDK server", "POST (same bytes)", r.jdkCreate(), r.wireMockCreate(), r.nettyCreate());
    boolean clean =
        r.get().failures() == 0 && r.getMany().failures() == 0 && r.create().failures() == 0;
    double getVsNetty = r.get().requestsPerSecond() / r.nettyGet().requestsPerSecond();
    double createVsNetty = r.create().requestsPerSecond() / r.nettyCreate().requestsPerSecond();
    double createVsWireMock =
        r.create().requestsPerSecond() / r.wireMockCreate().requestsPerSecond();
    boolean getMet = clean && getVsNetty >= 0.9;
    boolean createVsNettyMet = clean && createVsNetty >= 0.7;
    boolean createVsWireMockMet = clean && createVsWireMock >= 2;
    boolean tailsMet =
        tailMet(r.get(), r.wireMockGet())
            && tailMet(r.getMany(), r.wireMockGetMany())
            && tailMet(r.create(), r.wireMockCreate());
    md.append("\nTargets, every request checked in full and journalled, none failed:\n\n")
        .append(
            String.format(
                Locale.ROOT,
                "- one payment read again and again: %.2fx the bare Netty server (target 0.9x: **%s**)%n"
                    + "- creates, a new key each: %.2fx the bare Netty server (target 0.7x: **%s**) and"
                    + " %.2fx WireMock (target 2x: **%s**)%n"
                    + "- p99 no higher than WireMock's on the same request: %s%n",
                getVsNetty,
                verdict(getMet),
                createVsNetty,
                verdict(createVsNettyMet),
                createVsWireMock,
                verdict(createVsWireMockMet),
                String.join(
                    "; ",
                    tail("one payment", r.get(), r.wireMockGet()),
                    tail(r.distinct() + " payments in turn", r.getMany(), r.wireMockGetMany()),
                    tail("creates", r.create(), r.wireMockCreate()))))
        .append(
            String.format(
                Locale.ROOT,
                "%nThe bare Netty server answers at %.2fx the bare JDK server's rate on the same GET and %.2fx on "
                    + "the same POST, and at %.2fx and %.2fx WireMock's: the most the sandbox's server could give. ",
                r.nettyGet().requestsPerSecond() / r.jdkGet().requestsPerSecond(),
                r.nettyCreate().requestsPerSecond() / r.jdkCreate().requestsPerSecond(),
                r.nettyGet().requestsPerSecond() / r.wireMockGet().requestsPerSecond(),
                r.nettyCreate().requestsPerSecond() / r.wireMockCreate().requestsPerSecond()))
        .append(
            "Every request the sandbox answers is checked in full against its document (parameters, headers, "
                + "media types and body, by schemas compiled once). The first row repeats one URL, as a client "
                + "polling a payment does: a payment's rendered answer is kept per version of the payment, so the "
                + "repeat is not rendered again. The row with ")
        .append(r.distinct())
        .append(
            " payments in turn asks for more than twice as many payments as the sandbox has slots for rendered "
                + "answers (4,096, chosen by payment id), so between two reads of a payment another has taken its "
                + "slot and every answer there is rendered afresh. Every create is checked, made and kept, its key "
                + "remembered and its call journalled.\n");
    if (!(getMet && createVsNettyMet && createVsWireMockMet && tailsMet)) {
      md.append(
          "\nWhat bounds the missed targets, and what was tried. The bare Netty rows are the server's own"
              + " ceiling, measured beside the sandbox; the distance to it is the sandbox's work on each"
              + " request: checking it against its document, finding its operation and its merchant, the"
              + " journal entry, and for a create reading the body into a tree, the idempotency"
              + " fingerprint, making and keeping the payment and writing its answer. The README's notes"
              + " on the profiles give each a share; by the last profile, no single one of a read's"
              + " was above 3% of the server threads' samples. Tried and kept: checks compiled once, rendered answers"
              + " kept per version of a payment, a journal its threads queue to without a lock, the"
              + " request target read without `java.net.URI`, and fewer objects kept per create (the"
              + " invoice as JSON text, a key's digest as bytes, a journalled call's headers as one"
              + " text: see what a create keeps, below). The creates' tail is the collector's: every"
              + " create is kept, and each young collection copies the ones made since the last; the"
              + " open loop below gives the pauses beside each row's latencies.\n");
    }
  }

  private static String tail(String what, Load.Result ours, Load.Result wireMock) {
    return String.format(
        Locale.ROOT,
        "%s %.1f ms against %.1f ms (**%s**)",
        what,
        ours.p99Millis(),
        wireMock.p99Millis(),
        verdict(tailMet(ours, wireMock)));
  }

  private static boolean tailMet(Load.Result ours, Load.Result wireMock) {
    return ours.p99Millis() <= wireMock.p99Millis();
  }

  /** One server's latency under the open-loop driver. */
  record OpenRow(String server, String request, OpenLoad.Result result, GcPauses.Summary pauses) {}

  void openLoop(List<OpenRow> rows, String sandboxCollector) {
    md.append("\n### Latency at a fixed offered rate\n\n")
        .append(
            "An open loop: requests offered at a fixed rate to the sandbox and to WireMock alike,"
                + " half of what the slower of the two answered in a closed loop (the driver above) in"
                + " the same arrangement, whatever their answers do ("
                + OpenLoad.CONNECTIONS
                + " connections, a Netty driver in the benchmark's JVM). Each server runs in a JVM of"
                + " its own, started as its users start it: the sandbox's standalone jar with"
                + " `java -jar` and no option, so with the collector settings it chooses itself (it"
                + " said `"
                + sandboxCollector
                + "`), WireMock's standalone server with its defaults and its journal off. Each"
                + " latency runs from when its request was due, not from when it was sent, so a stall"
                + " is charged to every request that waited behind it; every latency is kept, so the"
                + " percentiles are exact. After a warm-up at the same rate. The collector's pauses"
                + " are those the server's JVM logged while the row ran (its warm-up included).\n\n")
        .append(
            "| Server | Request | Offered/s | Answered/s | p50 ms | p99 ms | p99.9 ms | max ms | Failed"
                + " | Collector's pauses |\n")
        .append("|---|---|---:|---:|---:|---:|---:|---:|---:|---|\n");
    Map<String, OpenLoad.Result> wireMock = new HashMap<>();
    for (OpenRow row : rows) {
      if (row.server().equals("WireMock")) {
        wireMock.put(requestKind(row.request()), row.result());
      }
    }
    List<String> verdicts = new ArrayList<>();
    for (OpenRow row : rows) {
      OpenLoad.Result r = row.result();
      OpenLoad.Result theirs = wireMock.get(requestKind(row.request()));
      if (row.server().equals("sandbox") && theirs != null) {
        verdicts.add(
            String.format(
                Locale.ROOT,
                "- %s: p99 %.2f ms against WireMock's %.2f ms, p99.9 %.2f ms against %.2f ms at %,.0f"
                    + " offered a second (target: both at or below WireMock's, none failed: **%s**)%n",
                row.request(),
                r.p99Millis(),
                theirs.p99Millis(),
                r.p999Millis(),
                theirs.p999Millis(),
                r.offered(),
                verdict(
                    r.failures() == 0
                        && r.p99Millis() <= theirs.p99Millis()
                        && r.p999Millis() <= theirs.p999Millis())));
      }
      md.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %,.0f | %,.0f | %.2f | %.2f | %.2f | %.1f | %d | %s |%n",
              row.server(),
              row.request(),
              r.offered(),
              r.achieved(),
              r.p50Millis(),
              r.p99Millis(),
              r.p999Millis(),
              r.maxMillis(),
              r.failures(),
              row.pauses().describe()));
    }
    md.append("\nTargets:\n\n");
    verdicts.forEach(md::append);
  }

  /** "GET" or "POST": a sandbox row and WireMock's row of the same request share it. */
  private static String requestKind(String request) {
    return request.substring(0, request.indexOf(' '));
  }

  void createFootprint(CreateFootprint.Result footprint) {
    md.append("\n### What a create keeps and allocates\n\n")
        .append(
            String.format(
                Locale.ROOT,
                "%,d creates to a fresh sandbox in the benchmark's JVM, fewer than its call journal and its"
                    + " idempotency keys hold, so everything a create leaves behind is counted: the live"
                    + " objects by class (the JVM's class histogram, after a full collection) before and"
                    + " after; and the bytes every thread of the JVM allocated while they were made, less"
                    + " what the same creates from the same driver allocated against the bare Netty"
                    + " server, which answers them with the same bytes and keeps nothing. WireMock's"
                    + " allocation is measured the same way, with its stub and its journal off.%n%n"
                    + "| Measure | Sandbox | Target | Verdict |%n|---|---:|---|---|%n"
                    + "| Kept per create, objects | %.1f | fewer than the 87 of this step's start, measured"
                    + " the same way | %s |%n"
                    + "| Kept per create, bytes | %,.0f | less than the 3,700 of this step's start | %s |%n"
                    + "| Allocated per create beyond the bare server's, bytes | %,.0f | no more than"
                    + " WireMock's: %,.0f | %s |%n%n"
                    + "What keeps the most: %s. At this step's start the call journal held each call's"
                    + " headers as a map of lists, some fifty objects that every young collection copied"
                    + " until the call was forgotten; they are one text now. WireMock keeps nothing of a"
                    + " create: it has no state to keep.%n",
                footprint.creates(),
                footprint.keptObjects(),
                verdict(footprint.keptObjects() < 87),
                footprint.keptBytes(),
                verdict(footprint.keptBytes() < 3_700),
                footprint.allocatedBytes(),
                footprint.wireMockAllocatedBytes(),
                verdict(footprint.allocatedBytes() <= footprint.wireMockAllocatedBytes()),
                String.join("; ", footprint.largest())));
  }

  void startUp(List<StartUp.Row> rows) {
    md.append("\n## Time to the first answered request\n\n")
        .append(
            "From the start of a server to the 200 of its first create (for the sandbox: checked against the "
                + "document and made). A standalone jar is started as a new JVM each time, JVM start included; in the "
                + "test's JVM is what a JUnit extension does (`Sandbox.builder().start()`, which `SandboxExtension` "
                + "calls, and `new WireMockServer(...).start()` with the stub added), the first start in a fresh JVM "
                + "apart from the later ones. Median of the starts.\n\n")
        .append(
            "| Server | Started | Starts | Median ms | vs WireMock |\n|---|---|---:|---:|---:|\n");
    Map<String, Double> wireMock = new HashMap<>();
    rows.stream()
        .filter(row -> row.server().equals("WireMock"))
        .forEach(row -> wireMock.put(row.how(), row.median()));
    List<String> verdicts = new ArrayList<>();
    for (StartUp.Row row : rows) {
      Double theirs = wireMock.get(row.how());
      md.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %d | %,.0f | %s |%n",
              row.server(),
              row.how(),
              row.millis().size(),
              row.median(),
              theirs == null
                  ? "-"
                  : String.format(Locale.ROOT, "%.2fx the time", row.median() / theirs)));
      if (row.server().equals("sandbox") && theirs != null) {
        verdicts.add(
            String.format(Locale.ROOT, "%s: %s", row.how(), verdict(row.median() <= theirs)));
      }
    }
    md.append("\nTarget: answered no later than WireMock. ")
        .append(String.join("; ", verdicts))
        .append(
            ". What bounds the sandbox here: a first start waits for the documents' compiled checks "
                + "(the request validators load after them, and only v1 calls wait for those); a later start's "
                + "first create runs through code the JIT has not compiled yet, a longer path than a stub's "
                + "match, which shortens as the JVM warms (see the README's notes on the profiles).\n");
  }

  private void row(
      String server, String request, Load.Result result, Load.Result wireMock, Load.Result bare) {
    md.append(
        String.format(
            Locale.ROOT,
            "| %s | %s | %,.0f | %.1f | %d | %.2fx | %.2fx |%n",
            server,
            request,
            result.requestsPerSecond(),
            result.p99Millis(),
            result.failures(),
            result.requestsPerSecond() / wireMock.requestsPerSecond(),
            result.requestsPerSecond() / bare.requestsPerSecond()));
  }

  // ---------------------------------------------------------------- client

  void client(int threads, int warmRounds, ClientRounds rounds) {
    if (threads == 1) {
      md.append("\n## Client overhead\n\n")
          .append(
              String.format(
                  Locale.ROOT,
                  "Round trips per second to a local server writing the sandbox's answers, so what differs is"
                      + " the client: ours; the JDK `HttpClient` with Jackson decoding into the same generated"
                      + " model, written by hand (\"raw\"); and the Java client OpenAPI Generator 7.25 makes"
                      + " from the same spec by default (library `native`, \"stock\"). JMH in this JVM, the"
                      + " six benchmarks taking turns in %d round%s after %d of warm-up, the order turning by"
                      + " one each round; each rate is the median of the rounds (slowest to fastest round"
                      + " beside it) and each ratio the median of the rounds' ratios, so a change of the"
                      + " machine's pace between rounds falls on both sides of it. The three clients share"
                      + " this JVM's compiled code, as clients in one application do. Allocation per call"
                      + " from JMH's GC profiler.%n%n",
                  rounds.rounds(),
                  rounds.rounds() == 1 ? "" : "s",
                  warmRounds))
          .append(
              "| Call | Callers | Ours ops/s | Raw ops/s | Stock ops/s | Ours / raw | Ours / stock | "
                  + "B/op ours | B/op raw | B/op stock |\n")
          .append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    }
    for (String call : List.of("get", "create")) {
      ClientRounds.Rates ours = rounds.rates(call + "Ours");
      ClientRounds.Rates raw = rounds.rates(call + "Raw");
      ClientRounds.Rates stock = rounds.rates(call + "Stock");
      double toRaw = rounds.ratio(call + "Ours", call + "Raw");
      double toStock = rounds.ratio(call + "Ours", call + "Stock");
      double stockToRawHere = rounds.ratio(call + "Stock", call + "Raw");
      if (threads == 16) {
        rawBusyRate.put(call, raw.median());
        if (toRaw < 0.85) {
          busyShort.add(call.equals("get") ? "read" : "create");
        }
      }
      md.append(
          String.format(
              Locale.ROOT,
              "| %s payment | %d | %s | %s | %s | %.2fx | %.2fx | %,.0f | %,.0f | %,.0f |%n",
              call.equals("get") ? "read" : "create",
              threads,
              rate(ours),
              rate(raw),
              rate(stock),
              toRaw,
              toStock,
              ours.bytes(),
              raw.bytes(),
              stock.bytes()));
      stockVersusRaw.add(
          String.format(
              Locale.ROOT,
              "%.2fx (%s, %d caller%s)",
              stockToRawHere,
              call.equals("get") ? "read" : "create",
              threads,
              threads == 1 ? "" : "s"));
      targets.append(
          String.format(
              Locale.ROOT,
              "- %s, %d caller%s: %.2fx raw (target 0.85x: %s), %.2fx stock "
                  + "(target 1.0x: %s), %.2fx raw's bytes per call (target 1.2x or less: %s)%n",
              call.equals("get") ? "read" : "create",
              threads,
              threads == 1 ? "" : "s",
              toRaw,
              verdict(toRaw >= 0.85),
              toStock,
              verdict(toStock >= 1.0),
              ours.bytes() / raw.bytes(),
              verdict(ours.bytes() / raw.bytes() <= 1.2)));
    }
    if (threads == 16) {
      md.append("\nTargets:\n\n").append(targets);
      md.append(
              "\nThe server "
                  + "runs in the benchmark's JVM, so its own allocation (the same for all three) is part of each B/op. "
                  + "Our client does more per call than either: it checks the request against the spec before sending, "
                  + "sends an idempotency key and a user agent, keeps the call's deadline, and masks secrets in whatever "
                  + "it logs. The stock client ran at ")
          .append(String.join(", ", stockVersusRaw))
          .append(" of raw");
      md.append(".\n");
    }
  }

  void clientThreads(List<ClientThreads.Spent> spent) {
    md.append(
            String.format(
                Locale.ROOT,
                "%nWhere the process's time goes per create with %d callers and a real exchange to the"
                    + " same local server: processor time by the threads that spend it, %,d calls a"
                    + " round, ours and raw taking turns, the round that cost the process least of three"
                    + " after two of warm-up. The rest is the collector, the compiler and any other"
                    + " thread.%n%n",
                ClientThreads.CALLERS,
                spent.isEmpty() ? 0 : spent.get(0).calls()))
        .append(
            "| Call | Callers µs | HTTP client's threads µs | Server's threads µs | Rest µs | Process"
                + " µs |\n|---|---:|---:|---:|---:|---:|\n");
    Map<String, ClientThreads.Spent> byCall = new HashMap<>();
    for (ClientThreads.Spent s : spent) {
      byCall.put(s.call(), s);
      md.append(
          String.format(
              Locale.ROOT,
              "| %s | %.1f | %.1f | %.1f | %.1f | %.1f |%n",
              s.call(),
              s.callers(),
              s.httpClient(),
              s.server(),
              s.rest(),
              s.process()));
    }
    ClientThreads.Spent ours = byCall.get("create payment, ours");
    ClientThreads.Spent raw = byCall.get("create payment, raw");
    if (ours != null && raw != null) {
      md.append(
          String.format(
              Locale.ROOT,
              "%nOurs cost the process %.1f µs more per create than raw (%.2fx raw's rate, were the"
                  + " cores all the bound): %.1f on the calling threads, %.1f on the HTTP client's,"
                  + " %.1f on the server's, %.1f in the rest.%n",
              ours.process() - raw.process(),
              raw.process() / ours.process(),
              ours.callers() - raw.callers(),
              ours.httpClient() - raw.httpClient(),
              ours.server() - raw.server(),
              ours.rest() - raw.rest()));
    }
  }

  void clientCost(List<ClientCost.Cost> costs) {
    md.append(
            "\nWhat the client alone costs the calling thread per call, without the exchange: the same calls "
                + "through a JDK `HttpClient` that answers at once in the calling thread, so no network, server or "
                + "other thread is in the figure (CPU time and bytes allocated read from the thread, the cheapest "
                + "of three rounds of a hundred thousand calls after two of warm-up):\n\n")
        .append(
            "| Call | CPU µs per call | Bytes per call | More than raw: µs | Most the 0.85x target"
                + " leaves: µs | Within it |\n|---|---:|---:|---:|---:|---|\n");
    Map<String, ClientCost.Cost> byCall = new HashMap<>();
    costs.forEach(cost -> byCall.put(cost.call(), cost));
    int cores = Runtime.getRuntime().availableProcessors();
    List<String> within = new ArrayList<>();
    List<String> beyond = new ArrayList<>();
    for (ClientCost.Cost cost : costs) {
      String call = cost.call().startsWith("read") ? "get" : "create";
      ClientCost.Cost raw = byCall.get(cost.call().replace(", ours", ", raw"));
      Double rate = rawBusyRate.get(call);
      if (!cost.call().endsWith(", ours") || raw == null || rate == null) {
        md.append(
            String.format(
                Locale.ROOT,
                "| %s | %.2f | %,d | | | %s |%n",
                cost.call(),
                cost.micros(),
                cost.bytes(),
                cost.call().endsWith(", raw") ? "the baseline" : "not judged: no busy raw rate"));
        continue;
      }
      // With sixteen callers the cores are busy, so a raw round trip costs the machine
      // cores / rate of processor time; reaching 0.85x of that rate leaves our client 1/0.85 - 1
      // of it for its own work.
      double leaves = (1 / 0.85 - 1) * cores * 1e6 / rate;
      double more = cost.micros() - raw.micros();
      (more <= leaves ? within : beyond).add(call.equals("get") ? "read" : "create");
      md.append(
          String.format(
              Locale.ROOT,
              "| %s | %.2f | %,d | %.2f | %.2f | %s |%n",
              cost.call(),
              cost.micros(),
              cost.bytes(),
              more,
              leaves,
              verdict(more <= leaves)));
    }
    md.append(
        String.format(
            Locale.ROOT,
            "%nWhat the client does that the raw exchange does not: Feign's per-call request template and"
                + " its copies of the response headers, the call's options and deadline, and for a create"
                + " the Bean Validation of the request against the spec. The most the 0.85x target leaves"
                + " it is 0.18 of what a raw round trip costs the machine's %d cores at raw's sixteen-caller"
                + " rate above.",
            cores));
    List<String> shortAtSixteen = within.stream().filter(busyShort::contains).toList();
    if (!shortAtSixteen.isEmpty()) {
      md.append(
          String.format(
              Locale.ROOT,
              " The %s within it, and short of 0.85x raw with sixteen callers all the same: the"
                  + " table below says which threads spend the rest.",
              String.join(" and ", shortAtSixteen)
                  + (shortAtSixteen.size() == 1 ? " is" : " are")));
    }
    if (!beyond.isEmpty()) {
      md.append(
          String.format(
              Locale.ROOT,
              " The %s more than it leaves: the client's own work alone keeps it from the target.",
              String.join(" and ", beyond) + (beyond.size() == 1 ? " costs" : " cost")));
    }
    md.append('\n');
  }

  private final StringBuilder targets = new StringBuilder();

  /** Raw round trips per second with sixteen callers, by call: the machine busy with raw's work. */
  private final Map<String, Double> rawBusyRate = new HashMap<>();

  /** The calls short of 0.85x raw with sixteen callers. */
  private final List<String> busyShort = new ArrayList<>();

  private final List<String> stockVersusRaw = new ArrayList<>();

  // ---------------------------------------------------------------- kit and build

  void kit(Duration wall, int exit, String lastLine) {
    md.append("\n## Kit and build\n\n| What | Wall time | Target | |\n|---|---:|---:|---|\n");
    if (wall == null) {
      md.append("| conformance kit against the embedded sandbox | - | 20 s | ")
          .append(lastLine)
          .append(" |\n");
    } else {
      md.append(
          String.format(
              Locale.ROOT,
              "| conformance kit against the embedded sandbox, JVM start included "
                  + "(`java -jar conformance-tests/target/merchantpay-conformance.jar`) | %.1f s | 20 s | %s; exit %d: %s |%n",
              wall.toMillis() / 1000.0,
              verdict(exit == 0 && wall.toSeconds() < 20),
              exit,
              lastLine));
    }
  }

  /**
   * @param cpu processor time the build and every process it started used, or null where the
   *     platform does not tell
   */
  void build(Duration wall, int exit, Duration cpu, int cores) {
    md.append(
        String.format(
            Locale.ROOT,
            "| `mvn -B -ntp verify` on a fresh clone (every module, every test) | "
                + "%d min %02d s | 5 min | %s; exit %d |%n",
            wall.toMinutes(),
            wall.toSecondsPart(),
            verdict(exit == 0 && wall.compareTo(Duration.ofMinutes(5)) < 0),
            exit));
    if (cpu != null && !wall.isZero()) {
      md.append(
          String.format(
              Locale.ROOT,
              "%nThe build and the processes it started (test JVMs, the release check's own build,"
                  + " browsers) used %.1f minutes of processor time: on average %.1f of the machine's"
                  + " %d cores were busy. With every core busy all the time it would still take %.1f"
                  + " minutes, which is what bounds it.%n",
              cpu.toMillis() / 60_000.0,
              (double) cpu.toMillis() / wall.toMillis(),
              cores,
              cpu.toMillis() / 60_000.0 / cores));
    }
  }

  // ---------------------------------------------------------------- the kit over a slow network

  void kitLatency(List<KitLatency.Result> runs) {
    md.append(
        "\n## The kit over a slow network\n\nThe kit's whole default run against the embedded sandbox behind a "
            + "proxy that holds every answer for the given time (a round trip to a remote staging environment), with one "
            + "worker (the checks one after another) and with the default. Wall time of the run, the sandbox already "
            + "started; calls counted from the report; verdicts compared check by check with the one-worker run at the "
            + "same delay.\n\n| Delay per answer | Workers | Wall time | Calls | Exit | Same verdicts as 1 worker |\n"
            + "|---:|---:|---:|---:|---:|---|\n");
    Map<Duration, KitLatency.Result> single = new HashMap<>();
    runs.stream().filter(r -> r.workers() == 1).forEach(r -> single.put(r.delay(), r));
    for (KitLatency.Result run : runs) {
      KitLatency.Result one = single.get(run.delay());
      String same =
          run.workers() == 1
              ? "-"
              : one == null
                  ? "not compared"
                  : run.verdicts().equals(one.verdicts()) ? "yes" : "no: " + differing(one, run);
      md.append(
          String.format(
              Locale.ROOT,
              "| %d ms | %d | %.1f s | %,d | %d | %s |%n",
              run.delay().toMillis(),
              run.workers(),
              run.wall().toMillis() / 1000.0,
              run.calls(),
              run.exit(),
              same));
    }
    runs.stream()
        .filter(r -> r.delay().toMillis() == 120 && r.workers() > 1)
        .findFirst()
        .ifPresent(
            run -> {
              KitLatency.Result one = single.get(run.delay());
              boolean met =
                  run.exit() == 0
                      && run.wall().toSeconds() < 45
                      && (one == null || one.verdicts().equals(run.verdicts()));
              md.append(
                      "\nTarget of the first step: at 120 ms per answer the default run ends in under 45 s with exit 0 and "
                          + "the same verdict for every check as one worker. **")
                  .append(verdict(met))
                  .append("**\n");
              KitLatency.Chain chain = run.chain();
              if (chain != null) {
                double ratio = (double) run.wall().toMillis() / chain.millis();
                md.append(
                        String.format(
                            Locale.ROOT,
                            "%nThe longest chain of calls that must follow each other, at 120 ms per answer: %.1f s, about %.0f"
                                + " round trips (%d calls in flight at most). It is the longest check that runs beside"
                                + " others, measured again on its own, then the checks that must run alone one after"
                                + " another (they list a period every other check's payments would join, or move the"
                                + " target's clock), each taking its own chain:%n%n",
                            chain.millis() / 1000.0,
                            chain.roundTrips(run.delay()),
                            run.workers() * ConformanceKit.CALLS_PER_WORKER))
                    .append("| Check | ms |\n|---|---:|\n");
                chain
                    .links()
                    .forEach(
                        (id, millis) ->
                            md.append(String.format(Locale.ROOT, "| `%s` | %,d |%n", id, millis)));
                md.append(
                    String.format(
                        Locale.ROOT,
                        "%nTarget: the default run within 1.5x of that chain: %.1f s is %.2fx. **%s**%n",
                        run.wall().toMillis() / 1000.0,
                        ratio,
                        verdict(run.exit() == 0 && ratio <= 1.5)));
              }
            });
  }

  private static String differing(KitLatency.Result one, KitLatency.Result many) {
    List<String> ids = new ArrayList<>();
    one.verdicts()
        .forEach(
            (id, outcome) -> {
              if (outcome != many.verdicts().get(id)) {
                ids.add(id + " " + outcome + "/" + many.verdicts().get(id));
              }
            });
    return String.join(", ", ids.subList(0, Math.min(5, ids.size())));
  }

  // ---------------------------------------------------------------- resilience

  void faults(Resilience.FaultRun run) {
    md.append("\n## Resilience\n\n### Client creates through a faulty network\n\n")
        .append(
            "30% of requests meet a fault: the connection dropped before or after the sandbox acted, 502 or 503 "
                + "after it acted, or the answer held past the client's 500 ms timeout. Client defaults otherwise (3 "
                + "attempts). Counted afterwards from the sandbox's own list of payments.\n\n")
        .append(
            "| Creates | Faults injected | Succeeded | Failed | Failed and reported \"outcome unknown\" with "
                + "their key | Duplicates | Lost | Failed for the caller but made |\n|---:|---:|---:|---:|---:|---:|---:|---:|\n")
        .append(
            String.format(
                Locale.ROOT,
                "| %d | %d | %d | %d | %d | %d | %d | %d |%n",
                run.creates(),
                run.faultsInjected(),
                run.succeeded(),
                run.failed(),
                run.failedReportedUnknownWithKey(),
                run.duplicates(),
                run.lost(),
                run.createdThoughReportedFailed()))
        .append("\nTargets: no duplicate (")
        .append(run.duplicates() == 0 ? "met" : "not met")
        .append("), no lost create (")
        .append(run.lost() == 0 ? "met" : "not met")
        .append("), every failure reported as \"outcome unknown\" with its key (")
        .append(run.failed() == run.failedReportedUnknownWithKey() ? "met" : "not met")
        .append(").\n");
  }

  void fuzz(Resilience.FuzzRun run) {
    md.append("\n### Malformed requests to the sandbox\n\n")
        .append(
            String.format(
                Locale.ROOT,
                "%,d requests generated with jqwik from a fixed seed (cut, mutated and "
                    + "replaced bodies, wrong types, junk headers, wrong methods, odd paths), judged by the kit's "
                    + "`ExchangeJudge`: %d answered 5xx, %d got no answer, %d v2 error answers were not documented ones "
                    + "(a status the operation declares, the error schema for the body). %d went to a path or method the "
                    + "document lacks; their bodies were held to its error schema. Targets: zero of each of the first "
                    + "three (%s).%n",
                run.requests(),
                run.serverErrors(),
                run.noAnswer(),
                run.undocumentedAnswers(),
                run.outsideTheDocument(),
                verdict(
                    run.serverErrors() == 0
                        && run.noAnswer() == 0
                        && run.undocumentedAnswers() == 0)));
    run.examples().forEach(example -> md.append("- `").append(example).append("`\n"));
  }

  void soak(Soak.Run run, String skipped) {
    md.append("\n### Soak with a bounded heap\n\n");
    if (run == null) {
      md.append(skipped).append("\n");
      return;
    }
    List<Double> heap = run.liveHeapMb();
    md.append(
        String.format(
            Locale.ROOT,
            "The standalone sandbox with `-Xmx96m` and its default bounds, %s of unique "
                + "creates (%s, %,d creates, %,.0f/s, %d failed), its live heap read after a full collection every sample: "
                + "%s MB. The JVM %s.",
            human(run.duration()),
            run.driver(),
            run.creates(),
            run.createsPerSecond(),
            run.failures(),
            heap.stream().map(mb -> String.format(Locale.ROOT, "%.0f", mb)).toList(),
            run.survived() ? "survived" : "did not survive"));
    if (run.failures() > 0 && run.firstFailure() != null) {
      md.append(" The first failure: `").append(oneLine(run.firstFailure(), 200)).append("`.");
    }
    if (heap.size() < 4 || heap.stream().anyMatch(mb -> mb.isNaN())) {
      md.append(" Too few readings of the heap to judge it (target not judged).");
    } else {
      double half = heap.get(heap.size() / 2);
      double last = heap.get(heap.size() - 1);
      double max =
          heap.subList(heap.size() / 2, heap.size()).stream()
              .mapToDouble(Double::doubleValue)
              .max()
              .orElse(0);
      boolean flat = last <= half * 1.1 + 2;
      md.append(
          String.format(
              Locale.ROOT,
              " Over the second half the live heap went from %.0f MB to %.0f MB (highest "
                  + "%.0f MB): %s. Target: the JVM survives, no create fails, the live heap stays flat (%s).",
              half,
              last,
              max,
              flat ? "flat" : "growing",
              verdict(flat && run.survived() && run.failures() == 0)));
    }
    md.append("\n");
  }

  /**
   * A driver's text on one line, control characters and backticks out, at most {@code max} long.
   */
  private static String oneLine(String text, int max) {
    String line = text.replaceAll("[\\p{Cntrl}`]", " ").strip();
    return line.length() <= max ? line : line.substring(0, max) + "...";
  }

  private static String human(Duration duration) {
    return duration.toMinutes() > 0
        ? duration.toMinutes() + " minutes"
        : duration.toSeconds() + " seconds";
  }

  void broken(String section, Exception e) {
    md.append("\n## ")
        .append(section)
        .append(": broken\n\nThis part of the run failed, so it has no figures: `")
        .append(String.valueOf(e).replace('`', '\''))
        .append("`\n");
  }

  /** A JMH score with its error, when there were iterations enough to have one. */
  private static String rate(ClientRounds.Rates rates) {
    return rates.slowest() == rates.fastest()
        ? String.format(Locale.ROOT, "%,.0f", rates.median())
        : String.format(
            Locale.ROOT, "%,.0f (%,.0f–%,.0f)", rates.median(), rates.slowest(), rates.fastest());
  }

  private static String verdict(boolean met) {
    return met ? "met" : "not met";
  }

  String markdown() {
    return md.toString();
  }
}
