#include "core/utf8.h"

#include <string>

#include <gtest/gtest.h>

namespace cryptobench {
namespace {

const std::string kReplacement = "\xef\xbf\xbd";  // U+FFFD

TEST(Utf8Test, KeepsValidSequencesOfEveryLength) {
  const std::string text = "a\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80";  // a, e-acute, euro, emoji
  EXPECT_EQ(ValidUtf8(text), text);
  EXPECT_EQ(Utf8SequenceLength(text, 0), 1u);
  EXPECT_EQ(Utf8SequenceLength(text, 1), 2u);
  EXPECT_EQ(Utf8SequenceLength(text, 3), 3u);
  EXPECT_EQ(Utf8SequenceLength(text, 6), 4u);
}

TEST(Utf8Test, ReplacesEachInvalidByte) {
  EXPECT_EQ(ValidUtf8("caf\xe9"), "caf" + kReplacement);                             // Latin-1
  EXPECT_EQ(ValidUtf8("\xc0\xaf"), kReplacement + kReplacement);                     // overlong '/'
  EXPECT_EQ(ValidUtf8("\xed\xa0\x80"), kReplacement + kReplacement + kReplacement);  // surrogate
  EXPECT_EQ(ValidUtf8("\xf4\x90\x80\x80x"),
            kReplacement + kReplacement + kReplacement + kReplacement + "x");  // above U+10FFFF
  EXPECT_EQ(ValidUtf8("\xe2\x82"), kReplacement + kReplacement);               // cut by the end
}

}  // namespace
}  // namespace cryptobench
