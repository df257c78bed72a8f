package com.merchantpay.sandbox.internal.v1;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.xml.XmlMapper;
import com.fasterxml.jackson.dataformat.xml.ser.ToXmlGenerator;
import com.merchantpay.sandbox.internal.http.HttpSupport;
import com.merchantpay.sandbox.internal.http.Json;
import java.util.LinkedHashMap;

/**
 * The v1 answer: HTTP 200 with the envelope and its {@code ErrorCode}, as JSON or, where asked for,
 * XML.
 */
final class V1Envelope {
  /** Built on first use: XML answers are rare and the mapper is slow to create. */
  private static final class Xml {
    static final XmlMapper MAPPER =
        XmlMapper.builder().enable(ToXmlGenerator.Feature.WRITE_XML_DECLARATION).build();
  }

  private V1Envelope() {}

  static ObjectNode code(int errorCode) {
    ObjectNode node = Json.object();
    node.put("ErrorCode", errorCode);
    return node;
  }

  static ObjectNode success(String member, JsonNode payload) {
    ObjectNode node = code(0);
    node.set(member, payload);
    return node;
  }

  static HttpSupport.Out envelope(boolean xml, ObjectNode body) {
    if (!xml) {
      return HttpSupport.Out.json(200, body);
    }
    try {
      byte[] bytes =
          Xml.MAPPER.writer().withRootName("RestController.RestResponse").writeValueAsBytes(body);
      return new HttpSupport.Out(
          200, "application/xml; charset=utf-8", bytes, new LinkedHashMap<>());
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write XML", e);
    }
  }

  static HttpSupport.Out json(ObjectNode body) {
    return envelope(false, body);
  }
}
