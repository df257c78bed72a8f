package com.merchantpay.v2;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import jakarta.validation.ValidatorFactory;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.hibernate.validator.HibernateValidator;
import org.hibernate.validator.messageinterpolation.ParameterMessageInterpolator;

/**
 * Checks a request against the constraints generated from the API description before it is sent, so
 * an invalid request costs no round trip and its every problem is named at once.
 */
final class RequestValidator {
  private final Validator validator;
  private final boolean checkConstraints;

  RequestValidator(boolean checkConstraints) {
    this.checkConstraints = checkConstraints;
    // The parameter interpolator needs no Expression Language implementation on the class path.
    ValidatorFactory factory =
        Validation.byProvider(HibernateValidator.class)
            .configure()
            .messageInterpolator(new ParameterMessageInterpolator())
            .buildValidatorFactory();
    this.validator = factory.getValidator();
  }

  void validate(Operation operation, Object request) {
    if (request == null) {
      throw new RequestValidationException(operation.id, List.of("request body: must not be null"));
    }
    if (!checkConstraints) {
      return;
    }
    Set<ConstraintViolation<Object>> violations = validator.validate(request);
    if (!violations.isEmpty()) {
      // The invalid value is never repeated: it may be a card number.
      throw new RequestValidationException(
          operation.id,
          violations.stream()
              .map(violation -> violation.getPropertyPath() + ": " + violation.getMessage())
              .sorted(Comparator.naturalOrder())
              .toList());
    }
  }

  void requireText(Operation operation, String name, String value) {
    if (value == null || value.isBlank()) {
      throw new RequestValidationException(operation.id, List.of(name + ": must not be blank"));
    }
  }

  void requireNonNull(Operation operation, String name, Object value) {
    if (value == null) {
      throw new RequestValidationException(operation.id, List.of(name + ": must not be null"));
    }
  }
}
