package com.merchantpay.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Keeps a README's code honest: the example runs as a test between two marker comments, and the
 * README must show exactly that code.
 */
public final class ReadmeSnippets {
  private ReadmeSnippets() {}

  /**
   * The lines strictly between the marker lines {@code begin} and {@code end} of a test's source,
   * dedented.
   */
  public static String between(Path testSource, String begin, String end) {
    String source;
    try {
      source = Files.readString(testSource);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Matcher from = marker(begin).matcher(source);
    Matcher to = marker(end).matcher(source);
    if (!from.find() || !to.find(from.end())) {
      throw new IllegalArgumentException(
          "no block between '" + begin + "' and '" + end + "' in " + testSource);
    }
    return dedent(source.substring(from.end(), to.start()));
  }

  private static Pattern marker(String text) {
    return Pattern.compile("(?m)^\\s*" + Pattern.quote(text) + "\\s*$");
  }

  private static String dedent(String block) {
    List<String> lines = block.lines().dropWhile(String::isBlank).collect(Collectors.toList());
    while (!lines.isEmpty() && lines.get(lines.size() - 1).isBlank()) {
      lines.remove(lines.size() - 1);
    }
    int indent =
        lines.stream()
            .filter(line -> !line.isBlank())
            .mapToInt(line -> line.length() - line.stripLeading().length())
            .min()
            .orElse(0);
    return lines.stream()
        .map(line -> line.isBlank() ? "" : line.substring(indent))
        .collect(Collectors.joining("\n"));
  }
}
