// Tests of the one mechanism that says which cpb class (code path) a library release has: each
// class row (data/cpb-classes*.csv, column releases) and each dated PathSpec names the
// data/library-changes.csv row that dates its code by a key (ReleaseSpanOf), and every filter
// reads the release through it. A key must name exactly one row.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/classifier.h"
#include "diagnose/library_changes.h"
#include "diagnose/pk_asm.h"
#include "diagnose/verdict_decider.h"
#include "diagnose/verdict_paths.h"

namespace cryptobench::diagnose {
namespace {

using ::testing::HasSubstr;
using verdict_internal::Family;

constexpr std::string_view kArches[] = {"x86_64", "aarch64"};

// Every release line from 1.0.1 to 4.0 at its first and a late patch (and the releases where a
// path arrives or leaves), with OPENSSL_VERSION_NUMBER as the library reports it.
const std::vector<std::pair<std::string, uint64_t>>& Releases() {
  static const std::vector<std::pair<std::string, uint64_t>> kReleases = {
      {"1.0.1", 0x1000100f},  {"1.0.1u", 0x1000115f}, {"1.0.2", 0x1000200f}, {"1.0.2u", 0x1000215f},
      {"1.1.0", 0x1010000f},  {"1.1.0l", 0x101000cf}, {"1.1.1", 0x1010100f}, {"1.1.1c", 0x1010103f},
      {"1.1.1d", 0x1010104f}, {"1.1.1w", 0x1010117f}, {"3.0.0", 0x30000000}, {"3.0.5", 0x30000050},
      {"3.0.19", 0x30000130}, {"3.1.0", 0x30100000},  {"3.1.8", 0x30100080}, {"3.2.0", 0x30200000},
      {"3.3.0", 0x30300000},  {"3.4.0", 0x30400000},  {"3.5.0", 0x30500000}, {"3.5.4", 0x30500040},
      {"3.6.0", 0x30600000},  {"4.0.0", 0x40000000},
  };
  return kReleases;
}

// Library version texts as DoctorFacts holds them: each OpenSSL release, pre-releases, the other
// libraries and unknown ones.
std::vector<std::string> LibraryTexts() {
  std::vector<std::string> out;
  for (const auto& [text, num] : Releases()) {
    out.push_back("OpenSSL " + text);
  }
  for (const char* other :
       {"OpenSSL 3.0.0-alpha16", "OpenSSL 3.1.0-alpha1", "OpenSSL 3.5.0-dev", "LibreSSL 3.8.2",
        "LibreSSL 2.0.0", "BoringSSL", "AWS-LC 1.21.0", "OpenSSL", ""}) {
    out.emplace_back(other);
  }
  return out;
}

TEST(ReleaseKeysTest, EveryKeyNamesOneLibraryChangesRow) {
  for (std::string_view arch : kArches) {
    SCOPED_TRACE(arch);
    std::vector<CpbClass> classes;
    ASSERT_NO_THROW(classes = ParseCpbClasses(EmbeddedCpbClassesCsv(arch), arch));
    size_t keyed = 0;
    for (const CpbClass& c : classes) {
      if (!c.releases.empty()) {
        ++keyed;
        EXPECT_NE(c.release_span.from, nullptr) << c.name;
      }
    }
    EXPECT_GT(keyed, 0u);
  }
  EXPECT_NO_THROW(verdict_internal::SoftwareAesReleases());
  for (Family family : {Family::kAesGcm, Family::kAesXts}) {
    for (const verdict_internal::PathSpec& spec : verdict_internal::PathsOf(family, "x86_64")) {
      EXPECT_NO_THROW(verdict_internal::PathReleaseSpan(spec, "x86_64")) << spec.path;
    }
  }
}

TEST(ReleaseKeysTest, AKeyNamingNoRowOrSeveralFails) {
  EXPECT_THROW(ReleaseSpanOf("x86_64", "AES:no-such-module.pl"), std::runtime_error);
  EXPECT_THROW(ReleaseSpanOf("x86_64", "AES:AES"), std::runtime_error);  // every x86_64 AES row
  EXPECT_THROW(ReleaseSpanOf("aarch64", "AES:bsaes-armv8.pl until AES:nothing"),
               std::runtime_error);
  EXPECT_THROW(ReleaseSpanOf("x86_64", "no area"), std::runtime_error);
  try {
    ParseCpbClasses(
        "algorithm,operation,class,family,cpb_low,cpb_high,source,releases\n"
        "AES-128-CTR,encrypt,ARMv8 CE,hardware,0.76,1.36,src,\n"
        "AES-128-CTR,encrypt,bsaes NEON,vector,8.45,17.5,src,AES:bsaes-armv9.pl\n",
        "aarch64");
    ADD_FAILURE() << "no throw";
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("line 3"));
    EXPECT_THAT(e.what(), HasSubstr("AES:bsaes-armv9.pl"));
  }
  EXPECT_TRUE(ReleaseSpanOf("aarch64", "").Contains(*ParseLibraryVersion("1.0.1")));
}

TEST(ReleaseKeysTest, VersionNumbersDecodeAsTheirText) {
  for (const auto& [text, num] : Releases()) {
    const std::optional<LibraryVersion> v = verdict_internal::OpensslVersionOfNumber(num);
    ASSERT_TRUE(v) << text;
    EXPECT_EQ(v->text, text);
  }
  EXPECT_FALSE(verdict_internal::OpensslVersionOfNumber(0));
}

// The old filters against the keyed ones, over every release, library and architecture: the
// `openssl` column of data/cpb-classes-aarch64.csv (InRelease) against the releases keys
// (ShipsIn), the VAES path rows found by their change text (VaesPathRow, which ClassOfOpenPath
// reads) against PathSpec::release_key and the class rows' keys, the release constants of
// verdict_paths.h against SoftwareAesReleases(), and the rows OpenSslSoftwarePaths and
// HardwareAesPathRow find by text against their keys.
TEST(ReleaseKeysTest, KeyedFiltersAgreeWithTheOldOnes) {
  for (std::string_view arch : kArches) {
    const std::vector<CpbClass>& classes = verdict_internal::ClassesFor(arch);
    for (const std::string& library : LibraryTexts()) {
      const std::optional<LibraryVersion> release = OpenSslReleaseOf(library);
      DoctorFacts facts;
      facts.cpu.arch = std::string(arch);
      facts.library.version = library;
      for (const CpbClass& c : classes) {
        SCOPED_TRACE(std::string(arch) + " " + library + " " + c.algorithm + " " + c.name);
        EXPECT_EQ(InRelease(c, release), ShipsIn(c, release));
        if (c.family != ClassFamily::kHardware || c.releases.empty()) {
          continue;
        }
        bool keyed = true;
        if (library.starts_with("LibreSSL")) {
          keyed = false;
        } else if (release) {
          keyed = c.release_span.Contains(*release);
        }
        const Family family =
            c.algorithm.find("GCM") != std::string::npos ? Family::kAesGcm : Family::kAesXts;
        EXPECT_EQ(verdict_internal::ClassOfOpenPath(c, family, facts), keyed);
      }
    }
  }
  for (Family family : {Family::kAesGcm, Family::kAesXts}) {
    const verdict_internal::PathSpec* vaes =
        verdict_internal::FindPath(family, "x86_64", "VAES + VPCLMULQDQ");
    ASSERT_NE(vaes, nullptr);
    const ReleaseSpan& span = verdict_internal::PathReleaseSpan(*vaes, "x86_64");
    EXPECT_EQ(span.from, verdict_internal::VaesPathRow(family));
    EXPECT_EQ(span.until, nullptr);
    for (const CpbClass& c : verdict_internal::ClassesFor("x86_64")) {
      if (std::string_view(c.name).starts_with(vaes->class_prefix) &&
          (family == Family::kAesGcm) == (c.algorithm.find("GCM") != std::string::npos)) {
        EXPECT_EQ(c.releases, vaes->release_key) << c.name;
      }
    }
  }
  const verdict_internal::SoftwareAesRows& rows = verdict_internal::SoftwareAesReleases();
  for (const auto& [text, num] : Releases()) {
    SCOPED_TRACE(text);
    const LibraryVersion v = *verdict_internal::OpensslVersionOfNumber(num);
    EXPECT_EQ(num >= verdict_internal::kBsaesArmv8Release, rows.bsaes_armv8.Contains(v));
    EXPECT_EQ(num >= verdict_internal::kVpaesArmv8Release, rows.vpaes_armv8.Contains(v));
    EXPECT_EQ(num >= verdict_internal::kBsaesArmv7Release, rows.bsaes_armv7.Contains(v));
    EXPECT_EQ(num >= verdict_internal::kX86BsaesRemovedRelease &&
                  num < verdict_internal::kX86BsaesRestoredRelease,
              rows.x86_bsaes_removed.Contains(v));
  }
  const LibraryChange* vpaes_by_source = nullptr;
  for (const LibraryChange& row : LibraryChanges()) {
    if (row.library == "openssl" && row.arch == "aarch64" && row.area == "AES" &&
        row.source.find("vpaes-armv8.pl") != std::string::npos) {
      vpaes_by_source = &row;
      break;
    }
  }
  EXPECT_EQ(rows.vpaes_armv8.from, vpaes_by_source);
  EXPECT_EQ(verdict_internal::HardwareAesPathRow("x86_64"),
            ReleaseSpanOf("x86_64", "AES:AES-NI through EVP").from);
  EXPECT_EQ(verdict_internal::HardwareAesPathRow("aarch64"),
            ReleaseSpanOf("aarch64", "AES:ARMv8 Crypto Extension AES").from);
}

// With CRYPTOBENCH_RELEASE_DUMP=FILE set, writes what every release filter says for every
// release, library, architecture and class row, and BestSoftwareClass for every AES family, CPU
// kind and release, so that the output of two builds can be compared (diff). Does nothing
// otherwise.
TEST(ReleaseKeysTest, DumpForComparison) {
  const char* path = std::getenv("CRYPTOBENCH_RELEASE_DUMP");
  if (path == nullptr) {
    GTEST_SKIP() << "CRYPTOBENCH_RELEASE_DUMP not set";
  }
  std::ofstream out(path);
  for (std::string_view arch : kArches) {
    for (const std::string& library : LibraryTexts()) {
      DoctorFacts facts;
      facts.cpu.arch = std::string(arch);
      facts.library.version = library;
      const std::optional<LibraryVersion> release = OpenSslReleaseOf(library);
      const std::vector<CpbClass>& kept = verdict_internal::ClassesFor(arch, release);
      for (const CpbClass& c : verdict_internal::ClassesFor(arch)) {
        bool in_table = false;
        for (const CpbClass& k : kept) {
          in_table = in_table ||
                     (k.algorithm == c.algorithm && k.operation == c.operation && k.name == c.name);
        }
        const Family family = c.algorithm.find("GCM") != std::string::npos   ? Family::kAesGcm
                              : c.algorithm.find("XTS") != std::string::npos ? Family::kAesXts
                              : c.algorithm.starts_with("AES")               ? Family::kAesBlock
                                                                             : Family::kNone;
        out << arch << " | " << library << " | " << c.algorithm << " " << c.operation << " | "
            << c.name << " | table " << in_table << " open "
            << verdict_internal::ClassOfOpenPath(c, family, facts) << " left-out "
            << verdict_internal::RowLeftOutForRelease(arch, c.algorithm, c.operation, release)
            << "\n";
      }
    }
  }
  const auto cpu = [](std::string arch, std::vector<std::string> usable) {
    cpu::CpuFeatures c;
    c.arch = std::move(arch);
    for (const std::string& name : usable) {
      c.features.push_back({name, true, true});
    }
    return c;
  };
  const std::vector<cpu::CpuFeatures> cpus = {
      cpu("x86_64", {}),
      cpu("x86_64", {"SSSE3"}),
      cpu("x86_64", {"SSSE3", "PCLMULQDQ"}),
      cpu("aarch64", {"NEON"}),
      cpu("aarch64", {"NEON", "PMULL"}),
      cpu("arm", {"NEON"}),
      cpu("arm", {}),
  };
  std::vector<uint64_t> nums = {0};
  for (const auto& [text, num] : Releases()) {
    nums.push_back(num);
  }
  for (const cpu::CpuFeatures& c : cpus) {
    for (Family family : {Family::kAesBlock, Family::kAesXts, Family::kAesGcm}) {
      for (uint64_t num : nums) {
        out << c.arch << " " << c.features.size() << " " << static_cast<int>(family) << " "
            << std::hex << num << std::dec << ": "
            << verdict_internal::BestSoftwareClass(family, c, num) << "\n";
      }
    }
  }
}

}  // namespace
}  // namespace cryptobench::diagnose
