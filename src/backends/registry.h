// The backends compiled into this build, by name. Optional backends register here behind their
// CRYPTOBENCH_HAVE_<NAME> definition (backends/compiled_backends.h, generated at configure time
// for the libraries found), so the worker can open any of them by the name given with --backend.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "backends/backend.h"

namespace cryptobench::backends {

/// One backend this build can open.
struct BackendDescriptor {
  std::string_view name;         ///< --backend spelling, lower case: "openssl", "sodium"
  std::string_view description;  ///< one line for `list --backends`, e.g. "libsodium 1.0.18"
  /// True if the backend is a library loaded by path at run time (--lib applies: OpenSSL,
  /// BoringSSL); false if it is linked in at build time.
  bool takes_library_path = false;
  /// Opens the backend inside a worker. `library_path` is --lib (empty: the default) for
  /// backends that take one. Throws UsageError with one line when the library cannot be used
  /// (bad path, AF_ALG missing from the kernel).
  std::unique_ptr<Backend> (*open)(const std::string& library_path) = nullptr;
  /// The environment variable that masks the library's CPU-specific code paths from process
  /// start (doctor's experiments set it in a worker), e.g. "OPENSSL_ia32cap",
  /// "GNUTLS_CPUID_OVERRIDE"; empty when the library has none.
  std::string_view mask_variable;
  /// One line: how that mask works (value format, what it disables), or, without one, that the
  /// library has no such switch (e.g. "libsodium picks its code path at run time and offers no
  /// way to disable it").
  std::string_view mask_note;
  /// The catalogue entries this backend does not bind, each with its reason (backend.h); every
  /// other entry must be bound (backend_conformance_test.cc checks both ways).
  std::span<const DeclaredAbsence> absent;
};

/// Every backend compiled in, OpenSSL first, then in alphabetical order of name.
std::span<const BackendDescriptor> CompiledBackends();

/// The compiled-in backend called `name` (case-insensitive); nullptr if none.
const BackendDescriptor* FindBackend(std::string_view name);

}  // namespace cryptobench::backends
