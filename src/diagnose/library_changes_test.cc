// Tests of the library-changes table (library_changes.h, data/library-changes.csv).
#include "diagnose/library_changes.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include <fmt/format.h>
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

// Issue 13: every OpenSSL release line from 1.0.1 to the newest has an entry for x86-64 and
// AArch64 AES, GHASH, SHA-2, ChaCha20 and BN/RSA assembly (an entry may say "no change" or
// "absent", with its source).
TEST(LibraryChangesTest, EveryOpensslLineHasAnEntryPerArchitectureAndArea) {
  const std::vector<LibraryChange>& table = LibraryChanges();
  for (const char* line : {"1.0.1", "1.0.2", "1.1.0", "1.1.1", "3.0", "3.1", "3.2", "3.3", "3.4",
                           "3.5", "3.6", "4.0"}) {
    for (const char* arch : {"x86_64", "aarch64"}) {
      for (const char* area : {"AES", "GHASH", "SHA-2", "ChaCha20", "BN-RSA"}) {
        const bool covered = std::any_of(table.begin(), table.end(), [&](const LibraryChange& r) {
          return r.library == "openssl" && (r.arch == arch || r.arch == "any") && r.area == area &&
                 r.versions.OverlapsLine(V(line));
        });
        EXPECT_TRUE(covered) << "OpenSSL " << line << " " << arch << " " << area;
      }
    }
  }
}

TEST(LibraryChangesTest, CitableSourcesAreUrlsOrCommitsWithAFile) {
  EXPECT_TRUE(IsCitableSource("https://github.com/openssl/openssl/pull/9675"));
  EXPECT_TRUE(IsCitableSource("commit 03b5ae0d1f crypto/chacha/asm/chacha-x86_64.pl"));
  for (const char* bad : {"", "OpenSSL", "openssl CHANGES.md", "https://", "commit 03b5ae0",
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

}  // namespace
}  // namespace cryptobench::diagnose
