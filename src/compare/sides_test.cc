// Sides from file contents (results JSON with one or several runs, importable text) and the
// interpretation facts each side gets: clock range and CPU features.
#include "compare/sides.h"

#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/errors.h"

#include "compare/attribution.h"
#include "support/golden.h"

namespace cryptobench::compare {
namespace {

const std::string kDataDir = CRYPTOBENCH_TEST_DATA_DIR;

std::string Fixture(const std::string& path) {
  return cryptobench::testing::ReadTestFile(kDataDir + "/fixtures/" + path);
}

std::string ErrorOf(const std::string& text, const std::string& file) {
  try {
    LoadFileSides(text, file, "label");
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

TEST(LoadFileSidesTest, ResultsJsonWithOneRunRecomputesFigures) {
  const std::string text = Fixture("compare/base.json");
  ASSERT_FALSE(text.empty());
  const std::vector<Side> sides = LoadFileSides(text, "base.json", "base.json");
  ASSERT_EQ(sides.size(), 1u);
  EXPECT_EQ(sides[0].label, "base.json");
  EXPECT_EQ(sides[0].origin, SideOrigin::kResults);
  const results::Cell& cell = sides[0].run.algorithms[0].cells[0];
  ASSERT_TRUE(cell.figures.has_value());  // the fixture stores no figures: derived from samples
  EXPECT_EQ(cell.figures->num_samples, 20u);
  ASSERT_TRUE(cell.figures->bytes_per_s.has_value());
  EXPECT_NEAR(cell.figures->bytes_per_s->value, 1100e6, 1100e6 * 0.01);
}

TEST(LoadFileSidesTest, SeveralRunsGetNumberedLabels) {
  const nlohmann::json run = nlohmann::json::parse(Fixture("compare/base.json"));
  const nlohmann::json doc = {{"schema_version", 1}, {"runs", {run, run}}};
  const std::vector<Side> sides = LoadFileSides(doc.dump(), "runs.json", "runs.json");
  ASSERT_EQ(sides.size(), 2u);
  EXPECT_EQ(sides[0].label, "runs.json#1");
  EXPECT_EQ(sides[1].label, "runs.json#2");

  const std::vector<Side> imported =
      LoadFileSides(Fixture("import/two-runs.txt"), "two-runs.txt", "two-runs.txt");
  ASSERT_EQ(imported.size(), 2u);
  EXPECT_EQ(imported[1].label, "two-runs.txt#2");
  EXPECT_EQ(imported[1].origin, SideOrigin::kImported);
}

// A run's block label, as import records it ("with:", "without:" before a repeated table),
// names the side beside its number (new-user tryout 19, p33: two runs of one paste were told
// apart only by "#1" and "#2").
TEST(LoadFileSidesTest, BlockLabelsImportRecordsNameTheSides) {
  const std::string text =
      "with:\n"
      "                              sign    verify    sign/s verify/s\n"
      " 256 bits ecdsa (nistp256)   0.0000s   0.0002s  22574.7   6340.0\n"
      "without:\n"
      "                              sign    verify    sign/s verify/s\n"
      " 256 bits ecdsa (nistp256)   0.0000s   0.0002s  22651.0   6664.0\n";
  const std::vector<Side> sides = LoadFileSides(text, "paste.txt", "paste.txt");
  ASSERT_EQ(sides.size(), 2u);
  EXPECT_EQ(sides[1].label, "paste.txt#2 (without)");
  EXPECT_EQ(sides[0].label.rfind("paste.txt#1", 0), 0u) << sides[0].label;
}

TEST(LoadFileSidesTest, RunsWithoutAlgorithmsAreNoSidesBesideRunsWithThem) {
  // `openssl version -a` of another build pasted before speed output: a run without
  // algorithms, which would otherwise be baseline A with nothing measured.
  const std::string paste =
      "$ /opt/old/bin/openssl version -a\nOpenSSL 1.1.1w  11 Sep 2023\n"
      "platform: linux-x86_64\n\n"
      "$ openssl speed -evp sha256\nversion: 3.0.13\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes\nsha256           160599.51k\n";
  const std::vector<Side> sides = LoadFileSides(paste, "paste.txt", "paste.txt");
  ASSERT_EQ(sides.size(), 1u);
  EXPECT_EQ(sides[0].label, "paste.txt");
  EXPECT_EQ(sides[0].run.source.tool, "openssl speed");

  // A file of version blocks only still gives its runs (compare then says nothing matched).
  const std::vector<Side> versions =
      LoadFileSides(Fixture("import/openssl-version-a.txt"), "v.txt", "v.txt");
  EXPECT_EQ(versions.size(), 3u);
}

TEST(LoadFileSidesTest, RunsOfSeveralBackendsAreLabelledByBackend) {
  // speed --backend openssl,sodium -o x.json: each side says which library it is.
  nlohmann::json openssl = nlohmann::json::parse(Fixture("compare/base.json"));
  openssl["library"]["backend"] = "openssl";
  nlohmann::json sodium = openssl;
  sodium["library"]["backend"] = "sodium";
  const nlohmann::json two = {{"schema_version", 1}, {"runs", {openssl, sodium}}};
  const std::vector<Side> sides = LoadFileSides(two.dump(), "dir/x.json", "x.json");
  ASSERT_EQ(sides.size(), 2u);
  EXPECT_EQ(sides[0].label, "x.json (openssl)");
  EXPECT_EQ(sides[1].label, "x.json (sodium)");

  // A backend twice: the number tells those runs apart, the backend says what each is.
  const nlohmann::json three = {{"schema_version", 1}, {"runs", {openssl, openssl, sodium}}};
  const std::vector<Side> repeated = LoadFileSides(three.dump(), "x.json", "x.json");
  ASSERT_EQ(repeated.size(), 3u);
  EXPECT_EQ(repeated[0].label, "x.json#1 (openssl)");
  EXPECT_EQ(repeated[1].label, "x.json#2 (openssl)");
  EXPECT_EQ(repeated[2].label, "x.json (sodium)");  // sodium's one run needs no number

  // Imported text of several tools names each tool's library.
  const std::vector<Side> mixed =
      LoadFileSides(Fixture("import/mixed-tools.md"), "mixed-tools.md", "mixed-tools.md");
  ASSERT_EQ(mixed.size(), 4u);
  EXPECT_EQ(mixed[1].label, "mixed-tools.md (boringssl)");
  EXPECT_EQ(mixed[3].label, "mixed-tools.md (kernel)");
}

TEST(LoadFileSidesTest, ImportableText) {
  const std::vector<Side> sides = LoadFileSides(Fixture("compare/speed-b-engine.txt"),
                                                "speed-b-engine.txt", "speed-b-engine.txt");
  ASSERT_EQ(sides.size(), 1u);
  EXPECT_EQ(sides[0].origin, SideOrigin::kImported);
  EXPECT_EQ(sides[0].run.source.timing_basis, "user_cpu");
  EXPECT_EQ(sides[0].run.source.engine_or_provider, "engine qatengine");
}

TEST(LoadFileSidesTest, ErrorsNameTheFileAndLine) {
  EXPECT_EQ(
      ErrorOf(Fixture("import/malformed-row.txt"), "bad.txt").rfind("bad.txt:12: expected", 0), 0u);
  EXPECT_EQ(ErrorOf("{\"schema_version\": 1,", "x.json").rfind("x.json: not valid JSON", 0), 0u);
  const std::string missing = ErrorOf("{\"schema_version\": 1}", "y.json");
  EXPECT_EQ(missing.rfind("y.json: results JSON: ", 0), 0u) << missing;
  EXPECT_EQ(ErrorOf("{\"schema_version\": 1, \"runs\": 3}", "z.json"),
            "z.json: results JSON: runs: expected an array");
  EXPECT_NE(ErrorOf("hello\n", "notes.txt"), "");
  // A broken string: the parser's 'last read' is the rest of the line, quoted cut short.
  const std::string broken = ErrorOf("{\"a\": \"" + std::string(500, 'x') + "\\q\"}", "b.json");
  EXPECT_EQ(broken.rfind("b.json: not valid JSON: ", 0), 0u) << broken;
  EXPECT_NE(broken.find("last read: '\"" + std::string(79, 'x') + "...'"), std::string::npos)
      << broken;
  EXPECT_LT(broken.size(), 300u) << broken;
}

// cryptobench's own documents that hold no result: named, one line, instead of a complaint
// about a missing field.
TEST(LoadFileSidesTest, OwnNonResultDocumentsAreNamed) {
  const std::string compare_json = R"({"schema_version": 1, "kind": "compare", "sides": []})";
  EXPECT_EQ(ErrorOf(compare_json, "cmp.json"),
            "cmp.json: a compare report (cryptobench compare --format json), not a result; "
            "compare reads speed or import JSON, or tool output");
  const std::string list_json = R"({"schema_version": 1, "library": {"version": "OpenSSL 3.0.19"},
      "algorithms": [{"name": "AES-128-CBC", "kind": "cipher", "default_suite": true,
                      "supported": true, "aliases": []}]})";
  EXPECT_EQ(ErrorOf(list_json, "list.json")
                .rfind("list.json: an algorithm list (cryptobench list "
                       "--format json), not a result",
                       0),
            0u);
  const std::string doctor_text =
      "cryptobench 0.1.0 doctor, 2026-11-30T16:26:06Z\n\nLibrary\n  OpenSSL 3.0.19 27 Jan 2026\n";
  EXPECT_EQ(ErrorOf(doctor_text, "doc.txt").rfind("doc.txt:1: a cryptobench doctor report", 0), 0u);
}

Side SideWith(SideOrigin origin, const std::string& kind, const std::string& model, double tsc_hz,
              const std::string& vector) {
  Side side;
  side.origin = origin;
  side.run.source.kind = kind;
  side.run.machine.cpu_model = model;
  side.run.machine.tick_counter = tsc_hz > 0 ? "tsc" : "none";
  side.run.machine.tick_rate_hz = tsc_hz;
  side.run.library.capability_vector = vector;
  return side;
}

HostFacts Host() {
  HostFacts host;
  host.arch = "x86_64";
  host.cpu_model = "Host CPU";
  host.core_hz = 3.6e9;
  host.cpu_features = {"AES-NI", "PCLMULQDQ", "AVX2"};
  return host;
}

// One side's clock range: the side (origin, kind, CPU model, TSC rate in Hz, 0 for none)
// resolved on Host(), whose core clock (3.60 GHz) is trusted unless `host_clock_untrusted`; the
// range in Hz and the basis the report states.
struct ClockCase {
  const char* name;
  SideOrigin origin;
  const char* kind;
  const char* model;
  double tsc_hz;
  bool host_clock_untrusted;
  double hz_low;
  double hz_high;
  const char* basis;
};

class ResolveSideClockTest : public ::testing::TestWithParam<ClockCase> {};

TEST_P(ResolveSideClockTest, ClockRange) {
  const ClockCase& c = GetParam();
  HostFacts host = Host();
  if (c.host_clock_untrusted) {
    host.core_hz = 0;
  }
  Side side = SideWith(c.origin, c.kind, c.model, c.tsc_hz, "");
  ResolveSideFacts(side, host);
  EXPECT_DOUBLE_EQ(side.clock.hz_low, c.hz_low);
  EXPECT_DOUBLE_EQ(side.clock.hz_high, c.hz_high);
  EXPECT_EQ(side.clock.basis, c.basis);
}

INSTANTIATE_TEST_SUITE_P(
    Sides, ResolveSideClockTest,
    ::testing::Values(
        ClockCase{"Live", SideOrigin::kLive, "measured", "Host CPU", 2.6e9, false, 3.6e9 * 0.95,
                  3.6e9 * 1.05, "at its effective clock (3.60 GHz)"},
        ClockCase{"ResultsOfThisCpuModel", SideOrigin::kResults, "measured", "Host CPU", 2.6e9,
                  false, 3.6e9 * 0.95, 3.6e9 * 1.05,
                  "at this machine's effective clock (3.60 GHz, same CPU model)"},
        ClockCase{"ResultsOfAnotherCpuModel", SideOrigin::kResults, "measured", "Other CPU", 2.6e9,
                  false, 2.6e9 * 0.9, 2.6e9 * 2.1,
                  "at 0.9-2.1x its TSC rate (2.60 GHz; core clock not recorded)"},
        // A live side without a trusted core clock falls back to its TSC rate, and says why.
        ClockCase{"LiveWithoutATrustedCoreClock", SideOrigin::kLive, "measured", "Host CPU", 2.6e9,
                  true, 2.6e9 * 0.9, 2.6e9 * 2.1,
                  "at 0.9-2.1x its TSC rate (2.60 GHz; core clock not trusted)"},
        ClockCase{"Imported", SideOrigin::kImported, "imported", "", 0, false, 1e9, 5e9,
                  "over 1-5 GHz (clock unknown)"},
        // An imported run re-read from import's JSON is still imported: no TSC, no host clock.
        ClockCase{"ImportedReadFromJson", SideOrigin::kResults, "imported", "Host CPU", 0, false,
                  1e9, 5e9, "over 1-5 GHz (clock unknown)"}),
    [](const ::testing::TestParamInfo<ClockCase>& param_info) { return param_info.param.name; });

TEST(ResolveSideFactsTest, FeaturesFromTheCapabilityVectorElseThisMachineForLiveSides) {
  Side vector = SideWith(SideOrigin::kImported, "imported", "", 0,
                         "0xfdfa3203078bffff:0x4059c6f1bf07ab");  // AES-NI, VAES cleared
  ResolveSideFacts(vector, Host());
  ASSERT_TRUE(vector.cpu_features.has_value());
  EXPECT_EQ(vector.features_source, "capability vector");
  const auto has = [&](const std::string& name) {
    return std::find(vector.cpu_features->begin(), vector.cpu_features->end(), name) !=
           vector.cpu_features->end();
  };
  EXPECT_FALSE(has("AES-NI"));
  EXPECT_FALSE(has("VAES"));
  EXPECT_TRUE(has("PCLMULQDQ"));
  EXPECT_TRUE(has("AVX2"));

  Side no_asm = SideWith(SideOrigin::kLive, "measured", "Host CPU", 0, "N/A");
  ResolveSideFacts(no_asm, Host());
  ASSERT_TRUE(no_asm.cpu_features.has_value());
  EXPECT_EQ(no_asm.features_source, "this machine");
  EXPECT_EQ(no_asm.cpu_features->front(), "AES-NI");

  Side unknown = SideWith(SideOrigin::kImported, "imported", "", 0, "");
  ResolveSideFacts(unknown, Host());
  EXPECT_FALSE(unknown.cpu_features.has_value());
}

TEST(SameLibraryTest, DifferentNamedBackendsAreTwoLibraries) {
  Side a;
  Side b;
  EXPECT_TRUE(SameLibrary(a, b));  // unnamed (imported openssl speed): assumed one library
  a.run.library.backend = "openssl";
  EXPECT_TRUE(SameLibrary(a, b));
  b.run.library.backend = "openssl";
  EXPECT_TRUE(SameLibrary(a, b));
  b.run.library.backend = "gnutls";
  EXPECT_FALSE(SameLibrary(a, b));
}

TEST(TimingComparableTest, SameClockAndNoEngine) {
  Side a;
  Side b;
  EXPECT_TRUE(TimingComparable(a, b));
  b.run.source.timing_basis = "user_cpu";
  EXPECT_FALSE(TimingComparable(a, b));
  // An engine or provider under user CPU time (wall-clock: the next test).
  a.run.source.timing_basis = "user_cpu";
  b.run.source.engine_or_provider = "provider fips";
  EXPECT_FALSE(TimingComparable(a, b));
}

// Wall-clock time on both sides counts an engine's work: the engine is a code path
// (EngineDifference), not a timing difference. User CPU time hides it.
TEST(TimingComparableTest, AnEngineUnderWallClockOnBothSidesIsNoTimingDifference) {
  Side a;
  Side b;
  a.letter = "A";
  b.letter = "B";
  a.run.source.timing_basis = "wall_clock";
  b.run.source.timing_basis = "wall_clock";
  a.run.source.engine_or_provider = "engine devcrypto";
  EXPECT_TRUE(TimingComparable(a, b));
  EXPECT_FALSE(TimingKnownToDiffer(a, b));
  EXPECT_EQ(EngineDifference(a, b), "A ran through engine devcrypto and B did not");
  b.run.source.engine_or_provider = "engine devcrypto";
  EXPECT_EQ(EngineDifference(a, b), "both ran through engine devcrypto");
  b.run.source.engine_or_provider.clear();
  a.run.source.timing_basis = "user_cpu";
  b.run.source.timing_basis = "user_cpu";
  EXPECT_FALSE(TimingComparable(a, b));
  EXPECT_TRUE(TimingKnownToDiffer(a, b));
  EXPECT_EQ(EngineDifference(a, b), "");
  // One clock unknown: the engine's work may be hidden.
  a.run.source.timing_basis = "wall_clock";
  b.run.source.timing_basis = "unknown";
  EXPECT_FALSE(TimingComparable(a, b));
  EXPECT_TRUE(TimingKnownToDiffer(a, b));
}

TEST(SideLetterTest, LettersThenNumbers) {
  EXPECT_EQ(SideLetter(0), "A");
  EXPECT_EQ(SideLetter(25), "Z");
  EXPECT_EQ(SideLetter(26), "S27");
}

}  // namespace
}  // namespace cryptobench::compare
