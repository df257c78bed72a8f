package com.merchantpay.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Where the process's time goes per create with sixteen callers and a real exchange, ours beside
 * raw, by the threads that spend it: the callers, the JDK HTTP client's own threads, the local
 * server's, and the rest of the process (the collector and the compiler, which are no Java threads,
 * and any other thread). A fixed number of calls each round, the two taking turns; per client the
 * round that cost the process least is kept.
 */
final class ClientThreads {
  /** Processor microseconds per call, by the threads that spent them. */
  record Spent(
      String call, int calls, double callers, double httpClient, double server, double rest) {
    double process() {
      return callers + httpClient + server + rest;
    }
  }

  static final int CALLERS = 16;

  private ClientThreads() {}

  static List<Spent> run(int callsPerCaller) throws Exception {
    ClientBenchmark benchmark = new ClientBenchmark();
    benchmark.start();
    ExecutorService callers =
        Executors.newFixedThreadPool(
            CALLERS,
            task -> {
              Thread thread = new Thread(task, "benchmark-caller");
              thread.setDaemon(true);
              return thread;
            });
    try {
      Map<String, Callable<Object>> measured = new LinkedHashMap<>();
      measured.put("create payment, ours", benchmark::createOurs);
      measured.put("create payment, raw", benchmark::createRaw);
      Map<String, Spent> best = new LinkedHashMap<>();
      for (int round = 0; round < 5; round++) {
        for (Map.Entry<String, Callable<Object>> call : measured.entrySet()) {
          Spent spent = measure(call.getKey(), call.getValue(), callers, callsPerCaller);
          if (round >= 2) { // the first two warm up
            best.merge(call.getKey(), spent, (a, b) -> a.process() <= b.process() ? a : b);
          }
        }
      }
      return List.copyOf(best.values());
    } finally {
      callers.shutdownNow();
      benchmark.stop();
    }
  }

  private static Spent measure(
      String name, Callable<Object> call, ExecutorService callers, int callsPerCaller)
      throws Exception {
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    Map<String, Long> before = byThread();
    long processBefore = os.getProcessCpuTime();
    List<Future<?>> running = new ArrayList<>();
    for (int caller = 0; caller < CALLERS; caller++) {
      running.add(
          callers.submit(
              () -> {
                for (int i = 0; i < callsPerCaller; i++) {
                  call.call();
                }
                return null;
              }));
    }
    for (Future<?> caller : running) {
      caller.get();
    }
    long process = os.getProcessCpuTime() - processBefore;
    Map<String, Long> after = byThread();
    double calls = (double) CALLERS * callsPerCaller;
    double callersMicros = spent(before, after, "callers") / 1e3 / calls;
    double clientMicros = spent(before, after, "http client") / 1e3 / calls;
    double serverMicros = spent(before, after, "server") / 1e3 / calls;
    return new Spent(
        name,
        CALLERS * callsPerCaller,
        callersMicros,
        clientMicros,
        serverMicros,
        Math.max(0, process / 1e3 / calls - callersMicros - clientMicros - serverMicros));
  }

  private static long spent(Map<String, Long> before, Map<String, Long> after, String group) {
    long sum = 0;
    for (Map.Entry<String, Long> thread : after.entrySet()) {
      String name = thread.getKey();
      if (group.equals(group(name.substring(name.indexOf(' ') + 1)))) {
        sum += thread.getValue() - before.getOrDefault(name, 0L);
      }
    }
    return sum;
  }

  /** The group a thread of this name spends for, or null for the rest of the process. */
  private static String group(String threadName) {
    if (threadName.equals("benchmark-caller")) {
      return "callers";
    }
    if (threadName.startsWith("HttpClient-")) {
      return "http client";
    }
    if (threadName.equals("benchmark-server") || threadName.equals("HTTP-Dispatcher")) {
      return "server";
    }
    return null;
  }

  /** Every live Java thread's processor time, by "id name". */
  private static Map<String, Long> byThread() {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    Map<String, Long> cpu = new LinkedHashMap<>();
    for (Thread thread : Thread.getAllStackTraces().keySet()) {
      long nanos = threads.getThreadCpuTime(thread.getId());
      if (nanos > 0) {
        cpu.put(thread.getId() + " " + thread.getName(), nanos);
      }
    }
    return cpu;
  }
}
