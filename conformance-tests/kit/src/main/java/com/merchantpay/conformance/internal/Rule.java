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
 * @param unchecked why no check can observe it over the wire, or null
 */
record Rule(String id, String doc, String section, String says, String unchecked) {
  private static final ObjectMapper YAML =
      YAMLMapper.builder().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();
  private static final Map<String, Rule> ALL = load();

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

  /** Whether the check judges this rule: its own, or one it declares it judges too. */
  public boolean coveredBy(Check check) {
    return check.judges().contains(id);
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
