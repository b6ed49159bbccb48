// The public-key bindings of a library that binds its signatures and key agreements by PkFamily
// (pk_family.h) through the signature and key-agreement adapters (Botan, Crypto++): one
// template instead of each library composing the two bindings itself.
#pragma once

#include "backends/common/key_agreement_adapter.h"
#include "backends/common/library_backend.h"
#include "backends/common/pk_family.h"
#include "backends/common/signature_adapter.h"

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

}  // namespace cryptobench::backends
