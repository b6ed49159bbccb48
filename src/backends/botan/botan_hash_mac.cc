// Hashes (HashFunction) and MACs (MessageAuthenticationCode) through Botan 2.
#include <optional>
#include <string>
#include <vector>

#include <botan/block_cipher.h>
#include <botan/hash.h>
#include <botan/mac.h>

#include "backends/botan/botan_internal.h"
#include "backends/common/buffers.h"
#include "backends/common/hash_mac_adapter.h"
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

// The engine (hash_mac_adapter.h): one digest (update, final) or one tag (Poly1305: set_key,
// update, final) of a message per Compute().
class Engine {
 public:
  Engine(std::unique_ptr<Botan::Buffered_Computation> object,
         Botan::MessageAuthenticationCode* rekey, Bytes key)
      : object_(std::move(object)), rekey_(rekey), key_(std::move(key)) {}

  template <typename Body>
  static std::string Guarded(Body&& body) {
    return backends::Guarded("Botan", std::forward<Body>(body));
  }

  size_t output_len() const { return object_->output_length(); }

  bool Compute(const uint8_t* in, size_t len, uint8_t* out, std::string* /*error*/) {
    if (rekey_ != nullptr) {
      rekey_->set_key(key_);
    }
    object_->update(in, len);
    object_->final(out);
    return true;
  }

 private:
  std::unique_ptr<Botan::Buffered_Computation> object_;
  Botan::MessageAuthenticationCode* rekey_;  // object_ when it is rekeyed per message
  Bytes key_;
};

std::unique_ptr<Engine> NewHashEngine(const AlgorithmInfo& alg, std::span<const uint8_t> /*key*/,
                                      std::string* error) {
  const std::optional<std::string> name = HashName(alg);
  if (!name) {
    *error = kNotOffered;
    return nullptr;
  }
  std::unique_ptr<Engine> engine;
  *error = Guarded("Botan " + *name, [&] {
    engine =
        std::make_unique<Engine>(Botan::HashFunction::create_or_throw(*name), nullptr, Bytes());
    return std::string();
  });
  return engine;
}

std::unique_ptr<Engine> NewMacEngine(const AlgorithmInfo& alg, std::span<const uint8_t> key,
                                     std::string* error) {
  const std::optional<std::string> name = MacName(alg);
  if (!name) {
    *error = kNotOffered;
    return nullptr;
  }
  std::unique_ptr<Engine> engine;
  *error = Guarded("Botan " + *name, [&] {
    auto mac = Botan::MessageAuthenticationCode::create_or_throw(*name);
    mac->set_key(key.data(), key.size());
    Botan::MessageAuthenticationCode* rekey = RekeysPerMessage(alg) ? mac.get() : nullptr;
    engine = std::make_unique<Engine>(std::move(mac), rekey, Bytes(key.begin(), key.end()));
    return std::string();
  });
  return engine;
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
  return HashMacOneShot<Engine>(&NewHashEngine, alg, {}, message, digest);
}

std::string MacOneShot(const AlgorithmInfo& alg, const Bytes& key, const Bytes& message,
                       Bytes* tag) {
  return HashMacOneShot<Engine>(&NewMacEngine, alg, key, message, tag);
}

std::unique_ptr<PreparedOperation> PrepareHash(const AlgorithmInfo& alg, Operation op,
                                               size_t input_len, PrepareFailure* failure,
                                               std::string* error) {
  const std::optional<std::string> name = HashName(alg);
  if (op != Operation::kHash || !name) {
    return PrepareNoSuchOperation(alg, op, failure, error);
  }
  // Reference: a fresh object fed the message in two pieces.
  auto reference = [&](const Bytes& /*key*/, const Bytes& message, Bytes* out) {
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
  return PrepareHashMacWith<Engine>(&NewHashEngine, reference, alg, input_len, failure, error);
}

std::unique_ptr<PreparedOperation> PrepareMac(const AlgorithmInfo& alg, Operation op,
                                              size_t input_len, PrepareFailure* failure,
                                              std::string* error) {
  if (op != Operation::kMac || !MacName(alg)) {
    return PrepareNoSuchOperation(alg, op, failure, error);
  }
  return PrepareMacWith<Engine>(&NewMacEngine, alg, input_len, failure, error);
}

}  // namespace cryptobench::backends::botan
