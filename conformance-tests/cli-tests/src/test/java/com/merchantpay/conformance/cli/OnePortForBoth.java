package com.merchantpay.conformance.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PushbackInputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

/**
 * A target that answers the same calls over TLS and over plain HTTP on one port, as a server with
 * port unification left on would: a TCP relay that passes a connection opening with a TLS handshake
 * to the sandbox's HTTPS listener, and any other to its plain HTTP one. On loopback only.
 */
final class OnePortForBoth implements AutoCloseable {
  private static final int TLS_HANDSHAKE = 0x16;

  private final URI https;
  private final URI http;
  private final ServerSocket server;
  private final Set<Socket> open = ConcurrentHashMap.newKeySet();
  private final ExecutorService threads =
      Executors.newCachedThreadPool(
          task -> {
            Thread thread = new Thread(task, "one-port-for-both");
            thread.setDaemon(true);
            return thread;
          });
  private volatile boolean closed;

  OnePortForBoth(URI https, URI http) throws IOException {
    this.https = https;
    this.http = http;
    this.server = new ServerSocket(0, 50, InetAddress.getByName(https.getHost()));
    threads.execute(this::accept);
  }

  URI baseUrl() {
    return URI.create("https://" + https.getHost() + ":" + server.getLocalPort());
  }

  private void accept() {
    while (!closed) {
      Socket client;
      try {
        client = server.accept();
      } catch (IOException e) {
        return; // closed
      }
      open.add(client);
      try {
        threads.execute(() -> relay(client));
      } catch (RejectedExecutionException e) {
        closeQuietly(client);
        return;
      }
      if (closed) {
        closeQuietly(client);
      }
    }
  }

  private void relay(Socket client) {
    Socket sandbox = null;
    try {
      PushbackInputStream in = new PushbackInputStream(client.getInputStream(), 1);
      int first = in.read();
      if (first < 0) {
        return;
      }
      in.unread(first);
      URI to = first == TLS_HANDSHAKE ? https : http;
      sandbox = new Socket(to.getHost(), to.getPort());
      open.add(sandbox);
      Socket upstream = sandbox;
      threads.execute(() -> pump(in, upstream));
      pump(sandbox.getInputStream(), client);
    } catch (IOException | RejectedExecutionException e) {
      // one side went away: the connection ends
    } finally {
      closeQuietly(client);
      if (sandbox != null) {
        closeQuietly(sandbox);
      }
    }
  }

  private void pump(InputStream from, Socket to) {
    try {
      OutputStream out = to.getOutputStream();
      byte[] buffer = new byte[8192];
      for (int n; (n = from.read(buffer)) >= 0; ) {
        out.write(buffer, 0, n);
        out.flush();
      }
    } catch (IOException e) {
      // the other side closed
    } finally {
      closeQuietly(to);
    }
  }

  private void closeQuietly(Socket socket) {
    open.remove(socket);
    try {
      socket.close();
    } catch (IOException e) {
      // already closed
    }
  }

  @Override
  public void close() {
    closed = true;
    try {
      server.close();
    } catch (IOException e) {
      // closing anyway
    }
    for (Socket socket : open) {
      closeQuietly(socket);
    }
    threads.shutdownNow();
  }
}
