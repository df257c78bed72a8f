package com.merchantpay.conformance.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.conformance.Masked;
import com.merchantpay.conformance.ProviderStateMaker;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The provider states the pacts name, made on the provider before an interaction is replayed. By
 * default through the provider's own v2 and v1 interfaces with the profile's test data, which works
 * on the sandbox and on any implementation alike. With a state change URL the provider makes them
 * itself: the kit POSTs {@code {"state": ..., "params": {...}, "action": "setup"}} there (Pact's
 * state change contract) and takes the values for the request from the JSON object it answers.
 */
final class ProviderStates {
  private ProviderStates() {}

  static Map<String, Object> setUp(String state, Map<String, Object> params) {
    Verification verification = Verification.current();
    Map<String, Object> values =
        verification.stateChangeUrl() != null
            ? remote(verification, state, params)
            : ProviderStateMaker.make(
                verification.target(),
                verification.profile(),
                state,
                StateVocabulary.parameters(StateVocabulary.named(state), params),
                Verification.stateValues());
    Verification.stateValues(values);
    return values;
  }

  /** The most of a state change answer read: its values are a few ids. */
  private static final int MOST_READ = 64 * 1024;

  private static Map<String, Object> remote(
      Verification verification, String state, Map<String, Object> params) {
    ObjectNode body = PactJson.MAPPER.createObjectNode();
    body.put("state", state);
    body.set("params", PactJson.MAPPER.valueToTree(params));
    body.put("action", "setup");
    HttpClient.Builder client =
        HttpClient.newBuilder()
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(30));
    if (verification.target().tls() != null) {
      client.sslContext(verification.target().tls());
    }
    try {
      HttpResponse<InputStream> streamed =
          client
              .build()
              .send(
                  HttpRequest.newBuilder(verification.stateChangeUrl())
                      .timeout(Duration.ofSeconds(30))
                      .header("Content-Type", "application/json")
                      .POST(HttpRequest.BodyPublishers.ofByteArray(PactJson.bytes(body)))
                      .build(),
                  HttpResponse.BodyHandlers.ofInputStream());
      byte[] read;
      try (InputStream in = streamed.body()) {
        read = in.readNBytes(MOST_READ + 1);
      }
      if (read.length > MOST_READ) {
        throw new IllegalStateException(
            "the state change URL answered '" + state + "' with more than " + MOST_READ + " bytes");
      }
      if (streamed.statusCode() / 100 != 2) {
        throw new IllegalStateException(
            "the state change URL answered HTTP "
                + streamed.statusCode()
                + " to '"
                + state
                + "': "
                + Masked.body(new String(read, StandardCharsets.UTF_8)));
      }
      JsonNode values = PactJson.parseOrNull(read);
      Map<String, Object> out = new LinkedHashMap<>();
      if (values != null && values.isObject()) {
        values
            .properties()
            .forEach(
                e ->
                    out.put(
                        e.getKey(),
                        e.getValue().isValueNode() ? e.getValue().asText() : e.getValue()));
      }
      return out;
    } catch (IOException e) {
      throw new IllegalStateException(
          "the state change URL "
              + verification.stateChangeUrl()
              + " cannot be reached: "
              + e.getMessage(),
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }
}
