package com.merchantpay.v2;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Finds the secret (x-sensitive) properties of the generated models by their behaviour: a string
 * property whose value toString() does not print.
 */
final class SecretProperties {
  private SecretProperties() {}

  static Set<String> namesInGeneratedModels()
      throws IOException, URISyntaxException, ReflectiveOperationException {
    Path models =
        Path.of(
                com.merchantpay.v2.model.Payment.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI())
            .resolve("com/merchantpay/v2/model");
    Set<String> names = new TreeSet<>();
    try (Stream<Path> files = Files.list(models)) {
      for (Path file :
          files
              .filter(
                  f -> f.toString().endsWith(".class") && !f.getFileName().toString().contains("$"))
              .toList()) {
        Class<?> type =
            Class.forName(
                "com.merchantpay.v2.model." + file.getFileName().toString().replace(".class", ""));
        if (type.isInterface() || type.isEnum()) {
          continue;
        }
        Object instance;
        try {
          instance = type.getConstructor().newInstance();
        } catch (NoSuchMethodException noDefaultConstructor) {
          continue;
        }
        for (Method setter : type.getMethods()) {
          if (!setter.getName().startsWith("set")
              || setter.getParameterCount() != 1
              || setter.getParameterTypes()[0] != String.class) {
            continue;
          }
          String marker = "zz" + setter.getName() + "Marker";
          setter.invoke(instance, marker);
          if (!instance.toString().contains(marker)) {
            Method getter = type.getMethod("g" + setter.getName().substring(1));
            JsonProperty json = getter.getAnnotation(JsonProperty.class);
            names.add(json == null ? setter.getName().substring(3) : json.value());
          }
          setter.invoke(instance, (Object) null);
        }
      }
    }
    return names;
  }
}
