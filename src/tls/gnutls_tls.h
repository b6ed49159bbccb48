// The GnuTLS TLS backend, built when the gnutls speed backend is (GnuTLS found at build time).
#pragma once

#include <memory>

#include "tls/library.h"

namespace cryptobench::tls {

/// The GnuTLS linked into this build, identified as the gnutls speed backend identifies it.
std::unique_ptr<TlsLibrary> OpenGnutlsTls();

}  // namespace cryptobench::tls
