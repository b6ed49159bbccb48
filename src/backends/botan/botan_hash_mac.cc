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
#include "backends/common/incremental_hash_mac.h"
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

// Botan's calls for the engine (IncrementalHashMacEngine, hash_mac_adapter.h): one digest
// (update, final) or one tag (Poly1305: set_key, update, final) of a message per Compute().
struct BotanHashMac {
  static constexpr std::string_view kName = "Botan";
  using Object = Botan::Buffered_Computation;
  using Mac = Botan::MessageAuthenticationCode;
  static size_t OutputLen(const Object& object) { return object.output_length(); }
  static void SetKey(Mac& mac, std::span<const uint8_t> key) {
    mac.set_key(key.data(), key.size());
  }
  static void Update(Object& object, const uint8_t* in, size_t len) { object.update(in, len); }
  static void Final(Object& object, uint8_t* out) { object.final(out); }
};

using Engine = IncrementalHashMacEngine<BotanHashMac>;

std::unique_ptr<Engine> NewHashEngine(const AlgorithmInfo& alg, std::span<const uint8_t> /*key*/,
                                      std::string* error) {
  const std::optional<std::string> name = HashName(alg);
  if (!name) {
    *error = kNotOffered;
    return nullptr;
  }
  std::unique_ptr<Engine> engine;
  *error = Guarded("Botan " + *name, [&] {
    engine = std::make_unique<Engine>(Botan::HashFunction::create_or_throw(*name));
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
  return Engine::Keyed(
      alg, [&] { return Botan::MessageAuthenticationCode::create_or_throw(*name); }, key,
      "Botan " + *name, error);
}

// The reference of the hash prepare step: a fresh object fed the message in two pieces.
std::string HashInTwoPieces(const AlgorithmInfo& alg, const Bytes& message, Bytes* out) {
  const std::optional<std::string> name = HashName(alg);
  if (!name) {
    return kNotOffered;
  }
  return Engine::InTwoPieces(
      "Botan " + *name, [&] { return Botan::HashFunction::create_or_throw(*name); }, message, out);
}

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

}  // namespace

LibraryBindings HashMacBinding() {
  return BindHashMac<Engine, &NewHashEngine, &NewMacEngine, &HashInTwoPieces>().Bindings(
      &HashSupported, &MacSupported, &HashMacImplementation);
}

}  // namespace cryptobench::backends::botan
