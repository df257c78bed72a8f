package com.merchantpay.conformance;

import com.merchantpay.conformance.judge.PactJudge;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code check-pacts}: judges any consumer's pact files against the documents, offline. */
@Command(
    name = "check-pacts",
    mixinStandardHelpOptions = true,
    description = {
      "Checks every interaction of Pact files (specification V2, V3 or V4, any consumer) against the "
          + "v2 and v1 documents: the request must be one the documents allow, and the recorded answer "
          + "one they allow for it, with the example values of matchers. Sends nothing."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:every interaction keeps to the documents",
      "1:an interaction departs from them",
      "2:bad usage, or a file that is no pact"
    })
final class CheckPactsCommand implements Callable<Integer> {
  @Parameters(
      paramLabel = "PACT",
      arity = "1..*",
      description = "Pact files, or directories whose *.json files are pacts.")
  List<Path> paths = new ArrayList<>();

  private final PrintStream out;

  CheckPactsCommand(PrintStream out) {
    this.out = out;
  }

  @Override
  public Integer call() throws IOException {
    List<Path> files = PactJudge.pactFiles(paths);
    PactJudge judge = PactJudge.create();
    int interactions = 0;
    int departing = 0;
    for (Path file : files) {
      PactJudge.Judged judged = judge.judge(file);
      interactions += judged.interactions();
      out.printf(
          "%s -> %s (%s): %d interactions%n",
          judged.consumer(), judged.provider(), file, judged.interactions());
      List<String> named = new ArrayList<>();
      for (PactJudge.Finding finding : judged.findings()) {
        String label =
            switch (finding.kind()) {
              case DEPARTURE -> "DEPARTS";
              case READING -> "READS  ";
              case NOT_JUDGED -> "SKIPPED";
            };
        out.println("  " + label + " " + finding.interaction());
        out.println("          " + finding.text().replace("\n", "\n          "));
        if (finding.kind() == PactJudge.Finding.Kind.DEPARTURE
            && !named.contains(finding.interaction())) {
          named.add(finding.interaction());
        }
      }
      departing += named.size();
    }
    out.printf(
        "Pact check: %d interactions in %d files, %d depart from the documents%n",
        interactions, files.size(), departing);
    return departing == 0 ? 0 : 1;
  }
}
