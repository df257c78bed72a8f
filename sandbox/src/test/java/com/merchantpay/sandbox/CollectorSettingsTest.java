package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CollectorSettingsTest {
  @ParameterizedTest
  @ValueSource(
      strings = {
        "-Xmn32m",
        "-Xmx256m",
        "-Xms64m",
        "-XX:+UseZGC",
        "-XX:+UseParallelGC",
        "-XX:-UseG1GC",
        "-XX:NewSize=8m",
        "-XX:MaxNewSize=8m",
        "-XX:NewRatio=3",
        "-XX:MaxTenuringThreshold=4",
        "-XX:MaxRAMPercentage=50",
        "-XX:G1NewSizePercent=10",
        "-XX:MaxGCPauseMillis=5",
        "-XX:SurvivorRatio=4",
        "-XX:MaxHeapSize=1g",
        "-agentlib:jdwp=transport=dt_socket,server=y,address=5005",
        "-javaagent:/opt/agent.jar",
        "-Dmerchantpay.sandbox.launcher=4242@1700000000000",
        "-Dcom.sun.management.jmxremote.port=9010",
        "-XX:StartFlightRecording=filename=sandbox.jfr",
        "-XX:+FlightRecorder"
      })
  void anOptionAboutTheHeapOrTheCollectorIsTheLaunchersChoice(String option) {
    assertThat(CollectorSettings.chosen(List.of("-Dfile.encoding=UTF-8", option))).isTrue();
    assertThat(CollectorSettings.relaunch(List.of(option), new String[] {"--port", "0"})).isFalse();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "-Xlog:gc:file=gc.log",
        "-Dfile.encoding=UTF-8",
        "-Xss512k",
        "-XX:+ExitOnOutOfMemoryError",
        "-Duser.timezone=UTC",
        "--add-opens=java.base/java.lang=ALL-UNNAMED"
      })
  void otherOptionsLeaveTheChoiceToTheSandbox(String option) {
    assertThat(CollectorSettings.chosen(List.of(option))).isFalse();
    assertThat(CollectorSettings.relaunch(List.of(option), new String[] {"--port", "0"})).isTrue();
  }

  @Test
  void noOptionsAtAllLeaveTheChoiceToTheSandboxUnlessItIsNotToServe() {
    assertThat(CollectorSettings.relaunch(List.of(), new String[0])).isTrue();
    for (String notServing : List.of("--help", "-h", "--version", "-V")) {
      assertThat(CollectorSettings.relaunch(List.of(), new String[] {"--port", "0", notServing}))
          .as(notServing)
          .isFalse();
    }
  }

  @Test
  void theJvmStartedAgainKeepsTheLaunchersOptionsAndArgumentsAndAddsTheSettingsAfterThem() {
    List<String> command =
        CollectorSettings.command(
            "/opt/java",
            List.of("-Xlog:gc:file=gc.log", "-Duser.timezone=UTC"),
            "sandbox.jar",
            "com.merchantpay.sandbox.Main",
            new String[] {"--port", "8080", "--fault", "createPayment,dropAfter,once"});
    assertThat(command)
        .containsExactly(
            java.nio.file.Path.of("/opt/java", "bin", "java").toString(),
            "-Xlog:gc:file=gc.log",
            "-Duser.timezone=UTC",
            "-Xmn8m",
            "-XX:MaxTenuringThreshold=0",
            "-Dmerchantpay.sandbox.launcher=" + CollectorSettings.launcher(),
            "-cp",
            "sandbox.jar",
            "com.merchantpay.sandbox.Main",
            "--port",
            "8080",
            "--fault",
            "createPayment,dropAfter,once");
    assertThat(CollectorSettings.chosen(command.subList(1, 6)))
        .as("the JVM started again starts no other")
        .isTrue();
  }
}
