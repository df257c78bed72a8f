package com.merchantpay.testsupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A merchant's callback endpoint on the loopback interface: answers 500 to the first N
 * notifications and 200 afterwards, and keeps every body and content type it received.
 */
public final class CallbackReceiver implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpServer server;
  private final AtomicInteger failuresLeft;
  private final List<JsonNode> bodies = new ArrayList<>();
  private final List<String> texts = new ArrayList<>();
  private final List<String> contentTypes = new ArrayList<>();

  /** A receiver that fails the first {@code failFirst} notifications with 500. */
  public CallbackReceiver(int failFirst) {
    this.failuresLeft = new AtomicInteger(failFirst);
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.createContext(
        "/",
        exchange -> {
          byte[] body = exchange.getRequestBody().readAllBytes();
          synchronized (bodies) {
            texts.add(new String(body, StandardCharsets.UTF_8));
            bodies.add(JSON.readTree(body));
            contentTypes.add(exchange.getRequestHeaders().getFirst("Content-Type"));
            bodies.notifyAll();
          }
          int status = failuresLeft.getAndDecrement() > 0 ? 500 : 200;
          exchange.sendResponseHeaders(status, -1);
          exchange.close();
        });
    server.start();
  }

  /** The address to give as a callback URL. */
  public String url() {
    return "http://"
        + server.getAddress().getHostString()
        + ":"
        + server.getAddress().getPort()
        + "/hooks";
  }

  /** The bodies received so far, in order. */
  public List<JsonNode> bodies() {
    synchronized (bodies) {
      return List.copyOf(bodies);
    }
  }

  /** Waits up to {@code millis} for at least {@code count} bodies and returns what arrived. */
  public List<JsonNode> awaitBodies(int count, long millis) throws InterruptedException {
    long deadline = System.currentTimeMillis() + millis;
    synchronized (bodies) {
      while (bodies.size() < count && System.currentTimeMillis() < deadline) {
        bodies.wait(Math.max(1, deadline - System.currentTimeMillis()));
      }
      return List.copyOf(bodies);
    }
  }

  /** The bodies received so far as the text that arrived, for parsers under test. */
  public List<String> texts() {
    synchronized (bodies) {
      return List.copyOf(texts);
    }
  }

  public List<String> contentTypes() {
    synchronized (bodies) {
      return List.copyOf(contentTypes);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
