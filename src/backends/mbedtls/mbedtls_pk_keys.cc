// Keys shared by the Mbed TLS backend's public-key families (mbedtls_pk_keys.h).
#include "backends/mbedtls/mbedtls_pk_keys.h"

#include "algorithms/kat.h"
#include "backends/mbedtls/mbedtls_util.h"

namespace cryptobench::backends::mbedtls {

mbedtls_ecp_group_id GroupIdOf(const AlgorithmInfo& alg) {
  if (alg.name == "ECDSA-P256" || alg.name == "ECDH-P256") {
    return MBEDTLS_ECP_DP_SECP256R1;
  }
  if (alg.name == "ECDSA-P384") {
    return MBEDTLS_ECP_DP_SECP384R1;
  }
  if (alg.name == "X25519") {
    return MBEDTLS_ECP_DP_CURVE25519;
  }
  return MBEDTLS_ECP_DP_NONE;
}

std::string ParseTimingKey(const AlgorithmInfo& alg, PkContext* pk) {
  const std::string pem(TimingPrivateKeyPem(alg.name));
  if (pem.empty()) {
    return "no timing key for " + std::string(alg.name);
  }
  // A PEM buffer's length must count its terminating NUL (pk.h).
  if (int ret = mbedtls_pk_parse_key(pk->get(), reinterpret_cast<const unsigned char*>(pem.c_str()),
                                     pem.size() + 1, nullptr, 0);
      ret != 0) {
    return MbedError("mbedtls_pk_parse_key", ret);
  }
  const mbedtls_pk_type_t type = mbedtls_pk_get_type(pk->get());
  if (PkFamilyOf(alg) == PkFamily::kRsa) {
    if (type != MBEDTLS_PK_RSA || mbedtls_pk_get_bitlen(pk->get()) != alg.key_len * 8) {
      return "the timing key is not an RSA-" + std::to_string(alg.key_len * 8) + " key";
    }
  } else if (type != MBEDTLS_PK_ECKEY || mbedtls_pk_ec(*pk->get())->grp.id != GroupIdOf(alg)) {
    return "the timing key is not a key on the curve of " + std::string(alg.name);
  }
  return "";
}

}  // namespace cryptobench::backends::mbedtls
