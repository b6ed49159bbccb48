// The Nettle backend: Backend over Nettle and Hogweed.
#include "backends/nettle/nettle_backend.h"

#include <nettle/version.h>

#include "backends/common/library_backend.h"
#include "backends/common/library_identity.h"
#include "backends/nettle/nettle_internal.h"

namespace cryptobench::backends {
namespace nettle {
namespace {

class NettleBackend : public LibraryBackend {
 public:
  NettleBackend()
      : LibraryBackend(
            "Nettle offers no ",
            {.cipher = &CipherSupported,
             .aead = &AeadSupported,
             .hash = &HashOrMacSupported,
             .mac = &HashOrMacSupported,
             .signature = &SignatureSupported,
             .key_agreement = &KeyAgreementSupported},
            {.cipher = &PrepareCipher,
             .aead = AeadBinding().prepare,
             .hash = &PrepareHashOrMac,
             .mac = &PrepareHashOrMac,
             .signature = SignatureBinding().prepare,
             .key_agreement = KeyAgreementBinding().prepare},
            MergeOneShots({CipherOneShots(), AeadBinding().OneShots(), HashAndMacOneShots(),
                           SignatureBinding().OneShots(), KeyAgreementBinding().OneShots()})) {}

  results::LibraryInfo Identity() const override {
    results::LibraryInfo info;
    info.backend = "nettle";
    // Nettle reports major.minor at run time (version.h); the patch level is not exposed.
    const int major = nettle_version_major();
    const int minor = nettle_version_minor();
    info.version = std::to_string(major) + "." + std::to_string(minor);
    info.version_num = (static_cast<uint64_t>(major) << 16) | (static_cast<uint64_t>(minor) << 8);
    info.loaded_path = SharedObjectPathOf(&nettle_version_major);
    return info;
  }
};

}  // namespace
}  // namespace nettle

std::unique_ptr<Backend> OpenNettleBackend(const std::string& library_path) {
  (void)library_path;  // linked at build time
  return std::make_unique<nettle::NettleBackend>();
}

}  // namespace cryptobench::backends
