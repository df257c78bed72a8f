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

  /** Every open point with our specs' reading of it and the form a declared reading takes. */
  public static void points(PrintStream out) {
    for (OpenPoint point : OpenPoint.values()) {
      out.println(point.id() + "  " + point.question() + "; our specs: " + point.ours());
      out.println(
          "    a profile declares: "
              + point.accepted()
              + (point.checkable() ? "" : "; reported, never failed (see the README)"));
    }
  }

  /** The open points as the README's table shows them, one Markdown row each. */
  public static String pointsTable() {
    StringBuilder table =
        new StringBuilder(
            "| Id | What the documents leave open | Our specs' reading | A declared reading is |\n"
                + "|---|---|---|---|\n");
    for (OpenPoint point : OpenPoint.values()) {
      table
          .append("| `")
          .append(point.id())
          .append("` | ")
          .append(cell(point.question()))
          .append(" | ")
          .append(cell(point.ours()))
          .append(" | ")
          .append(cell(point.accepted()))
          .append(point.checkable() ? "" : "; reported, never failed")
          .append(" |\n");
    }
    return table.toString();
  }

  /** A table cell's text: a | of its own would end the cell. */
  private static String cell(String text) {
    return text.replace("|", "\\|");
  }
}
