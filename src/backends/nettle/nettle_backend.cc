// The Nettle backend: Backend over Nettle and Hogweed.
#include "backends/nettle/nettle_backend.h"

#include <dlfcn.h>

#include <climits>
#include <cstdlib>
#include <exception>

#include <nettle/version.h>

#include "backends/common/buffers.h"
#include "backends/nettle/nettle_internal.h"

namespace cryptobench::backends {
namespace nettle {
namespace {

// Real path of the shared object that defines `symbol`.
std::string LoadedPath(void* symbol) {
  Dl_info info{};
  if (dladdr(symbol, &info) == 0 || info.dli_fname == nullptr) {
    return "";
  }
  char resolved[PATH_MAX];
  return realpath(info.dli_fname, resolved) != nullptr ? resolved : info.dli_fname;
}

class NettleBackend : public Backend {
 public:
  results::LibraryInfo Identity() const override {
    results::LibraryInfo info;
    info.backend = "nettle";
    // Nettle reports major.minor at run time (version.h); the patch level is not exposed.
    const int major = nettle_version_major();
    const int minor = nettle_version_minor();
    info.version = std::to_string(major) + "." + std::to_string(minor);
    info.version_num = (static_cast<uint64_t>(major) << 16) | (static_cast<uint64_t>(minor) << 8);
    info.loaded_path = LoadedPath(reinterpret_cast<void*>(&nettle_version_major));
    return info;
  }

  bool Supports(const AlgorithmInfo& alg) override {
    try {
      switch (alg.kind) {
        case AlgorithmKind::kCipher:
          return CipherSupported(alg);
        case AlgorithmKind::kAead:
          return AeadSupported(alg);
        case AlgorithmKind::kHash:
        case AlgorithmKind::kMac:
          return HashOrMacSupported(alg);
        case AlgorithmKind::kSignature:
          return SignatureSupported(alg);
        case AlgorithmKind::kKeyAgreement:
          return KeyAgreementSupported(alg);
      }
    } catch (const std::exception&) {
      // Unknown means unsupported; the KAT run reports the detail.
    }
    return false;
  }

  results::KatResult RunKat(const AlgorithmInfo& alg) override {
    return RunKatVectors(target_, alg, corrupt_outputs_for_testing_);
  }

  KatTarget* OneShot() override { return &target_; }

  std::unique_ptr<PreparedOperation> Prepare(const AlgorithmInfo& alg, Operation op,
                                             size_t input_len, PrepareFailure* failure,
                                             std::string* error) override {
    if (failure != nullptr) {
      *failure = PrepareFailure::kNone;
    }
    const bool corrupt = corrupt_outputs_for_testing_;
    try {
      switch (alg.kind) {
        case AlgorithmKind::kCipher:
          return PrepareCipher(target_, alg, op, input_len, corrupt, failure, error);
        case AlgorithmKind::kAead:
          return PrepareAead(target_, alg, op, input_len, corrupt, failure, error);
        case AlgorithmKind::kHash:
        case AlgorithmKind::kMac:
          return PrepareHashOrMac(target_, alg, op, input_len, corrupt, failure, error);
        case AlgorithmKind::kSignature:
          return PrepareSignature(alg, op, corrupt, failure, error);
        case AlgorithmKind::kKeyAgreement:
          return PrepareKeyAgreement(target_, alg, op, corrupt, failure, error);
      }
    } catch (const std::exception& e) {
      return PrepareFailed(PrepareFailure::kLibraryError,
                           std::string("preparing ") + std::string(alg.name) + ": " + e.what(),
                           failure, error);
    }
    return PrepareFailed(PrepareFailure::kLibraryError, "Nettle offers no " + std::string(alg.name),
                         failure, error);
  }

 private:
  NettleTarget target_;
};

}  // namespace
}  // namespace nettle

std::unique_ptr<Backend> OpenNettleBackend(const std::string& library_path) {
  (void)library_path;  // linked at build time
  return std::make_unique<nettle::NettleBackend>();
}

}  // namespace cryptobench::backends
