// Public-key material for the BoringSSL backend (keys.h).
#include "backends/boringssl/keys.h"

#include <climits>
#include <vector>

#include "algorithms/kat.h"
#include "backends/common/buffers.h"
#include "backends/common/der.h"
#include "core/hex.h"

namespace cryptobench::backends::boringssl {
namespace {

// Seed of the second (peer) key's bytes. Not the other backends' kSecondKeySeed (0x52,
// common/timing_inputs.h): kept as it was, so BoringSSL's timed derive is unchanged.
constexpr uint8_t kBoringsslPeerKeySeed = 7;

PkeyPtr NoKey(const Libcrypto& lib) { return PkeyPtr(nullptr, lib.EVP_PKEY_free); }

// The EC curve name as OpenSSL spells it (catalogue openssl_name): "prime256v1", "secp384r1".
std::vector<uint8_t> CurveOid(const AlgorithmInfo& alg) { return CurveOidDer(alg.openssl_name); }

int RawKeyType(PkFamily family) {
  return family == PkFamily::kEd25519 ? kEvpPkeyEd25519 : kEvpPkeyX25519;
}

PkeyPtr ParseDer(const Libcrypto& lib, int type, std::span<const uint8_t> der, bool is_private,
                 std::string* error) {
  if (der.size() > static_cast<size_t>(LONG_MAX)) {
    *error = "key too long";
    return NoKey(lib);
  }
  const uint8_t* cursor = der.data();
  const long len = static_cast<long>(der.size());
  PkeyPtr key(is_private           ? lib.d2i_PrivateKey(type, nullptr, &cursor, len)
              : type == kEvpPkeyEc ? lib.d2i_PUBKEY(nullptr, &cursor, len)
                                   : lib.d2i_PublicKey(type, nullptr, &cursor, len),
              lib.EVP_PKEY_free);
  if (!key) {
    *error = LibError(lib, is_private           ? "d2i_PrivateKey"
                           : type == kEvpPkeyEc ? "d2i_PUBKEY"
                                                : "d2i_PublicKey");
  }
  return key;
}

PkeyPtr RawKey(const Libcrypto& lib, PkFamily family, std::span<const uint8_t> bytes,
               bool is_private, std::string* error) {
  const int type = RawKeyType(family);
  PkeyPtr key(is_private
                  ? lib.EVP_PKEY_new_raw_private_key(type, nullptr, bytes.data(), bytes.size())
                  : lib.EVP_PKEY_new_raw_public_key(type, nullptr, bytes.data(), bytes.size()),
              lib.EVP_PKEY_free);
  if (!key) {
    *error =
        LibError(lib, is_private ? "EVP_PKEY_new_raw_private_key" : "EVP_PKEY_new_raw_public_key");
  }
  return key;
}

// An EC key from a KAT vector: `bytes` (a private scalar, or a public point) wrapped into an
// ECPrivateKey or SubjectPublicKeyInfo for alg's curve and parsed.
PkeyPtr EcKey(const Libcrypto& lib, const AlgorithmInfo& alg, std::span<const uint8_t> bytes,
              bool is_private, std::string* error) {
  const std::vector<uint8_t> oid = CurveOid(alg);
  if (oid.empty()) {
    *error = "unknown curve " + std::string(alg.openssl_name);
    return NoKey(lib);
  }
  return ParseDer(lib, kEvpPkeyEc,
                  is_private ? EcPrivateKeyDer(oid, bytes) : EcSubjectPublicKeyInfo(oid, bytes),
                  is_private, error);
}

}  // namespace

PkeyPtr TimingKey(const Libcrypto& lib, const AlgorithmInfo& alg, std::string* error) {
  const PkFamily family = PkFamilyOf(alg);
  if (family == PkFamily::kEd25519 || family == PkFamily::kX25519) {
    const auto vectors = KatVectorsFor(alg.name);
    if (vectors.empty() || vectors[0].private_key.empty()) {
      *error = "no RFC test key for " + std::string(alg.name);
      return NoKey(lib);
    }
    return RawKey(lib, family, HexDecode(vectors[0].private_key), true, error);
  }
  const std::string_view pem = TimingPrivateKeyPem(alg.name);
  if (pem.empty() || pem.size() > static_cast<size_t>(INT_MAX)) {
    *error = "no timing key for " + std::string(alg.name);
    return NoKey(lib);
  }
  BIO* bio = lib.BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size()));
  if (bio == nullptr) {
    *error = LibError(lib, "BIO_new_mem_buf");
    return NoKey(lib);
  }
  PkeyPtr key(lib.PEM_read_bio_PrivateKey(bio, nullptr, nullptr, nullptr), lib.EVP_PKEY_free);
  lib.BIO_free(bio);
  if (!key) {
    *error = LibError(lib, "PEM_read_bio_PrivateKey");
  }
  return key;
}

PkeyPtr SecondKey(const Libcrypto& lib, const AlgorithmInfo& alg, std::string* error) {
  const PkFamily family = PkFamilyOf(alg);
  std::vector<uint8_t> scalar = PatternBytes(alg.key_len, kBoringsslPeerKeySeed);
  if (family == PkFamily::kX25519) {
    return RawKey(lib, family, scalar, true, error);
  }
  if (family != PkFamily::kEcdh || scalar.empty()) {
    *error = std::string(alg.name) + " is not a key agreement";
    return NoKey(lib);
  }
  scalar[0] &= 0x7f;  // below the group order of P-256 (FIPS 186-5 / SEC 2)
  scalar[0] |= 0x01;  // and far from zero
  return ParseDer(lib, kEvpPkeyEc, EcPrivateKeyDer(CurveOid(alg), scalar), true, error);
}

PkeyPtr KatPublicKey(const Libcrypto& lib, const AlgorithmInfo& alg,
                     std::span<const uint8_t> public_key, std::string* error) {
  switch (PkFamilyOf(alg)) {
    case PkFamily::kRsa:
      return ParseDer(lib, kEvpPkeyRsa, public_key, false, error);
    case PkFamily::kEcdsa:
    case PkFamily::kEcdh:
      return EcKey(lib, alg, public_key, false, error);
    case PkFamily::kEd25519:
    case PkFamily::kX25519:
      return RawKey(lib, PkFamilyOf(alg), public_key, false, error);
    case PkFamily::kNone:
      break;
  }
  *error = std::string(alg.name) + " has no public key";
  return NoKey(lib);
}

PkeyPtr KatPrivateKey(const Libcrypto& lib, const AlgorithmInfo& alg,
                      std::span<const uint8_t> private_key, std::string* error) {
  switch (PkFamilyOf(alg)) {
    case PkFamily::kRsa:
      return ParseDer(lib, kEvpPkeyRsa, private_key, true, error);
    case PkFamily::kEcdsa:
    case PkFamily::kEcdh:
      return EcKey(lib, alg, private_key, true, error);
    case PkFamily::kEd25519:
    case PkFamily::kX25519:
      return RawKey(lib, PkFamilyOf(alg), private_key, true, error);
    case PkFamily::kNone:
      break;
  }
  *error = std::string(alg.name) + " has no private key";
  return NoKey(lib);
}

}  // namespace cryptobench::backends::boringssl
