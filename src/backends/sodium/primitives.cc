// Catalogue-to-libsodium mapping and the libsodium calls both the KATs and the timing use.
#include "backends/sodium/primitives.h"

#include <sodium.h>

#include <string_view>

namespace cryptobench::backends::sodium {
namespace {

const AeadFunctions kChaCha20Poly1305 = {
    crypto_aead_chacha20poly1305_ietf_KEYBYTES, crypto_aead_chacha20poly1305_ietf_NPUBBYTES,
    crypto_aead_chacha20poly1305_ietf_ABYTES, &crypto_aead_chacha20poly1305_ietf_encrypt_detached,
    &crypto_aead_chacha20poly1305_ietf_decrypt_detached};
const AeadFunctions kXChaCha20Poly1305 = {
    crypto_aead_xchacha20poly1305_ietf_KEYBYTES, crypto_aead_xchacha20poly1305_ietf_NPUBBYTES,
    crypto_aead_xchacha20poly1305_ietf_ABYTES, &crypto_aead_xchacha20poly1305_ietf_encrypt_detached,
    &crypto_aead_xchacha20poly1305_ietf_decrypt_detached};
const AeadFunctions kAes256Gcm = {
    crypto_aead_aes256gcm_KEYBYTES, crypto_aead_aes256gcm_NPUBBYTES, crypto_aead_aes256gcm_ABYTES,
    &crypto_aead_aes256gcm_encrypt_detached, &crypto_aead_aes256gcm_decrypt_detached};

struct NamedPrimitive {
  std::string_view name;
  AlgorithmKind kind;
  Primitive primitive;
};

constexpr NamedPrimitive kPrimitives[] = {
    {"ChaCha20", AlgorithmKind::kCipher, Primitive::kChaCha20},
    {"ChaCha20-Poly1305", AlgorithmKind::kAead, Primitive::kChaCha20Poly1305},
    {"XChaCha20-Poly1305", AlgorithmKind::kAead, Primitive::kXChaCha20Poly1305},
    {"AES-256-GCM", AlgorithmKind::kAead, Primitive::kAes256Gcm},
    {"SHA-256", AlgorithmKind::kHash, Primitive::kSha256},
    {"SHA-512", AlgorithmKind::kHash, Primitive::kSha512},
    {"BLAKE2b-512", AlgorithmKind::kHash, Primitive::kBlake2b512},
    {"HMAC-SHA256", AlgorithmKind::kMac, Primitive::kHmacSha256},
    {"Poly1305", AlgorithmKind::kMac, Primitive::kPoly1305},
    {"Ed25519", AlgorithmKind::kSignature, Primitive::kEd25519},
    {"X25519", AlgorithmKind::kKeyAgreement, Primitive::kX25519},
};

unsigned long long Len(std::span<const uint8_t> bytes) {
  return static_cast<unsigned long long>(bytes.size());
}

}  // namespace

Primitive PrimitiveOf(const AlgorithmInfo& alg) {
  for (const NamedPrimitive& entry : kPrimitives) {
    if (entry.name == alg.name && entry.kind == alg.kind) {
      return entry.primitive;
    }
  }
  return Primitive::kNone;
}

const AeadFunctions* AeadFunctionsFor(Primitive primitive) {
  switch (primitive) {
    case Primitive::kChaCha20Poly1305:
      return &kChaCha20Poly1305;
    case Primitive::kXChaCha20Poly1305:
      return &kXChaCha20Poly1305;
    case Primitive::kAes256Gcm:
      return &kAes256Gcm;
    default:
      return nullptr;
  }
}

size_t DigestLength(Primitive primitive) {
  switch (primitive) {
    case Primitive::kSha256:
      return crypto_hash_sha256_BYTES;
    case Primitive::kSha512:
      return crypto_hash_sha512_BYTES;
    case Primitive::kBlake2b512:
      return crypto_generichash_blake2b_BYTES_MAX;
    default:
      return 0;
  }
}

std::string HashPieces(Primitive primitive, std::initializer_list<std::span<const uint8_t>> pieces,
                       std::vector<uint8_t>* digest) {
  digest->assign(DigestLength(primitive), 0);
  switch (primitive) {
    case Primitive::kSha256: {
      crypto_hash_sha256_state state;
      crypto_hash_sha256_init(&state);
      for (std::span<const uint8_t> piece : pieces) {
        crypto_hash_sha256_update(&state, DataOrEmpty(piece), Len(piece));
      }
      crypto_hash_sha256_final(&state, digest->data());
      return "";
    }
    case Primitive::kSha512: {
      crypto_hash_sha512_state state;
      crypto_hash_sha512_init(&state);
      for (std::span<const uint8_t> piece : pieces) {
        crypto_hash_sha512_update(&state, DataOrEmpty(piece), Len(piece));
      }
      crypto_hash_sha512_final(&state, digest->data());
      return "";
    }
    case Primitive::kBlake2b512: {
      crypto_generichash_blake2b_state state;
      if (crypto_generichash_blake2b_init(&state, nullptr, 0, digest->size()) != 0) {
        return "crypto_generichash_blake2b_init failed";
      }
      for (std::span<const uint8_t> piece : pieces) {
        crypto_generichash_blake2b_update(&state, DataOrEmpty(piece), Len(piece));
      }
      if (crypto_generichash_blake2b_final(&state, digest->data(), digest->size()) != 0) {
        return "crypto_generichash_blake2b_final failed";
      }
      return "";
    }
    default:
      return "not a libsodium hash";
  }
}

std::string CheckAeadShape(const AeadFunctions& aead, size_t key_len, size_t nonce_len,
                           size_t tag_len) {
  if (key_len != aead.key_len) {
    return "key is " + std::to_string(key_len) + " bytes, libsodium takes " +
           std::to_string(aead.key_len);
  }
  if (nonce_len != aead.nonce_len) {
    return "nonce is " + std::to_string(nonce_len) + " bytes, libsodium takes " +
           std::to_string(aead.nonce_len);
  }
  if (tag_len != aead.tag_len) {
    return "tag of " + std::to_string(tag_len) + " bytes requested, libsodium emits " +
           std::to_string(aead.tag_len);
  }
  return "";
}

const unsigned char* DataOrEmpty(std::span<const uint8_t> bytes) {
  static const unsigned char kEmpty = 0;
  return bytes.empty() ? &kEmpty : bytes.data();
}

}  // namespace cryptobench::backends::sodium
