// The Botan backend: a LibraryBackend over the family files' bindings (botan_internal.h).
#include "backends/botan/botan_backend.h"

#include <cstdlib>
#include <string>

#include <botan/version.h>

#include "backends/botan/botan_internal.h"
#include "backends/common/library_backend.h"
#include "backends/common/library_identity.h"
#include "core/errors.h"

namespace cryptobench::backends {
namespace botan {

namespace {

class BotanBackend : public LibraryBackend {
 public:
  BotanBackend()
      : LibraryBackend("Botan offers no ", MergeBindings({CipherBinding(), AeadBinding(),
                                                          HashMacBinding(), PublicKeyBinding()})) {}

  results::LibraryInfo Identity() const override {
    results::LibraryInfo info;
    info.backend = "botan";
    info.version = Botan::version_string();
    // Botan's own version code (BOTAN_VERSION_CODE_FOR in build.h): major << 16 | minor << 8
    // | patch, read from the library at run time.
    info.version_num = uint64_t{Botan::version_major()} << 16 |
                       uint64_t{Botan::version_minor()} << 8 | uint64_t{Botan::version_patch()};
    info.loaded_path = SharedObjectPathOf(&Botan::version_cstr);
    info.capability_vector = CpuFeatures();
    return info;
  }
};

}  // namespace
}  // namespace botan

std::unique_ptr<Backend> OpenBotanBackend(const std::string& library_path) {
  (void)library_path;  // linked at build time
  if (const char* mask = std::getenv("BOTAN_CLEAR_CPUID"); mask != nullptr) {
    if (std::string error = ApplyBotanClearCpuid(mask); !error.empty()) {
      throw UsageError(error);
    }
  }
  return std::make_unique<botan::BotanBackend>();
}

}  // namespace cryptobench::backends
