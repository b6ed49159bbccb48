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
#include "backends/common/kat_target.h"
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

/// The libgcrypt one-shot operations: ciphers and AEADs (cipher_aead.cc), hashes and MACs
/// (hash_mac.cc), signatures (signature.cc), key agreement (key_agreement.cc).
class GcryptTarget : public KatTarget {
 public:
  std::string Cipher(const AlgorithmInfo& alg, bool decrypt, const Bytes& key, const Bytes& iv,
                     const Bytes& input, Bytes* output) override;
  std::string Seal(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce, const Bytes& aad,
                   const Bytes& plaintext, size_t tag_len, Bytes* ciphertext, Bytes* tag) override;
  std::string Open(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce, const Bytes& aad,
                   const Bytes& ciphertext, const Bytes& tag, Bytes* plaintext,
                   bool* authentic) override;
  std::string Hash(const AlgorithmInfo& alg, const Bytes& message, Bytes* digest) override;
  std::string Mac(const AlgorithmInfo& alg, const Bytes& key, const Bytes& message,
                  Bytes* tag) override;
  std::string Verify(const AlgorithmInfo& alg, const KatVector& vector, bool tamper,
                     bool* valid) override;
  std::string Sign(const AlgorithmInfo& alg, const KatVector& vector, Bytes* signature) override;
  std::string SignRoundTrip(const AlgorithmInfo& alg) override;
  std::string Derive(const AlgorithmInfo& alg, const KatVector& vector, Bytes* secret) override;
};

/// True if libgcrypt offers `alg` at run time (gcry_*_test_algo / a key that imports).
bool CipherOrAeadSupported(const AlgorithmInfo& alg);
bool HashOrMacSupported(const AlgorithmInfo& alg);
bool SignatureSupported(const AlgorithmInfo& alg);
bool KeyAgreementSupported(const AlgorithmInfo& alg);

/// Prepare() of each family (the backend's KindPreparers): the timed operation plus the
/// correctness check at `input_len` bytes (public key: kPublicKeyInputLen), checked against
/// GcryptTarget's one-shot operations.
std::unique_ptr<PreparedOperation> PrepareCipherOrAead(const AlgorithmInfo& alg, Operation op,
                                                       size_t input_len, PrepareFailure* failure,
                                                       std::string* error);
std::unique_ptr<PreparedOperation> PrepareHashOrMac(const AlgorithmInfo& alg, Operation op,
                                                    size_t input_len, PrepareFailure* failure,
                                                    std::string* error);
/// The signature entries (BindSignature, signature_adapter.h): prepare is the backend's
/// KindPreparers entry, sign_round_trip the one-shot target's SignRoundTrip for what it signs.
SignatureEntries SignatureBinding();
std::unique_ptr<PreparedOperation> PrepareKeyAgreement(const AlgorithmInfo& alg, Operation op,
                                                       PrepareFailure* failure, std::string* error);

}  // namespace cryptobench::backends::gcrypt
