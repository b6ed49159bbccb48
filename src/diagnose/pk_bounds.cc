// RsaGenericCSignCeiling (pk_bounds.h): the RSA-2048 sign bound that holds on any CPU.
#include "diagnose/pk_bounds.h"

namespace cryptobench::diagnose {

std::optional<double> RsaGenericCSignCeiling(std::string_view algorithm,
                                             std::string_view operation) {
  if (algorithm != "RSA-2048" || operation != "sign") {
    return std::nullopt;
  }
  return kRsaBoundCoreHz / kFastestGenericCRsa2048CyclesPerSign;
}

bool AboveGenericCRsa(std::string_view algorithm, std::string_view operation, double ops_per_s) {
  const std::optional<double> ceiling = RsaGenericCSignCeiling(algorithm, operation);
  return ceiling && ops_per_s > *ceiling;
}

std::string_view RsaBoundSource() {
  return "the RSA-2048 generic C bound: OpenSSL built with no-asm (master dc8a9299bd, gcc 12 "
         "-O3) measured 9.87 M cycles per sign on Zen 4 (cpb-reference.md sec. 7.10), halved "
         "for margin as compilers and CPUs differ, at 6.5 GHz, above any shipping core's boost "
         "clock; the assembly paths run 0.9-3.7 M cycles per sign (OpenSSL "
         "crypto/bn/asm/rsaz-avx2.pl lines 31-38, rsaz-2k-avx512.pl lines 20-25)";
}

}  // namespace cryptobench::diagnose
