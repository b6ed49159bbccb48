// Loading a crypto library by path so that nothing else in the process captures its calls.
// Linked-in backends bring libraries whose dependencies include a libcrypto (Debian's
// libbotan-2 and libtspi, pulled by GnuTLS, depend on libcrypto.so.3); that copy sits in the
// global symbol scope, where it would answer a dlopen()ed libcrypto's calls to its own
// exported functions (another OpenSSL build given with --lib, or BoringSSL, whose names are
// OpenSSL's). Such a library is opened in a link-map namespace of its own instead.
#pragma once

#include <string>

namespace cryptobench::backends {

/// Opens the shared object `path` (a file path or a soname) with RTLD_NOW | RTLD_LOCAL. When
/// an object in the global scope already defines `probe_symbol` and is not that same library,
/// the library is opened with dlmopen(LM_ID_NEWLM), so its own calls bind to itself. Each path
/// is opened in at most one new namespace per process (glibc has 16): a second call returns
/// the same handle. Returns nullptr on failure with *error set to the loader's one-line reason.
void* OpenLibraryIsolated(const std::string& path, const char* probe_symbol, std::string* error);

}  // namespace cryptobench::backends
