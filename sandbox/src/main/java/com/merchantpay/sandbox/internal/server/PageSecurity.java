package com.merchantpay.sandbox.internal.server;

import com.merchantpay.sandbox.internal.http.HttpSupport;

/**
 * What a browser is told about every page of the sandbox: never to guess another content type,
 * never to show it inside a frame (a framed page could be clicked through by another site: an
 * External step approved, a payment settled), and for the HTML pages the one place their content
 * may come from. The payer's pages run no script at all, so a link or value that slipped through
 * could run none either; the documentation portal runs only its own files, the Swagger UI among
 * them.
 */
final class PageSecurity {
  /** The payer's pages: their own inline styles and forms posting back to the sandbox. */
  static final String PAGES =
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; "
          + "frame-ancestors 'none'; base-uri 'none'";

  /**
   * The portal: its own scripts, styles and images, the inline styles Swagger UI sets, and calls to
   * the sandbox at either of its addresses ("Try it out").
   */
  private final String portal;

  /**
   * @param baseUrls the addresses the sandbox is reached at (HTTP, and HTTPS when it serves it)
   */
  PageSecurity(String... baseUrls) {
    StringBuilder connect = new StringBuilder("'self'");
    for (String url : baseUrls) {
      if (url != null) {
        connect.append(' ').append(url);
      }
    }
    this.portal =
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
            + "img-src 'self' data:; connect-src "
            + connect
            + "; object-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";
  }

  /** The answer with the headers of a page when it is one; an API answer is left as it is. */
  HttpSupport.Out secure(HttpSupport.Out out, String path) {
    String type = out.contentType();
    if (type == null || !type.startsWith("text/html")) {
      return out;
    }
    return out.withHeader("Content-Security-Policy", path.startsWith("/docs") ? portal : PAGES)
        .withHeader("X-Frame-Options", "DENY")
        .withHeader("X-Content-Type-Options", "nosniff")
        .withHeader("Referrer-Policy", "no-referrer");
  }
}
