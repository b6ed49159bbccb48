// Assembly-module identification strings (cpb-reference.md, sections 5-6) and the -D*_ASM
// defines of a compiler line.
#include "diagnose/library_facts.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include <fmt/format.h>

namespace cryptobench::diagnose {
namespace {

struct ModuleId {
  std::string_view module;
  std::string_view primitive;
  std::string_view prefix;  // the ID string up to its first ", " (stable across versions)
};

// The ID strings end in ", CRYPTOGAMS by <appro@openssl.org>" in 1.1.1/3.x and in
// ", CRYPTOGAMS by <https://github.com/dot-asm>" (or "@dot-asm") on master; the prefixes stop
// before that, and include the ", " so that "AES for x86_64, " does not match inside
// "Vector Permutation AES for x86_64/SSSE3". Source: cpb-reference.md, 6.1-6.3.
constexpr ModuleId kModules[] = {
    // x86_64 (6.1)
    {"aesni-x86_64", "AES (AES-NI)", "AES for Intel AES-NI, "},
    {"aesni-gcm-x86_64", "AES-GCM (AES-NI + AVX stitch)", "AES-NI GCM module for x86_64, "},
    {"aesni-sha1-x86_64", "AES-CBC + HMAC-SHA1 (AES-NI stitch)",
     "AESNI-CBC+SHA1 stitch for x86_64, "},
    {"aesni-sha256-x86_64", "AES-CBC + HMAC-SHA256 (AES-NI stitch)",
     "AESNI-CBC+SHA256 stitch for x86_64, "},
    {"vpaes-x86_64", "AES (vector permutation, SSSE3)",
     "Vector Permutation AES for x86_64/SSSE3, "},
    {"bsaes-x86_64", "AES (bit-sliced, SSSE3)", "Bit-sliced AES for x86_64/SSSE3, "},
    {"aes-x86_64", "AES (table-based)", "AES for x86_64, "},
    {"ghash-x86_64", "GHASH", "GHASH for x86_64, "},
    {"sha1-x86_64", "SHA-1", "SHA1 block transform for x86_64, "},
    {"sha1-mb-x86_64", "SHA-1 (multi-block)", "SHA1 multi-block transform for x86_64, "},
    {"sha256-x86_64", "SHA-256", "SHA256 block transform for x86_64, "},
    {"sha256-mb-x86_64", "SHA-256 (multi-block)", "SHA256 multi-block transform for x86_64, "},
    {"sha512-x86_64", "SHA-512", "SHA512 block transform for x86_64, "},
    {"keccak1600-x86_64", "SHA-3 / SHAKE (Keccak-1600)",
     "Keccak-1600 absorb and squeeze for x86_64, "},
    {"chacha-x86_64", "ChaCha20", "ChaCha20 for x86_64, "},
    {"poly1305-x86_64", "Poly1305", "Poly1305 for x86_64, "},
    {"x25519-x86_64", "X25519", "X25519 primitives for x86_64, "},
    {"x86_64-mont", "Montgomery multiplication (RSA, DH)",
     "Montgomery Multiplication for x86_64, "},
    {"x86_64-mont5", "Montgomery multiplication with scatter/gather (RSA)",
     "Montgomery Multiplication with scatter/gather for x86_64, "},
    {"x86_64-gf2m", "GF(2^m) multiplication (binary-field EC)",
     "GF(2^m) Multiplication for x86_64, "},
    // Not in section 6 (master dc8a9299 table); seen in Debian 3.0.19 libcrypto.so.3.
    {"rc4-x86_64", "RC4", "RC4 for x86_64, "},
    // AArch64 (6.2). aes-gcm-armv8_64 repeats ghashv8-armx's string: second occurrence.
    {"ghashv8-armx", "GHASH (ARMv8 PMULL)", "GHASH for ARMv8, "},
    {"aes-gcm-armv8_64", "AES-GCM (ARMv8 Crypto Extensions)", "GHASH for ARMv8, "},
    {"aes-gcm-armv8-unroll8_64", "AES-GCM (ARMv8 CE, 8x unrolled, EOR3)",
     "AES GCM module for ARMv8, "},
    {"vpaes-armv8", "AES (vector permutation, NEON)", "Vector Permutation AES for ARMv8, "},
    {"sha1-armv8", "SHA-1", "SHA1 block transform for ARMv8, "},
    {"sha256-armv8", "SHA-256", "SHA256 block transform for ARMv8, "},
    {"sha512-armv8", "SHA-512", "SHA512 block transform for ARMv8, "},
    {"keccak1600-armv8", "SHA-3 / SHAKE (Keccak-1600)",
     "Keccak-1600 absorb and squeeze for ARMv8, "},
    {"chacha-armv8", "ChaCha20", "ChaCha20 for ARMv8, "},
    {"poly1305-armv8", "Poly1305", "Poly1305 for ARMv8, "},
    {"ecp_nistz256-armv8", "P-256 (ECP_NISTZ256)", "ECP_NISTZ256 for ARMv8, "},
    {"armv8-mont", "Montgomery multiplication (RSA, DH)", "Montgomery Multiplication for ARMv8, "},
    // 32-bit ARM (6.3); ghashv8-armx is listed above.
    {"aes-armv4", "AES (table-based)", "AES for ARMv4, "},
    {"bsaes-armv7", "AES (bit-sliced, NEON)", "Bit-sliced AES for NEON, "},
    {"ghash-armv4", "GHASH", "GHASH for ARMv4/NEON, "},
    {"sha1-armv4-large", "SHA-1", "SHA1 block transform for ARMv4/NEON/ARMv8, "},
    {"sha256-armv4", "SHA-256", "SHA256 block transform for ARMv4/NEON/ARMv8, "},
    {"sha512-armv4", "SHA-512", "SHA512 block transform for ARMv4/NEON, "},
    {"keccak1600-armv4", "SHA-3 / SHAKE (Keccak-1600)",
     "Keccak-1600 absorb and squeeze for ARMv4/NEON, "},
    {"poly1305-armv4", "Poly1305", "Poly1305 for ARMv4/NEON, "},
    {"armv4-mont", "Montgomery multiplication (RSA, DH)",
     "Montgomery multiplication for ARMv4/NEON, "},
};

constexpr size_t kMaxIdStringBytes = 256;

// The string starting at `pos`: up to a NUL or other control byte. Bytes >= 0x80 are kept
// (bsaes-x86_64's "Emilia Käsper" is UTF-8).
std::string IdStringAt(std::string_view binary, size_t pos) {
  size_t end = pos;
  while (end < binary.size() && end - pos < kMaxIdStringBytes) {
    const auto byte = static_cast<unsigned char>(binary[end]);
    if (byte < 0x20 || byte == 0x7f) {
      break;
    }
    ++end;
  }
  return std::string(binary.substr(pos, end - pos));
}

bool IsDefineNameChar(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

}  // namespace

std::vector<AsmModule> FindAsmModules(std::string_view binary) {
  std::vector<AsmModule> found;
  for (size_t i = 0; i < std::size(kModules); ++i) {
    const ModuleId& id = kModules[i];
    // Entries sharing a prefix take successive occurrences (see aes-gcm-armv8_64).
    size_t occurrence = 0;
    for (size_t j = 0; j < i; ++j) {
      occurrence += kModules[j].prefix == id.prefix ? 1 : 0;
    }
    size_t pos = binary.find(id.prefix);
    for (size_t k = 0; k < occurrence && pos != std::string_view::npos; ++k) {
      pos = binary.find(id.prefix, pos + id.prefix.size());
    }
    if (pos != std::string_view::npos) {
      found.push_back({id.module, id.primitive, IdStringAt(binary, pos)});
    }
  }
  return found;
}

std::vector<AsmModule> FindAsmModulesInFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw std::runtime_error(fmt::format("cannot open {}: {}", path, std::strerror(errno)));
  }
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) {
    throw std::runtime_error(fmt::format("cannot read {}", path));
  }
  return FindAsmModules(bytes);
}

std::vector<std::string_view> CompilerLineTokens(std::string_view cflags) {
  std::vector<std::string_view> tokens;
  size_t pos = 0;
  while (pos < cflags.size()) {
    const size_t start = cflags.find_first_not_of(" \t\r\n", pos);
    if (start == std::string_view::npos) {
      break;
    }
    size_t end = cflags.find_first_of(" \t\r\n", start);
    if (end == std::string_view::npos) {
      end = cflags.size();
    }
    pos = end;
    tokens.push_back(cflags.substr(start, end - start));
  }
  return tokens;
}

std::vector<std::string> AsmDefines(std::string_view cflags) {
  constexpr std::string_view kSuffix = "_ASM";
  std::vector<std::string> defines;
  for (std::string_view token : CompilerLineTokens(cflags)) {
    if (token.substr(0, 2) != "-D") {
      continue;
    }
    token.remove_prefix(2);
    token = token.substr(0, token.find('='));
    if (token.size() <= kSuffix.size() || token.substr(token.size() - kSuffix.size()) != kSuffix) {
      continue;
    }
    bool valid = true;
    for (char c : token) {
      valid = valid && IsDefineNameChar(c);
    }
    // OPENSSL_NO_ASM turns assembly off (BoringSSL's CMake, INCORPORATING.md): not a define of
    // an assembly module.
    if (!valid || token.ends_with("NO_ASM")) {
      continue;
    }
    bool seen = false;
    for (const std::string& d : defines) {
      seen = seen || d == token;
    }
    if (!seen) {
      defines.emplace_back(token);
    }
  }
  return defines;
}

bool OneXDevelopmentBuild(std::string_view version, std::uint64_t version_num) {
  return version_num != 0 && version_num < 0x30000000 && version.starts_with("OpenSSL ") &&
         version.find("-dev") != std::string_view::npos;
}

}  // namespace cryptobench::diagnose
