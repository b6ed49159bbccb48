// Internals of the GnuTLS backend shared by its algorithm families: the catalogue-to-GnuTLS
// name table, datum and error helpers, and the one-shot operations (KatTarget).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include <gnutls/abstract.h>
#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>

#include "algorithms/catalog.h"
#include "backends/backend.h"
#include "backends/common/aead_adapter.h"
#include "backends/common/function_kat_target.h"
#include "backends/common/kat_target.h"
#include "backends/common/signature_adapter.h"
#include "backends/common/timing_inputs.h"
namespace cryptobench::backends::gnutls {

/// GnuTLS identifiers of one catalogue algorithm. Only the members for its kind are set; an
/// algorithm GnuTLS lacks has all of them UNKNOWN (IsKnown() false).
struct GnutlsIds {
  gnutls_cipher_algorithm_t cipher = GNUTLS_CIPHER_UNKNOWN;  ///< ciphers and AEADs
  gnutls_digest_algorithm_t digest = GNUTLS_DIG_UNKNOWN;     ///< hashes
  gnutls_mac_algorithm_t mac = GNUTLS_MAC_UNKNOWN;           ///< HMAC, CMAC
  gnutls_pk_algorithm_t pk = GNUTLS_PK_UNKNOWN;              ///< signatures
  gnutls_sign_algorithm_t sign = GNUTLS_SIGN_UNKNOWN;        ///< signatures (timed hash)
  gnutls_ecc_curve_t curve = GNUTLS_ECC_CURVE_INVALID;       ///< ECDSA, Ed25519

  bool IsKnown() const {
    return cipher != GNUTLS_CIPHER_UNKNOWN || digest != GNUTLS_DIG_UNKNOWN ||
           mac != GNUTLS_MAC_UNKNOWN || sign != GNUTLS_SIGN_UNKNOWN;
  }
};

/// The GnuTLS identifiers of `alg` (gnutls/gnutls.h enums); all UNKNOWN when the GnuTLS crypto
/// API has no such algorithm (AES-CTR/ECB, BLAKE2b, Poly1305, key agreement).
GnutlsIds IdsFor(const AlgorithmInfo& alg);

/// A gnutls_datum_t viewing `bytes` (GnuTLS takes non-const pointers but does not write).
gnutls_datum_t Datum(std::span<const uint8_t> bytes);

/// "CALL: <gnutls_strerror(rc)>", one line.
std::string CallError(std::string_view call, int rc);

/// Frees a buffer GnuTLS allocated (signatures, encoded values).
struct GnutlsFree {
  void operator()(unsigned char* p) const { gnutls_free(p); }
};

/// The one-shot operations (the KatTarget methods of the KAT driver and the cross-backend test,
/// kat_target.h) of the ciphers (cipher.cc) and hashes and MACs (hash_mac.cc); the backend merges
/// them (MergeOneShots) with AeadBinding().OneShots() and SignatureBinding().OneShots(). GnuTLS
/// has no key-agreement API outside TLS, so derive stays null ("not offered").
OneShotFunctions CipherOneShots();
OneShotFunctions HashAndMacOneShots();

/// True if GnuTLS accepts a handle for `alg` at run time (a cipher, AEAD, hash or MAC handle
/// initialises; for signatures, the timing key imports).
bool CipherSupported(const AlgorithmInfo& alg);
bool AeadSupported(const AlgorithmInfo& alg);
bool HashOrMacSupported(const AlgorithmInfo& alg);
bool SignatureSupported(const AlgorithmInfo& alg);

/// Prepare() of each family: the timed operation plus the correctness check at `input_len`
/// bytes (signatures: kPublicKeyInputLen), checked against the one-shot operations.
/// The backend's KindPreparers.
std::unique_ptr<PreparedOperation> PrepareCipher(const AlgorithmInfo& alg, Operation op,
                                                 size_t input_len, PrepareFailure* failure,
                                                 std::string* error);
/// The AEAD entries (BindAead, aead_adapter.h) over the AEADs `GnuTLS` binds: seal and open
/// are the one-shot seal and open (kNotOffered for an entry not bound), prepare the backend's
/// KindPreparers entry ("GnuTLS offers no <op> for <alg>" for an entry not bound or an
/// operation other than encrypt and decrypt).
AeadEntries AeadBinding();
std::unique_ptr<PreparedOperation> PrepareHashOrMac(const AlgorithmInfo& alg, Operation op,
                                                    size_t input_len, PrepareFailure* failure,
                                                    std::string* error);
/// The signature entries (BindSignature, signature_adapter.h): prepare is the backend's
/// KindPreparers entry, sign_round_trip the one-shot target's SignRoundTrip for what it signs.
SignatureEntries SignatureBinding();

}  // namespace cryptobench::backends::gnutls
