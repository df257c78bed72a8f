package com.merchantpay.sandbox.internal.http;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The names a sandbox is reached by, so that what only its own users may see (the control API, the
 * credentials the portal's pages use) is refused to a name a web page's DNS rebound to the
 * sandbox's address. On loopback: {@code localhost}, any loopback address, and the names given (the
 * listening host, the names of its certificate). Listening on other addresses: those, and any IP
 * address written as such, since a literal address cannot be rebound; a host name other than the
 * given ones is refused, so whoever publishes the sandbox under a name gives it ({@code
 * --tls-name}).
 */
public final class ServedHosts {
  private static final Pattern IPV4 = Pattern.compile("[0-9]{1,3}(\\.[0-9]{1,3}){3}");
  private static final Pattern IPV6 = Pattern.compile("[0-9a-fA-F:.]+");

  private final Set<String> names;

  /** Whether any address written as a literal is served, not only a loopback one. */
  private final boolean anyAddress;

  private ServedHosts(Set<String> names, boolean anyAddress) {
    this.names = names;
    this.anyAddress = anyAddress;
  }

  /**
   * A sandbox on loopback: {@code localhost}, any loopback address however written, and the given
   * names (the listening host, the names of its certificate).
   */
  public static ServedHosts loopback(Iterable<String> more) {
    return new ServedHosts(names(more), false);
  }

  /**
   * A sandbox listening beyond loopback: the loopback names, the given names and any IP address.
   */
  public static ServedHosts listening(Iterable<String> more) {
    return new ServedHosts(names(more), true);
  }

  private static Set<String> names(Iterable<String> more) {
    Set<String> names = new HashSet<>();
    names.add("localhost");
    for (String name : more) {
      names.add(bare(name).toLowerCase(Locale.ROOT));
    }
    return names;
  }

  /** Whether a request with this Host header is for this sandbox; a request with none is. */
  public boolean serves(String hostHeader) {
    if (hostHeader == null) {
      return true;
    }
    String name = bare(hostName(hostHeader)).toLowerCase(Locale.ROOT);
    if (names.contains(name)) {
      return true;
    }
    // Only a literal is parsed, so no name is ever looked up in DNS here.
    if (IPV4.matcher(name).matches() || (name.contains(":") && IPV6.matcher(name).matches())) {
      try {
        return anyAddress || InetAddress.getByName(name).isLoopbackAddress();
      } catch (UnknownHostException e) {
        return false;
      }
    }
    return false;
  }

  /** The name in a Host header, without its port; an IPv6 literal keeps its brackets. */
  static String hostName(String host) {
    String name = host.strip();
    if (name.startsWith("[")) {
      int close = name.indexOf(']');
      return close < 0 ? name : name.substring(0, close + 1);
    }
    int colon = name.lastIndexOf(':');
    return colon < 0 ? name : name.substring(0, colon);
  }

  private static String bare(String name) {
    return name.startsWith("[") && name.endsWith("]") ? name.substring(1, name.length() - 1) : name;
  }
}
