// Name mapping for imported `openssl speed` output.
#include "import/speed_names.h"

#include <algorithm>
#include <array>
#include <utility>

#include <fmt/format.h>

#include "algorithms/catalog.h"

#include "import/parse_util.h"

namespace cryptobench::import {
namespace {

// 1.x low-level row names and 3.x short names that the catalogue's aliases do not cover.
// Source: apps/speed.c names[] in 1.0.2, 1.1.1 and 3.x.
constexpr std::array<std::pair<std::string_view, std::string_view>, 9> kLegacyNames = {{
    {"aes-128 cbc", "AES-128-CBC"},
    {"aes-192 cbc", "AES-192-CBC"},
    {"aes-256 cbc", "AES-256-CBC"},
    {"des ede3", "DES-EDE3-CBC"},
    {"des-ede3", "DES-EDE3-CBC"},
    {"id-aes128-gcm", "AES-128-GCM"},
    {"id-aes256-gcm", "AES-256-GCM"},
    {"id-aes128-ccm", "AES-128-CCM"},
    {"hmac(sha256)", "HMAC-SHA256"},
}};

bool Contains(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}

bool HasDigit(std::string_view text) {
  for (char c : text) {
    if (c >= '0' && c <= '9') {
      return true;
    }
  }
  return false;
}

// FindAlgorithm also knows generic aliases ("hmac", "rsa", "ecdsa", "cmac", "chacha"); an
// openssl row name that equals one of those does not name that specific entry, so a match
// counts only when the name carries a digit (every catalogue name does).
const AlgorithmInfo* FindSpecific(std::string_view name) {
  if (!HasDigit(name)) {
    return nullptr;
  }
  return FindAlgorithm(name);
}

std::string InferSymmetricKind(const std::string& lower) {
  if (Contains(lower, "gcm") || Contains(lower, "ccm") || Contains(lower, "ocb") ||
      Contains(lower, "siv") || Contains(lower, "chacha20-poly1305")) {
    return "aead";
  }
  if (lower.rfind("hmac", 0) == 0 || lower.rfind("cmac", 0) == 0 || lower.rfind("gmac", 0) == 0 ||
      lower.rfind("kmac", 0) == 0 || lower == "poly1305" || lower == "ghash") {
    return "mac";
  }
  if (lower == "rand") {
    return "rng";
  }
  for (std::string_view hash : {"md2", "md4", "md5", "mdc2", "sha", "rmd160", "ripemd", "whirlpool",
                                "sm3", "blake2", "shake", "keccak"}) {
    if (lower.rfind(hash, 0) == 0) {
      return "hash";
    }
  }
  return "cipher";
}

}  // namespace

NamedAlgorithm MapSymmetricName(std::string_view row_name) {
  const std::string lower = ToLower(row_name);
  for (const auto& [legacy, canonical] : kLegacyNames) {
    if (lower == legacy) {
      const AlgorithmInfo* info = FindAlgorithm(canonical);
      return {std::string(info->name), std::string(KindName(info->kind)), true};
    }
  }
  if (const AlgorithmInfo* info = FindSpecific(row_name)) {
    if (IsSymmetric(info->kind)) {
      return {std::string(info->name), std::string(KindName(info->kind)), true};
    }
  }
  return {std::string(row_name), InferSymmetricKind(lower), false};
}

bool IsLegacyRow(std::string_view row_name, int major, std::string_view evp_option) {
  // LibreSSL's AEAD rows are spelt with a space but timed through EVP_AEAD_CTX_seal, which has
  // the AES-NI / ARMv8 paths (LibreSSL apps/openssl/speed.c, D_AES_128_GCM ...); no OpenSSL
  // release has rows of these names.
  for (std::string_view aead : {"aes-128 gcm", "aes-256 gcm", "chacha20 poly1305"}) {
    if (row_name == aead) {
      return false;
    }
  }
  if (row_name.find(' ') != std::string_view::npos) {
    // The low-level rows are spelt with a space ("aes-128 cbc", "des ede3") by 1.x, by LibreSSL
    // (whose 3.x and 4.x keep 1.x's speed) and by the 3.0.0 snapshots before speed timed every
    // row through EVP (openssl/openssl#14228, 2021); OpenSSL 3.x releases spell every row
    // without one ("aes-128-cbc", "des-ede3": openssl-3.0 apps/speed.c names[]), so a spaced
    // row is a low-level one whatever the version.
    return true;
  }
  if (major < 0 || major >= 3) {
    return false;
  }
  if (!evp_option.empty() && ToLower(evp_option) == ToLower(row_name)) {
    return false;
  }
  // 1.x low-level rows without a space (apps/speed.c 1.0.2 and 1.1.1 names[]).
  for (std::string_view name : {"md2", "mdc2", "md4", "md5", "hmac(md5)", "sha1", "rmd160", "rc4",
                                "sha256", "sha512", "whirlpool", "ghash", "rand"}) {
    if (row_name == name) {
      return true;
    }
  }
  return false;
}

bool IsSpeedRowName(std::string_view row_name) {
  // apps/speed.c names[]: 1.0.2 and 1.1.1 (spaced), 3.x (hyphenated; later 3.x releases
  // name the hmac row "hmac(sha256)" and add "kmac128", "kmac256"); LibreSSL's EVP_AEAD rows
  // (apps/openssl/speed.c).
  static constexpr std::array<std::string_view, 51> kSpeedNames = {
      // 1.0.2, 1.1.1
      "md2", "mdc2", "md4", "md5", "hmac(md5)", "sha1", "rmd160", "rc4", "des cbc", "des ede3",
      "idea cbc", "seed cbc", "rc2 cbc", "rc5-32/12 cbc", "blowfish cbc", "cast cbc", "aes-128 cbc",
      "aes-192 cbc", "aes-256 cbc", "camellia-128 cbc", "camellia-192 cbc", "camellia-256 cbc",
      "evp", "sha256", "sha512", "whirlpool", "aes-128 ige", "aes-192 ige", "aes-256 ige", "ghash",
      "rand",
      // 3.x, where they differ
      "des-cbc", "des-ede3", "idea-cbc", "seed-cbc", "rc2-cbc", "rc5-cbc", "blowfish", "cast-cbc",
      "aes-128-cbc", "aes-192-cbc", "aes-256-cbc", "camellia-128-cbc", "camellia-192-cbc",
      "camellia-256-cbc", "cmac", "kmac128", "kmac256",
      // LibreSSL
      "aes-128 gcm", "aes-256 gcm", "chacha20 poly1305"};
  const std::string lower = ToLower(row_name);
  if (std::find(kSpeedNames.begin(), kSpeedNames.end(), lower) != kSpeedNames.end()) {
    return true;
  }
  if (lower.starts_with("hmac(") && lower.ends_with(")") && lower.size() > 6) {
    return true;  // 3.x: "hmac(%s)" of the -hmac digest, "hmac(sha256)" by default
  }
  return MapSymmetricName(row_name).catalogued;
}

std::string SymmetricOperation(std::string_view kind, bool decrypt) {
  if (kind == "hash") {
    return "hash";
  }
  if (kind == "mac") {
    return "mac";
  }
  if (kind == "rng") {
    return "generate";
  }
  return decrypt ? "decrypt" : "encrypt";
}

std::string_view SplitDirectionSuffix(std::string_view row_name, std::string* operation) {
  operation->clear();
  for (std::string_view suffix : {" decrypt", " encrypt"}) {
    if (row_name.size() <= suffix.size() || !EndsWith(row_name, suffix)) {
      continue;
    }
    const std::string_view base = row_name.substr(0, row_name.size() - suffix.size());
    const NamedAlgorithm named = MapSymmetricName(base);
    if (named.kind == "cipher" || named.kind == "aead") {
      *operation = std::string(suffix.substr(1));
      return base;
    }
  }
  return row_name;
}

std::string PkRowName(PkFamily family, unsigned bits, std::string_view curve_or_name) {
  switch (family) {
    case PkFamily::kRsa:
      return fmt::format("rsa {} bits", bits);
    case PkFamily::kDsa:
      return fmt::format("dsa {} bits", bits);
    case PkFamily::kEcdsa:
      return fmt::format("{} bits ecdsa ({})", bits, curve_or_name);
    case PkFamily::kEcdh:
      return fmt::format("{} bits ecdh ({})", bits, curve_or_name);
    case PkFamily::kEddsa:
      return fmt::format("{} bits EdDSA ({})", bits, curve_or_name);
    case PkFamily::kSm2:
      return fmt::format("{} bits SM2 ({})", bits, curve_or_name);
    case PkFamily::kFfdh:
      return fmt::format("{} bits ffdh", bits);
    case PkFamily::kKem:
    case PkFamily::kSig:
      return std::string(curve_or_name);
  }
  return std::string(curve_or_name);
}

NamedAlgorithm MapPublicKey(PkFamily family, unsigned bits, std::string_view curve_or_name) {
  const std::string curve = ToLower(curve_or_name);
  std::string key;  // a catalogue spelling, if this result has a catalogue entry
  switch (family) {
    case PkFamily::kRsa:
      key = fmt::format("rsa{}", bits);
      break;
    case PkFamily::kEcdsa:
      if (curve == "nistp256" || curve == "nistp384") {
        key = "ecdsa-" + curve;
      }
      break;
    case PkFamily::kEcdh:
      if (curve == "nistp256") {
        key = "ecdh-nistp256";
      } else if (curve == "x25519") {
        key = "X25519";
      }
      break;
    case PkFamily::kEddsa:
      if (curve == "ed25519") {
        key = "Ed25519";
      }
      break;
    case PkFamily::kSig:
      key = std::string(curve_or_name);
      break;
    case PkFamily::kDsa:
    case PkFamily::kSm2:
    case PkFamily::kFfdh:
    case PkFamily::kKem:
      break;
  }
  const bool agreement = family == PkFamily::kEcdh || family == PkFamily::kFfdh;
  const std::string kind = family == PkFamily::kKem ? "kem"
                           : agreement              ? "key_agreement"
                                                    : "signature";
  if (const AlgorithmInfo* info = key.empty() ? nullptr : FindSpecific(key)) {
    if (std::string(KindName(info->kind)) == kind) {
      return {std::string(info->name), kind, true};
    }
  }
  return {PkRowName(family, bits, curve_or_name), kind, false};
}

std::string EcCurveFromIndex(unsigned index, unsigned bits) {
  // apps/speed.c test_curves[] / ec_curves[]: the first six entries are the same in 1.0.2
  // through 3.x; later entries (binary, Brainpool) depend on the version and build options.
  constexpr std::array<std::pair<unsigned, std::string_view>, 6> kPrimeCurves = {{
      {160, "secp160r1"},
      {192, "nistp192"},
      {224, "nistp224"},
      {256, "nistp256"},
      {384, "nistp384"},
      {521, "nistp521"},
  }};
  if (index < kPrimeCurves.size() && kPrimeCurves[index].first == bits) {
    return std::string(kPrimeCurves[index].second);
  }
  if (bits == 253) {
    return "X25519";
  }
  if (bits == 448) {
    return "X448";
  }
  return fmt::format("curve #{}", index);
}

}  // namespace cryptobench::import
