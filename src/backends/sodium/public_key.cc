// Ed25519 and X25519 through libsodium.
#include "backends/sodium/public_key.h"

#include <sodium.h>

#include <algorithm>
#include <array>
#include <memory>
#include <span>
#include <string>

#include "algorithms/kat.h"
#include "backends/common/buffers.h"
#include "backends/common/key_agreement_adapter.h"
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

// One side of an X25519 exchange, the engine of the key-agreement adapter
// (common/key_agreement_adapter.h): a private scalar (zeroed when the side goes) and the peer's
// public u-coordinate.
class X25519Side {
 public:
  using Key = std::array<unsigned char, 32>;

  X25519Side(const Key& scalar, const Key& peer) : scalar_(scalar), peer_(peer) {}
  ~X25519Side() { sodium_memzero(scalar_.data(), scalar_.size()); }

  size_t secret_len() const { return 32; }

  bool Derive(uint8_t* out, std::string* error) {
    if (crypto_scalarmult_curve25519(out, scalar_.data(), peer_.data()) != 0) {
      *error = "crypto_scalarmult_curve25519 failed";
      return false;
    }
    return true;
  }

 private:
  Key scalar_;
  Key peer_;
};

// Both sides of the timed exchange (KeyAgreementSidesFactory): the timing scalar with the
// second key's public u-coordinate, and the second key (kSecondKeySeed pattern) with ours.
std::string X25519Sides(const AlgorithmInfo& alg, std::unique_ptr<X25519Side>* ours,
                        std::unique_ptr<X25519Side>* theirs) {
  X25519Side::Key own{};
  X25519Side::Key second{};
  const std::vector<uint8_t> own_bytes = TimingPrivateKey(alg);
  const std::vector<uint8_t> second_bytes = PatternBytes(32, kSecondKeySeed);
  std::copy_n(own_bytes.begin(), std::min(own_bytes.size(), own.size()), own.begin());
  std::copy_n(second_bytes.begin(), second.size(), second.begin());
  X25519Side::Key own_public{};
  X25519Side::Key second_public{};
  const bool ok = crypto_scalarmult_curve25519_base(own_public.data(), own.data()) == 0 &&
                  crypto_scalarmult_curve25519_base(second_public.data(), second.data()) == 0;
  if (ok) {
    *ours = std::make_unique<X25519Side>(own, second_public);
    *theirs = std::make_unique<X25519Side>(second, own_public);
  }
  sodium_memzero(own.data(), own.size());
  sodium_memzero(second.data(), second.size());
  return ok ? "" : "crypto_scalarmult_curve25519 failed";
}

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
  return PrepareKeyAgreementWith<X25519Side>(&X25519Sides, *FindAlgorithm("X25519"), op, failure,
                                             error);
}

std::string Ed25519RoundTrip() {
  return SignatureRoundTripWith<Ed25519Engine>(&Ed25519Engine::Make, *FindAlgorithm("Ed25519"));
}

}  // namespace cryptobench::backends::sodium
