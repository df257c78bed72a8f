package com.merchantpay.v2;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.std.DelegatingDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.merchantpay.v2.model.PaymentList;
import com.merchantpay.v2.model.PaymentListItem;
import com.merchantpay.v2.model.ReceiptList;
import com.merchantpay.v2.model.ReceiptResponse;
import com.merchantpay.v2.model.Refund;
import com.merchantpay.v2.model.RefundList;
import com.merchantpay.v2.model.Sticker;
import com.merchantpay.v2.model.StickerList;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The API description wraps every list in {@code {"items": [...]}}, but the service documents leave
 * the receipt list's wrapper open: a bare JSON array is accepted for any list, as a single page.
 */
final class ListTolerance {
  private record ListShape(Class<?> itemType, Function<List<?>, Object> wrap) {}

  @SuppressWarnings("unchecked")
  private static final Map<Class<?>, ListShape> SHAPES =
      Map.of(
          PaymentList.class,
              new ListShape(
                  PaymentListItem.class,
                  items -> new PaymentList().items((List<PaymentListItem>) items)),
          RefundList.class,
              new ListShape(Refund.class, items -> new RefundList().items((List<Refund>) items)),
          ReceiptList.class,
              new ListShape(
                  ReceiptResponse.class,
                  items -> new ReceiptList().items((List<ReceiptResponse>) items)),
          StickerList.class,
              new ListShape(
                  Sticker.class, items -> new StickerList().items((List<Sticker>) items)));

  private ListTolerance() {}

  static SimpleModule module() {
    SimpleModule module = new SimpleModule("ListTolerance");
    module.setDeserializerModifier(
        new BeanDeserializerModifier() {
          @Override
          public JsonDeserializer<?> modifyDeserializer(
              DeserializationConfig config,
              BeanDescription description,
              JsonDeserializer<?> deserializer) {
            ListShape shape = SHAPES.get(description.getBeanClass());
            return shape == null ? deserializer : new BareArrayTolerant(deserializer, shape);
          }
        });
    return module;
  }

  private static final class BareArrayTolerant extends DelegatingDeserializer {
    private static final long serialVersionUID = 1L;
    private final transient ListShape shape;

    BareArrayTolerant(JsonDeserializer<?> delegate, ListShape shape) {
      super(delegate);
      this.shape = shape;
    }

    @Override
    protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> newDelegatee) {
      return new BareArrayTolerant(newDelegatee, shape);
    }

    @Override
    public Object deserialize(JsonParser parser, DeserializationContext context)
        throws IOException {
      if (parser.currentToken() != JsonToken.START_ARRAY) {
        return super.deserialize(parser, context);
      }
      JavaType listType =
          context.getTypeFactory().constructCollectionType(List.class, shape.itemType());
      List<?> items = context.readValue(parser, listType);
      return shape.wrap().apply(items);
    }
  }
}
