#include "report/text_table.h"

#include <sstream>
#include <string>

#include <gtest/gtest.h>

namespace cryptobench::report {
namespace {

TEST(TextTableTest, AlignsColumnsToTheWidestCell) {
  TextTable table({{"name", TextTable::Align::kLeft}, {"MB/s", TextTable::Align::kRight}});
  table.AddRow({"AES-128-GCM", "1.0"});
  table.AddRow({"SHA-256", "1234.5"});
  std::ostringstream out;
  table.Write(out);
  EXPECT_EQ(out.str(),
            "name           MB/s\n"
            "AES-128-GCM     1.0\n"
            "SHA-256      1234.5\n");
}

TEST(TextTableTest, AVeryLongCellOverflowsInsteadOfPaddingEveryRow) {
  // A name of an imported paste may be megabytes long: padding every row to it made the output
  // rows x longest name (a new-user tryout printed 202 MB for a 1 MB paste).
  const std::string long_name(100000, 'A');
  TextTable table({{"name", TextTable::Align::kLeft}, {"MB/s", TextTable::Align::kRight}});
  table.AddRow({long_name, "1.0"});
  for (int i = 0; i < 200; ++i) {
    table.AddRow({"ALG" + std::to_string(i), "2.0"});
  }
  std::ostringstream out;
  table.Write(out);
  const std::string text = out.str();
  EXPECT_NE(text.find(long_name + "   1.0\n"), std::string::npos);  // printed whole
  EXPECT_LT(text.size(), long_name.size() + 201 * 80);
  EXPECT_NE(text.find("ALG0    "), std::string::npos);
}

}  // namespace
}  // namespace cryptobench::report
