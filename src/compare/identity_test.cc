// Same build, same CPU: compare must not read a code path from throughput that moved with the
// machine (issue 13, section 5). The fixtures rerun-a.json and rerun-b.json are two runs of one
// build whose AES cells differ by 1.4x, enough to put AES-128-GCM at 16 KiB in the stitched class
// on one side and "stitched or not stitched" on the other
// (tests/fixtures/compare/make_fixtures.py).
#include <algorithm>
#include <string_view>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "compare/attribution.h"
#include "compare/compare.h"
#include "compare/sides.h"
#include "compare/test_util.h"
#include "support/golden.h"

namespace cryptobench::compare {
namespace {

const std::string kDataDir = CRYPTOBENCH_TEST_DATA_DIR;

const std::vector<diagnose::CpbClass>& X86Classes() {
  static const std::vector<diagnose::CpbClass> classes =
      diagnose::ParseCpbClasses(diagnose::EmbeddedCpbClassesCsv("x86_64"));
  return classes;
}

// The fixtures' machine at a trusted 3 GHz core clock: cpb over 2.85-3.15 GHz, narrow enough
// that each side falls in one GCM class.
std::vector<Side> Rerun() {
  HostFacts host;
  host.arch = "x86_64";
  host.cpu_model = "Fixture CPU 3000";
  host.core_hz = 3e9;
  std::vector<Side> sides;
  for (const std::string name : {"rerun-a.json", "rerun-b.json"}) {
    const std::string text =
        cryptobench::testing::ReadTestFile(kDataDir + "/fixtures/compare/" + name);
    EXPECT_FALSE(text.empty()) << name;
    for (Side& side : LoadFileSides(text, name, name)) {
      ResolveSideFacts(side, host);
      sides.push_back(std::move(side));
    }
  }
  return sides;
}

CompareReport CompareSides(std::vector<Side> sides) {
  CompareOptions options;
  options.classes = &X86Classes();
  return Compare(std::move(sides), options);
}

std::vector<std::string> Causes(const PairComparison& pair) {
  std::vector<std::string> out;
  for (const Finding& finding : pair.findings) {
    if (!finding.cause.empty()) {
      out.push_back(finding.cause);
    }
  }
  return out;
}

const Finding* FindingWith(const PairComparison& pair, const std::string& id) {
  for (const Finding& finding : pair.findings) {
    if (finding.id == id) {
      return &finding;
    }
  }
  return nullptr;
}

bool Has(const std::vector<std::string>& items, const std::string& item) {
  return std::find(items.begin(), items.end(), item) != items.end();
}

std::string AllText(const PairComparison& pair) {
  std::string out;
  for (const Finding& finding : pair.findings) {
    out += finding.text + "\n";
  }
  return out;
}

TEST(SameBuildTest, FixturePairCrossesTheGcmClassBoundary) {
  // The premise of the tests below: throughput alone puts the two runs in different classes.
  const std::vector<Side> sides = Rerun();
  ASSERT_EQ(sides.size(), 2u);
  const CompareReport report = CompareSides(sides);
  const auto row = std::find_if(
      report.pairs[0].rows.begin(), report.pairs[0].rows.end(),
      [](const Row& r) { return r.algorithm == "AES-128-GCM" && r.input_len == 16384; });
  ASSERT_NE(row, report.pairs[0].rows.end());
  EXPECT_NEAR(row->ratio.ratio, 1.4, 0.03);
  EXPECT_EQ(row->verdict, Verdict::kSignificant);
  const diagnose::Fingerprint fa =
      diagnose::Classify(X86Classes(), "AES-128-GCM", "encrypt", row->a->value,
                         sides[0].clock.hz_low, sides[0].clock.hz_high);
  const diagnose::Fingerprint fb =
      diagnose::Classify(X86Classes(), "AES-128-GCM", "encrypt", row->b->value,
                         sides[1].clock.hz_low, sides[1].clock.hz_high);
  EXPECT_NE(fa.conclusion.find("not stitched"), std::string::npos) << fa.conclusion;
  EXPECT_EQ(fb.conclusion.find("not stitched"), std::string::npos) << fb.conclusion;
  EXPECT_NE(fb.conclusion.find("stitched"), std::string::npos) << fb.conclusion;
  EXPECT_NE(fa.conclusion, fb.conclusion);
}

TEST(SameBuildTest, TwoRunsOfOneBuildNameTheMachineNotACodePath) {
  const CompareReport report = CompareSides(Rerun());
  const PairComparison& pair = report.pairs[0];
  const std::vector<std::string> causes = Causes(pair);
  EXPECT_FALSE(Has(causes, "asm-missing-or-unused")) << AllText(pair);
  EXPECT_FALSE(Has(causes, "per-call-overhead")) << AllText(pair);
  // Only AES moved, SHA-2 and RSA did not: a clock or turbo change would move every family, so
  // the machine's speed is not shown either (new-user tryout 19, p36): cannot tell.
  EXPECT_FALSE(Has(causes, "machine-difference")) << AllText(pair);
  EXPECT_TRUE(Has(causes, "cannot-tell")) << AllText(pair);
  ASSERT_FALSE(pair.findings.empty());
  EXPECT_EQ(pair.findings[0].text,
            "AES-* 40% faster at every size, SHA-2 and RSA unchanged: the sides are the same "
            "build on the same CPU (see below), yet SHA-2 and RSA are unchanged; a change of the "
            "machine's clock or turbo would move every family, so cannot tell from this report "
            "what changed AES-* alone (load during those runs only, or a cause specific to it "
            "that the report does not show, such as a capability mask).");
  const Finding* same = FindingWith(pair, "same-build");
  ASSERT_NE(same, nullptr) << AllText(pair);
  // The evidence: which facts matched.
  for (const char* fact :
       {"version", "library file", "compiler flags", "capability vector", "CPU model"}) {
    EXPECT_NE(same->text.find(fact), std::string::npos) << fact << ": " << same->text;
  }
  EXPECT_NE(same->text.find("not the builds"), std::string::npos) << same->text;
  // No implementation class on either side, so no "stitched" against "not stitched".
  for (const Finding& finding : pair.findings) {
    if (finding.id == "cpb-class") {
      EXPECT_EQ(finding.text.find("stitched"), std::string::npos) << finding.text;
      EXPECT_NE(finding.text.find("no change of implementation class"), std::string::npos)
          << finding.text;
    }
  }
  EXPECT_NE(FindingWith(pair, "cpb-class"), nullptr) << AllText(pair);
}

TEST(SameBuildTest, PartlyKnownIdentityCannotTell) {
  std::vector<Side> sides = Rerun();
  sides[1].run.machine.cpu_model.clear();  // B's CPU not recorded
  HostFacts host;
  host.cpu_model = "Fixture CPU 3000";
  host.core_hz = 3e9;
  ResolveSideFacts(sides[1], host);
  const BuildIdentity identity = SameBuild(sides[0], sides[1]);
  EXPECT_EQ(identity.state, BuildIdentity::State::kPartlyKnown);
  EXPECT_EQ(identity.unknown, std::vector<std::string>{"CPU model"});
  EXPECT_EQ(identity.command, "lscpu");
  const CompareReport report = CompareSides(sides);
  const PairComparison& pair = report.pairs[0];
  const std::vector<std::string> causes = Causes(pair);
  EXPECT_FALSE(Has(causes, "asm-missing-or-unused")) << AllText(pair);
  EXPECT_FALSE(Has(causes, "machine-difference")) << AllText(pair);
  EXPECT_TRUE(Has(causes, "cannot-tell")) << AllText(pair);
  EXPECT_NE(pair.findings[0].text.find("cannot tell from this report whether this is a code path"),
            std::string::npos)
      << pair.findings[0].text;
  EXPECT_EQ(FindingWith(pair, "same-build"), nullptr);
}

TEST(SameBuildTest, ADifferenceInAnyRecordedFactIsNotTheSameBuild) {
  const std::vector<Side> base = Rerun();
  EXPECT_EQ(SameBuild(base[0], base[1]).state, BuildIdentity::State::kSame);
  const auto changed = [&](auto&& change) {
    std::vector<Side> sides = base;
    change(sides[1]);
    return SameBuild(sides[0], sides[1]).state;
  };
  using State = BuildIdentity::State;
  EXPECT_EQ(changed([](Side& s) { s.run.library.worker_env["OPENSSL_ia32cap"] = "~0x2"; }),
            State::kNotSame);
  EXPECT_EQ(changed([](Side& s) { s.run.library.built_on = "built on: Tue Dec  1"; }),
            State::kNotSame);
  EXPECT_EQ(changed([](Side& s) { s.run.library.capability_vector = "0x1:0x2"; }), State::kNotSame);
  EXPECT_EQ(changed([](Side& s) { s.run.machine.cpu_model = "Other CPU"; }), State::kNotSame);
  EXPECT_EQ(changed([](Side& s) { s.run.source.timing_basis = "user_cpu"; }), State::kNotSame);
  EXPECT_EQ(changed([](Side& s) { s.run.source.evp = "legacy"; }), State::kNotSame);
  EXPECT_EQ(changed([](Side& s) { s.run.method.threads = 2; }), State::kNotSame);
  EXPECT_EQ(changed([](Side& s) { s.run.library.version = "OpenSSL 3.0.20 1 Jan 2027"; }),
            State::kNotSame);
  // The same build lines without the same file still make one build.
  EXPECT_EQ(changed([](Side& s) { s.run.library.loaded_path.clear(); }), State::kSame);
  // A version alone is not a build: patched and development builds share it.
  std::vector<Side> bare = base;
  for (Side& side : bare) {
    const std::string version = side.run.library.version;
    side.run.library = results::LibraryInfo{};
    side.run.library.version = version;
    side.run.machine.cpu_model.clear();
  }
  EXPECT_EQ(SameBuild(bare[0], bare[1]).state, State::kNotSame);
  // The masked fixture pair keeps its code-path cause.
  const std::string base_text =
      cryptobench::testing::ReadTestFile(kDataDir + "/fixtures/compare/base.json");
  const std::string noaes_text =
      cryptobench::testing::ReadTestFile(kDataDir + "/fixtures/compare/noaes.json");
  std::vector<Side> masked = LoadFileSides(base_text, "base.json", "base.json");
  for (Side& side : LoadFileSides(noaes_text, "noaes.json", "noaes.json")) {
    masked.push_back(std::move(side));
  }
  const CompareReport report = CompareSides(masked);
  EXPECT_TRUE(Has(Causes(report.pairs[0]), "asm-missing-or-unused"));
}

// A paste collapses runs of spaces ("Feb  5" to "Feb 5", tryout 30 D13): the same build date.
TEST(SameBuildTest, BuildDatesDifferingOnlyInSpacesAreOneDate) {
  std::vector<Side> sides = Rerun();
  sides[0].run.library.built_on = "built on: Wed Feb  5 13:19:41 2025 UTC";
  sides[1].run.library.built_on = "built on: Wed Feb 5 13:19:41 2025 UTC";
  EXPECT_EQ(SameBuild(sides[0], sides[1]).state, BuildIdentity::State::kSame);
  sides[1].run.library.options += " ";
  const CompareReport report = CompareSides(sides);
  EXPECT_EQ(AllText(report.pairs[0]).find("differ ("), std::string::npos)
      << AllText(report.pairs[0]);
}

TEST(SameBuildTest, SmallSizeChangeOfOneBuildIsNotPerCallOverhead) {
  std::vector<Row> rows;
  for (const auto& [size, ratio] :
       std::vector<std::pair<uint64_t, double>>{{16, 0.6}, {256, 0.8}, {16384, 1.0}}) {
    rows.push_back(testing::MakeRow("AES-128-CBC", "encrypt", size, ratio));
  }
  BuildIdentity same;
  same.state = BuildIdentity::State::kSame;
  same.matched = {"version", "library file", "CPU model"};
  const std::vector<Finding> findings =
      PatternFindings(rows, "A", "B", 0.05, true, true, false, same);
  ASSERT_FALSE(findings.empty());
  EXPECT_EQ(findings[0].id, "per-call-overhead");
  EXPECT_EQ(findings[0].cause, "machine-difference");
  EXPECT_NE(findings[0].text.find("not per-call overhead"), std::string::npos) << findings[0].text;
  // Without the identity the same rows read as per-call overhead, as before.
  EXPECT_EQ(PatternFindings(rows, "A", "B", 0.05)[0].cause, "per-call-overhead");
}

// Two made-up SHA-256 values (64 lower-case hex digits), not digests of any real file.
const std::string kHashA = std::string(60, 'a') + "0001";
const std::string kHashB = std::string(60, 'a') + "0002";

TEST(SameBuildTest, LibraryFileHashesDecideWhenBothSidesRecordThem) {
  using State = BuildIdentity::State;
  const std::vector<Side> base = Rerun();
  ASSERT_EQ(SameBuild(base[0], base[1]).state, State::kSame);  // every other fact alike

  // Different bytes behind the same path and build lines: a rebuild in place, two builds.
  std::vector<Side> rebuilt = base;
  rebuilt[0].run.library.file_sha256 = kHashA;
  rebuilt[1].run.library.file_sha256 = kHashB;
  EXPECT_EQ(SameBuild(rebuilt[0], rebuilt[1]).state, State::kNotSame);
  const CompareReport rebuilt_report = CompareSides(rebuilt);
  const PairComparison& rebuilt_pair = rebuilt_report.pairs[0];
  EXPECT_EQ(FindingWith(rebuilt_pair, "same-build"), nullptr) << AllText(rebuilt_pair);
  EXPECT_FALSE(Has(Causes(rebuilt_pair), "machine-difference")) << AllText(rebuilt_pair);
  const Finding* library = FindingWith(rebuilt_pair, "library");
  ASSERT_NE(library, nullptr) << AllText(rebuilt_pair);
  EXPECT_NE(library->text.find("different builds: file contents differ (A: SHA-256 " + kHashA +
                               "; B: SHA-256 " + kHashB + ")"),
            std::string::npos)
      << library->text;

  // The same bytes at two paths and without build lines: one build.
  std::vector<Side> copied = base;
  for (Side& side : copied) {
    side.run.library.file_sha256 = kHashA;
    side.run.library.cflags.clear();
    side.run.library.built_on.clear();
    side.run.library.platform.clear();
  }
  copied[1].run.library.loaded_path = "/elsewhere/libcrypto.so.3";
  ASSERT_NE(copied[0].run.library.loaded_path, copied[1].run.library.loaded_path);
  const BuildIdentity same = SameBuild(copied[0], copied[1]);
  EXPECT_EQ(same.state, State::kSame);
  EXPECT_TRUE(Has(same.matched, "library file (SHA-256 aaaaaaaaaaaa)"));
  const CompareReport copied_report = CompareSides(copied);
  const PairComparison& copied_pair = copied_report.pairs[0];
  const Finding* said = FindingWith(copied_pair, "same-build");
  ASSERT_NE(said, nullptr) << AllText(copied_pair);
  EXPECT_NE(said->text.find("the same version, library file (SHA-256 aaaaaaaaaaaa)"),
            std::string::npos)
      << said->text;
  EXPECT_EQ(said->text.find("records no SHA-256"), std::string::npos) << said->text;
  // Without hashes the same pair is no build known alike: two paths, no build lines.
  std::vector<Side> unhashed = copied;
  for (Side& side : unhashed) {
    side.run.library.file_sha256.clear();
  }
  EXPECT_NE(SameBuild(unhashed[0], unhashed[1]).state, State::kSame);

  // A hash on one side only: today's facts decide, and the caveat stays.
  std::vector<Side> one = base;
  one[0].run.library.file_sha256 = kHashA;
  EXPECT_EQ(SameBuild(one[0], one[1]).state, State::kSame);
  const CompareReport one_report = CompareSides(one);
  const PairComparison& one_pair = one_report.pairs[0];
  const Finding* caveat = FindingWith(one_pair, "same-build");
  ASSERT_NE(caveat, nullptr) << AllText(one_pair);
  EXPECT_NE(caveat->text.find("records no SHA-256"), std::string::npos) << caveat->text;
}

TEST(SameBuildTest, TheSameBuildSentenceReplacesTheSameLibraryLine) {
  const CompareReport report = CompareSides(Rerun());
  const PairComparison& pair = report.pairs[0];
  ASSERT_NE(FindingWith(pair, "same-build"), nullptr) << AllText(pair);
  EXPECT_EQ(FindingWith(pair, "library"), nullptr) << AllText(pair);
  EXPECT_EQ(AllText(pair).find("Same library on both sides"), std::string::npos) << AllText(pair);
}

using ::testing::HasSubstr;
using ::testing::Not;

// New-user tryout 19 (p33): one build, two `openssl speed` tables of 3.0.13 in one paste, each
// with its speed header (version, built on, options, compiler, CPUINFO) and no platform line,
// which speed does not print; no CPU model. Before: "build and CPU model are not recorded on
// both ... (run openssl version -a on each side)", though only the CPU model was missing.
std::string SpeedHeader30() {
  return "version: 3.0.13\n"
         "built on: Mon Apr  8 10:12:44 2024 UTC\n"
         "options: bn(64,64)\n"
         "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O2 -DOPENSSL_USE_NODELETE "
         "-DL_ENDIAN -DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n"
         "CPUINFO: OPENSSL_ia32cap=0x7ffaf3ffffebffff:0x29c67af\n"
         "The 'numbers' are in 1000s of bytes per second processed.\n"
         "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
         "bytes\n";
}

TEST(SameBuildTest, SpeedHeadersWithoutAPlatformLineRecordTheBuild) {
  const std::string before =
      SpeedHeader30() +
      "AES-128-GCM     580340.12k  1598304.50k  3588102.40k  5248102.83k  6080225.28k  "
      "6125381.63k\n";
  const std::string after =
      SpeedHeader30() +
      "AES-128-GCM     480340.12k  1398304.50k  3388102.40k  5148102.83k  6050225.28k  "
      "6115381.63k\n";
  const Side a = testing::PasteSide("A", before);
  const Side b = testing::PasteSide("B", after);
  const BuildIdentity identity = SameBuild(a, b);
  EXPECT_EQ(identity.state, BuildIdentity::State::kPartlyKnown);
  EXPECT_EQ(identity.unknown, std::vector<std::string>{"CPU model"});
  EXPECT_EQ(identity.command, "lscpu");
  const CompareReport report = Compare({a, b}, {});
  const std::string text = testing::AllText(report);
  EXPECT_THAT(text, HasSubstr("but CPU model is not recorded on both"));
  EXPECT_THAT(text, HasSubstr("(run lscpu on each side)"));
  EXPECT_THAT(text, Not(HasSubstr("openssl version -a")));

  // A platform line on each side that differs is two builds.
  Side c = a;
  Side d = b;
  c.run.library.platform = "linux-x86_64";
  d.run.library.platform = "debian-amd64";
  EXPECT_EQ(SameBuild(c, d).state, BuildIdentity::State::kNotSame);
}

// Tryout 22 #10 (p/q39a, p/q39b): one laptop's 3.0.13 on AC, then on battery with `cat` of
// scaling_governor (powersave) and scaling_cur_freq (1397000 kHz); every figure 2.3x slower, the
// same build and capability vector, no CPU model. Before: "CPU model is not recorded on both, so
// cannot tell ... (run lscpu on each side)".
std::string LaptopRun(const std::string& before, double scale, double sha_scale = 0) {
  std::string row = "AES-128-GCM    ";
  const double gcm[] = {540000.00, 1410000.00, 3420000.00, 5809999.87, 6739998.04, 6849997.48};
  for (const double figure : gcm) {
    row += fmt::format(" {:.2f}k", figure * scale);
  }
  std::string sha = "sha256         ";
  const double sha256[] = {150000.00, 380000.00, 900000.00, 1499999.91, 1899997.87, 1949996.37};
  for (const double figure : sha256) {
    sha += fmt::format(" {:.2f}k", figure * (sha_scale > 0 ? sha_scale : scale));
  }
  return before + "$ openssl speed -evp aes-128-gcm sha256\n" + SpeedHeader30() + sha + "\n" + row +
         "\n";
}

TEST(SameBuildTest, PastedPowersaveClockExplainsAUniformSlowdownOfOneBuild) {
  const std::string battery =
      "$ cat /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor\n"
      "powersave\n"
      "$ cat /sys/devices/system/cpu/cpu0/cpufreq/scaling_cur_freq\n"
      "1397000\n";
  const Side a = testing::PasteSide("A", LaptopRun("", 1.0));
  const Side b = testing::PasteSide("B", LaptopRun(battery, 0.43));
  const CompareReport report = Compare({a, b}, {});
  const Finding* pattern = testing::FindingOf(report, "pattern");
  ASSERT_NE(pattern, nullptr) << testing::AllText(report);
  EXPECT_EQ(pattern->cause, "machine-difference") << pattern->text;
  EXPECT_THAT(pattern->text, HasSubstr("capability vector), and B's paste shows a lower clock: "
                                       "the powersave cpufreq governor (line 2) and 1.40 GHz when "
                                       "read (scaling_cur_freq 1397000 kHz, line 4) (A's paste "
                                       "shows no cpufreq lines)"));
  EXPECT_THAT(pattern->text, HasSubstr("so the uniform slowdown is the machine's speed (its "
                                       "clock), not the code path"));
  const std::string text = testing::AllText(report);
  EXPECT_THAT(text, Not(HasSubstr("run lscpu on each side"))) << text;
  // The cost fit reads the settled clock, and does not reopen "code path or machine".
  const Finding* cost_fit = testing::FindingOf(report, "cost-fit");
  ASSERT_NE(cost_fit, nullptr) << text;
  EXPECT_THAT(cost_fit->text, HasSubstr("the whole operation at every size (the slower side's "
                                        "lower clock, see above)"));
  EXPECT_THAT(text, Not(HasSubstr("its code path, or the machine"))) << text;

  // The faster side's paste shows the same governor at a higher clock: still a lower clock.
  const std::string ac =
      "$ grep . /sys/devices/system/cpu/cpu0/cpufreq/*\n"
      "/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor:powersave\n"
      "/sys/devices/system/cpu/cpu0/cpufreq/scaling_cur_freq:3200000\n";
  const CompareReport both = Compare({testing::PasteSide("A", LaptopRun(ac, 1.0)), b}, {});
  EXPECT_THAT(testing::FindingOf(both, "pattern")->text,
              HasSubstr("(A: the powersave cpufreq governor (line 2) and 3.20 GHz when read "
                        "(scaling_cur_freq 3200000 kHz, line 3))"));

  // The slower side shows the performance governor and no clock: nothing explains it.
  const std::string performance =
      "$ cat /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor\nperformance\n";
  const CompareReport unexplained =
      Compare({a, testing::PasteSide("B", LaptopRun(performance, 0.43))}, {});
  EXPECT_THAT(testing::AllText(unexplained), HasSubstr("(run lscpu on each side)"));
  EXPECT_THAT(testing::AllText(unexplained), HasSubstr("(its code path, or the machine)"));
  EXPECT_FALSE(testing::AnyCause(unexplained, "machine-difference"));
  // The powersave lines on the faster side: they do not explain the other side's slowdown.
  const CompareReport reversed = Compare({testing::PasteSide("A", LaptopRun(battery, 1.0)),
                                          testing::PasteSide("B", LaptopRun("", 0.43))},
                                         {});
  EXPECT_FALSE(testing::AnyCause(reversed, "machine-difference"));
  // One family slower and the other unchanged: a clock moves both, so nothing is read.
  const std::string mixed = LaptopRun(battery, 0.43, 1.0);
  const CompareReport one_family = Compare({a, testing::PasteSide("B", mixed)}, {});
  EXPECT_FALSE(testing::AnyCause(one_family, "machine-difference")) << testing::AllText(one_family);
}

// New-user tryout 19 (p01 vs p36): the same 1.1.1w build on the same CPU model, AES-CBC 3.9x
// slower while SHA-256 is unchanged. Before: "this is the machine's speed between the runs (its
// clock, turbo or other load)", though a clock or turbo change moves every family.
std::string Same111(std::string_view aes_row) {
  return "OpenSSL 1.1.1w  11 Sep 2023\n"
         "built on: Tue Oct  3 09:12:44 2023 UTC\n"
         "platform: linux-x86_64\n"
         "options:  bn(64,64) rc4(16x,int) des(int) idea(int) blowfish(ptr)\n"
         "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 -DOPENSSL_USE_NODELETE "
         "-DL_ENDIAN -DOPENSSL_PIC -DOPENSSL_CPUID_OBJ -DOPENSSL_IA32_SSE2 -DSHA256_ASM "
         "-DAESNI_ASM -DVPAES_ASM -DGHASH_ASM -DNDEBUG\n"
         "$ lscpu | grep 'Model name'\n"
         "Model name:                      Intel(R) Core(TM) i7-8700 CPU @ 3.20GHz\n"
         "$ openssl speed -evp aes-128-cbc sha256\n"
         "The 'numbers' are in 1000s of bytes per second processed.\n"
         "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
         "bytes\n"
         "sha256          146780.50k   330176.45k   575802.71k   710325.93k   764398.25k   "
         "769103.87k\n" +
         std::string(aes_row);
}

TEST(SameBuildTest, OneFamilyChangedAndAnotherNotIsNotTheMachinesClock) {
  const Side a = testing::PasteSide(
      "A", Same111("aes-128-cbc     393056.79k   420695.96k   426567.77k   428068.52k   "
                   "428741.97k   428851.88k\n"));
  const Side b = testing::PasteSide(
      "B", Same111("aes-128-cbc      98231.55k   107338.24k   110083.16k   110761.30k   "
                   "110979.07k   110995.46k\n"));
  ASSERT_EQ(SameBuild(a, b).state, BuildIdentity::State::kSame);
  const CompareReport report = Compare({a, b}, {});
  const PairComparison& pair = report.pairs.at(0);
  EXPECT_FALSE(Has(Causes(pair), "machine-difference")) << testing::AllText(report);
  const Finding* pattern = FindingWith(pair, "pattern");
  ASSERT_NE(pattern, nullptr);
  EXPECT_EQ(pattern->cause, "cannot-tell");
  EXPECT_THAT(pattern->text, HasSubstr("yet SHA-2 is unchanged; a change of the machine's clock or "
                                       "turbo would move every family, so cannot tell"));
  EXPECT_THAT(pattern->text, Not(HasSubstr("so this is the machine's speed")));
  const Finding* same = FindingWith(pair, "same-build");
  ASSERT_NE(same, nullptr);
  EXPECT_EQ(same->cause, "cannot-tell");
  EXPECT_THAT(same->text, HasSubstr("while SHA-2 did not"));
  EXPECT_THAT(same->text, Not(HasSubstr("are the machine's speed")));
}

}  // namespace
}  // namespace cryptobench::compare
