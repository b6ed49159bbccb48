// Internals of the libgcrypt backend shared by its algorithm families: handle and
// S-expression helpers, the one-shot operations (KatTarget) and each family's Prepare().
#pragma once

#include <gcrypt.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "algorithms/catalog.h"
#include "backends/backend.h"
#include "backends/common/function_kat_target.h"
#include "backends/common/kat_target.h"
#include "backends/common/key_agreement_adapter.h"
#include "backends/common/signature_adapter.h"
#include "backends/common/timing_inputs.h"
namespace cryptobench::backends::gcrypt {

/// "CALL: <gcry_strerror(err)>", one line.
std::string CallError(std::string_view call, gcry_error_t err);

/// Owning wrappers of libgcrypt objects.
struct SexpRelease {
  void operator()(gcry_sexp_t s) const { gcry_sexp_release(s); }
};
using Sexp = std::unique_ptr<std::remove_pointer_t<gcry_sexp_t>, SexpRelease>;
struct MpiRelease {
  void operator()(gcry_mpi_t m) const { gcry_mpi_release(m); }
};
using Mpi = std::unique_ptr<std::remove_pointer_t<gcry_mpi_t>, MpiRelease>;

/// The bytes of the first data element after `token` in `sexp` (e.g. "s" in
/// (sig-val (rsa (s #..#)))), or empty when absent.
Bytes SexpTokenBytes(gcry_sexp_t sexp, const char* token);

/// An unsigned big-endian MPI of `bytes`.
Mpi MpiFromBytes(std::span<const uint8_t> bytes);

/// `mpi` as exactly `width` big-endian bytes (left-padded); empty if it does not fit.
Bytes MpiBytes(gcry_mpi_t mpi, size_t width);

/// The one-shot operations (the KatTarget methods of the KAT driver and the cross-backend test,
/// kat_target.h) of the ciphers and AEADs (cipher_aead.cc) and the hashes and MACs
/// (hash_mac.cc); the backend merges them (MergeOneShots) with SignatureBinding().OneShots() and
/// KeyAgreementBinding().OneShots().
OneShotFunctions CipherAndAeadOneShots();
OneShotFunctions HashAndMacOneShots();

/// True if libgcrypt offers `alg` at run time (gcry_*_test_algo / a key that imports).
bool CipherOrAeadSupported(const AlgorithmInfo& alg);
bool HashOrMacSupported(const AlgorithmInfo& alg);
bool SignatureSupported(const AlgorithmInfo& alg);
bool KeyAgreementSupported(const AlgorithmInfo& alg);

/// Prepare() of each family (the backend's KindPreparers): the timed operation plus the
/// correctness check at `input_len` bytes (public key: kPublicKeyInputLen), checked against
/// the one-shot operations.
std::unique_ptr<PreparedOperation> PrepareCipherOrAead(const AlgorithmInfo& alg, Operation op,
                                                       size_t input_len, PrepareFailure* failure,
                                                       std::string* error);
std::unique_ptr<PreparedOperation> PrepareHashOrMac(const AlgorithmInfo& alg, Operation op,
                                                    size_t input_len, PrepareFailure* failure,
                                                    std::string* error);
/// The signature entries (BindSignature, signature_adapter.h): prepare is the backend's
/// KindPreparers entry, sign_round_trip the one-shot target's SignRoundTrip for what it signs.
SignatureEntries SignatureBinding();
/// The key-agreement entries (BindKeyAgreement, key_agreement_adapter.h): X25519 and ECDH.
KeyAgreementEntries KeyAgreementBinding();

}  // namespace cryptobench::backends::gcrypt
