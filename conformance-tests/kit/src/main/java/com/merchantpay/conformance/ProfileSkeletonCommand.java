package com.merchantpay.conformance;

import com.merchantpay.conformance.target.Profile;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code profile-skeleton}: writes a profile with every member, each explained in a comment, for a
 * provider to fill in with its target's test data.
 */
@Command(
    name = "profile-skeleton",
    mixinStandardHelpOptions = true,
    description = {
      "Writes a profile skeleton: every member the kit reads, with a comment saying what it is for "
          + "and an example value. Remove what your target does not have and fill in the rest; the "
          + "kit reads the file as it is, comments included (--profile FILE)."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:written", "2:bad usage, or a file that exists already"})
final class ProfileSkeletonCommand implements Callable<Integer> {
  @Parameters(
      paramLabel = "FILE",
      arity = "0..1",
      description = "Where to write it; standard output when left out. An existing file is kept.")
  Path file;

  private final PrintStream out;

  ProfileSkeletonCommand(PrintStream out) {
    this.out = out;
  }

  @Override
  public Integer call() throws IOException {
    String skeleton = Profile.skeleton();
    if (file == null) {
      out.print(skeleton);
      return 0;
    }
    if (Files.exists(file)) {
      throw new IllegalArgumentException(
          file + " exists already; the skeleton is not written over it");
    }
    Files.writeString(file, skeleton);
    out.println("profile skeleton written to " + file);
    return 0;
  }
}
