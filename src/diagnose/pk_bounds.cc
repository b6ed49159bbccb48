// GenericCCeiling (pk_bounds.h): public-key bounds that hold on any CPU.
#include "diagnose/pk_bounds.h"

#include <array>

namespace cryptobench::diagnose {
namespace {

struct Bound {
  std::string_view algorithm;
  std::string_view operation;
  double c_cycles_per_op;  // the fastest generic C measured, not halved
  std::string_view source;
  double asm_cycles_per_op;  // the fastest assembly known (pk_bounds.h), not halved
};

constexpr std::string_view kRsaSource =
    "generic C RSA bound: OpenSSL 3.0.20's fastest C (bn_asm.c with __int128, as on a 64-bit "
    "target without bignum assembly, compiled by clang 14; the no-asm build is 2.1x slower) "
    "measured on an AMD Zen 3 at 3.243 GHz (docs/pk-generic-c.md), halved for margin as "
    "compilers and CPUs differ, at 6.5 GHz, above any shipping core's boost clock; the AVX-512 "
    "IFMA assembly passes it from 2.3-2.7 GHz, MULX/ADX only from 4.9-6.2 GHz (OpenSSL "
    "crypto/bn/asm/rsaz-avx2.pl lines 31-38, rsaz-2k-avx512.pl lines 20-25, rsaz-3k-avx512.pl "
    "and rsaz-4k-avx512.pl lines 19-25)";

constexpr std::string_view kP256Source =
    "generic C P-256 bound: OpenSSL 3.0.20's fastest C (ecp_nistp256.c, "
    "enable-ec_nistp_64_gcc_128, with the __int128 bignum, compiled by clang 14; the default "
    "no-asm build's generic bignum P-256 is 3-8x slower) measured on an AMD Zen 3 at 3.243 GHz "
    "(docs/pk-generic-c.md), halved for margin, at 6.5 GHz, above any shipping core's boost "
    "clock; the assembly (ecp_nistz256-x86_64.pl, 2.7-3.8x that C per cycle: its header, lines "
    "20-41, and the same measurement) passes it from 3.4-3.7 GHz for sign and 4.9-5.4 GHz for "
    "verify";

constexpr std::array<Bound, 5> kBounds = {{
    {"RSA-2048", "sign", kGenericCRsa2048SignCycles, kRsaSource, 0.92e6},
    {"RSA-3072", "sign", kGenericCRsa3072SignCycles, kRsaSource, 2.55e6},
    {"RSA-4096", "sign", kGenericCRsa4096SignCycles, kRsaSource, 5.65e6},
    {"ECDSA-P256", "sign", kGenericCEcdsaP256SignCycles, kP256Source, 74e3},
    {"ECDSA-P256", "verify", kGenericCEcdsaP256VerifyCycles, kP256Source, 220e3},
}};

const Bound* Find(std::string_view algorithm, std::string_view operation) {
  // An RSA private-key decrypt runs the CRT exponentiation a sign runs (crypto/rsa/rsa_ossl.c:
  // rsa_ossl_private_decrypt and rsa_ossl_private_encrypt both call the method's rsa_mod_exp,
  // with the same blinding); its padding check is a small part: the sign bound holds for it.
  if (algorithm.starts_with("RSA-") && operation == "decrypt") {
    operation = "sign";
  }
  for (const Bound& b : kBounds) {
    if (b.algorithm == algorithm && b.operation == operation) {
      return &b;
    }
  }
  return nullptr;
}

}  // namespace

std::optional<double> GenericCCeiling(std::string_view algorithm, std::string_view operation) {
  const Bound* b = Find(algorithm, operation);
  if (b == nullptr) {
    return std::nullopt;
  }
  return kPkBoundCoreHz / (b->c_cycles_per_op / 2);
}

std::optional<double> GenericCCyclesPerOp(std::string_view algorithm, std::string_view operation) {
  const Bound* b = Find(algorithm, operation);
  if (b == nullptr) {
    return std::nullopt;
  }
  return b->c_cycles_per_op;
}

bool AboveGenericC(std::string_view algorithm, std::string_view operation, double ops_per_s) {
  const std::optional<double> ceiling = GenericCCeiling(algorithm, operation);
  return ceiling && ops_per_s > *ceiling;
}

std::optional<double> OneCoreCeiling(std::string_view algorithm, std::string_view operation) {
  const Bound* b = Find(algorithm, operation);
  if (b == nullptr) {
    return std::nullopt;
  }
  return kPkBoundCoreHz / (b->asm_cycles_per_op / 2);
}

std::string_view GenericCBoundSource(std::string_view algorithm, std::string_view operation) {
  const Bound* b = Find(algorithm, operation);
  return b == nullptr ? std::string_view() : b->source;
}

}  // namespace cryptobench::diagnose
