package com.merchantpay.masking;

import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * The names of members and parameters whose value is a secret, for every part of the product that
 * prints text a peer or a user gave it: the clients' messages and logs, the sandbox's
 * verifications, the conformance kit's reports. The specs mark the secret members {@code
 * x-sensitive}; these sets hold their names, and a test of this module fails when the two drift
 * apart, so a secret added to a spec is masked everywhere once it is added here.
 */
public final class SecretNames {
  /**
   * The {@code x-sensitive} members of the specs whose name is a secret wherever it stands: card
   * data, a wallet cryptogram or authorization code, 3-D Secure results, a token id under its own
   * name, and the payer's identifier and phone number in v1 answers.
   */
  public static final Set<String> MEMBERS =
      Set.of(
          "pan",
          "expiry",
          "cvc",
          "cryptogram",
          "authorizationCode",
          "cres",
          "PARes",
          "tokenId",
          "UserIdentifier",
          "UserPhoneNumber");

  /**
   * The {@code x-sensitive} members whose name also means something harmless elsewhere: {@code
   * code} is the SMS code of a complete request but also an error's code, and {@code id} is a
   * payment token in a token's own resource but any other resource's id elsewhere. They are masked
   * where they stand in those places (a complete request, a token), not by name everywhere.
   */
  public static final Set<String> MEMBERS_IN_PLACE = Set.of("code", "id");

  /** The v1 request's signature, its nonce and the password the signature is made with. */
  public static final Set<String> SIGNING = Set.of("hash", "nonce", "password");

  /**
   * Other credentials no spec schema holds: a bearer token and the header that carries it, and
   * other spellings of a card's security code.
   */
  public static final Set<String> CREDENTIALS =
      Set.of("authorization", "accessToken", "token", "cvv", "cvc2", "cvv2");

  private static final Set<String> SECRET_LOWER = lower(MEMBERS, SIGNING, CREDENTIALS);

  private SecretNames() {}

  /**
   * Whether a member or parameter of this name holds a secret wherever it stands, in any letter
   * case (a peer may spell {@code PaRes} or {@code TokenID} its own way); the name may be a dotted
   * path, whose last part counts.
   */
  public static boolean isSecret(String name) {
    if (name == null) {
      return false;
    }
    String last = name.substring(name.lastIndexOf('.') + 1);
    return SECRET_LOWER.contains(last.toLowerCase(Locale.ROOT));
  }

  @SafeVarargs
  private static Set<String> lower(Set<String>... sets) {
    Set<String> all = new TreeSet<>();
    for (Set<String> set : sets) {
      set.forEach(name -> all.add(name.toLowerCase(Locale.ROOT)));
    }
    return Set.copyOf(all);
  }
}
