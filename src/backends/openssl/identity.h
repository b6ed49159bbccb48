// Identity of a loaded libcrypto: which file, which version, how it was built, and the CPU
// capability vector it runs with.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "backends/openssl/libcrypto.h"
#include "results/model.h"

namespace cryptobench::backends::openssl {

/// Fills LibraryInfo from OpenSSL_version() / OpenSSL_version_num(). loaded_path is the real
/// path of the object defining OpenSSL_version (dladdr + realpath; falls back to the requested
/// path if either fails). worker_env is left empty: the worker fills it.
results::LibraryInfo ReadIdentity(const Libcrypto& lib);

/// The capability vector inside a 3.x OPENSSL_CPU_INFO string: "CPUINFO: OPENSSL_ia32cap=0xA:0xB
/// env:..." gives "0xA:0xB"; "CPUINFO: N/A" (no-asm build) gives "N/A"; anything else "".
std::string CapabilityVectorFromCpuInfo(std::string_view cpu_info);

/// Formats the four 32-bit words of 1.1.1's OPENSSL_ia32cap_P as OpenSSL 3.0 prints them
/// (crypto/info.c): "0x<w1:w0>:0x<w3:w2>", each half a 64-bit hex value.
std::string FormatIa32Cap(const uint32_t words[4]);

}  // namespace cryptobench::backends::openssl
