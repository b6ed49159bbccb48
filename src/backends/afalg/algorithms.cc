// Catalogue entries to kernel algorithms (algorithms.h).
#include "backends/afalg/algorithms.h"

#include <string_view>

namespace cryptobench::backends::afalg {
namespace {

constexpr size_t kCcmBlockLen = 16;

bool IsCcm(const AlgorithmInfo& alg) { return alg.mode == AlgorithmMode::kCcm; }

// The kernel's name of an AES mode it serves as an skcipher (crypto/cbc.c, ctr.c, ecb.c, xts.c);
// nullptr for another mode. The key size comes from the key.
const char* KernelAesMode(AlgorithmMode mode) {
  switch (mode) {
    case AlgorithmMode::kCbc:
      return "cbc(aes)";
    case AlgorithmMode::kCtr:
      return "ctr(aes)";
    case AlgorithmMode::kEcb:
      return "ecb(aes)";
    case AlgorithmMode::kXts:
      return "xts(aes)";
    default:
      return nullptr;
  }
}

}  // namespace

std::optional<KernelAlgorithm> KernelAlgorithmFor(const AlgorithmInfo& alg) {
  const std::string_view name = alg.name;
  if (alg.kind == AlgorithmKind::kCipher) {
    if (const char* kernel_name = KernelAesMode(alg.mode);
        alg.primitive == AlgorithmPrimitive::kAes && kernel_name != nullptr) {
      return KernelAlgorithm{AlgType::kSkcipher, kernel_name};
    }
    if (name == "DES-EDE3-CBC") {
      return KernelAlgorithm{AlgType::kSkcipher, "cbc(des3_ede)"};
    }
    if (name == "ChaCha20") {
      return KernelAlgorithm{AlgType::kSkcipher, "chacha20"};
    }
    return std::nullopt;
  }
  if (alg.kind == AlgorithmKind::kAead) {
    if (name == "AES-128-GCM" || name == "AES-256-GCM") {
      return KernelAlgorithm{AlgType::kAead, "gcm(aes)"};
    }
    if (name == "AES-128-CCM") {
      return KernelAlgorithm{AlgType::kAead, "ccm(aes)"};
    }
    if (name == "ChaCha20-Poly1305") {
      return KernelAlgorithm{AlgType::kAead, "rfc7539(chacha20,poly1305)"};
    }
    return std::nullopt;
  }
  if (alg.kind == AlgorithmKind::kHash) {
    static constexpr std::pair<std::string_view, std::string_view> kHashes[] = {
        {"MD5", "md5"},           {"SHA-1", "sha1"},
        {"SHA-224", "sha224"},    {"SHA-256", "sha256"},
        {"SHA-384", "sha384"},    {"SHA-512", "sha512"},
        {"SHA3-256", "sha3-256"}, {"BLAKE2b-512", "blake2b-512"}};
    for (const auto& [catalog_name, kernel_name] : kHashes) {
      if (name == catalog_name) {
        return KernelAlgorithm{AlgType::kHash, std::string(kernel_name)};
      }
    }
    return std::nullopt;
  }
  if (alg.kind == AlgorithmKind::kMac) {
    if (name == "HMAC-SHA256") {
      return KernelAlgorithm{AlgType::kHash, "hmac(sha256)"};
    }
    if (name == "CMAC-AES-128") {
      return KernelAlgorithm{AlgType::kHash, "cmac(aes)"};
    }
  }
  return std::nullopt;
}

std::vector<uint8_t> AeadIv(const AlgorithmInfo& alg, std::span<const uint8_t> nonce) {
  if (!IsCcm(alg)) {
    return {nonce.begin(), nonce.end()};
  }
  // RFC 3610 2.3: L = 15 - nonce length bytes of counter, 2 <= L <= 8; the flags byte of A_0
  // holds L - 1.
  if (nonce.size() < 7 || nonce.size() > 13) {
    return {};
  }
  std::vector<uint8_t> iv(kCcmBlockLen, 0);
  iv[0] = static_cast<uint8_t>(14 - nonce.size());
  std::copy(nonce.begin(), nonce.end(), iv.begin() + 1);
  return iv;
}

}  // namespace cryptobench::backends::afalg
