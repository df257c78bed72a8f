package com.merchantpay.conformance;

import picocli.CommandLine.Command;

/** {@code profile}: what a provider does with its profile before a run ({@code check}). */
@Command(
    name = "profile",
    mixinStandardHelpOptions = true,
    description = {"A target's profile: check it against the target (profile check)."})
final class ProfileCommand implements Runnable {
  @Override
  public void run() {
    throw new IllegalArgumentException("profile takes a command: check (profile check --help)");
  }
}
