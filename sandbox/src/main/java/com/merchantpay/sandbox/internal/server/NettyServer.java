package com.merchantpay.sandbox.internal.server;

import com.merchantpay.sandbox.internal.http.ApiError;
import com.merchantpay.sandbox.internal.http.Delivery;
import com.merchantpay.sandbox.internal.http.HttpSupport;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * The sandbox's HTTP/1.1 server, on Netty. A call is answered on the I/O thread that read it,
 * unless the sandbox says answering may wait (a fault's delay, the control API, the first load of
 * the documents): then a worker answers it while the connection reads nothing more. Either way the
 * answers of one connection leave in the order its requests came. The connections' I/O threads are
 * shared by every sandbox of the JVM; each sandbox accepts on a thread of its own, whose end closes
 * the listening socket for good before {@link #stop} returns.
 */
final class NettyServer {
  /**
   * A request as received: the raw path and query, the headers by name in any letter case, and the
   * body, null when it was larger than {@link HttpSupport#MAX_BODY}.
   */
  record Received(
      String method,
      String rawPath,
      String rawQuery,
      Map<String, List<String>> headers,
      byte[] body) {}

  /** An answer and how it is delivered. */
  record Reply(HttpSupport.Out out, Delivery delivery) {
    static Reply whole(HttpSupport.Out out) {
      return new Reply(out, Delivery.WHOLE);
    }
  }

  /** What the server asks of the sandbox. */
  interface Handler {
    /**
     * Who answers this request: null for the I/O thread that read it (it never waits on anything),
     * or the executor whose threads may wait for it.
     */
    Executor answeredBy(Received request);

    /** The answer; never throws. */
    Reply answer(Received request);
  }

  private static final int MAX_INITIAL_LINE = 8192;
  private static final int MAX_HEADERS = 32 * 1024;
  private static final int MAX_CHUNK = 64 * 1024;

  /** Requests of one connection read ahead of its answers, at most. */
  private static final int MOST_WAITING = 16;

  /**
   * A connection with nothing sent or received this long is closed: longer than any stall a fault
   * makes in a test. An answer still draining to a slow reader counts as sending.
   */
  static final Duration IDLE = Duration.ofMinutes(5);

  private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.RFC_1123_DATE_TIME;

  /** Shared by every sandbox of the JVM; daemon threads that idle when no sandbox is called. */
  private static EventLoopGroup loops;

  private static synchronized EventLoopGroup loops() {
    if (loops == null) {
      loops =
          new NioEventLoopGroup(
              Math.max(2, Runtime.getRuntime().availableProcessors()),
              new DefaultThreadFactory("merchantpay-sandbox-io", true));
    }
    return loops;
  }

  private final Handler handler;
  private final EventLoopGroup acceptor =
      new NioEventLoopGroup(1, new DefaultThreadFactory("merchantpay-sandbox-accept", true));
  private final Channel listening;
  private final ChannelGroup connections = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);

  /**
   * Binds a port of the loopback interface, and accepts no connection until {@link #open}: the
   * port's number is known at once (the sandbox's URLs name it), while a call made before the
   * sandbox is fully built waits in the system's queue of connections rather than reaching it.
   *
   * @param port the port, or 0 for any free one
   * @throws UncheckedIOException when the port cannot be bound
   */
  NettyServer(int port, Handler handler) {
    this(InetAddress.getLoopbackAddress(), port, null, handler, IDLE);
  }

  NettyServer(InetAddress address, int port, io.netty.handler.ssl.SslContext tls, Handler handler) {
    this(address, port, tls, handler, IDLE);
  }

  /**
   * Binds a port of this address, serving HTTPS when a TLS context is given, plain HTTP otherwise;
   * accepts no connection until {@link #open}.
   *
   * @param address the address to listen on (a wildcard address listens on every one)
   * @param tls the TLS context of an HTTPS listener, or null
   * @param idle how long a connection may pass with nothing sent or received before it is closed
   * @throws UncheckedIOException when the port cannot be bound
   */
  NettyServer(
      InetAddress address,
      int port,
      io.netty.handler.ssl.SslContext tls,
      Handler handler,
      Duration idle) {
    this.handler = handler;
    ServerBootstrap bootstrap =
        new ServerBootstrap()
            .group(acceptor, loops())
            .channel(NioServerSocketChannel.class)
            .option(ChannelOption.SO_BACKLOG, 1024)
            .option(ChannelOption.AUTO_READ, false) // no accepting before open()
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childHandler(
                new ChannelInitializer<SocketChannel>() {
                  @Override
                  protected void initChannel(SocketChannel channel) {
                    connections.add(channel);
                    if (tls != null) {
                      channel.pipeline().addLast(tls.newHandler(channel.alloc()));
                    }
                    channel
                        .pipeline()
                        .addLast(
                            new IdleStateHandler(
                                true, 0, 0, idle.toMillis(), TimeUnit.MILLISECONDS))
                        .addLast(new HttpServerCodec(MAX_INITIAL_LINE, MAX_HEADERS, MAX_CHUNK))
                        .addLast(new Aggregator()) // answers "Expect: 100-continue" too
                        .addLast(new Connection());
                  }
                });
    try {
      listening =
          bootstrap.bind(new InetSocketAddress(address, port)).syncUninterruptibly().channel();
    } catch (Exception e) {
      acceptor.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
      // Netty rethrows the bind failure as it is, unchecked or not.
      SocketException cause =
          e instanceof SocketException socket ? socket : new BindException(e.getMessage());
      throw new UncheckedIOException(
          "cannot listen on " + address.getHostAddress() + " port " + port, cause);
    }
  }

  /** Starts accepting connections, those already waiting first. */
  void open() {
    listening.config().setAutoRead(true);
  }

  int port() {
    return ((InetSocketAddress) listening.localAddress()).getPort();
  }

  /** Stops listening and closes every open connection, as a stopped server's callers expect. */
  void stop() {
    listening.close().syncUninterruptibly();
    // The socket is released when its selector lets go of it: at the next selection, or when the
    // selector closes, which ending the acceptor's thread does before its termination is reported.
    acceptor.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS).syncUninterruptibly();
    connections.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
  }

  /** A request as the sandbox reads it, or null when its target is no URI. */
  private static Received received(HttpRequest request, byte[] body) {
    RequestTarget target = RequestTarget.of(request.uri());
    if (target == null) {
      return null;
    }
    Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    for (Map.Entry<String, String> header : request.headers()) {
      headers.computeIfAbsent(header.getKey(), name -> new ArrayList<>(1)).add(header.getValue());
    }
    return new Received(
        request.method().name(), target.rawPath(), target.rawQuery(), headers, body);
  }

  /**
   * One request of a connection, with what the answer's framing depends on; {@code http10} when the
   * caller spoke HTTP/1.0, which keeps a connection only when both sides say so.
   */
  private record Pending(Received received, boolean keepAlive, boolean head, boolean http10) {}

  /**
   * Answers a connection's requests one at a time; requests that arrive while one is answered off
   * the I/O thread wait their turn.
   */
  private final class Connection extends SimpleChannelInboundHandler<FullHttpRequest> {
    private final ArrayDeque<Pending> waiting = new ArrayDeque<>();
    private boolean busy;

    /** An answer was written faster than the caller reads: the next waits until it can be sent. */
    private boolean backedUp;

    @Override
    protected void channelRead0(ChannelHandlerContext context, FullHttpRequest request) {
      if (!request.decoderResult().isSuccess()) {
        malformed(context, request.decoderResult().cause());
        return;
      }
      byte[] body = new byte[request.content().readableBytes()];
      request.content().readBytes(body);
      Received received = received(request, body);
      if (received == null) {
        malformed(context, null);
        return;
      }
      accept(
          context,
          new Pending(
              received,
              HttpUtil.isKeepAlive(request),
              HttpMethod.HEAD.equals(request.method()),
              HttpVersion.HTTP_1_0.equals(request.protocolVersion())));
    }

    void accept(ChannelHandlerContext context, Pending pending) {
      if (busy) {
        waiting.add(pending);
        if (waiting.size() >= MOST_WAITING) {
          // A caller pipelining without end: its further requests stay unread in the socket.
          context.channel().config().setAutoRead(false);
        }
      } else {
        answer(context, pending);
      }
    }

    private void answer(ChannelHandlerContext context, Pending pending) {
      busy = true;
      Executor workers = handler.answeredBy(pending.received());
      if (workers == null) {
        deliver(context, pending, handler.answer(pending.received()));
        return;
      }
      context.channel().config().setAutoRead(false);
      try {
        workers.execute(
            () -> {
              Reply reply;
              try {
                reply = handler.answer(pending.received());
              } catch (RuntimeException | Error e) {
                // The handler answers its own failures; this last guard keeps the connection from
                // waiting for ever.
                reply =
                    Reply.whole(
                        HttpSupport.Out.text(
                            500, "text/plain; charset=utf-8", "sandbox failure\n"));
              }
              Reply answer = reply;
              context.executor().execute(() -> deliver(context, pending, answer));
            });
      } catch (RejectedExecutionException e) {
        context.close(); // the sandbox is stopping
      }
    }

    private void deliver(ChannelHandlerContext context, Pending pending, Reply reply) {
      HttpSupport.Out out = reply.out();
      byte[] body = out.body();
      boolean partial =
          reply.delivery().mode() != Delivery.Mode.WHOLE && body.length >= 2 && !pending.head();
      if (reply.delivery().mode() == Delivery.Mode.DROP) {
        // Closing before any byte of the answer: the caller gets none.
        context.close();
        return;
      }
      if (!partial) {
        FullHttpResponse response =
            new DefaultFullHttpResponse(
                HttpVersion.HTTP_1_1,
                HttpResponseStatus.valueOf(out.status()),
                body.length == 0 || pending.head()
                    ? Unpooled.EMPTY_BUFFER
                    : Unpooled.wrappedBuffer(body));
        frame(response, out, pending);
        var written = context.writeAndFlush(response);
        if (!pending.keepAlive()) {
          written.addListener(ChannelFutureListener.CLOSE);
          return;
        }
        if (!context.channel().isWritable()) {
          // The caller reads slower than it asks: no further answer is made, and nothing more
          // read, until what is written drains.
          backedUp = true;
          context.channel().config().setAutoRead(false);
          return;
        }
        next(context);
        return;
      }
      HttpResponse head =
          new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(out.status()));
      frame(head, out, pending);
      int half = body.length / 2;
      context.write(head);
      context.writeAndFlush(new DefaultHttpContent(Unpooled.wrappedBuffer(body, 0, half)));
      if (reply.delivery().mode() == Delivery.Mode.TRUNCATE) {
        // Fewer bytes than announced, and the connection goes.
        context.close();
        return;
      }
      context
          .executor()
          .schedule(
              () -> {
                var written =
                    context.writeAndFlush(
                        new DefaultLastHttpContent(
                            Unpooled.wrappedBuffer(body, half, body.length - half)));
                if (pending.keepAlive()) {
                  next(context);
                } else {
                  written.addListener(ChannelFutureListener.CLOSE);
                }
              },
              reply.delivery().stall().toMillis(),
              TimeUnit.MILLISECONDS);
    }

    /** The connection is free: answers the next waiting request, or reads again. */
    private void next(ChannelHandlerContext context) {
      busy = false;
      Pending next = waiting.poll();
      if (next != null) {
        answer(context, next);
      } else if (!context.channel().config().isAutoRead()) {
        context.channel().config().setAutoRead(true);
      }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext context) {
      if (backedUp && context.channel().isWritable()) {
        backedUp = false;
        next(context);
      }
      context.fireChannelWritabilityChanged();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext context, Object event) {
      if (event instanceof IdleStateEvent) {
        // Nothing sent or received for that long: a caller gone without closing, or holding a
        // connection it never uses.
        context.close();
        return;
      }
      context.fireUserEventTriggered(event);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
      // A caller that went away, or bytes that are no HTTP: nothing to answer.
      context.close();
    }
  }

  /**
   * The status line's headers: type, length, date, the answer's own, and whether to keep alive (a
   * null {@code pending}: never).
   */
  private static void frame(HttpResponse response, HttpSupport.Out out, Pending pending) {
    HttpHeaders headers = response.headers();
    if (out.contentType() != null) {
      headers.set(HttpHeaderNames.CONTENT_TYPE, out.contentType());
    }
    int status = out.status();
    if (status >= 200 && status != 204 && status != 304) {
      headers.set(HttpHeaderNames.CONTENT_LENGTH, out.body().length);
    }
    headers.set(HttpHeaderNames.DATE, Dates.now());
    out.headers().forEach(headers::set);
    if (pending == null || !pending.keepAlive()) {
      headers.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
    } else if (pending.http10()) {
      headers.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
    }
  }

  /**
   * A request that is no HTTP this server reads: 400 with the documented error body, saying what is
   * wrong, and the connection closes.
   */
  private static void malformed(ChannelHandlerContext context, Throwable cause) {
    String why =
        cause == null
            ? "the request target is not a URI"
            : cause instanceof TooLongHttpLineException
                ? "the request line is longer than " + MAX_INITIAL_LINE + " bytes"
                : cause instanceof TooLongHttpHeaderException
                    ? "the request's headers are longer than " + MAX_HEADERS + " bytes"
                    : "the request is not well-formed HTTP";
    HttpSupport.Out out = ApiError.validation("request: " + why).response();
    FullHttpResponse response =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1,
            HttpResponseStatus.BAD_REQUEST,
            Unpooled.wrappedBuffer(out.body()));
    frame(response, out, null);
    context.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
  }

  /**
   * Collects a request's body; one larger than {@link HttpSupport#MAX_BODY} is answered by the
   * sandbox as one it could not read, and the connection then closes.
   */
  private final class Aggregator extends HttpObjectAggregator {
    Aggregator() {
      super(HttpSupport.MAX_BODY);
    }

    @Override
    protected void handleOversizedMessage(ChannelHandlerContext context, HttpMessage oversized) {
      if (!(oversized instanceof HttpRequest request)) {
        context.close();
        return;
      }
      Received received = received(request, null);
      if (received == null) {
        malformed(context, null);
        return;
      }
      // The rest of the body is not read, so the connection cannot carry another request.
      ChannelHandlerContext connection = context.pipeline().context(Connection.class);
      ((Connection) connection.handler())
          .accept(
              connection,
              new Pending(
                  received,
                  false,
                  HttpMethod.HEAD.equals(request.method()),
                  HttpVersion.HTTP_1_0.equals(request.protocolVersion())));
    }
  }

  /** The {@code Date} header's value, made once a second. */
  private static final class Dates {
    private record Stamp(long second, String text) {}

    private static volatile Stamp last = new Stamp(-1, "");

    static String now() {
      long second = System.currentTimeMillis() / 1000;
      Stamp stamp = last;
      if (stamp.second() != second) {
        stamp = new Stamp(second, HTTP_DATE.format(ZonedDateTime.now(ZoneOffset.UTC)));
        last = stamp;
      }
      return stamp.text();
    }
  }
}
