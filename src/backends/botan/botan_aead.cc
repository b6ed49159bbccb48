// AEADs through Botan 2's AEAD_Mode: AES-GCM, AES-CCM, ChaCha20Poly1305 (RFC 8439) and, with
// a 24-byte nonce, XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha-03).
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <botan/aead.h>
#include <botan/block_cipher.h>
#include <botan/exceptn.h>
#include <botan/mac.h>
#include <botan/stream_cipher.h>
#include <fmt/format.h>

#include "backends/botan/botan_internal.h"
#include "backends/common/aead_adapter.h"
#include "backends/common/buffers.h"
#include "backends/common/timing_inputs.h"

namespace cryptobench::backends::botan {
namespace {

// Botan's name for `alg` with this nonce and tag length, e.g. "AES-128/CCM(16,3)".
// The binding table: catalogue entry -> Botan's block cipher under the mode ("" for
// ChaCha20Poly1305); the mode comes from the entry's fields.
std::optional<std::string_view> BlockCipherOf(const AlgorithmInfo& alg) {
  static constexpr std::pair<std::string_view, std::string_view> kAeads[] = {
      {"AES-128-GCM", "AES-128"}, {"AES-256-GCM", "AES-256"}, {"AES-128-CCM", "AES-128"},
      {"ChaCha20-Poly1305", ""},  {"XChaCha20-Poly1305", ""},
  };
  if (alg.kind != AlgorithmKind::kAead) {
    return std::nullopt;
  }
  for (const auto& [entry, block_cipher] : kAeads) {
    if (entry == alg.name) {
      return block_cipher;
    }
  }
  return std::nullopt;
}

std::optional<std::string> ModeName(const AlgorithmInfo& alg, size_t nonce_len, size_t tag_len) {
  const std::optional<std::string_view> aes = BlockCipherOf(alg);
  if (!aes) {
    return std::nullopt;
  }
  switch (alg.mode) {
    case AlgorithmMode::kPoly1305:
      // Botan has no separate name for XChaCha20-Poly1305: its ChaCha20Poly1305 picks XChaCha20
      // from a 24-byte nonce (chacha20poly1305.h). Any other length would silently run another
      // AEAD.
      if (alg.iv_len == 24 && nonce_len != 24) {
        return std::nullopt;
      }
      return "ChaCha20Poly1305";
    case AlgorithmMode::kGcm:
      return fmt::format("{}/GCM({})", *aes, tag_len);
    case AlgorithmMode::kCcm:
      // CCM's L (bytes of the length field) is 15 minus the nonce length (SP 800-38C A.2).
      if (nonce_len >= 7 && nonce_len <= 13) {
        return fmt::format("{}/CCM({},{})", *aes, tag_len, 15 - nonce_len);
      }
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

std::unique_ptr<Botan::AEAD_Mode> NewMode(const AlgorithmInfo& alg, bool seal, const Bytes& key,
                                          size_t nonce_len, size_t tag_len) {
  const std::optional<std::string> name = ModeName(alg, nonce_len, tag_len);
  if (!name) {
    throw std::invalid_argument("no Botan AEAD for " + std::string(alg.name) + " with a " +
                                std::to_string(nonce_len) + "-byte nonce");
  }
  auto mode =
      Botan::AEAD_Mode::create_or_throw(*name, seal ? Botan::ENCRYPTION : Botan::DECRYPTION);
  if (mode->tag_size() != tag_len) {
    throw std::invalid_argument(*name + " has a " + std::to_string(mode->tag_size()) +
                                "-byte tag, not " + std::to_string(tag_len));
  }
  mode->set_key(key);
  return mode;
}

// One message through `mode`: AD, nonce, then finish() over `buffer` in place (seal appends the
// tag; open verifies and strips it, throwing Invalid_Authentication_Tag when it does not match).
void OneMessage(Botan::AEAD_Mode& mode, const Bytes& nonce, const Bytes& aad,
                Botan::secure_vector<uint8_t>& buffer) {
  mode.set_associated_data(aad.data(), aad.size());
  mode.start(nonce);
  mode.finish(buffer);
}

// The timed operation: seal with a fresh nonce per message, or open one fixed sealed message.
// Botan's AEAD modes work in place, so open first copies the sealed message (input + tag bytes)
// into the work buffer; seal encrypts the previous output again, which costs the same.
class AeadOperation : public PreparedOperation {
 public:
  AeadOperation(std::unique_ptr<Botan::AEAD_Mode> mode, bool seal, Bytes nonce, Bytes aad,
                Botan::secure_vector<uint8_t> input, size_t input_len)
      : mode_(std::move(mode)),
        seal_(seal),
        nonce_(std::move(nonce)),
        aad_(std::move(aad)),
        sealed_(seal ? Botan::secure_vector<uint8_t>() : input),
        work_(std::move(input)),
        input_len_(input_len) {
    work_.reserve(input_len_ + mode_->tag_size());
  }

  bool Run(uint64_t iterations) override {
    error_ = Guarded("Botan AEAD", [&] {
      try {
        for (uint64_t i = 0; i < iterations; ++i) {
          if (seal_) {
            SetNonceCounter(nonce_, ++counter_);
            work_.resize(input_len_);
          } else {
            work_.assign(sealed_.begin(), sealed_.end());
          }
          OneMessage(*mode_, nonce_, aad_, work_);
        }
      } catch (const Botan::Invalid_Authentication_Tag& e) {
        tag_rejected_ = true;
        return std::string("open rejected the tag: ") + e.what();
      }
      return std::string();
    });
    return error_.empty();
  }

  /// Seal: ciphertext || tag of the latest message; open: the plaintext.
  const Botan::secure_vector<uint8_t>& output() const { return work_; }
  const Bytes& nonce() const { return nonce_; }
  bool tag_rejected() const { return tag_rejected_; }

 private:
  std::unique_ptr<Botan::AEAD_Mode> mode_;
  bool seal_;
  Bytes nonce_;
  Bytes aad_;
  Botan::secure_vector<uint8_t> sealed_;  // open: ciphertext || tag
  Botan::secure_vector<uint8_t> work_;
  size_t input_len_;
  uint64_t counter_ = 0;
  bool tag_rejected_ = false;
};

bool AeadSupported(const AlgorithmInfo& alg) {
  const std::optional<std::string> name = ModeName(alg, alg.iv_len, alg.tag_len);
  return name && Botan::AEAD_Mode::create(*name, Botan::ENCRYPTION) != nullptr;
}

std::string AeadImplementation(const AlgorithmInfo& alg) {
  const std::optional<std::string> name = ModeName(alg, alg.iv_len, alg.tag_len);
  if (!name) {
    return "";
  }
  if (alg.primitive == AlgorithmPrimitive::kChaCha20) {
    auto chacha = Botan::StreamCipher::create("ChaCha(20)");
    auto poly = Botan::MessageAuthenticationCode::create("Poly1305");
    return chacha && poly ? chacha->name() + " " + chacha->provider() + ", " + poly->name() + " " +
                                poly->provider()
                          : "";
  }
  auto aes = Botan::BlockCipher::create(std::string(BlockCipherOf(alg).value_or("")));
  auto mode = Botan::AEAD_Mode::create(*name, Botan::ENCRYPTION);
  if (!aes || !mode) {
    return "";
  }
  std::string text = aes->name() + " " + aes->provider();
  if (alg.mode == AlgorithmMode::kGcm) {
    text += ", GHASH " + mode->provider();  // GCM_Mode::provider() is its GHASH's
  }
  return text;
}

std::string AeadSeal(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                     const Bytes& aad, const Bytes& plaintext, size_t tag_len, Bytes* ciphertext,
                     Bytes* tag) {
  if (!ModeName(alg, alg.iv_len, alg.tag_len)) {
    return kNotOffered;
  }
  return Guarded("Botan " + std::string(alg.name) + " seal", [&] {
    auto mode = NewMode(alg, true, key, nonce.size(), tag_len);
    Botan::secure_vector<uint8_t> buffer(plaintext.begin(), plaintext.end());
    OneMessage(*mode, nonce, aad, buffer);
    ciphertext->assign(buffer.begin(), buffer.begin() + static_cast<ptrdiff_t>(plaintext.size()));
    tag->assign(buffer.begin() + static_cast<ptrdiff_t>(plaintext.size()), buffer.end());
    return std::string();
  });
}

std::string AeadOpen(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                     const Bytes& aad, const Bytes& ciphertext, const Bytes& tag, Bytes* plaintext,
                     bool* authentic) {
  if (!ModeName(alg, alg.iv_len, alg.tag_len)) {
    return kNotOffered;
  }
  *authentic = false;
  return Guarded("Botan " + std::string(alg.name) + " open", [&] {
    auto mode = NewMode(alg, false, key, nonce.size(), tag.size());
    Botan::secure_vector<uint8_t> buffer(ciphertext.begin(), ciphertext.end());
    buffer.insert(buffer.end(), tag.begin(), tag.end());
    try {
      OneMessage(*mode, nonce, aad, buffer);
    } catch (const Botan::Invalid_Authentication_Tag&) {
      return std::string();  // a rejected tag is an answer, not an error
    }
    *authentic = true;
    plaintext->assign(buffer.begin(), buffer.end());
    return std::string();
  });
}

// Backend::Prepare for kEncrypt (seal) and kDecrypt (open); the binding refuses other
// operations (PrepareEncryptOrDecrypt).
std::unique_ptr<PreparedOperation> PrepareSealOrOpen(const AlgorithmInfo& alg, Operation op,
                                                     size_t input_len, PrepareFailure* failure,
                                                     std::string* error) {
  const bool seal = op == Operation::kEncrypt;
  const Bytes key = PatternBytes(alg.key_len, kKeySeed);
  const Bytes nonce = PatternBytes(alg.iv_len, kNonceSeed);
  const Bytes aad = PatternBytes(kTimedAadLen, kAadSeed);
  const Bytes plaintext = PatternBytes(input_len, kPlaintextSeed);
  auto check_failed = [&](const std::string& text) {
    return AeadCheckFailed(alg, input_len, text, failure, error);
  };

  std::unique_ptr<AeadOperation> prepared;
  Bytes ciphertext;
  Bytes tag;
  std::string message = Guarded("Botan " + std::string(alg.name), [&] {
    if (seal) {
      prepared = std::make_unique<AeadOperation>(
          NewMode(alg, true, key, alg.iv_len, alg.tag_len), true, nonce, aad,
          Botan::secure_vector<uint8_t>(plaintext.begin(), plaintext.end()), input_len);
      return prepared->Run(1) ? std::string() : prepared->error();
    }
    return AeadSeal(alg, key, nonce, aad, plaintext, alg.tag_len, &ciphertext, &tag);
  });
  if (!message.empty()) {
    return PrepareFailed(PrepareFailure::kLibraryError, message, failure, error);
  }
  if (seal) {
    const auto& sealed = prepared->output();
    ciphertext.assign(sealed.begin(), sealed.begin() + static_cast<ptrdiff_t>(input_len));
    tag.assign(sealed.begin() + static_cast<ptrdiff_t>(input_len), sealed.end());
  }
  CorruptIfTesting(input_len == 0 ? std::span<uint8_t>(tag) : ciphertext);

  // The other direction on this message: open must accept the tag and give the plaintext.
  Bytes opened;
  if (seal) {
    bool authentic = false;
    message = AeadOpen(alg, key, prepared->nonce(), aad, ciphertext, tag, &opened, &authentic);
    if (!message.empty()) {
      return PrepareFailed(PrepareFailure::kLibraryError, message, failure, error);
    }
    if (!authentic) {
      return check_failed("open rejected the tag of the timed seal");
    }
  } else {
    Botan::secure_vector<uint8_t> sealed(ciphertext.begin(), ciphertext.end());
    sealed.insert(sealed.end(), tag.begin(), tag.end());
    message = Guarded("Botan " + std::string(alg.name), [&] {
      prepared = std::make_unique<AeadOperation>(NewMode(alg, false, key, alg.iv_len, alg.tag_len),
                                                 false, nonce, aad, sealed, input_len);
      return std::string();
    });
    if (!message.empty()) {
      return PrepareFailed(PrepareFailure::kLibraryError, message, failure, error);
    }
    if (!prepared->Run(1)) {
      return prepared->tag_rejected()
                 ? check_failed("timed open rejected the tag (" + prepared->error() + ")")
                 : PrepareFailed(PrepareFailure::kLibraryError, prepared->error(), failure, error);
    }
    opened.assign(prepared->output().begin(), prepared->output().end());
  }
  if (std::string diff = CompareBytes("opened plaintext", opened, plaintext); !diff.empty()) {
    return check_failed(diff);
  }
  return prepared;
}

}  // namespace

LibraryBindings AeadBinding() {
  return AeadEntries{&AeadSeal, &AeadOpen,
                     &PrepareEncryptOrDecrypt<&PrepareSealOrOpen, &PrepareNoSuchOperation>}
      .Bindings(&AeadSupported, &AeadImplementation);
}

}  // namespace cryptobench::backends::botan
