// Keys shared by the wolfSSL backend's public-key families (wolfssl_pk_keys.h).
#include "backends/wolfssl/wolfssl_pk_keys.h"

#include <string_view>

#include <wolfssl/options.h>
#include <wolfssl/wolfcrypt/asn_public.h>
#include <wolfssl/wolfcrypt/ecc.h>

#include "algorithms/kat.h"
#include "backends/wolfssl/wolfssl_util.h"
#include "core/hex.h"

namespace cryptobench::backends::wolfssl {

int CurveIdOf(const AlgorithmInfo& alg) {
  return alg.key_bits == 384 ? ECC_SECP384R1 : ECC_SECP256R1;
}

std::string RawTimingKey(const AlgorithmInfo& alg, Bytes* key) {
  const KatVector* vector = FirstVectorWithPrivateKey(alg.name);
  if (vector == nullptr) {
    return "no " + std::string(alg.name) + " vector with a private key";
  }
  *key = HexDecode(vector->private_key);
  return "";
}

std::string TimingKeyDer(const AlgorithmInfo& alg, Bytes* der) {
  const std::string_view pem = TimingPrivateKeyPem(alg.name);
  if (pem.empty()) {
    return "no timing key for " + std::string(alg.name);
  }
  der->assign(pem.size(), 0);  // DER is shorter than its base64 PEM
  const int len = wc_KeyPemToDer(reinterpret_cast<const unsigned char*>(pem.data()),
                                 static_cast<int>(pem.size()), der->data(),
                                 static_cast<int>(der->size()), nullptr);
  if (len <= 0) {
    return WolfError("wc_KeyPemToDer", len);
  }
  der->resize(static_cast<size_t>(len));
  return "";
}

}  // namespace cryptobench::backends::wolfssl
