// The libgcrypt backend: initialisation, identity, and Backend over gcry_* (gcrypt_internal.h).
#include "backends/gcrypt/gcrypt_backend.h"

#include <cstdlib>

#include "backends/common/library_backend.h"
#include "backends/common/library_identity.h"
#include "backends/gcrypt/gcrypt_internal.h"
#include "core/errors.h"

namespace cryptobench::backends {
namespace gcrypt {

std::string CallError(std::string_view call, gcry_error_t err) {
  return std::string(call) + ": " + gcry_strerror(err);
}

Bytes SexpTokenBytes(gcry_sexp_t sexp, const char* token) {
  Sexp found(gcry_sexp_find_token(sexp, token, 0));
  if (!found) {
    return {};
  }
  size_t len = 0;
  const char* data = gcry_sexp_nth_data(found.get(), 1, &len);
  if (data == nullptr) {
    return {};
  }
  const auto* bytes = reinterpret_cast<const uint8_t*>(data);
  return Bytes(bytes, bytes + len);
}

Mpi MpiFromBytes(std::span<const uint8_t> bytes) {
  gcry_mpi_t mpi = nullptr;
  static const uint8_t kZero = 0;
  if (gcry_mpi_scan(&mpi, GCRYMPI_FMT_USG, bytes.empty() ? &kZero : bytes.data(),
                    bytes.empty() ? 1 : bytes.size(), nullptr) != 0) {
    return nullptr;
  }
  return Mpi(mpi);
}

Bytes MpiBytes(gcry_mpi_t mpi, size_t width) {
  Bytes out(width);
  size_t written = 0;
  if (gcry_mpi_print(GCRYMPI_FMT_USG, out.data(), width, &written, mpi) != 0) {
    return {};
  }
  out.insert(out.begin(), width - written, 0);
  out.resize(width);
  return out;
}

namespace {

// Initialises libgcrypt once per process (its manual, "Initializing the library"): hardware
// features named in kGcryptDisableHwfVariable are disabled first, as GCRYCTL_DISABLE_HWF must
// come before gcry_check_version. Returns "" or the one-line reason it cannot be used.
const std::string& InitialiseOnce() {
  static const std::string failure = []() -> std::string {
    const std::string variable(kGcryptDisableHwfVariable);
    const char* deny = std::getenv(variable.c_str());
    if (gcry_control(GCRYCTL_INITIALIZATION_FINISHED_P)) {
      // Something else in this process initialised libgcrypt: too late to disable features.
      return deny == nullptr ? ""
                             : variable +
                                   " is set, but libgcrypt was already initialised in "
                                   "this process, so it cannot apply";
    }
    if (deny != nullptr) {
      std::string names(deny);
      size_t start = 0;
      while (start <= names.size()) {
        const size_t end = std::min(names.find(',', start), names.size());
        const std::string name = names.substr(start, end - start);
        if (!name.empty()) {
          if (gcry_control(GCRYCTL_DISABLE_HWF, name.c_str(), nullptr) != 0) {
            return variable + ": libgcrypt knows no hardware feature '" + name +
                   "' (names as in its hwflist, e.g. intel-aesni)";
          }
        }
        start = end + 1;
      }
    }
    if (gcry_check_version("1.8.0") == nullptr) {
      return std::string("libgcrypt ") + gcry_check_version(nullptr) +
             " is older than 1.8.0, which cryptobench needs";
    }
    gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
    return "";
  }();
  return failure;
}

// "hwflist:intel-aesni:..." without the trailing separator: the hardware features libgcrypt
// uses, after /etc/gcrypt/hwf.deny and kGcryptDisableHwfVariable.
std::string HardwareFeatures() {
  char* config = gcry_get_config(0, "hwflist");
  if (config == nullptr) {
    return "";
  }
  std::string text(config);
  gcry_free(config);
  while (!text.empty() && (text.back() == '\n' || text.back() == ':')) {
    text.pop_back();
  }
  return text;
}

class GcryptBackend : public LibraryBackend {
 public:
  GcryptBackend()
      : LibraryBackend(
            "libgcrypt offers no ",
            {.cipher = &CipherOrAeadSupported,
             .aead = &CipherOrAeadSupported,
             .hash = &HashOrMacSupported,
             .mac = &HashOrMacSupported,
             .signature = &SignatureSupported,
             .key_agreement = &KeyAgreementSupported},
            {.cipher = &PrepareCipherOrAead,
             .aead = &PrepareCipherOrAead,
             .hash = &PrepareHashOrMac,
             .mac = &PrepareHashOrMac,
             .signature = SignatureBinding().prepare,
             .key_agreement = KeyAgreementBinding().prepare},
            MergeOneShots({CipherAndAeadOneShots(), HashAndMacOneShots(),
                           SignatureBinding().OneShots(), KeyAgreementBinding().OneShots()})) {}

  results::LibraryInfo Identity() const override {
    results::LibraryInfo info;
    info.backend = "gcrypt";
    const char* version = gcry_check_version(nullptr);
    info.version = version != nullptr ? version : "";
    info.version_num = version != nullptr ? DottedVersionNumber(version) : 0;
    info.loaded_path = SharedObjectPathOf(&gcry_check_version);
    info.cpu_info = HardwareFeatures();
    return info;
  }
};

}  // namespace
}  // namespace gcrypt

std::unique_ptr<Backend> OpenGcryptBackend(const std::string& library_path) {
  (void)library_path;  // linked at build time
  if (const std::string& failure = gcrypt::InitialiseOnce(); !failure.empty()) {
    throw UsageError(failure);
  }
  return std::make_unique<gcrypt::GcryptBackend>();
}

}  // namespace cryptobench::backends
