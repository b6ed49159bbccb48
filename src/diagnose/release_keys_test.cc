// Tests of the one mechanism that says which cpb class (code path) a library release has: each
// class row (data/cpb-classes*.csv, column releases) and each dated PathSpec names the
// data/library-changes.csv row that dates its code by a key (ReleaseSpanOf), and every filter
// reads the release through it. A key must name exactly one row.
#include <cstdint>
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
        EXPECT_TRUE(c.release_span.from != nullptr || c.release_span.except != nullptr) << c.name;
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

// The keyed filters hold the releases the tables stated before the keys, over every release,
// library and architecture: the `openssl` column data/cpb-classes-aarch64.csv had (bsaes rows
// 3.1.., vpaes CBC-decrypt rows 1.1.0..3.0, the other vpaes rows 1.1.0..), the VAES rows found by
// their change text (GCM 3.1.., XTS 3.5..) and the constants verdict_paths.h had
// (kBsaesArmv8Release 0x30100000 and so on). A change of a dating row of data/library-changes.csv
// shows here, to be made on purpose.
TEST(ReleaseKeysTest, KeyedFiltersHoldTheReleasesTheTablesStated) {
  const auto stated = [](const CpbClass& c) -> std::string {
    if (c.name.starts_with("bsaes NEON") || c.name.starts_with("VAES-AVX512")) {
      return "3.1..";
    }
    if (c.name.starts_with("vpaes NEON") && c.algorithm.ends_with("CBC") &&
        c.operation == "decrypt") {
      return "1.1.0..3.0";
    }
    // The other vpaes rows, and GCM's vpaes/bsaes row, from vpaes-armv8's first release: 1.0.2
    // has neither on AArch64 (tryout 32 D1).
    if (c.name.starts_with("vpaes NEON") || c.name.starts_with("vpaes/bsaes NEON")) {
      return "1.1.0..";
    }
    // Every release but 1.1.1d-1.1.1w, whose branch removed x86-64 bsaes and table AES.
    if (c.name.starts_with("bsaes") || c.name.find("aes-x86_64") != std::string::npos) {
      return "except 1.1.1d..1.1.1";
    }
    return "";
  };
  for (std::string_view arch : kArches) {
    for (const CpbClass& c : verdict_internal::ClassesFor(arch)) {
      const std::string range = stated(c);
      EXPECT_EQ(c.releases.empty(), range.empty()) << arch << " " << c.algorithm << " " << c.name;
      if (range.empty()) {
        continue;
      }
      const bool except = range.starts_with("except ");
      const VersionRange old = ParseVersionRange(except ? range.substr(7) : range);
      for (const std::string& library : LibraryTexts()) {
        SCOPED_TRACE(std::string(arch) + " " + library + " " + c.algorithm + " " + c.name);
        const std::optional<LibraryVersion> release = OpenSslReleaseOf(library);
        const bool in_old = !release || old.Contains(*release) != except;
        if (c.family != ClassFamily::kHardware) {
          EXPECT_EQ(InRelease(c, release), in_old);
          continue;
        }
        EXPECT_TRUE(InRelease(c, release));  // hardware rows: the verdict's path check
        DoctorFacts facts;
        facts.cpu.arch = std::string(arch);
        facts.library.version = library;
        EXPECT_EQ(verdict_internal::ClassOfOpenPath(c, Family::kAesGcm, facts),
                  !library.starts_with("LibreSSL") && in_old);
      }
    }
  }
  for (const auto& [family, range] :
       {std::pair<Family, std::string>{Family::kAesGcm, "3.1.."}, {Family::kAesXts, "3.5.."}}) {
    const verdict_internal::PathSpec* vaes =
        verdict_internal::FindPath(family, "x86_64", "VAES + VPCLMULQDQ");
    ASSERT_NE(vaes, nullptr);
    const ReleaseSpan& span = verdict_internal::PathReleaseSpan(*vaes, "x86_64");
    const VersionRange old = ParseVersionRange(range);
    for (const auto& [text, num] : Releases()) {
      EXPECT_EQ(span.Contains(*ParseLibraryVersion(text)), old.Contains(*ParseLibraryVersion(text)))
          << text << " " << range;
    }
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
    EXPECT_EQ(num >= 0x30100000, rows.bsaes_armv8.Contains(v));
    EXPECT_EQ(num >= 0x10100000, rows.vpaes_armv8.Contains(v));
    EXPECT_EQ(num >= 0x10002000, rows.bsaes_armv7.Contains(v));
    EXPECT_EQ(num >= 0x10101040 && num < 0x30000000, rows.x86_bsaes_removed.Contains(v));
  }
  ASSERT_NE(rows.vpaes_armv8.from, nullptr);
  EXPECT_THAT(rows.vpaes_armv8.from->source, HasSubstr("vpaes-armv8.pl"));
  ASSERT_NE(verdict_internal::HardwareAesPathRow("x86_64"), nullptr);
  EXPECT_EQ(verdict_internal::HardwareAesPathRow("x86_64")->versions.text, "1.0.1..");
  ASSERT_NE(verdict_internal::HardwareAesPathRow("aarch64"), nullptr);
  EXPECT_EQ(verdict_internal::HardwareAesPathRow("aarch64")->versions.text, "1.0.2..");
  EXPECT_EQ(verdict_internal::HardwareAesPathRow("arm"), nullptr);
}

}  // namespace
}  // namespace cryptobench::diagnose
