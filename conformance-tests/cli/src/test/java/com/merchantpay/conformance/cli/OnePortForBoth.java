package com.merchantpay.conformance.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PushbackInputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A target that answers the same calls over TLS and over plain HTTP on one port, as a server with
 * port unification left on would: a TCP relay that passes a connection opening with a TLS handshake
 * to the sandbox's HTTPS listener, and any other to its plain HTTP one. On loopback only.
 */
final class OnePortForBoth implements AutoCloseable {
  private static final int TLS_HANDSHAKE = 0x16;

  private final int httpsPort;
  private final int httpPort;
  private final ServerSocket server;
  private final List<Socket> open = new CopyOnWriteArrayList<>();
  private final ExecutorService threads =
      Executors.newCachedThreadPool(
          task -> {
            Thread thread = new Thread(task, "one-port-for-both");
            thread.setDaemon(true);
            return thread;
          });

  OnePortForBoth(URI https, URI http) throws IOException {
    this.httpsPort = https.getPort();
    this.httpPort = http.getPort();
    this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    threads.execute(this::accept);
  }

  URI baseUrl() {
    return URI.create("https://127.0.0.1:" + server.getLocalPort());
  }

  private void accept() {
    while (!server.isClosed()) {
      try {
        Socket client = server.accept();
        open.add(client);
        threads.execute(() -> relay(client));
      } catch (IOException e) {
        return; // closed
      }
    }
  }

  private void relay(Socket client) {
    try (client) {
      PushbackInputStream in = new PushbackInputStream(client.getInputStream(), 1);
      int first = in.read();
      if (first < 0) {
        return;
      }
      in.unread(first);
      try (Socket sandbox =
          new Socket(
              InetAddress.getLoopbackAddress(), first == TLS_HANDSHAKE ? httpsPort : httpPort)) {
        open.add(sandbox);
        threads.execute(() -> pump(in, sandbox));
        pump(sandbox.getInputStream(), client);
      }
    } catch (IOException e) {
      // one side went away: the connection ends
    }
  }

  private static void pump(InputStream from, Socket to) {
    try {
      pump(from, to.getOutputStream());
    } catch (IOException e) {
      // the other side closed
    } finally {
      try {
        to.close();
      } catch (IOException e) {
        // already closed
      }
    }
  }

  private static void pump(InputStream from, OutputStream to) throws IOException {
    byte[] buffer = new byte[8192];
    for (int n; (n = from.read(buffer)) >= 0; ) {
      to.write(buffer, 0, n);
      to.flush();
    }
  }

  @Override
  public void close() throws IOException {
    server.close();
    for (Socket socket : open) {
      socket.close();
    }
    threads.shutdownNow();
  }
}
