// Keys shared by the Mbed TLS backend's signature and key-agreement families: owners of Mbed
// TLS's key structures, and the PKCS#8 PEM timing keys (algorithms/kat.h) parsed with
// mbedtls_pk_parse_key.
#pragma once

#include <string>

#include <mbedtls/bignum.h>
#include <mbedtls/ecp.h>
#include <mbedtls/pk.h>

#include "algorithms/catalog.h"
#include "backends/common/pk_family.h"

namespace cryptobench::backends::mbedtls {

/// An Mbed TLS structure with its init/free pair; neither copyable nor movable (Mbed TLS
/// structures may point into themselves).
template <typename T, void (*Init)(T*), void (*Free)(T*)>
class Scoped {
 public:
  Scoped() { Init(&value_); }
  ~Scoped() { Free(&value_); }
  Scoped(const Scoped&) = delete;
  Scoped& operator=(const Scoped&) = delete;
  T* get() { return &value_; }
  const T* get() const { return &value_; }

 private:
  T value_;
};

using PkContext = Scoped<mbedtls_pk_context, mbedtls_pk_init, mbedtls_pk_free>;
using Mpi = Scoped<mbedtls_mpi, mbedtls_mpi_init, mbedtls_mpi_free>;
using Point = Scoped<mbedtls_ecp_point, mbedtls_ecp_point_init, mbedtls_ecp_point_free>;
using Group = Scoped<mbedtls_ecp_group, mbedtls_ecp_group_init, mbedtls_ecp_group_free>;
using Keypair = Scoped<mbedtls_ecp_keypair, mbedtls_ecp_keypair_init, mbedtls_ecp_keypair_free>;

/// The public-key families (PkFamilyOf, common/pk_family.h): this backend times kRsa and kEcdsa
/// signatures and kEcdh and kX25519 key agreements.
using backends::PkFamily;
using backends::PkFamilyOf;

/// The curve of an ECDSA, ECDH or X25519 algorithm; MBEDTLS_ECP_DP_NONE otherwise.
mbedtls_ecp_group_id GroupIdOf(const AlgorithmInfo& alg);

/// Parses the PKCS#8 PEM timing key of `alg` (TimingPrivateKeyPem) into `pk` and checks its
/// type and size (RSA modulus, EC curve). "" on success, else the failure.
std::string ParseTimingKey(const AlgorithmInfo& alg, PkContext* pk);

}  // namespace cryptobench::backends::mbedtls
