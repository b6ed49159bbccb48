// Hashes (HashFunction) and MACs (MessageAuthenticationCode) through Botan 2.
#include <optional>
#include <string>
#include <vector>

#include <botan/block_cipher.h>
#include <botan/hash.h>
#include <botan/mac.h>

#include "backends/botan/botan_internal.h"
#include "backends/common/buffers.h"
#include "backends/common/timing_inputs.h"
namespace cryptobench::backends::botan {
namespace {

std::optional<std::string> HashName(const AlgorithmInfo& alg) {
  static const std::vector<std::pair<std::string_view, std::string_view>> kNames = {
      {"MD5", "MD5"},
      {"SHA-1", "SHA-1"},
      {"SHA-224", "SHA-224"},
      {"SHA-256", "SHA-256"},
      {"SHA-384", "SHA-384"},
      {"SHA-512", "SHA-512"},
      {"SHA3-256", "SHA-3(256)"},
      {"BLAKE2b-512", "BLAKE2b(512)"}};
  for (const auto& [ours, botan] : kNames) {
    if (alg.kind == AlgorithmKind::kHash && alg.name == ours) {
      return std::string(botan);
    }
  }
  return std::nullopt;
}

std::optional<std::string> MacName(const AlgorithmInfo& alg) {
  if (alg.kind != AlgorithmKind::kMac) {
    return std::nullopt;
  }
  if (alg.name == "HMAC-SHA256") {
    return "HMAC(SHA-256)";
  }
  if (alg.name == "CMAC-AES-128") {
    return "CMAC(AES-128)";
  }
  if (alg.name == "Poly1305") {
    return "Poly1305";
  }
  return std::nullopt;
}

// Poly1305 is a one-time-key MAC: Botan forgets the key after each tag, so it is set per message
// (as in the OpenSSL backend). HMAC and CMAC keep their key between messages.
bool RekeysPerMessage(const AlgorithmInfo& alg) { return alg.name == "Poly1305"; }

// The timed operation: one digest (update, final) or one tag (Poly1305: set_key, update, final)
// of the input per iteration.
class HashMacOperation : public PreparedOperation {
 public:
  HashMacOperation(std::unique_ptr<Botan::Buffered_Computation> object,
                   Botan::MessageAuthenticationCode* rekey, Bytes key, AlignedBuffer input)
      : object_(std::move(object)),
        rekey_(rekey),
        key_(std::move(key)),
        input_(std::move(input)),
        out_(object_->output_length()) {}

  bool Run(uint64_t iterations) override {
    error_ = Guarded("Botan", [&] {
      for (uint64_t i = 0; i < iterations; ++i) {
        if (rekey_ != nullptr) {
          rekey_->set_key(key_);
        }
        object_->update(input_.data(), input_.size());
        object_->final(out_.data());
      }
      return std::string();
    });
    return error_.empty();
  }

  const Bytes& output() const { return out_; }

 private:
  std::unique_ptr<Botan::Buffered_Computation> object_;
  Botan::MessageAuthenticationCode* rekey_;  // object_ when it is rekeyed per message
  Bytes key_;
  AlignedBuffer input_;
  Bytes out_;
};

// Prepare() for both kinds: `reference` computes the expected output of one operation.
template <typename Reference>
std::unique_ptr<PreparedOperation> PrepareComputation(
    const AlgorithmInfo& alg, size_t input_len, std::unique_ptr<Botan::Buffered_Computation> object,
    Botan::MessageAuthenticationCode* rekey, const Bytes& key, Reference reference,
    PrepareFailure* failure, std::string* error) {
  AlignedBuffer input(input_len);
  FillPattern(input.span(), kMessageSeed);
  const Bytes message(input.data(), input.data() + input_len);
  auto prepared =
      std::make_unique<HashMacOperation>(std::move(object), rekey, key, std::move(input));
  // Two runs: the second proves the object restarts cleanly after final().
  if (!prepared->Run(2)) {
    return PrepareFailed(PrepareFailure::kLibraryError, prepared->error(), failure, error);
  }
  Bytes expected;
  if (std::string e = reference(message, &expected); !e.empty()) {
    return PrepareFailed(PrepareFailure::kLibraryError, e, failure, error);
  }
  Bytes out = prepared->output();
  CorruptIfTesting(out);
  std::string diff =
      CompareBytes(alg.kind == AlgorithmKind::kHash ? "digest" : "tag", out, expected);
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

}  // namespace

bool HashSupported(const AlgorithmInfo& alg) {
  const std::optional<std::string> name = HashName(alg);
  return name && Botan::HashFunction::create(*name) != nullptr;
}

bool MacSupported(const AlgorithmInfo& alg) {
  const std::optional<std::string> name = MacName(alg);
  return name && Botan::MessageAuthenticationCode::create(*name) != nullptr;
}

std::string HashMacImplementation(const AlgorithmInfo& alg) {
  if (const std::optional<std::string> name = HashName(alg)) {
    auto hash = Botan::HashFunction::create(*name);
    return hash ? hash->name() + " " + hash->provider() : "";
  }
  // HMAC and CMAC report "base" themselves; the work is done by their hash or block cipher.
  if (alg.name == "HMAC-SHA256") {
    auto hash = Botan::HashFunction::create("SHA-256");
    return hash ? hash->name() + " " + hash->provider() : "";
  }
  if (alg.name == "CMAC-AES-128") {
    auto aes = Botan::BlockCipher::create("AES-128");
    return aes ? aes->name() + " " + aes->provider() : "";
  }
  if (const std::optional<std::string> name = MacName(alg)) {
    auto mac = Botan::MessageAuthenticationCode::create(*name);
    return mac ? mac->name() + " " + mac->provider() : "";
  }
  return "";
}

std::string HashOneShot(const AlgorithmInfo& alg, const Bytes& message, Bytes* digest) {
  const std::optional<std::string> name = HashName(alg);
  if (!name) {
    return kNotOffered;
  }
  return Guarded("Botan " + *name, [&] {
    auto hash = Botan::HashFunction::create_or_throw(*name);
    hash->update(message);
    const Botan::secure_vector<uint8_t> out = hash->final();
    digest->assign(out.begin(), out.end());
    return std::string();
  });
}

std::string MacOneShot(const AlgorithmInfo& alg, const Bytes& key, const Bytes& message,
                       Bytes* tag) {
  const std::optional<std::string> name = MacName(alg);
  if (!name) {
    return kNotOffered;
  }
  return Guarded("Botan " + *name, [&] {
    auto mac = Botan::MessageAuthenticationCode::create_or_throw(*name);
    mac->set_key(key);
    mac->update(message);
    const Botan::secure_vector<uint8_t> out = mac->final();
    tag->assign(out.begin(), out.end());
    return std::string();
  });
}

std::unique_ptr<PreparedOperation> PrepareHash(const AlgorithmInfo& alg, Operation op,
                                               size_t input_len, PrepareFailure* failure,
                                               std::string* error) {
  const std::optional<std::string> name = HashName(alg);
  if (op != Operation::kHash || !name) {
    return PrepareFailed(PrepareFailure::kLibraryError, NoSuchOperation(alg, op), failure, error);
  }
  std::unique_ptr<Botan::HashFunction> hash;
  if (std::string e = Guarded("Botan " + *name,
                              [&] {
                                hash = Botan::HashFunction::create_or_throw(*name);
                                return std::string();
                              });
      !e.empty()) {
    return PrepareFailed(PrepareFailure::kLibraryError, e, failure, error);
  }
  // Reference: a fresh object fed the message in two pieces.
  auto reference = [&](const Bytes& message, Bytes* out) {
    return Guarded("Botan " + *name, [&] {
      auto fresh = Botan::HashFunction::create_or_throw(*name);
      const size_t half = message.size() / 2;
      fresh->update(message.data(), half);
      fresh->update(message.data() + half, message.size() - half);
      const Botan::secure_vector<uint8_t> digest = fresh->final();
      out->assign(digest.begin(), digest.end());
      return std::string();
    });
  };
  return PrepareComputation(alg, input_len, std::move(hash), nullptr, Bytes(), reference, failure,
                            error);
}

std::unique_ptr<PreparedOperation> PrepareMac(const AlgorithmInfo& alg, Operation op,
                                              size_t input_len, PrepareFailure* failure,
                                              std::string* error) {
  const std::optional<std::string> name = MacName(alg);
  if (op != Operation::kMac || !name) {
    return PrepareFailed(PrepareFailure::kLibraryError, NoSuchOperation(alg, op), failure, error);
  }
  const Bytes key = PatternBytes(alg.key_len, kKeySeed);
  std::unique_ptr<Botan::MessageAuthenticationCode> mac;
  if (std::string e = Guarded("Botan " + *name,
                              [&] {
                                mac = Botan::MessageAuthenticationCode::create_or_throw(*name);
                                mac->set_key(key);
                                return std::string();
                              });
      !e.empty()) {
    return PrepareFailed(PrepareFailure::kLibraryError, e, failure, error);
  }
  Botan::MessageAuthenticationCode* rekey = RekeysPerMessage(alg) ? mac.get() : nullptr;
  auto reference = [&](const Bytes& message, Bytes* out) {
    return MacOneShot(alg, key, message, out);
  };
  return PrepareComputation(alg, input_len, std::move(mac), rekey, key, reference, failure, error);
}

}  // namespace cryptobench::backends::botan
