#include "tls/ktls.h"

#include <cerrno>

#include <gtest/gtest.h>

namespace cryptobench::tls {
namespace {

class FakeKtlsSystem : public KtlsSystem {
 public:
  FakeKtlsSystem(std::optional<std::string> ulps, int ulp_errno)
      : ulps_(std::move(ulps)), errno_(ulp_errno) {}
  std::optional<std::string> AvailableUlps() override { return ulps_; }
  int TryTlsUlp() override {
    ++tries;
    return errno_;
  }
  int tries = 0;

 private:
  std::optional<std::string> ulps_;
  int errno_;
};

TEST(KtlsTest, ListedUlpIsAvailableWithoutTryingASocket) {
  FakeKtlsSystem system("mptcp tls", ENOENT);
  const KernelKtlsFacts facts = KernelTlsFacts(system);
  EXPECT_EQ(facts.ulp, "available");
  EXPECT_EQ(system.tries, 0);
}

TEST(KtlsTest, AModuleThatLoadsOnDemandIsAvailable) {
  FakeKtlsSystem system("mptcp", 0);
  EXPECT_EQ(KernelTlsFacts(system).ulp, "available");
  EXPECT_EQ(system.tries, 1);
}

TEST(KtlsTest, NoModuleIsMissingAndTheVerdictSaysWhy) {
  FakeKtlsSystem system("mptcp", ENOENT);
  const KernelKtlsFacts facts = KernelTlsFacts(system);
  EXPECT_EQ(facts.ulp, "missing");
  EXPECT_NE(facts.detail.find("mptcp"), std::string::npos);
  const KtlsInfo info = DecideKtls(facts, "openssl", std::nullopt, true, false);
  EXPECT_EQ(info.status, "unavailable");
  EXPECT_EQ(info.kernel, "missing");
  EXPECT_NE(info.reason.find("modprobe tls"), std::string::npos);
}

TEST(KtlsTest, AnotherErrorLeavesTheKernelUnknown) {
  FakeKtlsSystem system(std::nullopt, EIO);
  EXPECT_EQ(KernelTlsFacts(system).ulp, "unknown");
}

TEST(KtlsTest, VerdictFollowsWhatTheLibraryDid) {
  const KernelKtlsFacts kernel{"available", "tcp_available_ulp lists tls"};
  const KtlsInfo both = DecideKtls(kernel, "openssl", true, true, true);
  EXPECT_EQ(both.status, "used");
  EXPECT_EQ(both.library, "yes");
  EXPECT_NE(both.reason.find("on both sides"), std::string::npos);
  const KtlsInfo refused = DecideKtls(kernel, "openssl", false, true, true);
  EXPECT_EQ(refused.status, "unavailable");
  EXPECT_EQ(refused.library, "no");
  EXPECT_NE(refused.reason.find("enable-ktls"), std::string::npos);
  EXPECT_NE(DecideKtls(kernel, "gnutls", false, true, true).reason.find("ktls = true"),
            std::string::npos);
  EXPECT_EQ(DecideKtls(kernel, "openssl", std::nullopt, true, false).status, "not_tried");
}

// OpenSSL 3.0 on Debian 12's kernel (scripts/afalg-guest.sh): a TLS 1.3 transfer has the
// server's sending side in the kernel and the client's receiving side in user space. That is
// kTLS measured, and the verdict says which side stayed in user space.
TEST(KtlsTest, SendSideOnlyIsUsedAndSaysTheReceivingSideStayedInUserSpace) {
  const KernelKtlsFacts kernel{"available", "tcp_available_ulp lists tls"};
  const KtlsInfo send_only = DecideKtls(kernel, "openssl", true, false, true);
  EXPECT_EQ(send_only.status, "used");
  EXPECT_EQ(send_only.library, "yes");
  EXPECT_EQ(send_only.reason.find("on both sides"), std::string::npos);
  EXPECT_NE(send_only.reason.find("decryption in user space"), std::string::npos);
}

}  // namespace
}  // namespace cryptobench::tls
