// Tryout 22 item 12 (q48): `openssl speed -evp aes-128-cbc-hmac-sha1` of OpenSSL 1.1.1, whose
// only row is of a cipher outside the catalogue. OpenSSL has that cipher only where AES-NI runs
// (AesNiStitchedRow, doctor_from.h), so the row itself shows the AES-NI path ran.
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/doctor_from.h"
#include "support/diagnose_paste.h"
#include "support/doctor_findings.h"

namespace cryptobench::diagnose {
namespace {

using ::cryptobench::testing::DiagnosePaste;
using ::cryptobench::testing::FindingOf;
using ::testing::HasSubstr;

// q48, shortened: the version block and the table of OpenSSL 1.1.1w.
std::string Stitched(const std::string& version, const std::string& row) {
  return "$ openssl speed -evp " + row + "\n" + version +
         "\n"
         "built on: Sat Sep 30 22:02:15 2023 UTC\n"
         "options:bn(64,64) rc4(16x,int) des(int) aes(partial) blowfish(ptr) \n"
         "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 -DOPENSSL_USE_NODELETE "
         "-DL_ENDIAN -DOPENSSL_PIC -DOPENSSL_CPUID_OBJ -DOPENSSL_IA32_SSE2 -DSHA1_ASM "
         "-DSHA256_ASM -DAESNI_ASM -DVPAES_ASM -DGHASH_ASM -DNDEBUG\n"
         "The 'numbers' are in 1000s of bytes per second processed.\n"
         "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
         "bytes\n" +
         row + "   165451.21k   362924.65k   606057.22k   751337.83k   822264.49k   824677.03k\n";
}

TEST(StitchedCipherTest, OpensslStitchedRowShowsAesNiRan) {
  const DoctorReport report =
      DiagnosePaste(Stitched("OpenSSL 1.1.1w  11 Sep 2023", "aes-128-cbc-hmac-sha1"));
  const Finding* stitched = FindingOf(report, "report.aesni-stitched");
  ASSERT_NE(stitched, nullptr);
  EXPECT_EQ(stitched->severity, Severity::kInfo);
  EXPECT_THAT(stitched->summary, HasSubstr("AES-NI"));
  EXPECT_THAT(stitched->evidence, HasSubstr("aes-128-cbc-hmac-sha1"));
  EXPECT_THAT(stitched->evidence, HasSubstr("e_aes_cbc_hmac_sha1.c"));
  // The row answers what "cannot tell whether ... accelerated paths" would ask.
  EXPECT_EQ(FindingOf(report, "report.cannot-tell"), nullptr);
}

TEST(StitchedCipherTest, Sha256RowOfOpenssl3AlsoShowsAesNiRan) {
  const DoctorReport report =
      DiagnosePaste(Stitched("OpenSSL 3.0.13 30 Jan 2024", "AES-256-CBC-HMAC-SHA256"));
  EXPECT_NE(FindingOf(report, "report.aesni-stitched"), nullptr);
}

// Another library's `openssl speed` (or a paste that names none) proves nothing: the rule is
// OpenSSL's source, so the report still cannot tell.
TEST(StitchedCipherTest, OtherLibraryStitchedRowIsNotProof) {
  const DoctorReport report = DiagnosePaste(Stitched("LibreSSL 3.8.2", "aes-128-cbc-hmac-sha1"));
  EXPECT_EQ(FindingOf(report, "report.aesni-stitched"), nullptr);
  EXPECT_NE(FindingOf(report, "report.cannot-tell"), nullptr);
}

}  // namespace
}  // namespace cryptobench::diagnose
