// Context and class findings on constructed sides: timing bases, library versions and builds,
// capability vectors, environments, and cpb classes over each side's clock range.
#include <algorithm>

#include <gtest/gtest.h>

#include "results/emulated.h"

#include "compare/attribution.h"
#include "compare/format.h"
#include "compare/test_util.h"

namespace cryptobench::compare {
namespace {

using testing::MakeRow;
using testing::MakeSide;

const Finding* FindId(const std::vector<Finding>& findings, const std::string& id) {
  const auto it =
      std::find_if(findings.begin(), findings.end(), [&](const Finding& f) { return f.id == id; });
  return it == findings.end() ? nullptr : &*it;
}

Side Library(const std::string& letter, const std::string& version, const std::string& cflags,
             const std::string& path) {
  Side side = MakeSide(letter, {});
  side.run.library.version = version;
  side.run.library.cflags = cflags.empty() ? "" : "compiler: " + cflags;
  side.run.library.loaded_path = path;
  return side;
}

TEST(ContextFindingsTest, UserCpuTimeWithAnEngineOverstates) {
  Side a = MakeSide("A", {});
  Side b = MakeSide("B", {});
  b.run.source.kind = "imported";
  b.run.source.timing_basis = "user_cpu";
  b.run.source.engine_or_provider = "engine qatengine";
  const std::vector<Finding> findings = ContextFindings(a, b);
  const Finding* offload = FindId(findings, "timing-offload");
  ASSERT_NE(offload, nullptr);
  EXPECT_EQ(offload->text,
            "B was timed in user CPU time with engine qatengine: its figures overstate; re-run "
            "with wall-clock time (openssl speed -elapsed).");
  const Finding* basis = FindId(findings, "timing-basis");
  ASSERT_NE(basis, nullptr);
  EXPECT_EQ(basis->text.rfind("A was timed in wall-clock time and B in user CPU time: the ratios "
                              "compare two different clocks.",
                              0),
            0u)
      << basis->text;
}

TEST(ContextFindingsTest, SameBasisWithoutEngineSaysNothingAboutTiming) {
  Side a = MakeSide("A", {});
  Side b = MakeSide("B", {});
  a.run.source.timing_basis = b.run.source.timing_basis = "user_cpu";
  const std::vector<Finding> findings = ContextFindings(a, b);
  EXPECT_EQ(FindId(findings, "timing-offload"), nullptr);
  EXPECT_EQ(FindId(findings, "timing-basis"), nullptr);
}

// The one "library" finding's text, or "" if there is none.
std::string LibraryText(const Side& a, const Side& b, const std::vector<Row>& rows = {}) {
  const std::vector<Finding> findings = ContextFindings(a, b, rows);
  const Finding* library = FindId(findings, "library");
  return library == nullptr ? "" : library->text;
}

TEST(ContextFindingsTest, AnEmulatedSideIsNamed) {
  Side a = MakeSide("A", {});
  Side b = MakeSide("B", {});
  EXPECT_EQ(FindId(ContextFindings(a, b), "emulated"), nullptr);
  b.run.source.caveats.push_back(results::EmulatedCaveat(
      "this aarch64 binary runs on an x86_64 CPU (/proc/cpuinfo): user-mode emulation "
      "(qemu-user)"));
  ASSERT_EQ(results::EmulationReason(b.run),
            "this aarch64 binary runs on an x86_64 CPU (/proc/cpuinfo): user-mode emulation "
            "(qemu-user)");
  const std::vector<Finding> findings = ContextFindings(a, b);
  const Finding* emulated = FindId(findings, "emulated");
  ASSERT_NE(emulated, nullptr);
  EXPECT_EQ(emulated->text.rfind("B was measured under emulation (this aarch64 binary", 0), 0u)
      << emulated->text;
  // Another tool's caveats are its own words, never a cryptobench measurement's.
  b.run.source.kind = "imported";
  b.run.source.tool = "openssl speed";
  EXPECT_EQ(FindId(ContextFindings(a, b), "emulated"), nullptr);
}

TEST(ContextFindingsTest, LibrariesOtherThanOpensslAreNamedWithTheirBackend) {
  // speed --backend openssl,sodium: libsodium's version string is a bare "1.0.18".
  Side openssl = Library("A", "OpenSSL 3.0.19 27 Jan 2026", "gcc -O2", "/a/libcrypto.so.3");
  openssl.run.library.backend = "openssl";
  Side sodium = Library("B", "1.0.18", "", "/a/libsodium.so.23");
  sodium.run.library.backend = "sodium";
  EXPECT_EQ(LibraryText(openssl, sodium),
            "Different libraries: A is OpenSSL 3.0.19, B is sodium 1.0.18.");
  Side newer = Library("A", "1.0.19", "", "");
  newer.run.library.backend = "sodium";
  EXPECT_EQ(LibraryText(newer, sodium),
            "Different library versions: A is sodium 1.0.19, B is sodium 1.0.18.");
}

TEST(ContextFindingsTest, LibraryVersionNames) {
  results::LibraryInfo library;
  library.backend = "gcrypt";
  library.version = "1.10.1";
  EXPECT_EQ(LibraryVersionName(library), "gcrypt 1.10.1");
  library.backend = "botan";
  library.version = "Botan 2.19.3 (release, dated 20221109, distribution Debian)";
  EXPECT_EQ(LibraryVersionName(library), library.version);  // names itself already
  EXPECT_EQ(ShortLibraryVersionName(library), "Botan 2.19.3");
  library.backend = "openssl";
  library.version = "OpenSSL 3.0.19 27 Jan 2026";
  EXPECT_EQ(ShortLibraryVersionName(library), "OpenSSL 3.0.19");
  library.version = "";
  EXPECT_EQ(LibraryVersionName(library), "");
}

TEST(LibraryProductTest, OpensslApiForksNameThemselves) {
  results::LibraryInfo library;
  library.backend = "openssl";
  library.version = "OpenSSL 3.0.19 27 Jan 2026";
  EXPECT_EQ(LibraryProduct(library), "openssl");
  library.version = "LibreSSL 3.8.2";
  EXPECT_EQ(LibraryProduct(library), "libressl");
  library.version = "";
  EXPECT_EQ(LibraryProduct(library), "openssl");
  library.backend = "sodium";
  library.version = "1.0.18";
  EXPECT_EQ(LibraryProduct(library), "sodium");
  library.backend = "boringssl";
  library.version = "";
  EXPECT_EQ(LibraryProduct(library), "boringssl");
}

TEST(ContextFindingsTest, DifferentProductsAreDifferentLibraries) {
  EXPECT_EQ(LibraryText(Library("A", "OpenSSL 3.0.19 27 Jan 2026", "", ""),
                        Library("B", "LibreSSL 3.8.2", "", "")),
            "Different libraries: A is OpenSSL 3.0.19, B is LibreSSL 3.8.2.");
  Side bssl = Library("B", "", "", "");
  bssl.run.library.backend = "boringssl";
  EXPECT_EQ(LibraryText(Library("A", "OpenSSL 3.0.13", "", ""), bssl),
            "Different libraries: A is OpenSSL 3.0.13, B is boringssl (version unknown).");
}

results::AlgorithmResult NamedAlgorithm(const std::string& name) {
  results::AlgorithmResult alg;
  alg.algorithm = name;
  return alg;
}

TEST(ContextFindingsTest, LibraryVersionsAndBuilds) {
  Side v30 = Library("A", "OpenSSL 3.0.19 27 Jan 2026", "gcc -O2 -DNDEBUG", "/a/lib.so");
  Side v32 = Library("B", "OpenSSL 3.2.1 30 Jan 2024", "gcc -O2 -DNDEBUG", "/a/lib.so");
  // Nothing measured on both sides: no change bears on it.
  EXPECT_EQ(LibraryText(v30, v32),
            "Different library versions: A is OpenSSL 3.0.19, B is OpenSSL 3.2.1.");
  v30.run.algorithms = v32.run.algorithms = {NamedAlgorithm("SHA-256")};
  // 3.1's gains are cited where B, the later release, is faster.
  const std::vector<Row> faster = {MakeRow("SHA-256", "hash", 16384, 1.3)};
  EXPECT_EQ(LibraryText(v30, v32, faster)
                .rfind("Different library versions: A is OpenSSL 3.0.19, B is OpenSSL 3.2.1; known "
                       "changes between them: EVP 3.1..: performance enhancements",
                       0),
            0u)
      << LibraryText(v30, v32, faster);
  const Side debug =
      Library("B", "OpenSSL 3.0.19 27 Jan 2026", "gcc -O0 -DNDEBUG -DOPENSSL_NO_ASM", "/b/lib.so");
  EXPECT_EQ(LibraryText(v30, debug),
            "Same version (OpenSSL 3.0.19), different builds: compiler flags differ (B adds -O0 "
            "-DOPENSSL_NO_ASM; drops -O2); files differ (A: /a/lib.so; B: /b/lib.so).");
  EXPECT_EQ(
      LibraryText(v30, Library("B", v30.run.library.version, "gcc -O2 -DNDEBUG", "/a/lib.so")),
      "Same library on both sides (OpenSSL 3.0.19, /a/lib.so).");
  EXPECT_EQ(LibraryText(v30, Library("B", "", "", "")),
            "B's library version is unknown; A is OpenSSL 3.0.19.");
  EXPECT_EQ(LibraryText(Library("A", "", "", ""), Library("B", "", "", "")), "");
  EXPECT_EQ(LibraryText(Library("A", "OpenSSL 3.0.13", "gcc -O3", ""),
                        Library("B", "OpenSSL 3.0.13", "gcc -O3", "")),
            "Same version (OpenSSL 3.0.13) with the same compiler flags on both sides.");
  EXPECT_EQ(
      LibraryText(Library("A", "OpenSSL 3.0.13", "", ""), Library("B", "OpenSSL 3.0.13", "", "")),
      "Same version (OpenSSL 3.0.13) on both sides; whether the builds differ is not "
      "recorded.");
}

TEST(ContextFindingsTest, CapabilityVectorsAndEnvironment) {
  Side a = MakeSide("A", {});
  Side b = MakeSide("B", {});
  a.run.library.capability_vector = "0xfffa3203078bffff:0x405fc6f1bf07ab";
  b.run.library.capability_vector = "0xfdfa3203078bffff:0x4059c6f1bf07ab";
  b.run.library.worker_env["OPENSSL_ia32cap"] = "~0x200000000000000:~0x60000000000:~0:~0:~0";
  const std::vector<Finding> findings = ContextFindings(a, b);
  const Finding* caps = FindId(findings, "capabilities");
  ASSERT_NE(caps, nullptr);
  EXPECT_EQ(caps->text,
            "B's capability vector lacks AES-NI, VAES and VPCLMULQDQ, which A's has (an "
            "OPENSSL_ia32cap mask; see the environments).");
  const Finding* env = FindId(findings, "environment");
  ASSERT_NE(env, nullptr);
  EXPECT_EQ(env->text,
            "Worker environments differ: B ran with "
            "OPENSSL_ia32cap=~0x200000000000000:~0x60000000000:~0:~0:~0.");
}

TEST(ContextFindingsTest, NoAsmBuildLegacyRowsAndMulti) {
  Side a = MakeSide("A", {NamedAlgorithm("AES-128-CBC")});
  Side b = MakeSide("B", {NamedAlgorithm("AES-128-CBC")});
  b.run.library.capability_vector = "N/A";
  b.run.machine.arch = "x86_64";  // N/A proves no assembly only on x86 and ARM
  b.run.source.evp = "legacy";
  b.run.source.multi = 4;
  const std::vector<Finding> findings = ContextFindings(a, b);
  const Finding* caps = FindId(findings, "capabilities");
  ASSERT_NE(caps, nullptr);
  EXPECT_NE(caps->text.find("B's library was built without assembly"), std::string::npos);
  const Finding* evp = FindId(findings, "evp");
  ASSERT_NE(evp, nullptr);
  EXPECT_NE(evp->text.find("B's figures come from openssl speed 1.x's low-level API rows"),
            std::string::npos);
  const Finding* multi = FindId(findings, "multi");
  ASSERT_NE(multi, nullptr);
  EXPECT_EQ(multi->text,
            "The sides ran different numbers of processes: A's are one process's, B's add up 4 "
            "processes (openssl speed -multi 4).");
}

// Two OpenSSL versions: the known changes between them that bear on what both sides measured
// are cited with their sources (data/library-changes.csv); others are not.
TEST(ContextFindingsTest, DifferentVersionsCiteKnownChangesWithSources) {
  Side a = Library("A", "OpenSSL 3.4.1 11 Feb 2025", "", "");
  Side b = Library("B", "OpenSSL 3.5.0 8 Apr 2025", "", "");
  a.run.machine.arch = b.run.machine.arch = "x86_64";
  a.run.algorithms = b.run.algorithms = {NamedAlgorithm("AES-256-XTS")};
  // 3.5 added a faster XTS path: it explains B faster, so the rows show B faster.
  const std::vector<Row> faster = {MakeRow("AES-256-XTS", "encrypt", 16384, 1.8)};
  const std::string text = LibraryText(a, b, faster);
  EXPECT_NE(text.find("AES 3.5..: VAES/AVX-512 AES-XTS"), std::string::npos) << text;
  EXPECT_NE(text.find("https://github.com/openssl/openssl/blob/openssl-3.5/CHANGES.md"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("BN-RSA"), std::string::npos) << "RSA was not measured: " << text;
  EXPECT_EQ(text.find("AArch64"), std::string::npos) << "another architecture: " << text;
  // The same release line: nothing lies between.
  Side c = Library("C", "OpenSSL 3.5.4 30 Sep 2025", "", "");
  EXPECT_EQ(LibraryText(b, c).find("known changes"), std::string::npos) << LibraryText(b, c);
}

// A change lies between two versions only when exactly one of them is in its range, and a
// change of the speed tool that names HMAC or AEAD ciphers only when both sides measured one.
TEST(ContextFindingsTest, KnownChangesAreThoseBetweenTheVersionsForSharedCells) {
  Side a = Library("A", "OpenSSL 3.0.13 30 Jan 2024", "", "");
  Side b = Library("B", "OpenSSL 3.4.0 22 Oct 2024", "", "");
  a.run.machine.arch = b.run.machine.arch = "x86_64";
  a.run.source.tool = b.run.source.tool = "openssl speed";
  a.run.algorithms = b.run.algorithms = {NamedAlgorithm("AES-128-GCM"), NamedAlgorithm("SHA-256")};
  std::string text = LibraryText(a, b, {MakeRow("AES-128-GCM", "encrypt", 16384, 1.3)});
  EXPECT_NE(text.find("known changes between them"), std::string::npos) << text;
  EXPECT_EQ(text.find("EVP 3.0"), std::string::npos) << "both sides are 3.x: " << text;
  EXPECT_EQ(text.find("hmac"), std::string::npos) << "no hmac rows: " << text;
  EXPECT_EQ(text.find("AEAD"), std::string::npos)
      << "3.4.0 predates the AEAD timing change: " << text;
  // 3.4.1 has the AEAD timing change; 1.1.1 has no providers; HMAC measured on both sides.
  b.run.library.version = "OpenSSL 3.4.1 11 Feb 2025";
  EXPECT_NE(LibraryText(a, b).find("AEAD"), std::string::npos) << LibraryText(a, b);
  Side old = Library("C", "OpenSSL 1.1.1w 11 Sep 2023", "", "");
  old.run.machine.arch = "x86_64";
  old.run.algorithms = a.run.algorithms;
  // 3.0's per-call provider cost, shown: the 3.0 side slower at 16 bytes only.
  const std::vector<Row> small_only = {MakeRow("AES-128-GCM", "encrypt", 16, 0.7),
                                       MakeRow("AES-128-GCM", "encrypt", 16384, 0.99)};
  EXPECT_NE(LibraryText(old, a, small_only).find("EVP 3.0..: providers"), std::string::npos)
      << LibraryText(old, a, small_only);
  a.run.algorithms.push_back(NamedAlgorithm("HMAC-MD5"));
  b.run.algorithms.push_back(NamedAlgorithm("HMAC-MD5"));
  EXPECT_NE(LibraryText(a, b).find("hmac"), std::string::npos) << LibraryText(a, b);
  // Figures not timed by openssl speed: its changes do not bear on them.
  a.run.source.tool = "cryptobench";
  EXPECT_EQ(LibraryText(a, b).find("speed-tool"), std::string::npos) << LibraryText(a, b);
}

// Tryout 24 item 8: a known change of speed is cited only when the rows show it, in its
// direction and at the sizes it concerns. 3.0's provider dispatch costs per call: it explains
// the 3.0 side slower at small sizes, not a 1.1.1 build 60x slower at 16 KiB, nor a 3.0 side
// faster.
TEST(ContextFindingsTest, AKnownChangeIsCitedOnlyWhereTheRowsShowIt) {
  Side old = Library("A", "OpenSSL 1.1.1w 11 Sep 2023", "", "");
  Side three = Library("B", "OpenSSL 3.0.2 15 Mar 2022", "", "");
  old.run.machine.arch = three.run.machine.arch = "x86_64";
  old.run.source.tool = three.run.source.tool = "openssl speed";
  old.run.algorithms = three.run.algorithms = {NamedAlgorithm("AES-128-GCM")};
  const auto cites_providers = [&](const std::vector<Row>& rows) {
    return LibraryText(old, three, rows).find("EVP 3.0..: providers") != std::string::npos;
  };
  EXPECT_TRUE(cites_providers(
      {MakeRow("AES-128-GCM", "encrypt", 16, 0.7), MakeRow("AES-128-GCM", "encrypt", 16384, 1.0)}));
  // The 3.0 side (B) 60x faster at every size: the other direction.
  EXPECT_FALSE(cites_providers({MakeRow("AES-128-GCM", "encrypt", 16, 10.2),
                                MakeRow("AES-128-GCM", "encrypt", 16384, 65.7)}));
  // The 3.0 side slower at 16 KiB too: no per-call cost does that.
  EXPECT_FALSE(cites_providers(
      {MakeRow("AES-128-GCM", "encrypt", 16, 0.7), MakeRow("AES-128-GCM", "encrypt", 16384, 0.3)}));
  EXPECT_FALSE(cites_providers({MakeRow("AES-128-GCM", "encrypt", 16, 0.91),
                                MakeRow("AES-128-GCM", "encrypt", 16384, 0.91)}));
  // A change that fades with size (openssl/openssl#10415: 2.4x at 16 B, 12% at 16 KiB) is.
  EXPECT_TRUE(cites_providers({MakeRow("AES-128-GCM", "encrypt", 16, 0.416),
                               MakeRow("AES-128-GCM", "encrypt", 16384, 0.891)}));
  // Nothing changed, or no rows: nothing to explain.
  EXPECT_FALSE(cites_providers({MakeRow("AES-128-GCM", "encrypt", 16, 1.0)}));
  EXPECT_FALSE(cites_providers({}));
  // The sides the other way round: A is 3.0, so A slower at 16 bytes is B faster there.
  const std::string text = LibraryText(
      three, old,
      {MakeRow("AES-128-GCM", "encrypt", 16, 1.4), MakeRow("AES-128-GCM", "encrypt", 16384, 1.0)});
  EXPECT_NE(text.find("EVP 3.0..: providers"), std::string::npos) << text;
}

// The low-level API costs the hardware path only for AES and Camellia: other rows name no cause.
TEST(ContextFindingsTest, LegacyRowsWithoutAesNameNoApiCause) {
  Side a = MakeSide("A", {NamedAlgorithm("SHA-256")});
  Side b = MakeSide("B", {NamedAlgorithm("SHA-256")});
  b.run.source.evp = "legacy";
  EXPECT_EQ(FindId(ContextFindings(a, b), "evp"), nullptr);
  b.run.algorithms.push_back(NamedAlgorithm("AES-128-CBC"));
  EXPECT_EQ(FindId(ContextFindings(a, b), "evp"), nullptr) << "AES on one side only";
}

// A clock one side does not state is not a different clock (issue 13, section 5).
TEST(ContextFindingsTest, UnknownClockOnOneSideIsNotTimedDifferently) {
  Side a = MakeSide("A", {});
  Side b = MakeSide("B", {});
  a.run.source.timing_basis = "unknown";
  b.run.source.timing_basis = "user_cpu";
  EXPECT_EQ(FindId(ContextFindings(a, b), "timing-basis"), nullptr);
  EXPECT_FALSE(TimingKnownToDiffer(a, b));
  a.run.source.timing_basis = "wall_clock";
  EXPECT_NE(FindId(ContextFindings(a, b), "timing-basis"), nullptr);
  EXPECT_TRUE(TimingKnownToDiffer(a, b));
}

// Two classes 2-4 cpb (hardware) and 10-20 cpb (scalar) for AES-128-CBC encrypt.
std::vector<diagnose::CpbClass> TestClasses() {
  return {{"AES-128-CBC", "encrypt", "HW-CLASS", diagnose::ClassFamily::kHardware, 2, 4, "test"},
          {"AES-128-CBC", "encrypt", "SW-CLASS", diagnose::ClassFamily::kScalar, 10, 20, "test"}};
}

Side ClockedSide(const std::string& letter, double hz_low, double hz_high, std::string basis,
                 std::optional<std::vector<std::string>> features) {
  Side side = MakeSide(letter, {});
  side.clock = {hz_low, hz_high, std::move(basis)};
  side.cpu_features = std::move(features);
  side.features_source = side.cpu_features ? "capability vector" : "";
  return side;
}

TEST(ClassFindingsTest, NamesEachSidesClassOverItsClockRange) {
  // A: 1e9 bytes/s at 3 GHz = 3 cpb; B: 0.2x that = 15 cpb.
  Row row = MakeRow("AES-128-CBC", "encrypt", 16384, 0.2);
  row.a->value = 1e9;
  row.b->value = 2e8;
  const Side a = ClockedSide("A", 3e9, 3e9, "at its effective clock (3.00 GHz)",
                             std::vector<std::string>{"AES-NI", "AVX"});
  const Side b = ClockedSide("B", 3e9, 3e9, "at its effective clock (3.00 GHz)",
                             std::vector<std::string>{"AVX"});
  const std::vector<Finding> findings = ClassFindings({row}, a, b, TestClasses());
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].id, "cpb-class");
  EXPECT_EQ(findings[0].text,
            "At 16 KiB: A runs AES-128-CBC encrypt at 3.00 cpb at its effective clock (3.00 GHz): "
            "HW-CLASS; B at 15.0 cpb at its effective clock (3.00 GHz): SW-CLASS, and its "
            "capability vector lacks AES-NI.");
}

TEST(ClassFindingsTest, UnknownClockIsARangeAndUnknownFeaturesNameNoClass) {
  Row row = MakeRow("AES-128-CBC", "encrypt", 16384, 0.2);
  row.a->value = 1e9;
  row.b->value = 2e8;
  const Side a = ClockedSide("A", 3e9, 3e9, "at its effective clock (3.00 GHz)", std::nullopt);
  const Side b = ClockedSide("B", 1e9, 5e9, "over 1-5 GHz (clock unknown)",
                             std::vector<std::string>{"AES-NI"});
  const std::vector<Finding> findings = ClassFindings({row}, a, b, TestClasses());
  ASSERT_EQ(findings.size(), 1u);
  // 2e8 bytes/s over 1-5 GHz is 5-25 cpb: only the scalar class overlaps.
  EXPECT_EQ(findings[0].text,
            "At 16 KiB: A's CPU features are unknown, so no class is named for it; B runs "
            "AES-128-CBC encrypt at 5.00-25.0 cpb over 1-5 GHz (clock unknown): SW-CLASS, though "
            "its capability vector has AES-NI.");
}

TEST(ClassFindingsTest, AMultiSideGetsNoClass) {
  // B's figure sums 8 -multi processes: 5e9 bytes/s is no one core's cpb (apps/speed.c do_multi).
  Row row = MakeRow("AES-128-CBC", "encrypt", 16384, 5);
  row.a->value = 1e9;
  row.b->value = 5e9;
  const Side a = ClockedSide("A", 3e9, 3e9, "at its effective clock (3.00 GHz)",
                             std::vector<std::string>{"AES-NI"});
  Side b = ClockedSide("B", 3e9, 3e9, "at its effective clock (3.00 GHz)",
                       std::vector<std::string>{"AES-NI"});
  b.run.source.multi = 8;
  const std::vector<Finding> findings = ClassFindings({row}, a, b, TestClasses());
  ASSERT_EQ(findings.size(), 2u);
  EXPECT_EQ(findings[0].text,
            "No cpb class is named for B: its figures add up 8 processes (openssl speed -multi 8), "
            "so they are no one core's cycles per byte.");
  EXPECT_EQ(findings[1].text.find("B "), std::string::npos) << findings[1].text;
}

TEST(ClassFindingsTest, ASideThroughAnEngineGetsNoClassAndTheReasonOnce) {
  // B went through an engine and was timed in user CPU time: its cpb need not describe the CPU's
  // code (docs/compare.md section 5), though its capability vector is known.
  std::vector<diagnose::CpbClass> classes = TestClasses();
  classes.push_back(
      {"AES-128-CBC", "decrypt", "HW-DEC", diagnose::ClassFamily::kHardware, 0.5, 1, "test"});
  Row encrypt = MakeRow("AES-128-CBC", "encrypt", 16384, 5);
  encrypt.a->value = 1e9;
  encrypt.b->value = 5e9;
  Row decrypt = MakeRow("AES-128-CBC", "decrypt", 16384, 1.5);
  decrypt.a->value = 4e9;
  decrypt.b->value = 6e9;
  const Side a = ClockedSide("A", 3e9, 3e9, "at its effective clock (3.00 GHz)",
                             std::vector<std::string>{"AES-NI"});
  Side b = ClockedSide("B", 1e9, 5e9, "over 1-5 GHz (clock unknown)",
                       std::vector<std::string>{"AES-NI"});
  b.run.source.timing_basis = "user_cpu";
  b.run.source.engine_or_provider = "engine qatengine";
  const std::vector<Finding> findings = ClassFindings({encrypt, decrypt}, a, b, classes);
  ASSERT_EQ(findings.size(), 3u);
  EXPECT_EQ(findings[0].text,
            "No cpb class is named for B: it was timed in user CPU time with engine qatengine, "
            "so its figures need not describe the CPU's own code (work on a device or in the "
            "kernel is not counted).");
  EXPECT_EQ(findings[1].text,
            "At 16 KiB: A runs AES-128-CBC encrypt at 3.00 cpb at its effective clock (3.00 GHz): "
            "HW-CLASS.");
  EXPECT_EQ(findings[2].text,
            "At 16 KiB: A runs AES-128-CBC decrypt at 0.75 cpb at its effective clock (3.00 GHz): "
            "HW-DEC.");

  // Timed by wall clock, an engine's work may still run on a device.
  b.run.source.timing_basis = "wall_clock";
  const std::vector<Finding> wall = ClassFindings({encrypt}, a, b, classes);
  ASSERT_EQ(wall.size(), 2u);
  EXPECT_EQ(wall[0].text,
            "No cpb class is named for B: it went through engine qatengine, whose work may run on "
            "a device rather than in the CPU's own code.");

  // Nothing changed at a large size: no class sentence, so no reason either.
  EXPECT_TRUE(
      ClassFindings({MakeRow("AES-128-CBC", "encrypt", 16384, 1.0)}, a, b, classes).empty());
}

TEST(ClassFindingsTest, NothingWithoutAChangeAtLargeSizesOrWithoutFeatures) {
  const Side a = ClockedSide("A", 3e9, 3e9, "x", std::vector<std::string>{"AES-NI"});
  const Side b = ClockedSide("B", 3e9, 3e9, "x", std::vector<std::string>{"AES-NI"});
  // Changed only at 16 B: the large-size code path is the same.
  const std::vector<Row> small_only = {MakeRow("AES-128-CBC", "encrypt", 16, 0.5),
                                       MakeRow("AES-128-CBC", "encrypt", 16384, 1.0)};
  EXPECT_TRUE(ClassFindings(small_only, a, b, TestClasses()).empty());
  const Side unknown_a = ClockedSide("A", 3e9, 3e9, "x", std::nullopt);
  const Side unknown_b = ClockedSide("B", 3e9, 3e9, "x", std::nullopt);
  EXPECT_TRUE(ClassFindings({MakeRow("AES-128-CBC", "encrypt", 16384, 0.2)}, unknown_a, unknown_b,
                            TestClasses())
                  .empty());
  // No class table for the algorithm.
  EXPECT_TRUE(
      ClassFindings({MakeRow("ChaCha20", "encrypt", 16384, 0.2)}, a, b, TestClasses()).empty());
}

}  // namespace
}  // namespace cryptobench::compare
