// Name mapping for imported `openssl speed` output.
#include "import/speed_names.h"

#include <algorithm>
#include <array>
#include <utility>
#include <vector>

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
      return KemRowName(curve_or_name);
    case PkFamily::kSig:
      return std::string(curve_or_name);
  }
  return std::string(curve_or_name);
}

std::string KemRowName(std::string_view name) {
  const std::string lower = ToLower(name);
  // apps/speed.c picks the KEM mode by the name: sscanf "rsa%u" with nothing after the digits
  // is RSA (kem op "RSASVE"), "X25519" and "X448" are DHKEM over those curves.
  const bool rsa =
      lower.size() > 3 && lower.starts_with("rsa") &&
      std::all_of(lower.begin() + 3, lower.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (rsa) {
    return fmt::format("{} (RSASVE)", name);
  }
  if (lower == "x25519" || lower == "x448") {
    return fmt::format("{} (DHKEM)", name);
  }
  return std::string(name);
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
  // apps/speed.c's curve tables, whose index -mr prints ("+F4:INDEX:BITS:..." for ECDSA,
  // "+F5:INDEX:BITS:..." for ECDH):
  //  - 1.0.x (openssl/openssl 007eb90d5efacd780c4344adcd64ad4d474f69ab, test_curves[]): 0-5
  //    the prime curves, 6-10 nistk163..nistk571, 11-15 nistb163..nistb571, built with or
  //    without no-ec2m (the indices are #defines);
  //  - OpenSSL_1_1_0 and 1.1.1: the same 16, then R_EC_X25519 16 and (1.1.1) R_EC_X448 17;
  //  - openssl-3.0.0 and later: enum ec_curves_t, the prime curves, the Koblitz and binary
  //    ones only #ifndef OPENSSL_NO_EC2M, then brainpoolP256r1, P256t1, P384r1, P384t1,
  //    P512r1, P512t1 (16-21, or 6-11 in a no-ec2m build), then R_EC_X25519 = ECDSA_NUM and
  //    R_EC_X448 (22-23, or 12-13).
  // An index means a different curve in each layout, but no index has two curves of one size
  // across them, so the index and the size together name the curve.
  constexpr std::string_view kPrime[] = {"secp160r1", "nistp192", "nistp224",
                                         "nistp256",  "nistp384", "nistp521"};
  constexpr std::string_view kBinary[] = {"nistk163", "nistk233", "nistk283", "nistk409",
                                          "nistk571", "nistb163", "nistb233", "nistb283",
                                          "nistb409", "nistb571"};
  constexpr std::string_view kBrainpool[] = {"brainpoolP256r1", "brainpoolP256t1",
                                             "brainpoolP384r1", "brainpoolP384t1",
                                             "brainpoolP512r1", "brainpoolP512t1"};
  const auto layout = [&](bool binary, bool brainpool) {
    std::vector<std::string_view> names(std::begin(kPrime), std::end(kPrime));
    if (binary) {
      names.insert(names.end(), std::begin(kBinary), std::end(kBinary));
    }
    if (brainpool) {
      names.insert(names.end(), std::begin(kBrainpool), std::end(kBrainpool));
    }
    names.push_back("X25519");
    names.push_back("X448");
    return names;
  };
  const auto bits_of = [](std::string_view name) -> unsigned {
    if (name == "secp160r1") {
      return 160;
    }
    if (name == "X25519") {
      return 253;
    }
    if (name == "X448") {
      return 448;
    }
    // "nistp192", "nistk163", "brainpoolP256r1": the digits after the family's letters.
    const size_t digit = name.find_first_of("0123456789");
    unsigned value = 0;
    for (size_t i = digit; i < name.size() && name[i] >= '0' && name[i] <= '9'; ++i) {
      value = value * 10 + static_cast<unsigned>(name[i] - '0');
    }
    return value;
  };
  for (const auto& [binary, brainpool] :
       {std::pair{true, false}, std::pair{true, true}, std::pair{false, true}}) {
    const std::vector<std::string_view> names = layout(binary, brainpool);
    if (index < names.size() && bits_of(names[index]) == bits) {
      return std::string(names[index]);
    }
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
