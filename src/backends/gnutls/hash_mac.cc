// Hashes through gnutls_hash_* and MACs (HMAC, CMAC) through gnutls_hmac_* (gnutls/crypto.h).
#include <vector>

#include "backends/common/buffers.h"
#include "backends/common/hash_mac_adapter.h"
#include "backends/gnutls/gnutls_internal.h"

namespace cryptobench::backends::gnutls {
namespace {

// The engine (hash_mac_adapter.h): one update over the message, then output, on a handle made
// once. gnutls_hash_output / gnutls_hmac_output reset the handle (the MAC keeps its key), so the
// next message starts fresh.
class HashOrMacEngine {
 public:
  // Takes ownership of the handle that is not null.
  HashOrMacEngine(gnutls_hash_hd_t hash, gnutls_hmac_hd_t hmac, size_t out_len)
      : hash_(hash), hmac_(hmac), out_len_(out_len) {}
  ~HashOrMacEngine() {
    if (hash_ != nullptr) {
      gnutls_hash_deinit(hash_, nullptr);
    }
    if (hmac_ != nullptr) {
      gnutls_hmac_deinit(hmac_, nullptr);
    }
  }
  HashOrMacEngine(const HashOrMacEngine&) = delete;
  HashOrMacEngine& operator=(const HashOrMacEngine&) = delete;

  size_t output_len() const { return out_len_; }

  bool Compute(const uint8_t* in, size_t len, uint8_t* out, std::string* error) {
    if (hash_ != nullptr) {
      if (const int rc = gnutls_hash(hash_, in, len); rc < 0) {
        *error = CallError("gnutls_hash", rc);
        return false;
      }
      gnutls_hash_output(hash_, out);
    } else {
      if (const int rc = gnutls_hmac(hmac_, in, len); rc < 0) {
        *error = CallError("gnutls_hmac", rc);
        return false;
      }
      gnutls_hmac_output(hmac_, out);
    }
    return true;
  }

 private:
  gnutls_hash_hd_t hash_;
  gnutls_hmac_hd_t hmac_;
  size_t out_len_;
};

// The factory of HashOrMacEngine for `alg`, whose GnuTLS ids exist.
std::unique_ptr<HashOrMacEngine> NewEngine(const AlgorithmInfo& alg, std::span<const uint8_t> key,
                                           std::string* error) {
  const GnutlsIds ids = IdsFor(alg);
  const bool hash = alg.kind == AlgorithmKind::kHash;
  gnutls_hash_hd_t hash_handle = nullptr;
  gnutls_hmac_hd_t hmac_handle = nullptr;
  const int rc = hash ? gnutls_hash_init(&hash_handle, ids.digest)
                      : gnutls_hmac_init(&hmac_handle, ids.mac, key.data(), key.size());
  if (rc < 0) {
    *error = CallError(hash ? "gnutls_hash_init" : "gnutls_hmac_init", rc);
    return nullptr;
  }
  return std::make_unique<HashOrMacEngine>(
      hash_handle, hmac_handle,
      hash ? gnutls_hash_get_len(ids.digest) : gnutls_hmac_get_len(ids.mac));
}

// CMAC takes exactly the block cipher's key; HMAC any length.
std::string CheckMacKey(const AlgorithmInfo& alg, size_t key_len) {
  if (alg.mode == AlgorithmMode::kCmac && key_len != alg.key_len) {
    return "key is " + std::to_string(key_len) + " bytes, " + std::string(alg.name) + " needs " +
           std::to_string(alg.key_len);
  }
  return "";
}

// The digest of `message` hashed in two pieces with a fresh handle: a second path to compare
// the timed output with.
std::string HashInPieces(const AlgorithmInfo& alg, const Bytes& message, Bytes* digest) {
  const gnutls_digest_algorithm_t id = IdsFor(alg).digest;
  gnutls_hash_hd_t handle = nullptr;
  if (const int rc = gnutls_hash_init(&handle, id); rc < 0) {
    return CallError("gnutls_hash_init", rc);
  }
  const size_t half = message.size() / 2;
  int rc = gnutls_hash(handle, message.data(), half);
  if (rc >= 0) {
    rc = gnutls_hash(handle, message.data() + half, message.size() - half);
  }
  digest->assign(gnutls_hash_get_len(id), 0);
  gnutls_hash_deinit(handle, digest->data());
  return rc < 0 ? CallError("gnutls_hash", rc) : "";
}

}  // namespace

bool HashOrMacSupported(const AlgorithmInfo& alg) {
  const GnutlsIds ids = IdsFor(alg);
  switch (alg.kind) {
    case AlgorithmKind::kHash: {
      gnutls_hash_hd_t handle = nullptr;
      if (ids.digest == GNUTLS_DIG_UNKNOWN || gnutls_hash_init(&handle, ids.digest) < 0) {
        return false;
      }
      gnutls_hash_deinit(handle, nullptr);
      return true;
    }
    case AlgorithmKind::kMac: {
      gnutls_hmac_hd_t handle = nullptr;
      const Bytes key = PatternBytes(alg.key_len, kKeySeed);
      if (ids.mac == GNUTLS_MAC_UNKNOWN ||
          gnutls_hmac_init(&handle, ids.mac, key.data(), key.size()) < 0) {
        return false;
      }
      gnutls_hmac_deinit(handle, nullptr);
      return true;
    }
    default:
      break;
  }
  return false;
}

namespace {

std::string HashOneShot(const AlgorithmInfo& alg, const Bytes& message, Bytes* digest) {
  const gnutls_digest_algorithm_t id = IdsFor(alg).digest;
  if (alg.kind != AlgorithmKind::kHash || id == GNUTLS_DIG_UNKNOWN) {
    return kNotOffered;
  }
  digest->assign(gnutls_hash_get_len(id), 0);
  const uint8_t empty = 0;
  if (const int rc = gnutls_hash_fast(id, message.empty() ? &empty : message.data(), message.size(),
                                      digest->data());
      rc < 0) {
    return CallError("gnutls_hash_fast", rc);
  }
  return "";
}

std::string MacOneShot(const AlgorithmInfo& alg, const Bytes& key, const Bytes& message,
                       Bytes* tag) {
  const gnutls_mac_algorithm_t id = IdsFor(alg).mac;
  if (alg.kind != AlgorithmKind::kMac || id == GNUTLS_MAC_UNKNOWN) {
    return kNotOffered;
  }
  if (std::string bad = CheckMacKey(alg, key.size()); !bad.empty()) {
    return bad;
  }
  tag->assign(gnutls_hmac_get_len(id), 0);
  const uint8_t empty = 0;
  if (const int rc =
          gnutls_hmac_fast(id, key.empty() ? &empty : key.data(), key.size(),
                           message.empty() ? &empty : message.data(), message.size(), tag->data());
      rc < 0) {
    return CallError("gnutls_hmac_fast", rc);
  }
  return "";
}

}  // namespace

std::unique_ptr<PreparedOperation> PrepareHashOrMac(const AlgorithmInfo& alg, Operation op,
                                                    size_t input_len, PrepareFailure* failure,
                                                    std::string* error) {
  const GnutlsIds ids = IdsFor(alg);
  const bool hash = alg.kind == AlgorithmKind::kHash;
  if (op != (hash ? Operation::kHash : Operation::kMac)) {
    return PrepareNoSuchOperation(alg, op, failure, error);
  }
  if (hash ? ids.digest == GNUTLS_DIG_UNKNOWN : ids.mac == GNUTLS_MAC_UNKNOWN) {
    return PrepareFailed(PrepareFailure::kLibraryError, "GnuTLS offers no " + std::string(alg.name),
                         failure, error);
  }
  return PrepareHashOrMacWith<HashOrMacEngine>(&NewEngine, &HashInPieces, &MacOneShot, alg,
                                               input_len, failure, error);
}

OneShotFunctions HashAndMacOneShots() { return {.hash = &HashOneShot, .mac = &MacOneShot}; }

}  // namespace cryptobench::backends::gnutls
