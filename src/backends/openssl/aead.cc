// AEADs through EVP_Cipher* and the EVP_CTRL_AEAD_* ctrls.
#include "backends/openssl/aead.h"

#include <climits>
#include <cstring>
#include <span>
#include <vector>

#include "backends/common/aead_adapter.h"
#include "backends/common/buffers.h"
#include "backends/common/timing_inputs.h"
#include "backends/openssl/cipher.h"

namespace cryptobench::backends::openssl {
namespace {

// Nonce and tag lengths of one AEAD use, in bytes; CCM needs both fixed before the key.
struct AeadShape {
  bool ccm = false;
  size_t nonce_len = 0;
  size_t tag_len = 0;
};

enum class OpenResult { kAccepted, kRejected, kError };

bool IsCcm(const AlgorithmInfo& alg) { return alg.mode == AlgorithmMode::kCcm; }

// A context with cipher, nonce length, (CCM) tag length and key set; the nonce comes per message.
Owned<EVP_CIPHER_CTX> NewAeadContext(const Libcrypto& lib, const EVP_CIPHER* cipher,
                                     const AeadShape& shape, std::span<const uint8_t> key, int enc,
                                     std::string* error) {
  Owned<EVP_CIPHER_CTX> ctx = Own(lib.EVP_CIPHER_CTX_new(), lib.EVP_CIPHER_CTX_free);
  if (!ctx) {
    *error = LibError(lib, "EVP_CIPHER_CTX_new");
  } else if (lib.EVP_CipherInit_ex(ctx.get(), cipher, nullptr, nullptr, nullptr, enc) != 1) {
    *error = LibError(lib, "EVP_CipherInit_ex");
    ctx.reset();
  } else if (lib.EVP_CIPHER_CTX_ctrl(ctx.get(), kEvpCtrlAeadSetIvLen,
                                     static_cast<int>(shape.nonce_len), nullptr) != 1) {
    *error = LibError(lib, "EVP_CIPHER_CTX_ctrl(EVP_CTRL_AEAD_SET_IVLEN)");
    ctx.reset();
  } else if (shape.ccm && lib.EVP_CIPHER_CTX_ctrl(ctx.get(), kEvpCtrlAeadSetTag,
                                                  static_cast<int>(shape.tag_len), nullptr) != 1) {
    *error = LibError(lib, "EVP_CIPHER_CTX_ctrl(EVP_CTRL_AEAD_SET_TAG)");
    ctx.reset();
  } else if (lib.EVP_CipherInit_ex(ctx.get(), nullptr, nullptr, key.data(), nullptr, -1) != 1) {
    *error = LibError(lib, "EVP_CipherInit_ex(key)");
    ctx.reset();
  }
  return ctx;
}

// Nonce and AAD of one message. CCM must be told the message length before the AAD.
bool StartMessage(const Libcrypto& lib, EVP_CIPHER_CTX* ctx, const AeadShape& shape,
                  const uint8_t* nonce, std::span<const uint8_t> aad, int in_len,
                  std::string* error) {
  int len = 0;
  if (lib.EVP_CipherInit_ex(ctx, nullptr, nullptr, nullptr, nonce, -1) != 1) {
    *error = LibError(lib, "EVP_CipherInit_ex(nonce)");
    return false;
  }
  if (shape.ccm && lib.EVP_CipherUpdate(ctx, nullptr, &len, nullptr, in_len) != 1) {
    *error = LibError(lib, "EVP_CipherUpdate(CCM length)");
    return false;
  }
  if (!aad.empty() &&
      lib.EVP_CipherUpdate(ctx, nullptr, &len, aad.data(), static_cast<int>(aad.size())) != 1) {
    *error = LibError(lib, "EVP_CipherUpdate(AAD)");
    return false;
  }
  return true;
}

// Seals one message: `out` gets in_len bytes of ciphertext, `tag` gets shape.tag_len bytes.
bool Seal(const Libcrypto& lib, EVP_CIPHER_CTX* ctx, const AeadShape& shape, const uint8_t* nonce,
          std::span<const uint8_t> aad, const uint8_t* in, int in_len, uint8_t* out, uint8_t* tag,
          std::string* error) {
  if (!StartMessage(lib, ctx, shape, nonce, aad, in_len, error)) {
    return false;
  }
  int len = 0;
  // An empty update is skipped (1.1.1 GCM reads a null input as "final"); CCM always needs the
  // data call, which computes its tag.
  if ((in_len > 0 || shape.ccm) && lib.EVP_CipherUpdate(ctx, out, &len, in, in_len) != 1) {
    *error = LibError(lib, "EVP_CipherUpdate");
    return false;
  }
  int final_len = 0;
  if (lib.EVP_CipherFinal_ex(ctx, out + len, &final_len) != 1) {
    *error = LibError(lib, "EVP_CipherFinal_ex");
    return false;
  }
  if (lib.EVP_CIPHER_CTX_ctrl(ctx, kEvpCtrlAeadGetTag, static_cast<int>(shape.tag_len), tag) != 1) {
    *error = LibError(lib, "EVP_CIPHER_CTX_ctrl(EVP_CTRL_AEAD_GET_TAG)");
    return false;
  }
  return true;
}

// Opens one message; kRejected when the tag does not verify.
OpenResult Open(const Libcrypto& lib, EVP_CIPHER_CTX* ctx, const AeadShape& shape,
                const uint8_t* nonce, std::span<const uint8_t> aad, const uint8_t* in, int in_len,
                const uint8_t* tag, uint8_t* out, std::string* error) {
  void* expected_tag = const_cast<uint8_t*>(tag);  // the ctrl API takes void*; not modified
  const int tag_len = static_cast<int>(shape.tag_len);
  if (!StartMessage(lib, ctx, shape, nonce, aad, in_len, error)) {
    return OpenResult::kError;
  }
  int len = 0;
  if (shape.ccm) {
    // CCM verifies in the data update, so the tag must be known before it.
    if (lib.EVP_CIPHER_CTX_ctrl(ctx, kEvpCtrlAeadSetTag, tag_len, expected_tag) != 1) {
      *error = LibError(lib, "EVP_CIPHER_CTX_ctrl(EVP_CTRL_AEAD_SET_TAG)");
      return OpenResult::kError;
    }
    if (lib.EVP_CipherUpdate(ctx, out, &len, in, in_len) != 1) {
      *error = LibError(lib, "EVP_CipherUpdate") + " (CCM tag did not verify)";
      return OpenResult::kRejected;
    }
  } else {
    if (in_len > 0 && lib.EVP_CipherUpdate(ctx, out, &len, in, in_len) != 1) {
      *error = LibError(lib, "EVP_CipherUpdate");
      return OpenResult::kError;
    }
    if (lib.EVP_CIPHER_CTX_ctrl(ctx, kEvpCtrlAeadSetTag, tag_len, expected_tag) != 1) {
      *error = LibError(lib, "EVP_CIPHER_CTX_ctrl(EVP_CTRL_AEAD_SET_TAG)");
      return OpenResult::kError;
    }
  }
  int final_len = 0;
  if (lib.EVP_CipherFinal_ex(ctx, out + len, &final_len) != 1) {
    *error = LibError(lib, "EVP_CipherFinal_ex") + " (tag did not verify)";
    return shape.ccm ? OpenResult::kError : OpenResult::kRejected;
  }
  return OpenResult::kAccepted;
}

// The timed operation: seal with a fresh nonce per message, or open one fixed sealed message.
class AeadOperation : public PreparedOperation {
 public:
  AeadOperation(LibcryptoPtr lib, Owned<EVP_CIPHER> cipher, Owned<EVP_CIPHER_CTX> ctx,
                const AeadShape& shape, bool seal, std::vector<uint8_t> nonce,
                std::vector<uint8_t> aad, AlignedBuffer in, std::vector<uint8_t> expected_tag)
      : lib_(std::move(lib)),
        cipher_(std::move(cipher)),
        ctx_(std::move(ctx)),
        shape_(shape),
        seal_(seal),
        nonce_(std::move(nonce)),
        aad_(std::move(aad)),
        in_(std::move(in)),
        out_(in_.size() + 64),
        tag_(seal ? std::vector<uint8_t>(shape.tag_len) : std::move(expected_tag)) {}

  bool Run(uint64_t iterations) override {
    const Libcrypto& lib = *lib_;
    const int in_len = static_cast<int>(in_.size());
    for (uint64_t i = 0; i < iterations; ++i) {
      if (seal_) {
        SetNonceCounter(nonce_, ++counter_);
        if (!Seal(lib, ctx_.get(), shape_, nonce_.data(), aad_, in_.data(), in_len, out_.data(),
                  tag_.data(), &error_)) {
          return false;
        }
      } else {
        const OpenResult result = Open(lib, ctx_.get(), shape_, nonce_.data(), aad_, in_.data(),
                                       in_len, tag_.data(), out_.data(), &error_);
        if (result != OpenResult::kAccepted) {
          tag_rejected_ = result == OpenResult::kRejected;
          return false;
        }
      }
    }
    return true;
  }

  std::span<const uint8_t> output() const { return out_.span().first(in_.size()); }
  const std::vector<uint8_t>& tag() const { return tag_; }
  const std::vector<uint8_t>& nonce() const { return nonce_; }
  bool tag_rejected() const { return tag_rejected_; }

 private:
  LibcryptoPtr lib_;
  Owned<EVP_CIPHER> cipher_;
  Owned<EVP_CIPHER_CTX> ctx_;
  AeadShape shape_;
  bool seal_;
  std::vector<uint8_t> nonce_;
  std::vector<uint8_t> aad_;
  AlignedBuffer in_;
  AlignedBuffer out_;
  std::vector<uint8_t> tag_;  // seal: the latest tag; open: the expected tag
  uint64_t counter_ = 0;
  bool tag_rejected_ = false;
};

}  // namespace

bool AeadSupported(const Libcrypto& lib, const AlgorithmInfo& alg) {
  return HasCipherOfKind(lib, alg, AlgorithmKind::kAead);
}

std::unique_ptr<PreparedOperation> PrepareAead(const LibcryptoPtr& lib_ptr,
                                               const AlgorithmInfo& alg, Operation op,
                                               size_t input_len, PrepareFailure* failure,
                                               std::string* error) {
  const Libcrypto& lib = *lib_ptr;
  Owned<EVP_CIPHER> cipher = FetchPreparedCipher(lib, alg, op, input_len, nullptr, failure, error);
  if (!cipher) {
    return nullptr;
  }
  const AeadShape shape{IsCcm(alg), alg.iv_len, alg.tag_len};
  const std::vector<uint8_t> key = PatternBytes(alg.key_len, kKeySeed);
  const std::vector<uint8_t> nonce = PatternBytes(alg.iv_len, kNonceSeed);
  const std::vector<uint8_t> aad = PatternBytes(kTimedAadLen, kAadSeed);
  AlignedBuffer plaintext(input_len);
  FillPattern(plaintext.span(), kPlaintextSeed);
  const int len = static_cast<int>(input_len);
  const bool seal = op == Operation::kEncrypt;
  const EVP_CIPHER* cipher_ref = cipher.get();  // owned by the prepared operation below
  std::string message;

  auto library_error = [&](std::string text) {
    return PrepareFailed(PrepareFailure::kLibraryError, std::move(text), failure, error);
  };
  auto check_failed = [&](const std::string& text) {
    return PrepareCheckFailed(alg, input_len, text, failure, error);
  };

  std::unique_ptr<AeadOperation> prepared;
  std::vector<uint8_t> ciphertext(input_len + 64);
  std::vector<uint8_t> tag(shape.tag_len);
  std::vector<uint8_t> message_nonce;
  if (seal) {
    Owned<EVP_CIPHER_CTX> ctx = NewAeadContext(lib, cipher_ref, shape, key, 1, &message);
    if (!ctx) {
      return library_error(message);
    }
    prepared =
        std::make_unique<AeadOperation>(lib_ptr, std::move(cipher), std::move(ctx), shape, true,
                                        nonce, aad, std::move(plaintext), std::vector<uint8_t>{});
    if (!prepared->Run(1)) {
      return library_error(prepared->error());
    }
    std::memcpy(ciphertext.data(), prepared->output().data(), input_len);
    tag = prepared->tag();
    message_nonce = prepared->nonce();
  } else {
    Owned<EVP_CIPHER_CTX> ctx = NewAeadContext(lib, cipher_ref, shape, key, 1, &message);
    if (!ctx || !Seal(lib, ctx.get(), shape, nonce.data(), aad, plaintext.data(), len,
                      ciphertext.data(), tag.data(), &message)) {
      return library_error(message);
    }
    message_nonce = nonce;
  }
  CorruptIfTesting(std::span<uint8_t>(ciphertext).first(input_len));
  if (input_len == 0) {
    CorruptIfTesting(tag);
  }

  // The other direction, on this message: open must accept the tag and give the plaintext.
  AlignedBuffer reference(input_len);
  FillPattern(reference.span(), kPlaintextSeed);
  std::vector<uint8_t> opened(input_len + 64);
  if (seal) {
    Owned<EVP_CIPHER_CTX> ctx = NewAeadContext(lib, cipher_ref, shape, key, 0, &message);
    if (!ctx) {
      return library_error(message);
    }
    const OpenResult result = Open(lib, ctx.get(), shape, message_nonce.data(), aad,
                                   ciphertext.data(), len, tag.data(), opened.data(), &message);
    if (result == OpenResult::kRejected) {
      return check_failed("open rejected the tag of the timed seal (" + message + ")");
    }
    if (result == OpenResult::kError) {
      return library_error(message);
    }
  } else {
    Owned<EVP_CIPHER_CTX> ctx = NewAeadContext(lib, cipher_ref, shape, key, 0, &message);
    if (!ctx) {
      return library_error(message);
    }
    AlignedBuffer sealed(input_len);
    std::memcpy(sealed.data(), ciphertext.data(), input_len);
    prepared = std::make_unique<AeadOperation>(lib_ptr, std::move(cipher), std::move(ctx), shape,
                                               false, message_nonce, aad, std::move(sealed), tag);
    if (!prepared->Run(1)) {
      return prepared->tag_rejected()
                 ? check_failed("timed open rejected the tag (" + prepared->error() + ")")
                 : library_error(prepared->error());
    }
    std::memcpy(opened.data(), prepared->output().data(), input_len);
  }
  opened.resize(input_len);
  if (std::string diff = CompareBytes("opened plaintext", opened, reference.span());
      !diff.empty()) {
    return check_failed(diff);
  }
  return prepared;
}

namespace {

// "" if a one-shot call can use these lengths, else why not.
std::string CheckOneShotShape(const AlgorithmInfo& alg, size_t key_len, size_t nonce_len,
                              size_t tag_len, size_t data_len) {
  if (std::string problem = LengthProblem(alg, "key", key_len, alg.key_len); !problem.empty()) {
    return problem;
  }
  if (nonce_len == 0 || tag_len == 0 || tag_len > 16) {
    return "nonce of " + std::to_string(nonce_len) + " bytes or tag of " + std::to_string(tag_len) +
           " bytes is not usable";
  }
  if (data_len > static_cast<size_t>(INT_MAX) - 64) {
    return "message of " + std::to_string(data_len) + " bytes is too long";
  }
  return "";
}

}  // namespace

std::string AeadSealOneShot(const Libcrypto& lib, const AlgorithmInfo& alg,
                            std::span<const uint8_t> key, std::span<const uint8_t> nonce,
                            std::span<const uint8_t> aad, std::span<const uint8_t> plaintext,
                            size_t tag_len, std::vector<uint8_t>* ciphertext,
                            std::vector<uint8_t>* tag) {
  std::string problem;
  Owned<EVP_CIPHER> cipher = FetchCipherUnless(
      lib, alg, CheckOneShotShape(alg, key.size(), nonce.size(), tag_len, plaintext.size()),
      &problem);
  if (!cipher) {
    return problem;
  }
  const AeadShape shape{IsCcm(alg), nonce.size(), tag_len};
  std::string message;
  std::vector<uint8_t> out(plaintext.size() + 64);
  tag->assign(tag_len, 0);
  Owned<EVP_CIPHER_CTX> ctx = NewAeadContext(lib, cipher.get(), shape, key, 1, &message);
  if (!ctx || !Seal(lib, ctx.get(), shape, nonce.data(), aad, NonNullData(plaintext),
                    static_cast<int>(plaintext.size()), out.data(), tag->data(), &message)) {
    lib.ERR_clear_error();
    return message;
  }
  out.resize(plaintext.size());
  *ciphertext = std::move(out);
  return "";
}

std::string AeadOpenOneShot(const Libcrypto& lib, const AlgorithmInfo& alg,
                            std::span<const uint8_t> key, std::span<const uint8_t> nonce,
                            std::span<const uint8_t> aad, std::span<const uint8_t> ciphertext,
                            std::span<const uint8_t> tag, std::vector<uint8_t>* plaintext,
                            bool* authentic) {
  *authentic = false;
  std::string problem;
  Owned<EVP_CIPHER> cipher = FetchCipherUnless(
      lib, alg, CheckOneShotShape(alg, key.size(), nonce.size(), tag.size(), ciphertext.size()),
      &problem);
  if (!cipher) {
    return problem;
  }
  const AeadShape shape{IsCcm(alg), nonce.size(), tag.size()};
  std::string message;
  std::vector<uint8_t> out(ciphertext.size() + 64);
  Owned<EVP_CIPHER_CTX> ctx = NewAeadContext(lib, cipher.get(), shape, key, 0, &message);
  if (!ctx) {
    lib.ERR_clear_error();
    return message;
  }
  const OpenResult result =
      Open(lib, ctx.get(), shape, nonce.data(), aad, NonNullData(ciphertext),
           static_cast<int>(ciphertext.size()), tag.data(), out.data(), &message);
  lib.ERR_clear_error();
  if (result == OpenResult::kError) {
    return message;
  }
  *authentic = result == OpenResult::kAccepted;
  out.resize(ciphertext.size());
  *plaintext = std::move(out);
  return "";
}

}  // namespace cryptobench::backends::openssl
