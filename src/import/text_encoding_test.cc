#include "import/text_encoding.h"

#include <string>

#include <gtest/gtest.h>

namespace cryptobench::import {
namespace {

// `text` (ASCII) as UTF-16 in `order`, with a byte order mark if `bom`.
std::string Utf16(const std::string& text, Utf16Order order, bool bom) {
  std::string out = bom ? (order == Utf16Order::kLittleEndian ? "\xff\xfe" : "\xfe\xff") : "";
  for (char c : text) {
    if (order == Utf16Order::kLittleEndian) {
      out += c;
      out += '\0';
    } else {
      out += '\0';
      out += c;
    }
  }
  return out;
}

TEST(TextEncodingTest, DetectsUtf16ByItsByteOrderMarkOrItsNuls) {
  EXPECT_EQ(DetectUtf16(Utf16("type 16 bytes\n", Utf16Order::kLittleEndian, true)),
            Utf16Order::kLittleEndian);
  EXPECT_EQ(DetectUtf16(Utf16("type 16 bytes\n", Utf16Order::kBigEndian, true)),
            Utf16Order::kBigEndian);
  EXPECT_EQ(DetectUtf16(Utf16("type 16 bytes\n", Utf16Order::kLittleEndian, false)),
            Utf16Order::kLittleEndian);
  EXPECT_EQ(DetectUtf16(Utf16("type 16 bytes\n", Utf16Order::kBigEndian, false)),
            Utf16Order::kBigEndian);
  EXPECT_EQ(DetectUtf16(Utf16("", Utf16Order::kLittleEndian, true)), Utf16Order::kLittleEndian);
  // UTF-8, with or without its byte order mark, and text too short to tell.
  EXPECT_EQ(DetectUtf16("type 16 bytes\n"), std::nullopt);
  EXPECT_EQ(DetectUtf16("\xef\xbb\xbftype 16 bytes\n"), std::nullopt);
  EXPECT_EQ(DetectUtf16("caf\xc3\xa9 \xe2\x80\x94 ok\n"), std::nullopt);
  EXPECT_EQ(DetectUtf16(std::string("a\0b\0", 4)), std::nullopt);
  EXPECT_EQ(DetectUtf16(""), std::nullopt);
  // Stray NULs in a UTF-8 text are no pattern.
  EXPECT_EQ(DetectUtf16(std::string("type\0 16 bytes\0\n", 16)), std::nullopt);
}

TEST(TextEncodingTest, DecodesPairsAndReplacesWhatIsNoCharacter) {
  EXPECT_EQ(Utf16ToUtf8(Utf16("AES-128-GCM 1.00k\r\n", Utf16Order::kLittleEndian, true),
                        Utf16Order::kLittleEndian),
            "AES-128-GCM 1.00k\r\n");
  EXPECT_EQ(Utf16ToUtf8(Utf16("ok", Utf16Order::kBigEndian, true), Utf16Order::kBigEndian), "ok");
  // U+00E9, U+2014 and U+1F600 (the surrogate pair D83D DE00), little-endian.
  EXPECT_EQ(
      Utf16ToUtf8(std::string("\xe9\x00\x14\x20\x3d\xd8\x00\xde", 8), Utf16Order::kLittleEndian),
      "\xc3\xa9\xe2\x80\x94\xf0\x9f\x98\x80");
  // A lone high surrogate, a lone low surrogate and an odd last byte: U+FFFD each.
  EXPECT_EQ(Utf16ToUtf8(std::string("\x3d\xd8\x41\x00\x00\xde\x42", 7), Utf16Order::kLittleEndian),
            "\xef\xbf\xbd"
            "A\xef\xbf\xbd\xef\xbf\xbd");
  EXPECT_EQ(Utf16ToUtf8(std::string("\xd8\x3d", 2), Utf16Order::kBigEndian), "\xef\xbf\xbd");
}

// The references of an HTML-escaped paste are decoded once; line ends and digits stay.
TEST(TextEncodingTest, NormalisingDecodesReferencesOfAnEscapedPaste) {
  const PastedText pasted = NormalisePastedText(
      "a\n&gt; 1.5&lt;2 &amp;gt; &quot;x&quot; &#39;&#x27;&apos;&#10;&#xD800;\n");
  EXPECT_EQ(pasted.text, "a\n> 1.5<2 &gt; \"x\" '''&#10;&#xD800;\n");
  EXPECT_EQ(pasted.html_line, 2u);
  EXPECT_EQ(pasted.typography_line, 0u);
}

// A text without references keeps its ampersands ("AT&T", "&foo;").
TEST(TextEncodingTest, NormalisingLeavesAnUnescapedPasteAlone) {
  const std::string text = "AT&T &foo; & 12.5k\n";
  const PastedText pasted = NormalisePastedText(text);
  EXPECT_EQ(pasted.text, text);
  EXPECT_EQ(pasted.html_line, 0u);
  EXPECT_EQ(pasted.typography_line, 0u);
}

// No-break spaces, curly quotes and a dash before an option become ASCII; prose's dashes and
// other characters (µs, …) stay.
TEST(TextEncodingTest, NormalisingReadsTypographyAsAscii) {
  const PastedText pasted = NormalisePastedText(
      "ok\nrsa\xE2\x80\x99s \xE2\x80\x9Cx\xE2\x80\x9D\xC2\xA0"
      "1\xE2\x80\xAF"
      "2\xE2\x80\x87"
      "3 \xE2\x80\x93"
      "evp \xE2\x80\x94"
      "elapsed a \xE2\x80\x93 b 5\xC2\xB5s \xE2\x80\xA6\n");
  EXPECT_EQ(pasted.text,
            "ok\nrsa's \"x\" 1 2 3 -evp -elapsed a \xE2\x80\x93 b 5\xC2\xB5s \xE2\x80\xA6\n");
  EXPECT_EQ(pasted.typography_line, 2u);
  EXPECT_EQ(pasted.html_line, 0u);
  EXPECT_EQ(NormalisePastedText("&nbsp;x").text, " x");
}

}  // namespace
}  // namespace cryptobench::import
