// Hashes through Nettle's hash table (nettle-meta.h: MD5, SHA-1, SHA-2, SHA3-256) and the MACs
// HMAC-SHA256 (hmac.h) and CMAC-AES-128 (cmac.h).
#include <vector>

#include <nettle/cmac.h>
#include <nettle/hmac.h>
#include <nettle/nettle-meta.h>

#include "backends/common/buffers.h"
#include "backends/nettle/nettle_internal.h"

namespace cryptobench::backends::nettle {
namespace {

// Larger than any output here (SHA-512: 64 bytes).
constexpr size_t kMaxOutputLen = 64;

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

// One hash or keyed MAC context. Compute() processes one message; Nettle's digest functions
// reset the context (a MAC keeps its key), so the next call starts a fresh message.
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
  size_t out_len() const { return out_len_; }

  void Compute(const uint8_t* in, size_t len, uint8_t* out) {
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

class HashOrMacOperation : public PreparedOperation {
 public:
  HashOrMacOperation(std::unique_ptr<HashOrMac> context, AlignedBuffer in)
      : context_(std::move(context)), in_(std::move(in)) {}

  bool Run(uint64_t iterations) override {
    for (uint64_t i = 0; i < iterations; ++i) {
      context_->Compute(in_.data(), in_.size(), out_.data());
    }
    return true;
  }

  Bytes output() const { return Bytes(out_.data(), out_.data() + context_->out_len()); }

 private:
  std::unique_ptr<HashOrMac> context_;
  AlignedBuffer in_;
  AlignedBuffer out_{kMaxOutputLen};
};

}  // namespace

bool HashOrMacSupported(const AlgorithmInfo& alg) {
  return HashOf(alg) != nullptr ||
         (alg.kind == AlgorithmKind::kMac && (IsHmac(alg) || IsCmac(alg)));
}

std::string NettleTarget::Hash(const AlgorithmInfo& alg, const Bytes& message, Bytes* digest) {
  if (HashOf(alg) == nullptr) {
    return kNotOffered;
  }
  HashOrMac context(alg, {});
  digest->assign(context.out_len(), 0);
  context.Compute(message.data(), message.size(), digest->data());
  return "";
}

std::string NettleTarget::Mac(const AlgorithmInfo& alg, const Bytes& key, const Bytes& message,
                              Bytes* tag) {
  if (alg.kind != AlgorithmKind::kMac || !HashOrMacSupported(alg)) {
    return kNotOffered;
  }
  HashOrMac context(alg, key);
  if (!context.ok()) {
    return "key is " + std::to_string(key.size()) + " bytes, " + std::string(alg.name) + " needs " +
           std::to_string(alg.key_len);
  }
  tag->assign(context.out_len(), 0);
  context.Compute(message.data(), message.size(), tag->data());
  return "";
}

std::unique_ptr<PreparedOperation> PrepareHashOrMac(NettleTarget& target, const AlgorithmInfo& alg,
                                                    Operation op, size_t input_len,
                                                    PrepareFailure* failure, std::string* error) {
  (void)target;
  const bool hash = alg.kind == AlgorithmKind::kHash;
  if (!HashOrMacSupported(alg) || op != (hash ? Operation::kHash : Operation::kMac)) {
    return PrepareFailed(
        PrepareFailure::kLibraryError,
        "Nettle offers no " + std::string(OperationName(op)) + " for " + std::string(alg.name),
        failure, error);
  }
  const Bytes message = PatternBytes(input_len, kMessageSeed);
  const Bytes key = PatternBytes(alg.key_len, kKeySeed);
  auto context = std::make_unique<HashOrMac>(alg, key);
  if (!context->ok()) {
    return PrepareFailed(PrepareFailure::kLibraryError,
                         "Nettle refused the key of " + std::string(alg.name), failure, error);
  }
  HashOrMac reference_context(alg, key);
  AlignedBuffer input(input_len);
  std::copy(message.begin(), message.end(), input.data());
  auto prepared = std::make_unique<HashOrMacOperation>(std::move(context), std::move(input));
  // Two runs: the second proves the context restarts cleanly after a digest.
  prepared->Run(2);
  Bytes out = prepared->output();
  CorruptIfTesting(out);
  Bytes reference(reference_context.out_len());
  reference_context.ComputeInPieces(message.data(), message.size(), reference.data());
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

}  // namespace cryptobench::backends::nettle
