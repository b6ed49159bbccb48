#include "results/json.h"

#include <fstream>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

namespace cryptobench::results {
namespace {

using nlohmann::json;

json LoadFixture() {
  std::ifstream in(std::string(CRYPTOBENCH_TEST_DATA_DIR) + "/fixtures/results/sample-run.json");
  EXPECT_TRUE(in.good());
  return json::parse(in);
}

// The error message FromJson throws for `doc`, or "" if it parses.
std::string ErrorOf(const json& doc) {
  try {
    FromJson(doc);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

RunResult HandBuiltRun() {
  RunResult run;
  run.created_utc = "2026-11-30T07:00:00Z";
  run.source.tool_version = "0.1.0";
  run.machine.cpu_model = "Test CPU \"quoted\", with comma";
  run.machine.online_cpus = 8;
  run.machine.tick_counter = "tsc";
  run.machine.tick_rate_hz = 2.5e9;
  run.library.version = "OpenSSL 3.0.19 27 Jan 2026";
  run.library.version_num = 0x30000130;
  run.library.worker_env = {{"OPENSSL_ia32cap", "~0x200000200000000"}};
  run.method.threads = 2;
  run.method.input_sizes = {16, 1350, 16384};
  AlgorithmResult alg;
  alg.algorithm = "AES-128-GCM";
  alg.kind = "aead";
  alg.kat = {"passed", "test source", ""};
  Cell cell;
  cell.operation = "encrypt";
  cell.input_len = 1350;
  cell.batch_iterations = 4096;
  WorkerSamples worker;
  worker.precision_reached = true;
  worker.samples.push_back({4096, 3'000'123, 2'999'000, 2'990'000, 9'000, 7'500'307});
  worker.samples.push_back({4096, 3'100'456, 3'098'000, 3'090'000, 8'000, 7'751'140});
  cell.workers = {worker, worker};
  CellFigures figures;
  figures.num_samples = 4;
  figures.ops_per_s = {1.0 / 3.0 * 1e7, 3.2e6, 3.4e6};
  figures.bytes_per_s = Estimate{4.5e9, 4.3e9, 4.6e9};
  figures.cpu_utilization = 0.999;
  cell.figures = figures;
  alg.cells.push_back(cell);
  Cell failed;
  failed.operation = "encrypt";
  failed.input_len = 16;
  failed.status = CellStatus::kCrashed;
  failed.message = "worker killed by SIGSEGV";
  alg.cells.push_back(failed);
  run.algorithms.push_back(alg);
  return run;
}

TEST(ResultsJsonTest, SchemaVersionComesFirst) {
  const nlohmann::ordered_json j = ToJson(HandBuiltRun());
  ASSERT_FALSE(j.empty());
  EXPECT_EQ(j.begin().key(), "schema_version");
  EXPECT_EQ(j["schema_version"], 1);
}

TEST(ResultsJsonTest, RoundTripOfHandBuiltRun) {
  const nlohmann::ordered_json first = ToJson(HandBuiltRun());
  const RunResult parsed = FromJson(json::parse(first.dump()));
  EXPECT_EQ(ToJson(parsed).dump(), first.dump());
  // Spot checks that the values, not just the text, survived.
  EXPECT_EQ(parsed.library.worker_env.at("OPENSSL_ia32cap"), "~0x200000200000000");
  EXPECT_EQ(parsed.algorithms[0].cells[1].status, CellStatus::kCrashed);
  EXPECT_EQ(parsed.algorithms[0].cells[0].workers[1].samples[1].ticks, 7'751'140u);
  EXPECT_DOUBLE_EQ(parsed.algorithms[0].cells[0].figures->ops_per_s.value, 1.0 / 3.0 * 1e7);
  EXPECT_FALSE(parsed.algorithms[0].cells[1].figures.has_value());
}

TEST(ResultsJsonTest, RoundTripOfFixtureWithDerivedFigures) {
  RunResult run = FromJson(LoadFixture());
  DeriveAllFigures(run);
  const std::string first = ToJson(run).dump(2);
  EXPECT_EQ(ToJson(FromJson(json::parse(first))).dump(2), first);
}

TEST(ResultsJsonTest, OptionalFieldsAreOmittedWhenAbsent) {
  const nlohmann::ordered_json j = ToJson(HandBuiltRun());
  const auto& cells = j["algorithms"][0]["cells"];
  EXPECT_FALSE(cells[0].contains("message"));
  EXPECT_TRUE(cells[1].contains("message"));
  EXPECT_FALSE(cells[1].contains("figures"));
  EXPECT_TRUE(cells[0]["figures"].contains("bytes_per_s"));
}

TEST(ResultsJsonTest, ImplementationIsWrittenOnlyWhenKnownAndReadBack) {
  RunResult run = HandBuiltRun();
  EXPECT_FALSE(ToJson(run)["algorithms"][0].contains("implementation"));
  run.algorithms[0].implementation = "aesni";
  const nlohmann::ordered_json j = ToJson(run);
  EXPECT_EQ(j["algorithms"][0]["implementation"], "aesni");
  EXPECT_EQ(FromJson(json::parse(j.dump())).algorithms[0].implementation, "aesni");
  json doc = json::parse(j.dump());
  doc["algorithms"][0]["implementation"] = 7;
  EXPECT_EQ(ErrorOf(doc), "results JSON: algorithms[0].implementation: expected a string");
}

// An imported 1.x low-level row's API ("legacy") survives import -> JSON -> compare, which
// pairs rows of one API (compare/match.h).
TEST(ResultsJsonTest, ApiIsWrittenOnlyWhenSetAndReadBack) {
  RunResult run = HandBuiltRun();
  EXPECT_FALSE(ToJson(run)["algorithms"][0].contains("api"));
  run.algorithms[0].api = "legacy";
  const nlohmann::ordered_json j = ToJson(run);
  EXPECT_EQ(j["algorithms"][0]["api"], "legacy");
  EXPECT_EQ(FromJson(json::parse(j.dump())).algorithms[0].api, "legacy");
}

// A caveat's unit_factor (a doubt bounded by the unit's two bases) is written only when set.
TEST(ResultsJsonTest, CaveatUnitFactorIsWrittenOnlyWhenSetAndReadBack) {
  RunResult run = HandBuiltRun();
  run.algorithms[0].cells[0].caveats = {{"read as MB/s of 2^20 bytes", 3, true},
                                        {"read as MB/s of 2^20 bytes", 4, true, 1.048576}};
  const nlohmann::ordered_json j = ToJson(run);
  const auto& caveats = j["algorithms"][0]["cells"][0]["caveats"];
  EXPECT_FALSE(caveats[0].contains("unit_factor"));
  EXPECT_DOUBLE_EQ(caveats[1]["unit_factor"].get<double>(), 1.048576);
  const RunResult parsed = FromJson(json::parse(j.dump()));
  EXPECT_DOUBLE_EQ(parsed.algorithms[0].cells[0].caveats[0].unit_factor, 0);
  EXPECT_DOUBLE_EQ(parsed.algorithms[0].cells[0].caveats[1].unit_factor, 1.048576);
  json doc = json::parse(j.dump());
  doc["algorithms"][0]["cells"][0]["caveats"][1]["unit_factor"] = "2^20";
  EXPECT_EQ(ErrorOf(doc),
            "results JSON: algorithms[0].cells[0].caveats[1].unit_factor: expected a number");
}

// A caveat's assumed_sizes (a doubt only of which sizes the columns hold) round-trips, and is
// written only when set.
TEST(ResultsJsonTest, CaveatAssumedSizesIsWrittenOnlyWhenSetAndReadBack) {
  RunResult run = HandBuiltRun();
  CellCaveat assumed{"read from a table without its 'type ... bytes' line", 3, true};
  assumed.assumed_sizes = {16, 64, 256, 1024, 8192, 16384};
  run.algorithms[0].cells[0].caveats = {{"read from a row damaged in the paste", 2, true}, assumed};
  const nlohmann::ordered_json j = ToJson(run);
  const auto& caveats = j["algorithms"][0]["cells"][0]["caveats"];
  EXPECT_FALSE(caveats[0].contains("assumed_sizes"));
  EXPECT_EQ(caveats[1]["assumed_sizes"].size(), 6u);
  const RunResult parsed = FromJson(json::parse(j.dump()));
  EXPECT_TRUE(parsed.algorithms[0].cells[0].caveats[0].assumed_sizes.empty());
  EXPECT_EQ(parsed.algorithms[0].cells[0].caveats[1].assumed_sizes, assumed.assumed_sizes);
  json doc = json::parse(j.dump());
  doc["algorithms"][0]["cells"][0]["caveats"][1]["assumed_sizes"][0] = "16 bytes";
  EXPECT_NE(ErrorOf(doc).find("algorithms[0].cells[0].caveats[1].assumed_sizes[0]"),
            std::string::npos)
      << ErrorOf(doc);
}

TEST(ResultsJsonTest, LibraryFileSha256IsOptionalAndRoundTrips) {
  // Without the field (every result written before it): absent in the JSON, "" when read.
  RunResult run = HandBuiltRun();
  const nlohmann::ordered_json without = ToJson(run);
  EXPECT_FALSE(without["library"].contains("file_sha256"));
  EXPECT_EQ(FromJson(json::parse(without.dump())).library.file_sha256, "");
  EXPECT_EQ(FromJson(LoadFixture()).library.file_sha256, "");
  // With it: written beside loaded_path and read back unchanged. (SHA-256 of the empty string,
  // FIPS 180-4 / NIST CAVP; any 64 lower-case hex digits would do.)
  run.library.file_sha256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
  const nlohmann::ordered_json with = ToJson(run);
  EXPECT_EQ(with["library"]["file_sha256"], run.library.file_sha256);
  const RunResult parsed = FromJson(json::parse(with.dump()));
  EXPECT_EQ(parsed.library.file_sha256, run.library.file_sha256);
  EXPECT_EQ(ToJson(parsed).dump(), with.dump());
  // Anything but 64 lower-case hex digits is a bad file, named by its path.
  for (const char* bad : {"E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855",
                          "e3b0c442", "not a hash"}) {
    json doc = json::parse(with.dump());
    doc["library"]["file_sha256"] = bad;
    EXPECT_EQ(ErrorOf(doc),
              "results JSON: library.file_sha256: expected 64 lower-case hexadecimal digits")
        << bad;
  }
  json doc = json::parse(with.dump());
  doc["library"]["file_sha256"] = 7;
  EXPECT_EQ(ErrorOf(doc), "results JSON: library.file_sha256: expected a string");
}

TEST(ResultsJsonTest, ErrorsNameThePath) {
  json doc = LoadFixture();
  doc["algorithms"][2]["cells"][0]["input_len"] = "sixteen";
  EXPECT_EQ(ErrorOf(doc), "results JSON: algorithms[2].cells[0].input_len: expected a number");

  doc = LoadFixture();
  doc["algorithms"][0]["cells"][1]["workers"][0]["samples"][3].erase("wall_ns");
  EXPECT_EQ(ErrorOf(doc),
            "results JSON: algorithms[0].cells[1].workers[0].samples[3].wall_ns: missing");

  doc = LoadFixture();
  doc["algorithms"][0]["cells"][0]["input_len"] = -16;
  EXPECT_EQ(ErrorOf(doc),
            "results JSON: algorithms[0].cells[0].input_len: expected a "
            "non-negative integer, got -16");

  doc = LoadFixture();
  doc["algorithms"][1]["cells"][0]["status"] = "exploded";
  EXPECT_NE(ErrorOf(doc).find("algorithms[1].cells[0].status: unknown status \"exploded\""),
            std::string::npos);

  doc = LoadFixture();
  doc["machine"]["online_cpus"] = "two";
  EXPECT_EQ(ErrorOf(doc), "results JSON: machine.online_cpus: expected a number");

  doc = LoadFixture();
  doc["library"]["worker_env"] = {{"OPENSSL_ia32cap", 5}};
  EXPECT_EQ(ErrorOf(doc), "results JSON: library.worker_env.OPENSSL_ia32cap: expected a string");

  doc = LoadFixture();
  doc["algorithms"][3]["cells"] = json::object();
  EXPECT_EQ(ErrorOf(doc), "results JSON: algorithms[3].cells: expected an array");

  doc = LoadFixture();
  doc.erase("algorithms");
  EXPECT_EQ(ErrorOf(doc), "results JSON: algorithms: missing");

  EXPECT_EQ(ErrorOf(json::array()), "results JSON: (document): expected an object");
}

TEST(ResultsJsonTest, OtherSchemaVersionsAreRejected) {
  json doc = LoadFixture();
  doc["schema_version"] = 2;
  EXPECT_EQ(ErrorOf(doc),
            "results JSON: schema_version: version 2 is not supported (this cryptobench reads "
            "version 1)");
  doc.erase("schema_version");
  EXPECT_NE(ErrorOf(doc).find("schema_version: missing"), std::string::npos);
}

TEST(ResultsJsonTest, WholeFloatsAreAcceptedAsIntegers) {
  json doc = LoadFixture();
  doc["algorithms"][0]["cells"][0]["input_len"] = 16.0;
  EXPECT_EQ(FromJson(doc).algorithms[0].cells[0].input_len, 16u);
  doc["algorithms"][0]["cells"][0]["input_len"] = 16.5;
  EXPECT_NE(ErrorOf(doc).find("input_len: expected a non-negative integer"), std::string::npos);
}

TEST(SampleJsonTest, RoundTripAndErrors) {
  const measure::Sample sample{123, 4'567'890, 4'500'000, 4'400'000, 100'000, 11'876'514};
  const json j = SampleToJson(sample);
  EXPECT_EQ(j.size(), 7u);
  const measure::Sample back = SampleFromJson(j);
  EXPECT_EQ(back.iterations, sample.iterations);
  EXPECT_EQ(back.wall_ns, sample.wall_ns);
  EXPECT_EQ(back.cpu_ns, sample.cpu_ns);
  EXPECT_EQ(back.user_ns, sample.user_ns);
  EXPECT_EQ(back.sys_ns, sample.sys_ns);
  EXPECT_EQ(back.ticks, sample.ticks);

  json missing = j;
  missing.erase("ticks");
  EXPECT_THROW(SampleFromJson(missing), std::runtime_error);
  try {
    SampleFromJson(missing);
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "sample.ticks: missing");
  }
  EXPECT_THROW(SampleFromJson(json("not an object")), std::runtime_error);
}

}  // namespace
}  // namespace cryptobench::results

namespace cryptobench::results {
namespace {

// The text written algorithm by algorithm is the very text of the whole document's dump.
TEST(RunsToJsonTextTest, EqualsTheDumpOfTheWholeDocument) {
  const RunResult run = FromJson(LoadFixture());
  RunResult empty = run;
  empty.algorithms.clear();
  for (const std::vector<RunResult>& runs :
       std::vector<std::vector<RunResult>>{{run}, {empty}, {run, empty, run}}) {
    nlohmann::ordered_json doc;
    if (runs.size() == 1) {
      doc = ToJson(runs.front());
    } else {
      doc["schema_version"] = kSchemaVersion;
      doc["runs"] = nlohmann::ordered_json::array();
      for (const RunResult& r : runs) {
        doc["runs"].push_back(ToJson(r));
      }
    }
    EXPECT_EQ(RunsToJsonText(runs), doc.dump(2) + "\n") << runs.size();
  }
}

}  // namespace
}  // namespace cryptobench::results
