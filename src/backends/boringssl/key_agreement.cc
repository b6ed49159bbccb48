// BoringSSL key agreement (key_agreement.h), through EVP_PKEY_derive (common/evp_derive.h,
// shared with OpenSSL).
#include "backends/boringssl/key_agreement.h"

#include <memory>
#include <string>

#include "backends/boringssl/keys.h"
#include "backends/common/buffers.h"
#include "backends/common/evp_derive.h"
#include "backends/common/key_agreement_adapter.h"
#include "core/hex.h"

namespace cryptobench::backends::boringssl {
namespace {

using DeriveSide = EvpDeriveSide<LibPtr, EVP_PKEY_CTX>;

}  // namespace

bool KeyAgreementSupported(const Libcrypto& lib, const AlgorithmInfo& alg) {
  if (alg.kind != AlgorithmKind::kKeyAgreement) {
    return false;
  }
  std::string ignored;
  PkeyPtr own = TimingKey(lib, alg, &ignored);
  PkeyPtr peer = own ? SecondKey(lib, alg, &ignored) : PkeyPtr(nullptr, lib.EVP_PKEY_free);
  const bool ok = peer && NewEvpDeriveContext(lib, own.get(), peer.get(), &ignored) != nullptr;
  lib.ERR_clear_error();
  return ok;
}

std::unique_ptr<PreparedOperation> PrepareKeyAgreement(const LibPtr& lib, const AlgorithmInfo& alg,
                                                       Operation op, PrepareFailure* failure,
                                                       std::string* error) {
  auto make_sides = [&lib](const AlgorithmInfo& timed, std::unique_ptr<DeriveSide>* ours,
                           std::unique_ptr<DeriveSide>* theirs) {
    std::string message;
    PkeyPtr own = TimingKey(*lib, timed, &message);
    PkeyPtr peer = own ? SecondKey(*lib, timed, &message) : PkeyPtr(nullptr, lib->EVP_PKEY_free);
    if (!peer) {
      return message;
    }
    // Both directions use the full key pairs: EVP_PKEY_derive reads only the peer's public half.
    return EvpDeriveSides(lib, std::move(own), std::move(peer), ours, theirs);
  };
  return PrepareKeyAgreementWith<DeriveSide>(make_sides, alg, op, failure, error);
}

std::string DeriveKat(const Libcrypto& lib, const AlgorithmInfo& alg, const KatVector& vector,
                      Bytes* secret) {
  std::string error;
  PkeyPtr own = KatPrivateKey(lib, alg, HexDecode(vector.private_key), &error);
  if (!own) {
    return "private key: " + error;
  }
  PkeyPtr peer = KatPublicKey(lib, alg, HexDecode(vector.public_key), &error);
  if (!peer) {
    return "peer public key: " + error;
  }
  return EvpDeriveOneShot(lib, own.get(), peer.get(), secret);
}

}  // namespace cryptobench::backends::boringssl
