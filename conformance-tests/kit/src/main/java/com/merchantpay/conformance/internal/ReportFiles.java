package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.merchantpay.conformance.report.CheckResult;
import com.merchantpay.conformance.report.CheckResult.Outcome;
import com.merchantpay.conformance.report.Report;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * Writes a report as files: {@code conformance-report.json}, one JUnit XML file per suite ({@code
 * TEST-merchantpay-conformance.<suite>.xml}, as Surefire names them, so CI servers show them) and
 * one self-contained {@code conformance-report.html}.
 */
public final class ReportFiles {
  public static final String JSON = "conformance-report.json";
  public static final String HTML = "conformance-report.html";

  private ReportFiles() {}

  /** Writes every file and returns their paths. */
  public static List<Path> write(Report report, Path dir) {
    try {
      Files.createDirectories(dir);
      List<Path> written = new ArrayList<>();
      written.add(json(report, dir.resolve(JSON)));
      Map<String, List<CheckResult>> suites = new LinkedHashMap<>();
      report
          .results()
          .forEach(r -> suites.computeIfAbsent(r.suite(), s -> new ArrayList<>()).add(r));
      for (Map.Entry<String, List<CheckResult>> suite : suites.entrySet()) {
        written.add(
            junit(
                suite.getKey(),
                suite.getValue(),
                dir.resolve("TEST-merchantpay-conformance." + suite.getKey() + ".xml")));
      }
      written.add(html(report, dir.resolve(HTML)));
      return written;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the report to " + dir, e);
    } catch (XMLStreamException e) {
      throw new IllegalStateException("cannot write the report to " + dir, e);
    }
  }

  private static Path json(Report report, Path file) throws IOException {
    JsonMapper mapper = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();
    Map<String, Object> counts = new LinkedHashMap<>();
    for (Outcome outcome : Outcome.values()) {
      counts.put(outcome.name().toLowerCase(Locale.ROOT), report.count(outcome));
    }
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("target", report.target());
    root.put("profile", report.profile());
    root.put("started", report.started().toString());
    root.put("millis", report.millis());
    root.put("counts", counts);
    root.put("strict", report.strict());
    root.put("coverage", report.coverage());
    root.put("differences", report.differencesByPoint());
    root.put("rules", rules(report));
    root.put("results", report.results());
    mapper.writeValue(file.toFile(), root);
    return file;
  }

  /** Each rule of the catalogue with whether this run judged it and the checks that did. */
  private static List<Map<String, Object>> rules(Report report) {
    List<Map<String, Object>> rules = new ArrayList<>();
    for (Rule rule : Rule.all()) {
      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("id", rule.id());
      entry.put("doc", rule.doc());
      entry.put("section", rule.section());
      entry.put("says", rule.says());
      if (rule.checkable()) {
        entry.put(
            "judgedBy",
            report.results().stream()
                .filter(r -> r.rules().contains(rule.id()))
                .map(CheckResult::id)
                .toList());
      } else {
        entry.put("unchecked", rule.unchecked());
      }
      rules.add(entry);
    }
    return rules;
  }

  private static Path junit(String suite, List<CheckResult> results, Path file)
      throws IOException, XMLStreamException {
    try (OutputStream out = Files.newOutputStream(file)) {
      XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out, "UTF-8");
      xml.writeStartDocument("UTF-8", "1.0");
      xml.writeStartElement("testsuite");
      xml.writeAttribute("name", "merchantpay-conformance." + suite);
      xml.writeAttribute("tests", Integer.toString(results.size()));
      xml.writeAttribute(
          "failures",
          Long.toString(results.stream().filter(r -> r.outcome() == Outcome.FAILED).count()));
      xml.writeAttribute("errors", "0");
      xml.writeAttribute(
          "skipped",
          Long.toString(
              results.stream()
                  .filter(r -> r.outcome() == Outcome.SKIPPED || r.outcome() == Outcome.ACCEPTED)
                  .count()));
      xml.writeAttribute("time", seconds(results.stream().mapToLong(CheckResult::millis).sum()));
      for (CheckResult result : results) {
        xml.writeStartElement("testcase");
        xml.writeAttribute("classname", "merchantpay-conformance." + suite);
        xml.writeAttribute("name", result.id() + ": " + result.title());
        xml.writeAttribute("time", seconds(result.millis()));
        switch (result.outcome()) {
          case FAILED -> {
            xml.writeStartElement("failure");
            xml.writeAttribute("message", "expected " + result.expected());
            xml.writeCharacters(details(result));
            xml.writeEndElement();
          }
          case SKIPPED -> {
            xml.writeStartElement("skipped");
            xml.writeAttribute("message", result.actual());
            xml.writeEndElement();
          }
          case ACCEPTED -> {
            xml.writeStartElement("skipped");
            xml.writeAttribute(
                "message", "accepted deviation (baseline): expected " + result.expected());
            xml.writeEndElement();
          }
          default -> {}
        }
        if (!result.differences().isEmpty()) {
          xml.writeStartElement("system-out");
          xml.writeCharacters(differences(result));
          xml.writeEndElement();
        }
        xml.writeEndElement();
      }
      xml.writeEndElement();
      xml.writeEndDocument();
      xml.close();
    }
    return file;
  }

  private static String details(CheckResult result) {
    return "rule: "
        + result.rule()
        + "\nexpected: "
        + result.expected()
        + "\nactual: "
        + result.actual()
        + (result.reproduce() == null ? "" : "\nreproduce: " + result.reproduce());
  }

  private static String differences(CheckResult result) {
    StringBuilder text = new StringBuilder();
    for (CheckResult.Difference difference : result.differences()) {
      text.append("reads an open point differently: ")
          .append(difference.point())
          .append(" (")
          .append(difference.question())
          .append("): ours ")
          .append(difference.ours())
          .append(", the target's ")
          .append(difference.theirs())
          .append(difference.seen() == null ? "" : "; seen in " + difference.seen())
          .append('\n');
    }
    return text.toString();
  }

  private static String seconds(long millis) {
    return String.format(Locale.ROOT, "%.3f", millis / 1000.0);
  }

  private static final String STYLE =
      "body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}"
          + "table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:4px 8px;"
          + "text-align:left;vertical-align:top}.PASSED{color:#1a7f37}.FAILED{color:#cf222e;font-weight:bold}"
          + ".DIFFERS{color:#0a5fa8}.SKIPPED{color:#777}.ACCEPTED{color:#9a6700}pre{white-space:pre-wrap;background:#f6f8fa;padding:6px;"
          + "margin:4px 0}details summary{cursor:pointer}";

  private static Path html(Report report, Path file) throws IOException, XMLStreamException {
    try (OutputStream out = Files.newOutputStream(file)) {
      XMLStreamWriter html = XMLOutputFactory.newFactory().createXMLStreamWriter(out, "UTF-8");
      html.writeDTD("<!DOCTYPE html>");
      html.writeStartElement("html");
      html.writeStartElement("head");
      html.writeEmptyElement("meta");
      html.writeAttribute("charset", "utf-8");
      element(html, "title", "Merchant Payment Service conformance report");
      element(html, "style", STYLE);
      html.writeEndElement();
      html.writeStartElement("body");
      element(html, "h1", "Conformance report");
      element(
          html,
          "p",
          "Target "
              + report.target()
              + ", profile "
              + report.profile()
              + ", started "
              + report.started()
              + ", "
              + seconds(report.millis())
              + " s.");
      element(
          html,
          "p",
          report.count(Outcome.PASSED)
              + " passed, "
              + report.count(Outcome.DIFFERS)
              + " read an open point differently, "
              + report.count(Outcome.FAILED)
              + " failed, "
              + report.count(Outcome.SKIPPED)
              + " skipped, "
              + report.count(Outcome.ACCEPTED)
              + " accepted"
              + (report.strict() ? " (strict run)." : "."));
      for (String line : report.coverage().summary()) {
        element(html, "p", line);
      }
      html.writeStartElement("table");
      html.writeStartElement("tr");
      for (String heading : List.of("Outcome", "Check", "Rule")) {
        element(html, "th", heading);
      }
      html.writeEndElement();
      for (CheckResult result : report.results()) {
        html.writeStartElement("tr");
        html.writeStartElement("td");
        html.writeAttribute("class", result.outcome().name());
        html.writeCharacters(result.outcome().name());
        html.writeEndElement();
        html.writeStartElement("td");
        html.writeStartElement("details");
        element(html, "summary", result.id() + ": " + result.title());
        if (result.outcome() == Outcome.SKIPPED) {
          element(html, "pre", "skipped: " + result.actual());
        } else if (result.outcome() == Outcome.DIFFERS) {
          element(html, "pre", differences(result));
        } else if (result.outcome() != Outcome.PASSED) {
          element(
              html,
              "pre",
              details(result) + (result.differences().isEmpty() ? "" : "\n" + differences(result)));
        } else {
          element(
              html,
              "pre",
              result.calls() + " calls, " + result.millis() + " ms; tags " + result.tags());
        }
        html.writeEndElement();
        html.writeEndElement();
        element(html, "td", result.rule());
        html.writeEndElement();
      }
      html.writeEndElement();
      html.writeEndElement();
      html.writeEndElement();
      html.writeEndDocument();
      html.close();
    }
    return file;
  }

  private static void element(XMLStreamWriter xml, String name, String text)
      throws XMLStreamException {
    xml.writeStartElement(name);
    xml.writeCharacters(text == null ? "" : text);
    xml.writeEndElement();
  }
}
