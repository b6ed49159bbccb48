// Unauthenticated ciphers through EVP_Cipher*.
#include "backends/openssl/cipher.h"

#include <climits>
#include <cstring>
#include <span>
#include <utility>
#include <vector>

#include "backends/common/buffers.h"
#include "backends/common/keyed_cipher.h"
#include "backends/common/timing_inputs.h"

namespace cryptobench::backends::openssl {
namespace {

bool IsXts(const AlgorithmInfo& alg) { return alg.mode == AlgorithmMode::kXts; }

// NeedsWholeBlocks (catalog.h): padding is switched off, so a partial block would be held back
// and never output.

// A context with cipher, key and IV set and padding off; null with *error set on failure.
Owned<EVP_CIPHER_CTX> NewCipherContext(const Libcrypto& lib, const EVP_CIPHER* cipher,
                                       std::span<const uint8_t> key, std::span<const uint8_t> iv,
                                       int enc, std::string* error) {
  Owned<EVP_CIPHER_CTX> ctx = Own(lib.EVP_CIPHER_CTX_new(), lib.EVP_CIPHER_CTX_free);
  if (!ctx) {
    *error = LibError(lib, "EVP_CIPHER_CTX_new");
    return ctx;
  }
  if (lib.EVP_CipherInit_ex(ctx.get(), cipher, nullptr, key.data(),
                            iv.empty() ? nullptr : iv.data(), enc) != 1) {
    *error = LibError(lib, "EVP_CipherInit_ex");
    ctx.reset();
  } else if (lib.EVP_CIPHER_CTX_set_padding(ctx.get(), 0) != 1) {
    *error = LibError(lib, "EVP_CIPHER_CTX_set_padding");
    ctx.reset();
  }
  return ctx;
}

// Encrypts (enc = 1) or decrypts (enc = 0) `in` with a fresh context: update then final.
bool OneShot(const Libcrypto& lib, const EVP_CIPHER* cipher, std::span<const uint8_t> key,
             std::span<const uint8_t> iv, int enc, std::span<const uint8_t> in,
             std::vector<uint8_t>* out, std::string* error) {
  Owned<EVP_CIPHER_CTX> ctx = NewCipherContext(lib, cipher, key, iv, enc, error);
  if (!ctx) {
    return false;
  }
  // Room for one extra block of final output (none is expected with padding off).
  out->assign(in.size() + 64, 0);
  int update_len = 0;
  int final_len = 0;
  if (lib.EVP_CipherUpdate(ctx.get(), out->data(), &update_len, NonNullData(in),
                           static_cast<int>(in.size())) != 1) {
    *error = LibError(lib, "EVP_CipherUpdate");
    return false;
  }
  if (lib.EVP_CipherFinal_ex(ctx.get(), out->data() + update_len, &final_len) != 1) {
    *error = LibError(lib, "EVP_CipherFinal_ex");
    return false;
  }
  out->resize(static_cast<size_t>(update_len) + static_cast<size_t>(final_len));
  return true;
}

// The timed operation: one EVP_EncryptUpdate (or EVP_DecryptUpdate) per iteration on a
// long-lived context. Not EVP_CipherUpdate: that only forwards to one of the two, through
// libcrypto's PLT, and the extra jumps cost about a nanosecond a call, 5-10% of a 16-byte
// AES-128-CBC operation (Sapphire Rapids, OpenSSL 3.0.19); openssl speed calls
// EVP_EncryptUpdate too.
class CipherOperation : public PreparedOperation {
 public:
  CipherOperation(LibcryptoPtr lib, Owned<EVP_CIPHER> cipher, Owned<EVP_CIPHER_CTX> ctx,
                  bool encrypt, AlignedBuffer in, std::vector<uint8_t> iv, bool reset_iv_per_op)
      : lib_(std::move(lib)),
        cipher_(std::move(cipher)),
        ctx_(std::move(ctx)),
        update_(encrypt ? lib_->EVP_EncryptUpdate : lib_->EVP_DecryptUpdate),
        update_name_(encrypt ? "EVP_EncryptUpdate" : "EVP_DecryptUpdate"),
        in_(std::move(in)),
        out_(in_.size() + 64),
        iv_(std::move(iv)),
        reset_iv_per_op_(reset_iv_per_op) {}

  bool Run(uint64_t iterations) override {
    // Locals, so the loop keeps them in registers rather than reloading them after each call.
    const Libcrypto& lib = *lib_;
    const auto update = update_;
    EVP_CIPHER_CTX* const ctx = ctx_.get();
    uint8_t* const out = out_.data();
    const uint8_t* const in = in_.data();
    const int in_len = static_cast<int>(in_.size());
    for (uint64_t i = 0; i < iterations; ++i) {
      // XTS: every operation is a new data unit with its own tweak (the IV).
      if (reset_iv_per_op_ &&
          lib.EVP_CipherInit_ex(ctx, nullptr, nullptr, nullptr, iv_.data(), -1) != 1) {
        error_ = LibError(lib, "EVP_CipherInit_ex");
        return false;
      }
      int out_len = 0;
      if (update(ctx, out, &out_len, in, in_len) != 1) {
        error_ = LibError(lib, update_name_);
        return false;
      }
    }
    return true;
  }

  /// Output of the latest operation (input-sized).
  std::span<const uint8_t> output() const { return out_.span().first(in_.size()); }

 private:
  LibcryptoPtr lib_;
  Owned<EVP_CIPHER> cipher_;  // declared before ctx_: outlives it
  Owned<EVP_CIPHER_CTX> ctx_;
  decltype(Libcrypto::EVP_EncryptUpdate) update_;  // EVP_EncryptUpdate or EVP_DecryptUpdate
  const char* update_name_;
  AlignedBuffer in_;
  AlignedBuffer out_;
  std::vector<uint8_t> iv_;
  bool reset_iv_per_op_;
};

// Key and IV lengths of a KAT vector must match the cipher's: EVP_CipherInit_ex reads exactly
// the cipher's lengths from the pointers it is given.
std::string CheckLengths(const AlgorithmInfo& alg, size_t key_len, size_t iv_len) {
  std::string problem = LengthProblem(alg, "key", key_len, alg.key_len);
  return problem.empty() ? LengthProblem(alg, "IV", iv_len, alg.iv_len) : problem;
}

}  // namespace

Owned<EVP_CIPHER> FetchPreparedCipher(const Libcrypto& lib, const AlgorithmInfo& alg, Operation op,
                                      size_t input_len,
                                      std::string (*size_problem)(const AlgorithmInfo& alg,
                                                                  size_t input_len),
                                      PrepareFailure* failure, std::string* error) {
  if (op != Operation::kEncrypt && op != Operation::kDecrypt) {
    PrepareNoSuchOperation(alg, op, failure, error);
    return nullptr;
  }
  std::string problem;
  if (input_len > static_cast<size_t>(INT_MAX) - 64) {
    problem = "input size " + std::to_string(input_len) + " is out of range";
  } else if (size_problem != nullptr) {
    problem = size_problem(alg, input_len);
  }
  Owned<EVP_CIPHER> cipher = FetchCipherUnless(lib, alg, std::move(problem), &problem);
  if (!cipher) {
    PrepareFailed(PrepareFailure::kLibraryError, std::move(problem), failure, error);
  }
  return cipher;
}

bool HasCipherOfKind(const Libcrypto& lib, const AlgorithmInfo& alg, AlgorithmKind kind) {
  return alg.kind == kind && FetchCipher(lib, alg.openssl_name) != nullptr;
}

bool CipherSupported(const Libcrypto& lib, const AlgorithmInfo& alg) {
  return HasCipherOfKind(lib, alg, AlgorithmKind::kCipher);
}

std::string LengthProblem(const AlgorithmInfo& alg, std::string_view what, size_t len,
                          size_t expected) {
  if (len == expected) {
    return "";
  }
  return std::string(what) + " is " + std::to_string(len) + " bytes, " + std::string(alg.name) +
         " needs " + std::to_string(expected);
}

Owned<EVP_CIPHER> FetchCipherUnless(const Libcrypto& lib, const AlgorithmInfo& alg,
                                    std::string problem, std::string* problem_out) {
  Owned<EVP_CIPHER> cipher;
  if (problem.empty()) {
    cipher = FetchCipher(lib, alg.openssl_name);
    if (!cipher) {
      problem = "the library has no cipher " + std::string(alg.openssl_name);
    }
  }
  *problem_out = std::move(problem);
  return cipher;
}

std::unique_ptr<PreparedOperation> PrepareCipher(const LibcryptoPtr& lib_ptr,
                                                 const AlgorithmInfo& alg, Operation op,
                                                 size_t input_len, PrepareFailure* failure,
                                                 std::string* error) {
  const Libcrypto& lib = *lib_ptr;
  Owned<EVP_CIPHER> cipher =
      FetchPreparedCipher(lib, alg, op, input_len, &CipherInputSizeProblem, failure, error);
  if (!cipher) {
    return nullptr;
  }
  // XTS keys are two AES keys that must differ (IEEE 1619 5.1; 3.x refuses equal halves): the
  // pattern never repeats, so they do.
  const std::vector<uint8_t> key = PatternBytes(alg.key_len, kKeySeed);
  const std::vector<uint8_t> iv = PatternBytes(alg.iv_len, kIvSeed);
  AlignedBuffer plaintext(input_len);
  FillPattern(plaintext.span(), kPlaintextSeed);

  std::string message;
  const bool encrypt = op == Operation::kEncrypt;
  AlignedBuffer input(input_len);
  std::vector<uint8_t> ciphertext;
  if (encrypt) {
    std::memcpy(input.data(), plaintext.data(), input_len);
  } else {
    if (!OneShot(lib, cipher.get(), key, iv, 1, plaintext.span(), &ciphertext, &message)) {
      return PrepareFailed(PrepareFailure::kLibraryError, message, failure, error);
    }
    std::memcpy(input.data(), ciphertext.data(), input_len);
  }
  Owned<EVP_CIPHER_CTX> ctx =
      NewCipherContext(lib, cipher.get(), key, iv, encrypt ? 1 : 0, &message);
  if (!ctx) {
    return PrepareFailed(PrepareFailure::kLibraryError, message, failure, error);
  }
  const EVP_CIPHER* cipher_ref = cipher.get();  // owned by `prepared` from here on
  auto prepared = std::make_unique<CipherOperation>(lib_ptr, std::move(cipher), std::move(ctx),
                                                    encrypt, std::move(input), iv, IsXts(alg));
  if (!prepared->Run(1)) {
    return PrepareFailed(PrepareFailure::kLibraryError, prepared->error(), failure, error);
  }

  // Correctness at this size: the first timed operation starts from the same key and IV as a
  // fresh context, so encrypt output must decrypt to the plaintext (and differ from it), and
  // decrypt output must be the plaintext.
  std::vector<uint8_t> out(prepared->output().begin(), prepared->output().end());
  CorruptIfTesting(out);
  if (!CheckCipherRoundTrip(
          alg, encrypt, input_len, plaintext.span(), out,
          [&](const std::vector<uint8_t>& in, std::vector<uint8_t>* back) {
            std::string one_shot_error;
            return OneShot(lib, cipher_ref, key, iv, 0, in, back, &one_shot_error) ? std::string()
                                                                                   : one_shot_error;
          },
          failure, error)) {
    return nullptr;
  }
  return prepared;
}

std::string CipherOneShot(const Libcrypto& lib, const AlgorithmInfo& alg, bool decrypt,
                          std::span<const uint8_t> key, std::span<const uint8_t> iv,
                          std::span<const uint8_t> input, std::vector<uint8_t>* output) {
  std::string problem = CheckLengths(alg, key.size(), iv.size());
  if (problem.empty() && input.size() > static_cast<size_t>(INT_MAX) - 64) {
    problem = "input of " + std::to_string(input.size()) + " bytes is too long";
  }
  Owned<EVP_CIPHER> cipher = FetchCipherUnless(lib, alg, std::move(problem), &problem);
  if (!cipher) {
    return problem;
  }
  std::string message;
  if (!OneShot(lib, cipher.get(), key, iv, decrypt ? 0 : 1, input, output, &message)) {
    lib.ERR_clear_error();
    return message;
  }
  return "";
}

}  // namespace cryptobench::backends::openssl
