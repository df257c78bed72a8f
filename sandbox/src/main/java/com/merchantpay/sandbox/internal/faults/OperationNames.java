package com.merchantpay.sandbox.internal.faults;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Reads an operation's name as a test writes it into the one form rules keep, {@code
 * v2:createPayment}: a name of one interface alone, or with its interface, in any letter case. A
 * name of no operation, or of both interfaces without its interface, is refused naming what would
 * do, so a mistyped rule fails when it is written instead of never firing.
 */
public final class OperationNames {
  /** Every call of either interface. */
  public static final String EVERY = "*";

  private final List<String> v2;
  private final List<String> v1;

  /**
   * @param v2 the operation ids of the v2 interface
   * @param v1 the operation names of the v1 interface
   */
  public OperationNames(List<String> v2, List<String> v1) {
    this.v2 = List.copyOf(v2);
    this.v1 = List.copyOf(v1);
  }

  /**
   * The name in its one form: {@code v2:createPayment}, or {@link #EVERY}.
   *
   * @throws IllegalArgumentException naming the known operations, and the closest to the name
   */
  public String qualify(String name) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("an operation is named, or * for every call");
    }
    String given = name.strip();
    if (given.equals(EVERY)) {
      return EVERY;
    }
    int colon = given.indexOf(':');
    if (colon > 0) {
      String api = given.substring(0, colon).toLowerCase(Locale.ROOT);
      String id = given.substring(colon + 1);
      List<String> of = api.equals("v2") ? v2 : api.equals("v1") ? v1 : null;
      if (of == null) {
        throw new IllegalArgumentException(
            "'" + given + "': the interface is v2 or v1, not " + given.substring(0, colon));
      }
      String found = find(of, id);
      if (found == null) {
        throw unknown(given, api.equals("v2") ? "the v2 operations" : "the v1 operations", of);
      }
      return api + ":" + found;
    }
    String inV2 = find(v2, given);
    String inV1 = find(v1, given);
    if (inV2 != null && inV1 != null) {
      throw new IllegalArgumentException(
          "'"
              + given
              + "' is an operation of both interfaces: write v2:"
              + inV2
              + " or v1:"
              + inV1);
    }
    if (inV2 != null) {
      return "v2:" + inV2;
    }
    if (inV1 != null) {
      return "v1:" + inV1;
    }
    List<String> all = new ArrayList<>(v2);
    all.addAll(v1);
    throw unknown(given, "the operations", all);
  }

  /** Every operation in its one form, v2's first. */
  public List<String> qualifiedNames() {
    List<String> names = new ArrayList<>();
    v2.forEach(id -> names.add("v2:" + id));
    v1.forEach(id -> names.add("v1:" + id));
    return names;
  }

  private static String find(List<String> names, String id) {
    return names.stream().filter(known -> known.equalsIgnoreCase(id)).findFirst().orElse(null);
  }

  private static IllegalArgumentException unknown(String given, String which, List<String> known) {
    String closest =
        known.stream()
            .min(Comparator.comparingInt(k -> distance(k.toLowerCase(Locale.ROOT), bare(given))))
            .orElseThrow();
    boolean near = distance(closest.toLowerCase(Locale.ROOT), bare(given)) <= 3;
    return new IllegalArgumentException(
        "no operation '"
            + given
            + "'"
            + (near ? " (did you mean " + closest + "?)" : "")
            + "; "
            + which
            + " are "
            + String.join(", ", known.stream().distinct().toList()));
  }

  private static String bare(String given) {
    return given.substring(given.indexOf(':') + 1).toLowerCase(Locale.ROOT);
  }

  /** Edit distance, for the closest name to a mistyped one. */
  private static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j] + 1, current[j - 1] + 1));
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}
