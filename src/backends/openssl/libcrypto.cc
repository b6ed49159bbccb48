// Loading libcrypto with dlopen and resolving its function table.
#include "backends/openssl/libcrypto.h"

#include <dlfcn.h>

#include <cstring>
#include <string>
#include <string_view>

#include "backends/common/isolated_load.h"
#include "core/errors.h"

namespace cryptobench::backends::openssl {
namespace {

// Converts a dlsym() result to the function-pointer type of a table entry. POSIX guarantees the
// representation is the same; memcpy keeps -Wpedantic quiet about object-to-function casts.
template <typename Fn>
void AssignSymbol(void* symbol, Fn* out) {
  static_assert(sizeof(Fn) == sizeof(void*));
  std::memcpy(out, &symbol, sizeof(Fn));
}

}  // namespace

LibcryptoPtr LoadLibcrypto(const std::string& path) {
  std::string error;
  void* handle = OpenLibraryIsolated(path, "EVP_CIPHER_CTX_new", &error);
  if (handle == nullptr) {
    throw UsageError("cannot load " + path + ": " + error);
  }
  LibcryptoPtr lib = ResolveLibcrypto(handle, path);
  // BoringSSL resolves the whole OpenSSL table, but its OPENSSL_ia32cap, version text and
  // build facts differ: it has a backend of its own.
  if (const char* version = lib->OpenSSL_version(0);
      version != nullptr && std::string_view(version).substr(0, 9) == "BoringSSL") {
    throw UsageError(path +
                     " is BoringSSL, not OpenSSL: the boringssl backend reads it (speed or doctor "
                     "--backend boringssl --lib " +
                     path + ")");
  }
  return lib;
}

LibcryptoPtr ResolveLibcrypto(void* handle, const std::string& path) {
  auto lib = std::make_shared<Libcrypto>();
  lib->requested_path = path;
  lib->handle = handle;

#define CRYPTOBENCH_RESOLVE_REQUIRED(ret, name, params)                                \
  if (void* symbol = dlsym(handle, #name); symbol != nullptr) {                        \
    AssignSymbol(symbol, &lib->name);                                                  \
  } else {                                                                             \
    /* Not dlclose()d: a partially initialised libcrypto may have registered atexit */ \
    /* handlers already. */                                                            \
    throw UsageError(path + " is not a usable libcrypto: missing symbol " #name);      \
  }
  CRYPTOBENCH_LIBCRYPTO_REQUIRED(CRYPTOBENCH_RESOLVE_REQUIRED)
#undef CRYPTOBENCH_RESOLVE_REQUIRED

#define CRYPTOBENCH_RESOLVE_OPTIONAL(ret, name, params)         \
  if (void* symbol = dlsym(handle, #name); symbol != nullptr) { \
    AssignSymbol(symbol, &lib->name);                           \
  }
  CRYPTOBENCH_LIBCRYPTO_OPTIONAL(CRYPTOBENCH_RESOLVE_OPTIONAL)
#undef CRYPTOBENCH_RESOLVE_OPTIONAL

  // A fetch function without its matching free would leak; use the 1.1.1 path instead.
  if (lib->EVP_CIPHER_free == nullptr) {
    lib->EVP_CIPHER_fetch = nullptr;
  }
  if (lib->EVP_MD_free == nullptr) {
    lib->EVP_MD_fetch = nullptr;
  }
  return lib;
}

std::string LibError(const Libcrypto& lib, std::string_view call) {
  std::string message = std::string(call) + " failed";
  if (unsigned long code = lib.ERR_get_error(); code != 0) {
    char text[256] = {};
    lib.ERR_error_string_n(code, text, sizeof(text));
    message += ": ";
    message += text;
  }
  lib.ERR_clear_error();
  return message;
}

Owned<EVP_CIPHER> FetchCipher(const Libcrypto& lib, std::string_view name) {
  const std::string name_z(name);
  Owned<EVP_CIPHER> cipher;
  if (lib.EVP_CIPHER_fetch != nullptr) {
    cipher = Own(lib.EVP_CIPHER_fetch(nullptr, name_z.c_str(), nullptr), lib.EVP_CIPHER_free);
  } else {
    // Static table entry of 1.1.1: borrowed, never freed.
    cipher = Own(const_cast<EVP_CIPHER*>(lib.EVP_get_cipherbyname(name_z.c_str())),
                 static_cast<void (*)(EVP_CIPHER*)>(nullptr));
  }
  lib.ERR_clear_error();
  return cipher;
}

Owned<EVP_MD> FetchDigest(const Libcrypto& lib, std::string_view name) {
  const std::string name_z(name);
  Owned<EVP_MD> md;
  if (lib.EVP_MD_fetch != nullptr) {
    md = Own(lib.EVP_MD_fetch(nullptr, name_z.c_str(), nullptr), lib.EVP_MD_free);
  } else {
    md = Own(const_cast<EVP_MD*>(lib.EVP_get_digestbyname(name_z.c_str())),
             static_cast<void (*)(EVP_MD*)>(nullptr));
  }
  lib.ERR_clear_error();
  return md;
}

}  // namespace cryptobench::backends::openssl
