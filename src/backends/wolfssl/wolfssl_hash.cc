// Hashes of the wolfSSL backend (wolfssl_hash.h).
#include "backends/wolfssl/wolfssl_hash.h"

#include <span>
#include <string_view>
#include <utility>

#include <wolfssl/options.h>
#include <wolfssl/wolfcrypt/blake2.h>
#include <wolfssl/wolfcrypt/hash.h>

#include "backends/common/buffers.h"
#include "backends/common/hash_mac_adapter.h"
#include "backends/wolfssl/wolfssl_util.h"

namespace cryptobench::backends::wolfssl {
namespace {

struct HashType {
  std::string_view name;
  enum wc_HashType type;
};

// Hashes through the generic wc_Hash* calls (wolfCrypt's BLAKE2b is not among them).
constexpr HashType kHashTypes[] = {
    {"MD5", WC_HASH_TYPE_MD5},           {"SHA-1", WC_HASH_TYPE_SHA},
    {"SHA-224", WC_HASH_TYPE_SHA224},    {"SHA-256", WC_HASH_TYPE_SHA256},
    {"SHA-384", WC_HASH_TYPE_SHA384},    {"SHA-512", WC_HASH_TYPE_SHA512},
    {"SHA3-256", WC_HASH_TYPE_SHA3_256},
};

bool IsBlake2b512(const AlgorithmInfo& alg) {
  return alg.kind == AlgorithmKind::kHash && alg.name == "BLAKE2b-512";
}

// The generic hash type of `alg`; WC_HASH_TYPE_NONE if none (or not in this build).
enum wc_HashType HashTypeOf(const AlgorithmInfo& alg) {
  if (alg.kind == AlgorithmKind::kHash) {
    for (const HashType& entry : kHashTypes) {
      if (entry.name == alg.name && wc_HashGetDigestSize(entry.type) > 0) {
        return entry.type;
      }
    }
  }
  return WC_HASH_TYPE_NONE;
}

// One hash context, the hash engine (hash_mac_adapter.h); Digest() hashes one message and leaves
// the context ready for the next.
class HashContext {
 public:
  explicit HashContext(const AlgorithmInfo& alg) : type_(HashTypeOf(alg)) {}
  ~HashContext() {
    if (initialised_) {
      wc_HashFree(&hash_, type_);
    }
  }
  HashContext(const HashContext&) = delete;
  HashContext& operator=(const HashContext&) = delete;

  bool Init(const AlgorithmInfo& alg, std::string* error) {
    if (blake2b_) {
      return true;
    }
    if (type_ == WC_HASH_TYPE_NONE) {
      *error = "wolfSSL has no hash " + std::string(alg.name);
      return false;
    }
    if (int ret = wc_HashInit(&hash_, type_); ret != 0) {
      *error = WolfError("wc_HashInit", ret);
      return false;
    }
    initialised_ = true;
    return true;
  }

  size_t output_len() const {
    return blake2b_ ? 64 : static_cast<size_t>(wc_HashGetDigestSize(type_));
  }

  bool Compute(const uint8_t* in, size_t len, uint8_t* out, std::string* error) {
    return Digest({std::span<const uint8_t>(in, len)}, out, error);
  }

  // Hashes `pieces` in order into `out` (output_len() bytes).
  bool Digest(std::initializer_list<std::span<const uint8_t>> pieces, uint8_t* out,
              std::string* error) {
    if (blake2b_) {
      if (int ret = wc_InitBlake2b(&blake2b_state_, 64); ret != 0) {
        *error = WolfError("wc_InitBlake2b", ret);
        return false;
      }
      for (std::span<const uint8_t> piece : pieces) {
        if (int ret = wc_Blake2bUpdate(&blake2b_state_, NonNullData(piece), Len32(piece.size()));
            ret != 0) {
          *error = WolfError("wc_Blake2bUpdate", ret);
          return false;
        }
      }
      if (int ret = wc_Blake2bFinal(&blake2b_state_, out, 64); ret != 0) {
        *error = WolfError("wc_Blake2bFinal", ret);
        return false;
      }
      return true;
    }
    for (std::span<const uint8_t> piece : pieces) {
      if (int ret = wc_HashUpdate(&hash_, type_, NonNullData(piece), Len32(piece.size()));
          ret != 0) {
        *error = WolfError("wc_HashUpdate", ret);
        return false;
      }
    }
    // wc_HashFinal also re-initialises the context (wolfCrypt's SHA-1/2/3 and MD5 Final).
    if (int ret = wc_HashFinal(&hash_, type_, out); ret != 0) {
      *error = WolfError("wc_HashFinal", ret);
      return false;
    }
    return true;
  }

  void set_blake2b() { blake2b_ = true; }

 private:
  enum wc_HashType type_;
  wc_HashAlg hash_;
  bool initialised_ = false;
  bool blake2b_ = false;
  Blake2b blake2b_state_;
};

std::unique_ptr<HashContext> NewHash(const AlgorithmInfo& alg, std::span<const uint8_t> /*key*/,
                                     std::string* error) {
  auto hash = std::make_unique<HashContext>(alg);
  if (IsBlake2b512(alg)) {
#ifdef HAVE_BLAKE2B
    hash->set_blake2b();
#else
    *error = "wolfSSL was built without BLAKE2b";
    return nullptr;
#endif
  }
  return hash->Init(alg, error) ? std::move(hash) : nullptr;
}

// The reference of the hash prepare step: a fresh context fed the message in two pieces.
std::string HashInTwoPieces(const AlgorithmInfo& alg, const Bytes& message, Bytes* out) {
  std::string text;
  std::unique_ptr<HashContext> fresh = NewHash(alg, {}, &text);
  if (!fresh) {
    return text;
  }
  const std::span<const uint8_t> whole(message);
  out->assign(fresh->output_len(), 0);
  fresh->Digest({whole.first(message.size() / 2), whole.subspan(message.size() / 2)}, out->data(),
                &text);
  return text;
}

}  // namespace

bool HashSupported(const AlgorithmInfo& alg) {
  std::string ignored;
  return alg.kind == AlgorithmKind::kHash && NewHash(alg, {}, &ignored) != nullptr;
}

HashMacEntries HashBinding() {
  return BindHash<HashContext, &NewHash, &HashInTwoPieces, &NoSuchOperation>();
}

}  // namespace cryptobench::backends::wolfssl
