// Loading libssl beside its libcrypto and checking that the two belong together.
#include "tls/openssl_libssl.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdlib.h>

#include <cstring>

#include <fmt/format.h>

#include "core/errors.h"

namespace cryptobench::tls::openssl {
namespace {

template <typename Fn>
void AssignSymbol(void* symbol, Fn* out) {
  static_assert(sizeof(Fn) == sizeof(void*));
  std::memcpy(out, &symbol, sizeof(Fn));
}

std::string TakeDlerror() {
  const char* reason = dlerror();
  std::string text = reason != nullptr ? reason : "unknown dynamic loader error";
  for (char& c : text) {
    if (c == '\n') {
      c = ' ';
    }
  }
  return text;
}

// Real path of the object that defines `address`, or "" when the loader cannot tell.
std::string ObjectPathOf(const void* address) {
  Dl_info info{};
  if (dladdr(address, &info) == 0 || info.dli_fname == nullptr) {
    return "";
  }
  char resolved[PATH_MAX];
  if (realpath(info.dli_fname, resolved) != nullptr) {
    return resolved;
  }
  return info.dli_fname;
}

std::string VersionText(unsigned long (*version_num)(), const char* (*version)(int)) {
  if (version != nullptr) {
    if (const char* text = version(0); text != nullptr) {
      return text;
    }
  }
  return fmt::format("version number {:#x}", version_num());
}

}  // namespace

std::string LibsslPathFor(const std::string& libcrypto_path) {
  const size_t slash = libcrypto_path.rfind('/');
  const size_t name_start = slash == std::string::npos ? 0 : slash + 1;
  const size_t at = libcrypto_path.find("libcrypto", name_start);
  if (at == std::string::npos) {
    throw UsageError(fmt::format(
        "--lib {}: the file name has no 'libcrypto', so cryptobench cannot tell which libssl "
        "belongs to it; give --libssl PATH",
        libcrypto_path));
  }
  std::string path = libcrypto_path;
  path.replace(at, std::strlen("libcrypto"), "libssl");
  return path;
}

LibsslPtr LoadLibssl(const std::string& path, LibcryptoPtr crypto) {
  Lmid_t namespace_id = LM_ID_BASE;
  if (dlinfo(crypto->handle, RTLD_DI_LMID, &namespace_id) != 0) {
    namespace_id = LM_ID_BASE;
  }
  dlerror();
  // In the libcrypto's namespace, libssl's DT_NEEDED libcrypto matches the loaded libcrypto by
  // its soname, so a libssl of the same series runs on the very library under test.
  void* handle = namespace_id == LM_ID_BASE
                     ? dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL)
                     : dlmopen(namespace_id, path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    throw UsageError(fmt::format("cannot load libssl {}: {}", path, TakeDlerror()));
  }
  auto lib = std::make_shared<Libssl>();
  lib->crypto = crypto;
  lib->requested_path = path;
  lib->handle = handle;

  // Which libcrypto does this libssl run on? dlsym() on its handle searches the libssl and
  // then its dependencies, so it finds the libcrypto the loader bound it to.
  void* bound_version = dlsym(handle, "OpenSSL_version_num");
  if (bound_version == nullptr) {
    throw UsageError(fmt::format(
        "{} is not an OpenSSL libssl: it brings no libcrypto (no OpenSSL_version_num)", path));
  }
  void* under_test = nullptr;
  std::memcpy(&under_test, &crypto->OpenSSL_version_num, sizeof under_test);
  if (bound_version != under_test) {
    unsigned long (*other_num)() = nullptr;
    AssignSymbol(bound_version, &other_num);
    const char* (*other_version)(int) = nullptr;
    if (void* symbol = dlsym(handle, "OpenSSL_version"); symbol != nullptr) {
      AssignSymbol(symbol, &other_version);
    }
    const std::string other_path = ObjectPathOf(bound_version);
    throw UsageError(fmt::format(
        "libssl {} runs on {} ({}), not on the libcrypto under test {} ({}): give the libssl of "
        "the same build with --libssl",
        path, other_path.empty() ? "another libcrypto" : other_path,
        VersionText(other_num, other_version), ObjectPathOf(under_test),
        VersionText(crypto->OpenSSL_version_num, crypto->OpenSSL_version)));
  }

#define CRYPTOBENCH_RESOLVE(ret, name, params)                                               \
  if (void* symbol = dlsym(handle, #name); symbol != nullptr) {                              \
    AssignSymbol(symbol, &lib->name);                                                        \
  } else {                                                                                   \
    throw UsageError(fmt::format("{} is not a usable libssl: missing symbol " #name, path)); \
  }
  CRYPTOBENCH_LIBSSL_REQUIRED(CRYPTOBENCH_RESOLVE)
#undef CRYPTOBENCH_RESOLVE
#define CRYPTOBENCH_RESOLVE_OPTIONAL(ret, name, params)         \
  if (void* symbol = dlsym(handle, #name); symbol != nullptr) { \
    AssignSymbol(symbol, &lib->name);                           \
  }
  CRYPTOBENCH_LIBSSL_OPTIONAL(CRYPTOBENCH_RESOLVE_OPTIONAL)
#undef CRYPTOBENCH_RESOLVE_OPTIONAL
  // The libcrypto extras come from the libcrypto under test itself.
#define CRYPTOBENCH_RESOLVE_CRYPTO(ret, name, params)                                            \
  if (void* symbol = dlsym(crypto->handle, #name); symbol != nullptr) {                          \
    AssignSymbol(symbol, &lib->name);                                                            \
  } else {                                                                                       \
    throw UsageError(                                                                            \
        fmt::format("{} lacks " #name ", which the tls command needs", crypto->requested_path)); \
  }
  CRYPTOBENCH_TLS_LIBCRYPTO_REQUIRED(CRYPTOBENCH_RESOLVE_CRYPTO)
#undef CRYPTOBENCH_RESOLVE_CRYPTO

  void* ctx_new = nullptr;
  std::memcpy(&ctx_new, &lib->SSL_CTX_new, sizeof ctx_new);
  lib->loaded_path = ObjectPathOf(ctx_new);
  if (lib->loaded_path.empty()) {
    lib->loaded_path = path;
  }
  // A libssl has no version of its own to compare (OpenSSL 3's libssl asks libcrypto for it),
  // and one of another release of the same series loads on the libcrypto under test. What
  // tells a libssl of the same build is where it is: beside its libcrypto, as every build tree
  // and installation puts them.
  const std::string crypto_path = ObjectPathOf(under_test);
  const auto directory = [](const std::string& file) { return file.substr(0, file.rfind('/')); };
  if (!crypto_path.empty() && directory(crypto_path) != directory(lib->loaded_path)) {
    throw UsageError(fmt::format(
        "libssl {} is not beside the libcrypto under test {}: a libssl carries no version of "
        "its own, so only the one of the same build (in the libcrypto's directory) is taken",
        lib->loaded_path, crypto_path));
  }
  return lib;
}

std::vector<std::string> RequiredLibsslSymbols() {
  std::vector<std::string> names;
#define CRYPTOBENCH_NAME(ret, name, params) names.emplace_back(#name);
  CRYPTOBENCH_LIBSSL_REQUIRED(CRYPTOBENCH_NAME)
#undef CRYPTOBENCH_NAME
  return names;
}

std::vector<std::string> RequiredTlsLibcryptoSymbols() {
  std::vector<std::string> names;
#define CRYPTOBENCH_NAME(ret, name, params) names.emplace_back(#name);
  CRYPTOBENCH_TLS_LIBCRYPTO_REQUIRED(CRYPTOBENCH_NAME)
#undef CRYPTOBENCH_NAME
  return names;
}

}  // namespace cryptobench::tls::openssl
