// A minimal DER encoder for the few ASN.1 structures cryptobench hands to crypto libraries: EC
// public keys (SubjectPublicKeyInfo), EC private keys (ECPrivateKey) and ECDSA signatures, built
// from the raw values published in KAT vectors (points, scalars, r||s), and the decoding of ECDSA
// signatures back to r||s.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace cryptobench::backends {

/// DER tag-length-value with definite length (X.690 8.1.3): short form below 128 bytes, long
/// form above.
std::vector<uint8_t> DerTlv(uint8_t tag, std::span<const uint8_t> content);

/// DER INTEGER (X.690 8.3) of the unsigned big-endian value `magnitude`: leading zero bytes
/// dropped, one 0x00 prepended when the top bit is set, so the value stays non-negative.
std::vector<uint8_t> DerUnsignedInteger(std::span<const uint8_t> magnitude);

/// ECDSA-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER } (RFC 3279 2.2.3) from the fixed-width
/// concatenation r||s used by NIST CAVP and RFC 6979; `r_and_s` has an even length.
std::vector<uint8_t> EcdsaSignatureDer(std::span<const uint8_t> r_and_s);

/// The inverse of EcdsaSignatureDer: r||s, each left-padded to `scalar_len` bytes, from a DER
/// ECDSA-Sig-Value as libcrypto's signers emit it. False if `der` is not exactly one SEQUENCE of
/// two non-negative INTEGERs (short or long lengths) that each fit in `scalar_len` bytes.
bool EcdsaSignatureFromDer(std::span<const uint8_t> der, size_t scalar_len,
                           std::vector<uint8_t>* r_and_s);

/// DER of the namedCurve OBJECT IDENTIFIER for an OpenSSL curve name: "prime256v1" (P-256,
/// 1.2.840.10045.3.1.7) or "secp384r1" (P-384, 1.3.132.0.34), RFC 5480 2.1.1.1. Empty if unknown.
std::vector<uint8_t> CurveOidDer(std::string_view curve_name);

/// SubjectPublicKeyInfo of an EC public key (RFC 5480 2): algorithm id-ecPublicKey with the
/// named curve `curve_oid_der`, subjectPublicKey = `point` (uncompressed 04||X||Y, SEC 1 2.3.3).
std::vector<uint8_t> EcSubjectPublicKeyInfo(std::span<const uint8_t> curve_oid_der,
                                            std::span<const uint8_t> point);

/// ECPrivateKey (RFC 5915 3, SEC 1 C.4): version 1, the big-endian `scalar`, and the named
/// curve parameters; the public key is omitted (libcrypto computes it from the scalar).
std::vector<uint8_t> EcPrivateKeyDer(std::span<const uint8_t> curve_oid_der,
                                     std::span<const uint8_t> scalar);

}  // namespace cryptobench::backends
