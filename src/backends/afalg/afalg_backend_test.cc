// Tests of the AF_ALG backend: against the recording fake (fake_socket_api.h) everywhere, and
// against the running kernel where it has AF_ALG (skipped, with the kernel's reason, elsewhere).
#include "backends/afalg/afalg_backend.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include <linux/if_alg.h>

#include "algorithms/catalog.h"
#include "algorithms/kat.h"
#include "backends/afalg/fake_socket_api.h"
#include "backends/registry.h"
#include "core/errors.h"

namespace cryptobench::backends {
namespace {

using afalg::testing::Bytes;
using afalg::testing::FakeSocketApi;
using afalg::testing::RecordedCall;

std::string FixtureText(const std::string& file) {
  std::ifstream in(std::string(CRYPTOBENCH_TEST_DATA_DIR) + "/fixtures/afalg/" + file);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::unique_ptr<Backend> FakeBackend(const std::shared_ptr<FakeSocketApi>& api,
                                     const std::string& proc_fixture = "proc-crypto-aesni.txt") {
  return MakeAfalgBackend(api, [proc_fixture] { return FixtureText(proc_fixture); });
}

std::string OpenError(int socket_error) {
  auto api = std::make_shared<FakeSocketApi>();
  api->socket_error = socket_error;
  try {
    FakeBackend(api);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "(no UsageError)";
}

const AlgorithmInfo& Alg(const char* name) { return *FindAlgorithm(name); }

Bytes IvControl(const RecordedCall& call) {
  for (const auto& control : call.controls) {
    if (control.type == ALG_SET_IV) {
      return control.data;
    }
  }
  return {};
}

TEST(AfalgOpenTest, KernelWithoutAfAlgIsOneClearLine) {
  EXPECT_EQ(OpenError(-EAFNOSUPPORT),
            "the kernel has no AF_ALG (socket: Address family not supported by protocol)");
  EXPECT_EQ(OpenError(-EACCES), "cannot open an AF_ALG socket (socket: Permission denied)");
}

TEST(AfalgOpenTest, ProbeSocketIsClosed) {
  auto api = std::make_shared<FakeSocketApi>();
  FakeBackend(api);
  ASSERT_EQ(api->calls.size(), 2u);
  EXPECT_EQ(api->calls[1].call, "close");
  EXPECT_EQ(api->calls[1].fd, api->calls[0].fd);
}

TEST(AfalgRegistryTest, RegisteredWithoutLibraryOrMask) {
  const BackendDescriptor* backend = FindBackend("afalg");
  ASSERT_NE(backend, nullptr);
  EXPECT_FALSE(backend->takes_library_path);
  EXPECT_TRUE(backend->mask_variable.empty());
  EXPECT_NE(backend->mask_note.find("priority"), std::string_view::npos);
}

TEST(AfalgFakeTest, SupportsWhatBindsAndNothingPublicKey) {
  auto api = std::make_shared<FakeSocketApi>();
  api->bind_errors["xts(aes)"] = -ENOENT;
  auto backend = FakeBackend(api);
  EXPECT_TRUE(backend->Supports(Alg("AES-128-CBC")));
  EXPECT_TRUE(backend->Supports(Alg("ChaCha20-Poly1305")));
  EXPECT_TRUE(backend->Supports(Alg("HMAC-SHA256")));
  EXPECT_FALSE(backend->Supports(Alg("AES-128-XTS")));
  EXPECT_FALSE(backend->Supports(Alg("Poly1305")));
  EXPECT_FALSE(backend->Supports(Alg("RSA-2048")));
  EXPECT_FALSE(backend->Supports(Alg("X25519")));
  const size_t binds = api->CallsOf("bind").size();
  EXPECT_TRUE(backend->Supports(Alg("AES-128-CBC")));  // cached: no second bind
  EXPECT_EQ(api->CallsOf("bind").size(), binds);
}

TEST(AfalgFakeTest, ImplementationIsTheServingDriver) {
  auto api = std::make_shared<FakeSocketApi>();
  auto backend = FakeBackend(api);
  EXPECT_EQ(backend->Implementation(Alg("AES-256-CBC")),
            "cbc-aes-aesni (priority 400, module aesni_intel)");
  EXPECT_EQ(backend->Implementation(Alg("SHA-256")),
            "sha256-ni (priority 250, module sha256_ssse3)");
  EXPECT_EQ(backend->Implementation(Alg("RSA-2048")), "");
  auto generic = FakeBackend(std::make_shared<FakeSocketApi>(), "proc-crypto-generic.txt");
  EXPECT_EQ(generic->Implementation(Alg("AES-128-GCM")),
            "gcm_base(ctr(aes-generic),ghash-generic) (priority 100, module gcm)");
}

TEST(AfalgFakeTest, SealSendsAadThenPlaintextAndSplitsTheOutput) {
  auto api = std::make_shared<FakeSocketApi>();
  auto backend = FakeBackend(api);
  const Bytes key(16, 1);
  const Bytes nonce(12, 2);
  const Bytes aad = {0xa0, 0xa1};
  const Bytes plaintext = {1, 2, 3, 4};
  // The kernel's answer: AAD || ciphertext || tag.
  api->reads = {Bytes{0xa0, 0xa1, 9, 8, 7, 6, 0xf0, 0xf1, 0xf2, 0xf3}};
  Bytes ciphertext;
  Bytes tag;
  ASSERT_EQ(backend->OneShot()->Seal(Alg("AES-128-GCM"), key, nonce, aad, plaintext, 4, &ciphertext,
                                     &tag),
            "");
  EXPECT_EQ(ciphertext, (Bytes{9, 8, 7, 6}));
  EXPECT_EQ(tag, (Bytes{0xf0, 0xf1, 0xf2, 0xf3}));
  EXPECT_EQ(api->CallsOf("bind").back().name, "gcm(aes)");
  const std::vector<RecordedCall> options = api->CallsOf("setsockopt");
  ASSERT_EQ(options.size(), 2u);
  EXPECT_EQ(options[0].data, key);
  EXPECT_EQ(options[1].option, ALG_SET_AEAD_AUTHSIZE);
  EXPECT_EQ(options[1].len, 4u);
  const RecordedCall sent = api->CallsOf("sendmsg").back();
  EXPECT_EQ(sent.data, (Bytes{0xa0, 0xa1, 1, 2, 3, 4}));
  EXPECT_EQ(sent.flags, 0);
  Bytes expected_iv = {12, 0, 0, 0};
  expected_iv.insert(expected_iv.end(), nonce.begin(), nonce.end());
  EXPECT_EQ(IvControl(sent), expected_iv);
  EXPECT_EQ(api->CallsOf("read").back().len, 10u);  // AAD + ciphertext + tag
}

TEST(AfalgFakeTest, OpenSendsTagLastAndTreatsEbadmsgAsRejection) {
  auto api = std::make_shared<FakeSocketApi>();
  auto backend = FakeBackend(api);
  const Bytes aad = {0xa0};
  const Bytes ciphertext = {9, 8, 7};
  const Bytes tag(16, 0xee);
  api->reads = {-static_cast<long>(EBADMSG)};
  Bytes plaintext = {1};
  bool authentic = true;
  ASSERT_EQ(backend->OneShot()->Open(Alg("ChaCha20-Poly1305"), Bytes(32), Bytes(12), aad,
                                     ciphertext, tag, &plaintext, &authentic),
            "");
  EXPECT_FALSE(authentic);
  EXPECT_TRUE(plaintext.empty());
  EXPECT_EQ(api->CallsOf("bind").back().name, "rfc7539(chacha20,poly1305)");
  const RecordedCall sent = api->CallsOf("sendmsg").back();
  Bytes expected = aad;
  expected.insert(expected.end(), ciphertext.begin(), ciphertext.end());
  expected.insert(expected.end(), tag.begin(), tag.end());
  EXPECT_EQ(sent.data, expected);
  EXPECT_EQ(api->CallsOf("read").back().len, 4u);  // AAD + plaintext

  api->reads = {Bytes{0xa0, 5, 6, 7}};
  ASSERT_EQ(backend->OneShot()->Open(Alg("ChaCha20-Poly1305"), Bytes(32), Bytes(12), aad,
                                     ciphertext, tag, &plaintext, &authentic),
            "");
  EXPECT_TRUE(authentic);
  EXPECT_EQ(plaintext, (Bytes{5, 6, 7}));
}

TEST(AfalgFakeTest, CcmNonceBecomesCounterBlockZero) {
  auto api = std::make_shared<FakeSocketApi>();
  auto backend = FakeBackend(api);
  const Bytes nonce = {0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17};  // 8 bytes: L = 7
  Bytes ciphertext;
  Bytes tag;
  ASSERT_EQ(backend->OneShot()->Seal(Alg("AES-128-CCM"), Bytes(16), nonce, {}, Bytes(4), 6,
                                     &ciphertext, &tag),
            "");
  Bytes expected_iv = {16, 0, 0, 0, 6};  // ivlen 16, then L' = L - 1 = 6
  expected_iv.insert(expected_iv.end(), nonce.begin(), nonce.end());
  expected_iv.resize(4 + 16, 0);
  EXPECT_EQ(IvControl(api->CallsOf("sendmsg").back()), expected_iv);
  EXPECT_EQ(api->CallsOf("bind").back().name, "ccm(aes)");
  EXPECT_EQ(tag.size(), 6u);
  EXPECT_NE(backend->OneShot()->Seal(Alg("AES-128-CCM"), Bytes(16), Bytes(14), {}, Bytes(4), 8,
                                     &ciphertext, &tag),
            "");  // 14-byte nonces leave no room for the counter
}

TEST(AfalgFakeTest, HashIsOneFinalSendAndADigestSizedRead) {
  auto api = std::make_shared<FakeSocketApi>();
  auto backend = FakeBackend(api);
  Bytes digest;
  ASSERT_EQ(backend->OneShot()->Hash(Alg("SHA3-256"), {'a', 'b', 'c'}, &digest), "");
  EXPECT_EQ(digest.size(), 32u);
  EXPECT_EQ(api->CallsOf("bind").back().name, "sha3-256");
  EXPECT_TRUE(api->CallsOf("setsockopt").empty());
  const RecordedCall sent = api->CallsOf("sendmsg").back();
  EXPECT_EQ(sent.flags, 0);  // no MSG_MORE: the kernel finalises
  EXPECT_TRUE(sent.controls.empty());
  Bytes tag;
  ASSERT_EQ(backend->OneShot()->Mac(Alg("CMAC-AES-128"), Bytes(16, 3), {'a'}, &tag), "");
  EXPECT_EQ(api->CallsOf("bind").back().name, "cmac(aes)");
  EXPECT_EQ(api->CallsOf("setsockopt").back().data, Bytes(16, 3));
  EXPECT_EQ(tag.size(), 16u);
  EXPECT_EQ(backend->OneShot()->Verify(Alg("Ed25519"), KatVectorsFor("Ed25519")[0], false, nullptr),
            kNotOffered);
}

// Prepare() and Run() against the fake's toy kernel, whose round trips are consistent.
class AfalgFakePrepareTest : public ::testing::TestWithParam<std::string> {
 protected:
  std::shared_ptr<FakeSocketApi> api_ = std::make_shared<FakeSocketApi>();
  std::unique_ptr<Backend> backend_ = FakeBackend(api_);
  const AlgorithmInfo& alg() const { return Alg(GetParam().c_str()); }
};

TEST_P(AfalgFakePrepareTest, PreparesRunsAndCatchesCorruption) {
  for (Operation op : TimedOperations(alg(), false)) {
    for (Operation direction : {op, TimedOperations(alg(), true)[0]}) {
      SCOPED_TRACE(std::string(OperationName(direction)));
      PrepareFailure failure = PrepareFailure::kLibraryError;
      std::string error;
      backend_->SetCorruptOutputsForTesting(false);
      auto prepared = backend_->Prepare(alg(), direction, 64, &failure, &error);
      ASSERT_NE(prepared, nullptr) << error;
      EXPECT_EQ(failure, PrepareFailure::kNone);
      const size_t reads = api_->CallsOf("read").size();
      EXPECT_TRUE(prepared->Run(5)) << prepared->error();
      EXPECT_EQ(api_->CallsOf("read").size(), reads + 5);  // one read per operation
      backend_->SetCorruptOutputsForTesting(true);
      EXPECT_EQ(backend_->Prepare(alg(), direction, 64, &failure, &error), nullptr);
      EXPECT_EQ(failure, PrepareFailure::kCheckFailed) << error;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Kinds, AfalgFakePrepareTest,
                         ::testing::Values("AES_128_CBC", "AES_128_XTS", "ChaCha20", "AES_128_GCM",
                                           "AES_128_CCM", "SHA_256", "HMAC_SHA256"),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                           return param.param;
                         });

// The timed socket of `alg`'s encrypt step at `len` bytes on the fake API, after `runs` timed
// calls: its fd (the prepare step's first request is the timed one) and every sendmsg() on it.
// Empty, with a failure added, when the step cannot be prepared or run.
struct TimedSends {
  int fd = -1;
  std::vector<RecordedCall> sent;
};

TimedSends RunTimedEncrypt(const std::shared_ptr<FakeSocketApi>& api, const char* alg, size_t len,
                           uint64_t runs) {
  auto backend = FakeBackend(api);
  std::string error;
  auto prepared = backend->Prepare(Alg(alg), Operation::kEncrypt, len, nullptr, &error);
  if (prepared == nullptr) {
    ADD_FAILURE() << alg << ": " << error;
    return {};
  }
  const int fd = api->CallsOf("sendmsg").front().fd;
  if (!prepared->Run(runs)) {
    ADD_FAILURE() << alg << ": " << prepared->error();
    return {};
  }
  return {fd, api->CallsOf("sendmsg", fd)};
}

TEST(AfalgFakeTimedTest, StreamCiphersSetTheIvOnlyOnce) {
  auto api = std::make_shared<FakeSocketApi>();
  const TimedSends timed = RunTimedEncrypt(api, "AES-128-CBC", 32, 3);
  const std::vector<RecordedCall>& sent = timed.sent;
  ASSERT_EQ(sent.size(), 4u);
  EXPECT_EQ(sent[0].controls.size(), 2u);  // ALG_SET_OP, ALG_SET_IV
  for (size_t i = 1; i < sent.size(); ++i) {
    EXPECT_TRUE(sent[i].controls.empty()) << i;  // the kernel's IV continues the chain
    EXPECT_EQ(sent[i].data.size(), 32u);
    EXPECT_EQ(sent[i].flags, 0);
  }
}

TEST(AfalgFakeTimedTest, XtsSetsTheTweakEveryRequest) {
  auto api = std::make_shared<FakeSocketApi>();
  const TimedSends timed = RunTimedEncrypt(api, "AES-256-XTS", 32, 2);
  const std::vector<RecordedCall>& sent = timed.sent;
  ASSERT_EQ(sent.size(), 3u);
  for (const RecordedCall& call : sent) {
    EXPECT_EQ(IvControl(call).size(), 4u + 16u);
    // Control data without ALG_SET_OP would turn the socket to decrypt.
    ASSERT_FALSE(call.controls.empty());
    EXPECT_EQ(call.controls[0].type, ALG_SET_OP);
    uint32_t op = 0;
    std::memcpy(&op, call.controls[0].data.data(), sizeof(op));
    EXPECT_EQ(op, static_cast<uint32_t>(ALG_OP_ENCRYPT));
  }
}

TEST(AfalgFakeTimedTest, SealUsesANewNonceEveryMessage) {
  auto api = std::make_shared<FakeSocketApi>();
  const TimedSends timed = RunTimedEncrypt(api, "AES-128-GCM", 16, 2);
  const std::vector<RecordedCall>& sent = timed.sent;
  ASSERT_EQ(sent.size(), 3u);
  EXPECT_NE(IvControl(sent[1]), IvControl(sent[2]));
  EXPECT_EQ(sent[2].data.size(), 13u + 16u);  // AAD || plaintext
  EXPECT_EQ(sent[2].controls.size(), 3u);
  EXPECT_EQ(api->CallsOf("read", timed.fd).back().len, 13u + 16u + 16u);
}

TEST(AfalgFakeTimedTest, HashCheckSendsInTwoPartsWithMsgMore) {
  auto api = std::make_shared<FakeSocketApi>();
  auto backend = FakeBackend(api);
  std::string error;
  ASSERT_NE(backend->Prepare(Alg("SHA-256"), Operation::kHash, 100, nullptr, &error), nullptr)
      << error;
  const std::vector<RecordedCall> sent = api->CallsOf("sendmsg");
  const auto more = std::find_if(sent.begin(), sent.end(),
                                 [](const RecordedCall& call) { return call.flags == MSG_MORE; });
  ASSERT_NE(more, sent.end());
  EXPECT_EQ(more->data.size(), 50u);
  EXPECT_EQ(std::next(more)->flags, 0);
  EXPECT_EQ(std::next(more)->data.size(), 50u);
}

TEST(AfalgFakeTimedTest, OversizedRequestIsRefused) {
  auto backend = FakeBackend(std::make_shared<FakeSocketApi>());
  PrepareFailure failure = PrepareFailure::kNone;
  std::string error;
  EXPECT_EQ(backend->Prepare(Alg("AES-128-CTR"), Operation::kEncrypt, 1 << 20, &failure, &error),
            nullptr);
  EXPECT_EQ(failure, PrepareFailure::kLibraryError);
  EXPECT_NE(error.find("65536"), std::string::npos) << error;
}

// The running kernel. Here (and wherever AF_ALG is missing) these skip with the kernel's reason.
class AfalgKernelTest : public ::testing::Test {
 protected:
  void SetUp() override {
    try {
      backend_ = OpenAfalgBackend("");
    } catch (const UsageError& e) {
      GTEST_SKIP() << e.what();
    }
  }
  std::unique_ptr<Backend> backend_;
};

TEST_F(AfalgKernelTest, IdentityNamesTheKernel) {
  const results::LibraryInfo info = backend_->Identity();
  EXPECT_EQ(info.version.rfind("Linux ", 0), 0u) << info.version;
}

// KATs, Prepare() and Run() of every algorithm the kernel offers: backend_conformance_test.cc.
TEST_F(AfalgKernelTest, EverySupportedAlgorithmNamesItsDriver) {
  size_t supported = 0;
  for (const AlgorithmInfo& alg : Catalog()) {
    if (!backend_->Supports(alg)) {
      continue;
    }
    ++supported;
    EXPECT_FALSE(backend_->Implementation(alg).empty()) << alg.name;
  }
  EXPECT_GT(supported, 0u) << "AF_ALG is there but binds nothing";
}

}  // namespace
}  // namespace cryptobench::backends
