package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A rule one of the two service documents states, from the kit's rules catalogue ({@code
 * rules.yaml}): what a target that departs from it fails.
 *
 * @param id stable identifier, such as {@code v2.ep.refund-limit}
 * @param doc {@code v2} or {@code v1}
 * @param section where the document states it
 * @param says the rule, in our words
 * @param checks the checks that cover it; {@code prefix.*} stands for every check of the rule's
 *     interface whose id has that prefix
 * @param unchecked why no check can observe it over the wire, or null
 */
public record Rule(
    String id, String doc, String section, String says, List<String> checks, String unchecked) {
  private static final ObjectMapper YAML =
      YAMLMapper.builder().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();
  private static final Map<String, Rule> ALL = load();

  public Rule {
    checks = checks == null ? List.of() : List.copyOf(checks);
  }

  /** Every rule of the catalogue, in its order. */
  public static List<Rule> all() {
    return List.copyOf(ALL.values());
  }

  /**
   * The rule with this id.
   *
   * @throws IllegalStateException when the catalogue has none: a check citing it is a mistake of
   *     the kit
   */
  public static Rule get(String id) {
    Rule rule = ALL.get(id);
    if (rule == null) {
      throw new IllegalStateException("the rules catalogue has no rule " + id);
    }
    return rule;
  }

  public static boolean exists(String id) {
    return ALL.containsKey(id);
  }

  /** Whether some check can observe the rule over the wire. */
  public boolean checkable() {
    return unchecked == null;
  }

  /**
   * Whether the catalogue lists this check as covering the rule: by its id, or by a {@code
   * prefix.*} pattern, which stands only for checks of the rule's own interface.
   */
  public boolean coveredBy(Check check) {
    for (String pattern : checks) {
      if (pattern.endsWith("*")
          ? check.id().startsWith(pattern.substring(0, pattern.length() - 1))
              && check.tags().contains(doc)
          : pattern.equals(check.id())) {
        return true;
      }
    }
    return false;
  }

  /** The citation shown in reports: {@code v2 document, Endpoints, rule 2: ...}. */
  public String cite() {
    return doc + " document, " + section + ": " + says + " [" + id + "]";
  }

  private static Map<String, Rule> load() {
    try (InputStream in =
        Rule.class.getResourceAsStream("/com/merchantpay/conformance/rules.yaml")) {
      if (in == null) {
        throw new IllegalStateException("the rules catalogue is missing from the kit's jar");
      }
      Catalogue catalogue = YAML.readValue(in, Catalogue.class);
      Map<String, Rule> rules = new LinkedHashMap<>();
      for (Rule rule : catalogue.rules()) {
        if (rules.put(rule.id(), rule) != null) {
          throw new IllegalStateException("the rules catalogue has rule " + rule.id() + " twice");
        }
      }
      return rules;
    } catch (IOException e) {
      throw new UncheckedIOException("the rules catalogue cannot be read", e);
    }
  }

  private record Catalogue(List<Rule> rules) {}
}
