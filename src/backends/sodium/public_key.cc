// Ed25519 and X25519 through libsodium.
#include "backends/sodium/public_key.h"

#include <sodium.h>

#include <array>
#include <memory>
#include <span>
#include <string>

#include "algorithms/kat.h"
#include "backends/common/buffers.h"
#include "backends/common/signature_adapter.h"
#include "backends/common/timing_inputs.h"
#include "core/hex.h"

namespace cryptobench::backends::sodium {
namespace {

using PublicKey = std::array<unsigned char, crypto_sign_ed25519_PUBLICKEYBYTES>;
using SecretKey = std::array<unsigned char, crypto_sign_ed25519_SECRETKEYBYTES>;
using Signature = std::array<unsigned char, crypto_sign_ed25519_BYTES>;

void Ed25519TimingKeys(PublicKey* public_key, SecretKey* secret_key) {
  const std::vector<uint8_t> seed = TimingPrivateKey(*FindAlgorithm("Ed25519"));
  crypto_sign_ed25519_seed_keypair(public_key->data(), secret_key->data(), seed.data());
}

// The Ed25519 signature engine (common/signature_adapter.h): the timing key pair (the 64-byte
// secret key expanded once by crypto_sign_ed25519_seed_keypair, zeroed when the engine goes)
// and the latest signature.
class Ed25519Engine {
 public:
  static std::unique_ptr<Ed25519Engine> Make(const AlgorithmInfo&, std::string*) {
    auto engine = std::make_unique<Ed25519Engine>();
    Ed25519TimingKeys(&engine->public_key_, &engine->secret_key_);
    return engine;
  }
  ~Ed25519Engine() { sodium_memzero(secret_key_.data(), secret_key_.size()); }

  bool Sign(std::span<const uint8_t> message, std::string* error) {
    if (crypto_sign_ed25519_detached(signature_.data(), nullptr, message.data(),
                                     static_cast<unsigned long long>(message.size()),
                                     secret_key_.data()) != 0) {
      *error = "crypto_sign_ed25519_detached failed";
      return false;
    }
    return true;
  }

  std::span<const uint8_t> signature() const { return signature_; }

  bool Verify(std::span<const uint8_t> message, std::span<const uint8_t> signature,
              std::string* error) {
    if (signature.size() != signature_.size() ||
        crypto_sign_ed25519_verify_detached(signature.data(), message.data(),
                                            static_cast<unsigned long long>(message.size()),
                                            public_key_.data()) != 0) {
      *error = "crypto_sign_ed25519_verify_detached rejected the signature";
      return false;
    }
    return true;
  }

 private:
  PublicKey public_key_{};
  SecretKey secret_key_{};
  Signature signature_{};
};

class X25519Operation : public PreparedOperation {
 public:
  X25519Operation(const std::vector<uint8_t>& scalar, const std::array<unsigned char, 32>& peer)
      : peer_(peer) {
    std::copy(scalar.begin(), scalar.end(), scalar_.begin());
  }
  ~X25519Operation() override { sodium_memzero(scalar_.data(), scalar_.size()); }

  bool Run(uint64_t iterations) override {
    for (uint64_t i = 0; i < iterations; ++i) {
      if (crypto_scalarmult_curve25519(secret_.data(), scalar_.data(), peer_.data()) != 0) {
        error_ = "crypto_scalarmult_curve25519 failed";
        return false;
      }
    }
    return true;
  }

  const std::array<unsigned char, 32>& secret() const { return secret_; }

 private:
  std::array<unsigned char, 32> scalar_{};
  std::array<unsigned char, 32> peer_;
  std::array<unsigned char, 32> secret_{};
};

std::unique_ptr<PreparedOperation> WrongOperation(std::string_view alg, Operation op,
                                                  PrepareFailure* failure, std::string* error) {
  return PrepareFailed(
      PrepareFailure::kLibraryError,
      std::string(alg) + " has no " + std::string(OperationName(op)) + " operation", failure,
      error);
}

}  // namespace

std::vector<uint8_t> TimingPrivateKey(const AlgorithmInfo& alg) {
  const auto vectors = KatVectorsFor(alg.name);
  if (!vectors.empty() && !vectors[0].private_key.empty()) {
    return HexDecode(vectors[0].private_key);
  }
  return PatternBytes(32, kSecondKeySeed);
}

std::unique_ptr<PreparedOperation> PrepareEd25519(Operation op, PrepareFailure* failure,
                                                  std::string* error) {
  if (op != Operation::kSign && op != Operation::kVerify) {
    return WrongOperation("Ed25519", op, failure, error);
  }
  return PrepareSignatureWith<Ed25519Engine>(&Ed25519Engine::Make, *FindAlgorithm("Ed25519"), op,
                                             failure, error);
}

std::unique_ptr<PreparedOperation> PrepareX25519(Operation op, PrepareFailure* failure,
                                                 std::string* error) {
  if (op != Operation::kDerive) {
    return WrongOperation("X25519", op, failure, error);
  }
  const std::vector<uint8_t> scalar = TimingPrivateKey(*FindAlgorithm("X25519"));
  std::vector<uint8_t> second = PatternBytes(32, kSecondKeySeed);
  std::array<unsigned char, 32> own_public{};
  std::array<unsigned char, 32> second_public{};
  std::array<unsigned char, 32> other_side{};
  if (crypto_scalarmult_curve25519_base(own_public.data(), scalar.data()) != 0 ||
      crypto_scalarmult_curve25519_base(second_public.data(), second.data()) != 0 ||
      crypto_scalarmult_curve25519(other_side.data(), second.data(), own_public.data()) != 0) {
    return PrepareFailed(PrepareFailure::kLibraryError, "crypto_scalarmult_curve25519 failed",
                         failure, error);
  }
  sodium_memzero(second.data(), second.size());
  auto prepared = std::make_unique<X25519Operation>(scalar, second_public);
  if (!prepared->Run(1)) {
    return PrepareFailed(PrepareFailure::kLibraryError, prepared->error(), failure, error);
  }
  std::array<unsigned char, 32> secret = prepared->secret();
  CorruptIfTesting(secret);
  if (secret != other_side) {
    return PrepareFailed(PrepareFailure::kCheckFailed,
                         "X25519 derive: the two sides disagree on the shared secret", failure,
                         error);
  }
  return prepared;
}

std::string Ed25519RoundTrip() {
  return SignatureRoundTripWith<Ed25519Engine>(&Ed25519Engine::Make, *FindAlgorithm("Ed25519"));
}

}  // namespace cryptobench::backends::sodium
