package com.merchantpay.sandbox.internal.http;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The names a sandbox on loopback is reached by, so that what only a local caller may see (the
 * control API, the credentials the portal's pages use) is refused to a name rebound to 127.0.0.1 by
 * a web page's DNS. A sandbox listening on other addresses answers any name: its operator chose to
 * be reached by whatever name points there.
 */
public final class ServedHosts {
  private static final Pattern IPV4 = Pattern.compile("[0-9]{1,3}(\\.[0-9]{1,3}){3}");
  private static final Pattern IPV6 = Pattern.compile("[0-9a-fA-F:.]+");

  /** Null: any name. */
  private final Set<String> names;

  private ServedHosts(Set<String> names) {
    this.names = names;
  }

  /** Every name is served. */
  public static ServedHosts any() {
    return new ServedHosts(null);
  }

  /**
   * A sandbox on loopback: {@code localhost}, any loopback address however written, and the given
   * names (the listening host, the names of its certificate).
   */
  public static ServedHosts loopback(Iterable<String> more) {
    Set<String> names = new HashSet<>();
    names.add("localhost");
    for (String name : more) {
      names.add(bare(name).toLowerCase(Locale.ROOT));
    }
    return new ServedHosts(names);
  }

  /** Whether a request with this Host header is for this sandbox; a request with none is. */
  public boolean serves(String hostHeader) {
    if (names == null || hostHeader == null) {
      return true;
    }
    String name = bare(hostName(hostHeader)).toLowerCase(Locale.ROOT);
    if (names.contains(name)) {
      return true;
    }
    // Only a literal is parsed, so no name is ever looked up in DNS here.
    if (IPV4.matcher(name).matches() || (name.contains(":") && IPV6.matcher(name).matches())) {
      try {
        return InetAddress.getByName(name).isLoopbackAddress();
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
