// A minimal reader for the DER structures the backends whose libraries parse no key files must
// take apart themselves (libgcrypt, Nettle): the PKCS#8 PEM timing keys and the RSAPublicKey of
// the KAT vectors. Reads definite-length DER only (X.690 8.1.3, 10.1).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cryptobench::backends {

/// DER tags used here (X.690 8.x, universal class).
inline constexpr uint8_t kDerInteger = 0x02;
inline constexpr uint8_t kDerBitString = 0x03;
inline constexpr uint8_t kDerOctetString = 0x04;
inline constexpr uint8_t kDerOid = 0x06;
inline constexpr uint8_t kDerSequence = 0x30;

/// One element: its tag byte and its contents (a view into the input).
struct DerElement {
  uint8_t tag = 0;
  std::span<const uint8_t> contents;
};

/// Reads consecutive elements from a byte string.
class DerReader {
 public:
  explicit DerReader(std::span<const uint8_t> input) : rest_(input) {}

  /// Reads the next element; false at the end or on malformed input (then ok() is false).
  bool Next(DerElement* element);
  /// Reads the next element and requires `tag`; false otherwise.
  bool Expect(uint8_t tag, DerElement* element);
  bool ok() const { return ok_; }
  bool AtEnd() const { return rest_.empty(); }

 private:
  std::span<const uint8_t> rest_;
  bool ok_ = true;
};

/// The DER inside a "-----BEGIN PRIVATE KEY-----" block (RFC 7468 10). "" or what failed.
std::string PemPrivateKeyToDer(std::string_view pem, std::vector<uint8_t>* der);

/// PrivateKeyInfo (RFC 5208 5): the algorithm parameters' OID contents (an EC key's curve;
/// empty for RSA) and the privateKey OCTET STRING contents. "" or what failed.
std::string UnwrapPkcs8(std::span<const uint8_t> der, std::span<const uint8_t>* parameters_oid,
                        std::span<const uint8_t>* private_key);

/// The INTEGERs of a SEQUENCE of INTEGERs, in order (RSAPublicKey: n, e; RSAPrivateKey:
/// version, n, e, d, p, q, dP, dQ, qInv; RFC 8017 A.1). Each is the big-endian contents, a
/// leading 0x00 included when DER put one there. "" or what failed.
std::string ReadIntegerSequence(std::span<const uint8_t> der,
                                std::vector<std::span<const uint8_t>>* integers);

/// ECPrivateKey (RFC 5915 3): the privateKey OCTET STRING contents. "" or what failed.
std::string ReadEcPrivateKey(std::span<const uint8_t> der, std::span<const uint8_t>* scalar);

/// The privateKey of the PKCS#8 PEM private key `pem` (PemPrivateKeyToDer, then UnwrapPkcs8)
/// copied to *private_key: an RSAPrivateKey or ECPrivateKey DER. With `parameters_oid`, also
/// the algorithm parameters' OID contents (an EC key's curve; empty for RSA). "" or what failed.
std::string Pkcs8PrivateKey(std::string_view pem, std::vector<uint8_t>* private_key,
                            std::vector<uint8_t>* parameters_oid = nullptr);

/// The private scalar (the ECPrivateKey's privateKey, big-endian) of the PKCS#8 PEM EC private
/// key `pem`, which must be on the curve `curve_name` (OpenSSL's name: "prime256v1" or
/// "secp384r1", as CurveOidDer in der.h takes): "" or what failed, "the timing key is on another
/// curve" for a key on any other curve.
std::string Pkcs8EcScalar(std::string_view pem, std::string_view curve_name,
                          std::vector<uint8_t>* scalar);

}  // namespace cryptobench::backends
