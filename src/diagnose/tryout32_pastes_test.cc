// Pastes from the tryout-32 re-check that doctor --from misread.
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/diagnose_paste.h"

namespace cryptobench::diagnose {
namespace {

using ::cryptobench::testing::DiagnosePaste;
using ::cryptobench::testing::VerdictOf;
using ::testing::HasSubstr;
using ::testing::Not;

// D1: OpenSSL 1.0.2q on an IPQ807x router's Cortex-A53 (github.com/robimarko/openwrt issue 92,
// trimmed): 1.0.2 has no vpaes-armv8 or bsaes-armv8 (vpaes from 1.1.0, bsaes from 3.1:
// data/library-changes.csv), so its GCM figure is not named after them.
TEST(Tryout32PastesTest, OneZeroTwoGcmOnAarch64IsNotNamedAfterVpaesOrBsaes) {
  const DoctorReport report = DiagnosePaste(
      "root@XiaoQiang:~# openssl speed -evp aes-128-gcm\n"
      "Doing aes-128-gcm for 3s on 16 size blocks: 19946904 aes-128-gcm's in 2.90s\n"
      "Doing aes-128-gcm for 3s on 64 size blocks: 7941854 aes-128-gcm's in 2.90s\n"
      "Doing aes-128-gcm for 3s on 256 size blocks: 2386071 aes-128-gcm's in 2.91s\n"
      "Doing aes-128-gcm for 3s on 1024 size blocks: 635055 aes-128-gcm's in 2.91s\n"
      "Doing aes-128-gcm for 3s on 8192 size blocks: 80637 aes-128-gcm's in 2.90s\n"
      "OpenSSL 1.0.2q  20 Nov 2018\n"
      "built on: reproducible build, date unspecified\n"
      "options:bn(64,64) rc4(ptr,char) des(idx,cisc,2,int) aes(partial) blowfish(ptr) \n"
      "compiler: aarch64-openwrt-linux-gcc -I. -I.. -I../include  -fPIC -DOPENSSL_PIC "
      "-DOPENSSL_THREADS -D_REENTRANT -DDSO_DLFCN -DHAVE_DLFCN_H\n");
  const Verdict* gcm = VerdictOf(report, "AES-128-GCM", "encrypt");
  ASSERT_NE(gcm, nullptr);
  EXPECT_THAT(gcm->line, Not(HasSubstr("vpaes"))) << gcm->line;
  EXPECT_THAT(gcm->line, Not(HasSubstr("bsaes"))) << gcm->line;
  EXPECT_EQ(gcm->status, VerdictStatus::kUndetermined) << gcm->line;
}

}  // namespace
}  // namespace cryptobench::diagnose
