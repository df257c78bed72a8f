package com.merchantpay.codegen;

import com.google.common.collect.ImmutableMap;
import com.samskivert.mustache.Mustache;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.servers.Server;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.openapitools.codegen.CodegenConstants;
import org.openapitools.codegen.CodegenDiscriminator;
import org.openapitools.codegen.CodegenModel;
import org.openapitools.codegen.CodegenOperation;
import org.openapitools.codegen.CodegenParameter;
import org.openapitools.codegen.CodegenProperty;
import org.openapitools.codegen.SupportingFile;
import org.openapitools.codegen.languages.JavaClientCodegen;
import org.openapitools.codegen.model.ModelMap;
import org.openapitools.codegen.model.ModelsMap;
import org.openapitools.codegen.utils.ModelUtils;

/**
 * The {@code merchantpay-java} generator: OpenAPI Generator's Java client on the Feign library,
 * with the options every Merchant Payment Service client shares fixed here instead of repeated in
 * each POM.
 *
 * <p>Our templates (classpath folder {@value #TEMPLATE_DIR}) are looked up before the stock Java
 * templates, so only the files we change are overridden. What they change:
 *
 * <ul>
 *   <li>{@code ApiClient} runs on feign-java11's {@code Http2Client} pinned to HTTP/1.1 ({@code
 *       BoundedTransport} when the {@code transport} methods are generated), with no OkHttp or
 *       feign-form; a small encoder writes {@code application/x-www-form-urlencoded} bodies;
 *   <li>enums are open: an unknown wire value decodes to an instance that keeps the raw value;
 *   <li>properties marked {@code x-sensitive} are masked in {@code toString()} ({@code x-mask:
 *       last4} keeps the last four characters);
 *   <li>{@code x-json-aliases} adds {@code @JsonAlias} names accepted when decoding;
 *   <li>a {@code oneOf} interface decodes an unknown discriminator value to a generic {@code
 *       Unrecognized} variant instead of failing, and each variant fills in its own discriminator
 *       value;
 *   <li>date-time values are written in UTC with seconds, and read with or without an offset (UTC
 *       assumed);
 *   <li>binary bodies are streams, never temporary files;
 *   <li>{@code BoundedTransport} bounds a whole exchange, body included, by the read timeout;
 *   <li>{@code Redaction} masks secrets in messages and logs, {@code BaseUrl} checks a client's
 *       base URL and {@code TlsContexts} makes its TLS settings from PEM files: one source for both
 *       clients, each keeping its copy out of its public packages;
 *   <li>the option {@value #API_METHODS} chooses each operation's methods: plain, with the status
 *       and headers, with per-call {@code Request.Options}, or ({@code transport}) with {@code
 *       BoundedTransport.CallOptions} that carry every header instead of Feign header templates;
 *   <li>a form body whose schema allows {@code additionalProperties} gets a map parameter {@code
 *       additionalFields} whose entries are sent as further form fields (the stock generator drops
 *       them);
 *   <li>parameters named in the option {@value #PARAMETERS_SET_BY_INTERCEPTOR} are left off the API
 *       methods, for an interceptor sets them;
 *   <li>{@code ApiOperations} lists every operation with its method, path, the names of its {@code
 *       x-hashed-parameters} in contract order, its fixed headers and its header parameters, so a
 *       hand-written layer follows the contract instead of a copied table.
 * </ul>
 */
public class MerchantPayJavaCodegen extends JavaClientCodegen {

  public static final String NAME = "merchantpay-java";
  static final String TEMPLATE_DIR = "merchantpay-java";

  /**
   * Option: comma-separated names of query parameters and form fields that a request interceptor
   * sets on every request (the v1 signer sets {@code login}, {@code nonce} and {@code hash}, the
   * last computed over the request as built). They are left off the generated API methods, so no
   * caller passes a placeholder.
   */
  public static final String PARAMETERS_SET_BY_INTERCEPTOR = "parametersSetByInterceptor";

  /**
   * Option: which methods each operation gets, comma-separated: {@code plain} (the answer's body),
   * {@code httpInfo} (with the status and headers) and {@code options} (with the status and
   * headers, and per-call {@code Request.Options}). All three when not given; a client generates
   * only those it calls. A fourth, {@code transport}, is generated only when asked for: with the
   * status and headers and {@code BoundedTransport.CallOptions} that carry every header the
   * operation sends, so no header is a Feign template resolved per call.
   */
  public static final String API_METHODS = "apiMethods";

  private static final List<String> API_METHOD_KINDS =
      List.of("plain", "httpInfo", "options", "transport");

  private static final Set<String> DEFAULT_API_METHOD_KINDS =
      Set.of("plain", "httpInfo", "options");

  private static final Map<String, Object> SHARED_OPTIONS =
      Map.ofEntries(
          Map.entry(DATE_LIBRARY, "java8"),
          Map.entry(USE_JAKARTA_EE, true),
          Map.entry(USE_BEANVALIDATION, true),
          Map.entry(OPENAPI_NULLABLE, false),
          Map.entry(CodegenConstants.SERIALIZATION_LIBRARY, SERIALIZATION_LIBRARY_JACKSON),
          Map.entry(CodegenConstants.HIDE_GENERATION_TIMESTAMP, true),
          Map.entry("useOneOfInterfaces", true),
          Map.entry(SUPPORT_URL_QUERY, false),
          Map.entry("disableDiscriminatorJsonIgnoreProperties", true),
          Map.entry(CodegenConstants.SORT_PARAMS_BY_REQUIRED_FLAG, false),
          Map.entry(CodegenConstants.SERIALIZABLE_MODEL, false));

  public MerchantPayJavaCodegen() {
    super();
    setLibrary(FEIGN);
    templateDir = TEMPLATE_DIR;
    // Registered, or the Maven plugin would drop it from <configOptions>.
    cliOptions.add(
        org.openapitools.codegen.CliOption.newString(
            PARAMETERS_SET_BY_INTERCEPTOR,
            "Comma-separated query parameters and form fields set by a request interceptor, left off API methods."));
    cliOptions.add(
        org.openapitools.codegen.CliOption.newString(
            API_METHODS,
            "Comma-separated methods each operation gets: plain, httpInfo, options, transport"
                + " (the first three when not given)."));
  }

  @Override
  public String getName() {
    return NAME;
  }

  @Override
  public String getHelp() {
    return "Java Feign client for the Merchant Payment Service: open enums, masked secrets, java11 HTTP client.";
  }

  @Override
  public void processOpts() {
    SHARED_OPTIONS.forEach(additionalProperties::putIfAbsent);
    apiMethods();
    super.processOpts();
    typeMapping.put("file", "InputStream");
    typeMapping.put("binary", "InputStream");
    importMapping.put("InputStream", "java.io.InputStream");
    // Our tests live in our modules; generated stubs and docs would only be noise under target/.
    apiTestTemplateFiles.clear();
    modelTestTemplateFiles.clear();
    apiDocTemplateFiles.clear();
    modelDocTemplateFiles.clear();

    // Build files, READMEs and CI configs of a standalone project make no sense inside our modules.
    supportingFiles.removeIf(file -> !file.getDestinationFilename().endsWith(".java"));
    // Replaced: RFC 3339 helpers by LenientDateTimeModule, ParamExpander by WireValueExpander.
    supportingFiles.removeIf(file -> file.getDestinationFilename().startsWith("RFC3339"));
    supportingFiles.removeIf(file -> file.getDestinationFilename().equals("ParamExpander.java"));
    // ApiResponse is transport plumbing: it lives beside ApiClient, not among the public models.
    supportingFiles.removeIf(file -> file.getTemplateFile().equals("model/ApiResponse.mustache"));
    supportingFiles.add(invokerFile("ApiResponse"));
    supportingFiles.add(invokerFile("FormEncoder"));
    supportingFiles.add(invokerFile("WireValueExpander"));
    supportingFiles.add(invokerFile("LenientDateTimeModule"));
    supportingFiles.add(invokerFile("ApiOperations"));
    supportingFiles.add(invokerFile("BoundedTransport"));
    supportingFiles.add(invokerFile("Redaction"));
    supportingFiles.add(invokerFile("BaseUrl"));
    supportingFiles.add(invokerFile("TlsContexts"));
  }

  /** Sets {@code apiMethodPlain}, {@code apiMethodHttpInfo}, {@code apiMethodOptions} and so on. */
  private void apiMethods() {
    Object option = additionalProperties.get(API_METHODS);
    Set<String> chosen =
        option == null || option.toString().isBlank()
            ? DEFAULT_API_METHOD_KINDS
            : Arrays.stream(option.toString().split(","))
                .map(String::strip)
                .collect(Collectors.toSet());
    Set<String> unknown = new java.util.TreeSet<>(chosen);
    API_METHOD_KINDS.forEach(unknown::remove);
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException(
          API_METHODS + ": " + unknown + " are not among " + API_METHOD_KINDS);
    }
    for (String kind : API_METHOD_KINDS) {
      additionalProperties.put(
          "apiMethod" + Character.toUpperCase(kind.charAt(0)) + kind.substring(1),
          chosen.contains(kind));
    }
  }

  @Override
  public CodegenOperation fromOperation(
      String path, String httpMethod, Operation operation, List<Server> servers) {
    CodegenOperation op = super.fromOperation(path, httpMethod, operation, servers);
    op.vendorExtensions.put(
        "x-hashed-parameter-literals",
        hashedParameterLiterals(op.operationId, operation.getExtensions()));
    if (operation.getRequestBody() != null
        && isFormWithAdditionalFields(operation.getRequestBody())) {
      op.vendorExtensions.put("x-additional-form-fields", true);
    }
    leaveOutParametersSetByInterceptor(op);
    return op;
  }

  private void leaveOutParametersSetByInterceptor(CodegenOperation op) {
    Object option = additionalProperties.get(PARAMETERS_SET_BY_INTERCEPTOR);
    if (option == null || option.toString().isBlank()) {
      return;
    }
    Set<String> names =
        Arrays.stream(option.toString().split(","))
            .map(String::strip)
            .filter(name -> !name.isEmpty())
            .collect(Collectors.toSet());
    Stream.of(
            op.allParams,
            op.queryParams,
            op.formParams,
            op.requiredParams,
            op.optionalParams,
            op.requiredAndNotNullableParams,
            op.notNullableParams)
        .filter(Objects::nonNull)
        .forEach(
            params ->
                params.removeIf(
                    param ->
                        (param.isQueryParam || param.isFormParam)
                            && names.contains(param.baseName)));
  }

  private static String hashedParameterLiterals(
      String operationId, Map<String, Object> extensions) {
    Object names = extensions == null ? null : extensions.get("x-hashed-parameters");
    if (names == null) {
      return "";
    }
    if (!(names instanceof List)
        || ((List<?>) names)
            .stream().anyMatch(name -> !(name instanceof String) || ((String) name).isEmpty())) {
      throw new IllegalArgumentException(
          "x-hashed-parameters of "
              + operationId
              + " must be a list of parameter names, got: "
              + names);
    }
    return ((List<?>) names)
        .stream().map(name -> javaStringLiteral((String) name)).collect(Collectors.joining(", "));
  }

  /**
   * The stock generator logs an error for a form schema with {@code additionalProperties} and keeps
   * only its named properties. We support the free-form rest through {@code
   * x-additional-form-fields}, so the stock code is handed the named properties alone.
   */
  @Override
  public List<CodegenParameter> fromRequestBodyToFormParameters(
      RequestBody body, Set<String> imports) {
    if (!isFormWithAdditionalFields(body)) {
      return super.fromRequestBodyToFormParameters(body, imports);
    }
    RequestBody resolved = ModelUtils.getReferencedRequestBody(openAPI, body);
    Schema<?> schema = formSchema(resolved);
    Schema<Object> namedOnly = new ObjectSchema();
    namedOnly.setProperties(schema.getProperties());
    namedOnly.setRequired(schema.getRequired());
    String mediaType = resolved.getContent().keySet().iterator().next();
    RequestBody named =
        new RequestBody()
            .required(resolved.getRequired())
            .content(new Content().addMediaType(mediaType, new MediaType().schema(namedOnly)));
    return super.fromRequestBodyToFormParameters(named, imports);
  }

  private boolean isFormWithAdditionalFields(RequestBody body) {
    RequestBody resolved = ModelUtils.getReferencedRequestBody(openAPI, body);
    if (resolved == null || resolved.getContent() == null) {
      return false;
    }
    boolean form =
        resolved.getContent().keySet().stream()
            .anyMatch(
                type ->
                    type.toLowerCase(Locale.ROOT).startsWith("application/x-www-form-urlencoded"));
    return form && ModelUtils.isMapSchema(formSchema(resolved));
  }

  private Schema<?> formSchema(RequestBody body) {
    return ModelUtils.getReferencedSchema(openAPI, ModelUtils.getSchemaFromRequestBody(body));
  }

  private SupportingFile invokerFile(String className) {
    String folder = (sourceFolder + '/' + invokerPackage).replace(".", "/");
    return new SupportingFile(className + ".mustache", folder, className + ".java");
  }

  /** Our pojo.mustache renders the stock one through {@link MaskSecretsInToStringLambda}. */
  @Override
  protected ImmutableMap.Builder<String, Mustache.Lambda> addMustacheLambdas() {
    return super.addMustacheLambdas()
        .put(MaskSecretsInToStringLambda.NAME, new MaskSecretsInToStringLambda());
  }

  @Override
  public Map<String, ModelsMap> postProcessAllModels(Map<String, ModelsMap> models) {
    Map<String, ModelsMap> processed = super.postProcessAllModels(models);
    Map<String, CodegenModel> byName =
        processed.values().stream()
            .flatMap(modelsMap -> modelsMap.getModels().stream())
            .map(ModelMap::getModel)
            .collect(Collectors.toMap(model -> model.classname, model -> model, (a, b) -> a));
    for (CodegenModel model : byName.values()) {
      model.vars.forEach(property -> prepareProperty(model, property));
      if (model.isEnum) {
        addDescriptionLiterals(model.allowableValues);
      }
      if (Boolean.TRUE.equals(model.vendorExtensions.get("x-is-one-of-interface"))
          && model.discriminator != null) {
        letVariantsNameThemselves(model.discriminator, byName);
      }
    }
    return processed;
  }

  private static void prepareProperty(CodegenModel model, CodegenProperty property) {
    Object aliases = property.vendorExtensions.get("x-json-aliases");
    if (aliases != null) {
      if (!(aliases instanceof List)) {
        throw new IllegalArgumentException(
            "x-json-aliases of "
                + model.name
                + "."
                + property.baseName
                + " must be a list, got: "
                + aliases);
      }
      property.vendorExtensions.put(
          "x-json-alias-literals",
          ((List<?>) aliases)
              .stream()
                  .map(alias -> javaStringLiteral(alias.toString()))
                  .collect(Collectors.joining(", ")));
    }
    if (property.isEnum) {
      addDescriptionLiterals(property.allowableValues);
    }
    if (!Boolean.TRUE.equals(property.vendorExtensions.get("x-sensitive"))) {
      return;
    }
    if (!property.isString) {
      throw new IllegalArgumentException(
          "x-sensitive is only supported on string properties: "
              + model.name
              + "."
              + property.baseName);
    }
    model.vendorExtensions.put("x-has-sensitive-properties", true);
    if ("last4".equals(property.vendorExtensions.get("x-mask"))) {
      property.vendorExtensions.put("x-mask-last4", true);
    }
  }

  /**
   * Each enum constant carries its meaning (from x-enum-descriptions) as a Java string literal or
   * null.
   */
  @SuppressWarnings("unchecked")
  private static void addDescriptionLiterals(Map<String, Object> allowableValues) {
    if (allowableValues == null || !(allowableValues.get("enumVars") instanceof List)) {
      return;
    }
    for (Map<String, Object> enumVar :
        (List<Map<String, Object>>) allowableValues.get("enumVars")) {
      Object description = enumVar.get("enumDescription");
      enumVar.put(
          "javaDescriptionLiteral",
          description == null ? "null" : javaStringLiteral(description.toString()));
    }
  }

  /**
   * With the discriminator an existing property, a variant built in code must carry its own name,
   * or it would be written without one: give the property the variant's mapping name as default.
   */
  private static void letVariantsNameThemselves(
      CodegenDiscriminator discriminator, Map<String, CodegenModel> byName) {
    for (CodegenDiscriminator.MappedModel mapped : discriminator.getMappedModels()) {
      CodegenModel variant = byName.get(mapped.getModelName());
      if (variant == null) {
        continue;
      }
      for (CodegenProperty property : variant.vars) {
        if (property.baseName.equals(discriminator.getPropertyBaseName()) && property.isString) {
          property.defaultValue = javaStringLiteral(mapped.getMappingName());
        }
      }
    }
  }

  static String javaStringLiteral(String text) {
    StringBuilder literal = new StringBuilder("\"");
    for (char c : text.toCharArray()) {
      switch (c) {
        case '"' -> literal.append("\\\"");
        case '\\' -> literal.append("\\\\");
        case '\n' -> literal.append("\\n");
        case '\r' -> literal.append("\\r");
        case '\t' -> literal.append("\\t");
        default -> {
          if (c < 0x20) {
            literal.append(String.format("\\u%04x", (int) c));
          } else {
            literal.append(c);
          }
        }
      }
    }
    return literal.append('"').toString();
  }
}
