// Identity of a loaded libcrypto.
#include "backends/openssl/identity.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdlib.h>

#include <cinttypes>
#include <cstdio>
#include <cstring>

namespace cryptobench::backends::openssl {
namespace {

std::string VersionString(const Libcrypto& lib, int type) {
  const char* text = lib.OpenSSL_version(type);
  return text != nullptr ? text : "";
}

// Real path of the shared object that defines OpenSSL_version: with a soname like
// "libcrypto.so.3" the dynamic linker picks the file, and this says which one it was.
std::string LoadedPath(const Libcrypto& lib) {
  Dl_info info = {};
  void* address = nullptr;
  static_assert(sizeof(address) == sizeof(lib.OpenSSL_version));
  std::memcpy(&address, &lib.OpenSSL_version, sizeof(address));
  if (dladdr(address, &info) == 0 || info.dli_fname == nullptr) {
    return lib.requested_path;
  }
  char resolved[PATH_MAX];
  if (realpath(info.dli_fname, resolved) == nullptr) {
    return info.dli_fname;
  }
  return resolved;
}

}  // namespace

std::string CapabilityVectorFromCpuInfo(std::string_view cpu_info) {
  constexpr std::string_view kPrefix = "CPUINFO: ";
  if (cpu_info.substr(0, kPrefix.size()) == kPrefix) {
    cpu_info.remove_prefix(kPrefix.size());
  }
  if (cpu_info.substr(0, 3) == "N/A") {
    return "N/A";
  }
  // "OPENSSL_ia32cap=0x...:0x..." (x86) or "OPENSSL_armcap=0x..." (Arm), optionally followed by
  // " env:..." when the environment variable overrides it (crypto/info.c).
  const size_t equals = cpu_info.find('=');
  if (equals == std::string_view::npos) {
    return "";
  }
  std::string_view value = cpu_info.substr(equals + 1);
  value = value.substr(0, value.find_first_of(" \t\n"));
  return std::string(value);
}

std::string FormatIa32Cap(const uint32_t words[4]) {
  const uint64_t low = static_cast<uint64_t>(words[0]) | static_cast<uint64_t>(words[1]) << 32;
  const uint64_t high = static_cast<uint64_t>(words[2]) | static_cast<uint64_t>(words[3]) << 32;
  char text[64];
  std::snprintf(text, sizeof(text), "0x%" PRIx64 ":0x%" PRIx64, low, high);
  return text;
}

results::LibraryInfo ReadIdentity(const Libcrypto& lib) {
  results::LibraryInfo info;
  info.backend = "openssl";
  info.requested_path = lib.requested_path;
  info.loaded_path = LoadedPath(lib);
  info.version = VersionString(lib, kOpensslVersion);
  info.version_num = lib.OpenSSL_version_num();
  info.cflags = VersionString(lib, kOpensslCflags);
  info.built_on = VersionString(lib, kOpensslBuiltOn);
  info.platform = VersionString(lib, kOpensslPlatform);
  if (lib.BN_options != nullptr && lib.BN_options() != nullptr) {
    info.options = lib.BN_options();  // what `openssl version -o` and `openssl speed` print
  }
  if (lib.IsAtLeast30()) {
    info.cpu_info = VersionString(lib, kOpensslCpuInfo);
    info.capability_vector = CapabilityVectorFromCpuInfo(info.cpu_info);
  } else if (lib.OPENSSL_ia32cap_loc != nullptr) {
    // 1.1.1 has no OPENSSL_CPU_INFO; its ia32cap words are reachable through this accessor.
    const unsigned int* cap = lib.OPENSSL_ia32cap_loc();
    if (cap != nullptr) {
      const uint32_t words[4] = {cap[0], cap[1], cap[2], cap[3]};
      info.capability_vector = FormatIa32Cap(words);
    }
  }
  return info;
}

}  // namespace cryptobench::backends::openssl
