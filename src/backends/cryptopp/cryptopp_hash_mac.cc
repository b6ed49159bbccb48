// Hashes (HashTransformation) and MACs (MessageAuthenticationCode) through Crypto++.
// MD5 lives in Crypto++'s Weak namespace, which must be asked for before md5.h is included.
#define CRYPTOPP_ENABLE_NAMESPACE_WEAK 1
#include <string>
#include <vector>

#include <crypto++/aes.h>
#include <crypto++/blake2.h>
#include <crypto++/cmac.h>
#include <crypto++/hmac.h>
#include <crypto++/md5.h>
#include <crypto++/poly1305.h>
#include <crypto++/sha.h>
#include <crypto++/sha3.h>

#include "backends/common/buffers.h"
#include "backends/common/hash_mac_adapter.h"
#include "backends/common/incremental_hash_mac.h"
#include "backends/common/timing_inputs.h"
#include "backends/cryptopp/cryptopp_internal.h"

namespace cryptobench::backends::cryptopp {
namespace {

// A new hash object for `alg`; null if this backend does not offer it.
std::unique_ptr<CryptoPP::HashTransformation> NewHash(const AlgorithmInfo& alg) {
  if (alg.kind != AlgorithmKind::kHash) {
    return nullptr;
  }
  const std::string_view name = alg.name;
  if (name == "MD5") {
    return std::make_unique<CryptoPP::Weak::MD5>();
  }
  if (name == "SHA-1") {
    return std::make_unique<CryptoPP::SHA1>();
  }
  if (name == "SHA-224") {
    return std::make_unique<CryptoPP::SHA224>();
  }
  if (name == "SHA-256") {
    return std::make_unique<CryptoPP::SHA256>();
  }
  if (name == "SHA-384") {
    return std::make_unique<CryptoPP::SHA384>();
  }
  if (name == "SHA-512") {
    return std::make_unique<CryptoPP::SHA512>();
  }
  if (name == "SHA3-256") {
    return std::make_unique<CryptoPP::SHA3_256>();
  }
  if (name == "BLAKE2b-512") {
    return std::make_unique<CryptoPP::BLAKE2b>();  // unkeyed, 64-byte digest by default
  }
  return nullptr;
}

// A new, unkeyed MAC object for `alg`; null if this backend does not offer it.
std::unique_ptr<CryptoPP::MessageAuthenticationCode> NewMac(const AlgorithmInfo& alg) {
  if (alg.kind != AlgorithmKind::kMac) {
    return nullptr;
  }
  if (alg.name == "HMAC-SHA256") {
    return std::make_unique<CryptoPP::HMAC<CryptoPP::SHA256>>();
  }
  if (alg.name == "CMAC-AES-128") {
    return std::make_unique<CryptoPP::CMAC<CryptoPP::AES>>();
  }
  if (alg.name == "Poly1305") {
    // Poly1305TLS is RFC 8439's Poly1305 (32-byte one-time key r || s); Crypto++'s Poly1305<AES>
    // is the older Poly1305-AES.
    return std::make_unique<CryptoPP::Poly1305TLS>();
  }
  return nullptr;
}

// Crypto++'s calls for the engine (IncrementalHashMacEngine, hash_mac_adapter.h): one digest or
// tag of a message per Compute() (Update, then Final, which restarts the object); Poly1305 is
// keyed first.
struct CryptoppHashMac {
  static constexpr std::string_view kName = "Crypto++";
  using Object = CryptoPP::HashTransformation;
  using Mac = CryptoPP::MessageAuthenticationCode;
  static size_t OutputLen(const Object& object) { return object.DigestSize(); }
  static void SetKey(Mac& mac, std::span<const uint8_t> key) {
    mac.SetKey(NonNullData(key), key.size());
  }
  static void Update(Object& object, const uint8_t* in, size_t len) { object.Update(in, len); }
  static void Final(Object& object, uint8_t* out) { object.Final(out); }
};

using Engine = IncrementalHashMacEngine<CryptoppHashMac>;

std::unique_ptr<Engine> NewHashEngine(const AlgorithmInfo& alg, std::span<const uint8_t> /*key*/,
                                      std::string* error) {
  auto hash = NewHash(alg);
  if (!hash) {
    *error = kNotOffered;
    return nullptr;
  }
  return std::make_unique<Engine>(std::move(hash));
}

std::unique_ptr<Engine> NewMacEngine(const AlgorithmInfo& alg, std::span<const uint8_t> key,
                                     std::string* error) {
  auto mac = NewMac(alg);
  if (!mac) {
    *error = kNotOffered;
    return nullptr;
  }
  return Engine::Keyed(
      alg, [&] { return std::move(mac); }, key, "Crypto++ " + std::string(alg.name), error);
}

// The reference of the hash prepare step: a fresh object fed the message in two pieces.
std::string HashInTwoPieces(const AlgorithmInfo& alg, const Bytes& message, Bytes* out) {
  return Engine::InTwoPieces(
      "Crypto++ " + std::string(alg.name), [&] { return NewHash(alg); }, message, out);
}

bool HashSupported(const AlgorithmInfo& alg) { return NewHash(alg) != nullptr; }

bool MacSupported(const AlgorithmInfo& alg) { return NewMac(alg) != nullptr; }

// May throw (LibraryBackend reads that as "does not tell").
std::string HashMacImplementation(const AlgorithmInfo& alg) {
  if (auto hash = NewHash(alg)) {
    return hash->AlgorithmProvider();
  }
  if (auto mac = NewMac(alg)) {
    const Bytes key = PatternBytes(alg.key_len, kKeySeed);
    mac->SetKey(key.data(), key.size());
    return mac->AlgorithmProvider();
  }
  return "";
}

}  // namespace

LibraryBindings HashMacBinding() {
  return BindHashMac<Engine, &NewHashEngine, &NewMacEngine, &HashInTwoPieces>().Bindings(
      &HashSupported, &MacSupported, &HashMacImplementation);
}

}  // namespace cryptobench::backends::cryptopp
