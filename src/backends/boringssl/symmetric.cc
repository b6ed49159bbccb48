// BoringSSL ciphers and hashes (symmetric.h).
#include "backends/boringssl/symmetric.h"

#include <climits>
#include <cstring>
#include <span>

#include "backends/common/buffers.h"
#include "backends/common/timing_inputs.h"
namespace cryptobench::backends::boringssl {
namespace {

constexpr size_t kChaChaBlockLen = 64;
constexpr size_t kChaChaIvLen = 16;  // 4-byte counter || 12-byte nonce (OpenSSL's layout)
// Largest digest of any EVP_MD (EVP_MAX_MD_SIZE, BoringSSL digest.h).
constexpr size_t kMaxDigestLen = 64;

bool IsChaCha20(const AlgorithmInfo& alg) { return alg.name == "ChaCha20"; }

uint32_t LoadLittleEndian32(const uint8_t* bytes) {
  return static_cast<uint32_t>(bytes[0]) | static_cast<uint32_t>(bytes[1]) << 8 |
         static_cast<uint32_t>(bytes[2]) << 16 | static_cast<uint32_t>(bytes[3]) << 24;
}

const EVP_CIPHER* FindCipher(const Libcrypto& lib, const AlgorithmInfo& alg) {
  const std::string name(alg.openssl_name);
  const EVP_CIPHER* cipher = lib.EVP_get_cipherbyname(name.c_str());
  lib.ERR_clear_error();
  return cipher;
}

const EVP_MD* FindDigest(const Libcrypto& lib, const AlgorithmInfo& alg) {
  const std::string name(alg.openssl_name);
  const EVP_MD* md = lib.EVP_get_digestbyname(name.c_str());
  lib.ERR_clear_error();
  return md;
}

// ChaCha20 over `in` with a 16-byte OpenSSL-layout IV.
void ChaCha20(const Libcrypto& lib, std::span<const uint8_t> key, std::span<const uint8_t> iv,
              std::span<const uint8_t> in, uint8_t* out) {
  lib.CRYPTO_chacha_20(out, NonNullData(in), in.size(), key.data(), iv.data() + 4,
                       LoadLittleEndian32(iv.data()));
}

class ChaCha20Operation : public PreparedOperation {
 public:
  ChaCha20Operation(LibPtr lib, std::vector<uint8_t> key, std::vector<uint8_t> iv, AlignedBuffer in)
      : lib_(std::move(lib)),
        key_(std::move(key)),
        nonce_(iv.begin() + 4, iv.end()),
        counter_(LoadLittleEndian32(iv.data())),
        in_(std::move(in)),
        out_(in_.size()),
        blocks_per_op_(
            static_cast<uint32_t>((in_.size() + kChaChaBlockLen - 1) / kChaChaBlockLen)) {}

  bool Run(uint64_t iterations) override {
    const Libcrypto& lib = *lib_;
    for (uint64_t i = 0; i < iterations; ++i) {
      lib.CRYPTO_chacha_20(out_.data(), in_.data(), in_.size(), key_.data(), nonce_.data(),
                           counter_);
      counter_ += blocks_per_op_;  // wraps at 2^32 blocks (256 GiB), as the RFC 8439 counter does
    }
    return true;
  }

  std::span<const uint8_t> output() const { return out_.span(); }

 private:
  LibPtr lib_;
  std::vector<uint8_t> key_;
  std::vector<uint8_t> nonce_;
  uint32_t counter_;
  AlignedBuffer in_;
  AlignedBuffer out_;
  uint32_t blocks_per_op_;
};

}  // namespace

bool CipherSupported(const Libcrypto& lib, const AlgorithmInfo& alg) {
  if (alg.kind != AlgorithmKind::kCipher) {
    return false;
  }
  return IsChaCha20(alg) || FindCipher(lib, alg) != nullptr;
}

std::string CipherOneShot(const Libcrypto& lib, const AlgorithmInfo& alg, bool decrypt,
                          const Bytes& key, const Bytes& iv, const Bytes& input, Bytes* output) {
  // EVP_CipherInit_ex and CRYPTO_chacha_20 read exactly the cipher's key and IV lengths.
  if (key.size() != alg.key_len || iv.size() != alg.iv_len) {
    return "key or IV length does not match " + std::string(alg.name);
  }
  if (input.size() > static_cast<size_t>(INT_MAX) - 64) {
    return "input too long";
  }
  if (IsChaCha20(alg)) {
    output->assign(input.size(), 0);
    ChaCha20(lib, key, iv, input, output->data());
    return "";
  }
  const EVP_CIPHER* cipher = FindCipher(lib, alg);
  if (cipher == nullptr) {
    return "EVP_get_cipherbyname(" + std::string(alg.openssl_name) + ") found nothing";
  }
  Owned<EVP_CIPHER_CTX> ctx(lib.EVP_CIPHER_CTX_new(), lib.EVP_CIPHER_CTX_free);
  if (!ctx || lib.EVP_CipherInit_ex(ctx.get(), cipher, nullptr, key.data(),
                                    iv.empty() ? nullptr : iv.data(), decrypt ? 0 : 1) != 1) {
    return LibError(lib, "EVP_CipherInit_ex");
  }
  if (lib.EVP_CIPHER_CTX_set_padding(ctx.get(), 0) != 1) {
    return LibError(lib, "EVP_CIPHER_CTX_set_padding");
  }
  output->assign(input.size() + 64, 0);  // room for a final block (none expected, padding off)
  int update_len = 0;
  int final_len = 0;
  if (lib.EVP_CipherUpdate(ctx.get(), output->data(), &update_len, NonNullData(input),
                           static_cast<int>(input.size())) != 1) {
    return LibError(lib, "EVP_CipherUpdate");
  }
  if (lib.EVP_CipherFinal_ex(ctx.get(), output->data() + update_len, &final_len) != 1) {
    return LibError(lib, "EVP_CipherFinal_ex");
  }
  output->resize(static_cast<size_t>(update_len) + static_cast<size_t>(final_len));
  return "";
}

std::unique_ptr<PreparedOperation> PrepareChaCha20(const LibPtr& lib, const AlgorithmInfo& alg,
                                                   Operation op, size_t input_len,
                                                   PrepareFailure* failure, std::string* error) {
  if (op != Operation::kEncrypt && op != Operation::kDecrypt) {
    return PrepareNoSuchOperation(alg, op, failure, error);
  }
  if (input_len == 0 || alg.key_len != 32 || alg.iv_len != kChaChaIvLen) {
    return PrepareFailed(PrepareFailure::kLibraryError,
                         "ChaCha20 needs a 32-byte key, a 16-byte IV and a non-empty input",
                         failure, error);
  }
  const std::vector<uint8_t> key = PatternBytes(alg.key_len, kKeySeed);
  std::vector<uint8_t> iv = PatternBytes(alg.iv_len, kIvSeed);
  std::fill(iv.begin(), iv.begin() + 4, 0);  // start at block 0: no counter wrap while timing
  std::vector<uint8_t> plaintext = PatternBytes(input_len, kPlaintextSeed);
  AlignedBuffer input(input_len);
  if (op == Operation::kEncrypt) {
    std::memcpy(input.data(), plaintext.data(), input_len);
  } else {
    ChaCha20(*lib, key, iv, plaintext, input.data());  // real ciphertext to decrypt
  }
  auto prepared = std::make_unique<ChaCha20Operation>(lib, key, iv, std::move(input));
  prepared->Run(1);
  // The first timed call starts at the prepared IV, so a fresh call must invert it.
  std::vector<uint8_t> out(prepared->output().begin(), prepared->output().end());
  CorruptIfTesting(out);
  std::string mismatch;
  if (op == Operation::kEncrypt) {
    std::vector<uint8_t> decrypted(input_len);
    ChaCha20(*lib, key, iv, out, decrypted.data());
    mismatch = CompareBytes("decryption of the timed ciphertext", decrypted, plaintext);
    if (mismatch.empty() && out == plaintext) {
      mismatch = "ciphertext equals the plaintext";
    }
  } else {
    mismatch = CompareBytes("decrypted text", out, plaintext);
  }
  if (!mismatch.empty()) {
    return PrepareCheckFailed(alg, input_len, mismatch, failure, error);
  }
  return prepared;
}

bool DigestSupported(const Libcrypto& lib, const AlgorithmInfo& alg) {
  return alg.kind == AlgorithmKind::kHash && FindDigest(lib, alg) != nullptr;
}

std::string HashOneShot(const Libcrypto& lib, const AlgorithmInfo& alg, const Bytes& message,
                        Bytes* digest) {
  const EVP_MD* md = FindDigest(lib, alg);
  if (md == nullptr) {
    return "EVP_get_digestbyname(" + std::string(alg.openssl_name) + ") found nothing";
  }
  digest->assign(kMaxDigestLen, 0);
  unsigned int len = 0;
  if (lib.EVP_Digest(NonNullData(message), message.size(), digest->data(), &len, md, nullptr) !=
      1) {
    return LibError(lib, "EVP_Digest");
  }
  digest->resize(len);
  return "";
}

}  // namespace cryptobench::backends::boringssl
