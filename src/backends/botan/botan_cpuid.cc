// Botan's CPU-feature switches: BOTAN_CLEAR_CPUID applied through Botan::CPUID, and the feature
// list Botan will use. Kept apart because <botan/cpuid.h> announces itself with an unconditional
// "will be made internal" #pragma GCC warning that -Werror would turn into an error; Botan's own
// switch BOTAN_NO_DEPRECATED_WARNINGS silences it, and here it can hide nothing else.
#define BOTAN_NO_DEPRECATED_WARNINGS 1
#include <string>
#include <vector>

#include <botan/cpuid.h>

#include "backends/botan/botan_backend.h"
#include "backends/botan/botan_internal.h"

namespace cryptobench::backends {

std::string ApplyBotanClearCpuid(std::string_view spec) {
  return backends::Guarded("BOTAN_CLEAR_CPUID", [&] {
    std::vector<Botan::CPUID::CPUID_bits> bits;
    size_t start = 0;
    while (start <= spec.size()) {
      size_t end = spec.find(',', start);
      if (end == std::string_view::npos) {
        end = spec.size();
      }
      std::string name(spec.substr(start, end - start));
      name.erase(0, name.find_first_not_of(" \t"));
      name.erase(name.find_last_not_of(" \t") + 1);
      if (!name.empty()) {
        const std::vector<Botan::CPUID::CPUID_bits> named = Botan::CPUID::bit_from_string(name);
        if (named.empty()) {
          return "BOTAN_CLEAR_CPUID names an unknown CPU feature '" + name +
                 "' (Botan's names, as `botan cpuid` prints them: sse2, ssse3, sse41, sse42, " +
                 "avx2, bmi2, aes_ni, clmul, intel_sha, ...)";
        }
        bits.insert(bits.end(), named.begin(), named.end());
      }
      start = end + 1;
    }
    for (Botan::CPUID::CPUID_bits bit : bits) {
      Botan::CPUID::clear_cpuid_bit(bit);
    }
    return std::string();
  });
}

void ResetBotanCpuidForTesting() { Botan::CPUID::initialize(); }

namespace botan {

std::string CpuFeatures() {
  std::string features;
  Guarded("", [&] {
    features = Botan::CPUID::to_string();
    return std::string();
  });
  return features;
}

}  // namespace botan
}  // namespace cryptobench::backends
