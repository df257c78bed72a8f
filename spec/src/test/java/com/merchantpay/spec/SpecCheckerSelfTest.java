package com.merchantpay.spec;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The checks above must catch what they claim to catch: each is run on a deliberately broken
 * document.
 */
class SpecCheckerSelfTest {
  private static final String BROKEN =
      """
      openapi: 3.0.3
      info: {title: Broken, version: '1'}
      paths:
        /things:
          post:
            operationId: createThing
            tags: [Things]
            requestBody:
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/Thing'}
                  example: {amount: "ten", status: Lost}
            responses:
              '200':
                description: ok
                content:
                  application/json:
                    schema: {$ref: '#/components/schemas/Missing'}
              '400': {description: bad}
        /lists:
          get:
            operationId: listThings
            tags: [Things]
            responses:
              '200':
                description: ok
                content:
                  application/xml:
                    schema: {$ref: '#/components/schemas/ThingList'}
                    example: "<Wrong><a>1</a></Wrong>"
              '400': {description: bad}
      components:
        schemas:
          Status: {type: string, enum: [Active]}
          Thing:
            type: object
            required: [amount]
            properties:
              amount: {type: number}
              status: {$ref: '#/components/schemas/Status'}
          ThingList:
            type: object
            xml: {name: Things}
            properties:
              a: {type: integer}
      """;

  @Test
  void anUnresolvedReferenceIsReported() {
    assertThat(SpecDocumentsTest.parse(BROKEN).getMessages())
        .anyMatch(message -> message.contains("Missing"));
  }

  @Test
  void anExampleWithAWrongTypeOrEnumValueIsReported() {
    assertThat(new ExampleChecker(SpecDocumentsTest.parse(BROKEN).getOpenAPI()).check())
        .anyMatch(
            problem ->
                problem.startsWith("POST /things request application/json")
                    && problem.contains("amount"))
        .anyMatch(
            problem ->
                problem.startsWith("POST /things request application/json")
                    && problem.contains("Lost"));
  }

  @Test
  void anXmlExampleWithTheWrongRootIsReported() {
    assertThat(new ExampleChecker(SpecDocumentsTest.parse(BROKEN).getOpenAPI()).check())
        .anyMatch(
            problem -> problem.contains("GET /lists") && problem.contains("root element is Wrong"));
  }

  @Test
  void aYamlSyntaxErrorIsReported() {
    assertThat(SpecDocumentsTest.parse("openapi: 3.0.3\ninfo: [unclosed").getMessages())
        .isNotEmpty();
  }
}
