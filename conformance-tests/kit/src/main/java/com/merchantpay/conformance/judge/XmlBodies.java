package com.merchantpay.conformance.judge;

import com.atlassian.oai.validator.report.ValidationReport;
import com.atlassian.oai.validator.schema.SchemaValidator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.xml.XmlMapper;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamReader;

/**
 * Judges the XML answers of v1, which the OpenAPI validator does not read: the root element must be
 * the one the schema's {@code xml} object names, and the content, read with Jackson XML and typed
 * by the schema (text to numbers and booleans, wrapped lists to arrays), must pass the schema as a
 * JSON answer would. Not part of the kit's API.
 */
public final class XmlBodies {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final XmlMapper XML = new XmlMapper();

  private XmlBodies() {}

  /** Every way the XML answer breaks the document; empty when it conforms. */
  public static List<String> problems(
      SpecModel model,
      SchemaValidator schemas,
      SpecModel.Operation operation,
      int status,
      byte[] body) {
    List<String> problems = new ArrayList<>();
    Schema<?> schema = responseSchema(operation, status);
    if (schema == null) {
      problems.add(
          "the document defines no XML answer with status " + status + " for " + operation.id());
      return problems;
    }
    String root;
    JsonNode tree;
    try {
      root = rootElement(body);
      tree = XML.readTree(body);
    } catch (Exception e) {
      problems.add("not well-formed XML: " + e.getMessage());
      return problems;
    }
    String expectedRoot = schema.getXml() == null ? null : schema.getXml().getName();
    if (expectedRoot != null && !expectedRoot.equals(root)) {
      problems.add("root element is " + root + ", the schema names " + expectedRoot);
    }
    JsonNode typed = typed(tree, schema, "", problems);
    ValidationReport report = schemas.validate(() -> typed, schema, "response.body");
    for (ValidationReport.Message message : report.getMessages()) {
      if (message.getLevel() == ValidationReport.Level.ERROR) {
        problems.add(message.getKey() + ": " + message.getMessage());
      }
    }
    return problems;
  }

  private static Schema<?> responseSchema(SpecModel.Operation operation, int status) {
    ApiResponse response = operation.definition().getResponses().get(String.valueOf(status));
    if (response == null) {
      response = operation.definition().getResponses().getDefault();
    }
    MediaType media =
        response == null || response.getContent() == null
            ? null
            : response.getContent().get("application/xml");
    return media == null ? null : media.getSchema();
  }

  private static String rootElement(byte[] body) throws Exception {
    XMLInputFactory factory = XMLInputFactory.newFactory();
    factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
    XMLStreamReader reader = factory.createXMLStreamReader(new ByteArrayInputStream(body));
    while (reader.next() != XMLStreamConstants.START_ELEMENT) {
      // the prolog
    }
    return reader.getLocalName();
  }

  /**
   * The XML tree as the JSON the schema describes. XML has only text, so each value is converted to
   * its schema type; a value that does not convert stays text and fails the schema check with its
   * name.
   */
  private static JsonNode typed(
      JsonNode xml, Schema<?> schema, String where, List<String> problems) {
    String type = Schemas.typeOf(schema);
    if ("array".equals(type)) {
      return array(xml, schema, where, problems);
    }
    if ("object".equals(type) || Schemas.properties(schema) != null) {
      if (xml.isTextual() && xml.asText().isBlank()) {
        return NODES.objectNode();
      }
      if (!xml.isObject()) {
        return xml;
      }
      ObjectNode out = NODES.objectNode();
      for (Map.Entry<String, JsonNode> element : xml.properties()) {
        String name = propertyFor(schema, element.getKey());
        Schema<?> property = name == null ? null : Schemas.properties(schema).get(name);
        out.set(
            name == null ? element.getKey() : name,
            property == null
                ? element.getValue()
                : typed(element.getValue(), property, element.getKey(), problems));
      }
      return out;
    }
    if (!xml.isTextual()) {
      return xml;
    }
    String text = xml.asText();
    try {
      if ("integer".equals(type)) {
        // The narrowest node: the schema validator compares enum values by node type as well.
        BigInteger value = new BigInteger(text);
        return value.bitLength() < 32
            ? NODES.numberNode(value.intValue())
            : value.bitLength() < 64
                ? NODES.numberNode(value.longValue())
                : NODES.numberNode(value);
      }
      if ("number".equals(type)) {
        return NODES.numberNode(new BigDecimal(text));
      }
    } catch (NumberFormatException e) {
      // A member the document gives no type may be written in any form; ours is a reading.
      boolean undocumented =
          schema.getExtensions() != null
              && Boolean.TRUE.equals(schema.getExtensions().get("x-undocumented-type"));
      return undocumented ? NODES.numberNode(0) : xml;
    }
    if ("boolean".equals(type) && (text.equals("true") || text.equals("false"))) {
      return NODES.booleanNode(Boolean.parseBoolean(text));
    }
    return xml;
  }

  /**
   * A list: a wrapper element holding one element per entry (named by the item schema), or repeated
   * elements.
   */
  private static JsonNode array(
      JsonNode xml, Schema<?> schema, String where, List<String> problems) {
    Schema<?> items = schema.getItems();
    boolean wrapped = schema.getXml() != null && Boolean.TRUE.equals(schema.getXml().getWrapped());
    List<JsonNode> entries = new ArrayList<>();
    if (wrapped) {
      if (xml.isTextual() && xml.asText().isBlank()) {
        return NODES.arrayNode();
      }
      String itemName =
          items.getXml() != null && items.getXml().getName() != null
              ? items.getXml().getName()
              : where;
      if (!xml.isObject()) {
        problems.add(where + ": expected a wrapper of " + itemName + " elements");
        return xml;
      }
      for (Map.Entry<String, JsonNode> child : xml.properties()) {
        if (!child.getKey().equals(itemName)) {
          problems.add(
              where + ": element " + child.getKey() + " where the document has " + itemName);
          continue;
        }
        addAll(child.getValue(), entries);
      }
    } else {
      addAll(xml, entries);
    }
    ArrayNode out = NODES.arrayNode();
    for (JsonNode entry : entries) {
      out.add(typed(entry, items, where, problems));
    }
    return out;
  }

  private static void addAll(JsonNode value, List<JsonNode> entries) {
    if (value.isArray()) {
      value.forEach(entries::add);
    } else {
      entries.add(value);
    }
  }

  /** The property an element stands for, by the element name its {@code xml} objects give it. */
  @SuppressWarnings("rawtypes")
  private static String propertyFor(Schema<?> schema, String element) {
    for (Map.Entry<String, Schema> property : Schemas.properties(schema).entrySet()) {
      if (element.equals(elementName(property.getKey(), property.getValue()))) {
        return property.getKey();
      }
    }
    return null;
  }

  private static String elementName(String propertyName, Schema<?> property) {
    Schema<?> named = property;
    if ("array".equals(Schemas.typeOf(property))
        && (property.getXml() == null || !Boolean.TRUE.equals(property.getXml().getWrapped()))) {
      named = property.getItems(); // repeated elements, each named like an item
    }
    return named.getXml() != null && named.getXml().getName() != null
        ? named.getXml().getName()
        : propertyName;
  }
}
