// Tests of the /proc/crypto parser and driver choice on recorded and hand-written fixtures
// (tests/fixtures/afalg/README.md).
#include "backends/afalg/proc_crypto.h"

#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "diagnose/kernel_drivers.h"

namespace cryptobench::backends::afalg {
namespace {

std::vector<ProcCryptoEntry> Fixture(const std::string& file) {
  std::ifstream in(std::string(CRYPTOBENCH_TEST_DATA_DIR) + "/fixtures/afalg/" + file);
  std::ostringstream text;
  text << in.rdbuf();
  EXPECT_FALSE(text.str().empty()) << file;
  return ParseProcCrypto(text.str());
}

std::string Driver(const std::vector<ProcCryptoEntry>& entries, std::string_view name,
                   std::string_view socket_type) {
  const ProcCryptoEntry* entry = ServingDriver(entries, name, socket_type);
  return entry != nullptr ? entry->driver : "(none)";
}

TEST(ProcCryptoParseTest, ReadsEveryFieldOfABlock) {
  const std::vector<ProcCryptoEntry> entries = Fixture("proc-crypto-aesni.txt");
  ASSERT_EQ(entries.size(), 41u);
  const ProcCryptoEntry& first = entries[0];
  EXPECT_EQ(first.name, "rfc7539(chacha20,poly1305)");
  EXPECT_EQ(first.driver, "rfc7539(chacha20-simd,poly1305-simd)");
  EXPECT_EQ(first.module, "chacha20poly1305");
  EXPECT_EQ(first.priority, 300);
  EXPECT_EQ(first.type, "aead");
  EXPECT_EQ(first.selftest, "passed");
  EXPECT_FALSE(first.internal);
  const auto internal = std::count_if(entries.begin(), entries.end(),
                                      [](const ProcCryptoEntry& e) { return e.internal; });
  EXPECT_EQ(internal, 5);
}

TEST(ProcCryptoParseTest, ToleratesMissingBlankLinesAndJunk) {
  const std::vector<ProcCryptoEntry> entries = ParseProcCrypto(
      "name : a\ndriver : a-1\npriority : x7\nname : b\ndriver : b-1\nno colon here\n"
      "priority:   12  \r\n\n\nname : lonely\n");
  ASSERT_EQ(entries.size(), 2u);  // "lonely" has no driver
  EXPECT_EQ(entries[0].driver, "a-1");
  EXPECT_EQ(entries[0].priority, 0);  // unreadable
  EXPECT_EQ(entries[1].driver, "b-1");
  EXPECT_EQ(entries[1].priority, 12);
  EXPECT_TRUE(ParseProcCrypto("").empty());
}

TEST(ProcCryptoDriverTest, AesNiMachinePicksTheHighestPriorityPublicDriver) {
  const std::vector<ProcCryptoEntry> entries = Fixture("proc-crypto-aesni.txt");
  EXPECT_EQ(Driver(entries, "cbc(aes)", "skcipher"), "cbc-aes-aesni");  // not __cbc-aes-aesni
  EXPECT_EQ(Driver(entries, "xts(aes)", "skcipher"), "xts-aes-aesni");
  EXPECT_EQ(Driver(entries, "ctr(aes)", "skcipher"), "ctr-aes-aesni");
  EXPECT_EQ(Driver(entries, "gcm(aes)", "aead"), "generic-gcm-aesni");
  EXPECT_EQ(Driver(entries, "ccm(aes)", "aead"), "ccm_base(ctr-aes-aesni,cbcmac(aes-aesni))");
  EXPECT_EQ(Driver(entries, "rfc7539(chacha20,poly1305)", "aead"),
            "rfc7539(chacha20-simd,poly1305-simd)");
  EXPECT_EQ(Driver(entries, "chacha20", "skcipher"), "chacha20-simd");  // 300 beats 100
  EXPECT_EQ(Driver(entries, "sha256", "hash"), "sha256-ni");            // 250 of four
  EXPECT_EQ(Driver(entries, "sha512", "hash"), "sha512-avx2");
  EXPECT_EQ(Driver(entries, "hmac(sha256)", "hash"), "hmac(sha256-ni)");
  EXPECT_EQ(Driver(entries, "cmac(aes)", "hash"), "cmac(aes-aesni)");
  EXPECT_EQ(Driver(entries, "md5", "hash"), "md5-generic");  // priority 0 still serves
  // The bare block cipher is type "cipher": no AF_ALG socket type takes it.
  EXPECT_EQ(Driver(entries, "aes", "skcipher"), "(none)");
  // Not instantiated yet: nothing to report until bind() builds it.
  EXPECT_EQ(Driver(entries, "hmac(sha512)", "hash"), "(none)");
}

TEST(ProcCryptoDriverTest, GenericMachineGetsGenericTemplates) {
  const std::vector<ProcCryptoEntry> entries = Fixture("proc-crypto-generic.txt");
  EXPECT_EQ(Driver(entries, "cbc(aes)", "skcipher"), "cbc(aes-generic)");
  EXPECT_EQ(Driver(entries, "gcm(aes)", "aead"), "gcm_base(ctr(aes-generic),ghash-generic)");
  EXPECT_EQ(Driver(entries, "sha256", "hash"), "sha256-generic");
  EXPECT_EQ(Driver(entries, "hmac(sha256)", "hash"), "hmac(sha256-generic)");
  const ProcCryptoEntry* cbc = ServingDriver(entries, "cbc(aes)", "skcipher");
  ASSERT_NE(cbc, nullptr);
  EXPECT_EQ(DescribeDriver(*cbc), "cbc(aes-generic) (priority 100, built into the kernel)");
}

TEST(ProcCryptoDriverTest, RecordedKernelServesLskcipherToSkcipherSockets) {
  const std::vector<ProcCryptoEntry> entries = Fixture("proc-crypto-recorded-6.18.txt");
  EXPECT_EQ(entries.size(), 56u);
  EXPECT_EQ(Driver(entries, "cbc(aes)", "skcipher"), "cbc(ecb(aes-fixed-time))");
  EXPECT_EQ(Driver(entries, "cbc(aes)", "aead"), "(none)");
  EXPECT_EQ(Driver(entries, "sha256", "hash"), "sha256-lib");
  EXPECT_EQ(Driver(entries, "hmac(sha256)", "hash"), "hmac-sha256-lib");
  EXPECT_EQ(Driver(entries, "sha3-256", "hash"), "sha3-256-generic");
}

TEST(ProcCryptoDriverTest, SkipsUntestedAndInternalAndKeepsTheFirstOnATie) {
  const std::vector<ProcCryptoEntry> entries = ParseProcCrypto(
      "name : sha256\ndriver : sha256-fast\nmodule : m\npriority : 500\nselftest : unknown\n"
      "type : shash\n\n"
      "name : sha256\ndriver : sha256-inner\npriority : 450\nselftest : passed\ninternal : yes\n"
      "type : shash\n\n"
      "name : sha256\ndriver : sha256-first\npriority : 200\nselftest : passed\ntype : ahash\n\n"
      "name : sha256\ndriver : sha256-second\npriority : 200\nselftest : passed\ntype : shash\n\n"
      "name : sha256\ndriver : sha256-old-kernel\npriority : 150\ntype : shash\n");
  EXPECT_EQ(Driver(entries, "sha256", "hash"), "sha256-first");
  // Without a selftest field (older kernels) the entry counts as usable.
  EXPECT_EQ(Driver({entries.back()}, "sha256", "hash"), "sha256-old-kernel");
}

TEST(ProcCryptoDriverTest, SocketTypesTakeTheirEntryTypes) {
  EXPECT_TRUE(TypeServesSocket("skcipher", "skcipher"));
  EXPECT_TRUE(TypeServesSocket("lskcipher", "skcipher"));
  EXPECT_FALSE(TypeServesSocket("cipher", "skcipher"));
  EXPECT_TRUE(TypeServesSocket("aead", "aead"));
  EXPECT_TRUE(TypeServesSocket("shash", "hash"));
  EXPECT_TRUE(TypeServesSocket("ahash", "hash"));
  EXPECT_FALSE(TypeServesSocket("akcipher", "hash"));
}

// Every driver a real kernel lists is known to the driver table (diagnose/kernel_drivers.h), apart
// from the kinds the AF_ALG backend never serves (compression, RNGs, public key, checksums and
// internal helpers).
TEST(ProcCryptoDriverTest, TheDriverTableKnowsEveryCipherAndHashDriverOfRealKernels) {
  for (const char* fixture :
       {"proc-crypto-aesni.txt", "proc-crypto-generic.txt", "proc-crypto-recorded-6.18.txt",
        "proc-crypto-debian12-guest-aesni.txt", "proc-crypto-debian12-guest-generic.txt"}) {
    size_t served = 0;
    for (const ProcCryptoEntry& entry : Fixture(fixture)) {
      const bool cipher_or_hash = entry.type == "skcipher" || entry.type == "lskcipher" ||
                                  entry.type == "aead" || entry.type == "shash" ||
                                  entry.type == "ahash";
      if (!cipher_or_hash || entry.internal || entry.name.rfind("crc", 0) == 0 ||
          entry.name.find("null") != std::string::npos) {
        continue;
      }
      ++served;
      EXPECT_NE(diagnose::SlowestClass(diagnose::ReadKernelDriver(entry.driver)),
                diagnose::KernelDriverClass::kUnknown)
          << fixture << ": " << entry.driver;
    }
    EXPECT_GT(served, 5u) << fixture;
  }
}

}  // namespace
}  // namespace cryptobench::backends::afalg
