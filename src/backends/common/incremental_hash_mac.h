// The hash and MAC engine (hash_mac_adapter.h) of the libraries whose hashes and MACs are
// incremental objects that restart after their final call and that report errors by throwing
// (Botan, Crypto++): the per-message keying of one-time-key MACs, the timed Compute() and the
// two-piece reference digest, written once; a library supplies only its calls.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "algorithms/catalog.h"
#include "backends/common/buffers.h"
#include "backends/common/guarded.h"
#include "backends/common/hash_mac_adapter.h"

namespace cryptobench::backends {

/// An Engine over one library object that hashes or MACs a message incrementally and restarts
/// after its final call (Botan's Buffered_Computation, Crypto++'s HashTransformation), for a
/// library that reports errors by throwing. `Library` gives the library's names and calls:
///
///   static constexpr std::string_view kName;   // "Botan": the prefix of Guarded()'s errors
///   using Object = ...;                        // the incremental object
///   using Mac = ...;                           // its keyed kind, derived from Object
///   static size_t OutputLen(const Object& object);
///   static void SetKey(Mac& mac, std::span<const uint8_t> key);
///   static void Update(Object& object, const uint8_t* in, size_t len);
///   static void Final(Object& object, uint8_t* out);  // OutputLen bytes, then restarts
///
/// Compute() is one Update and one Final per message; a one-time-key MAC (Poly1305: a key may
/// authenticate one message only, RFC 8439 2.5) is keyed again before each message.
template <typename Library>
class IncrementalHashMacEngine {
 public:
  using Object = typename Library::Object;
  using Mac = typename Library::Mac;

  template <typename Body>
  static std::string Guarded(Body&& body) {
    return backends::Guarded(Library::kName, std::forward<Body>(body));
  }

  /// A hash engine over `hash`.
  explicit IncrementalHashMacEngine(std::unique_ptr<Object> hash) : object_(std::move(hash)) {}

  /// A MAC engine over the object `make_mac()` (a std::unique_ptr<Mac>) keyed with `key`, made
  /// inside Guarded(what): nullptr with *error set if the library throws.
  template <typename MakeMac>
  static std::unique_ptr<IncrementalHashMacEngine> Keyed(const AlgorithmInfo& alg,
                                                         const MakeMac& make_mac,
                                                         std::span<const uint8_t> key,
                                                         std::string_view what,
                                                         std::string* error) {
    std::unique_ptr<IncrementalHashMacEngine> engine;
    *error = backends::Guarded(what, [&] {
      std::unique_ptr<Mac> mac = make_mac();
      Library::SetKey(*mac, key);
      engine.reset(new IncrementalHashMacEngine(std::move(mac), alg.name == "Poly1305", key));
      return std::string();
    });
    return engine;
  }

  size_t output_len() const { return Library::OutputLen(*object_); }

  bool Compute(const uint8_t* in, size_t len, uint8_t* out, std::string* /*error*/) {
    if (rekey_ != nullptr) {
      Library::SetKey(*rekey_, key_);
    }
    Library::Update(*object_, in, len);
    Library::Final(*object_, out);
    return true;
  }

  /// The reference of the hash prepare step (BindHash's HashReference): a fresh object from
  /// `make` fed `message` in two pieces, inside Guarded(what); "" or Guarded's line.
  template <typename MakeObject>
  static std::string InTwoPieces(std::string_view what, const MakeObject& make,
                                 const Bytes& message, Bytes* out) {
    return backends::Guarded(what, [&] {
      std::unique_ptr<Object> fresh = make();
      const size_t half = message.size() / 2;
      Library::Update(*fresh, NonNullData(message), half);
      Library::Update(*fresh, NonNullData(message) + half, message.size() - half);
      out->assign(Library::OutputLen(*fresh), 0);
      Library::Final(*fresh, out->data());
      return std::string();
    });
  }

 private:
  IncrementalHashMacEngine(std::unique_ptr<Mac> mac, bool rekeys, std::span<const uint8_t> key)
      : object_(std::move(mac)),
        rekey_(rekeys ? static_cast<Mac*>(object_.get()) : nullptr),
        key_(key.begin(), key.end()) {}

  std::unique_ptr<Object> object_;
  Mac* rekey_ = nullptr;  // object_ when it is keyed again per message
  Bytes key_;
};

}  // namespace cryptobench::backends
