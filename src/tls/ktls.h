// Kernel TLS (kTLS): whether this kernel offers it, read through a seam so the rules are tested
// with fakes, and the verdict that combines the kernel's facts with what the library did.
// Linux kTLS: Documentation/networking/tls.rst; a socket switches to it with
// setsockopt(SOL_TCP, TCP_ULP, "tls"), which loads the tls module when it can be loaded.
#pragma once

#include <optional>
#include <string>

#include "tls/model.h"

namespace cryptobench::tls {

/// Where the kernel facts come from.
class KtlsSystem {
 public:
  virtual ~KtlsSystem() = default;
  /// /proc/sys/net/ipv4/tcp_available_ulp (the upper-layer protocols the kernel has loaded,
  /// e.g. "mptcp tls"), or nullopt when it cannot be read.
  virtual std::optional<std::string> AvailableUlps() = 0;
  /// Switches a connected loopback TCP socket to the tls ULP; 0 on success, else the errno
  /// (ENOENT: no tls module to load; EPERM: not allowed to load it).
  virtual int TryTlsUlp() = 0;
};

/// The real kernel.
KtlsSystem& RealKtlsSystem();

/// What the kernel offers.
struct KernelKtlsFacts {
  std::string ulp = "unknown";  ///< "available", "missing" or "unknown"
  std::string detail;           ///< the evidence, one sentence
};

/// Reads the kernel facts: available when tcp_available_ulp lists "tls" or switching a socket
/// to it works; missing when it is not listed and the switch fails with ENOENT or EPERM;
/// unknown otherwise.
KernelKtlsFacts KernelTlsFacts(KtlsSystem& system);

/// The run's kTLS verdict. `library_used`: nullopt when no transfer asked for kTLS (the kernel
/// lacks it, or --ktls off); else whether the library handed the sending side of a kTLS
/// transfer (the server's record encryption) to the kernel. `receive_offloaded`: whether it
/// handed the receiving side (the client's decryption) over too, in every transfer that used
/// kTLS (OpenSSL 3.0 does so for TLS 1.2 but not for TLS 1.3, as seen on Debian 12's kernel in
/// scripts/afalg-guest.sh). `backend` names the library in the reason.
KtlsInfo DecideKtls(const KernelKtlsFacts& kernel, const std::string& backend,
                    std::optional<bool> library_used, bool receive_offloaded, bool asked);

}  // namespace cryptobench::tls
