// Tests of the algorithm catalogue: name and alias resolution, suggestions, the default suite
// and the small vocabulary functions.
#include "algorithms/catalog.h"

#include <algorithm>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

namespace cryptobench {
namespace {

std::string_view NameOf(const AlgorithmInfo* alg) { return alg == nullptr ? "(null)" : alg->name; }

TEST(CatalogTest, ResolvesCanonicalNamesAndAliases) {
  EXPECT_EQ(NameOf(FindAlgorithm("AES-128-CBC")), "AES-128-CBC");
  EXPECT_EQ(NameOf(FindAlgorithm("aes-128-cbc")), "AES-128-CBC");
  EXPECT_EQ(NameOf(FindAlgorithm("AES128-CBC")), "AES-128-CBC");
  EXPECT_EQ(NameOf(FindAlgorithm("aes128")), "AES-128-CBC");
  EXPECT_EQ(NameOf(FindAlgorithm("AES_128_CBC")), "AES-128-CBC");
  EXPECT_EQ(NameOf(FindAlgorithm("rsa2048")), "RSA-2048");
  EXPECT_EQ(NameOf(FindAlgorithm("ecdsap256")), "ECDSA-P256");
  EXPECT_EQ(NameOf(FindAlgorithm("sha256")), "SHA-256");
  EXPECT_EQ(NameOf(FindAlgorithm("3des")), "DES-EDE3-CBC");
  EXPECT_EQ(NameOf(FindAlgorithm("ChaCha20-Poly1305")), "ChaCha20-Poly1305");
  EXPECT_EQ(NameOf(FindAlgorithm("chacha20")), "ChaCha20");
  EXPECT_EQ(NameOf(FindAlgorithm("xchacha20_poly1305")), "XChaCha20-Poly1305");
  EXPECT_EQ(NameOf(FindAlgorithm("xchachapoly")), "XChaCha20-Poly1305");
  EXPECT_EQ(NameOf(FindAlgorithm("x25519")), "X25519");
}

TEST(CatalogTest, UnknownNamesResolveToNull) {
  EXPECT_EQ(FindAlgorithm("unknown"), nullptr);
  EXPECT_EQ(FindAlgorithm("aes-129-cbc"), nullptr);
  EXPECT_EQ(FindAlgorithm(""), nullptr);
  EXPECT_EQ(FindAlgorithm("--"), nullptr);  // nothing left after dropping separators
}

TEST(CatalogTest, NamesAreUniqueAndResolveToThemselves) {
  std::set<std::string_view> names;
  for (const AlgorithmInfo& alg : Catalog()) {
    EXPECT_TRUE(names.insert(alg.name).second) << "duplicate name " << alg.name;
    EXPECT_EQ(FindAlgorithm(alg.name), &alg) << alg.name;
  }
}

TEST(CatalogTest, NoAliasIsSharedOrShadowed) {
  // An alias shared by two algorithms, or equal to another algorithm's name, would resolve to
  // the other algorithm here.
  for (const AlgorithmInfo& alg : Catalog()) {
    for (std::string_view alias : alg.aliases) {
      EXPECT_EQ(NameOf(FindAlgorithm(alias)), alg.name) << "alias " << alias;
    }
  }
}

TEST(CatalogTest, SuggestsCloseNames) {
  const std::vector<std::string> suggestions = SuggestAlgorithms("aes-129-cbc");
  ASSERT_FALSE(suggestions.empty());
  EXPECT_NE(std::find(suggestions.begin(), suggestions.end(), "AES-128-CBC"), suggestions.end());
  EXPECT_LE(suggestions.size(), 3u);
  EXPECT_EQ(SuggestAlgorithms("sha-257", 1), std::vector<std::string>{"SHA-256"});
  EXPECT_TRUE(SuggestAlgorithms("completely-unrelated-name").empty());
}

TEST(CatalogTest, DefaultSuiteIsTheDocumentedList) {
  // The documented suite; DefaultSuite() returns it in catalogue order (ciphers, AEADs, hashes,
  // MACs, public key), so DES-EDE3-CBC comes with the ciphers.
  const std::set<std::string_view> expected = {
      "AES-128-CBC",       "AES-256-CBC",  "AES-128-CTR", "AES-128-GCM", "AES-256-GCM",
      "ChaCha20-Poly1305", "DES-EDE3-CBC", "MD5",         "SHA-1",       "SHA-256",
      "SHA-512",           "SHA3-256",     "HMAC-SHA256", "RSA-2048",    "RSA-4096",
      "ECDSA-P256",        "Ed25519",      "X25519"};
  const std::vector<const AlgorithmInfo*> suite = DefaultSuite();
  std::set<std::string_view> actual;
  for (const AlgorithmInfo* alg : suite) {
    actual.insert(alg->name);
  }
  EXPECT_EQ(suite.size(), 18u);
  EXPECT_EQ(actual, expected);
  const AlgorithmInfo* catalog_begin = Catalog().data();
  EXPECT_TRUE(std::is_sorted(suite.begin(), suite.end(),
                             [catalog_begin](const AlgorithmInfo* a, const AlgorithmInfo* b) {
                               return a - catalog_begin < b - catalog_begin;
                             }))
      << "not in catalogue order";
}

TEST(CatalogTest, SymmetricParametersAreConsistent) {
  for (const AlgorithmInfo& alg : Catalog()) {
    // Only algorithms OpenSSL does not have leave openssl_name empty.
    EXPECT_EQ(alg.openssl_name.empty(), alg.name == "XChaCha20-Poly1305") << alg.name;
    EXPECT_FALSE(alg.speed_name.empty()) << alg.name;
    if (!IsSymmetric(alg.kind)) {
      EXPECT_GT(alg.key_len, 0u) << alg.name;
      continue;
    }
    EXPECT_GT(alg.block_len, 0u) << alg.name;
    if (alg.kind == AlgorithmKind::kAead || alg.kind == AlgorithmKind::kHash ||
        alg.kind == AlgorithmKind::kMac) {
      EXPECT_GT(alg.tag_len, 0u) << alg.name;
    }
    if (alg.kind == AlgorithmKind::kCipher || alg.kind == AlgorithmKind::kAead) {
      EXPECT_GT(alg.key_len, 0u) << alg.name;
    }
  }
}

// The typed fields (primitive, mode, key_bits) agree with the kind and the byte lengths, so
// code that reads them instead of the name gets the same answer the name would give.
TEST(CatalogTest, TypedFieldsAgreeWithKindAndLengths) {
  using M = AlgorithmMode;
  using P = AlgorithmPrimitive;
  for (const AlgorithmInfo& alg : Catalog()) {
    switch (alg.kind) {
      case AlgorithmKind::kCipher:
        EXPECT_TRUE(alg.mode == M::kCbc || alg.mode == M::kCtr || alg.mode == M::kEcb ||
                    alg.mode == M::kXts || (alg.mode == M::kNone && alg.primitive == P::kChaCha20))
            << alg.name;
        break;
      case AlgorithmKind::kAead:
        EXPECT_TRUE(alg.mode == M::kGcm || alg.mode == M::kCcm || alg.mode == M::kPoly1305)
            << alg.name;
        break;
      case AlgorithmKind::kHash:
        EXPECT_EQ(alg.mode, M::kNone) << alg.name;
        EXPECT_EQ(alg.key_bits, 0u) << alg.name;
        break;
      case AlgorithmKind::kMac:
        EXPECT_TRUE(alg.mode == M::kHmac || alg.mode == M::kCmac ||
                    (alg.mode == M::kNone && alg.primitive == P::kPoly1305))
            << alg.name;
        break;
      case AlgorithmKind::kSignature:
        EXPECT_TRUE(alg.primitive == P::kRsa || alg.primitive == P::kEcdsa ||
                    alg.primitive == P::kEd25519)
            << alg.name;
        EXPECT_EQ(alg.mode, M::kNone) << alg.name;
        break;
      case AlgorithmKind::kKeyAgreement:
        EXPECT_TRUE(alg.primitive == P::kX25519 || alg.primitive == P::kEcdh) << alg.name;
        EXPECT_EQ(alg.mode, M::kNone) << alg.name;
        break;
    }
    if (alg.kind != AlgorithmKind::kHash) {
      // XTS keys are two AES keys (IEEE 1619 5.1); every other key_len is the stated key size.
      EXPECT_EQ(alg.key_len * 8, alg.key_bits * (alg.mode == M::kXts ? 2 : 1)) << alg.name;
    }
    if (alg.primitive == P::kAes && alg.kind != AlgorithmKind::kMac) {
      EXPECT_EQ(alg.block_len, 16u) << alg.name;
    }
    EXPECT_EQ(NeedsWholeBlocks(alg), alg.mode == M::kCbc || alg.mode == M::kEcb) << alg.name;
  }
}

TEST(CatalogTest, TypedFieldsOfSomeEntries) {
  const AlgorithmInfo& xts = *FindAlgorithm("AES-256-XTS");
  EXPECT_EQ(xts.primitive, AlgorithmPrimitive::kAes);
  EXPECT_EQ(xts.mode, AlgorithmMode::kXts);
  EXPECT_EQ(xts.key_bits, 256u);
  const AlgorithmInfo& cmac = *FindAlgorithm("CMAC-AES-128");
  EXPECT_EQ(cmac.primitive, AlgorithmPrimitive::kAes);
  EXPECT_EQ(cmac.mode, AlgorithmMode::kCmac);
  const AlgorithmInfo& hmac = *FindAlgorithm("HMAC-SHA256");
  EXPECT_EQ(hmac.primitive, AlgorithmPrimitive::kSha2);
  EXPECT_EQ(hmac.mode, AlgorithmMode::kHmac);
  const AlgorithmInfo& xchacha = *FindAlgorithm("XChaCha20-Poly1305");
  EXPECT_EQ(xchacha.primitive, AlgorithmPrimitive::kChaCha20);
  EXPECT_EQ(xchacha.mode, AlgorithmMode::kPoly1305);
  EXPECT_EQ(FindAlgorithm("DES-EDE3-CBC")->primitive, AlgorithmPrimitive::kTripleDes);
  const AlgorithmInfo& sm4 = *FindAlgorithm("sm4");
  EXPECT_EQ(sm4.name, "SM4-CBC");
  EXPECT_EQ(sm4.primitive, AlgorithmPrimitive::kSm4);
  EXPECT_EQ(sm4.mode, AlgorithmMode::kCbc);
  EXPECT_EQ(sm4.block_len, 16u);
  EXPECT_FALSE(sm4.default_suite);
  EXPECT_EQ(FindAlgorithm("ECDSA-P384")->key_bits, 384u);
  EXPECT_EQ(FindAlgorithm("RSA-3072")->key_bits, 3072u);
  EXPECT_EQ(FindAlgorithm("ECDH-P256")->primitive, AlgorithmPrimitive::kEcdh);
  EXPECT_EQ(FindAlgorithm("Poly1305")->primitive, AlgorithmPrimitive::kPoly1305);
  EXPECT_TRUE(NeedsWholeBlocks(*FindAlgorithm("AES-128-ECB")));
  EXPECT_FALSE(NeedsWholeBlocks(*FindAlgorithm("AES-128-CTR")));
}

TEST(CatalogTest, OperationsOfHoldEveryTimedOperation) {
  EXPECT_EQ(OperationsOf(*FindAlgorithm("AES-128-CBC")),
            (std::vector<Operation>{Operation::kEncrypt, Operation::kDecrypt}));
  EXPECT_EQ(OperationsOf(*FindAlgorithm("ChaCha20-Poly1305")),
            (std::vector<Operation>{Operation::kEncrypt, Operation::kDecrypt}));
  EXPECT_EQ(OperationsOf(*FindAlgorithm("SHA3-256")), std::vector<Operation>{Operation::kHash});
  EXPECT_EQ(OperationsOf(*FindAlgorithm("Poly1305")), std::vector<Operation>{Operation::kMac});
  EXPECT_EQ(OperationsOf(*FindAlgorithm("RSA-2048")),
            (std::vector<Operation>{Operation::kSign, Operation::kVerify}));
  EXPECT_EQ(OperationsOf(*FindAlgorithm("ECDH-P256")), std::vector<Operation>{Operation::kDerive});
  for (const AlgorithmInfo& alg : Catalog()) {
    const std::vector<Operation> all = OperationsOf(alg);
    for (bool decrypt : {false, true}) {
      for (Operation op : TimedOperations(alg, decrypt)) {
        EXPECT_NE(std::find(all.begin(), all.end(), op), all.end())
            << alg.name << " " << OperationName(op);
      }
    }
  }
}

TEST(CatalogTest, TimedOperationsFollowTheKind) {
  EXPECT_EQ(TimedOperations(*FindAlgorithm("AES-128-GCM"), false),
            std::vector<Operation>{Operation::kEncrypt});
  EXPECT_EQ(TimedOperations(*FindAlgorithm("AES-128-GCM"), true),
            std::vector<Operation>{Operation::kDecrypt});
  EXPECT_EQ(TimedOperations(*FindAlgorithm("SHA-256"), false),
            std::vector<Operation>{Operation::kHash});
  EXPECT_EQ(TimedOperations(*FindAlgorithm("HMAC-SHA256"), false),
            std::vector<Operation>{Operation::kMac});
  EXPECT_EQ(TimedOperations(*FindAlgorithm("Ed25519"), true),
            (std::vector<Operation>{Operation::kSign, Operation::kVerify}));
  EXPECT_EQ(TimedOperations(*FindAlgorithm("X25519"), false),
            std::vector<Operation>{Operation::kDerive});
}

TEST(CatalogTest, OperationNamesRoundTrip) {
  for (Operation op : {Operation::kEncrypt, Operation::kDecrypt, Operation::kHash, Operation::kMac,
                       Operation::kSign, Operation::kVerify, Operation::kDerive}) {
    Operation parsed = Operation::kEncrypt;
    ASSERT_TRUE(ParseOperation(OperationName(op), &parsed)) << OperationName(op);
    EXPECT_EQ(parsed, op);
  }
  Operation unused = Operation::kHash;
  EXPECT_FALSE(ParseOperation("Encrypt", &unused));  // names are lower-case
  EXPECT_FALSE(ParseOperation("seal", &unused));
  EXPECT_EQ(unused, Operation::kHash);
}

TEST(CatalogTest, KindNamesAndSymmetry) {
  EXPECT_EQ(KindName(AlgorithmKind::kCipher), "cipher");
  EXPECT_EQ(KindName(AlgorithmKind::kAead), "aead");
  EXPECT_EQ(KindName(AlgorithmKind::kHash), "hash");
  EXPECT_EQ(KindName(AlgorithmKind::kMac), "mac");
  EXPECT_EQ(KindName(AlgorithmKind::kSignature), "signature");
  EXPECT_EQ(KindName(AlgorithmKind::kKeyAgreement), "key_agreement");
  EXPECT_TRUE(IsSymmetric(AlgorithmKind::kMac));
  EXPECT_FALSE(IsSymmetric(AlgorithmKind::kSignature));
  EXPECT_FALSE(IsSymmetric(AlgorithmKind::kKeyAgreement));
}

}  // namespace
}  // namespace cryptobench
