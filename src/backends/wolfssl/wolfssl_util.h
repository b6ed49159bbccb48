// Helpers shared by the wolfSSL backend's algorithm families: the deterministic inputs, error
// text, size conversion, the cipher modes this build has, and wolfCrypt's random number
// generator. wolfSSL's headers need <wolfssl/options.h> first (its structures' layout depends
// on the build options); it sorts first among them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <wolfssl/options.h>
#include <wolfssl/wolfcrypt/random.h>

#include "backends/backend.h"
#include "backends/common/timing_inputs.h"
namespace cryptobench::backends::wolfssl {

/// The wolfCrypt code path of a cipher or AEAD.
enum class Mode { kNone, kCbc, kCtr, kEcb, kXts, kDes3Cbc, kChaCha20, kGcm, kCcm, kChaChaPoly };

/// The mode of a catalogue cipher or AEAD; kNone for anything else.
Mode ModeOf(const AlgorithmInfo& alg);

/// Whether this wolfSSL build has `mode` (wolfssl/options.h, e.g. WOLFSSL_AES_XTS).
bool Compiled(Mode mode);

/// Backend::Prepare's failure for an operation `alg` does not have: PrepareNoSuchOperationIn
/// (buffers.h) with this library's name.
std::unique_ptr<PreparedOperation> NoSuchOperation(const AlgorithmInfo& alg, Operation op,
                                                   PrepareFailure* failure, std::string* error);

/// "CALL failed: N (wolfCrypt's description)" for a negative wolfCrypt return code `ret`.
std::string WolfError(std::string_view call, int ret);

/// wolfCrypt takes lengths as word32; every size here is at most 64 MiB (the --bytes limit).
inline uint32_t Len32(size_t len) { return static_cast<uint32_t>(len); }

/// wolfCrypt's Hash_DRBG (wc_InitRng: NIST SP 800-90A, seeded from the operating system), for
/// RSA blinding, ECDSA nonces and ECC side-channel countermeasures. One per prepared operation.
class Rng {
 public:
  Rng();
  ~Rng();
  Rng(const Rng&) = delete;
  Rng& operator=(const Rng&) = delete;

  /// "" if wc_InitRng succeeded, else the failure.
  const std::string& error() const { return error_; }
  WC_RNG* get() { return &rng_; }

 private:
  WC_RNG rng_;
  std::string error_;
};

}  // namespace cryptobench::backends::wolfssl
