// Catalogue entries of result algorithms: aliases count, a name of another kind does not.
#include "report/catalog_entry.h"

#include <gtest/gtest.h>

namespace cryptobench::report {
namespace {

results::AlgorithmResult Named(const std::string& name, const std::string& kind) {
  results::AlgorithmResult alg;
  alg.algorithm = name;
  alg.kind = kind;
  return alg;
}

results::Cell CellOf(const std::string& operation, uint64_t input_len) {
  results::Cell cell;
  cell.operation = operation;
  cell.input_len = input_len;
  return cell;
}

TEST(CatalogEntryTest, AliasesOfTheSameKindNameTheEntry) {
  const AlgorithmInfo* info = CatalogEntryOf(Named("aes128", "cipher"));
  ASSERT_NE(info, nullptr);
  EXPECT_EQ(info->name, "AES-128-CBC");
  EXPECT_EQ(CanonicalAlgorithmName(Named("aes128", "")), "AES-128-CBC");  // no kind to check
  EXPECT_EQ(CanonicalAlgorithmName(Named("SHA-256", "hash")), "SHA-256");
}

TEST(CatalogEntryTest, ANameOfAnotherKindIsNotTheEntry) {
  // bssl speed's one-block "AES-128 encrypt": kind other, ops/s (docs/import.md).
  const results::AlgorithmResult bssl = Named("AES-128", "other");
  EXPECT_EQ(CatalogEntryOf(bssl), nullptr);
  EXPECT_EQ(CanonicalAlgorithmName(bssl), "AES-128");
  EXPECT_FALSE(IsThroughputCell(bssl, CellOf("encrypt", 0)));
  EXPECT_TRUE(IsThroughputCell(Named("AES-128", "cipher"), CellOf("encrypt", 0)));
}

TEST(CatalogEntryTest, NamesOutsideTheCatalogueAreThroughputWhenSized) {
  EXPECT_TRUE(IsThroughputCell(Named("base64 decode", "other"), CellOf("run", 1468)));
  EXPECT_FALSE(IsThroughputCell(Named("PBKDF2-sha256", "kdf"), CellOf("iteration", 0)));
  EXPECT_FALSE(IsThroughputCell(Named("RSA-1024", "signature"), CellOf("sign", 32)));
  EXPECT_FALSE(IsThroughputCell(Named("RSA-2048", "signature"), CellOf("sign", 32)));
}

}  // namespace
}  // namespace cryptobench::report
