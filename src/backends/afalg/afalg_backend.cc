// The AF_ALG backend (afalg_backend.h).
#include "backends/afalg/afalg_backend.h"

#include <cerrno>
#include <fstream>
#include <sstream>

#include <sys/utsname.h>

#include "backends/afalg/algorithms.h"
#include "backends/afalg/one_shot.h"
#include "backends/afalg/operations.h"
#include "backends/afalg/proc_crypto.h"
#include "backends/afalg/protocol.h"
#include "backends/common/buffers.h"
#include "backends/common/library_backend.h"
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

class AfalgBackend : public LibraryBackend {
 public:
  AfalgBackend(std::shared_ptr<afalg::SocketApi> api, std::function<std::string()> read_proc_crypto)
      : LibraryBackend("AF_ALG has no "),
        api_(std::move(api)),
        read_proc_crypto_(std::move(read_proc_crypto)),
        one_shot_(api_) {}

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

  KatTarget* OneShot() override { return &one_shot_; }

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

 protected:
  bool Offers(const AlgorithmInfo& alg) override {
    // Binding instantiates the algorithm (and any template) if the kernel can; the key length
    // and AEAD tag length are checked by the setsockopt() calls.
    const auto kernel = afalg::KernelAlgorithmFor(alg);
    if (!kernel) {
      return false;
    }
    afalg::Socket transform;
    return afalg::OpenTransform(api_, kernel->type, kernel->name, PatternBytes(alg.key_len, 1),
                                kernel->type == AlgType::kAead ? alg.tag_len : 0, &transform)
        .empty();
  }

  std::unique_ptr<PreparedOperation> PrepareOffered(const AlgorithmInfo& alg, Operation op,
                                                    size_t input_len, PrepareFailure* failure,
                                                    std::string* error) override {
    const auto kernel = afalg::KernelAlgorithmFor(alg);
    if (!kernel) {
      return nullptr;
    }
    switch (kernel->type) {
      case AlgType::kSkcipher:
        return afalg::PrepareSkcipher(api_, alg, op, input_len, failure, error);
      case AlgType::kAead:
        return afalg::PrepareAeadRequest(api_, alg, op, input_len, failure, error);
      case AlgType::kHash:
        return afalg::PrepareHash(api_, alg, op, input_len, failure, error);
    }
    return nullptr;
  }

 private:
  std::shared_ptr<afalg::SocketApi> api_;
  std::function<std::string()> read_proc_crypto_;
  afalg::AfalgOneShot one_shot_;
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
