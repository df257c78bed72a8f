package com.merchantpay.spring;

import com.merchantpay.v2.MerchantPayClient;
import com.merchantpay.v2.MerchantPayException;
import com.merchantpay.v2.NotificationParseException;
import com.merchantpay.v2.Notifications;
import com.merchantpay.v2.ServiceException;
import java.io.IOException;
import java.io.InputStream;
import java.util.OptionalLong;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.http.HttpStatus;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.RouterFunctions;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;

/**
 * Receives the service's notifications: payments at the configured path, payment tokens under
 * {@code /tokens} beside it. The service documents no signature on notifications, so each one is
 * read back through the authenticated API before it is published as an application event; the event
 * carries that answer, the state to act on. A body that is no notification, or one the service does
 * not confirm, is refused (400); one that cannot be verified now is answered 503, so the service
 * sends it again.
 */
final class NotificationEndpoint {
  private static final Logger LOG = LoggerFactory.getLogger(NotificationEndpoint.class);

  private final MerchantPayClient client;
  private final ApplicationEventPublisher events;

  NotificationEndpoint(MerchantPayClient client, ApplicationEventPublisher events) {
    this.client = client;
    this.events = events;
  }

  RouterFunction<ServerResponse> routes(String path) {
    Notifications notifications = client.notifications();
    return RouterFunctions.route()
        .POST(
            path,
            request ->
                receive(
                    request,
                    "payment",
                    notifications::parsePayment,
                    notifications::verify,
                    PaymentNotificationEvent::new))
        .POST(
            path + "/tokens",
            request ->
                receive(
                    request,
                    "payment token",
                    notifications::parsePaymentToken,
                    notifications::verify,
                    PaymentTokenNotificationEvent::new))
        .build();
  }

  /** Reads a notification, verifies it by reading its resource back, and publishes both. */
  private <N, R> ServerResponse receive(
      ServerRequest request,
      String what,
      Function<byte[], N> parse,
      Function<N, R> verify,
      BiFunction<N, R, Object> event)
      throws Exception {
    byte[] body = bounded(request);
    if (body == null) {
      return ServerResponse.status(HttpStatus.PAYLOAD_TOO_LARGE)
          .body("a notification is at most " + MOST_READ + " bytes");
    }
    N notification;
    try {
      notification = parse.apply(body);
    } catch (NotificationParseException e) {
      return ServerResponse.badRequest().body(e.getMessage());
    }
    R verified;
    try {
      verified = verify.apply(notification);
    } catch (MerchantPayException e) {
      return unverified(what, e);
    }
    events.publishEvent(event.apply(notification, verified));
    return ServerResponse.ok().build();
  }

  /**
   * The body, or null when it is larger than a notification can be: anyone can post to the
   * endpoint, and what it reads it holds in memory.
   */
  private static byte[] bounded(ServerRequest request) throws IOException {
    OptionalLong declared = request.headers().contentLength();
    if (declared.isPresent() && declared.getAsLong() > MOST_READ) {
      return null;
    }
    try (InputStream in = request.servletRequest().getInputStream()) {
      byte[] body = in.readNBytes(MOST_READ + 1);
      return body.length > MOST_READ ? null : body;
    }
  }

  /**
   * A notification is a payment as a list shows it: a few kilobytes, tens with a long receipt. Each
   * request thread may hold this much, so it stays far below what a server's threads could exhaust.
   */
  static final int MOST_READ = 256 * 1024;

  /**
   * A notification the service does not confirm (the resource is unknown to it, or the call is
   * refused) is refused for good (400): sending it again cannot help. Anything else may pass (no
   * answer, a server error, our own credentials refused), so it is answered 503 and the service
   * sends it again.
   */
  private static ServerResponse unverified(String what, MerchantPayException e) {
    int status = e instanceof ServiceException service ? service.getStatusCode() : 0;
    boolean passing = status == 0 || status >= 500 || status == 401 || status == 429;
    if (!passing) {
      LOG.info("a {} notification the service does not confirm was refused: HTTP {}", what, status);
      return ServerResponse.badRequest().body("the service does not confirm this notification");
    }
    LOG.warn("a {} notification could not be verified now: {}", what, e.getMessage());
    return ServerResponse.status(HttpStatus.SERVICE_UNAVAILABLE).build();
  }
}
