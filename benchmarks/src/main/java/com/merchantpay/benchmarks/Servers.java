package com.merchantpay.benchmarks;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.merchantpay.sandbox.Sandbox;
import com.sun.net.httpserver.HttpServer;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The servers compared: the sandbox; WireMock answering a static stub with the sandbox's own
 * answers (what a team would set up instead, journal off); a bare Netty server writing the same
 * bytes with as many I/O threads as the sandbox's, the ceiling of the server the sandbox runs on;
 * and a bare JDK {@code HttpServer} doing the same, the server the sandbox ran on before.
 */
final class Servers implements AutoCloseable {
  static final String CREATE_BODY =
      "{\"merchantId\":\"sandbox-merchant\",\"amount\":{\"value\":1499.00,\"currency\":"
          + "\"RUB\"},\"invoice\":{\"orderNo\":\"4711\",\"description\":\"Order 4711\"},\"paymentData\":{\"paymentMethod\":"
          + "\"bankcard\",\"card\":{\"pan\":\"4111111111111111\",\"expiry\":\"12/29\",\"cvc\":\"123\"}}}";

  final Sandbox sandbox;
  final WireMockServer wireMock;
  final HttpServer bare;
  private final EventLoopGroup nettyLoops =
      new NioEventLoopGroup(
          Math.max(2, Runtime.getRuntime().availableProcessors()),
          new DefaultThreadFactory("bare-netty", true));
  private Channel bareNetty;

  /**
   * As many workers as the sandbox's server has, so the ceiling is the same server doing no work.
   */
  private final ExecutorService bareWorkers =
      Executors.newFixedThreadPool(
          16,
          task -> {
            Thread thread = new Thread(task, "bare-server");
            thread.setDaemon(true);
            return thread;
          });

  String paymentId;
  final List<String> paymentIds = new ArrayList<>();
  private byte[] getAnswer;
  private byte[] createAnswer;

  Servers(int distinctPayments) throws Exception {
    sandbox = Sandbox.builder().start();
    try {
      wireMock =
          new WireMockServer(
              options().dynamicPort().bindAddress("127.0.0.1").disableRequestJournal());
      bare = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 128);
      wireMock.start();
      bare.setExecutor(bareWorkers);
      bare.start();
      seed(distinctPayments);
    } catch (Exception | Error e) {
      close();
      throw e;
    }
  }

  private void seed(int distinctPayments) throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    com.fasterxml.jackson.databind.ObjectMapper json =
        new com.fasterxml.jackson.databind.ObjectMapper();
    byte[] created = null;
    for (int i = 0; i < Math.max(1, distinctPayments); i++) {
      HttpResponse<byte[]> answer =
          http.send(
              HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + "/api/v2/payments"))
                  .headers(
                      "Authorization",
                      "Bearer " + sandbox.bearerToken(),
                      "Content-Type",
                      "application/json",
                      "Idempotency-Key",
                      "servers-" + i)
                  .POST(HttpRequest.BodyPublishers.ofString(CREATE_BODY))
                  .build(),
              HttpResponse.BodyHandlers.ofByteArray());
      if (answer.statusCode() != 200) {
        throw new IllegalStateException(
            "the sandbox refused the benchmark's payment: " + answer.statusCode());
      }
      created = created == null ? answer.body() : created;
      paymentIds.add(json.readTree(answer.body()).path("id").asText());
    }
    paymentId = paymentIds.get(0);
    createAnswer = created;
    getAnswer =
        http.send(
                HttpRequest.newBuilder(
                        URI.create(sandbox.baseUrl() + "/api/v2/payments/" + paymentId))
                    .header("Authorization", "Bearer " + sandbox.bearerToken())
                    .build(),
                HttpResponse.BodyHandlers.ofByteArray())
            .body();

    wireMock.stubFor(
        get(urlPathEqualTo("/api/v2/payments/" + paymentId))
            .willReturn(
                aResponse()
                    .withStatus(200)
                    .withHeader("Content-Type", "application/json")
                    .withBody(getAnswer)));
    // Any payment by its path, as a team stubbing reads of many payments would; below the exact
    // one.
    wireMock.stubFor(
        get(urlPathMatching("/api/v2/payments/[^/]+"))
            .atPriority(10)
            .willReturn(
                aResponse()
                    .withStatus(200)
                    .withHeader("Content-Type", "application/json")
                    .withBody(getAnswer)));
    wireMock.stubFor(
        post(urlPathEqualTo("/api/v2/payments"))
            .willReturn(
                aResponse()
                    .withStatus(200)
                    .withHeader("Content-Type", "application/json")
                    .withBody(createAnswer)));

    bareNetty =
        new ServerBootstrap()
            .group(nettyLoops)
            .channel(NioServerSocketChannel.class)
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childHandler(
                new ChannelInitializer<SocketChannel>() {
                  @Override
                  protected void initChannel(SocketChannel channel) {
                    channel
                        .pipeline()
                        .addLast(new HttpServerCodec(), new HttpObjectAggregator(1 << 20))
                        .addLast(
                            new SimpleChannelInboundHandler<FullHttpRequest>() {
                              @Override
                              protected void channelRead0(
                                  ChannelHandlerContext context, FullHttpRequest request) {
                                byte[] body =
                                    request.method().equals(HttpMethod.POST)
                                        ? createAnswer
                                        : getAnswer;
                                FullHttpResponse response =
                                    new DefaultFullHttpResponse(
                                        HttpVersion.HTTP_1_1,
                                        HttpResponseStatus.OK,
                                        Unpooled.wrappedBuffer(body));
                                response
                                    .headers()
                                    .set(HttpHeaderNames.CONTENT_TYPE, "application/json")
                                    .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
                                context.writeAndFlush(response);
                              }

                              @Override
                              public void exceptionCaught(
                                  ChannelHandlerContext context, Throwable cause) {
                                context.close();
                              }
                            });
                  }
                })
            .bind(InetAddress.getLoopbackAddress(), 0)
            .syncUninterruptibly()
            .channel();

    bare.createContext(
        "/",
        exchange -> {
          exchange.getRequestBody().readAllBytes();
          byte[] body = exchange.getRequestMethod().equals("POST") ? createAnswer : getAnswer;
          exchange.getResponseHeaders().set("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
  }

  String sandboxUrl() {
    return sandbox.baseUrl().toString();
  }

  String wireMockUrl() {
    return "http://127.0.0.1:" + wireMock.port();
  }

  String bareUrl() {
    return "http://127.0.0.1:" + bare.getAddress().getPort();
  }

  String bareNettyUrl() {
    return "http://127.0.0.1:" + ((InetSocketAddress) bareNetty.localAddress()).getPort();
  }

  Map<String, String> auth() {
    return Map.of("Authorization", "Bearer " + sandbox.bearerToken());
  }

  @Override
  public void close() {
    if (bareNetty != null) {
      bareNetty.close().syncUninterruptibly();
    }
    nettyLoops.shutdownGracefully(0, 0, java.util.concurrent.TimeUnit.MILLISECONDS);
    if (bare != null) {
      bare.stop(0);
    }
    bareWorkers.shutdownNow();
    if (wireMock != null) {
      wireMock.stop();
    }
    sandbox.stop();
  }
}
