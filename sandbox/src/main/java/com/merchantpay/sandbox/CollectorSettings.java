package com.merchantpay.sandbox;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * The collector settings the standalone sandbox runs best with, used when whoever launched it chose
 * none.
 *
 * <p>Every create keeps its payment, its idempotency key with the answer to replay and its
 * journalled call until the retention bounds push them out, so whatever survives a young collection
 * lives for minutes. A small young generation keeps each pause short; a tenuring threshold of 0
 * moves a survivor to the old generation at its first collection, copied once, where the default
 * ages it through the survivor spaces and copies it up to fifteen times. The sandbox README's
 * "Collector settings" has the measurements.
 *
 * <p>A running JVM's collector cannot be changed, so a {@code java -jar} given none of the options
 * below starts the sandbox again in a JVM that has them, with its own options, standard streams and
 * exit status passed through. Any option about the heap or the collector is the launcher's choice
 * and kept as given, and so is an agent, a debugger, a JMX port or a flight recording, which belong
 * to the JVM they were given to. A log file given with {@code -Xlog} is the sandbox's: the launcher
 * stops writing its own log before the sandbox's JVM opens the file.
 */
final class CollectorSettings {
  /** What the sandbox's JVM runs with when its launcher chose nothing about heap or collector. */
  static final List<String> OPTIONS = List.of("-Xmn8m", "-XX:MaxTenuringThreshold=0");

  /**
   * Set in the JVM started with {@link #OPTIONS}, so that it starts no other: the launcher's
   * process id and start, {@code pid@epochMillis}, for it to end with that process and no other.
   */
  static final String LAUNCHER = "merchantpay.sandbox.launcher";

  private static final Pattern CHOSEN =
      Pattern.compile(
          "-Xm[nsx].*"
              + "|-XX:[+-]?(Use\\w*GC|\\w*NewSize|NewRatio|\\w*Tenur\\w*|\\w*RAM\\w*|G1\\w*"
              + "|\\w*GCPause\\w*|SurvivorRatio|\\w*HeapSize\\w*)(=.*)?"
              + "|-(agentlib|agentpath|javaagent)[:=].*|-Xdebug|-Xrunjdwp.*"
              // Held by the JVM that starts: a JMX port, a flight recording.
              + "|-Dcom\\.sun\\.management\\..*|-XX:[+-]?FlightRecorder.*|-XX:StartFlightRecording.*"
              + "|-D"
              + Pattern.quote(LAUNCHER)
              + "(=.*)?");

  private static final Set<String> NOT_SERVING = Set.of("-h", "--help", "-V", "--version");

  private CollectorSettings() {}

  /** Whether a JVM given {@code jvmOptions} already runs as its launcher chose. */
  static boolean chosen(List<String> jvmOptions) {
    return jvmOptions.stream().anyMatch(option -> CHOSEN.matcher(option).matches());
  }

  /**
   * Whether to start the sandbox again with {@link #OPTIONS}: its JVM was given none of its own,
   * and it is to serve (not print its help or version).
   */
  static boolean relaunch(List<String> jvmOptions, String[] arguments) {
    for (String argument : arguments) {
      if (NOT_SERVING.contains(argument)) {
        return false;
      }
    }
    return !chosen(jvmOptions);
  }

  /** The command that starts {@code main} again with {@link #OPTIONS} after {@code jvmOptions}. */
  static List<String> command(
      String javaHome, List<String> jvmOptions, String classPath, String main, String[] arguments) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(javaHome, "bin", "java").toString());
    command.addAll(jvmOptions);
    command.addAll(OPTIONS);
    command.add("-D" + LAUNCHER + "=" + launcher());
    command.add("-cp");
    command.add(classPath);
    command.add(main);
    command.addAll(List.of(arguments));
    return command;
  }

  /** This process, as the JVM it starts is told it: {@code pid@epochMillis} of its start. */
  static String launcher() {
    ProcessHandle self = ProcessHandle.current();
    return self.pid()
        + "@"
        + self.info().startInstant().map(java.time.Instant::toEpochMilli).orElse(0L);
  }

  /**
   * Runs {@code command} with this process's standard streams until it ends, and returns its exit
   * status. Stopping this process stops it too. This JVM's own log stops first: a log file given
   * with {@code -Xlog} is the sandbox's to write.
   */
  static int run(List<String> command) throws IOException, InterruptedException {
    stopOwnLog();
    ProcessBuilder builder = new ProcessBuilder(command).inheritIO();
    // Their options are among this JVM's own, already in the command; read again they would come
    // twice.
    builder.environment().remove("JAVA_TOOL_OPTIONS");
    builder.environment().remove("JDK_JAVA_OPTIONS");
    Process sandbox = builder.start();
    Thread stop =
        new Thread(
            () -> {
              sandbox.destroy();
              try {
                if (!sandbox.waitFor(10, TimeUnit.SECONDS)) {
                  sandbox.destroyForcibly();
                }
              } catch (InterruptedException e) {
                sandbox.destroyForcibly();
              }
            },
            "merchantpay-sandbox-stop");
    Runtime.getRuntime().addShutdownHook(stop);
    return sandbox.waitFor();
  }

  private static void stopOwnLog() {
    try {
      java.lang.management.ManagementFactory.getPlatformMBeanServer()
          .invoke(
              new javax.management.ObjectName("com.sun.management:type=DiagnosticCommand"),
              "vmLog",
              new Object[] {new String[] {"disable"}},
              new String[] {String[].class.getName()});
    } catch (javax.management.JMException | RuntimeException e) {
      // A JVM without the command: its log, if any, goes on beside the sandbox's.
    }
  }

  /**
   * In the JVM started with {@link #OPTIONS}: ends this process when the launcher ({@code
   * pid@epochMillis}) ends, however it ended (even killed, when it could not stop us itself), or at
   * once if it has already gone. Noticed within seconds: the JDK polls a process that is not its
   * child.
   */
  static void endWithLauncher(String launcher) {
    java.util.Optional<ProcessHandle> handle = java.util.Optional.empty();
    try {
      int at = launcher.indexOf('@');
      long pid = Long.parseLong(launcher.substring(0, at));
      long started = Long.parseLong(launcher.substring(at + 1));
      handle =
          ProcessHandle.of(pid)
              .filter(
                  process ->
                      process.info().startInstant().map(java.time.Instant::toEpochMilli).orElse(0L)
                          == started);
    } catch (RuntimeException e) {
      // Not a launcher this class wrote: treated as gone.
    }
    if (handle.isEmpty()) {
      System.err.println("merchantpay-sandbox: the process that started this one has ended");
      System.exit(1);
    }
    handle.get().onExit().thenRun(() -> System.exit(1));
  }
}
