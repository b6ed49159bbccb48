// The GnuTLS backend: Backend over GnuTLS's crypto API.
#include "backends/gnutls/gnutls_backend.h"

#include <string_view>

#include "backends/common/library_backend.h"
#include "backends/common/library_identity.h"
#include "backends/gnutls/gnutls_internal.h"
#include "core/errors.h"

namespace cryptobench::backends {
namespace gnutls {

GnutlsIds IdsFor(const AlgorithmInfo& alg) {
  struct Entry {
    std::string_view name;
    GnutlsIds ids;
  };
  // Names from gnutls/gnutls.h. ChaCha20 is GNUTLS_CIPHER_CHACHA20_32: RFC 8439's 96-bit nonce
  // and 32-bit block counter, given as one 16-byte IV (counter first, little-endian), the
  // layout the catalogue's ChaCha20 IV uses.
  static const Entry kTable[] = {
      {"AES-128-CBC", {.cipher = GNUTLS_CIPHER_AES_128_CBC}},
      {"AES-192-CBC", {.cipher = GNUTLS_CIPHER_AES_192_CBC}},
      {"AES-256-CBC", {.cipher = GNUTLS_CIPHER_AES_256_CBC}},
      {"AES-128-XTS", {.cipher = GNUTLS_CIPHER_AES_128_XTS}},
      {"AES-256-XTS", {.cipher = GNUTLS_CIPHER_AES_256_XTS}},
      {"DES-EDE3-CBC", {.cipher = GNUTLS_CIPHER_3DES_CBC}},
      {"ChaCha20", {.cipher = GNUTLS_CIPHER_CHACHA20_32}},
      {"AES-128-GCM", {.cipher = GNUTLS_CIPHER_AES_128_GCM}},
      {"AES-256-GCM", {.cipher = GNUTLS_CIPHER_AES_256_GCM}},
      {"AES-128-CCM", {.cipher = GNUTLS_CIPHER_AES_128_CCM}},
      {"ChaCha20-Poly1305", {.cipher = GNUTLS_CIPHER_CHACHA20_POLY1305}},
      {"MD5", {.digest = GNUTLS_DIG_MD5}},
      {"SHA-1", {.digest = GNUTLS_DIG_SHA1}},
      {"SHA-224", {.digest = GNUTLS_DIG_SHA224}},
      {"SHA-256", {.digest = GNUTLS_DIG_SHA256}},
      {"SHA-384", {.digest = GNUTLS_DIG_SHA384}},
      {"SHA-512", {.digest = GNUTLS_DIG_SHA512}},
      {"SHA3-256", {.digest = GNUTLS_DIG_SHA3_256}},
      {"HMAC-SHA256", {.mac = GNUTLS_MAC_SHA256}},
      {"CMAC-AES-128", {.mac = GNUTLS_MAC_AES_CMAC_128}},
      // Signatures: RSA and ECDSA sign a SHA-256 digest (methodology.md), so the signature
      // algorithm is the hash-specific one, not a curve-bound TLS 1.3 scheme.
      {"RSA-2048", {.pk = GNUTLS_PK_RSA, .sign = GNUTLS_SIGN_RSA_SHA256}},
      {"RSA-3072", {.pk = GNUTLS_PK_RSA, .sign = GNUTLS_SIGN_RSA_SHA256}},
      {"RSA-4096", {.pk = GNUTLS_PK_RSA, .sign = GNUTLS_SIGN_RSA_SHA256}},
      {"ECDSA-P256",
       {.pk = GNUTLS_PK_ECDSA,
        .sign = GNUTLS_SIGN_ECDSA_SHA256,
        .curve = GNUTLS_ECC_CURVE_SECP256R1}},
      {"ECDSA-P384",
       {.pk = GNUTLS_PK_ECDSA,
        .sign = GNUTLS_SIGN_ECDSA_SHA256,
        .curve = GNUTLS_ECC_CURVE_SECP384R1}},
      {"Ed25519",
       {.pk = GNUTLS_PK_EDDSA_ED25519,
        .sign = GNUTLS_SIGN_EDDSA_ED25519,
        .curve = GNUTLS_ECC_CURVE_ED25519}},
  };
  for (const Entry& entry : kTable) {
    if (entry.name == alg.name) {
      return entry.ids;
    }
  }
  return {};
}

gnutls_datum_t Datum(std::span<const uint8_t> bytes) {
  static unsigned char empty = 0;
  return {bytes.empty() ? &empty : const_cast<unsigned char*>(bytes.data()),
          static_cast<unsigned int>(bytes.size())};
}

std::string CallError(std::string_view call, int rc) {
  return std::string(call) + ": " + gnutls_strerror(rc);
}

namespace {

class GnutlsBackend : public LibraryBackend {
 public:
  // No key agreement: GnuTLS has no key-agreement API outside a TLS session.
  GnutlsBackend()
      : LibraryBackend("GnuTLS offers no ",
                       {.cipher = &CipherSupported,
                        .aead = &AeadSupported,
                        .hash = &HashOrMacSupported,
                        .mac = &HashOrMacSupported,
                        .signature = &SignatureSupported},
                       {.cipher = &PrepareCipher,
                        .aead = AeadBinding().prepare,
                        .hash = &PrepareHashOrMac,
                        .mac = &PrepareHashOrMac,
                        .signature = SignatureBinding().prepare},
                       MergeOneShots({CipherOneShots(), AeadBinding().OneShots(),
                                      HashAndMacOneShots(), SignatureBinding().OneShots()})) {}
  ~GnutlsBackend() override { gnutls_global_deinit(); }
  GnutlsBackend(const GnutlsBackend&) = delete;
  GnutlsBackend& operator=(const GnutlsBackend&) = delete;

  results::LibraryInfo Identity() const override {
    results::LibraryInfo info;
    info.backend = "gnutls";
    const char* version = gnutls_check_version(nullptr);
    info.version = version != nullptr ? version : "";
    info.version_num = version != nullptr ? DottedVersionNumber(version) : 0;
    info.loaded_path = SharedObjectPathOf(&gnutls_check_version);
    return info;
  }
};

}  // namespace
}  // namespace gnutls

std::unique_ptr<Backend> OpenGnutlsBackend(const std::string& library_path) {
  (void)library_path;  // linked at build time
  if (const int rc = gnutls_global_init(); rc < 0) {
    throw UsageError("cannot initialise GnuTLS: " + gnutls::CallError("gnutls_global_init", rc));
  }
  return std::make_unique<gnutls::GnutlsBackend>();
}

}  // namespace cryptobench::backends
