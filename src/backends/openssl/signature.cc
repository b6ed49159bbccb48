// Signatures through EVP_PKEY_sign/verify (RSA, ECDSA) and EVP_DigestSign/Verify (Ed25519).
#include "backends/openssl/signature.h"

#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "backends/common/buffers.h"
#include "backends/common/der.h"
#include "backends/common/evp_signature.h"
#include "backends/common/signature_adapter.h"
#include "backends/common/timing_inputs.h"
#include "backends/openssl/pkey_keys.h"
#include "core/hex.h"

namespace cryptobench::backends::openssl {

// The two hooks of EvpSignatureContext (common/evp_signature.h), outside the unnamed namespace
// so that argument-dependent lookup finds them.
//
// 3.x has real functions; in 1.1.1 both are macros over EVP_PKEY_CTX_ctrl (rsa.h, evp.h).
// optype -1 means "any operation", which sidesteps EVP_PKEY_OP_* values (they differ between
// 1.1.1 and 3.x).
static bool SetRsaPadding(const Libcrypto& lib, EVP_PKEY_CTX* ctx) {
  if (lib.EVP_PKEY_CTX_set_rsa_padding != nullptr) {
    return lib.EVP_PKEY_CTX_set_rsa_padding(ctx, kRsaPkcs1Padding) > 0;
  }
  return lib.EVP_PKEY_CTX_ctrl(ctx, kEvpPkeyRsa, -1, kEvpPkeyCtrlRsaPadding, kRsaPkcs1Padding,
                               nullptr) > 0;
}

static bool SetSignatureMd(const Libcrypto& lib, EVP_PKEY_CTX* ctx, const EVP_MD* md) {
  if (lib.EVP_PKEY_CTX_set_signature_md != nullptr) {
    return lib.EVP_PKEY_CTX_set_signature_md(ctx, md) > 0;
  }
  return lib.EVP_PKEY_CTX_ctrl(ctx, -1, -1, kEvpPkeyCtrlMd, 0, const_cast<EVP_MD*>(md)) > 0;
}

namespace {

// kDigest: the input is a precomputed hash (EVP_PKEY_sign); kMessage: the library hashes the
// input itself, or, for Ed25519, signs it whole (EVP_DigestSign one-shot).
enum class SignMode { kDigest, kMessage };

using SignatureContext = EvpSignatureContext<Libcrypto>;

// What the timed operations hash with: SHA-256 for RSA and ECDSA, none for Ed25519.
Owned<EVP_MD> TimedDigest(const Libcrypto& lib, PkFamily family) {
  if (family == PkFamily::kEd25519) {
    return Own<EVP_MD>(nullptr, nullptr);
  }
  return FetchDigest(lib, "SHA256");
}

// The timed verify of the signature engine: anything but 1 is a rejection, named with the
// call and the library's error.
bool VerifyTimed(const Libcrypto& lib, const SignatureContext& verifier,
                 std::span<const uint8_t> signature, std::span<const uint8_t> tbs,
                 std::string* error) {
  if (verifier.Verify(signature, tbs) != 1) {
    *error = LibError(lib, verifier.verify_call()) + " (signature rejected)";
    return false;
  }
  return true;
}

// The signature engine (common/evp_signature.h): EVP_PKEY_sign/verify on a SHA-256 digest for
// RSA and ECDSA, EVP_DigestSign/Verify for Ed25519.
using SignatureEngine = EvpSignatureEngine<Libcrypto, LibcryptoPtr, &VerifyTimed>;

std::unique_ptr<SignatureEngine> MakeSignatureEngine(const LibcryptoPtr& lib,
                                                     const AlgorithmInfo& alg, std::string* error) {
  const PkFamily family = PkFamilyOf(alg);
  Owned<EVP_PKEY> key = TimingKey(*lib, alg, error);
  if (!key) {
    return nullptr;
  }
  Owned<EVP_MD> md = TimedDigest(*lib, family);
  if (family != PkFamily::kEd25519 && !md) {
    *error = "the library has no digest SHA256";
    return nullptr;
  }
  const EVP_MD* md_ptr = md.get();
  return SignatureEngine::Make(lib, family, std::move(key), md_ptr,
                               std::shared_ptr<const EVP_MD>(md.release(), md.get_deleter()),
                               family != PkFamily::kEd25519, error);
}

}  // namespace

bool SignatureSupported(const Libcrypto& lib, const AlgorithmInfo& alg) {
  const PkFamily family = PkFamilyOf(alg);
  if (family == PkFamily::kNone || alg.kind != AlgorithmKind::kSignature) {
    return false;
  }
  std::string ignored;
  Owned<EVP_PKEY> key = TimingKey(lib, alg, &ignored);
  Owned<EVP_MD> md = TimedDigest(lib, family);
  const bool ok = key && (family == PkFamily::kEd25519 || md) &&
                  SignatureContext::Create(lib, family, key.get(), md.get(),
                                           family != PkFamily::kEd25519, true, &ignored) != nullptr;
  lib.ERR_clear_error();
  return ok;
}

std::unique_ptr<PreparedOperation> PrepareSignature(const LibcryptoPtr& lib_ptr,
                                                    const AlgorithmInfo& alg, Operation op,
                                                    PrepareFailure* failure, std::string* error) {
  auto make = [&lib_ptr](const AlgorithmInfo& timed, std::string* text) {
    return MakeSignatureEngine(lib_ptr, timed, text);
  };
  return PrepareSignatureWith<SignatureEngine>(make, alg, op, failure, error);
}

namespace {

// How a KAT-format vector is signed or verified: the mode, the hash (null for Ed25519) and the
// bytes to be signed. Returns "" or why the vector cannot be used.
std::string VectorSetup(const Libcrypto& lib, const AlgorithmInfo& alg, const KatVector& vector,
                        SignMode* mode, Owned<EVP_MD>* md) {
  *mode = SignMode::kMessage;
  if (PkFamilyOf(alg) == PkFamily::kEd25519) {
    return "";
  }
  const size_t input_len = vector.input.size() / 2;
  const char* md_name = KatVectorDigestName(alg, vector, input_len);
  if (md_name == nullptr) {
    return "no hash has a " + std::to_string(input_len) + "-byte digest";
  }
  *md = FetchDigest(lib, md_name);
  if (!*md) {
    return std::string("the library has no digest ") + md_name;
  }
  *mode = vector.input_is_digest ? SignMode::kDigest : SignMode::kMessage;
  return "";
}

// The context that signs (`sign`) or verifies a KAT-format vector under `key`: VectorSetup's
// mode and hash (*md, which must outlive the context), then SignatureContext::Create. Null with
// *error set (VectorSetup's reason or Create's error) on failure.
std::unique_ptr<SignatureContext> VectorContext(const Libcrypto& lib, const AlgorithmInfo& alg,
                                                const KatVector& vector, EVP_PKEY* key, bool sign,
                                                Owned<EVP_MD>* md, std::string* error) {
  SignMode mode = SignMode::kMessage;
  if (std::string bad = VectorSetup(lib, alg, vector, &mode, md); !bad.empty()) {
    *error = std::move(bad);
    return nullptr;
  }
  return SignatureContext::Create(lib, PkFamilyOf(alg), key, md->get(), mode == SignMode::kDigest,
                                  sign, error);
}

}  // namespace

std::string VerifyOneShot(const Libcrypto& lib, const AlgorithmInfo& alg, const KatVector& vector,
                          bool tamper, bool* valid) {
  *valid = false;
  const PkFamily family = PkFamilyOf(alg);
  if (family == PkFamily::kNone || alg.kind != AlgorithmKind::kSignature) {
    return std::string(alg.name) + " is not a signature algorithm";
  }
  const std::vector<uint8_t> tbs = KatSignedInput(vector, tamper);
  std::string error;
  Owned<EVP_PKEY> public_key = KatPublicKey(lib, alg, HexDecode(vector.public_key), &error);
  if (!public_key) {
    lib.ERR_clear_error();
    return "public key: " + error;
  }
  Owned<EVP_MD> md = Own<EVP_MD>(nullptr, nullptr);
  auto verifier = VectorContext(lib, alg, vector, public_key.get(), false, &md, &error);
  if (!verifier) {
    lib.ERR_clear_error();
    return error;
  }
  // ECDSA vectors publish r||s; libcrypto takes the DER ECDSA-Sig-Value.
  std::vector<uint8_t> sig = HexDecode(vector.output);
  if (family == PkFamily::kEcdsa) {
    sig = EcdsaSignatureDer(sig);
  }
  *valid = EvpVerifies(lib, *verifier, sig, tbs);
  return "";
}

std::string SignOneShot(const Libcrypto& lib, const AlgorithmInfo& alg, const KatVector& vector,
                        std::vector<uint8_t>* signature) {
  const PkFamily family = PkFamilyOf(alg);
  if (family == PkFamily::kNone || alg.kind != AlgorithmKind::kSignature) {
    return std::string(alg.name) + " is not a signature algorithm";
  }
  std::string error;
  Owned<EVP_PKEY> private_key = KatPrivateKey(lib, alg, HexDecode(vector.private_key), &error);
  if (!private_key) {
    lib.ERR_clear_error();
    return "private key: " + error;
  }
  Owned<EVP_MD> md = Own<EVP_MD>(nullptr, nullptr);
  auto signer = VectorContext(lib, alg, vector, private_key.get(), true, &md, &error);
  std::vector<uint8_t> der_or_raw;
  if (!signer || !EvpSignToVector(lib, *signer, HexDecode(vector.input), &der_or_raw, &error)) {
    lib.ERR_clear_error();
    return error;
  }
  if (family != PkFamily::kEcdsa) {
    *signature = std::move(der_or_raw);
    return "";
  }
  if (!EcdsaSignatureFromDer(der_or_raw, alg.key_len, signature)) {
    return "the library's ECDSA signature is not a DER ECDSA-Sig-Value";
  }
  return "";
}

std::string SignatureRoundTrip(const LibcryptoPtr& lib_ptr, const AlgorithmInfo& alg) {
  auto make = [&lib_ptr](const AlgorithmInfo& timed, std::string* text) {
    return MakeSignatureEngine(lib_ptr, timed, text);
  };
  return SignatureRoundTripWith<SignatureEngine>(make, alg);
}

}  // namespace cryptobench::backends::openssl
