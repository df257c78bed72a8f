package com.merchantpay.sandbox.internal.contract;

import com.atlassian.oai.validator.report.ValidationReport;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns the validator's messages into entries that start with the failing field, in the form {@code
 * amount.value: must be a number}, so a client sees what to fix without knowing JSON pointers.
 */
public final class ValidationMessages {
  private static final Pattern PATH_PREFIX = Pattern.compile("^\\[Path '[^']*'\\]\\s*");
  private static final Pattern QUOTED = Pattern.compile("\"([^\"]+)\"");
  private static final Pattern ALLOWED = Pattern.compile("allowed: \\[([^]]*)]");

  private ValidationMessages() {}

  public static List<String> errors(ValidationReport report) {
    Set<String> errors = new LinkedHashSet<>();
    for (ValidationReport.Message message : report.getMessages()) {
      if (message.getLevel() == ValidationReport.Level.ERROR) {
        errors.addAll(describe(message));
      }
    }
    return new ArrayList<>(errors);
  }

  public static List<String> describe(ValidationReport.Message message) {
    String key = message.getKey();
    String text = PATH_PREFIX.matcher(message.getMessage()).replaceFirst("");
    String field = field(message);
    List<String> out = new ArrayList<>();
    if (key.endsWith(".schema.required")) {
      Matcher names = QUOTED.matcher(text.substring(Math.max(0, text.indexOf('('))));
      while (names.find()) {
        out.add(join(field, names.group(1)) + ": a value is required");
      }
      if (out.isEmpty()) {
        out.add(orBody(field) + ": " + text);
      }
      return out;
    }
    if (key.endsWith(".missing")
        && message.getContext().flatMap(c -> c.getParameter()).isPresent()) {
      out.add(field + ": a value is required");
      return out;
    }
    if (key.endsWith(".schema.invalidJson")
        && message.getContext().flatMap(c -> c.getParameter()).isPresent()) {
      // The validator reads a number parameter as JSON, and the parser's message speaks of its own
      // settings.
      String type =
          message
              .getContext()
              .flatMap(c -> c.getParameter())
              .map(p -> p.getSchema())
              .map(schema -> schema.getType())
              .orElse(null);
      out.add(field + ": " + (type == null ? "not a valid value" : "must be of type " + type));
      return out;
    }
    switch (key) {
      case "validation.request.body.missing" -> out.add("body: a JSON body is required");
      case "validation.request.body.unexpected" -> out.add("body: this operation takes no body");
      case "validation.request.body.schema.invalidJson" -> out.add("body: not valid JSON");
      case "validation.request.contentType.notAllowed", "validation.request.contentType.invalid" ->
          out.add("Content-Type: must be " + allowedTypes(text));
      case "validation.request.accept.notAllowed", "validation.request.accept.invalid" ->
          out.add("Accept: must allow " + allowedTypes(text));
      default -> out.add(orBody(field) + ": " + friendly(key, text));
    }
    return out;
  }

  private static String friendly(String key, String text) {
    if (key.endsWith(".schema.type")) {
      Matcher allowed = ALLOWED.matcher(text);
      if (allowed.find()) {
        String types = allowed.group(1).replace("\"", "").replace("integer,number", "number");
        return "must be of type " + types.replace(",", " or ");
      }
    }
    if (key.contains(".schema.format")) {
      String format = key.substring(key.indexOf(".schema.format") + ".schema.format".length());
      return format.isEmpty() ? text : "must be a valid " + format.substring(1) + " value";
    }
    if (key.endsWith(".schema.enum")) {
      int at = text.indexOf("possible values:");
      return at < 0
          ? text
          : "must be one of "
              + text.substring(at + "possible values:".length()).replace(")", "").trim();
    }
    if (key.endsWith(".schema.pattern")) {
      int at = text.indexOf("regex \"");
      if (at >= 0) {
        int end = text.indexOf('"', at + 7);
        return "must match " + text.substring(at + 7, end);
      }
    }
    if (key.endsWith(".schema.maxLength") || key.endsWith(".schema.minLength")) {
      return text.replaceFirst("^String \"[^\"]*\" is", "is");
    }
    return text;
  }

  private static String allowedTypes(String text) {
    int at = text.lastIndexOf('[');
    int end = text.lastIndexOf(']');
    return at >= 0 && end > at ? text.substring(at + 1, end) : "a supported media type";
  }

  /**
   * The name of the field a message is about: a parameter name, or the body member it points at.
   */
  public static String field(ValidationReport.Message message) {
    var context = message.getContext();
    if (context.isPresent() && context.get().getParameter().isPresent()) {
      return context.get().getParameter().get().getName();
    }
    String pointer = context.flatMap(c -> c.getPointers()).map(p -> p.getInstance()).orElse("");
    return fromPointer(pointer);
  }

  public static String fromPointer(String pointer) {
    StringBuilder out = new StringBuilder();
    for (String raw : pointer.split("/")) {
      if (raw.isEmpty()) {
        continue;
      }
      String token = raw.replace("~1", "/").replace("~0", "~");
      if (token.chars().allMatch(Character::isDigit)) {
        out.append('[').append(token).append(']');
      } else {
        if (out.length() > 0) {
          out.append('.');
        }
        out.append(token);
      }
    }
    return out.toString();
  }

  private static String join(String parent, String child) {
    return parent.isEmpty() ? child : parent + "." + child;
  }

  private static String orBody(String field) {
    return field.isEmpty() ? "body" : field;
  }
}
