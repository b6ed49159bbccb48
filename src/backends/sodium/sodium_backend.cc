// The libsodium backend: Backend over libsodium's own APIs.
#include "backends/sodium/sodium_backend.h"

#include <sodium.h>

#include <string>

#include "backends/common/library_backend.h"
#include "backends/common/library_identity.h"
#include "backends/sodium/one_shot.h"
#include "backends/sodium/primitives.h"
#include "backends/sodium/public_key.h"
#include "backends/sodium/symmetric.h"
#include "core/errors.h"

namespace cryptobench::backends {
namespace {

using sodium::Primitive;

// The CPU features libsodium detected at sodium_init() (sodium_runtime_has_*), which decide its
// code paths. libsodium does not say which path each primitive took.
std::string DetectedFeatures() {
  const struct {
    const char* name;
    int (*has)();
  } kFeatures[] = {
      {"sse2", &sodium_runtime_has_sse2},       {"sse3", &sodium_runtime_has_sse3},
      {"ssse3", &sodium_runtime_has_ssse3},     {"sse4.1", &sodium_runtime_has_sse41},
      {"avx", &sodium_runtime_has_avx},         {"avx2", &sodium_runtime_has_avx2},
      {"avx512f", &sodium_runtime_has_avx512f}, {"pclmul", &sodium_runtime_has_pclmul},
      {"aesni", &sodium_runtime_has_aesni},     {"rdrand", &sodium_runtime_has_rdrand},
      {"neon", &sodium_runtime_has_neon},
  };
  std::string detected;
  for (const auto& feature : kFeatures) {
    if (feature.has() != 0) {
      detected += detected.empty() ? "" : " ";
      detected += feature.name;
    }
  }
  return "sodium_runtime_has: " + (detected.empty() ? std::string("none") : detected);
}

class SodiumBackend : public LibraryBackend {
 public:
  SodiumBackend()
      : LibraryBackend("libsodium does not provide "), one_shot_(sodium::MakeOneShotTarget()) {}

  results::LibraryInfo Identity() const override {
    results::LibraryInfo info;
    info.backend = "sodium";
    info.version = sodium_version_string();
    info.loaded_path = SharedObjectPathOf(&sodium_version_string);
    info.cpu_info = DetectedFeatures();
    return info;
  }

  std::string UnsupportedReason(const AlgorithmInfo& alg) override {
    if (sodium::PrimitiveOf(alg) == Primitive::kAes256Gcm &&
        crypto_aead_aes256gcm_is_available() == 0) {
      return "libsodium's AES-256-GCM needs AES-NI and PCLMULQDQ, which "
             "crypto_aead_aes256gcm_is_available() says this CPU lacks";
    }
    return "";
  }

  KatTarget* OneShot() override { return one_shot_.get(); }

 protected:
  bool Offers(const AlgorithmInfo& alg) override {
    const Primitive primitive = sodium::PrimitiveOf(alg);
    if (primitive == Primitive::kAes256Gcm) {
      return crypto_aead_aes256gcm_is_available() != 0;
    }
    return primitive != Primitive::kNone;
  }

  std::unique_ptr<PreparedOperation> PrepareOffered(const AlgorithmInfo& alg, Operation op,
                                                    size_t input_len, PrepareFailure* failure,
                                                    std::string* error) override {
    const Primitive primitive = sodium::PrimitiveOf(alg);
    switch (primitive) {
      case Primitive::kChaCha20:
        return sodium::PrepareChaCha20(alg, op, input_len, failure, error);
      case Primitive::kChaCha20Poly1305:
      case Primitive::kXChaCha20Poly1305:
      case Primitive::kAes256Gcm:
        return sodium::PrepareAead(alg, primitive, op, input_len, failure, error);
      case Primitive::kSha256:
      case Primitive::kSha512:
      case Primitive::kBlake2b512:
        return sodium::PrepareHash(alg, primitive, op, input_len, failure, error);
      case Primitive::kHmacSha256:
      case Primitive::kPoly1305:
        return sodium::PrepareMac(alg, primitive, op, input_len, failure, error);
      case Primitive::kEd25519:
        return sodium::PrepareEd25519(op, failure, error);
      case Primitive::kX25519:
        return sodium::PrepareX25519(op, failure, error);
      case Primitive::kNone:
        break;
    }
    return nullptr;
  }

 private:
  std::unique_ptr<KatTarget> one_shot_;
};

}  // namespace

std::unique_ptr<Backend> OpenSodiumBackend(const std::string& library_path) {
  (void)library_path;  // linked in at build time
  if (sodium_init() < 0) {
    throw UsageError("libsodium: sodium_init() failed");
  }
  return std::make_unique<SodiumBackend>();
}

}  // namespace cryptobench::backends
