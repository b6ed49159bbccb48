// KatTarget over libsodium.
#include "backends/sodium/one_shot.h"

#include <sodium.h>

#include <cstdint>
#include <string>

#include "backends/sodium/primitives.h"
#include "backends/sodium/public_key.h"
#include "core/hex.h"

namespace cryptobench::backends::sodium {
namespace {

unsigned long long Len(const Bytes& bytes) { return static_cast<unsigned long long>(bytes.size()); }

// ChaCha20 as the catalogue keys it (OpenSSL's layout): a 16-byte IV holding the 32-bit block
// counter (little-endian) and the 96-bit IETF nonce (RFC 8439 2.3).
std::string ChaCha20(const Bytes& key, const Bytes& iv, const Bytes& input, Bytes* output) {
  if (key.size() != crypto_stream_chacha20_ietf_KEYBYTES || iv.size() != 16) {
    return "ChaCha20 takes a 32-byte key and a 16-byte IV (counter || nonce)";
  }
  const uint32_t counter = static_cast<uint32_t>(iv[0]) | static_cast<uint32_t>(iv[1]) << 8 |
                           static_cast<uint32_t>(iv[2]) << 16 | static_cast<uint32_t>(iv[3]) << 24;
  // libsodium refuses (sodium_misuse) a keystream that would run past counter 2^32 - 1, where
  // OpenSSL carries into the nonce; report it instead of aborting.
  const uint64_t blocks = (static_cast<uint64_t>(input.size()) + 63) / 64;
  if (counter + blocks > (uint64_t{1} << 32)) {
    return "the 32-bit block counter would wrap, which libsodium refuses";
  }
  output->assign(input.size(), 0);
  if (crypto_stream_chacha20_ietf_xor_ic(output->data(), DataOrEmpty(input), Len(input),
                                         iv.data() + 4, counter, key.data()) != 0) {
    return "crypto_stream_chacha20_ietf_xor_ic failed";
  }
  return "";
}

class OneShotTarget : public KatTarget {
 public:
  std::string Cipher(const AlgorithmInfo& alg, bool decrypt, const Bytes& key, const Bytes& iv,
                     const Bytes& input, Bytes* output) override {
    (void)decrypt;  // a stream cipher: decryption is the same XOR
    if (PrimitiveOf(alg) != Primitive::kChaCha20) {
      return kNotOffered;
    }
    return ChaCha20(key, iv, input, output);
  }

  std::string Seal(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce, const Bytes& aad,
                   const Bytes& plaintext, size_t tag_len, Bytes* ciphertext, Bytes* tag) override {
    const AeadFunctions* aead = Usable(alg);
    if (aead == nullptr) {
      return UnusableReason(alg);
    }
    if (std::string bad = CheckAeadShape(*aead, key.size(), nonce.size(), tag_len); !bad.empty()) {
      return bad;
    }
    ciphertext->assign(plaintext.size(), 0);
    tag->assign(aead->tag_len, 0);
    unsigned long long written_tag_len = 0;
    if (aead->encrypt(ciphertext->data(), tag->data(), &written_tag_len, DataOrEmpty(plaintext),
                      Len(plaintext), DataOrEmpty(aad), Len(aad), nullptr, nonce.data(),
                      key.data()) != 0) {
      return "encrypt_detached failed";
    }
    tag->resize(static_cast<size_t>(written_tag_len));
    return "";
  }

  std::string Open(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce, const Bytes& aad,
                   const Bytes& ciphertext, const Bytes& tag, Bytes* plaintext,
                   bool* authentic) override {
    *authentic = false;
    const AeadFunctions* aead = Usable(alg);
    if (aead == nullptr) {
      return UnusableReason(alg);
    }
    if (std::string bad = CheckAeadShape(*aead, key.size(), nonce.size(), tag.size());
        !bad.empty()) {
      return bad;
    }
    plaintext->assign(ciphertext.size(), 0);
    // decrypt_detached returns -1 exactly when the tag does not verify (it writes nothing then).
    *authentic =
        aead->decrypt(plaintext->data(), nullptr, DataOrEmpty(ciphertext), Len(ciphertext),
                      tag.data(), DataOrEmpty(aad), Len(aad), nonce.data(), key.data()) == 0;
    return "";
  }

  std::string Hash(const AlgorithmInfo& alg, const Bytes& message, Bytes* digest) override {
    const Primitive primitive = PrimitiveOf(alg);
    digest->assign(DigestLength(primitive), 0);
    switch (primitive) {
      case Primitive::kSha256:
        crypto_hash_sha256(digest->data(), DataOrEmpty(message), Len(message));
        return "";
      case Primitive::kSha512:
        crypto_hash_sha512(digest->data(), DataOrEmpty(message), Len(message));
        return "";
      case Primitive::kBlake2b512:
        return crypto_generichash_blake2b(digest->data(), digest->size(), DataOrEmpty(message),
                                          Len(message), nullptr, 0) == 0
                   ? ""
                   : "crypto_generichash_blake2b failed";
      default:
        return kNotOffered;
    }
  }

  std::string Mac(const AlgorithmInfo& alg, const Bytes& key, const Bytes& message,
                  Bytes* tag) override {
    switch (PrimitiveOf(alg)) {
      case Primitive::kHmacSha256: {
        crypto_auth_hmacsha256_state state;
        tag->assign(crypto_auth_hmacsha256_BYTES, 0);
        crypto_auth_hmacsha256_init(&state, DataOrEmpty(key), key.size());
        crypto_auth_hmacsha256_update(&state, DataOrEmpty(message), Len(message));
        crypto_auth_hmacsha256_final(&state, tag->data());
        sodium_memzero(&state, sizeof state);
        return "";
      }
      case Primitive::kPoly1305:
        if (key.size() != crypto_onetimeauth_poly1305_KEYBYTES) {
          return "Poly1305 takes a 32-byte one-time key";
        }
        tag->assign(crypto_onetimeauth_poly1305_BYTES, 0);
        crypto_onetimeauth_poly1305(tag->data(), DataOrEmpty(message), Len(message), key.data());
        return "";
      default:
        return kNotOffered;
    }
  }

  std::string Verify(const AlgorithmInfo& alg, const KatVector& vector, bool tamper,
                     bool* valid) override {
    *valid = false;
    if (PrimitiveOf(alg) != Primitive::kEd25519) {
      return kNotOffered;
    }
    const Bytes public_key = HexDecode(vector.public_key);
    const Bytes signature = HexDecode(vector.output);
    Bytes message = HexDecode(vector.input);
    if (public_key.size() != crypto_sign_ed25519_PUBLICKEYBYTES ||
        signature.size() != crypto_sign_ed25519_BYTES) {
      return "Ed25519 takes a 32-byte public key and a 64-byte signature";
    }
    if (tamper) {
      if (message.empty()) {
        message.push_back(0x00);
      } else {
        message[0] ^= 0x01;
      }
    }
    *valid = crypto_sign_ed25519_verify_detached(signature.data(), DataOrEmpty(message),
                                                 Len(message), public_key.data()) == 0;
    return "";
  }

  std::string Sign(const AlgorithmInfo& alg, const KatVector& vector, Bytes* signature) override {
    if (PrimitiveOf(alg) != Primitive::kEd25519) {
      return kNotOffered;
    }
    const Bytes seed = HexDecode(vector.private_key);
    const Bytes message = HexDecode(vector.input);
    if (seed.size() != crypto_sign_ed25519_SEEDBYTES) {
      return "Ed25519 takes a 32-byte private key (seed)";
    }
    unsigned char public_key[crypto_sign_ed25519_PUBLICKEYBYTES];
    unsigned char secret_key[crypto_sign_ed25519_SECRETKEYBYTES];
    crypto_sign_ed25519_seed_keypair(public_key, secret_key, seed.data());
    signature->assign(crypto_sign_ed25519_BYTES, 0);
    const int status = crypto_sign_ed25519_detached(signature->data(), nullptr,
                                                    DataOrEmpty(message), Len(message), secret_key);
    sodium_memzero(secret_key, sizeof secret_key);
    return status == 0 ? "" : "crypto_sign_ed25519_detached failed";
  }

  std::string SignRoundTrip(const AlgorithmInfo& alg) override {
    if (PrimitiveOf(alg) != Primitive::kEd25519) {
      return kNotOffered;
    }
    return Ed25519RoundTrip();
  }

  std::string Derive(const AlgorithmInfo& alg, const KatVector& vector, Bytes* secret) override {
    if (PrimitiveOf(alg) != Primitive::kX25519) {
      return kNotOffered;
    }
    const Bytes scalar = HexDecode(vector.private_key);
    const Bytes peer = HexDecode(vector.public_key);
    if (scalar.size() != crypto_scalarmult_curve25519_SCALARBYTES ||
        peer.size() != crypto_scalarmult_curve25519_BYTES) {
      return "X25519 takes a 32-byte private scalar and a 32-byte peer u-coordinate";
    }
    secret->assign(crypto_scalarmult_curve25519_BYTES, 0);
    // -1 means an all-zero result: the peer key is of low order (RFC 7748 6.1 allows the check).
    return crypto_scalarmult_curve25519(secret->data(), scalar.data(), peer.data()) == 0
               ? ""
               : "crypto_scalarmult_curve25519 rejected a low-order peer key";
  }

 private:
  // The AEAD table of `alg` when it can run on this CPU; nullptr otherwise.
  static const AeadFunctions* Usable(const AlgorithmInfo& alg) {
    const Primitive primitive = PrimitiveOf(alg);
    if (primitive == Primitive::kAes256Gcm && crypto_aead_aes256gcm_is_available() == 0) {
      return nullptr;
    }
    return AeadFunctionsFor(primitive);
  }

  static std::string UnusableReason(const AlgorithmInfo& alg) {
    return PrimitiveOf(alg) == Primitive::kAes256Gcm
               ? "crypto_aead_aes256gcm_is_available() is 0 on this CPU"
               : kNotOffered;
  }
};

}  // namespace

std::unique_ptr<KatTarget> MakeOneShotTarget() { return std::make_unique<OneShotTarget>(); }

}  // namespace cryptobench::backends::sodium
