package com.merchantpay.masking;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.io.StringWriter;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;
import org.junit.jupiter.api.Test;

class PrintableTest {

  @Test
  void terminalControlsAreWrittenOutNotSent() {
    String hostile =
        "code\u001b[2K\r  PASS  v2.fake\u001b]0;title\u0007 nul\u0000 vt\u000b bs\u0008 del\u007f c1\u009b";

    String printable = Printable.text(hostile);

    assertThat(printable)
        .isEqualTo(
            "code\\u001B[2K\\u000D  PASS  v2.fake\\u001B]0;title\\u0007 nul\\u0000 vt\\u000B bs\\u0008"
                + " del\\u007F c1\\u009B");
    assertThat(printable.chars()).noneMatch(c -> c < 0x20 || c >= 0x7f && c <= 0x9f);
  }

  @Test
  void linesTabsAndEveryOtherLanguageStayAsTheyAre() {
    String text = "expected 200\n\tactual 422 «Недостаточно средств» 支付 😀";

    assertThat(Printable.text(text)).isSameAs(text);
    assertThat(Printable.text(null)).isNull();
  }

  @Test
  void bidirectionalOverridesLoneSurrogatesAndNonCharactersAreEscaped() {
    assertThat(Printable.text("a\u202eb\u2066c")).isEqualTo("a\\u202Eb\\u2066c");
    assertThat(Printable.text("x\ud800y\udc00z")).isEqualTo("x\\uD800y\\uDC00z");
    assertThat(Printable.text("\ufffe\uffff")).isEqualTo("\\uFFFE\\uFFFF");
  }

  @Test
  void whateverAPeerSendsCanBeWrittenIntoXmlAndReadBack() throws Exception {
    StringBuilder every = new StringBuilder();
    for (char c = 0; c < 0x300; c++) {
      every.append(c);
    }
    every.append("\ud800\ufffe\u202e");
    StringWriter xml = new StringWriter();
    XMLStreamWriter writer = XMLOutputFactory.newFactory().createXMLStreamWriter(xml);
    writer.writeStartDocument();
    writer.writeStartElement("failure");
    writer.writeAttribute("message", Printable.text(every.toString()));
    writer.writeCharacters(Printable.text(every.toString()));
    writer.writeEndElement();
    writer.writeEndDocument();
    writer.close();

    XMLStreamReader reader =
        XMLInputFactory.newFactory().createXMLStreamReader(new StringReader(xml.toString()));
    while (reader.hasNext()) {
      reader.next();
    }
  }
}
