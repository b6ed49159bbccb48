// Compare names the cpb classes doctor --from names for the same run: one filter
// (diagnose::verdict_internal::ClassReachable) for the release, the capability vector and the
// flags line (new-user tryout 20, item 13: compare listed VAES-AVX512 for a 3.0.13 side whose
// vector has VAES clear, which doctor --from leaves out).
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "compare/compare.h"
#include "compare/sides.h"
#include "diagnose/doctor_from.h"
#include "diagnose/doctor_model.h"
#include "import/import.h"

namespace cryptobench::compare {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// `openssl version -a` then `openssl speed -evp aes-128-gcm` of Debian's 3.0.13 on x86-64.
std::string GcmPaste(const std::string& cpuinfo, const std::string& kbytes_16k) {
  const std::string header =
      "built on: Mon Apr  8 10:12:44 2024 UTC\n"
      "options: bn(64,64)\n"
      "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O2 -DOPENSSL_USE_NODELETE "
      "-DL_ENDIAN -DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n"
      "CPUINFO: OPENSSL_ia32cap=" +
      cpuinfo + "\n";
  return "$ openssl version -a\n"
         "OpenSSL 3.0.13 30 Jan 2024 (Library: OpenSSL 3.0.13 30 Jan 2024)\n"
         "platform: debian-amd64\n" +
         header + "$ openssl speed -evp aes-128-gcm\nversion: 3.0.13\n" + header +
         "The 'numbers' are in 1000s of bytes per second processed.\n"
         "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
         "bytes\n"
         "AES-128-GCM     580340.12k  1598304.50k  3588102.40k  5248102.83k  " +
         kbytes_16k + "  " + kbytes_16k + "\n";
}

Side Load(const std::string& text, const std::string& name) {
  std::vector<Side> sides = LoadFileSides(text, name, name);
  EXPECT_EQ(sides.size(), 1u);
  HostFacts host;
  host.arch = "x86_64";
  ResolveSideFacts(sides.front(), host);
  return std::move(sides.front());
}

TEST(CompareClassFilterTest, ASidesClassesAreTheOnesDoctorNames) {
  // A: AES-NI, AVX, PCLMULQDQ set, VAES clear (LV1 0x29c67af: leaf 7 ECX is 0); B: AES-NI clear.
  const std::string a_text = GcmPaste("0x7ffaf3ffffebffff:0x29c67af", "6080225.28k");
  const std::string b_text = GcmPaste("0x7dfaf3ffffebffff:0x0", "148223.70k");
  const std::vector<Finding> findings =
      Compare({Load(a_text, "a.txt"), Load(b_text, "b.txt")}, CompareOptions{})
          .pairs.at(0)
          .findings;
  std::string classes;
  for (const Finding& f : findings) {
    if (f.id == "cpb-class") {
      classes += f.text + "\n";
    }
  }
  EXPECT_THAT(classes, HasSubstr("AES-NI+AVX stitched")) << classes;
  EXPECT_THAT(classes, Not(HasSubstr("VAES-AVX512"))) << classes;
  // doctor --from on A alone leaves it out too.
  const std::vector<results::RunResult> runs = import::ImportText(a_text, "a.txt");
  const diagnose::DoctorReport doctor = diagnose::DiagnoseReport(runs.back());
  for (const diagnose::Verdict& v : doctor.verdicts) {
    EXPECT_THAT(v.line, Not(HasSubstr("VAES-AVX512"))) << v.line;
  }
}

}  // namespace
}  // namespace cryptobench::compare
