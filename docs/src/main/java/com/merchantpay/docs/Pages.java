package com.merchantpay.docs;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.commonmark.Extension;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.Heading;
import org.commonmark.node.Node;
import org.commonmark.node.Text;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.AttributeProvider;
import org.commonmark.renderer.html.HtmlRenderer;

/**
 * The HTML of the portal's pages; the content is Markdown and the OpenAPI documents, not
 * hand-written HTML.
 */
final class Pages {
  /** The phrase the specs start each of their own decisions with. */
  static final String DECISION = "Not specified by the service documents";

  private static final List<Extension> EXTENSIONS = List.of(TablesExtension.create());
  private static final Parser MARKDOWN = Parser.builder().extensions(EXTENSIONS).build();
  private static final HtmlRenderer HTML =
      HtmlRenderer.builder()
          .extensions(EXTENSIONS)
          .attributeProviderFactory(context -> new HeadingIds())
          .build();

  private Pages() {}

  static String home(List<PortalBuilder.Reference> references, List<Guide> guides) {
    StringBuilder body = new StringBuilder();
    body.append(
        "<h1>Merchant Payment Service</h1>\n<p class=\"lead\">The reference of both interfaces, generated "
            + "from the OpenAPI documents the clients, the sandbox and the conformance kit are built from, the "
            + "sandbox's control interface for tests, and guides for a merchant's developer.</p>\n<h2>Reference</h2>\n<ul class=\"cards\">\n");
    for (PortalBuilder.Reference reference : references) {
      body.append("<li><a href=\"reference/")
          .append(reference.name())
          .append(".html\">")
          .append(escape(reference.title()))
          .append("</a><span>")
          .append(reference.operations().size())
          .append(" operations under <code>")
          .append(reference.basePath())
          .append("</code></span></li>\n");
    }
    body.append(
        "<li><a href=\"decisions.html\">Decisions the specs make</a><span>where the service documents are "
            + "silent</span></li>\n</ul>\n<h2 id=\"guides\">Guides</h2>\n<ul class=\"cards\">\n");
    for (Guide guide : guides) {
      body.append("<li><a href=\"guides/")
          .append(guide.slug())
          .append(".html\">")
          .append(escape(guide.title()))
          .append("</a><span>")
          .append(inline(guide.summary()))
          .append("</span></li>\n");
    }
    body.append("</ul>\n");
    return page("Merchant Payment Service", "", guides, body.toString(), "");
  }

  static String reference(PortalBuilder.Reference reference) {
    String body = "<div id=\"sandbox-note\" class=\"note\"></div>\n<div id=\"reference\"></div>\n";
    String head = "<link rel=\"stylesheet\" href=\"swagger-ui/swagger-ui.css\">\n";
    String scripts =
        "<script src=\"swagger-ui/swagger-ui-bundle.js\"></script>\n<script src=\"../sandbox.js\">"
            + "</script>\n<script src=\"reference.js\"></script>\n";
    return page(reference.title(), "../", List.of(), body, scripts)
        .replace("<head>", "<head>\n" + head)
        .replace("<body>", "<body data-api=\"" + reference.name() + "\">");
  }

  static String guide(Guide guide, List<Guide> guides) {
    return page(
        guide.title(),
        "../",
        guides,
        "<article>\n" + HTML.render(MARKDOWN.parse(guide.markdown())) + "</article>\n",
        "");
  }

  /** Every decision of the specs, where it is made, in the words of the spec. */
  static String decisions(List<PortalBuilder.Reference> references, List<Guide> guides) {
    StringBuilder markdown =
        new StringBuilder(
            "# Decisions the specs make\n\nWhere the service documents leave a "
                + "point open, the specs decide it and say so in a description that starts with \""
                + DECISION
                + "\". "
                + "The clients tolerate the other reasonable readings; the sandbox follows these decisions and the "
                + "conformance kit checks them as decisions, not as rules of the documents.\n");
    for (PortalBuilder.Reference reference : references) {
      List<String[]> found = new ArrayList<>();
      collect(reference.document(), "", found);
      markdown
          .append("\n## ")
          .append(reference.title())
          .append(" (")
          .append(found.size())
          .append(")\n");
      for (String[] decision : found) {
        markdown
            .append("\n### `")
            .append(decision[0])
            .append("`\n\n")
            .append(decision[1])
            .append("\n");
      }
    }
    return page(
        "Decisions the specs make",
        "",
        guides,
        "<article>\n" + HTML.render(MARKDOWN.parse(markdown.toString())) + "</article>\n",
        "");
  }

  private static void collect(JsonNode node, String where, List<String[]> found) {
    if (node.isObject()) {
      for (Map.Entry<String, JsonNode> member : node.properties()) {
        String at = where.isEmpty() ? member.getKey() : where + " " + member.getKey();
        if (member.getKey().equals("description")
            && member.getValue().isTextual()
            && member.getValue().textValue().contains(DECISION)) {
          String text = member.getValue().textValue();
          found.add(
              new String[] {
                where.isEmpty() ? "info" : where, text.substring(text.indexOf(DECISION)).trim()
              });
        } else {
          collect(member.getValue(), at, found);
        }
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        collect(node.get(i), where + " [" + i + "]", found);
      }
    }
  }

  private static String page(
      String title, String root, List<Guide> guides, String body, String scripts) {
    StringBuilder nav =
        new StringBuilder(
            "<nav><a class=\"home\" href=\""
                + root
                + "index.html\">Merchant Payment "
                + "Service</a><a href=\""
                + root
                + "reference/v2.html\">v2 reference</a><a href=\""
                + root
                + "reference/v1.html\">v1 reference</a><a href=\""
                + root
                + "reference/control.html\">Sandbox control</a>");
    nav.append("<a href=\"").append(root).append("index.html#guides\">Guides</a>");
    nav.append("<a href=\"").append(root).append("decisions.html\">Decisions</a></nav>");
    return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>"
        + escape(title)
        + " - Merchant Payment Service</title>\n<link rel=\"icon\" href=\""
        + root
        + "reference/swagger-ui/favicon-32x32.png\">\n<link rel=\"stylesheet\" href=\""
        + root
        + "portal.css\">\n</head>\n"
        + "<body>\n<header>"
        + nav
        + "</header>\n<main>\n"
        + body
        + "</main>\n"
        + scripts
        + "</body>\n</html>\n";
  }

  private static String inline(String markdown) {
    String html = HTML.render(MARKDOWN.parse(markdown)).trim();
    return html.startsWith("<p>") && html.endsWith("</p>")
        ? html.substring(3, html.length() - 4)
        : html;
  }

  static String escape(String text) {
    return text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }

  /** Headings get ids from their text, so a section of a guide can be linked to. */
  private static final class HeadingIds implements AttributeProvider {
    private final Set<String> used = new HashSet<>();

    @Override
    public void setAttributes(Node node, String tagName, Map<String, String> attributes) {
      if (node instanceof Heading heading) {
        StringBuilder text = new StringBuilder();
        for (Node child = heading.getFirstChild(); child != null; child = child.getNext()) {
          if (child instanceof Text literal) {
            text.append(literal.getLiteral());
          } else if (child instanceof org.commonmark.node.Code code) {
            text.append(code.getLiteral());
          }
        }
        String id =
            text.toString()
                .toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9]+", "-")
                .replaceAll("(^-|-$)", "");
        String unique = id;
        for (int n = 2; !used.add(unique); n++) {
          unique = id + "-" + n;
        }
        attributes.put("id", unique);
      }
    }
  }
}
