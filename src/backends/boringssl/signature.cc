// BoringSSL signatures (signature.h).
#include "backends/boringssl/signature.h"

#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "backends/boringssl/keys.h"
#include "backends/common/buffers.h"
#include "backends/common/der.h"
#include "backends/common/evp_signature.h"
#include "backends/common/signature_adapter.h"
#include "backends/common/timing_inputs.h"
#include "core/hex.h"

namespace cryptobench::backends::boringssl {
// The two hooks of EvpSignatureContext (common/evp_signature.h), outside the unnamed namespace
// so that argument-dependent lookup finds them. The signature digest is set so that RSA writes
// the right DigestInfo; PKCS#1 v1.5 is BoringSSL's default for RSA, set explicitly so that the
// scheme is on record.
static bool SetSignatureMd(const Libcrypto& lib, EVP_PKEY_CTX* ctx, const EVP_MD* md) {
  return lib.EVP_PKEY_CTX_set_signature_md(ctx, md) == 1;
}

static bool SetRsaPadding(const Libcrypto& lib, EVP_PKEY_CTX* ctx) {
  return lib.EVP_PKEY_CTX_set_rsa_padding(ctx, kRsaPkcs1Padding) == 1;
}

namespace {

using SignatureContext = EvpSignatureContext<Libcrypto>;

// How a KAT vector's input is signed: Ed25519 signs the message; other vectors give the digest
// (its length names the hash) or a message hashed with SHA-384 for P-384, else SHA-256.
struct SigningMode {
  const EVP_MD* md = nullptr;
  bool prehashed = false;
};

std::string ModeForVector(const Libcrypto& lib, const AlgorithmInfo& alg, const KatVector& vector,
                          size_t input_len, SigningMode* mode) {
  *mode = {};
  if (PkFamilyOf(alg) == PkFamily::kEd25519) {
    return "";
  }
  const char* md_name = KatVectorDigestName(alg, vector, input_len);
  mode->md = md_name != nullptr ? lib.EVP_get_digestbyname(md_name) : nullptr;
  mode->prehashed = vector.input_is_digest;
  return mode->md != nullptr ? "" : "no hash for a " + std::to_string(input_len) + "-byte input";
}

// ECDSA vectors publish r||s; BoringSSL takes the DER ECDSA-Sig-Value.
std::vector<uint8_t> LibraryForm(const AlgorithmInfo& alg, const std::vector<uint8_t>& sig) {
  return PkFamilyOf(alg) == PkFamily::kEcdsa ? EcdsaSignatureDer(sig) : sig;
}

// The timed mode: SHA-256 digest for RSA and ECDSA, the message for Ed25519.
SigningMode TimedMode(const Libcrypto& lib, const AlgorithmInfo& alg) {
  if (PkFamilyOf(alg) == PkFamily::kEd25519) {
    return {};
  }
  return {lib.EVP_get_digestbyname("SHA256"), true};
}

// The timed verify of the signature engine: clears the error queue on every call, as the timed
// verify always has.
bool VerifyTimed(const Libcrypto& lib, const SignatureContext& verifier,
                 std::span<const uint8_t> signature, std::span<const uint8_t> tbs,
                 std::string* error) {
  if (!EvpVerifies(lib, verifier, signature, tbs)) {
    *error = "verify rejected the signature";
    return false;
  }
  return true;
}

// The signature engine (common/evp_signature.h), in the timed mode.
using SignatureEngine = EvpSignatureEngine<Libcrypto, LibPtr, &VerifyTimed>;

std::unique_ptr<SignatureEngine> MakeSignatureEngine(const LibPtr& lib, const AlgorithmInfo& alg,
                                                     std::string* error) {
  PkeyPtr key = TimingKey(*lib, alg, error);
  if (!key) {
    return nullptr;
  }
  const SigningMode mode = TimedMode(*lib, alg);
  // EVP_get_digestbyname's digests are static: nothing to own.
  return SignatureEngine::Make(lib, PkFamilyOf(alg), std::move(key), mode.md, nullptr,
                               mode.prehashed, error);
}

}  // namespace

bool SignatureSupported(const Libcrypto& lib, const AlgorithmInfo& alg) {
  if (alg.kind != AlgorithmKind::kSignature || PkFamilyOf(alg) == PkFamily::kNone) {
    return false;
  }
  std::string ignored;
  PkeyPtr key = TimingKey(lib, alg, &ignored);
  const SigningMode mode = TimedMode(lib, alg);
  const bool ok = key && SignatureContext::Create(lib, PkFamilyOf(alg), key.get(), mode.md,
                                                  mode.prehashed, true, &ignored) != nullptr;
  lib.ERR_clear_error();
  return ok;
}

std::unique_ptr<PreparedOperation> PrepareSignature(const LibPtr& lib, const AlgorithmInfo& alg,
                                                    Operation op, PrepareFailure* failure,
                                                    std::string* error) {
  auto make = [&lib](const AlgorithmInfo& timed, std::string* text) {
    return MakeSignatureEngine(lib, timed, text);
  };
  return PrepareSignatureWith<SignatureEngine>(make, alg, op, failure, error);
}

std::string VerifyKat(const Libcrypto& lib, const AlgorithmInfo& alg, const KatVector& vector,
                      bool tamper, bool* valid) {
  std::vector<uint8_t> tbs = HexDecode(vector.input);
  std::string error;
  PkeyPtr key = KatPublicKey(lib, alg, HexDecode(vector.public_key), &error);
  if (!key) {
    return "public key: " + error;
  }
  SigningMode mode;
  if (error = ModeForVector(lib, alg, vector, tbs.size(), &mode); !error.empty()) {
    return error;
  }
  if (tamper) {
    tbs = KatSignedInput(vector, true);
  }
  auto verifier = SignatureContext::Create(lib, PkFamilyOf(alg), key.get(), mode.md, mode.prehashed,
                                           false, &error);
  if (!verifier) {
    return error;
  }
  *valid = EvpVerifies(lib, *verifier, LibraryForm(alg, HexDecode(vector.output)), tbs);
  return "";
}

std::string SignKat(const Libcrypto& lib, const AlgorithmInfo& alg, const KatVector& vector,
                    Bytes* signature) {
  if (PkFamilyOf(alg) == PkFamily::kEcdsa) {
    return kNotOffered;
  }
  const std::vector<uint8_t> tbs = HexDecode(vector.input);
  std::string error;
  PkeyPtr key = KatPrivateKey(lib, alg, HexDecode(vector.private_key), &error);
  if (!key) {
    return "private key: " + error;
  }
  SigningMode mode;
  if (error = ModeForVector(lib, alg, vector, tbs.size(), &mode); !error.empty()) {
    return error;
  }
  auto signer = SignatureContext::Create(lib, PkFamilyOf(alg), key.get(), mode.md, mode.prehashed,
                                         true, &error);
  if (!signer || !EvpSignToVector(lib, *signer, tbs, signature, &error)) {
    return error;
  }
  return "";
}

std::string SignRoundTrip(const LibPtr& lib, const AlgorithmInfo& alg) {
  auto make = [&lib](const AlgorithmInfo& timed, std::string* text) {
    return MakeSignatureEngine(lib, timed, text);
  };
  return SignatureRoundTripWith<SignatureEngine>(make, alg);
}

}  // namespace cryptobench::backends::boringssl
