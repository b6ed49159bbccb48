// The algorithm catalogue and name resolution.
#include "algorithms/catalog.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace cryptobench {
namespace {

using K = AlgorithmKind;
using M = AlgorithmMode;
using P = AlgorithmPrimitive;

// Field order: name, kind, primitive, mode, key_bits, openssl_name, speed_name, aliases, key_len,
// iv_len, tag_len, block_len, default_suite. openssl_name is what
// EVP_get_cipherbyname/EVP_get_digestbyname accept in both 1.1.1 and 3.x (empty for an algorithm
// OpenSSL does not have); speed_name is the row label of `openssl speed` 3.x (apps/speed.c).
const std::vector<AlgorithmInfo>& Table() {
  static const std::vector<AlgorithmInfo> kTable = {
      // Ciphers.
      {"AES-128-CBC",
       K::kCipher,
       P::kAes,
       M::kCbc,
       128,
       "AES-128-CBC",
       "AES-128-CBC",
       {"aes128", "aes-128", "aes128cbc"},
       16,
       16,
       0,
       16,
       true},
      {"AES-192-CBC",
       K::kCipher,
       P::kAes,
       M::kCbc,
       192,
       "AES-192-CBC",
       "AES-192-CBC",
       {"aes192", "aes-192"},
       24,
       16,
       0,
       16,
       false},
      {"AES-256-CBC",
       K::kCipher,
       P::kAes,
       M::kCbc,
       256,
       "AES-256-CBC",
       "AES-256-CBC",
       {"aes256", "aes-256"},
       32,
       16,
       0,
       16,
       true},
      {"AES-128-CTR",
       K::kCipher,
       P::kAes,
       M::kCtr,
       128,
       "AES-128-CTR",
       "AES-128-CTR",
       {},
       16,
       16,
       0,
       16,
       true},
      {"AES-256-CTR",
       K::kCipher,
       P::kAes,
       M::kCtr,
       256,
       "AES-256-CTR",
       "AES-256-CTR",
       {},
       32,
       16,
       0,
       16,
       false},
      {"AES-128-ECB",
       K::kCipher,
       P::kAes,
       M::kEcb,
       128,
       "AES-128-ECB",
       "AES-128-ECB",
       {},
       16,
       0,
       0,
       16,
       false},
      {"AES-256-ECB",
       K::kCipher,
       P::kAes,
       M::kEcb,
       256,
       "AES-256-ECB",
       "AES-256-ECB",
       {},
       32,
       0,
       0,
       16,
       false},
      {"AES-128-XTS",
       K::kCipher,
       P::kAes,
       M::kXts,
       128,
       "AES-128-XTS",
       "AES-128-XTS",
       {},
       32,
       16,
       0,
       16,
       false},
      {"AES-256-XTS",
       K::kCipher,
       P::kAes,
       M::kXts,
       256,
       "AES-256-XTS",
       "AES-256-XTS",
       {},
       64,
       16,
       0,
       16,
       false},
      {"DES-EDE3-CBC",
       K::kCipher,
       P::kTripleDes,
       M::kCbc,
       192,
       "DES-EDE3-CBC",
       "DES-EDE3-CBC",
       {"des3", "3des", "tripledes", "des-ede3", "3des-cbc"},
       24,
       8,
       0,
       8,
       true},
      // SM4 (GB/T 32907-2016) in CBC mode; OpenSSL 3.x's default provider has it, and `openssl
      // speed -evp sm4-cbc` labels its row "SM4-CBC".
      {"SM4-CBC",
       K::kCipher,
       P::kSm4,
       M::kCbc,
       128,
       "SM4-CBC",
       "SM4-CBC",
       {"sm4"},
       16,
       16,
       0,
       16,
       false},
      {"ChaCha20",
       K::kCipher,
       P::kChaCha20,
       M::kNone,
       256,
       "ChaCha20",
       "ChaCha20",
       {"chacha"},
       32,
       16,
       0,
       64,
       false},
      // AEADs.
      {"AES-128-GCM",
       K::kAead,
       P::kAes,
       M::kGcm,
       128,
       "AES-128-GCM",
       "AES-128-GCM",
       {"aes128gcm", "id-aes128-gcm"},
       16,
       12,
       16,
       16,
       true},
      {"AES-256-GCM",
       K::kAead,
       P::kAes,
       M::kGcm,
       256,
       "AES-256-GCM",
       "AES-256-GCM",
       {"aes256gcm", "id-aes256-gcm"},
       32,
       12,
       16,
       16,
       true},
      {"AES-128-CCM",
       K::kAead,
       P::kAes,
       M::kCcm,
       128,
       "AES-128-CCM",
       "AES-128-CCM",
       {"aes128ccm", "id-aes128-ccm"},
       16,
       12,
       16,
       16,
       false},
      {"ChaCha20-Poly1305",
       K::kAead,
       P::kChaCha20,
       M::kPoly1305,
       256,
       "ChaCha20-Poly1305",
       "ChaCha20-Poly1305",
       {"chachapoly", "chacha20poly1305"},
       32,
       12,
       16,
       64,
       true},
      // Not in OpenSSL (openssl_name empty: its backend reports it unsupported); libsodium's
      // crypto_aead_xchacha20poly1305_ietf_*. speed_name only labels a row of --format openssl.
      {"XChaCha20-Poly1305",
       K::kAead,
       P::kChaCha20,
       M::kPoly1305,
       256,
       "",
       "XChaCha20-Poly1305",
       {"xchachapoly"},
       32,
       24,
       16,
       64,
       false},
      // Hashes.
      {"MD5", K::kHash, P::kMd5, M::kNone, 0, "MD5", "md5", {}, 0, 0, 16, 64, true},
      {"SHA-1", K::kHash, P::kSha1, M::kNone, 0, "SHA1", "sha1", {"sha1"}, 0, 0, 20, 64, true},
      {"SHA-224",
       K::kHash,
       P::kSha2,
       M::kNone,
       0,
       "SHA224",
       "sha224",
       {"sha2-224"},
       0,
       0,
       28,
       64,
       false},
      {"SHA-256",
       K::kHash,
       P::kSha2,
       M::kNone,
       0,
       "SHA256",
       "sha256",
       {"sha2-256", "sha2"},
       0,
       0,
       32,
       64,
       true},
      {"SHA-384",
       K::kHash,
       P::kSha2,
       M::kNone,
       0,
       "SHA384",
       "sha384",
       {"sha2-384"},
       0,
       0,
       48,
       128,
       false},
      {"SHA-512",
       K::kHash,
       P::kSha2,
       M::kNone,
       0,
       "SHA512",
       "sha512",
       {"sha2-512"},
       0,
       0,
       64,
       128,
       true},
      {"SHA3-256",
       K::kHash,
       P::kSha3,
       M::kNone,
       0,
       "SHA3-256",
       "sha3-256",
       {"sha3"},
       0,
       0,
       32,
       136,
       true},
      {"BLAKE2b-512",
       K::kHash,
       P::kBlake2b,
       M::kNone,
       0,
       "BLAKE2b512",
       "BLAKE2b512",
       {"blake2b", "blake2"},
       0,
       0,
       64,
       128,
       false},
      // MACs.
      {"HMAC-SHA256",
       K::kMac,
       P::kSha2,
       M::kHmac,
       256,
       "SHA256",
       "hmac(sha256)",
       {"hmac", "hmacsha256", "hmac(sha256)"},
       32,
       0,
       32,
       64,
       true},
      {"CMAC-AES-128",
       K::kMac,
       P::kAes,
       M::kCmac,
       128,
       "AES-128-CBC",
       "cmac(aes-128-cbc)",
       {"cmac", "cmac-aes128", "aes-128-cmac", "cmac(aes-128-cbc)"},
       16,
       0,
       16,
       16,
       false},
      {"Poly1305",
       K::kMac,
       P::kPoly1305,
       M::kNone,
       256,
       "POLY1305",
       "poly1305",
       {},
       32,
       0,
       16,
       16,
       false},
      // Public key.
      {"RSA-2048",
       K::kSignature,
       P::kRsa,
       M::kNone,
       2048,
       "RSA",
       "rsa 2048 bits",
       {"rsa2048", "rsa"},
       256,
       0,
       0,
       0,
       true},
      {"RSA-3072",
       K::kSignature,
       P::kRsa,
       M::kNone,
       3072,
       "RSA",
       "rsa 3072 bits",
       {"rsa3072"},
       384,
       0,
       0,
       0,
       false},
      {"RSA-4096",
       K::kSignature,
       P::kRsa,
       M::kNone,
       4096,
       "RSA",
       "rsa 4096 bits",
       {"rsa4096"},
       512,
       0,
       0,
       0,
       true},
      {"ECDSA-P256",
       K::kSignature,
       P::kEcdsa,
       M::kNone,
       256,
       "prime256v1",
       "256 bits ecdsa (nistp256)",
       {"ecdsap256", "ecdsa", "ecdsa-p-256", "ecdsa-prime256v1", "ecdsa-secp256r1",
        "ecdsa-nistp256"},
       32,
       0,
       0,
       0,
       true},
      {"ECDSA-P384",
       K::kSignature,
       P::kEcdsa,
       M::kNone,
       384,
       "secp384r1",
       "384 bits ecdsa (nistp384)",
       {"ecdsap384", "ecdsa-p-384", "ecdsa-secp384r1", "ecdsa-nistp384"},
       48,
       0,
       0,
       0,
       false},
      {"Ed25519",
       K::kSignature,
       P::kEd25519,
       M::kNone,
       256,
       "ED25519",
       "253 bits EdDSA (Ed25519)",
       {"eddsa"},
       32,
       0,
       0,
       0,
       true},
      {"X25519",
       K::kKeyAgreement,
       P::kX25519,
       M::kNone,
       256,
       "X25519",
       "253 bits ecdh (X25519)",
       {"ecdhx25519", "curve25519"},
       32,
       0,
       0,
       0,
       true},
      {"ECDH-P256",
       K::kKeyAgreement,
       P::kEcdh,
       M::kNone,
       256,
       "prime256v1",
       "256 bits ecdh (nistp256)",
       {"ecdhp256", "ecdh", "ecdh-p-256", "ecdh-prime256v1", "ecdh-secp256r1", "ecdh-nistp256"},
       32,
       0,
       0,
       0,
       false},
  };
  return kTable;
}

// Lower-case, without separators, so "AES_128-cbc" and "aes128cbc" compare equal.
std::string Normalise(std::string_view name) {
  std::string out;
  for (char c : name) {
    if (c == '-' || c == '_' || c == ' ' || c == '/' || c == '.') {
      continue;
    }
    out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  }
  return out;
}

size_t EditDistance(const std::string& a, const std::string& b) {
  std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) {
    prev[j] = j;
  }
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t subst = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, subst});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

}  // namespace

std::string_view OperationName(Operation op) {
  switch (op) {
    case Operation::kEncrypt:
      return "encrypt";
    case Operation::kDecrypt:
      return "decrypt";
    case Operation::kHash:
      return "hash";
    case Operation::kMac:
      return "mac";
    case Operation::kSign:
      return "sign";
    case Operation::kVerify:
      return "verify";
    case Operation::kDerive:
      return "derive";
  }
  return "unknown";
}

bool ParseOperation(std::string_view name, Operation* out) {
  for (Operation op : {Operation::kEncrypt, Operation::kDecrypt, Operation::kHash, Operation::kMac,
                       Operation::kSign, Operation::kVerify, Operation::kDerive}) {
    if (OperationName(op) == name) {
      *out = op;
      return true;
    }
  }
  return false;
}

std::string_view KindName(AlgorithmKind kind) {
  switch (kind) {
    case K::kCipher:
      return "cipher";
    case K::kAead:
      return "aead";
    case K::kHash:
      return "hash";
    case K::kMac:
      return "mac";
    case K::kSignature:
      return "signature";
    case K::kKeyAgreement:
      return "key_agreement";
  }
  return "unknown";
}

std::span<const AlgorithmInfo> Catalog() { return Table(); }

const AlgorithmInfo* FindAlgorithm(std::string_view name) {
  const std::string key = Normalise(name);
  if (key.empty()) {
    return nullptr;
  }
  for (const AlgorithmInfo& alg : Table()) {
    if (Normalise(alg.name) == key) {
      return &alg;
    }
  }
  for (const AlgorithmInfo& alg : Table()) {
    for (std::string_view alias : alg.aliases) {
      if (Normalise(alias) == key) {
        return &alg;
      }
    }
  }
  return nullptr;
}

std::vector<std::string> SuggestAlgorithms(std::string_view name, size_t max_results) {
  const std::string key = Normalise(name);
  std::vector<std::pair<size_t, std::string>> scored;
  for (const AlgorithmInfo& alg : Table()) {
    size_t best = EditDistance(key, Normalise(alg.name));
    for (std::string_view alias : alg.aliases) {
      best = std::min(best, EditDistance(key, Normalise(alias)));
    }
    scored.emplace_back(best, std::string(alg.name));
  }
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  // Only suggest names within a plausible typo distance: a third of the length, at least 2.
  const size_t limit = std::max<size_t>(2, key.size() / 3);
  std::vector<std::string> out;
  for (const auto& [distance, alg_name] : scored) {
    if (out.size() >= max_results || distance > limit) {
      break;
    }
    out.push_back(alg_name);
  }
  return out;
}

std::vector<const AlgorithmInfo*> DefaultSuite() {
  std::vector<const AlgorithmInfo*> out;
  for (const AlgorithmInfo& alg : Table()) {
    if (alg.default_suite) {
      out.push_back(&alg);
    }
  }
  return out;
}

bool NeedsWholeBlocks(const AlgorithmInfo& alg) {
  return alg.mode == M::kCbc || alg.mode == M::kEcb;
}

bool IsSymmetric(AlgorithmKind kind) {
  return kind == K::kCipher || kind == K::kAead || kind == K::kHash || kind == K::kMac;
}

std::vector<Operation> OperationsOf(const AlgorithmInfo& alg) {
  switch (alg.kind) {
    case K::kCipher:
    case K::kAead:
      return {Operation::kEncrypt, Operation::kDecrypt};
    case K::kHash:
      return {Operation::kHash};
    case K::kMac:
      return {Operation::kMac};
    case K::kSignature:
      return {Operation::kSign, Operation::kVerify};
    case K::kKeyAgreement:
      return {Operation::kDerive};
  }
  return {};
}

std::vector<Operation> TimedOperations(const AlgorithmInfo& alg, bool decrypt) {
  // Ciphers and AEADs time one direction; every other family times all it has.
  if (alg.kind == K::kCipher || alg.kind == K::kAead) {
    return {decrypt ? Operation::kDecrypt : Operation::kEncrypt};
  }
  return OperationsOf(alg);
}

}  // namespace cryptobench
