// Caps on an input, figure ranges, and the bounded JSON reader that keeps raw samples packed.
#include "results/limits.h"

#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "results/json.h"

namespace cryptobench::results {
namespace {

nlohmann::json GoldenSpeed() {
  std::ifstream in(std::string(CRYPTOBENCH_TEST_DATA_DIR) + "/golden/speed.json");
  std::stringstream text;
  text << in.rdbuf();
  return nlohmann::json::parse(text.str());
}

// The message FromJson throws for `doc`, or "" when it reads it.
std::string ReadError(const nlohmann::json& doc) {
  try {
    FromJson(doc);
    return "";
  } catch (const std::exception& e) {
    return e.what();
  }
}

TEST(CheckFiguresTest, TheGoldenResultIsInRange) { EXPECT_EQ(ReadError(GoldenSpeed()), ""); }

TEST(CheckFiguresTest, NonsenseFiguresAreRefusedNamingTheField) {
  struct Case {
    const char* pointer;  // JSON pointer of the field changed
    nlohmann::json value;
    const char* expected;  // part of the message
  };
  const Case cases[] = {
      {"/algorithms/0/cells/0/figures/bytes_per_s/value", 1e300,
       "algorithms[0].cells[0].figures.bytes_per_s.value: 1e+300 is above 1e+14 bytes/s"},
      {"/algorithms/0/cells/0/figures/ops_per_s/value", -5,
       "figures.ops_per_s.value: -5 is not above 0"},
      {"/algorithms/0/cells/0/figures/ops_per_s/ci_high", 1, "figures.ops_per_s: the interval"},
      {"/algorithms/0/cells/0/figures/confidence", 2, "figures.confidence: 2 is not a confidence"},
      {"/algorithms/0/cells/0/figures/cpu_ns_per_op", -1, "cpu_ns_per_op: -1 is below 0"},
      {"/algorithms/0/cells/0/workers/0/samples/0/wall_ns", -1,
       "workers[0].samples[0].wall_ns: -1 is not above 0"},
      {"/algorithms/0/cells/0/workers/0/samples/0/iterations", 0u, "iterations: 0"},
      {"/algorithms/0/cells/0/workers/0/samples/0/iterations", 1e15,
       "samples[0]: 1.9"},  // ~1.9e17 operations/s
      {"/method/threads", -1, "method.threads: -1 is below 1"},
      {"/method/confidence", 1, "method.confidence: 1 is not a confidence"},
      {"/method/precision", 0.9, "method.precision: 0.9 is above 0.5"},
  };
  for (const Case& c : cases) {
    nlohmann::json doc = GoldenSpeed();
    doc[nlohmann::json::json_pointer(c.pointer)] = c.value;
    const std::string error = ReadError(doc);
    EXPECT_NE(error.find(c.expected), std::string::npos) << c.pointer << ": " << error;
    EXPECT_EQ(error.rfind("results JSON: ", 0), 0u) << error;
  }
}

TEST(CheckFiguresTest, ASingleImportedFigureHasNoConfidence) {
  RunResult run;
  run.method.confidence = 0;
  run.method.threads = 1;
  AlgorithmResult alg;
  Cell cell;
  cell.input_len = 16;
  CellFigures f;
  f.confidence = 0;
  f.ops_per_s = {1e6, 1e6, 1e6};
  f.bytes_per_s = Estimate{16e6, 16e6, 16e6};
  f.wall_ns_per_op = 1000;
  cell.figures = f;
  alg.cells.push_back(cell);
  run.algorithms.push_back(alg);
  EXPECT_NO_THROW(CheckFigures(run));
}

TEST(CheckInputSizeTest, CapsRunsRowsAndCells) {
  std::vector<RunResult> runs(kMaxRunsPerInput);
  EXPECT_NO_THROW(CheckInputSize(runs));
  runs.emplace_back();
  EXPECT_THROW(CheckInputSize(runs), InputLimitError);

  RunResult wide;
  wide.algorithms.resize(kMaxRowsPerInput + 1);
  EXPECT_THROW(CheckInputSize({wide}), InputLimitError);
  RunResult deep;
  deep.algorithms.resize(2);
  deep.algorithms[0].cells.resize(kMaxCellsPerInput);
  deep.algorithms[1].cells.resize(1);
  try {
    CheckInputSize({deep});
    FAIL();
  } catch (const InputLimitError& e) {
    EXPECT_NE(std::string(e.what()).find("8193 cells"), std::string::npos) << e.what();
  }
}

TEST(ParseJsonBoundedTest, ReadsAResultAsTheFullParserDoes) {
  const nlohmann::json golden = GoldenSpeed();
  for (const std::string& text : {golden.dump(), golden.dump(2)}) {
    const RunResult bounded = FromJson(ParseJsonBounded(text));
    const RunResult full = FromJson(nlohmann::json::parse(text));
    EXPECT_EQ(ToJson(bounded).dump(), ToJson(full).dump());
  }
  nlohmann::json wrapped;
  wrapped["schema_version"] = 1;
  wrapped["runs"] = nlohmann::json::array({golden, golden});
  const nlohmann::json doc = ParseJsonBounded(wrapped.dump());
  const RunResult second = FromJson(doc.at("runs")[1]);
  EXPECT_EQ(ToJson(second).dump(), ToJson(FromJson(golden)).dump());
  // The samples are packed: the DOM holds binary values where the objects were.
  EXPECT_TRUE(doc.at("runs")[1]
                  .at("algorithms")[0]
                  .at("cells")[0]
                  .at("workers")[0]
                  .at("samples")[0]
                  .is_binary());
}

TEST(ParseJsonBoundedTest, AMalformedSampleIsLeftForTheReaderToName) {
  nlohmann::json doc = GoldenSpeed();
  doc["algorithms"][0]["cells"][0]["workers"][0]["samples"][1]["wall_ns"] = "soon";
  const nlohmann::json parsed = ParseJsonBounded(doc.dump());
  EXPECT_TRUE(
      parsed.at("algorithms")[0].at("cells")[0].at("workers")[0].at("samples")[1].is_object());
  EXPECT_NE(ReadError(parsed).find("samples[1].wall_ns: expected a number"), std::string::npos)
      << ReadError(parsed);
  // "samples" elsewhere is no raw sample: kept as it is.
  const nlohmann::json other =
      ParseJsonBounded(R"({"x": {"workers": [{"samples": [{"iterations": 1}]}]}})");
  EXPECT_TRUE(other.at("x").at("workers")[0].at("samples")[0].is_object());
}

TEST(ParseJsonBoundedTest, DenseOrDeepJsonIsRefused) {
  // Empty objects in an array: 96 bytes of tree each, for 3 bytes of text.
  std::string dense = "[";
  for (size_t i = 0; i <= kMaxJsonTreeBytes / 96; ++i) {
    dense += "{},";
  }
  dense += "{}]";
  EXPECT_THROW(ParseJsonBounded(dense), InputLimitError);
  // A result at the cell cap fits.
  nlohmann::json wide = GoldenSpeed();
  nlohmann::json cell = wide["algorithms"][0]["cells"][0];
  cell.erase("workers");
  wide["algorithms"] = nlohmann::json::array();
  // The golden file is read once: reading and parsing its 68 KB in each of the 2048 rounds took
  // 19 s of the release ctest and minutes under ASan or qemu-aarch64.
  nlohmann::json alg = GoldenSpeed()["algorithms"][0];
  alg["cells"] = {cell, cell, cell, cell};
  for (size_t a = 0; a < kMaxCellsPerInput / 4; ++a) {
    wide["algorithms"].push_back(alg);
  }
  EXPECT_NO_THROW(ParseJsonBounded(wide.dump()));
  const std::string deep =
      std::string(kMaxJsonDepth + 1, '[') + std::string(kMaxJsonDepth + 1, ']');
  EXPECT_THROW(ParseJsonBounded(deep), InputLimitError);
  const std::string nested_ok = std::string(kMaxJsonDepth, '[') + std::string(kMaxJsonDepth, ']');
  EXPECT_NO_THROW(ParseJsonBounded(nested_ok));
  EXPECT_THROW(ParseJsonBounded("{\"a\": [1, 2"), nlohmann::json::exception);
  EXPECT_THROW(ParseJsonBounded("{} trailing"), nlohmann::json::exception);
}

}  // namespace
}  // namespace cryptobench::results
