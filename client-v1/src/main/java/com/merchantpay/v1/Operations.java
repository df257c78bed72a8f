package com.merchantpay.v1;

import com.merchantpay.v1.internal.ApiOperations;
import feign.MethodMetadata;
import feign.Request;
import feign.RequestTemplate;

/** Finds the contract operation a Feign request belongs to, by HTTP method and path template. */
final class Operations {
  static final String UNKNOWN = "unknown operation";

  private Operations() {}

  static ApiOperations.Operation of(RequestTemplate template) {
    String path = pathTemplate(template);
    return ApiOperations.find(template.method(), path)
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "the v1 contract has no operation " + template.method() + " " + path));
  }

  /** The operation id of the request an answer belongs to, or {@value #UNKNOWN}. */
  static String nameOf(Request request) {
    if (request == null || request.requestTemplate() == null) {
      return UNKNOWN;
    }
    RequestTemplate template = request.requestTemplate();
    return ApiOperations.find(template.method(), pathTemplate(template))
        .map(ApiOperations.Operation::operationId)
        .orElse(UNKNOWN);
  }

  private static String pathTemplate(RequestTemplate template) {
    MethodMetadata metadata = template.methodMetadata();
    return metadata != null
        ? metadata.template().requestUriTemplate()
        : template.requestUriTemplate();
  }
}
