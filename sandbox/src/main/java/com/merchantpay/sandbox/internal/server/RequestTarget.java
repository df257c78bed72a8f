package com.merchantpay.sandbox.internal.server;

import java.net.URI;
import java.net.URISyntaxException;

/**
 * A request target's raw path and query, as {@link URI} reads them. Nearly every target is a plain
 * origin form ({@code /api/v2/payments/10000001?x=1}); those are split at their first {@code ?}
 * without {@link URI}'s parser, which took a third of the sandbox's own reading of a request. Any
 * other target (an absolute form, a fragment, brackets, a character URI refuses) goes to {@link
 * URI}, so what is refused stays exactly what {@link URI} refuses.
 *
 * @param rawPath the path, percent escapes kept
 * @param rawQuery the query without its {@code ?}, or null when there is none
 */
record RequestTarget(String rawPath, String rawQuery) {
  /** The target's path and query, or null when it is no URI or has no path. */
  static RequestTarget of(String target) {
    RequestTarget plain = originForm(target);
    if (plain != null) {
      return plain;
    }
    URI uri;
    try {
      uri = new URI(target);
    } catch (URISyntaxException e) {
      return null;
    }
    return uri.getRawPath() == null ? null : new RequestTarget(uri.getRawPath(), uri.getRawQuery());
  }

  /**
   * A target made only of a path and a query of characters {@link URI} takes as they are, split;
   * null for anything else. A leading {@code //} would start an authority, so it is left to URI.
   */
  static RequestTarget originForm(String target) {
    int length = target.length();
    if (length == 0 || target.charAt(0) != '/' || (length > 1 && target.charAt(1) == '/')) {
      return null;
    }
    int question = -1;
    for (int i = 0; i < length; i++) {
      char c = target.charAt(i);
      if (c == '?') {
        if (question < 0) {
          question = i;
        }
      } else if (c == '%') {
        if (i + 2 >= length || !hex(target.charAt(i + 1)) || !hex(target.charAt(i + 2))) {
          return null;
        }
        i += 2;
      } else if (!plain(c)) {
        return null;
      }
    }
    return question < 0
        ? new RequestTarget(target, null)
        : new RequestTarget(target.substring(0, question), target.substring(question + 1));
  }

  /** Unreserved, sub-delimiters, {@code :}, {@code @} and {@code /}: a path's own characters. */
  private static boolean plain(char c) {
    return (c >= 'a' && c <= 'z')
        || (c >= 'A' && c <= 'Z')
        || (c >= '0' && c <= '9')
        || "-._~!$&'()*+,;=:@/".indexOf(c) >= 0;
  }

  private static boolean hex(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  }
}
