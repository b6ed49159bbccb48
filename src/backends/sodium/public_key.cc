// Ed25519 and X25519 through libsodium.
#include "backends/sodium/public_key.h"

#include <sodium.h>

#include <array>

#include "algorithms/kat.h"
#include "backends/common/buffers.h"
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

class Ed25519Operation : public PreparedOperation {
 public:
  Ed25519Operation(bool sign, const PublicKey& public_key, const SecretKey& secret_key,
                   const Signature& signature)
      : sign_(sign), public_key_(public_key), secret_key_(secret_key), signature_(signature) {
    FillPattern(message_.span(), kSignInputSeed);
  }
  ~Ed25519Operation() override { sodium_memzero(secret_key_.data(), secret_key_.size()); }

  bool Run(uint64_t iterations) override {
    const auto message_len = static_cast<unsigned long long>(message_.size());
    for (uint64_t i = 0; i < iterations; ++i) {
      if (sign_) {
        if (crypto_sign_ed25519_detached(signature_.data(), nullptr, message_.data(), message_len,
                                         secret_key_.data()) != 0) {
          error_ = "crypto_sign_ed25519_detached failed";
          return false;
        }
      } else if (crypto_sign_ed25519_verify_detached(signature_.data(), message_.data(),
                                                     message_len, public_key_.data()) != 0) {
        error_ = "crypto_sign_ed25519_verify_detached rejected the signature";
        return false;
      }
    }
    return true;
  }

  const Signature& signature() const { return signature_; }
  std::span<const uint8_t> message() const { return message_.span(); }

 private:
  bool sign_;
  PublicKey public_key_;
  SecretKey secret_key_;
  Signature signature_;
  AlignedBuffer message_{kPublicKeyInputLen};
};

bool Ed25519Verifies(const Signature& signature, std::span<const uint8_t> message,
                     const PublicKey& public_key) {
  return crypto_sign_ed25519_verify_detached(signature.data(), message.data(), message.size(),
                                             public_key.data()) == 0;
}

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
  PublicKey public_key{};
  SecretKey secret_key{};
  Ed25519TimingKeys(&public_key, &secret_key);
  const bool sign = op == Operation::kSign;
  Signature signature{};
  if (!sign) {
    // The timed verify checks a real signature, made here.
    const std::vector<uint8_t> message = PatternBytes(kPublicKeyInputLen, kSignInputSeed);
    crypto_sign_ed25519_detached(signature.data(), nullptr, message.data(), message.size(),
                                 secret_key.data());
    CorruptIfTesting(signature);
  }
  auto prepared = std::make_unique<Ed25519Operation>(sign, public_key, secret_key, signature);
  sodium_memzero(secret_key.data(), secret_key.size());
  if (!prepared->Run(1)) {
    return PrepareFailed(sign ? PrepareFailure::kLibraryError : PrepareFailure::kCheckFailed,
                         "Ed25519 " + std::string(OperationName(op)) + ": " + prepared->error(),
                         failure, error);
  }
  if (sign) {
    Signature made = prepared->signature();
    CorruptIfTesting(made);
    if (!Ed25519Verifies(made, prepared->message(), public_key)) {
      return PrepareFailed(PrepareFailure::kCheckFailed,
                           "Ed25519 sign: verify rejected the timed signature", failure, error);
    }
  }
  return prepared;
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
  PublicKey public_key{};
  SecretKey secret_key{};
  Ed25519TimingKeys(&public_key, &secret_key);
  const std::vector<uint8_t> message = PatternBytes(kPublicKeyInputLen, kSignInputSeed);
  Signature signature{};
  const int status = crypto_sign_ed25519_detached(signature.data(), nullptr, message.data(),
                                                  message.size(), secret_key.data());
  sodium_memzero(secret_key.data(), secret_key.size());
  if (status != 0) {
    return "timing key: crypto_sign_ed25519_detached failed";
  }
  Signature candidate = signature;
  CorruptIfTesting(candidate);
  if (!Ed25519Verifies(candidate, message, public_key)) {
    return "timing key: verify rejected a fresh signature";
  }
  candidate = signature;
  candidate.back() ^= 0x01;
  if (Ed25519Verifies(candidate, message, public_key)) {
    return "timing key: a signature with one bit flipped verified";
  }
  return "";
}

}  // namespace cryptobench::backends::sodium
