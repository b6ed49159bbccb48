// Hashes through Nettle's hash table (nettle-meta.h: MD5, SHA-1, SHA-2, SHA3-256) and the MACs
// HMAC-SHA256 (hmac.h) and CMAC-AES-128 (cmac.h).
#include <vector>

#include <nettle/cmac.h>
#include <nettle/hmac.h>
#include <nettle/nettle-meta.h>

#include "backends/common/buffers.h"
#include "backends/common/hash_mac_adapter.h"
#include "backends/nettle/nettle_internal.h"

namespace cryptobench::backends::nettle {
namespace {

const nettle_hash* HashOf(const AlgorithmInfo& alg) {
  struct Entry {
    std::string_view name;
    const nettle_hash* hash;
  };
  static const Entry kTable[] = {
      {"MD5", &nettle_md5},           {"SHA-1", &nettle_sha1},     {"SHA-224", &nettle_sha224},
      {"SHA-256", &nettle_sha256},    {"SHA-384", &nettle_sha384}, {"SHA-512", &nettle_sha512},
      {"SHA3-256", &nettle_sha3_256},
  };
  if (alg.kind == AlgorithmKind::kHash) {
    for (const Entry& entry : kTable) {
      if (entry.name == alg.name) {
        return entry.hash;
      }
    }
  }
  return nullptr;
}

bool IsHmac(const AlgorithmInfo& alg) { return alg.name == "HMAC-SHA256"; }
bool IsCmac(const AlgorithmInfo& alg) { return alg.name == "CMAC-AES-128"; }

// One hash or keyed MAC context, the engine (hash_mac_adapter.h). Compute() processes one message;
// Nettle's digest functions reset the context (a MAC keeps its key), so the next call starts a
// fresh message.
class HashOrMac {
 public:
  // A hash context, or a MAC keyed with `key`; check ok() afterwards.
  HashOrMac(const AlgorithmInfo& alg, std::span<const uint8_t> key) : hash_(HashOf(alg)) {
    if (hash_ != nullptr) {
      context_.assign((hash_->context_size + 7) / 8, 0);
      hash_->init(context_.data());
      out_len_ = hash_->digest_size;
    } else if (IsHmac(alg)) {
      hmac_sha256_set_key(&hmac_, key.size(), key.data());
      out_len_ = SHA256_DIGEST_SIZE;
    } else if (IsCmac(alg) && key.size() == 16) {
      cmac_aes128_set_key(&cmac_, key.data());
      is_cmac_ = true;
      out_len_ = CMAC128_DIGEST_SIZE;
    }
  }

  bool ok() const { return out_len_ != 0; }
  size_t output_len() const { return out_len_; }

  bool Compute(const uint8_t* in, size_t len, uint8_t* out, std::string* /*error*/) {
    if (hash_ != nullptr) {
      hash_->update(context_.data(), len, in);
      hash_->digest(context_.data(), out_len_, out);
    } else if (is_cmac_) {
      cmac_aes128_update(&cmac_, len, in);
      cmac_aes128_digest(&cmac_, out_len_, out);
    } else {
      hmac_sha256_update(&hmac_, len, in);
      hmac_sha256_digest(&hmac_, out_len_, out);
    }
    return true;
  }

  // The same message fed in two pieces: a second path to compare the timed output with.
  void ComputeInPieces(const uint8_t* in, size_t len, uint8_t* out) {
    const size_t half = len / 2;
    if (hash_ != nullptr) {
      hash_->update(context_.data(), half, in);
      hash_->update(context_.data(), len - half, in + half);
      hash_->digest(context_.data(), out_len_, out);
    } else if (is_cmac_) {
      cmac_aes128_update(&cmac_, half, in);
      cmac_aes128_update(&cmac_, len - half, in + half);
      cmac_aes128_digest(&cmac_, out_len_, out);
    } else {
      hmac_sha256_update(&hmac_, half, in);
      hmac_sha256_update(&hmac_, len - half, in + half);
      hmac_sha256_digest(&hmac_, out_len_, out);
    }
  }

 private:
  const nettle_hash* hash_;
  std::vector<uint64_t> context_;  // the hash's context, 8-byte aligned
  hmac_sha256_ctx hmac_{};
  cmac_aes128_ctx cmac_{};
  bool is_cmac_ = false;
  size_t out_len_ = 0;
};

}  // namespace

bool HashOrMacSupported(const AlgorithmInfo& alg) {
  return HashOf(alg) != nullptr ||
         (alg.kind == AlgorithmKind::kMac && (IsHmac(alg) || IsCmac(alg)));
}

namespace {

std::string HashOneShot(const AlgorithmInfo& alg, const Bytes& message, Bytes* digest) {
  if (HashOf(alg) == nullptr) {
    return kNotOffered;
  }
  HashOrMac context(alg, {});
  digest->assign(context.output_len(), 0);
  context.Compute(message.data(), message.size(), digest->data(), nullptr);
  return "";
}

std::string MacOneShot(const AlgorithmInfo& alg, const Bytes& key, const Bytes& message,
                       Bytes* tag) {
  if (alg.kind != AlgorithmKind::kMac || !HashOrMacSupported(alg)) {
    return kNotOffered;
  }
  HashOrMac context(alg, key);
  if (!context.ok()) {
    return "key is " + std::to_string(key.size()) + " bytes, " + std::string(alg.name) + " needs " +
           std::to_string(alg.key_len);
  }
  tag->assign(context.output_len(), 0);
  context.Compute(message.data(), message.size(), tag->data(), nullptr);
  return "";
}

}  // namespace

std::unique_ptr<PreparedOperation> PrepareHashOrMac(const AlgorithmInfo& alg, Operation op,
                                                    size_t input_len, PrepareFailure* failure,
                                                    std::string* error) {
  const bool hash = alg.kind == AlgorithmKind::kHash;
  if (!HashOrMacSupported(alg) || op != (hash ? Operation::kHash : Operation::kMac)) {
    return PrepareOffersNo("Nettle", alg, op, failure, error);
  }
  auto make = [](const AlgorithmInfo& engine_alg, std::span<const uint8_t> key, std::string* text) {
    auto context = std::make_unique<HashOrMac>(engine_alg, key);
    if (!context->ok()) {
      *text = "Nettle refused the key of " + std::string(engine_alg.name);
      return std::unique_ptr<HashOrMac>();
    }
    return context;
  };
  // Reference: a fresh context fed the message in two pieces.
  auto reference = [&alg](const Bytes& key, const Bytes& message, Bytes* out) {
    HashOrMac context(alg, key);
    out->assign(context.output_len(), 0);
    context.ComputeInPieces(message.data(), message.size(), out->data());
    return std::string();
  };
  return PrepareHashMacWith<HashOrMac>(make, reference, alg, input_len, failure, error);
}

OneShotFunctions HashAndMacOneShots() { return {.hash = &HashOneShot, .mac = &MacOneShot}; }

}  // namespace cryptobench::backends::nettle
