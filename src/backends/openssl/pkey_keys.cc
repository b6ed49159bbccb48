// Public-key material for the OpenSSL backend.
#include "backends/openssl/pkey_keys.h"

#include <climits>
#include <vector>

#include "algorithms/kat.h"
#include "backends/common/buffers.h"
#include "backends/common/der.h"
#include "backends/common/key_agreement_adapter.h"
#include "backends/common/timing_inputs.h"
#include "core/hex.h"

namespace cryptobench::backends::openssl {
namespace {

Owned<EVP_PKEY> Wrap(const Libcrypto& lib, EVP_PKEY* key, std::string_view call,
                     std::string* error) {
  if (key == nullptr) {
    *error = LibError(lib, call);
  }
  return Own(key, lib.EVP_PKEY_free);
}

// Parses DER with a d2i_* function, checking that every byte was consumed.
template <typename Parse>
Owned<EVP_PKEY> FromDer(const Libcrypto& lib, std::span<const uint8_t> der, std::string_view call,
                        Parse parse, std::string* error) {
  if (der.size() > static_cast<size_t>(LONG_MAX)) {
    *error = std::string(call) + ": input too large";
    return Own<EVP_PKEY>(nullptr, lib.EVP_PKEY_free);
  }
  const unsigned char* cursor = der.data();
  Owned<EVP_PKEY> key = Wrap(lib, parse(&cursor, static_cast<long>(der.size())), call, error);
  if (key && cursor != der.data() + der.size()) {
    *error = std::string(call) + ": trailing bytes after the key";
    key.reset();
  }
  return key;
}

// An EC key from a KAT vector: `bytes` (a private scalar, or a public point) wrapped into an
// ECPrivateKey or SubjectPublicKeyInfo for alg's curve and parsed (d2i_PrivateKey, d2i_PUBKEY).
Owned<EVP_PKEY> EcKey(const Libcrypto& lib, const AlgorithmInfo& alg,
                      std::span<const uint8_t> bytes, bool is_private, std::string* error) {
  const std::vector<uint8_t> oid = CurveOidDer(alg.openssl_name);
  if (oid.empty()) {
    *error = "unknown curve " + std::string(alg.openssl_name);
    return Own<EVP_PKEY>(nullptr, lib.EVP_PKEY_free);
  }
  if (!is_private) {
    return FromDer(
        lib, EcSubjectPublicKeyInfo(oid, bytes), "d2i_PUBKEY",
        [&](const unsigned char** p, long n) { return lib.d2i_PUBKEY(nullptr, p, n); }, error);
  }
  return FromDer(
      lib, EcPrivateKeyDer(oid, bytes), "d2i_PrivateKey(EC)",
      [&](const unsigned char** p, long n) {
        return lib.d2i_PrivateKey(kEvpPkeyEc, nullptr, p, n);
      },
      error);
}

// A raw 32-byte key for Ed25519/X25519: the first KAT vector's private key if there is one.
std::vector<uint8_t> RawTimingKeyBytes(const AlgorithmInfo& alg) {
  for (const KatVector& vector : KatVectorsFor(alg.name)) {
    if (!vector.private_key.empty()) {
      return HexDecode(vector.private_key);
    }
  }
  return PatternBytes(32, kFallbackKeySeed);
}

}  // namespace

Owned<EVP_PKEY> PemPrivateKey(const Libcrypto& lib, std::string_view pem, std::string* error) {
  if (pem.size() > static_cast<size_t>(INT_MAX)) {
    *error = "PEM key too large";
    return Own<EVP_PKEY>(nullptr, lib.EVP_PKEY_free);
  }
  BIO* bio = lib.BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size()));
  if (bio == nullptr) {
    *error = LibError(lib, "BIO_new_mem_buf");
    return Own<EVP_PKEY>(nullptr, lib.EVP_PKEY_free);
  }
  Owned<EVP_PKEY> key = Wrap(lib, lib.PEM_read_bio_PrivateKey(bio, nullptr, nullptr, nullptr),
                             "PEM_read_bio_PrivateKey", error);
  lib.BIO_free(bio);
  return key;
}

Owned<EVP_PKEY> TimingKey(const Libcrypto& lib, const AlgorithmInfo& alg, std::string* error) {
  switch (PkFamilyOf(alg)) {
    case PkFamily::kRsa:
    case PkFamily::kEcdsa:
    case PkFamily::kEcdh: {
      const std::string_view pem = TimingPrivateKeyPem(alg.name);
      if (pem.empty()) {
        *error = "no timing key for " + std::string(alg.name);
        return Own<EVP_PKEY>(nullptr, lib.EVP_PKEY_free);
      }
      return PemPrivateKey(lib, pem, error);
    }
    case PkFamily::kEd25519:
    case PkFamily::kX25519:
      return KatPrivateKey(lib, alg, RawTimingKeyBytes(alg), error);
    case PkFamily::kNone:
      break;
  }
  *error = std::string(alg.name) + " is not a public-key algorithm";
  return Own<EVP_PKEY>(nullptr, lib.EVP_PKEY_free);
}

Owned<EVP_PKEY> SecondKey(const Libcrypto& lib, const AlgorithmInfo& alg, std::string* error) {
  return KatPrivateKey(lib, alg, PeerPrivateScalar(alg), error);
}

Owned<EVP_PKEY> KatPublicKey(const Libcrypto& lib, const AlgorithmInfo& alg,
                             std::span<const uint8_t> public_key, std::string* error) {
  switch (PkFamilyOf(alg)) {
    case PkFamily::kRsa:
      return FromDer(
          lib, public_key, "d2i_PublicKey(RSA)",
          [&](const unsigned char** p, long n) {
            return lib.d2i_PublicKey(kEvpPkeyRsa, nullptr, p, n);
          },
          error);
    case PkFamily::kEcdsa:
    case PkFamily::kEcdh:
      return EcKey(lib, alg, public_key, false, error);
    case PkFamily::kEd25519:
      return Wrap(lib,
                  lib.EVP_PKEY_new_raw_public_key(kEvpPkeyEd25519, nullptr, public_key.data(),
                                                  public_key.size()),
                  "EVP_PKEY_new_raw_public_key", error);
    case PkFamily::kX25519:
      return Wrap(lib,
                  lib.EVP_PKEY_new_raw_public_key(kEvpPkeyX25519, nullptr, public_key.data(),
                                                  public_key.size()),
                  "EVP_PKEY_new_raw_public_key", error);
    case PkFamily::kNone:
      break;
  }
  *error = std::string(alg.name) + " is not a public-key algorithm";
  return Own<EVP_PKEY>(nullptr, lib.EVP_PKEY_free);
}

Owned<EVP_PKEY> KatPrivateKey(const Libcrypto& lib, const AlgorithmInfo& alg,
                              std::span<const uint8_t> private_key, std::string* error) {
  switch (PkFamilyOf(alg)) {
    case PkFamily::kRsa:
      return FromDer(
          lib, private_key, "d2i_PrivateKey(RSA)",
          [&](const unsigned char** p, long n) {
            return lib.d2i_PrivateKey(kEvpPkeyRsa, nullptr, p, n);
          },
          error);
    case PkFamily::kEcdsa:
    case PkFamily::kEcdh:
      return EcKey(lib, alg, private_key, true, error);
    case PkFamily::kEd25519:
      return Wrap(lib,
                  lib.EVP_PKEY_new_raw_private_key(kEvpPkeyEd25519, nullptr, private_key.data(),
                                                   private_key.size()),
                  "EVP_PKEY_new_raw_private_key", error);
    case PkFamily::kX25519:
      return Wrap(lib,
                  lib.EVP_PKEY_new_raw_private_key(kEvpPkeyX25519, nullptr, private_key.data(),
                                                   private_key.size()),
                  "EVP_PKEY_new_raw_private_key", error);
    case PkFamily::kNone:
      break;
  }
  *error = std::string(alg.name) + " is not a public-key algorithm";
  return Own<EVP_PKEY>(nullptr, lib.EVP_PKEY_free);
}

}  // namespace cryptobench::backends::openssl
