package com.merchantpay.masking;

/**
 * Text from a peer (an answer, a pact, a profile) made safe to print on a console and to write into
 * an XML or HTML report: every character that a terminal acts on or XML cannot hold is written out
 * as {@code \\uXXXX} instead. That covers the C0 controls but line feed and tab (an escape sequence
 * can move the cursor, rewrite earlier lines or set a window title; NUL and the rest have no place
 * in XML 1.0), DEL and the C1 controls, the bidirectional overrides that make a line read other
 * than it is, lone surrogates and the two non-characters U+FFFE and U+FFFF.
 *
 * <p>A line feed stays: the product's own messages span lines, and whoever prints a peer's text
 * indents its lines under the label that says whose it is.
 */
public final class Printable {
  private Printable() {}

  /** The text with every unsafe character escaped; null stays null. */
  public static String text(String text) {
    if (text == null) {
      return null;
    }
    int first = firstUnsafe(text);
    if (first < 0) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length() + 16);
    out.append(text, 0, first);
    for (int i = first; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        out.append(c).append(text.charAt(++i));
      } else if (unsafe(c)) {
        out.append(String.format("\\u%04X", (int) c));
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  private static int firstUnsafe(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        i++;
      } else if (unsafe(c)) {
        return i;
      }
    }
    return -1;
  }

  /** Whether a character, outside a valid surrogate pair, may not be printed as it is. */
  private static boolean unsafe(char c) {
    return c < 0x20 && c != '\n' && c != '\t'
        || c >= 0x7F && c <= 0x9F
        || c >= 0x202A && c <= 0x202E
        || c >= 0x2066 && c <= 0x2069
        || Character.isSurrogate(c)
        || c == 0xFFFE
        || c == 0xFFFF;
  }
}
