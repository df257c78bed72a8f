package com.merchantpay.conformance.target;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The form an open point's readings take, one per point: HTTP statuses, error codes, words from a
 * list, a name, a JSON pointer, v1 outcomes. Both ends of a reading go through it: a profile's
 * declared reading is read into its canonical form when the profile is loaded (a reading the kit
 * could not check stops the run, naming the forms it takes), and every reading a check observes is
 * canonical too, so that a declared reading and an observed one are compared as values, never as
 * two ways of writing the same thing.
 *
 * <p>A declared reading may list alternatives separated by {@code |} ({@code 400|422}): the target
 * may answer any of them. An observed reading is one value, or {@link #UNDETERMINED} where what the
 * kit saw does not tell the readings apart; that satisfies any declaration.
 */
final class ReadingForm {
  /** What a check observes when its evidence fits every reading of the point. */
  static final String UNDETERMINED = "undetermined";

  private static final Pattern STATUS = Pattern.compile("(?i)(?:HTTP\\s*)?([1-5][0-9]{2})");
  private static final Pattern CODE = Pattern.compile("[a-z][a-z0-9_]*");
  private static final Pattern MEMBER = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$-]*");
  private static final Pattern V1_CODE = Pattern.compile("(?i)(?:ErrorCode\\s*)?(0|-[0-9]{1,3})");
  private static final Pattern MEDIA = Pattern.compile("[a-z0-9.+-]+/[a-z0-9.+-]+");

  private final String describe;
  private final String example;
  private final Function<String, Optional<String>> one;

  /** For a word list: an observed word that satisfies a declared one besides itself. */
  private final Map<String, String> implies;

  private ReadingForm(
      String describe,
      String example,
      Function<String, Optional<String>> one,
      Map<String, String> implies) {
    this.describe = describe;
    this.example = example;
    this.one = one;
    this.implies = implies;
  }

  /** HTTP statuses, such as {@code 400} or {@code HTTP 422}. */
  static ReadingForm statuses(String example) {
    return new ReadingForm(
        "an HTTP status, or several separated by |",
        example,
        text -> {
          Matcher m = STATUS.matcher(text);
          return m.matches() ? Optional.of(m.group(1)) : Optional.empty();
        },
        Map.of());
  }

  /** Error codes of the v2 error body, and any words the point adds ({@code success}). */
  static ReadingForm codes(String example, String... words) {
    Map<String, String> extra = new LinkedHashMap<>();
    for (String word : words) {
      extra.put(word, word);
    }
    return codes(example, extra);
  }

  /**
   * Error codes, and words the point adds, each by the ways it may be written ({@code success} for
   * {@code accepted}).
   */
  static ReadingForm codes(String example, Map<String, String> words) {
    List<String> shown = new ArrayList<>(new java.util.LinkedHashSet<>(words.values()));
    return new ReadingForm(
        "an error code"
            + (shown.isEmpty() ? "" : " or " + String.join(", ", shown))
            + ", or several separated by |",
        example,
        text -> {
          String word = words.get(text.toLowerCase(Locale.ROOT));
          if (word != null) {
            return Optional.of(word);
          }
          return CODE.matcher(text).matches() ? Optional.of(text) : Optional.empty();
        },
        Map.of());
  }

  /** An HTTP status and an error code, as a refusal shows both: {@code 404 invalid_operation}. */
  static ReadingForm statusAndCode(String example) {
    Pattern pair = Pattern.compile("(?i)(?:HTTP\\s*)?([1-5][0-9]{2})\\s+([a-z][a-z0-9_]*)");
    return new ReadingForm(
        "an HTTP status and an error code separated by a space, or several separated by |",
        example,
        text -> {
          Matcher m = pair.matcher(text);
          return m.matches()
              ? Optional.of(m.group(1) + " " + m.group(2).toLowerCase(Locale.ROOT))
              : Optional.empty();
        },
        Map.of());
  }

  /**
   * One of the given words (any letter case). {@code aliases} maps another way of saying one of
   * them to it; {@code implies} maps an observed word to the weaker one it also satisfies (a target
   * that notifies every change satisfies a declaration that it notifies some).
   */
  static ReadingForm words(
      List<String> words, Map<String, String> aliases, Map<String, String> implies) {
    Map<String, String> known = new LinkedHashMap<>();
    for (String word : words) {
      known.put(word.toLowerCase(Locale.ROOT), word);
    }
    aliases.forEach((alias, word) -> known.put(alias.toLowerCase(Locale.ROOT), word));
    return new ReadingForm(
        "one of " + String.join(", ", words) + ", or several separated by |",
        words.get(0),
        text -> Optional.ofNullable(known.get(text.toLowerCase(Locale.ROOT).replace('_', '-'))),
        implies);
  }

  static ReadingForm words(String... words) {
    return words(List.of(words), Map.of(), Map.of());
  }

  /** Any short text the target shows: a status it gives ({@code Disabled}), a method's name. */
  static ReadingForm text(String example) {
    return new ReadingForm(
        "any text of at most 64 characters without |, or several separated by |",
        example,
        text ->
            !text.isBlank() && text.length() <= 64 ? Optional.of(text.strip()) : Optional.empty(),
        Map.of());
  }

  /** Two texts separated by {@code /}, such as {@code HOLD/COMPLETE}. */
  static ReadingForm textPair(String example) {
    return new ReadingForm(
        "two texts separated by /, or several such pairs separated by |",
        example,
        text -> {
          String[] parts = text.split("/", -1);
          return parts.length == 2 && !parts[0].isBlank() && !parts[1].isBlank()
              ? Optional.of(parts[0].strip() + "/" + parts[1].strip())
              : Optional.empty();
        },
        Map.of());
  }

  /** A member name or a JSON pointer to it; a bare name is the pointer to a top-level member. */
  static ReadingForm pointer(String example) {
    return new ReadingForm(
        "a member name (cursor) or a JSON pointer (/paging/next)",
        example,
        text -> {
          if (text.startsWith("/")) {
            for (String step : text.substring(1).split("/", -1)) {
              if (step.isEmpty()) {
                return Optional.empty();
              }
            }
            return Optional.of(text);
          }
          return MEMBER.matcher(text).matches() ? Optional.of("/" + text) : Optional.empty();
        },
        Map.of());
  }

  /**
   * A v1 outcome: an ErrorCode ({@code -14}) or an HTTP status ({@code 400}), and any words the
   * point adds ({@code accepted}).
   */
  static ReadingForm v1Outcome(String example, String... words) {
    List<String> extra = List.of(words);
    return new ReadingForm(
        "a v1 ErrorCode (-14) or an HTTP status (400)"
            + (extra.isEmpty() ? "" : " or " + String.join(", ", extra))
            + ", or several separated by |",
        example,
        text ->
            extra.contains(text.toLowerCase(Locale.ROOT))
                ? Optional.of(text.toLowerCase(Locale.ROOT))
                : v1(text),
        Map.of());
  }

  /** Two v1 outcomes separated by {@code /}, such as {@code -6/-7}. */
  static ReadingForm v1OutcomePair(String example) {
    return new ReadingForm(
        "two v1 outcomes (ErrorCode or HTTP status) separated by /, or several pairs separated by |",
        example,
        text -> {
          String[] parts = text.split("/", -1);
          if (parts.length != 2) {
            return Optional.empty();
          }
          Optional<String> first = v1(parts[0].trim());
          Optional<String> second = v1(parts[1].trim());
          return first.isPresent() && second.isPresent()
              ? Optional.of(first.get() + "/" + second.get())
              : Optional.empty();
        },
        Map.of());
  }

  /** A media type, {@code type/subtype}, without parameters. */
  static ReadingForm mediaType(String example) {
    return new ReadingForm(
        "a media type (application/xml), or several separated by |",
        example,
        text -> {
          String bare = text.split(";")[0].trim().toLowerCase(Locale.ROOT);
          return MEDIA.matcher(bare).matches() ? Optional.of(bare) : Optional.empty();
        },
        Map.of());
  }

  private static Optional<String> v1(String text) {
    Matcher code = V1_CODE.matcher(text);
    if (code.matches()) {
      return Optional.of(code.group(1));
    }
    Matcher status = STATUS.matcher(text);
    return status.matches() ? Optional.of(status.group(1)) : Optional.empty();
  }

  /** What this form takes, with an example, for a message. */
  String accepted() {
    return describe + " (e.g. " + example + ")";
  }

  /**
   * A declared reading in canonical form, its alternatives joined by {@code |}.
   *
   * @throws IllegalArgumentException naming the alternative that is not of this form
   */
  String declared(String text) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException("an empty reading; it takes " + accepted());
    }
    List<String> canonical = new ArrayList<>();
    for (String alternative : text.split("\\|")) {
      Optional<String> read = one.apply(alternative.trim());
      if (read.isEmpty()) {
        throw new IllegalArgumentException(
            "'" + alternative.trim() + "' is not a reading of this point; it takes " + accepted());
      }
      canonical.add(read.get());
    }
    return String.join("|", canonical);
  }

  /** An observed reading in canonical form, or empty when it is not one of this form. */
  Optional<String> observed(String text) {
    if (text == null) {
      return Optional.empty();
    }
    if (text.equals(UNDETERMINED)) {
      return Optional.of(UNDETERMINED);
    }
    return one.apply(text.trim());
  }

  /** Whether an observed canonical reading is one the declared canonical reading allows. */
  boolean satisfies(String declared, String observed) {
    if (UNDETERMINED.equals(observed)) {
      return true;
    }
    String weaker = implies.get(observed);
    for (String alternative : declared.split("\\|")) {
      if (alternative.equalsIgnoreCase(observed) || alternative.equalsIgnoreCase(weaker)) {
        return true;
      }
    }
    return false;
  }
}
