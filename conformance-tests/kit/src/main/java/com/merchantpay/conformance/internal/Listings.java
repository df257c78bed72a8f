package com.merchantpay.conformance.internal;

import com.merchantpay.conformance.target.OpenPoint;
import java.io.PrintStream;
import java.util.List;

/** The rules catalogue and the open points as the command line lists them. */
public final class Listings {
  private Listings() {}

  /** Every rule with the checks that cover it, or why none can. */
  public static void rules(PrintStream out) {
    List<Check> checks = Catalog.all();
    for (Rule rule : Rule.all()) {
      out.println(rule.id() + "  (" + rule.doc() + " document, " + rule.section() + ")");
      out.println("    " + rule.says());
      if (rule.checkable()) {
        out.println(
            "    checks: "
                + String.join(
                    ", ", checks.stream().filter(rule::coveredBy).map(Check::id).toList()));
      } else {
        out.println("    not checked: " + rule.unchecked());
      }
    }
  }

  /** Every open point with our specs' reading of it. */
  public static void points(PrintStream out) {
    for (OpenPoint point : OpenPoint.values()) {
      out.println(point.id() + "  " + point.question() + "; our specs: " + point.ours());
    }
  }
}
