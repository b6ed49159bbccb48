// Name mapping for imported output of bssl, botan and cryptsetup.
#include "import/foreign_names.h"

#include <initializer_list>

#include "algorithms/catalog.h"

#include "import/parse_util.h"

namespace cryptobench::import {
namespace {

bool Contains(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}

bool StartsWithAny(std::string_view text, std::initializer_list<std::string_view> prefixes) {
  for (std::string_view prefix : prefixes) {
    if (text.substr(0, prefix.size()) == prefix) {
      return true;
    }
  }
  return false;
}

bool ContainsAny(std::string_view text, std::initializer_list<std::string_view> parts) {
  for (std::string_view part : parts) {
    if (Contains(text, part)) {
      return true;
    }
  }
  return false;
}

bool IsAnyOf(std::string_view text, std::initializer_list<std::string_view> words) {
  for (std::string_view word : words) {
    if (text == word) {
      return true;
    }
  }
  return false;
}

}  // namespace

std::string NormaliseForeignName(std::string_view name) {
  std::string out;
  out.reserve(name.size());
  for (char c : name) {
    if (c == '-' || c == '_' || c == ' ' || c == '/' || c == '.' || c == '(' || c == ')') {
      continue;
    }
    out.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c);
  }
  return out;
}

NamedAlgorithm MapForeignName(std::string_view name, std::string_view fallback_kind) {
  const std::string key = NormaliseForeignName(name);
  if (!key.empty()) {
    for (const AlgorithmInfo& info : Catalog()) {
      if (NormaliseForeignName(info.name) == key) {
        return {std::string(info.name), std::string(KindName(info.kind)), true};
      }
    }
  }
  return {std::string(name), std::string(fallback_kind), false};
}

std::string InferForeignKind(std::string_view name, std::string_view operation) {
  const std::string lower = ToLower(name);
  const std::string op = ToLower(operation);
  if (IsAnyOf(op, {"sign", "verify", "verify_fresh_key", "verify_invalid"})) {
    return "signature";
  }
  if (op == "derive") {
    return "key_agreement";
  }
  if (IsAnyOf(op, {"encaps", "decaps", "keygen_decaps", "parse_encaps"}) ||
      ContainsAny(lower, {"ml-kem", "mlkem", "kyber", "hrss", "mceliece", "frodo"})) {
    return "kem";
  }
  // A DRBG (NIST SP 800-90A) generates random bytes, whatever primitive it is built on:
  // mbedTLS's "CTR_DRBG (NOPR)" and "HMAC_DRBG SHA-256 (PR)", wolfCrypt's Hash_DRBG; HAVEGE is
  // mbedTLS's entropy-gathering generator (programs/test/benchmark.c, "HAVEGE").
  if (ContainsAny(lower, {"drbg", "havege"})) {
    return "rng";
  }
  if (StartsWithAny(lower, {"dh-", "dh ", "ecdh", "x25519", "x448", "curve25519", "ffdh"})) {
    return "key_agreement";
  }
  if (StartsWithAny(lower, {"rsa", "dsa", "ecdsa", "ed25519", "ed448", "sm2", "ml-dsa", "mldsa",
                            "slh-dsa", "slhdsa", "xmss", "eckcdsa", "ecgdsa", "gost-34.10"})) {
    return "signature";
  }
  if (ContainsAny(lower, {"pbkdf", "scrypt", "argon2", "bcrypt", "hkdf"})) {
    return "kdf";
  }
  if (ContainsAny(lower, {"gcm", "ccm", "ocb", "siv", "eax", "chacha20poly1305",
                          "chacha20-poly1305", "cbc-sha"})) {
    return "aead";
  }
  // "AES-CMAC-128", "3DES-CMAC" (mbedTLS), "AES-128-GMAC": the MAC named after its cipher.
  if (StartsWithAny(lower, {"hmac", "cmac", "gmac", "kmac", "poly1305", "siphash", "sip"}) ||
      ContainsAny(lower, {"-cmac", "-gmac"}) || op == "mac") {
    return "mac";
  }
  if (StartsWithAny(lower, {"rng", "rand", "system_rng", "chacha_rng"}) || op == "generate") {
    return "rng";
  }
  if (StartsWithAny(lower, {"shacal"})) {
    return "cipher";  // the SHA-256 based block cipher, not a hash
  }
  if (StartsWithAny(lower, {"md4", "md5", "sha", "ripemd", "rmd", "whirlpool", "sm3", "blake2",
                            "shake", "keccak", "skein", "tiger", "streebog"}) ||
      op == "hash") {
    return "hash";
  }
  if (IsAnyOf(op, {"encrypt", "decrypt"}) ||
      StartsWithAny(lower,
                    {"aes", "chacha", "serpent", "twofish", "camellia", "des", "3des", "tripledes",
                     "blowfish", "cast", "idea", "salsa", "rc4", "sm4", "aria"})) {
    return "cipher";
  }
  return "other";
}

}  // namespace cryptobench::import
