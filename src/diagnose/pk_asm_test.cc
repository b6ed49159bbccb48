// Tests of the public-key assembly table (pk_asm.h, data/pk-asm.csv).
#include "diagnose/pk_asm.h"

#include <stdexcept>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "algorithms/catalog.h"

#include "diagnose/library_changes.h"

namespace cryptobench::diagnose {
namespace {

using ::testing::HasSubstr;

constexpr const char* kHeader = "algorithms,arch,module,role,bits,versions,path,source,certainty\n";
constexpr const char* kSource = "commit 0123456789abcdef crypto/bn/asm/x86_64-mont5.pl";

LibraryVersion V(const char* text) { return ParseLibraryVersion(text).value(); }

std::string ParseError(const std::string& row) {
  try {
    ParsePkAsmPaths(kHeader + row + "\n");
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

TEST(PkAsmTest, TheEmbeddedTableParsesAndNamesCatalogueAlgorithms) {
  const std::vector<PkAsmPath>& table = PkAsmPaths();
  ASSERT_FALSE(table.empty());
  for (const PkAsmPath& row : table) {
    EXPECT_TRUE(IsCitableSource(row.source)) << "line " << row.line;
    for (const std::string& name : row.algorithms) {
      EXPECT_NE(FindAlgorithm(name), nullptr) << "line " << row.line << ": " << name;
    }
  }
}

TEST(PkAsmTest, ARowWithoutACitableSourceFails) {
  EXPECT_THAT(ParseError("RSA-2048,x86_64,x86_64-mont5,dispatch,BMI2+ADX,1.0.2..,mulx,,sure"),
              HasSubstr("pk asm line 2: source"));
  EXPECT_THAT(
      ParseError("RSA-2048,x86_64,x86_64-mont5,dispatch,BMI2+ADX,1.0.2..,mulx,openssl,sure"),
      HasSubstr("neither a URL"));
}

TEST(PkAsmTest, BitsRolesAndModulesAreChecked) {
  const std::string tail = std::string(",1.0.2..,text,") + kSource + ",sure";
  EXPECT_EQ(ParseError("RSA-2048,x86_64,x86_64-mont5,dispatch,BMI2+ADX" + tail), "");
  EXPECT_THAT(ParseError("RSA-2048,x86_64,x86_64-mont5,dispatch,MULX" + tail),
              HasSubstr("unknown capability bit \"MULX\""));
  EXPECT_THAT(ParseError("RSA-2048,x86_64,x86_64-mont5,dispatch,-" + tail),
              HasSubstr("names its bits"));
  EXPECT_THAT(ParseError("RSA-2048,x86_64,x86_64-mont5,baseline,ADX" + tail),
              HasSubstr("names its bits"));
  EXPECT_THAT(ParseError("RSA-2048,x86_64,x86_64-mont5,none,-" + tail),
              HasSubstr("module must be \"none\""));
  EXPECT_THAT(ParseError("RSA-2048,mips,x86_64-mont5,baseline,-" + tail),
              HasSubstr("unknown arch"));
  EXPECT_THAT(ParseError(",x86_64,x86_64-mont5,baseline,-" + tail), HasSubstr("no algorithm"));
  EXPECT_THAT(
      ParseError("RSA-2048,x86_64,x,baseline,-,3.x..,text," + std::string(kSource) + ",sure"),
      HasSubstr("versions"));
  EXPECT_THAT(
      ParseError("RSA-2048,x86_64,x,baseline,-" + tail.substr(0, tail.size() - 4) + "maybe"),
      HasSubstr("unknown certainty"));
}

// The rows follow the releases: IFMA RSA-4096 came with 3.1.0, RSA-2048 with 3.0.0, AVX-IFMA
// with 3.5.0 (CHANGES.md); MULX/ADX is in every release from 1.0.2.
TEST(PkAsmTest, RowsHoldForTheirReleasesOnly) {
  auto bits_of = [](const char* alg, const char* version) {
    const LibraryVersion v = V(version);
    std::vector<std::string> out;
    for (const PkAsmPath* row : PkAsmPathsFor(PkAsmPaths(), alg, "x86_64", &v)) {
      if (row->role == "dispatch") {
        std::string joined;
        for (const std::string& bit : row->bits) {
          joined += (joined.empty() ? "" : "+") + bit;
        }
        out.push_back(joined);
      }
    }
    return out;
  };
  const std::string ifma = "AVX-512F+AVX-512DQ+AVX-512IFMA+AVX-512VL";
  EXPECT_THAT(bits_of("RSA-4096", "1.1.1w"), ::testing::ElementsAre("BMI2+ADX"));
  EXPECT_THAT(bits_of("RSA-4096", "3.0.13"), ::testing::ElementsAre("BMI2+ADX"));
  EXPECT_THAT(bits_of("RSA-4096", "3.2.1"), ::testing::ElementsAre("BMI2+ADX", ifma));
  EXPECT_THAT(bits_of("RSA-2048", "3.0.13"), ::testing::ElementsAre("BMI2+ADX", "AVX2", ifma));
  EXPECT_THAT(bits_of("RSA-2048", "3.5.0"),
              ::testing::ElementsAre("BMI2+ADX", "AVX2", ifma, "AVX-IFMA"));
  EXPECT_THAT(bits_of("X25519", "1.1.0l"), ::testing::ElementsAre());
  EXPECT_THAT(bits_of("X25519", "3.0.13"), ::testing::ElementsAre("BMI2+ADX"));
}

TEST(PkAsmTest, AlgorithmsWithoutAssemblyHaveANoneRow) {
  for (const char* name : {"DES-EDE3-CBC", "Ed25519", "ECDSA-P384"}) {
    const PkAsmPath* row = NoAssemblyRow(name, "x86_64");
    ASSERT_NE(row, nullptr) << name;
    EXPECT_TRUE(row->modules.empty());
  }
  EXPECT_NE(NoAssemblyRow("DES-EDE3-CBC", "aarch64"), nullptr);
  for (const char* name : {"RSA-2048", "ECDSA-P256", "X25519", "AES-128-GCM"}) {
    EXPECT_EQ(NoAssemblyRow(name, "x86_64"), nullptr) << name;
  }
}

}  // namespace
}  // namespace cryptobench::diagnose
