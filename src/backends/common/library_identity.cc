// Helpers for Backend::Identity() (library_identity.h).
#include "backends/common/library_identity.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdlib.h>

#include <cstdlib>

namespace cryptobench::backends {

std::string SharedObjectPath(const void* address) {
  Dl_info info = {};
  if (address == nullptr || dladdr(address, &info) == 0 || info.dli_fname == nullptr) {
    return "";
  }
  char resolved[PATH_MAX];
  return realpath(info.dli_fname, resolved) != nullptr ? resolved : info.dli_fname;
}

uint64_t DottedVersionNumber(const char* version) {
  uint64_t number = 0;
  const char* cursor = version;
  for (int part = 0; part < 3; ++part) {
    char* end = nullptr;
    const unsigned long value = std::strtoul(cursor, &end, 10);
    if (end == cursor || value > 0xff) {
      return 0;
    }
    number = (number << 8) | value;
    cursor = *end == '.' ? end + 1 : end;
  }
  return number;
}

}  // namespace cryptobench::backends
