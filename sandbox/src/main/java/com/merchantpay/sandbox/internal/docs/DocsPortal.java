package com.merchantpay.sandbox.internal.docs;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.merchantpay.sandbox.internal.config.SandboxConfig;
import com.merchantpay.sandbox.internal.config.V1Role;
import com.merchantpay.sandbox.internal.config.V1User;
import com.merchantpay.sandbox.internal.contract.Contracts;
import com.merchantpay.sandbox.internal.http.HttpSupport;
import com.merchantpay.sandbox.internal.http.Json;
import com.merchantpay.sandbox.internal.http.ServedHosts;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The documentation portal (built by the {@code merchantpay-docs} module and carried on the class
 * path) at {@code /docs}, made to try this sandbox: its {@code sandbox.js} names the sandbox's
 * address, bearer token and a v1 login, and the reference's OpenAPI documents list the sandbox as
 * their only server, so "Try it out" calls it.
 */
public final class DocsPortal {
  private static final String PORTAL = "com/merchantpay/docs/portal/";
  private static final Map<String, String> TYPES =
      Map.of(
          "html",
          "text/html; charset=utf-8",
          "css",
          "text/css; charset=utf-8",
          "js",
          "text/javascript; charset=utf-8",
          "yaml",
          "application/yaml",
          "png",
          "image/png");

  private final SandboxConfig config;
  private final String baseUrl;
  private final ServedHosts servedHosts;
  private final Map<String, byte[]> files = new ConcurrentHashMap<>();

  /**
   * @param servedHosts the names the sandbox is reached by: the credentials the pages use are given
   *     to those only
   */
  public DocsPortal(SandboxConfig config, String baseUrl, ServedHosts servedHosts) {
    this.config = config;
    this.baseUrl = baseUrl;
    this.servedHosts = servedHosts;
  }

  /** Whether the path belongs to the portal. */
  public static boolean handles(String rawPath) {
    return rawPath.equals("/docs") || rawPath.startsWith("/docs/");
  }

  public HttpSupport.Out handle(HttpSupport.In in) {
    if (!in.method().equals("GET") && !in.method().equals("HEAD")) {
      return HttpSupport.Out.text(
          405, "text/plain; charset=utf-8", "the portal is read with GET\n");
    }
    if (in.rawPath().equals("/docs")) {
      return HttpSupport.Out.empty(302).withHeader("Location", "/docs/");
    }
    String file = in.rawPath().substring("/docs/".length());
    if (file.isEmpty()) {
      file = "index.html";
    }
    if (file.contains("..")
        || file.contains("%")
        || file.contains("//")
        || file.startsWith("./")
        || file.contains("/./")
        || file.endsWith("/.")) {
      return notFound(file);
    }
    if (file.equals("sandbox.js")) {
      String refused = refusedCredentials(in);
      if (refused != null) {
        return HttpSupport.Out.text(403, "text/plain; charset=utf-8", refused + "\n");
      }
    }
    byte[] body =
        switch (file) {
          case "sandbox.js" -> sandboxScript();
          case "reference/v2/openapi.yaml",
              "reference/v1/openapi.yaml",
              "reference/control/openapi.yaml" ->
              withThisServer(file);
          default -> cached(file);
        };
    if (body.length == 0) {
      return notFound(file);
    }
    String type =
        TYPES.getOrDefault(
            file.substring(file.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT),
            "application/octet-stream");
    return new HttpSupport.Out(200, type, body, Map.of());
  }

  private static HttpSupport.Out notFound(String file) {
    return HttpSupport.Out.text(
        404, "text/plain; charset=utf-8", "no such page in the portal: " + file + "\n");
  }

  /**
   * A file of the portal, kept once read; a name of no file is not kept, so asking for endless
   * names costs no memory.
   */
  private byte[] cached(String file) {
    byte[] known = files.get(file);
    if (known != null) {
      return known;
    }
    byte[] read = read(file);
    if (read.length > 0) {
      files.putIfAbsent(file, read);
    }
    return read;
  }

  /** How many files the portal holds in memory. */
  int kept() {
    return files.size();
  }

  /** A file of the portal, or no bytes when there is none (the portal has no empty files). */
  private static byte[] read(String file) {
    try (InputStream in = DocsPortal.class.getClassLoader().getResourceAsStream(PORTAL + file)) {
      return in == null ? new byte[0] : in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The reference's document with this sandbox as its one server, so "Try it out" calls it. */
  private byte[] withThisServer(String file) {
    return files.computeIfAbsent(
        "served:" + file,
        key -> {
          byte[] published = read(file);
          if (published.length == 0) {
            return published;
          }
          try {
            YAMLMapper yaml = new YAMLMapper();
            ObjectNode document = (ObjectNode) yaml.readTree(published);
            ArrayNode servers = document.putArray("servers");
            servers.addObject().put("url", baseUrl).put("description", "This sandbox");
            return yaml.writeValueAsBytes(document);
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });
  }

  /**
   * Why the script holding the sandbox's credentials is not given to this request, or null: it is
   * for the portal's own pages, not for a page of another site including it as a script (which
   * could then read it) nor for a name rebound to the sandbox's address.
   */
  private String refusedCredentials(HttpSupport.In in) {
    if (!servedHosts.serves(in.header("Host"))) {
      return "the sandbox's credentials are given only to the names it is reached by, not to "
          + in.header("Host");
    }
    String site = in.header("Sec-Fetch-Site");
    if (site == null) {
      // A browser that does not say which page asks would hand them to any page including them.
      return "the sandbox's credentials are given only to the portal's own pages, and this request "
          + "does not say which page asks (no Sec-Fetch-Site: browsers send it to https and "
          + "loopback addresses)";
    }
    if (!site.equals("same-origin") && !site.equals("none")) {
      return "the sandbox's credentials are given only to the portal's own pages, not to a "
          + site
          + " page";
    }
    return null;
  }

  /**
   * What the reference pages need to call this sandbox: address, bearer token, a v1 user, v1 signed
   * orders.
   */
  private byte[] sandboxScript() {
    ObjectNode sandbox = Json.object();
    sandbox.put("baseUrl", baseUrl);
    sandbox.put("token", config.bearerTokens().keySet().iterator().next());
    sandbox.put("merchantId", config.merchants().get(0).id());
    V1User user =
        config.v1Users().stream()
            .filter(u -> u.roles().contains(V1Role.ACCOUNTANT))
            .findFirst()
            .orElse(config.v1Users().get(0));
    ObjectNode v1 = sandbox.putObject("v1");
    v1.put("login", user.login());
    v1.put("password", user.password());
    ObjectNode signed = v1.putObject("signed");
    for (Contracts.Operation operation : Contracts.v1().operations()) {
      ArrayNode order = signed.putArray(operation.template());
      operation.hashed().forEach(order::add);
    }
    return ("window.MERCHANTPAY_SANDBOX = " + Json.text(sandbox) + ";\n")
        .getBytes(StandardCharsets.UTF_8);
  }
}
