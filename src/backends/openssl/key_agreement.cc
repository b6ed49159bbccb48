// Key agreement through EVP_PKEY_derive (common/evp_derive.h, shared with BoringSSL).
#include "backends/openssl/key_agreement.h"

#include <memory>
#include <string>
#include <vector>

#include "backends/common/buffers.h"
#include "backends/common/evp_derive.h"
#include "backends/common/key_agreement_adapter.h"
#include "backends/openssl/pkey_keys.h"
#include "core/hex.h"

namespace cryptobench::backends::openssl {
namespace {

using DeriveSide = EvpDeriveSide<LibcryptoPtr, EVP_PKEY_CTX>;

}  // namespace

bool KeyAgreementSupported(const Libcrypto& lib, const AlgorithmInfo& alg) {
  if (alg.kind != AlgorithmKind::kKeyAgreement || PkFamilyOf(alg) == PkFamily::kNone) {
    return false;
  }
  std::string ignored;
  Owned<EVP_PKEY> key = TimingKey(lib, alg, &ignored);
  Owned<EVP_PKEY> peer = key ? SecondKey(lib, alg, &ignored) : nullptr;
  const bool ok = peer && NewEvpDeriveContext(lib, key.get(), peer.get(), &ignored) != nullptr;
  lib.ERR_clear_error();
  return ok;
}

std::unique_ptr<PreparedOperation> PrepareKeyAgreement(const LibcryptoPtr& lib_ptr,
                                                       const AlgorithmInfo& alg, Operation op,
                                                       PrepareFailure* failure,
                                                       std::string* error) {
  auto make_sides = [&lib_ptr](const AlgorithmInfo& timed, std::unique_ptr<DeriveSide>* ours,
                               std::unique_ptr<DeriveSide>* theirs) {
    std::string message;
    Owned<EVP_PKEY> key = TimingKey(*lib_ptr, timed, &message);
    Owned<EVP_PKEY> peer = key ? SecondKey(*lib_ptr, timed, &message) : nullptr;
    if (!peer) {
      return message;
    }
    return EvpDeriveSides(lib_ptr, std::move(key), std::move(peer), ours, theirs);
  };
  return PrepareKeyAgreementWith<DeriveSide>(make_sides, alg, op, failure, error);
}

std::string DeriveOneShot(const Libcrypto& lib, const AlgorithmInfo& alg, const KatVector& vector,
                          std::vector<uint8_t>* secret) {
  if (alg.kind != AlgorithmKind::kKeyAgreement || PkFamilyOf(alg) == PkFamily::kNone) {
    return std::string(alg.name) + " is not a key-agreement algorithm";
  }
  std::string error;
  Owned<EVP_PKEY> key = KatPrivateKey(lib, alg, HexDecode(vector.private_key), &error);
  if (!key) {
    lib.ERR_clear_error();
    return "private key: " + error;
  }
  Owned<EVP_PKEY> peer = KatPublicKey(lib, alg, HexDecode(vector.public_key), &error);
  if (!peer) {
    lib.ERR_clear_error();
    return "peer public key: " + error;
  }
  error = EvpDeriveOneShot(lib, key.get(), peer.get(), secret);
  lib.ERR_clear_error();
  return error;
}

}  // namespace cryptobench::backends::openssl
