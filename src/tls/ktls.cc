// kTLS detection and verdict.
#include "tls/ktls.h"

#include <string.h>

#include <cerrno>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include "tls/socket.h"

namespace cryptobench::tls {
namespace {

class RealSystem : public KtlsSystem {
 public:
  std::optional<std::string> AvailableUlps() override {
    std::ifstream in("/proc/sys/net/ipv4/tcp_available_ulp");
    if (!in) {
      return std::nullopt;
    }
    std::ostringstream text;
    text << in.rdbuf();
    std::string value = text.str();
    while (!value.empty() && (value.back() == '\n' || value.back() == ' ')) {
      value.pop_back();
    }
    return value;
  }

  int TryTlsUlp() override {
    uint16_t port = 0;
    ListenFailure failure = ListenFailure::kNone;
    std::string error;
    Fd listener = ListenLoopback(0, &port, &failure, &error);
    if (!listener.valid()) {
      return EIO;
    }
    Fd client = ConnectTo("127.0.0.1", port, 5, &error);
    if (!client.valid()) {
      return EIO;
    }
    // The ULP attaches to an established socket only.
    Fd server = AcceptConnection(listener.get(), 5, &error);
    const int rc = setsockopt(client.get(), SOL_TCP, TCP_ULP, "tls", 3);
    return rc == 0 ? 0 : errno;
  }
};

bool ListsTls(const std::string& ulps) {
  std::istringstream words(ulps);
  std::string word;
  while (words >> word) {
    if (word == "tls") {
      return true;
    }
  }
  return false;
}

}  // namespace

KtlsSystem& RealKtlsSystem() {
  static RealSystem system;
  return system;
}

KernelKtlsFacts KernelTlsFacts(KtlsSystem& system) {
  KernelKtlsFacts facts;
  const std::optional<std::string> ulps = system.AvailableUlps();
  if (ulps && ListsTls(*ulps)) {
    facts.ulp = "available";
    facts.detail = fmt::format("tcp_available_ulp lists tls ({})", *ulps);
    return facts;
  }
  const int err = system.TryTlsUlp();
  const std::string listed =
      ulps ? fmt::format("tcp_available_ulp: '{}'", *ulps) : "tcp_available_ulp unreadable";
  if (err == 0) {
    facts.ulp = "available";
    facts.detail = fmt::format("{}; a socket switched to the tls ULP (the module loaded)", listed);
  } else if (err == ENOENT || err == EPERM) {
    facts.ulp = "missing";
    facts.detail = fmt::format("{}; setsockopt(TCP_ULP, \"tls\"): {}", listed, strerror(err));
  } else {
    facts.detail = fmt::format("{}; trying the tls ULP failed: {}", listed, strerror(err));
  }
  return facts;
}

KtlsInfo DecideKtls(const KernelKtlsFacts& kernel, const std::string& backend,
                    std::optional<bool> library_used, bool receive_offloaded, bool asked) {
  KtlsInfo info;
  info.kernel = kernel.ulp;
  info.library = "unknown";
  if (kernel.ulp == "missing") {
    info.status = "unavailable";
    info.reason = fmt::format(
        "this kernel has no TLS upper-layer protocol ({}): load the tls module (modprobe tls) "
        "or use a kernel built with CONFIG_TLS; measured without kTLS only",
        kernel.detail);
    return info;
  }
  if (!asked) {
    info.status = "not_tried";
    info.reason = kernel.ulp == "available"
                      ? "the kernel offers kTLS; --ktls off measured without it"
                      : fmt::format(
                            "whether the kernel offers kTLS is unknown ({}); --ktls off "
                            "measured without it",
                            kernel.detail);
    return info;
  }
  if (library_used.value_or(false)) {
    info.status = "used";
    info.library = "yes";
    info.reason =
        receive_offloaded
            ? "the kernel protected the records of the kTLS transfers on both sides; each "
              "suite is measured with and without kTLS"
            : "the kernel encrypted the records the server sent, and in some transfers (marked "
              "\"kTLS send\") the library kept the client's decryption in user space; each "
              "suite is measured with and without kTLS";
    return info;
  }
  info.status = "unavailable";
  info.library = library_used.has_value() ? "no" : "unknown";
  const std::string how =
      backend == "gnutls"
          ? "GnuTLS (3.7.3 or later, built with --enable-ktls) turns it on only through its "
            "system configuration file ([global] ktls = true)"
          : "OpenSSL 3.0 or later needs a build with enable-ktls and the suite's cipher in the "
            "kernel's kTLS (AES-GCM since Linux 4.13/4.17, ChaCha20-Poly1305 since 5.11)";
  info.reason = fmt::format(
      "the kernel offers kTLS ({}) but {} did not hand the records to it: {}; measured without "
      "kTLS",
      kernel.detail, backend, how);
  return info;
}

}  // namespace cryptobench::tls
