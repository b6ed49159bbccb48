// Hashes through gnutls_hash_* and MACs (HMAC, CMAC) through gnutls_hmac_* (gnutls/crypto.h).
#include <vector>

#include "backends/common/buffers.h"
#include "backends/gnutls/gnutls_internal.h"

namespace cryptobench::backends::gnutls {
namespace {

// Larger than any digest or MAC output here (SHA-512: 64 bytes).
constexpr size_t kMaxOutputLen = 64;

// The timed hash or MAC: one update over the input, then output, on a handle made once.
// gnutls_hash_output / gnutls_hmac_output reset the handle (the MAC keeps its key), so the
// next iteration starts a fresh message.
class HashOrMacOperation : public PreparedOperation {
 public:
  HashOrMacOperation(gnutls_hash_hd_t hash, gnutls_hmac_hd_t hmac, size_t out_len, Bytes input)
      : hash_(hash), hmac_(hmac), out_len_(out_len), in_(input.size()) {
    std::copy(input.begin(), input.end(), in_.data());
  }
  ~HashOrMacOperation() override {
    if (hash_ != nullptr) {
      gnutls_hash_deinit(hash_, nullptr);
    }
    if (hmac_ != nullptr) {
      gnutls_hmac_deinit(hmac_, nullptr);
    }
  }
  HashOrMacOperation(const HashOrMacOperation&) = delete;
  HashOrMacOperation& operator=(const HashOrMacOperation&) = delete;

  bool Run(uint64_t iterations) override {
    for (uint64_t i = 0; i < iterations; ++i) {
      if (hash_ != nullptr) {
        if (const int rc = gnutls_hash(hash_, in_.data(), in_.size()); rc < 0) {
          error_ = CallError("gnutls_hash", rc);
          return false;
        }
        gnutls_hash_output(hash_, out_.data());
      } else {
        if (const int rc = gnutls_hmac(hmac_, in_.data(), in_.size()); rc < 0) {
          error_ = CallError("gnutls_hmac", rc);
          return false;
        }
        gnutls_hmac_output(hmac_, out_.data());
      }
    }
    return true;
  }

  Bytes output() const { return Bytes(out_.data(), out_.data() + out_len_); }

 private:
  gnutls_hash_hd_t hash_;
  gnutls_hmac_hd_t hmac_;
  size_t out_len_;
  AlignedBuffer in_;
  AlignedBuffer out_{kMaxOutputLen};
};

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
std::string HashInPieces(gnutls_digest_algorithm_t id, const Bytes& message, Bytes* digest) {
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

std::string GnutlsTarget::Hash(const AlgorithmInfo& alg, const Bytes& message, Bytes* digest) {
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

std::string GnutlsTarget::Mac(const AlgorithmInfo& alg, const Bytes& key, const Bytes& message,
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

std::unique_ptr<PreparedOperation> PrepareHashOrMac(GnutlsTarget& target, const AlgorithmInfo& alg,
                                                    Operation op, size_t input_len,
                                                    PrepareFailure* failure, std::string* error) {
  const GnutlsIds ids = IdsFor(alg);
  const bool hash = alg.kind == AlgorithmKind::kHash;
  if (op != (hash ? Operation::kHash : Operation::kMac)) {
    return PrepareFailed(
        PrepareFailure::kLibraryError,
        std::string(alg.name) + " has no " + std::string(OperationName(op)) + " operation", failure,
        error);
  }
  if (hash ? ids.digest == GNUTLS_DIG_UNKNOWN : ids.mac == GNUTLS_MAC_UNKNOWN) {
    return PrepareFailed(PrepareFailure::kLibraryError, "GnuTLS offers no " + std::string(alg.name),
                         failure, error);
  }
  const Bytes message = PatternBytes(input_len, kMessageSeed);
  const Bytes key = PatternBytes(alg.key_len, kKeySeed);
  gnutls_hash_hd_t hash_handle = nullptr;
  gnutls_hmac_hd_t hmac_handle = nullptr;
  const int rc = hash ? gnutls_hash_init(&hash_handle, ids.digest)
                      : gnutls_hmac_init(&hmac_handle, ids.mac, key.data(), key.size());
  if (rc < 0) {
    return PrepareFailed(PrepareFailure::kLibraryError,
                         CallError(hash ? "gnutls_hash_init" : "gnutls_hmac_init", rc), failure,
                         error);
  }
  const size_t out_len = hash ? gnutls_hash_get_len(ids.digest) : gnutls_hmac_get_len(ids.mac);
  auto prepared = std::make_unique<HashOrMacOperation>(hash_handle, hmac_handle, out_len, message);
  // Two runs: the second proves the handle restarts cleanly after an output.
  if (!prepared->Run(2)) {
    return PrepareFailed(PrepareFailure::kLibraryError, prepared->error(), failure, error);
  }
  Bytes out = prepared->output();
  CorruptIfTesting(out);
  Bytes reference;
  const std::string message_error = hash ? HashInPieces(ids.digest, message, &reference)
                                         : target.Mac(alg, key, message, &reference);
  if (!message_error.empty()) {
    return PrepareFailed(PrepareFailure::kLibraryError, message_error, failure, error);
  }
  std::string diff = CompareBytes(hash ? "digest" : "tag", out, reference);
  if (diff.empty() && out.size() != alg.tag_len) {
    diff = "output is " + std::to_string(out.size()) + " bytes, expected " +
           std::to_string(alg.tag_len);
  }
  if (!diff.empty()) {
    return PrepareFailed(
        PrepareFailure::kCheckFailed,
        std::string(alg.name) + " at " + std::to_string(input_len) + " bytes: " + diff, failure,
        error);
  }
  return prepared;
}

}  // namespace cryptobench::backends::gnutls
