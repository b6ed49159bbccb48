#include "diagnose/library_facts.h"

#include <algorithm>
#include <filesystem>
#include <stdexcept>

#include <gtest/gtest.h>

namespace cryptobench::diagnose {
namespace {

std::vector<std::string_view> ModuleNames(const std::vector<AsmModule>& modules) {
  std::vector<std::string_view> names;
  for (const AsmModule& m : modules) {
    names.push_back(m.module);
  }
  return names;
}

bool Has(const std::vector<AsmModule>& modules, std::string_view name) {
  return std::any_of(modules.begin(), modules.end(),
                     [&](const AsmModule& m) { return m.module == name; });
}

// Binary junk around NUL-terminated strings, as in .text/.rodata.
std::string Embed(const std::vector<std::string>& strings) {
  std::string bytes;
  unsigned char junk = 0x90;
  for (const std::string& s : strings) {
    for (int i = 0; i < 37; ++i) {
      bytes.push_back(static_cast<char>(junk));
      junk = static_cast<unsigned char>(junk * 5 + 3);
    }
    bytes += s;
    bytes.push_back('\0');
  }
  bytes += "\x01\x02\xff";
  return bytes;
}

TEST(FindAsmModulesTest, FindsBothAuthorVariantsAmongJunk) {
  const std::string bytes = Embed({
      "AES for Intel AES-NI, CRYPTOGAMS by <appro@openssl.org>",       // 3.x
      "GHASH for x86_64, CRYPTOGAMS by <https://github.com/dot-asm>",  // master
      "Vector Permutation AES for x86_64/SSSE3, Mike Hamburg (Stanford University)",
      "Bit-sliced AES for x86_64/SSSE3, Emilia K\xc3\xa4sper, Peter Schwabe, Andy Polyakov",
  });
  const auto found = FindAsmModules(bytes);
  EXPECT_EQ(ModuleNames(found), (std::vector<std::string_view>{"aesni-x86_64", "vpaes-x86_64",
                                                               "bsaes-x86_64", "ghash-x86_64"}));
  ASSERT_EQ(found.size(), 4u);
  EXPECT_EQ(found[0].id_string, "AES for Intel AES-NI, CRYPTOGAMS by <appro@openssl.org>");
  EXPECT_EQ(found[0].primitive, "AES (AES-NI)");
  EXPECT_EQ(found[2].id_string,
            "Bit-sliced AES for x86_64/SSSE3, Emilia K\xc3\xa4sper, Peter Schwabe, Andy Polyakov");
  EXPECT_EQ(found[3].id_string, "GHASH for x86_64, CRYPTOGAMS by <https://github.com/dot-asm>");
  // "AES for x86_64, " (table-based aes-x86_64) must not match inside the vpaes/bsaes strings.
  EXPECT_FALSE(Has(found, "aes-x86_64"));
}

TEST(FindAsmModulesTest, NothingInNothing) {
  EXPECT_TRUE(FindAsmModules("").empty());
  EXPECT_TRUE(FindAsmModules(Embed({"GHASH for x86_64", "SHA256 block transform"})).empty());
}

TEST(FindAsmModulesTest, SharedGhashV8StringNeedsTwoOccurrences) {
  const std::string ghash_v8 = "GHASH for ARMv8, CRYPTOGAMS by <https://github.com/dot-asm>";
  EXPECT_EQ(ModuleNames(FindAsmModules(Embed({ghash_v8}))),
            std::vector<std::string_view>{"ghashv8-armx"});
  EXPECT_EQ(ModuleNames(FindAsmModules(
                Embed({ghash_v8, "ChaCha20 for ARMv8, CRYPTOGAMS by @dot-asm", ghash_v8}))),
            (std::vector<std::string_view>{"ghashv8-armx", "aes-gcm-armv8_64", "chacha-armv8"}));
}

// Full ID strings as master's perlasm emits them (cpb-reference.md, 6.1-6.3), with the module
// each must identify on its own: no table prefix may match inside another module's string.
struct IdCase {
  std::string_view module;
  std::string id;
};
const std::vector<IdCase>& MasterIdStrings() {
  static const std::vector<IdCase> cases = {
      {"aes-x86_64", "AES for x86_64, CRYPTOGAMS by <https://github.com/dot-asm>"},
      {"aesni-gcm-x86_64",
       "AES-NI GCM module for x86_64, CRYPTOGAMS by <https://github.com/dot-asm>"},
      {"aesni-sha1-x86_64",
       "AESNI-CBC+SHA1 stitch for x86_64, CRYPTOGAMS by <https://github.com/dot-asm>"},
      {"aesni-sha256-x86_64",
       "AESNI-CBC+SHA256 stitch for x86_64, CRYPTOGAMS by <https://github.com/dot-asm>"},
      {"aesni-x86_64", "AES for Intel AES-NI, CRYPTOGAMS by <https://github.com/dot-asm>"},
      {"bsaes-x86_64",
       "Bit-sliced AES for x86_64/SSSE3, Emilia K\xc3\xa4sper, Peter Schwabe, Andy Polyakov"},
      {"chacha-x86_64", "ChaCha20 for x86_64, CRYPTOGAMS by <https://github.com/dot-asm>"},
      {"ghash-x86_64", "GHASH for x86_64, CRYPTOGAMS by <https://github.com/dot-asm>"},
      {"keccak1600-x86_64",
       "Keccak-1600 absorb and squeeze for x86_64, CRYPTOGAMS by <https://github.com/dot-asm>"},
      {"poly1305-x86_64", "Poly1305 for x86_64, CRYPTOGAMS by <https://github.com/dot-asm>"},
      {"sha1-mb-x86_64",
       "SHA1 multi-block transform for x86_64, CRYPTOGAMS by <https://github.com/dot-asm>"},
      {"sha1-x86_64",
       "SHA1 block transform for x86_64, CRYPTOGAMS by <https://github.com/dot-asm>"},
      {"sha256-mb-x86_64",
       "SHA256 multi-block transform for x86_64, CRYPTOGAMS by <https://github.com/dot-asm>"},
      {"sha256-x86_64",
       "SHA256 block transform for x86_64, CRYPTOGAMS by <https://github.com/dot-asm>"},
      {"sha512-x86_64",
       "SHA512 block transform for x86_64, CRYPTOGAMS by <https://github.com/dot-asm>"},
      {"vpaes-x86_64",
       "Vector Permutation AES for x86_64/SSSE3, Mike Hamburg (Stanford University)"},
      {"x25519-x86_64", "X25519 primitives for x86_64, CRYPTOGAMS by <https://github.com/dot-asm>"},
      {"x86_64-gf2m",
       "GF(2^m) Multiplication for x86_64, CRYPTOGAMS by <https://github.com/dot-asm>"},
      {"x86_64-mont",
       "Montgomery Multiplication for x86_64, CRYPTOGAMS by <https://github.com/dot-asm>"},
      {"x86_64-mont5",
       "Montgomery Multiplication with scatter/gather for x86_64, CRYPTOGAMS by "
       "<https://github.com/dot-asm>"},
      {"aes-gcm-armv8-unroll8_64",
       "AES GCM module for ARMv8, SPDX BSD-3-Clause by <xiaokang.qian@arm.com>"},
      {"armv8-mont",
       "Montgomery Multiplication for ARMv8, CRYPTOGAMS by <https://github.com/dot-asm>"},
      {"chacha-armv8", "ChaCha20 for ARMv8, CRYPTOGAMS by @dot-asm"},
      {"ecp_nistz256-armv8", "ECP_NISTZ256 for ARMv8, CRYPTOGAMS by <https://github.com/dot-asm>"},
      {"ghashv8-armx", "GHASH for ARMv8, CRYPTOGAMS by <https://github.com/dot-asm>"},
      {"keccak1600-armv8",
       "Keccak-1600 absorb and squeeze for ARMv8, CRYPTOGAMS by <https://github.com/dot-asm>"},
      {"poly1305-armv8", "Poly1305 for ARMv8, CRYPTOGAMS by <https://github.com/dot-asm>"},
      {"sha1-armv8", "SHA1 block transform for ARMv8, CRYPTOGAMS by <https://github.com/dot-asm>"},
      {"sha256-armv8",
       "SHA256 block transform for ARMv8, CRYPTOGAMS by <https://github.com/dot-asm>"},
      {"sha512-armv8",
       "SHA512 block transform for ARMv8, CRYPTOGAMS by <https://github.com/dot-asm>"},
      {"vpaes-armv8", "Vector Permutation AES for ARMv8, Mike Hamburg (Stanford University)"},
      {"aes-armv4", "AES for ARMv4, CRYPTOGAMS by <https://github.com/dot-asm>"},
      {"armv4-mont",
       "Montgomery multiplication for ARMv4/NEON, CRYPTOGAMS by <https://github.com/dot-asm>"},
      {"bsaes-armv7", "Bit-sliced AES for NEON, CRYPTOGAMS by <https://github.com/dot-asm>"},
      {"ghash-armv4", "GHASH for ARMv4/NEON, CRYPTOGAMS by <https://github.com/dot-asm>"},
      {"ghashv8-armx", "GHASH for ARMv8, CRYPTOGAMS by <https:@ github.com/dot-asm>"},
      {"keccak1600-armv4",
       "Keccak-1600 absorb and squeeze for ARMv4/NEON, CRYPTOGAMS by <https://github.com/dot-asm>"},
      {"poly1305-armv4", "Poly1305 for ARMv4/NEON, CRYPTOGAMS by <https://github.com/dot-asm>"},
      {"sha1-armv4-large",
       "SHA1 block transform for ARMv4/NEON/ARMv8, CRYPTOGAMS by <https://github.com/dot-asm>"},
      {"sha256-armv4",
       "SHA256 block transform for ARMv4/NEON/ARMv8, CRYPTOGAMS by <https://github.com/dot-asm>"},
      {"sha512-armv4",
       "SHA512 block transform for ARMv4/NEON, CRYPTOGAMS by <https://github.com/dot-asm>"},
  };
  return cases;
}

TEST(FindAsmModulesTest, EachMasterIdStringNamesExactlyItsModule) {
  for (const IdCase& c : MasterIdStrings()) {
    const auto found = FindAsmModules(Embed({c.id}));
    ASSERT_EQ(found.size(), 1u) << c.id;
    EXPECT_EQ(found[0].module, c.module) << c.id;
    EXPECT_EQ(found[0].id_string, c.id);
  }
}

TEST(FindAsmModulesTest, AllStringsTogetherFindEveryModuleOnce) {
  std::vector<std::string> all;
  std::vector<std::string_view> expected;
  for (const IdCase& c : MasterIdStrings()) {
    all.push_back(c.id);
    if (std::find(expected.begin(), expected.end(), c.module) == expected.end()) {
      expected.push_back(c.module);
    }
  }
  auto names = ModuleNames(FindAsmModules(Embed(all)));
  // Two "GHASH for ARMv8" strings (AArch64 and ARMv4 ghashv8-armx) also report aes-gcm-armv8_64.
  expected.push_back("aes-gcm-armv8_64");
  std::sort(names.begin(), names.end());
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(names, expected);
}

TEST(FindAsmModulesTest, DebianLibcrypto3) {
  const std::string path = "/usr/lib/x86_64-linux-gnu/libcrypto.so.3";
  if (!std::filesystem::exists(path)) {
    GTEST_SKIP() << path << " not present";
  }
  const auto found = FindAsmModulesInFile(path);
  for (std::string_view module : {"aesni-x86_64", "vpaes-x86_64", "bsaes-x86_64", "ghash-x86_64",
                                  "sha256-x86_64", "sha512-x86_64"}) {
    EXPECT_TRUE(Has(found, module)) << module;
  }
  // A 3.x build: the CRYPTOGAMS strings name appro@openssl.org, and nothing from ARM matches.
  for (const AsmModule& m : found) {
    EXPECT_EQ(m.module.find("arm"), std::string_view::npos) << m.module;
  }
}

TEST(FindAsmModulesTest, UnreadableFileThrowsWithPath) {
  try {
    FindAsmModulesInFile("/nonexistent/libcrypto.so");
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/libcrypto.so"), std::string::npos);
  }
}

TEST(AsmDefinesTest, OpenSsl111CompilerLine) {
  // A 1.1.1 linux-x86_64 "compiler:" line (openssl version -a).
  const auto defines = AsmDefines(
      "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 -DOPENSSL_USE_NODELETE "
      "-DL_ENDIAN -DOPENSSL_PIC -DOPENSSL_CPUID_OBJ -DOPENSSL_IA32_SSE2 -DOPENSSL_BN_ASM_MONT "
      "-DOPENSSL_BN_ASM_MONT5 -DOPENSSL_BN_ASM_GF2m -DSHA1_ASM -DSHA256_ASM -DSHA512_ASM "
      "-DKECCAK1600_ASM -DRC4_ASM -DMD5_ASM -DAESNI_ASM -DVPAES_ASM -DGHASH_ASM "
      "-DECP_NISTZ256_ASM -DX25519_ASM -DPOLY1305_ASM -DNDEBUG");
  EXPECT_EQ(defines,
            (std::vector<std::string>{"SHA1_ASM", "SHA256_ASM", "SHA512_ASM", "KECCAK1600_ASM",
                                      "RC4_ASM", "MD5_ASM", "AESNI_ASM", "VPAES_ASM", "GHASH_ASM",
                                      "ECP_NISTZ256_ASM", "X25519_ASM", "POLY1305_ASM"}));
}

TEST(AsmDefinesTest, OpenSsl30CompilerLineHasNone) {
  // `openssl version -a` of Debian's OpenSSL 3.0.19 on the development machine.
  EXPECT_TRUE(
      AsmDefines("compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall "
                 "-fzero-call-used-regs=used-gpr -DOPENSSL_TLS_SECURITY_LEVEL=2 "
                 "-Wa,--noexecstack -g -O2 "
                 "-ffile-prefix-map=/build/reproducible-path/openssl-3.0.19=. "
                 "-fstack-protector-strong -Wformat -Werror=format-security "
                 "-DOPENSSL_USE_NODELETE -DL_ENDIAN -DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL "
                 "-DNDEBUG -Wdate-time -D_FORTIFY_SOURCE=2")
          .empty());
}

TEST(AsmDefinesTest, TokenRules) {
  EXPECT_EQ(AsmDefines("-DAES_ASM=1 -DAES_ASM -Dlower_ASM -D_ASM -DX_ASMX -XDY_ASM\t-DBSAES_ASM"),
            (std::vector<std::string>{"AES_ASM", "BSAES_ASM"}));
  EXPECT_TRUE(AsmDefines("").empty());
  EXPECT_TRUE(AsmDefines("-DOPENSSL_NO_ASM").empty());  // turns assembly off
}

TEST(CompilerLineTokensTest, SplitsAtRunsOfBlanksAndDropsEmptyTokens) {
  EXPECT_EQ(
      CompilerLineTokens("  compiler: gcc\t-O3  -DOPENSSL_PIC -DNDEBUG\r\n"),
      (std::vector<std::string_view>{"compiler:", "gcc", "-O3", "-DOPENSSL_PIC", "-DNDEBUG"}));
  EXPECT_TRUE(CompilerLineTokens(" \t ").empty());
}

}  // namespace
}  // namespace cryptobench::diagnose
