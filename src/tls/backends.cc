// The TLS backends compiled in, and opening one.
#include <fmt/format.h>

#include "core/errors.h"

#include "tls/library.h"
#include "tls/openssl_tls.h"

#ifdef CRYPTOBENCH_TLS_HAVE_GNUTLS
#include "tls/gnutls_tls.h"
#endif

namespace cryptobench::tls {

std::vector<std::string> TlsBackendNames() {
  std::vector<std::string> names = {"openssl"};
#ifdef CRYPTOBENCH_TLS_HAVE_GNUTLS
  names.emplace_back("gnutls");
#endif
  return names;
}

bool TlsBackendTakesPath(const std::string& backend) { return backend == "openssl"; }

std::unique_ptr<TlsLibrary> OpenTlsLibrary(const std::string& backend,
                                           const std::string& libcrypto_path,
                                           const std::string& libssl_path) {
  if (backend == "openssl") {
    return openssl::OpenOpensslTls(libcrypto_path, libssl_path);
  }
#ifdef CRYPTOBENCH_TLS_HAVE_GNUTLS
  if (backend == "gnutls") {
    return OpenGnutlsTls();
  }
#endif
  std::string known;
  for (const std::string& name : TlsBackendNames()) {
    known += (known.empty() ? "" : ", ") + name;
  }
  throw UsageError(fmt::format("unknown TLS backend '{}' (compiled in: {})", backend, known));
}

}  // namespace cryptobench::tls
