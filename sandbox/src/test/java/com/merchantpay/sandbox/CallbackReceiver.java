package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** A merchant's callback endpoint: answers 500 to the first N notifications, 200 afterwards, and keeps them. */
final class CallbackReceiver implements AutoCloseable {
  private final HttpServer server;
  private final AtomicInteger failuresLeft;
  private final List<JsonNode> bodies = new ArrayList<>();
  private final List<String> contentTypes = new ArrayList<>();

  CallbackReceiver(int failFirst) {
    this.failuresLeft = new AtomicInteger(failFirst);
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.createContext("/", exchange -> {
      byte[] body = exchange.getRequestBody().readAllBytes();
      synchronized (bodies) {
        bodies.add(Api.JSON.readTree(body));
        contentTypes.add(exchange.getRequestHeaders().getFirst("Content-Type"));
      }
      int status = failuresLeft.getAndDecrement() > 0 ? 500 : 200;
      exchange.sendResponseHeaders(status, -1);
      exchange.close();
    });
    server.start();
  }

  String url() {
    return "http://" + server.getAddress().getHostString() + ":" + server.getAddress().getPort() + "/hooks";
  }

  List<JsonNode> bodies() {
    synchronized (bodies) {
      return List.copyOf(bodies);
    }
  }

  List<String> contentTypes() {
    synchronized (bodies) {
      return List.copyOf(contentTypes);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }

  /** Fails when the body does not match the named schema of the v2 document (extra members fail too). */
  static void conforms(String schemaName, JsonNode body) {
    assertThat(Api.Judges.V2.schemaProblems(schemaName, body)).as("%s %s", schemaName, body).isEmpty();
  }
}
