// Sha256SoftwareCeiling (hash_bounds.h): the SHA-256 bound that holds on any CPU.
#include "diagnose/hash_bounds.h"

namespace cryptobench::diagnose {

std::optional<double> Sha256SoftwareCeiling(std::string_view algorithm) {
  if (algorithm != "SHA-256" && algorithm != "SHA-224" && algorithm != "HMAC-SHA256") {
    return std::nullopt;
  }
  return kSha256BoundCoreHz / kFastestSoftwareSha256Cpb;
}

bool AboveSoftwareSha256(std::string_view algorithm, double bytes_per_s) {
  const std::optional<double> ceiling = Sha256SoftwareCeiling(algorithm);
  return ceiling && bytes_per_s > *ceiling;
}

}  // namespace cryptobench::diagnose
