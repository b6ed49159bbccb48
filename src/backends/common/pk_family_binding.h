// The public-key bindings of a library that binds its signatures and key agreements by PkFamily
// (pk_family.h) through the signature and key-agreement adapters and reports errors by throwing
// (Botan, Crypto++): one template instead of each library composing the two bindings itself,
// and the shape of its KAT verify.
#pragma once

#include <string>
#include <string_view>

#include "backends/common/guarded.h"
#include "backends/common/key_agreement_adapter.h"
#include "backends/common/library_backend.h"
#include "backends/common/pk_family.h"
#include "backends/common/signature_adapter.h"
#include "core/hex.h"

namespace cryptobench::backends {

/// The signature bindings BindSignature<SignatureEngine, &IsFamilySignature, Verify, Sign>
/// (supported where the engine's timing key pair loads: keys_load) merged with the key-agreement
/// bindings of IsFamilyKeyAgreement's entries: supported where both sides from `MakeSides`
/// (KeyAgreementSidesFactory<AgreementSide>) load, prepare PrepareKeyAgreementWith, derive the
/// library's own `Derive` (BindKeyAgreement's DeriveVectorWith would word a KAT failure
/// differently). `Verify`, `Sign` and `Derive` are the library's KAT one-shots (KatTarget's
/// parameters and results).
template <typename SignatureEngine, auto Verify, auto Sign, typename AgreementSide, auto MakeSides,
          auto Derive>
LibraryBindings BindFamilyPublicKey() {
  const KeyAgreementEntries agreement = {
      .derive = Derive,
      .prepare =
          [](const AlgorithmInfo& alg, Operation op, PrepareFailure* failure, std::string* error) {
            return PrepareKeyAgreementWith<AgreementSide>(MakeSides, alg, op, failure, error);
          },
      .supported =
          [](const AlgorithmInfo& alg) {
            return IsFamilyKeyAgreement(alg) &&
                   KeyAgreementSidesLoad<AgreementSide>(MakeSides, alg);
          },
  };
  return MergeBindings(
      {BindSignature<SignatureEngine, &IsFamilySignature, Verify, Sign>().Bindings(),
       agreement.Bindings()});
}

/// KatTarget::Verify for a library that reports errors by throwing (Botan, Crypto++):
/// kNotOffered where the binding does not cover the entry (`covered` false); otherwise, inside
/// Guarded("<library> verify"), *valid = verifies(public_key, tbs, signature) with `vector`'s
/// public key and signature decoded and tbs its KatSignedInput (tampered when `tamper`).
/// Returns "" or Guarded's line.
template <typename Verifies>
std::string ThrowingKatVerify(bool covered, std::string_view library, const KatVector& vector,
                              bool tamper, bool* valid, const Verifies& verifies) {
  if (!covered) {
    return std::string(kNotOffered);
  }
  return Guarded(std::string(library) + " verify", [&] {
    const Bytes tbs = KatSignedInput(vector, tamper);
    *valid = verifies(HexDecode(vector.public_key), tbs, HexDecode(vector.output));
    return std::string();
  });
}

}  // namespace cryptobench::backends
