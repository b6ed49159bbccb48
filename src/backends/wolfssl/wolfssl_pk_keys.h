// Keys shared by the wolfSSL backend's signature and key-agreement families: which family an
// algorithm is, its curve, and the timing keys (algorithms/kat.h) in the forms wolfCrypt loads.
#pragma once

#include <string>

#include "algorithms/catalog.h"
#include "backends/common/kat_target.h"
#include "backends/common/pk_family.h"

namespace cryptobench::backends::wolfssl {

/// The public-key families (PkFamilyOf, common/pk_family.h): this backend times all of them.
using backends::PkFamily;
using backends::PkFamilyOf;

/// wolfCrypt's curve id (ecc_curve_id) of ECDSA-P256/P384 and ECDH-P256.
int CurveIdOf(const AlgorithmInfo& alg);

/// The first KAT vector's raw private key: the timing key of Ed25519 and X25519, as the OpenSSL
/// backend's. "" or why there is none.
std::string RawTimingKey(const AlgorithmInfo& alg, Bytes* key);

/// The DER (PKCS#8) of the PEM timing key of `alg`, through wc_KeyPemToDer. "" or the failure.
std::string TimingKeyDer(const AlgorithmInfo& alg, Bytes* der);

}  // namespace cryptobench::backends::wolfssl
