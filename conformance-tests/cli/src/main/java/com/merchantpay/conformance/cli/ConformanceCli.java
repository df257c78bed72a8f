package com.merchantpay.conformance.cli;

import com.merchantpay.conformance.Main;
import java.io.PrintStream;

/**
 * The runnable kit's entry point: the kit's command line ({@link Main}) with the {@code pact}
 * subcommand. {@code java -jar merchantpay-conformance.jar [options]} runs the checks; {@code ...
 * pact [options]} verifies the pacts.
 */
public final class ConformanceCli {
  private ConformanceCli() {}

  public static void main(String[] args) {
    System.exit(execute(System.out, System.err, args));
  }

  public static int execute(PrintStream out, PrintStream err, String... args) {
    return Main.commandLine(out, err).addSubcommand("pact", new PactCommand(out)).execute(args);
  }
}
