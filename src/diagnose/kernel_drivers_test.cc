// Tests of the kernel driver table (data/kernel-crypto-drivers.csv) on driver names of Linux
// 6.1 to 6.18 (x86-64 and arm64 glue code, hardware engines).
// src/backends/afalg/proc_crypto_test.cc checks it knows every cipher and hash driver of recorded
// /proc/crypto files.
#include "diagnose/kernel_drivers.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace cryptobench::diagnose {
namespace {

KernelDriverRead ReadOne(const char* driver) {
  const std::vector<KernelDriverRead> reads = ReadKernelDriver(driver);
  EXPECT_EQ(reads.size(), 1u) << driver;
  return reads.empty() ? KernelDriverRead{} : reads.front();
}

TEST(KernelDriversTest, NamesTheInstructionsOfTheX86AndArmDrivers) {
  EXPECT_EQ(ReadOne("cbc-aes-aesni").instructions, "AES-NI");
  EXPECT_EQ(ReadOne("xts-aes-aesni-avx").instructions, "AES-NI");
  EXPECT_EQ(ReadOne("generic-gcm-aesni").instructions, "AES-NI PCLMULQDQ");
  EXPECT_EQ(ReadOne("rfc4106-gcm-aesni-avx").instructions, "AES-NI PCLMULQDQ");
  EXPECT_EQ(ReadOne("generic-gcm-vaes-avx512").instructions, "VAES VPCLMULQDQ");
  EXPECT_EQ(ReadOne("xts-aes-vaes-avx2").instructions, "VAES");
  EXPECT_EQ(ReadOne("sha256-ni").instructions, "SHA-NI");
  EXPECT_EQ(ReadOne("sha1-ni").instructions, "SHA-NI");
  EXPECT_EQ(ReadOne("ghash-clmulni").instructions, "PCLMULQDQ");
  EXPECT_EQ(ReadOne("cbc-aes-ce").instructions, "ARMv8 Crypto Extensions");
  for (const char* driver : {"cbc-aes-aesni", "sha256-ni", "cbc-aes-ce", "cbc-aes-padlock"}) {
    EXPECT_EQ(ReadOne(driver).klass, KernelDriverClass::kInstructions) << driver;
    EXPECT_FALSE(ReadOne(driver).source.empty()) << driver;
  }
}

TEST(KernelDriversTest, TellsSoftwareLibraryAndEngines) {
  EXPECT_EQ(ReadOne("sha256-avx2").klass, KernelDriverClass::kSimd);
  EXPECT_EQ(ReadOne("sha512-ssse3").klass, KernelDriverClass::kSimd);
  EXPECT_EQ(ReadOne("chacha20-simd").klass, KernelDriverClass::kSimd);
  EXPECT_EQ(ReadOne("cbc-aes-neonbs").klass, KernelDriverClass::kSimd);
  EXPECT_EQ(ReadOne("des3_ede-asm").klass, KernelDriverClass::kAsm);
  EXPECT_EQ(ReadOne("aes-generic").klass, KernelDriverClass::kGeneric);
  EXPECT_EQ(ReadOne("aes-fixed-time").klass, KernelDriverClass::kGeneric);
  // Scalar assembly of 32-bit ARM and arm64 kernels: cra_driver_name "aes-arm" and "aes-arm64"
  // in arch/arm/crypto/aes-cipher-glue.c and arch/arm64/crypto/aes-cipher-glue.c.
  EXPECT_EQ(ReadOne("aes-arm").klass, KernelDriverClass::kAsm);
  EXPECT_NE(ReadOne("aes-arm").source.find("arch/arm/crypto/aes-cipher-glue.c"), std::string::npos);
  EXPECT_EQ(ReadOne("aes-arm64").klass, KernelDriverClass::kAsm);
  EXPECT_NE(ReadOne("aes-arm64").source.find("arch/arm64/crypto/aes-cipher-glue.c"),
            std::string::npos);
  EXPECT_EQ(ReadOne("sha256-lib").klass, KernelDriverClass::kLibrary);
  EXPECT_EQ(ReadOne("qat_aes_cbc").klass, KernelDriverClass::kEngine);
  EXPECT_EQ(ReadOne("cbc-aes-ccp").klass, KernelDriverClass::kEngine);
  EXPECT_EQ(ReadOne("cbc-aes-caam-qi2").klass, KernelDriverClass::kEngine);
  EXPECT_EQ(ReadOne("cbc-aes-sun8i-ce").klass, KernelDriverClass::kEngine);  // not ARMv8 CE
  EXPECT_EQ(ReadOne("virtio_crypto_aes_cbc").klass, KernelDriverClass::kEngine);
  EXPECT_EQ(ReadOne("cbc-aes-mystery").klass, KernelDriverClass::kUnknown);
}

// The offload engines of router, NAS and board SoCs, by the driver names /proc/crypto lists and
// the module names lsmod prints (each row citing the driver that registers them).
TEST(KernelDriversTest, TellsTheEnginesOfBoardAndRouterSocs) {
  for (const char* driver :
       {"cbc(aes-eip93)", "crypto_hw_eip93", "cbc-aes-omap", "omap_aes_driver", "safexcel-cbc-aes",
        "mv-cbc-aes", "cbc-aes-qce", "qcrypto", "cbc-aes-geode", "geode_aes", "cbc-aes-sun4i-ss",
        "cbc-aes-sun8i-ss", "atmel-cbc-aes", "cbc-aes-rk", "cbc-aes-talitos", "cbc-aes-dcp"}) {
    const std::vector<KernelDriverRead> reads = ReadKernelDriver(driver);
    EXPECT_EQ(SlowestClass(reads), KernelDriverClass::kEngine) << driver;
    for (const KernelDriverRead& read : reads) {
      EXPECT_TRUE(read.source.starts_with("https://github.com/torvalds/linux/")) << driver;
    }
  }
  // A software driver whose name merely contains one of theirs is not one.
  EXPECT_EQ(ReadOne("cbc-aes-aesni").klass, KernelDriverClass::kInstructions);
  EXPECT_EQ(ReadOne("ecb-aes-ce").klass, KernelDriverClass::kInstructions);
}

// lsmod prints module names (dashes become underscores): the same table reads them.
TEST(KernelDriversTest, ReadsTheModuleNamesLsmodPrints) {
  EXPECT_EQ(ReadOne("aes_neon_bs").klass, KernelDriverClass::kSimd);
  EXPECT_EQ(ReadOne("aes_neon_blk").klass, KernelDriverClass::kSimd);
  EXPECT_EQ(ReadOne("aes_ce_blk").klass, KernelDriverClass::kInstructions);
  EXPECT_EQ(ReadOne("sha2_ce").klass, KernelDriverClass::kInstructions);
  EXPECT_EQ(ReadOne("aesni_intel").instructions, "AES-NI");
  EXPECT_EQ(ReadOne("sha256_generic").klass, KernelDriverClass::kGeneric);
  EXPECT_EQ(ReadOne("sun8i_ce").klass, KernelDriverClass::kEngine);
  EXPECT_EQ(ReadOne("crypto_safexcel").klass, KernelDriverClass::kEngine);
  EXPECT_EQ(ReadOne("marvell_cesa").klass, KernelDriverClass::kEngine);
  // Infrastructure, not a driver of any algorithm.
  EXPECT_EQ(ReadOne("cryptodev").klass, KernelDriverClass::kUnknown);
  EXPECT_EQ(ReadOne("crypto_simd").klass, KernelDriverClass::kUnknown);
}

TEST(KernelDriversTest, EverySourceIsAUrlIntoTheKernelTree) {
  for (const char* driver : {"cbc-aes-aesni", "aes-generic", "sha256-lib", "qat_aes_cbc",
                             "cbc-aes-neonbs", "aes_neon_bs", "sun8i_ce"}) {
    EXPECT_TRUE(ReadOne(driver).source.starts_with("https://github.com/torvalds/linux/"))
        << driver << ": " << ReadOne(driver).source;
  }
}

TEST(KernelDriversTest, ATemplateIsAsSlowAsItsSlowestDriver) {
  const std::vector<KernelDriverRead> generic =
      ReadKernelDriver("gcm_base(ctr(aes-generic),ghash-generic)");
  ASSERT_EQ(generic.size(), 2u);
  EXPECT_EQ(generic[0].driver, "aes-generic");
  EXPECT_EQ(generic[1].driver, "ghash-generic");
  EXPECT_EQ(SlowestClass(generic), KernelDriverClass::kGeneric);
  const std::vector<KernelDriverRead> mixed =
      ReadKernelDriver("gcm_base(ctr-aes-aesni,ghash-generic)");
  EXPECT_EQ(SlowestClass(mixed), KernelDriverClass::kGeneric);
  EXPECT_EQ(SlowestClass(ReadKernelDriver("ccm_base(ctr-aes-aesni,cbcmac(aes-aesni))")),
            KernelDriverClass::kInstructions);
  EXPECT_EQ(SlowestClass(ReadKernelDriver("cbc(aes-mystery)")), KernelDriverClass::kUnknown);
  EXPECT_EQ(SlowestClass({}), KernelDriverClass::kUnknown);
  EXPECT_EQ(DescribeKernelDriver("gcm_base(ctr-aes-aesni,ghash-generic)"),
            "gcm_base(ctr-aes-aesni,ghash-generic): ctr-aes-aesni: the CPU's AES-NI "
            "instructions; ghash-generic: portable C");
  EXPECT_EQ(DescribeKernelDriver("cbc-aes-aesni"), "cbc-aes-aesni: the CPU's AES-NI instructions");
}

TEST(KernelDriversTest, ReadsTheDriverOfAnAfalgImplementation) {
  EXPECT_EQ(DriverOfImplementation("cbc-aes-aesni (priority 400, module aesni_intel)"),
            "cbc-aes-aesni");
  EXPECT_EQ(DriverOfImplementation("cbc(aes-generic) (priority 100, built into the kernel)"),
            "cbc(aes-generic)");
  EXPECT_EQ(DriverOfImplementation("sha256-ni"), "sha256-ni");
}

}  // namespace
// One legend of the kernel's AES drivers, the same wherever a text explains them: it knows the
// constant-time generic driver and the scalar ARM ones (new-user tryout: aes-fixed-time and
// aes-arm were missing, and three texts said it three ways).
TEST(KernelDriversTest, OneAesDriverLegendKnowsTheSoftwareDrivers) {
  const std::string legend(KernelAesDriverLegend());
  for (const char* name : {"*-aesni", "*-vaes-*", "*-aes-ce", "aes-generic", "aes-fixed-time",
                           "aes-arm64", "aes-arm ", "*-neonbs"}) {
    EXPECT_NE(legend.find(name), std::string::npos) << name;
  }
  // Every driver the legend calls software reads as software in the table.
  for (const char* name : {"aes-generic", "aes-fixed-time", "aes-arm64", "aes-arm",
                           "cbc-aes-neonbs", "cbc-aes-neon"}) {
    EXPECT_GE(static_cast<int>(ReadOne(name).klass), static_cast<int>(KernelDriverClass::kSimd))
        << name;
    EXPECT_NE(ReadOne(name).klass, KernelDriverClass::kUnknown) << name;
  }
  EXPECT_NE(KernelAesDriverAdvice("aarch64").find(legend), std::string::npos);
}

}  // namespace cryptobench::diagnose
