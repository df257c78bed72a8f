package com.merchantpay.benchmarks;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.AttributeKey;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Drives an HTTP server at a fixed offered rate, whatever its answers do: an open loop. Request
 * {@code i} is due at {@code start + i / rate}; it is sent on a free connection when it is due, or
 * as soon as one frees up, and its latency is counted from when it was due, so a server that stalls
 * is charged for every request that waited behind the stall (the closed loop's coordinated
 * omission, which a closed-loop driver such as wrk hides). Every latency is kept, so the
 * percentiles are exact.
 */
final class OpenLoad {
  /**
   * What one run measured.
   *
   * @param offered the rate asked for, requests per second
   * @param achieved the rate of answers received while measuring
   * @param p50Millis median latency from when each request was due
   * @param p90Millis 90th percentile
   * @param p99Millis 99th percentile
   * @param p999Millis 99.9th percentile
   * @param maxMillis the slowest
   * @param answered how many answers were counted
   * @param failures answers of 300 or above, and requests still unanswered at the end
   */
  record Result(
      double offered,
      double achieved,
      double p50Millis,
      double p90Millis,
      double p99Millis,
      double p999Millis,
      double maxMillis,
      long answered,
      long failures) {}

  /** Connections kept open: enough for the offered rate at a latency many times the expected. */
  static final int CONNECTIONS = 64;

  /** How often the driver looks for due requests; each look sends every request due by then. */
  private static final long TICK_MICROS = 200;

  /** The number of the request a connection is waiting on. */
  private static final AttributeKey<Long> REQUEST = AttributeKey.valueOf("merchantpay-request");

  private OpenLoad() {}

  /** Offers {@code rate} requests a second of {@code shape} for the warm-up, then measures. */
  static Result run(
      String baseUrl, Load.Shape shape, double rate, Duration warmUp, Duration measure)
      throws Exception {
    EventLoopGroup loop = new NioEventLoopGroup(1);
    try {
      if (!warmUp.isZero()) {
        new Driver(loop.next(), URI.create(baseUrl), shape, rate, warmUp).run();
      }
      return new Driver(loop.next(), URI.create(baseUrl), shape, rate, measure).run();
    } finally {
      loop.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS).syncUninterruptibly();
    }
  }

  /** One run; every field is touched on the event loop's thread only. */
  private static final class Driver {
    private final EventLoop loop;
    private final URI base;
    private final Load.Shape shape;
    private final double rate;
    private final long total;
    private final long[] latencies;
    private final ArrayDeque<Channel> idle = new ArrayDeque<>();
    private final ArrayDeque<Long> waiting = new ArrayDeque<>();
    private final List<Channel> open = new ArrayList<>();
    private final CompletableFuture<Void> done = new CompletableFuture<>();
    private final String run = Long.toString(System.nanoTime(), 36);
    private final byte[] body;

    /** What every request repeats, worked out once rather than on the driver's one thread. */
    private final HttpMethod method;

    private final String pathPrefix;
    private final String host;
    private long start;
    private long end;
    private long sent;
    private long answered;
    private long failures;
    private ScheduledFuture<?> ticks;

    Driver(EventLoop loop, URI base, Load.Shape shape, double rate, Duration duration) {
      this.loop = loop;
      this.base = base;
      this.shape = shape;
      this.rate = rate;
      this.total = Math.max(1, (long) (rate * duration.toNanos() / 1e9));
      this.latencies = new long[(int) total];
      this.body = shape.body() == null ? null : shape.body().getBytes(StandardCharsets.UTF_8);
      this.method = HttpMethod.valueOf(shape.method());
      this.pathPrefix = base.getRawPath().replaceAll("/$", "");
      this.host = base.getHost() + ":" + base.getPort();
    }

    Result run() throws Exception {
      Bootstrap bootstrap =
          new Bootstrap()
              .group(loop)
              .channel(NioSocketChannel.class)
              .option(ChannelOption.TCP_NODELAY, true)
              .handler(
                  new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                      channel.pipeline().addLast(new HttpClientCodec()).addLast(new Answers());
                    }
                  });
      int port = base.getPort() == -1 ? 80 : base.getPort();
      for (int i = 0; i < CONNECTIONS; i++) {
        open.add(bootstrap.connect(base.getHost(), port).sync().channel());
      }
      loop.submit(
              () -> {
                idle.addAll(open);
                start = System.nanoTime();
                ticks = loop.scheduleAtFixedRate(this::tick, 0, TICK_MICROS, TimeUnit.MICROSECONDS);
              })
          .sync();
      Duration duration = Duration.ofNanos((long) (total / rate * 1e9));
      try {
        // An answer may take its time; what is still unanswered then counts as failed.
        done.get(duration.toMillis() + 30_000, TimeUnit.MILLISECONDS);
      } catch (TimeoutException stillWaiting) {
        loop.submit(this::finish).sync();
      }
      for (Channel channel : open) {
        channel.close().sync();
      }
      double seconds = (end - start) / 1e9;
      long[] measured = Arrays.copyOf(latencies, (int) answered);
      Arrays.sort(measured);
      return new Result(
          rate,
          answered / seconds,
          millis(measured, 0.50),
          millis(measured, 0.90),
          millis(measured, 0.99),
          millis(measured, 0.999),
          measured.length == 0 ? 0 : measured[measured.length - 1] / 1e6,
          answered,
          failures);
    }

    private static double millis(long[] sorted, double quantile) {
      if (sorted.length == 0) {
        return 0;
      }
      return sorted[(int) Math.max(0, Math.ceil(sorted.length * quantile) - 1)] / 1e6;
    }

    private void tick() {
      long due = Math.min(total, (long) ((System.nanoTime() - start) * rate / 1e9) + 1);
      while (sent < due) {
        Channel channel = idle.poll();
        if (channel == null) {
          waiting.add(sent);
        } else {
          send(channel, sent);
        }
        sent++;
      }
      if (sent == total) {
        ticks.cancel(false);
      }
    }

    private void send(Channel channel, long n) {
      String path = shape.paths().get((int) (n % shape.paths().size()));
      FullHttpRequest request =
          new DefaultFullHttpRequest(
              HttpVersion.HTTP_1_1,
              method,
              pathPrefix + path,
              body == null ? Unpooled.EMPTY_BUFFER : Unpooled.wrappedBuffer(body));
      request.headers().set(HttpHeaderNames.HOST, host);
      shape.headers().forEach((name, value) -> request.headers().set(name, value));
      if (body != null) {
        request.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/json");
        request.headers().set(HttpHeaderNames.CONTENT_LENGTH, body.length);
        request.headers().set("Idempotency-Key", "open-" + run + "-" + n);
      }
      channel.attr(REQUEST).set(n);
      channel.writeAndFlush(request);
    }

    private void answered(Channel channel, int status) {
      long dueAt = start + (long) (channel.attr(REQUEST).get() * 1e9 / rate);
      if (status >= 300) {
        failures++;
      } else {
        latencies[(int) answered++] = System.nanoTime() - dueAt;
      }
      Long next = waiting.poll();
      if (next != null) {
        send(channel, next);
      } else {
        idle.add(channel);
      }
      if (answered + failures == total) {
        finish();
      }
    }

    private void finish() {
      if (ticks != null) {
        ticks.cancel(false);
      }
      end = System.nanoTime();
      failures = total - answered;
      done.complete(null);
    }

    /** Reads each connection's answers: the status from the head, the end from the last part. */
    private final class Answers extends SimpleChannelInboundHandler<HttpObject> {
      private int status;

      @Override
      protected void channelRead0(ChannelHandlerContext context, HttpObject message) {
        if (message instanceof HttpResponse response) {
          status = response.status().code();
        }
        if (message instanceof LastHttpContent) {
          answered(context.channel(), status);
        }
      }

      @Override
      public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
        context.close();
      }
    }
  }
}
