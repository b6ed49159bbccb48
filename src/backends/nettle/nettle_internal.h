// Internals of the Nettle backend shared by its algorithm families: the one-shot operations
// (KatTarget) and the Prepare() entry points of each family.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "algorithms/catalog.h"
#include "backends/backend.h"
#include "backends/common/aead_adapter.h"
#include "backends/common/function_kat_target.h"
#include "backends/common/kat_target.h"
#include "backends/common/key_agreement_adapter.h"
#include "backends/common/signature_adapter.h"
#include "backends/common/timing_inputs.h"
namespace cryptobench::backends::nettle {

/// The one-shot operations (the KatTarget methods of the KAT driver and the cross-backend test,
/// kat_target.h) of the ciphers (cipher.cc) and the hashes and MACs (hash_mac.cc); the backend
/// merges them (MergeOneShots) with AeadBinding().OneShots(), SignatureBinding().OneShots() and
/// KeyAgreementBinding().OneShots().
OneShotFunctions CipherOneShots();
OneShotFunctions HashAndMacOneShots();

/// True if Nettle has `alg` (by name: Nettle's set is fixed at build time).
bool CipherSupported(const AlgorithmInfo& alg);
bool AeadSupported(const AlgorithmInfo& alg);
bool HashOrMacSupported(const AlgorithmInfo& alg);
bool SignatureSupported(const AlgorithmInfo& alg);
bool KeyAgreementSupported(const AlgorithmInfo& alg);

/// Prepare() of each family: the timed operation plus the correctness check at `input_len`
/// bytes (public key: kPublicKeyInputLen), checked against the one-shot operations.
/// The backend's KindPreparers.
std::unique_ptr<PreparedOperation> PrepareCipher(const AlgorithmInfo& alg, Operation op,
                                                 size_t input_len, PrepareFailure* failure,
                                                 std::string* error);
/// The AEAD entries (BindAead, aead_adapter.h) over the AEADs `Nettle` binds: seal and open
/// are the one-shot seal and open (kNotOffered for an entry not bound), prepare the backend's
/// KindPreparers entry ("Nettle offers no <op> for <alg>" for an entry not bound or an
/// operation other than encrypt and decrypt).
AeadEntries AeadBinding();
std::unique_ptr<PreparedOperation> PrepareHashOrMac(const AlgorithmInfo& alg, Operation op,
                                                    size_t input_len, PrepareFailure* failure,
                                                    std::string* error);
/// The signature entries (BindSignature, signature_adapter.h): prepare is the backend's
/// KindPreparers entry, sign_round_trip the one-shot target's SignRoundTrip for what it signs.
SignatureEntries SignatureBinding();
/// The key-agreement entries (BindKeyAgreement, key_agreement_adapter.h): X25519 and ECDH.
KeyAgreementEntries KeyAgreementBinding();

}  // namespace cryptobench::backends::nettle
