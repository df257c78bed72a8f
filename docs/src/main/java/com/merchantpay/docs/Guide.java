package com.merchantpay.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A guide: Markdown written for people, whose code comes from the tests that run it. A line {@code
 * <!-- include: path/in/repository/SomeTest.java#name -->} is replaced by the lines of that file
 * between {@code // name begins} and {@code // name ends}, so the code a reader copies is the code
 * the build runs. A missing file or marker fails the build.
 *
 * @param slug the page name, the file name without its order prefix ({@code 03-pagination.md} is
 *     {@code pagination})
 * @param title the first heading
 * @param summary the first paragraph after it
 * @param markdown the text with every include resolved
 */
record Guide(String slug, String title, String summary, String markdown) {
  private static final Pattern INCLUDE =
      Pattern.compile("(?m)^<!-- include: ([^#\\s]+)#([^>]+?) -->$");

  static Guide read(Path file, Path repository) throws IOException {
    String text = Files.readString(file);
    String slug =
        file.getFileName().toString().replaceFirst("^[0-9]+-", "").replaceFirst("\\.md$", "");
    String markdown = resolveIncludes(text, repository, file);
    List<String> lines = markdown.lines().toList();
    String title =
        lines.stream()
            .filter(line -> line.startsWith("# "))
            .findFirst()
            .orElseThrow(
                () -> new IllegalStateException(file + ": a guide starts with a '# ' title"))
            .substring(2)
            .trim();
    int after = lines.indexOf("# " + title) + 1;
    String summary =
        lines.subList(after, lines.size()).stream()
            .dropWhile(String::isBlank)
            .takeWhile(line -> !line.isBlank())
            .collect(Collectors.joining(" "));
    return new Guide(slug, title, summary, markdown);
  }

  private static String resolveIncludes(String text, Path repository, Path guide) {
    Matcher include = INCLUDE.matcher(text);
    StringBuilder out = new StringBuilder();
    while (include.find()) {
      Path source = repository.resolve(include.group(1)).normalize();
      if (!source.startsWith(repository)) {
        throw new IllegalStateException(
            guide + ": an include must stay inside the repository: " + include.group(1));
      }
      String code = between(source, include.group(2).trim(), guide);
      String language = source.toString().endsWith(".java") ? "java" : "";
      include.appendReplacement(
          out, Matcher.quoteReplacement("```" + language + "\n" + code + "\n```"));
    }
    include.appendTail(out);
    return out.toString();
  }

  /** The lines strictly between the marker comments, without their common indentation. */
  static String between(Path source, String name, Path guide) {
    String text;
    try {
      text = Files.readString(source);
    } catch (IOException e) {
      throw new UncheckedIOException(guide + ": cannot read included file " + source, e);
    }
    Matcher from = marker(name + " begins").matcher(text);
    Matcher to = marker(name + " ends").matcher(text);
    if (!from.find() || !to.find(from.end())) {
      throw new IllegalStateException(
          guide + ": no block '// " + name + " begins' ... '// " + name + " ends' in " + source);
    }
    List<String> lines =
        text.substring(from.end(), to.start())
            .lines()
            .dropWhile(String::isBlank)
            .collect(Collectors.toList());
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

  private static Pattern marker(String text) {
    return Pattern.compile("(?m)^\\s*//\\s*" + Pattern.quote(text) + "\\s*$");
  }
}
