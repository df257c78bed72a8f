package com.merchantpay.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A guide: Markdown written for people, whose code comes from the tests that run it. A line {@code
 * <!-- include: path/in/repository/SomeTest.java#name -->} is followed, in the file itself, by the
 * lines of that file between {@code // name begins} and {@code // name ends} in a fenced block,
 * with the imports they use: the guide reads whole where it is stored, and the build fails when the
 * block is not the code the tests run now ({@code -Dmerchantpay.guides.update=true} rewrites it).
 *
 * @param slug the page name, the file name without its order prefix ({@code 03-pagination.md} is
 *     {@code pagination})
 * @param title the first heading
 * @param summary the first paragraph after it
 * @param markdown the text to render, without the include lines
 */
record Guide(String slug, String title, String summary, String markdown) {
  private static final Pattern INCLUDE = Pattern.compile("^<!-- include: ([^#\\s]+)#([^>]+?) -->$");
  private static final Pattern IMPORT = Pattern.compile("^import (static )?([\\w.]+);$");

  /** How a stale block is brought up to date, for the build's failure. */
  static final String UPDATE =
      "mvn -B -ntp -q -pl docs process-classes -Dmerchantpay.guides.update=true";

  /**
   * Reads a guide, checking its included code is current.
   *
   * @throws IllegalStateException naming the guide and the include whose block is missing or stale
   */
  static Guide read(Path file, Path repository) throws IOException {
    return read(file, repository, false);
  }

  /**
   * Reads a guide; with {@code update}, first rewrites the file so that every include's block is
   * the code as it is now.
   */
  static Guide read(Path file, Path repository, boolean update) throws IOException {
    String text = Files.readString(file);
    String current = withCurrentCode(text, repository, file);
    if (!current.equals(text)) {
      if (!update) {
        throw new IllegalStateException(
            file
                + ": "
                + firstStale(text, current)
                + "; bring the guide's code up to date with: "
                + UPDATE);
      }
      Files.writeString(file, current);
    }
    String slug =
        file.getFileName().toString().replaceFirst("^[0-9]+-", "").replaceFirst("\\.md$", "");
    String markdown =
        current
            .lines()
            .filter(line -> !INCLUDE.matcher(line).matches())
            .collect(Collectors.joining("\n", "", "\n"));
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

  /** The text with the block under every include line being the included code now. */
  private static String withCurrentCode(String text, Path repository, Path guide) {
    List<String> lines = text.lines().toList();
    List<String> out = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      out.add(line);
      Matcher include = INCLUDE.matcher(line);
      if (!include.matches()) {
        continue;
      }
      Path source = repository.resolve(include.group(1)).normalize();
      if (!source.startsWith(repository)) {
        throw new IllegalStateException(
            guide + ": an include must stay inside the repository: " + include.group(1));
      }
      String code = between(source, include.group(2).trim(), guide);
      String language = source.toString().endsWith(".java") ? "java" : "";
      out.add("```" + language);
      out.addAll(withImports(source, code).lines().toList());
      out.add("```");
      if (i + 1 < lines.size() && lines.get(i + 1).startsWith("```")) {
        // The block kept in the guide, replaced by the one just made.
        int close = i + 2;
        while (close < lines.size() && !lines.get(close).equals("```")) {
          close++;
        }
        i = close;
      }
    }
    return String.join("\n", out) + (text.endsWith("\n") ? "\n" : "");
  }

  /** What differs first, for the failure: the include whose block is missing or stale. */
  private static String firstStale(String text, String current) {
    List<String> had = text.lines().toList();
    List<String> wanted = current.lines().toList();
    String include = "the code of an include";
    for (int i = 0; i < Math.min(had.size(), wanted.size()); i++) {
      if (INCLUDE.matcher(wanted.get(i)).matches()) {
        include = "the block under '" + wanted.get(i) + "'";
      }
      if (!had.get(i).equals(wanted.get(i))) {
        return include + " is not the code the tests run (line " + (i + 1) + ")";
      }
    }
    return include + " is missing or not the code the tests run";
  }

  /** The code, after the imports of its file that it uses, so a reader can copy it whole. */
  private static String withImports(Path source, String code) {
    List<String> used = new ArrayList<>();
    try {
      for (String line : Files.readAllLines(source)) {
        Matcher imported = IMPORT.matcher(line.strip());
        if (imported.matches()) {
          String name = imported.group(2).substring(imported.group(2).lastIndexOf('.') + 1);
          if (Pattern.compile("\\b" + Pattern.quote(name) + "\\b").matcher(code).find()) {
            used.add(line.strip());
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read included file " + source, e);
    }
    return used.isEmpty() ? code : String.join("\n", used) + "\n\n" + code;
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
