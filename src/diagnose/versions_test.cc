// Tests of library versions and version ranges (versions.h).
#include "diagnose/versions.h"

#include <optional>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

namespace cryptobench::diagnose {
namespace {

LibraryVersion V(const char* text) {
  std::optional<LibraryVersion> v = ParseLibraryVersion(text);
  EXPECT_TRUE(v.has_value()) << text;
  return v.value_or(LibraryVersion{});
}

TEST(LibraryVersionTest, ParsesTheSpellingsOfReleasesAndPrereleases) {
  EXPECT_EQ(V("1.1.1d").numbers, (std::vector<int>{1, 1, 1}));
  EXPECT_EQ(V("1.1.1d").letter, 4);
  EXPECT_EQ(V("3.0.0-alpha16").stage, 1);
  EXPECT_EQ(V("3.0.0-alpha16").stage_number, 16);
  EXPECT_EQ(V("3.0.0-dev").stage, 0);
  EXPECT_EQ(V("OpenSSL 3.5").numbers, (std::vector<int>{3, 5}));
  EXPECT_EQ(V("v2.3.0").numbers, (std::vector<int>{2, 3, 0}));
  EXPECT_EQ(V("2024-12-20").numbers, (std::vector<int>{2024, 12, 20}));
  for (const char* bad : {"", "x.y", "1.2.3.4.5", "3.0.0-gamma", "1.0.2U", "2024-13", "1..2"}) {
    EXPECT_FALSE(ParseLibraryVersion(bad).has_value()) << bad;
  }
}

TEST(VersionRangeTest, BoundsMatchOnThePartsTheyWrite) {
  const VersionRange r = ParseVersionRange("1.0.1s..1.0.1;1.0.2g..");
  EXPECT_TRUE(r.Contains(V("1.0.1s")));
  EXPECT_TRUE(r.Contains(V("1.0.1u")));
  EXPECT_FALSE(r.Contains(V("1.0.1r")));
  EXPECT_FALSE(r.Contains(V("1.0.2f")));
  EXPECT_TRUE(r.Contains(V("1.0.2g")));
  EXPECT_TRUE(r.Contains(V("3.5.1")));
  // A release follows its pre-releases; a bound without a stage takes every stage.
  const VersionRange dev = ParseVersionRange("3.0.0-dev");
  EXPECT_TRUE(dev.Contains(V("3.0.0-dev")));
  EXPECT_FALSE(dev.Contains(V("3.0.0")));
  EXPECT_TRUE(ParseVersionRange("3.0").Contains(V("3.0.0-alpha3")));
  EXPECT_TRUE(ParseVersionRange("3.0.0-alpha1..").Contains(V("3.0.0")));
  EXPECT_FALSE(ParseVersionRange("3.0.0-beta1..").Contains(V("3.0.0-alpha17")));
}

TEST(VersionRangeTest, OverlapsAReleaseLine) {
  const VersionRange r = ParseVersionRange("1.0.2g..3.0");
  EXPECT_FALSE(r.OverlapsLine(V("1.0.1")));
  EXPECT_TRUE(r.OverlapsLine(V("1.0.2")));
  EXPECT_TRUE(r.OverlapsLine(V("1.1.1")));
  EXPECT_TRUE(r.OverlapsLine(V("3.0")));
  EXPECT_FALSE(r.OverlapsLine(V("3.1")));
  EXPECT_TRUE(ParseVersionRange("3.6..4.0").OverlapsLine(V("4.0")));
}

TEST(VersionRangeTest, RejectsWhatDoesNotParse) {
  for (const char* bad :
       {"", " ", "..", "1.0.x..", "3.0;;3.1", "3.5..3.0", "openssl", "1.0.2..x"}) {
    EXPECT_THROW(ParseVersionRange(bad), std::invalid_argument) << bad;
  }
}

}  // namespace
}  // namespace cryptobench::diagnose
