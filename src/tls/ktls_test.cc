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
  const KtlsInfo info = DecideKtls(facts, "openssl", std::nullopt, false);
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
  EXPECT_EQ(DecideKtls(kernel, "openssl", true, true).status, "used");
  EXPECT_EQ(DecideKtls(kernel, "openssl", true, true).library, "yes");
  const KtlsInfo refused = DecideKtls(kernel, "openssl", false, true);
  EXPECT_EQ(refused.status, "unavailable");
  EXPECT_EQ(refused.library, "no");
  EXPECT_NE(refused.reason.find("enable-ktls"), std::string::npos);
  EXPECT_NE(DecideKtls(kernel, "gnutls", false, true).reason.find("ktls = true"),
            std::string::npos);
  EXPECT_EQ(DecideKtls(kernel, "openssl", std::nullopt, false).status, "not_tried");
}

}  // namespace
}  // namespace cryptobench::tls
