// The AF_ALG backend (afalg_backend.h).
#include "backends/afalg/afalg_backend.h"

#include <cerrno>
#include <exception>
#include <fstream>
#include <map>
#include <sstream>

#include <sys/utsname.h>

#include "backends/afalg/algorithms.h"
#include "backends/afalg/one_shot.h"
#include "backends/afalg/operations.h"
#include "backends/afalg/proc_crypto.h"
#include "backends/afalg/protocol.h"
#include "backends/common/buffers.h"
#include "core/errors.h"

namespace cryptobench::backends {
namespace {

using afalg::AlgType;

std::string ReadProcCrypto() {
  std::ifstream file("/proc/crypto");
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

class AfalgBackend : public Backend {
 public:
  AfalgBackend(std::shared_ptr<afalg::SocketApi> api, std::function<std::string()> read_proc_crypto)
      : api_(std::move(api)), read_proc_crypto_(std::move(read_proc_crypto)), one_shot_(api_) {}

  results::LibraryInfo Identity() const override {
    results::LibraryInfo info;
    info.backend = "afalg";
    utsname names = {};
    if (uname(&names) == 0) {
      info.version = std::string("Linux ") + names.release;  // the kernel is the library
      info.built_on = names.version;
      info.platform = names.machine;
    }
    info.options = "AF_ALG skcipher, aead, hash";
    return info;
  }

  bool Supports(const AlgorithmInfo& alg) override {
    const auto cached = supported_.find(std::string(alg.name));
    if (cached != supported_.end()) {
      return cached->second;
    }
    // Binding instantiates the algorithm (and any template) if the kernel can; the key length
    // and AEAD tag length are checked by the setsockopt() calls.
    bool supported = false;
    if (const auto kernel = afalg::KernelAlgorithmFor(alg)) {
      afalg::Socket transform;
      supported =
          afalg::OpenTransform(api_, kernel->type, kernel->name, PatternBytes(alg.key_len, 1),
                               kernel->type == AlgType::kAead ? alg.tag_len : 0, &transform)
              .empty();
    }
    supported_[std::string(alg.name)] = supported;
    return supported;
  }

  results::KatResult RunKat(const AlgorithmInfo& alg) override {
    return RunKatVectors(one_shot_, alg, corrupt_outputs_for_testing_);
  }

  KatTarget* OneShot() override { return &one_shot_; }

  std::unique_ptr<PreparedOperation> Prepare(const AlgorithmInfo& alg, Operation op,
                                             size_t input_len, PrepareFailure* failure,
                                             std::string* error) override {
    if (failure != nullptr) {
      *failure = PrepareFailure::kNone;
    }
    const auto kernel = afalg::KernelAlgorithmFor(alg);
    if (!kernel) {
      return PrepareFailed(PrepareFailure::kLibraryError, "AF_ALG has no " + std::string(alg.name),
                           failure, error);
    }
    const bool corrupt = corrupt_outputs_for_testing_;
    try {
      switch (kernel->type) {
        case AlgType::kSkcipher:
          return afalg::PrepareSkcipher(api_, alg, op, input_len, corrupt, failure, error);
        case AlgType::kAead:
          return afalg::PrepareAeadRequest(api_, alg, op, input_len, corrupt, failure, error);
        case AlgType::kHash:
          return afalg::PrepareHash(api_, alg, op, input_len, corrupt, failure, error);
      }
    } catch (const std::exception& e) {
      return PrepareFailed(PrepareFailure::kLibraryError,
                           std::string("preparing ") + std::string(alg.name) + ": " + e.what(),
                           failure, error);
    }
    return nullptr;
  }

  std::string Implementation(const AlgorithmInfo& alg) override {
    const auto kernel = afalg::KernelAlgorithmFor(alg);
    if (!kernel || !Supports(alg)) {
      return "";
    }
    // Templates ("hmac(sha256)", "gcm(aes)") appear in /proc/crypto once instantiated, which
    // Supports() did by binding. The socket type names which entry types can serve it.
    const std::vector<afalg::ProcCryptoEntry> entries = afalg::ParseProcCrypto(read_proc_crypto_());
    const afalg::ProcCryptoEntry* driver =
        afalg::ServingDriver(entries, kernel->name, afalg::AlgTypeName(kernel->type));
    return driver != nullptr ? afalg::DescribeDriver(*driver) : "";
  }

 private:
  std::shared_ptr<afalg::SocketApi> api_;
  std::function<std::string()> read_proc_crypto_;
  afalg::AfalgOneShot one_shot_;
  std::map<std::string, bool> supported_;
};

}  // namespace

std::unique_ptr<Backend> MakeAfalgBackend(std::shared_ptr<afalg::SocketApi> api,
                                          std::function<std::string()> read_proc_crypto) {
  const int probe = api->Socket();
  if (probe < 0) {
    const std::string reason = "(socket: " + afalg::ErrnoText(probe) + ")";
    throw UsageError(probe == -EAFNOSUPPORT ? "the kernel has no AF_ALG " + reason
                                            : "cannot open an AF_ALG socket " + reason);
  }
  api->Close(probe);
  return std::make_unique<AfalgBackend>(std::move(api), std::move(read_proc_crypto));
}

std::unique_ptr<Backend> OpenAfalgBackend(const std::string& library_path) {
  (void)library_path;  // nothing to load: the kernel is the implementation
  return MakeAfalgBackend(afalg::KernelSocketApi(), &ReadProcCrypto);
}

}  // namespace cryptobench::backends
