// Tests of the library-changes table (library_changes.h, data/library-changes.csv).
#include "diagnose/library_changes.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace cryptobench::diagnose {
namespace {

using ::testing::HasSubstr;

constexpr const char* kHeader = "library,arch,area,versions,kind,change,source,certainty\n";

LibraryVersion V(const char* text) { return ParseLibraryVersion(text).value(); }

TEST(LibraryChangesTest, TheEmbeddedTableParsesAndEveryRowCitesASource) {
  const std::vector<LibraryChange>& table = LibraryChanges();
  ASSERT_FALSE(table.empty());
  for (const LibraryChange& row : table) {
    EXPECT_TRUE(IsCitableSource(row.source)) << "line " << row.line << ": " << row.source;
    EXPECT_FALSE(row.change.empty()) << "line " << row.line;
  }
}

// The OpenSSL release lines issue 13 asks the table to cover, 1.0.1 to the newest: 4.1 (the
// NEWS.md of tag openssl-4.1.0 lists 4.1 and 4.0 above 3.6; 4.1.0 was released 23 Oct 2026).
constexpr const char* kOpensslLines[] = {"1.0.1", "1.0.2", "1.1.0", "1.1.1", "3.0", "3.1", "3.2",
                                         "3.3",   "3.4",   "3.5",   "3.6",   "4.0", "4.1"};

// True when `row` says something about release line `line`: one of its intervals starts in the
// line (what that line changed), or it is a "no-change" or "absent" row with a closed interval
// that reaches into the line (nothing changed there, or the path is missing). A row open to
// the newest release from an earlier line does not count: it says nothing about a later line.
bool SpeaksForLine(const LibraryChange& row, const LibraryVersion& line) {
  for (const VersionInterval& interval : row.versions.intervals) {
    if (interval.low && CompareToBound(*interval.low, line) == 0) {
      return true;
    }
    const bool closed = interval.low && interval.high;
    if (closed && (row.kind == "no-change" || row.kind == "absent") &&
        VersionRange{{interval}, row.versions.text}.OverlapsLine(line)) {
      return true;
    }
  }
  return false;
}

// The (line, arch, area) cells of issue 13 that no row of `table` speaks for, as "3.6 aarch64
// GHASH".
std::vector<std::string> UncoveredOpensslCells(const std::vector<LibraryChange>& table) {
  std::vector<std::string> missing;
  for (const char* line : kOpensslLines) {
    for (const char* arch : {"x86_64", "aarch64"}) {
      for (const char* area : {"AES", "GHASH", "SHA-2", "ChaCha20", "BN-RSA"}) {
        const bool covered = std::any_of(table.begin(), table.end(), [&](const LibraryChange& r) {
          return r.library == "openssl" && (r.arch == arch || r.arch == "any") && r.area == area &&
                 SpeaksForLine(r, V(line));
        });
        if (!covered) {
          missing.push_back(fmt::format("{} {} {}", line, arch, area));
        }
      }
    }
  }
  return missing;
}

// Issue 13: every OpenSSL release line from 1.0.1 to the newest has an entry of its own for
// x86-64 and AArch64 AES, GHASH, SHA-2, ChaCha20 and BN/RSA assembly (an entry may say
// "no-change" or "absent", with its source).
TEST(LibraryChangesTest, EveryOpensslLineHasAnEntryPerArchitectureAndArea) {
  const std::vector<std::string> missing = UncoveredOpensslCells(LibraryChanges());
  EXPECT_TRUE(missing.empty()) << "no entry for: " << fmt::format("{}", fmt::join(missing, "; "));
}

// The coverage rule itself: a row open from an earlier line does not speak for later lines, a
// closed no-change row speaks for each line it reaches, and one missing cell is reported.
TEST(LibraryChangesTest, CoverageNeedsAStatementPerLine) {
  const auto table = [](const std::string& rows) {
    return ParseLibraryChanges(std::string(kHeader) + rows);
  };
  const std::string every_other =
      "openssl,any,GHASH,1.0.1..4.1,no-change,x,https://example.org/a,unsure\n"
      "openssl,any,SHA-2,1.0.1..4.1,no-change,x,https://example.org/a,unsure\n"
      "openssl,any,ChaCha20,1.0.1..4.1,no-change,x,https://example.org/a,unsure\n"
      "openssl,any,BN-RSA,1.0.1..4.1,no-change,x,https://example.org/a,unsure\n";
  // An "added" row open from 1.0.1 speaks for 1.0.1 only.
  std::vector<std::string> missing =
      UncoveredOpensslCells(table(every_other + "openssl,any,AES,1.0.1..,added,x,"
                                                "https://example.org/a,sure\n"));
  EXPECT_EQ(missing.size(), 24U);
  EXPECT_EQ(missing.front(), "1.0.2 x86_64 AES");
  // A closed no-change row speaks for every line it reaches; an open one for its first only.
  EXPECT_TRUE(UncoveredOpensslCells(table(every_other + "openssl,any,AES,1.0.1..4.1,no-change,x,"
                                                        "https://example.org/a,unsure\n"))
                  .empty());
  EXPECT_EQ(UncoveredOpensslCells(table(every_other + "openssl,any,AES,1.0.1..,no-change,x,"
                                                      "https://example.org/a,unsure\n"))
                .size(),
            24U);
  // The lines missing for one architecture are named: 3.6, and 4.1 after an added row of 4.0.
  missing = UncoveredOpensslCells(table(every_other + "openssl,x86_64,AES,1.0.1..4.1,no-change,x,"
                                                      "https://example.org/a,unsure\n"
                                                      "openssl,aarch64,AES,1.0.1..3.5,no-change,x,"
                                                      "https://example.org/a,unsure\n"
                                                      "openssl,aarch64,AES,4.0..,added,x,"
                                                      "https://example.org/a,sure\n"));
  EXPECT_EQ(missing, (std::vector<std::string>{"3.6 aarch64 AES", "4.1 aarch64 AES"}));
}

// The embedded table parses as text (every version range parses and every source is a URL or a
// commit with a file), so a bad row fails this test with its line rather than at first use.
TEST(LibraryChangesTest, TheEmbeddedTextParses) {
  EXPECT_NO_THROW(ParseLibraryChanges(EmbeddedLibraryChangesCsv()));
}

// Consumers (compare's known changes, doctor --from's library findings) read ChangesBetween:
// it must never hand them a "no-change" or "absent" row of the embedded table, for any pair of
// lines and either architecture.
TEST(LibraryChangesTest, NoChangeRowsNeverNameADifference) {
  const std::vector<LibraryChange>& table = LibraryChanges();
  for (const char* a : kOpensslLines) {
    for (const char* b : kOpensslLines) {
      for (const char* arch : {"x86_64", "aarch64"}) {
        for (const LibraryChange* row : ChangesBetween(table, "openssl", arch, "", V(a), V(b))) {
          EXPECT_NE(row->kind, "no-change") << "line " << row->line;
          EXPECT_NE(row->kind, "absent") << "line " << row->line;
        }
      }
    }
  }
}

TEST(LibraryChangesTest, CitableSourcesAreUrlsOrCommitsWithAFile) {
  EXPECT_TRUE(IsCitableSource("https://github.com/openssl/openssl/pull/9675"));
  EXPECT_TRUE(IsCitableSource("commit 03b5ae0d1f crypto/chacha/asm/chacha-x86_64.pl"));
  for (const char* bad : {"", "OpenSSL", "openssl CHANGES.md", "https://", "commit 03b5ae0",
                          "github.com/openssl/openssl/blob/openssl-3.5/CHANGES.md",
                          "commit xyz1234 crypto/a.pl", "commit 03b5ae0d1f CHANGES"}) {
    EXPECT_FALSE(IsCitableSource(bad)) << bad;
  }
}

TEST(LibraryChangesTest, BadRowsFailWithTheirLine) {
  const auto fails = [](const std::string& row, const char* what) {
    try {
      ParseLibraryChanges(std::string(kHeader) + row + "\n");
      ADD_FAILURE() << "accepted: " << row;
    } catch (const std::runtime_error& e) {
      EXPECT_THAT(e.what(), HasSubstr("library changes line 2")) << row;
      EXPECT_THAT(e.what(), HasSubstr(what)) << row;
    }
  };
  fails("openssl,x86_64,AES,3.5..,added,VAES XTS,,sure", "source");
  fails("openssl,x86_64,AES,3.5..,added,VAES XTS,OpenSSL,sure", "source");
  fails("openssl,x86_64,AES,3.5.x..,added,VAES XTS,https://example.org/a,sure", "versions");
  fails("openssl,x86_64,AES,3.5..3.0,added,VAES XTS,https://example.org/a,sure", "versions");
  fails("openssl,x86_64,AES,3.5..,improved,VAES XTS,https://example.org/a,sure", "kind");
  fails("openssl,riscv,AES,3.5..,added,VAES XTS,https://example.org/a,sure", "arch");
  fails("openssl,x86_64,AES,3.5..,added,VAES XTS,https://example.org/a,maybe", "certainty");
  fails("openssl,x86_64,AES,3.5..,added,,https://example.org/a,sure", "empty change");
  fails("openssl,x86_64,AES,3.5..,added,VAES XTS,https://example.org/a", "fields");
}

TEST(LibraryChangesTest, ChangesBetweenTwoVersionsAreTheRowsHoldingForOneOfThem) {
  const std::vector<LibraryChange> table = ParseLibraryChanges(
      std::string(kHeader) +
      "openssl,x86_64,AES,3.5..,added,VAES XTS,https://example.org/a,sure\n"
      "openssl,any,speed-tool,3.3..,tool-change,hmac default,https://example.org/b,sure\n"
      "openssl,aarch64,AES,3.3..,gain,unroll8,https://example.org/c,sure\n"
      "openssl,x86_64,AES,3.6..4.0,no-change,nothing known,https://example.org/d,unsure\n");
  const auto changes = [&](const char* a, const char* b, const char* area) {
    std::vector<std::string> out;
    for (const LibraryChange* row : ChangesBetween(table, "openssl", "x86_64", area, V(a), V(b))) {
      out.push_back(row->change);
    }
    return out;
  };
  EXPECT_EQ(changes("3.2.1", "3.5.0", ""), (std::vector<std::string>{"VAES XTS", "hmac default"}));
  EXPECT_EQ(changes("3.5.0", "3.2.1", "AES"), (std::vector<std::string>{"VAES XTS"}));
  EXPECT_TRUE(changes("3.5.0", "3.6.0", "").empty());  // a no-change row names no difference
  EXPECT_TRUE(changes("3.0.2", "3.0.13", "").empty());
}

// LibreSSL's AArch64 and 32-bit ARM rows (issue 13, sec. 1): no release through 4.3.x has an
// AES or GHASH path with the ARMv8 instructions there, SHA-2 has one only from 4.1 (and then
// not in every build), and every such row is LibreSSL's, not OpenSSL's of the same number.
// The row a release test needs: `library`, `arch`, `area` and `kind` holding for `version`.
const LibraryChange* RowFor(std::string_view library, std::string_view arch, std::string_view area,
                            std::string_view kind, const char* version) {
  for (const LibraryChange& row : LibraryChanges()) {
    if (row.library == library && row.arch == arch && row.area == area && row.kind == kind &&
        row.versions.Contains(V(version))) {
      return &row;
    }
  }
  return nullptr;
}

// bsaes-armv8.pl was merged after the 3.0 branch (PR 14592): 3.1.0 is its first release.
// A row naming modes speaks of those modes (and CTR of GCM and CCM, counter-mode AEADs); a row
// naming none, or of another area, of every algorithm of its area.
TEST(LibraryChangesTest, AnAesRowNamingModesSpeaksOnlyOfThem) {
  LibraryChange row;
  row.area = "AES";
  row.change = "aesv8-armx.pl CTR code that avoids 32-bit lane assignment was slower";
  EXPECT_TRUE(RowSpeaksOf(row, "AES-128-CTR", ""));
  EXPECT_TRUE(RowSpeaksOf(row, "AES-256-GCM", ""));
  EXPECT_FALSE(RowSpeaksOf(row, "AES-128-CBC", ""));
  EXPECT_FALSE(RowSpeaksOf(row, "AES-256-XTS", ""));
  row.change = "AES-NI through EVP (aesni-x86_64.pl: ECB, CBC, CTR, XTS, CCM)";
  EXPECT_TRUE(RowSpeaksOf(row, "AES-128-CBC", ""));
  EXPECT_TRUE(RowSpeaksOf(row, "AES-128-GCM", ""));
  EXPECT_FALSE(RowSpeaksOf(row, "AES-128-OCB", ""));
  row.change = "vpaes for CPUs without AES-NI (ACTRL is no mode)";
  EXPECT_TRUE(RowSpeaksOf(row, "AES-128-CBC", ""));
  EXPECT_FALSE(RowSpeaksOf(row, "SHA-256", ""));
  row.area = "GHASH";
  row.change = "CBC";
  EXPECT_TRUE(RowSpeaksOf(row, "AES-128-GCM", ""));
}

// A BN-RSA row speaks of private-key cells, a row about decryption only of decrypt cells; with
// no operation (compare's list of shared algorithms) of every cell.
TEST(LibraryChangesTest, ABnRsaRowSpeaksOfPrivateKeyOperations) {
  LibraryChange row;
  row.area = "BN-RSA";
  row.change = "rsaz-avx2.pl Montgomery multiplication";
  EXPECT_TRUE(RowSpeaksOf(row, "RSA-2048", "sign"));
  EXPECT_TRUE(RowSpeaksOf(row, "RSA-2048", "decrypt"));
  EXPECT_FALSE(RowSpeaksOf(row, "RSA-2048", "verify"));
  EXPECT_TRUE(RowSpeaksOf(row, "RSA-2048", ""));
  row.change = "slower RSA decryption";
  EXPECT_TRUE(RowSpeaksOf(row, "RSA-2048", "decrypt"));
  EXPECT_FALSE(RowSpeaksOf(row, "RSA-2048", "sign"));
  row.area = "SHA-2";
  EXPECT_TRUE(RowSpeaksOf(row, "SHA-256", "hash"));
}

TEST(LibraryChangesTest, Aarch64BitSlicedAesArrivesIn31) {
  bool found = false;
  for (const LibraryChange& r : LibraryChanges()) {
    if (r.library == "openssl" && r.arch == "aarch64" && r.area == "AES" &&
        r.change.find("bsaes-armv8") != std::string::npos) {
      found = true;
      EXPECT_EQ(r.kind, "added");
      EXPECT_EQ(r.versions.text, "3.1..");
      EXPECT_FALSE(r.versions.Contains(V("3.0.13")));
      EXPECT_NE(r.source.find("14592"), std::string::npos) << r.source;
    }
  }
  EXPECT_TRUE(found);
}

// Botan's FrodoKEM-AES called AES one block at a time from 3.3.0 (where FrodoKEM arrived) until
// 3.5.0 (commit 46f0299f7).
TEST(LibraryChangesTest, BotanFrodoKemAesBlockAtATimeUntil35) {
  const LibraryChange* cost = RowFor("botan", "any", "FrodoKEM", "cost", "3.4.0");
  ASSERT_NE(cost, nullptr);
  EXPECT_EQ(RowFor("botan", "any", "FrodoKEM", "cost", "3.3.0"), cost);
  EXPECT_EQ(RowFor("botan", "any", "FrodoKEM", "cost", "3.5.0"), nullptr);
  EXPECT_NE(cost->source.find("46f0299f7"), std::string::npos) << cost->source;
  const LibraryChange* gain = RowFor("botan", "any", "FrodoKEM", "gain", "3.5.0");
  ASSERT_NE(gain, nullptr);
  EXPECT_EQ(RowFor("botan", "any", "FrodoKEM", "gain", "3.4.2"), nullptr);
}

TEST(LibraryChangesTest, LibresslArmReleasesLackTheArmv8Paths) {
  const auto absent = [](const char* library, const char* arch, const char* area,
                         const char* version) {
    for (const LibraryChange& row : LibraryChanges()) {
      if (row.library == library && row.arch == arch && row.area == area && row.kind == "absent" &&
          row.versions.Contains(V(version))) {
        EXPECT_TRUE(row.sure) << "line " << row.line;
        return true;
      }
    }
    return false;
  };
  for (const char* arch : {"aarch64", "arm"}) {
    for (const char* version : {"2.0.0", "2.4.2", "3.1.4", "3.8.2", "4.2.0", "4.3.1"}) {
      EXPECT_TRUE(absent("libressl", arch, "AES", version)) << arch << " " << version;
      EXPECT_TRUE(absent("libressl", arch, "GHASH", version)) << arch << " " << version;
    }
  }
  EXPECT_TRUE(absent("libressl", "aarch64", "SHA-2", "2.4.2"));
  EXPECT_TRUE(absent("libressl", "aarch64", "SHA-2", "4.0.0"));
  // 4.1.0 has the ARMv8 SHA-2 code in OpenBSD's libcrypto, not in portable: unknown, not absent.
  EXPECT_FALSE(absent("libressl", "aarch64", "SHA-2", "4.1.0"));
  EXPECT_FALSE(absent("libressl", "aarch64", "SHA-2", "4.3.0"));
  // SHA-1's ARMv8 code came one release later (OpenBSD tag libressl-v4.2.0 has sha1_aarch64_ce.S).
  EXPECT_TRUE(absent("libressl", "aarch64", "SHA-1", "4.1.2"));
  EXPECT_FALSE(absent("libressl", "aarch64", "SHA-1", "4.2.0"));
  EXPECT_TRUE(absent("openssl", "aarch64", "SHA-1", "1.0.1u"));
  EXPECT_FALSE(absent("openssl", "aarch64", "SHA-1", "1.0.2"));
  // Releases after those the rows were checked against are not claimed.
  EXPECT_FALSE(absent("libressl", "aarch64", "AES", "4.4.0"));
  // x86-64 LibreSSL has AES-NI: no absent AES row.
  EXPECT_FALSE(absent("libressl", "x86_64", "AES", "2.4.2"));
  // OpenSSL 3.1.4 and 3.8.2-like numbers are not LibreSSL's releases.
  EXPECT_FALSE(absent("openssl", "aarch64", "AES", "3.1.4"));
  EXPECT_FALSE(absent("openssl", "aarch64", "GHASH", "3.1.4"));
}

// A row of `library` for `arch` (or "any") and `area` whose range holds `version` and that says
// what that release has there: an assembly path ("added", "gain", "restored"), a missing one
// ("absent") or a closed "no-change" range. Each such row must cite a source.
const LibraryChange* Speaks(const std::vector<LibraryChange>& table, std::string_view library,
                            std::string_view arch, std::string_view area, const char* version) {
  for (const LibraryChange& row : table) {
    if (row.library == library && (row.arch == arch || row.arch == "any") && row.area == area &&
        (row.kind == "added" || row.kind == "gain" || row.kind == "restored" ||
         row.kind == "absent" || row.kind == "no-change") &&
        row.versions.Contains(V(version))) {
      return &row;
    }
  }
  return nullptr;
}

// Beyond OpenSSL (issue 13, sec. 1): LibreSSL, BoringSSL and AWS-LC releases have, for x86-64
// and AArch64 and each of AES, GHASH, SHA-2, ChaCha20 and BN/RSA, a row that speaks for them,
// with a source. BoringSSL has no releases: its versions are commit dates. LibreSSL SHA-2 on
// AArch64 from 4.1 depends on the build (OpenBSD's or portable), so no row claims it there.
TEST(LibraryChangesTest, LibresslBoringsslAndAwsLcHaveARowPerArchitectureAndArea) {
  struct Probe {
    const char* library;
    const char* version;
  };
  const Probe probes[] = {{"libressl", "2.5.0"},       {"libressl", "3.8.2"},
                          {"libressl", "4.3.1"},       {"boringssl", "2023-06-01"},
                          {"boringssl", "2026-08-01"}, {"aws-lc", "1.15.0"},
                          {"aws-lc", "1.73.0"}};
  std::vector<std::string> missing;
  for (const Probe& probe : probes) {
    for (const char* arch : {"x86_64", "aarch64"}) {
      for (const char* area : {"AES", "GHASH", "SHA-2", "ChaCha20", "BN-RSA"}) {
        const bool open_question =
            std::string_view(probe.library) == "libressl" && std::string_view(arch) == "aarch64" &&
            std::string_view(area) == "SHA-2" && CompareToBound(V(probe.version), V("4.1")) >= 0;
        const LibraryChange* row =
            Speaks(LibraryChanges(), probe.library, arch, area, probe.version);
        if (row == nullptr && !open_question) {
          missing.push_back(fmt::format("{} {} {} {}", probe.library, probe.version, arch, area));
        } else if (row != nullptr) {
          EXPECT_TRUE(IsCitableSource(row->source)) << "line " << row->line;
        }
      }
    }
  }
  EXPECT_TRUE(missing.empty()) << "no row for: " << fmt::format("{}", fmt::join(missing, "; "));
}

// LibreSSL's bignum assembly: x86-64 keeps OpenSSL 1.0.1g's Montgomery modules in every release
// and adds s2n-bignum from 3.7.1; AArch64 has no Montgomery assembly in any release through 4.3.x.
TEST(LibraryChangesTest, LibresslBignumRowsPerRelease) {
  const auto has = [](const char* arch, const char* kind, const char* version, const char* words) {
    for (const LibraryChange& row : LibraryChanges()) {
      if (row.library == "libressl" && row.arch == arch && row.area == "BN-RSA" &&
          row.kind == kind && row.versions.Contains(V(version)) &&
          row.change.find(words) != std::string::npos) {
        return true;
      }
    }
    return false;
  };
  for (const char* version : {"2.1.2", "3.7.0", "4.3.2"}) {
    EXPECT_TRUE(has("x86_64", "added", version, "x86_64-mont5")) << version;
    EXPECT_TRUE(has("aarch64", "absent", version, "Montgomery")) << version;
  }
  EXPECT_FALSE(has("x86_64", "added", "3.7.0", "s2n-bignum"));
  EXPECT_TRUE(has("x86_64", "added", "3.7.1", "s2n-bignum"));
  EXPECT_FALSE(has("aarch64", "absent", "4.4.0", "Montgomery"));  // not checked beyond 4.3.x
  // BoringSSL and AWS-LC are not LibreSSL: their AArch64 builds have armv8-mont.
  const auto boring_or_aws = [](const char* library, const char* version) {
    for (const LibraryChange& row : LibraryChanges()) {
      if (row.library == library && row.arch == "aarch64" && row.area == "BN-RSA" &&
          row.kind == "absent" && row.versions.Contains(V(version))) {
        return true;
      }
    }
    return false;
  };
  EXPECT_FALSE(boring_or_aws("boringssl", "2024-01-01"));
  EXPECT_FALSE(boring_or_aws("aws-lc", "1.20.0"));
}

}  // namespace
}  // namespace cryptobench::diagnose
