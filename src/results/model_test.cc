#include "results/model.h"

#include <gtest/gtest.h>

namespace cryptobench::results {
namespace {

constexpr CellStatus kAllStatuses[] = {CellStatus::kOk,      CellStatus::kFailedKat,
                                       CellStatus::kCrashed, CellStatus::kTimeout,
                                       CellStatus::kError,   CellStatus::kUnsupported};

TEST(CellStatusTest, NamesRoundTrip) {
  for (CellStatus status : kAllStatuses) {
    CellStatus parsed = CellStatus::kOk;
    ASSERT_TRUE(ParseCellStatus(CellStatusName(status), &parsed)) << CellStatusName(status);
    EXPECT_EQ(parsed, status);
  }
  EXPECT_STREQ(CellStatusName(CellStatus::kFailedKat), "failed_kat");
  EXPECT_STREQ(CellStatusName(CellStatus::kUnsupported), "unsupported");
}

TEST(CellStatusTest, UnknownNamesAreRejected) {
  CellStatus parsed = CellStatus::kTimeout;
  EXPECT_FALSE(ParseCellStatus("OK", &parsed));
  EXPECT_FALSE(ParseCellStatus("failed-kat", &parsed));
  EXPECT_FALSE(ParseCellStatus("", &parsed));
  EXPECT_EQ(parsed, CellStatus::kTimeout);  // untouched
}

RunResult RunWithStatus(CellStatus status) {
  RunResult run;
  AlgorithmResult ok_alg;
  ok_alg.algorithm = "AES-128-GCM";
  ok_alg.cells.push_back(Cell{});
  run.algorithms.push_back(ok_alg);
  AlgorithmResult alg;
  alg.algorithm = "SHA-256";
  Cell cell;
  cell.status = status;
  alg.cells.push_back(cell);
  run.algorithms.push_back(alg);
  return run;
}

TEST(HasFailuresTest, FailuresAreKatCrashTimeoutAndError) {
  EXPECT_FALSE(HasFailures(RunResult{}));
  EXPECT_FALSE(HasFailures(RunWithStatus(CellStatus::kOk)));
  EXPECT_FALSE(HasFailures(RunWithStatus(CellStatus::kUnsupported)));
  EXPECT_TRUE(HasFailures(RunWithStatus(CellStatus::kFailedKat)));
  EXPECT_TRUE(HasFailures(RunWithStatus(CellStatus::kCrashed)));
  EXPECT_TRUE(HasFailures(RunWithStatus(CellStatus::kTimeout)));
  EXPECT_TRUE(HasFailures(RunWithStatus(CellStatus::kError)));
}

TEST(IsSymmetricCellTest, CatalogueThenHeuristic) {
  Cell hash_cell;
  hash_cell.operation = "hash";
  hash_cell.input_len = 16;
  Cell sign_cell;
  sign_cell.operation = "sign";
  sign_cell.input_len = 32;
  Cell derive_cell;
  derive_cell.operation = "derive";
  EXPECT_TRUE(IsSymmetricCell("sha256", hash_cell));
  EXPECT_FALSE(IsSymmetricCell("Ed25519", sign_cell));
  // The catalogue wins over the heuristic: a known public-key algorithm stays public-key.
  EXPECT_FALSE(IsSymmetricCell("X25519", hash_cell));
  EXPECT_TRUE(IsSymmetricCell("NotInCatalogue", hash_cell));
  EXPECT_FALSE(IsSymmetricCell("NotInCatalogue", sign_cell));
  EXPECT_FALSE(IsSymmetricCell("NotInCatalogue", derive_cell));
}

}  // namespace
}  // namespace cryptobench::results
