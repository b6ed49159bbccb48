// Loading libcrypto with dlopen and resolving its function table.
#include "backends/openssl/libcrypto.h"

#include <dlfcn.h>

#include <string>
#include <string_view>

#include "backends/common/isolated_load.h"
#include "core/errors.h"

namespace cryptobench::backends::openssl {
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

  const char* missing = nullptr;
  CRYPTOBENCH_LIBCRYPTO_EVP_SHARED(CRYPTOBENCH_LIBCRYPTO_RESOLVE_REQUIRED)
  CRYPTOBENCH_LIBCRYPTO_REQUIRED(CRYPTOBENCH_LIBCRYPTO_RESOLVE_REQUIRED)
  if (missing != nullptr) {
    // Not dlclose()d: a partially initialised libcrypto may have registered atexit handlers
    // already.
    throw UsageError(path + " is not a usable libcrypto: missing symbol " + missing);
  }
  CRYPTOBENCH_LIBCRYPTO_MAC_SHARED(CRYPTOBENCH_LIBCRYPTO_RESOLVE_OPTIONAL)
  CRYPTOBENCH_LIBCRYPTO_OPTIONAL(CRYPTOBENCH_LIBCRYPTO_RESOLVE_OPTIONAL)

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
  return LibcryptoError(lib, call);
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
