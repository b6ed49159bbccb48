// Loading BoringSSL's libcrypto with dlopen and resolving its function table.
#include "backends/boringssl/libcrypto.h"

#include <dlfcn.h>
#include <unistd.h>

#include <cstring>

#include "backends/common/isolated_load.h"
#include "core/errors.h"

namespace cryptobench::backends::boringssl {
namespace {

std::string OneLine(std::string text) {
  for (char& c : text) {
    if (c == '\n') {
      c = ' ';
    }
  }
  return text;
}

// Debian's multiarch tuple of the architecture this binary was built for.
std::string_view OwnMultiarch() {
#if defined(__x86_64__)
  return "x86_64-linux-gnu";
#elif defined(__aarch64__)
  return "aarch64-linux-gnu";
#elif defined(__i386__)
  return "i386-linux-gnu";
#elif defined(__arm__)
  return "arm-linux-gnueabihf";
#elif defined(__riscv) && __riscv_xlen == 64
  return "riscv64-linux-gnu";
#elif defined(__powerpc64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  return "powerpc64le-linux-gnu";
#else
  return "";
#endif
}

}  // namespace

std::vector<std::string> DefaultLibrarySearchPath() {
  std::vector<std::string> dirs;
  const std::string_view own = OwnMultiarch();
  if (!own.empty()) {
    dirs.push_back("/usr/lib/" + std::string(own) + "/android");
  }
  for (std::string_view tuple : {"x86_64-linux-gnu", "aarch64-linux-gnu", "i386-linux-gnu",
                                 "arm-linux-gnueabihf", "riscv64-linux-gnu"}) {
    if (tuple != own) {
      dirs.push_back("/usr/lib/" + std::string(tuple) + "/android");
    }
  }
  dirs.push_back("/usr/lib/android");
  return dirs;
}

std::string FindDefaultLibrary() {
  std::string looked_for;
  for (const std::string& dir : DefaultLibrarySearchPath()) {
    // libcrypto.so comes with android-libboringssl-dev, libcrypto.so.0 with the runtime package.
    for (const char* file : {"libcrypto.so", "libcrypto.so.0"}) {
      const std::string path = dir + "/" + file;
      if (access(path.c_str(), R_OK) == 0) {
        return path;
      }
    }
    looked_for += looked_for.empty() ? dir : ", " + dir;
  }
  throw UsageError("BoringSSL not found: no libcrypto.so or libcrypto.so.0 in " + looked_for +
                   " (install android-libboringssl, or pass --lib PATH)");
}

LibPtr LoadBoringssl(const std::string& path) {
  // BoringSSL exports OpenSSL's names: a libcrypto in the global scope would capture its
  // calls to its own functions, so it then gets a namespace of its own.
  std::string error;
  void* handle = OpenLibraryIsolated(path, "EVP_CIPHER_CTX_new", &error);
  if (handle == nullptr) {
    throw UsageError("cannot load " + path + ": " + OneLine(error));
  }
  auto lib = std::make_shared<Libcrypto>();
  lib->requested_path = path;
  lib->handle = handle;

  // Identify first: OpenSSL's libcrypto resolves most of the table too, and "missing symbol
  // EVP_has_aes_hardware" would hide what the user actually pointed at.
  if (ResolveSymbol(handle, "OpenSSL_version", &lib->OpenSSL_version)) {
    const char* version = lib->OpenSSL_version(kOpensslVersion);
    if (version == nullptr || std::string_view(version).substr(0, 9) != "BoringSSL") {
      throw UsageError(path + " is not BoringSSL: OpenSSL_version(OPENSSL_VERSION) is \"" +
                       OneLine(version != nullptr ? version : "(null)") + "\"");
    }
  }

  // Not dlclose()d on failure: a partly initialised library may have registered handlers.
  const char* missing = nullptr;
  CRYPTOBENCH_LIBCRYPTO_EVP_SHARED(CRYPTOBENCH_LIBCRYPTO_RESOLVE_REQUIRED)
  CRYPTOBENCH_BORINGSSL_REQUIRED(CRYPTOBENCH_LIBCRYPTO_RESOLVE_REQUIRED)
  CRYPTOBENCH_LIBCRYPTO_MAC_SHARED(CRYPTOBENCH_LIBCRYPTO_RESOLVE_REQUIRED)
  if (missing != nullptr) {
    throw UsageError(path + " is not a usable BoringSSL: missing symbol " + missing);
  }
  CRYPTOBENCH_BORINGSSL_OPTIONAL(CRYPTOBENCH_LIBCRYPTO_RESOLVE_OPTIONAL)
  dlerror();
  return lib;
}

std::string LibError(const Libcrypto& lib, std::string_view call) {
  return LibcryptoError(lib, call);
}

}  // namespace cryptobench::backends::boringssl
