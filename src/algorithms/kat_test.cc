// Tests of the KAT table itself: coverage of the catalogue, decodable hex, field lengths that
// match each algorithm's parameters, cited sources, and the PEM framing of the timing keys.
// (Whether the vectors are *right* is checked by running them through a backend.)
#include "algorithms/kat.h"

#include <cstddef>
#include <cstdint>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "algorithms/catalog.h"
#include "core/hex.h"

namespace cryptobench {
namespace {

size_t Len(std::string_view hex) { return HexDecode(hex).size(); }

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

std::string Describe(const KatVector& v) {
  return std::string(v.algorithm) + " [" + std::string(v.source) + "]";
}

// Reads one DER TLV at `*pos` with the expected tag; returns its contents and advances `*pos`.
// Returns an empty span (and sets `*ok` false) on a malformed encoding.
std::span<const uint8_t> ReadDer(std::span<const uint8_t> der, uint8_t tag, size_t* pos, bool* ok) {
  if (*pos + 2 > der.size() || der[*pos] != tag) {
    *ok = false;
    return {};
  }
  size_t len = der[*pos + 1];
  size_t header = 2;
  if (len & 0x80) {
    const size_t num_len_bytes = len & 0x7f;
    if (num_len_bytes == 0 || num_len_bytes > 2 || *pos + 2 + num_len_bytes > der.size()) {
      *ok = false;
      return {};
    }
    len = 0;
    for (size_t i = 0; i < num_len_bytes; ++i) {
      len = (len << 8) | der[*pos + 2 + i];
    }
    header += num_len_bytes;
  }
  if (*pos + header + len > der.size()) {
    *ok = false;
    return {};
  }
  std::span<const uint8_t> contents = der.subspan(*pos + header, len);
  *pos += header + len;
  return contents;
}

// Modulus length in bytes of a DER RSAPublicKey, or 0 if it does not parse.
size_t RsaModulusLen(std::string_view der_hex) {
  const std::vector<uint8_t> der = HexDecode(der_hex);
  bool ok = true;
  size_t pos = 0;
  std::span<const uint8_t> seq = ReadDer(der, 0x30, &pos, &ok);
  if (!ok || pos != der.size()) {
    return 0;
  }
  size_t inner = 0;
  std::span<const uint8_t> n = ReadDer(seq, 0x02, &inner, &ok);
  std::span<const uint8_t> e = ReadDer(seq, 0x02, &inner, &ok);
  if (!ok || inner != seq.size() || e.empty()) {
    return 0;
  }
  while (!n.empty() && n.front() == 0) {
    n = n.subspan(1);
  }
  return n.size();
}

TEST(KatTest, EveryCatalogAlgorithmHasVectors) {
  for (const AlgorithmInfo& alg : Catalog()) {
    std::span<const KatVector> vectors = KatVectorsFor(alg.name);
    EXPECT_FALSE(vectors.empty()) << alg.name;
    for (const KatVector& v : vectors) {
      EXPECT_EQ(v.algorithm, alg.name);
    }
  }
}

TEST(KatTest, TableIsGroupedByCatalogAlgorithm) {
  size_t total = 0;
  for (const AlgorithmInfo& alg : Catalog()) {
    total += KatVectorsFor(alg.name).size();
  }
  EXPECT_EQ(total, AllKatVectors().size()) << "a vector names an algorithm outside the catalogue";
  for (const KatVector& v : AllKatVectors()) {
    const AlgorithmInfo* alg = FindAlgorithm(v.algorithm);
    ASSERT_NE(alg, nullptr) << Describe(v);
    EXPECT_EQ(alg->name, v.algorithm) << "not the canonical name: " << Describe(v);
  }
}

TEST(KatTest, UnknownAlgorithmHasNoVectors) {
  EXPECT_TRUE(KatVectorsFor("AES-129-CBC").empty());
  EXPECT_TRUE(KatVectorsFor("").empty());
  // Lookup is by canonical name only; aliases are resolved by FindAlgorithm first.
  EXPECT_TRUE(KatVectorsFor("aes128").empty());
}

TEST(KatTest, EveryHexFieldDecodes) {
  for (const KatVector& v : AllKatVectors()) {
    for (std::string_view field :
         {v.key, v.iv, v.aad, v.input, v.output, v.tag, v.public_key, v.private_key}) {
      EXPECT_NO_THROW(HexDecode(field)) << Describe(v);
    }
    EXPECT_FALSE(v.output.empty()) << "no expected output: " << Describe(v);
  }
}

TEST(KatTest, EverySourceNamesADocumentAndAPlace) {
  // "draft-irtf-": an IRTF Internet-Draft (XChaCha20-Poly1305, not yet an RFC);
  // "draft-ribose-": the SM4 Internet-Draft; "GB/T ": a Chinese national standard (SM4).
  const std::string_view documents[] = {"RFC ",           "NIST ",       "FIPS ",         "IEEE ",
                                        "McGrew & Viega", "draft-irtf-", "draft-ribose-", "GB/T "};
  for (const KatVector& v : AllKatVectors()) {
    bool named = false;
    for (std::string_view doc : documents) {
      named = named || StartsWith(v.source, doc);
    }
    EXPECT_TRUE(named) << "source does not start with a known document: " << Describe(v);
    // "Document, section/appendix/test case": the part after the comma locates the vector.
    EXPECT_NE(v.source.find(", "), std::string_view::npos) << Describe(v);
  }
}

TEST(KatTest, VectorsWithinAnAlgorithmAreDistinct) {
  for (const AlgorithmInfo& alg : Catalog()) {
    std::set<std::string_view> sources;
    for (const KatVector& v : KatVectorsFor(alg.name)) {
      EXPECT_TRUE(sources.insert(v.source).second) << "duplicate source: " << Describe(v);
    }
  }
}

void CheckCipher(const AlgorithmInfo& alg, const KatVector& v) {
  EXPECT_EQ(Len(v.key), alg.key_len) << Describe(v);
  EXPECT_EQ(Len(v.iv), alg.iv_len) << Describe(v);
  EXPECT_GT(Len(v.input), 0u) << Describe(v);
  EXPECT_EQ(Len(v.output), Len(v.input)) << Describe(v);
  const bool needs_whole_blocks = alg.name.find("CBC") != std::string_view::npos ||
                                  alg.name.find("ECB") != std::string_view::npos;
  if (needs_whole_blocks) {
    EXPECT_EQ(Len(v.input) % alg.block_len, 0u) << Describe(v);
  }
  if (alg.name.find("XTS") != std::string_view::npos) {
    EXPECT_GE(Len(v.input), alg.block_len) << "XTS needs at least one block: " << Describe(v);
  }
  EXPECT_TRUE(v.aad.empty() && v.tag.empty() && v.public_key.empty() && v.private_key.empty())
      << Describe(v);
}

void CheckAead(const AlgorithmInfo& alg, const KatVector& v) {
  EXPECT_EQ(Len(v.key), alg.key_len) << Describe(v);
  EXPECT_EQ(Len(v.output), Len(v.input))
      << "output is the ciphertext without the tag: " << Describe(v);
  if (alg.name.find("CCM") != std::string_view::npos) {
    // SP 800-38C: nonce of 7 to 13 bytes, tag of 4, 6, ..., 16 bytes.
    EXPECT_GE(Len(v.iv), 7u) << Describe(v);
    EXPECT_LE(Len(v.iv), 13u) << Describe(v);
    EXPECT_EQ(Len(v.tag) % 2, 0u) << Describe(v);
    EXPECT_GE(Len(v.tag), 4u) << Describe(v);
    EXPECT_LE(Len(v.tag), 16u) << Describe(v);
  } else {
    // GCM with a 96-bit IV and ChaCha20-Poly1305: the timing nonce and a full 16-byte tag.
    EXPECT_EQ(Len(v.iv), alg.iv_len) << Describe(v);
    EXPECT_EQ(Len(v.tag), alg.tag_len) << Describe(v);
    EXPECT_EQ(Len(v.tag), 16u) << Describe(v);
  }
  EXPECT_TRUE(v.public_key.empty() && v.private_key.empty()) << Describe(v);
}

void CheckHash(const AlgorithmInfo& alg, const KatVector& v) {
  EXPECT_EQ(Len(v.output), alg.tag_len) << Describe(v);
  EXPECT_TRUE(v.key.empty() && v.iv.empty() && v.aad.empty() && v.tag.empty()) << Describe(v);
}

void CheckMac(const AlgorithmInfo& alg, const KatVector& v) {
  EXPECT_EQ(Len(v.output), alg.tag_len) << Describe(v);
  EXPECT_GT(Len(v.key), 0u) << Describe(v);
  if (!StartsWith(alg.name, "HMAC")) {
    // CMAC and Poly1305 keys have a fixed length; HMAC takes any.
    EXPECT_EQ(Len(v.key), alg.key_len) << Describe(v);
  }
  EXPECT_TRUE(v.iv.empty() && v.aad.empty() && v.tag.empty()) << Describe(v);
}

void CheckSignature(const AlgorithmInfo& alg, const KatVector& v) {
  EXPECT_FALSE(v.public_key.empty()) << Describe(v);
  if (v.deterministic) {
    EXPECT_FALSE(v.private_key.empty()) << "deterministic needs a private key: " << Describe(v);
  }
  if (StartsWith(alg.name, "RSA")) {
    EXPECT_EQ(RsaModulusLen(v.public_key), alg.key_len) << Describe(v);
    EXPECT_EQ(Len(v.output), alg.key_len) << Describe(v);
    EXPECT_TRUE(v.input_is_digest) << Describe(v);
    EXPECT_EQ(Len(v.input), kPublicKeyInputLen) << "SHA-256 digest: " << Describe(v);
  } else if (StartsWith(alg.name, "ECDSA")) {
    const std::vector<uint8_t> point = HexDecode(v.public_key);
    ASSERT_FALSE(point.empty()) << Describe(v);
    EXPECT_EQ(point[0], 0x04) << "uncompressed point: " << Describe(v);
    EXPECT_EQ(point.size(), 1 + 2 * alg.key_len) << Describe(v);
    EXPECT_EQ(Len(v.output), 2 * alg.key_len) << "r || s: " << Describe(v);
    if (!v.private_key.empty()) {
      EXPECT_EQ(Len(v.private_key), alg.key_len) << Describe(v);
    }
    EXPECT_TRUE(v.input_is_digest) << Describe(v);
    EXPECT_EQ(Len(v.input), kPublicKeyInputLen) << Describe(v);
  } else {
    ASSERT_EQ(alg.name, "Ed25519");
    EXPECT_EQ(Len(v.public_key), 32u) << Describe(v);
    EXPECT_EQ(Len(v.private_key), 32u) << Describe(v);
    EXPECT_EQ(Len(v.output), 64u) << Describe(v);
    EXPECT_FALSE(v.input_is_digest) << "Ed25519 signs the message itself: " << Describe(v);
  }
}

void CheckKeyAgreement(const AlgorithmInfo& alg, const KatVector& v) {
  EXPECT_EQ(Len(v.private_key), alg.key_len) << Describe(v);
  EXPECT_EQ(Len(v.output), alg.key_len) << "shared secret (x-coordinate): " << Describe(v);
  if (alg.name == "X25519") {
    EXPECT_EQ(Len(v.public_key), 32u) << Describe(v);
  } else {
    const std::vector<uint8_t> point = HexDecode(v.public_key);
    ASSERT_EQ(point.size(), 1 + 2 * alg.key_len) << Describe(v);
    EXPECT_EQ(point[0], 0x04) << Describe(v);
  }
  EXPECT_TRUE(v.input.empty()) << Describe(v);
}

TEST(KatTest, FieldLengthsMatchTheCatalog) {
  for (const AlgorithmInfo& alg : Catalog()) {
    for (const KatVector& v : KatVectorsFor(alg.name)) {
      switch (alg.kind) {
        case AlgorithmKind::kCipher:
          CheckCipher(alg, v);
          break;
        case AlgorithmKind::kAead:
          CheckAead(alg, v);
          break;
        case AlgorithmKind::kHash:
          CheckHash(alg, v);
          break;
        case AlgorithmKind::kMac:
          CheckMac(alg, v);
          break;
        case AlgorithmKind::kSignature:
          CheckSignature(alg, v);
          break;
        case AlgorithmKind::kKeyAgreement:
          CheckKeyAgreement(alg, v);
          break;
      }
    }
  }
}

TEST(KatTest, RsaModulusParserRejectsMalformedDer) {
  EXPECT_EQ(RsaModulusLen("3006020101020103"), 1u);
  EXPECT_EQ(RsaModulusLen("3006020101020103ff"), 0u);  // trailing byte
  EXPECT_EQ(RsaModulusLen("3007020101020103"), 0u);    // length past the end
  EXPECT_EQ(RsaModulusLen("3103020101"), 0u);          // not a SEQUENCE
}

TEST(KatTest, TimingKeysArePkcs8Pem) {
  constexpr std::string_view kBegin = "-----BEGIN PRIVATE KEY-----\n";
  constexpr std::string_view kEnd = "-----END PRIVATE KEY-----\n";
  std::set<std::string_view> seen;
  for (std::string_view name :
       {"RSA-2048", "RSA-3072", "RSA-4096", "ECDSA-P256", "ECDSA-P384", "ECDH-P256"}) {
    const std::string_view pem = TimingPrivateKeyPem(name);
    ASSERT_GT(pem.size(), kBegin.size() + kEnd.size()) << name;
    EXPECT_TRUE(StartsWith(pem, kBegin)) << name;
    EXPECT_EQ(pem.substr(pem.size() - kEnd.size()), kEnd) << name;
    const std::string_view body =
        pem.substr(kBegin.size(), pem.size() - kBegin.size() - kEnd.size());
    for (char c : body) {
      const bool base64 = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
                          (c >= '0' && c <= '9') || c == '+' || c == '/' || c == '=' || c == '\n';
      EXPECT_TRUE(base64) << name << ": unexpected character '" << c << "'";
    }
    EXPECT_TRUE(seen.insert(pem).second) << name << " shares its key with another algorithm";
  }
  // Larger moduli make longer keys: catches two RSA entries swapped.
  EXPECT_LT(TimingPrivateKeyPem("RSA-2048").size(), TimingPrivateKeyPem("RSA-3072").size());
  EXPECT_LT(TimingPrivateKeyPem("RSA-3072").size(), TimingPrivateKeyPem("RSA-4096").size());
  EXPECT_LT(TimingPrivateKeyPem("ECDSA-P256").size(), TimingPrivateKeyPem("ECDSA-P384").size());
}

TEST(KatTest, RawKeyedAlgorithmsHaveNoTimingKey) {
  EXPECT_TRUE(TimingPrivateKeyPem("Ed25519").empty());
  EXPECT_TRUE(TimingPrivateKeyPem("X25519").empty());
  EXPECT_TRUE(TimingPrivateKeyPem("AES-128-GCM").empty());
  EXPECT_TRUE(TimingPrivateKeyPem("rsa2048").empty());  // canonical names only
}

}  // namespace
}  // namespace cryptobench
