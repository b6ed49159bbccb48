// Tests of the AF_ALG protocol layer against the recording fake (fake_socket_api.h).
#include "backends/afalg/protocol.h"

#include <cerrno>
#include <cstring>

#include <gtest/gtest.h>
#include <linux/if_alg.h>

#include "backends/afalg/fake_socket_api.h"

namespace cryptobench::backends::afalg {
namespace {

using testing::Bytes;
using testing::FakeSocketApi;
using testing::RecordedCall;

#ifndef SOL_ALG
constexpr int SOL_ALG = 279;
#endif

Bytes U32(uint32_t value) {
  Bytes bytes(sizeof(value));
  std::memcpy(bytes.data(), &value, sizeof(value));
  return bytes;
}

Bytes Concat(std::initializer_list<Bytes> parts) {
  Bytes all;
  for (const Bytes& part : parts) {
    all.insert(all.end(), part.begin(), part.end());
  }
  return all;
}

TEST(AfalgProtocolTest, TransformIsBoundThenKeyed) {
  auto api = std::make_shared<FakeSocketApi>();
  const Bytes key = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
  Socket transform;
  ASSERT_EQ(OpenTransform(api, AlgType::kSkcipher, "cbc(aes)", key, 0, &transform), "");
  ASSERT_EQ(api->calls.size(), 3u);
  EXPECT_EQ(api->calls[0].call, "socket");
  EXPECT_EQ(api->calls[1].call, "bind");
  EXPECT_EQ(api->calls[1].type, "skcipher");
  EXPECT_EQ(api->calls[1].name, "cbc(aes)");
  EXPECT_EQ(api->calls[2].call, "setsockopt");
  EXPECT_EQ(api->calls[2].option, ALG_SET_KEY);
  EXPECT_EQ(api->calls[2].data, key);
  EXPECT_EQ(api->calls[2].len, key.size());
  EXPECT_EQ(transform.fd(), api->calls[0].fd);
}

TEST(AfalgProtocolTest, AeadTagLengthTravelsAsTheOptionLength) {
  auto api = std::make_shared<FakeSocketApi>();
  Socket transform;
  ASSERT_EQ(OpenTransform(api, AlgType::kAead, "gcm(aes)", Bytes(16, 7), 12, &transform), "");
  const std::vector<RecordedCall> options = api->CallsOf("setsockopt");
  ASSERT_EQ(options.size(), 2u);
  EXPECT_EQ(options[1].option, ALG_SET_AEAD_AUTHSIZE);
  EXPECT_TRUE(options[1].null_value);
  EXPECT_EQ(options[1].len, 12u);
}

TEST(AfalgProtocolTest, UnkeyedHashSetsNoOption) {
  auto api = std::make_shared<FakeSocketApi>();
  Socket transform;
  ASSERT_EQ(OpenTransform(api, AlgType::kHash, "sha256", {}, 0, &transform), "");
  EXPECT_TRUE(api->CallsOf("setsockopt").empty());
  EXPECT_EQ(api->CallsOf("bind")[0].type, "hash");
}

TEST(AfalgProtocolTest, BindFailureNamesTheAlgorithmAndClosesTheSocket) {
  auto api = std::make_shared<FakeSocketApi>();
  api->bind_errors["gcm(aes)"] = -ENOENT;
  Socket transform;
  EXPECT_EQ(OpenTransform(api, AlgType::kAead, "gcm(aes)", Bytes(16), 16, &transform),
            "bind(aead, gcm(aes)): No such file or directory");
  EXPECT_FALSE(transform.valid());
  EXPECT_EQ(api->CallsOf("close").size(), 1u);
  EXPECT_TRUE(api->CallsOf("setsockopt").empty());
}

TEST(AfalgProtocolTest, RequestCarriesOperationIvAndAssocLength) {
  auto api = std::make_shared<FakeSocketApi>();
  Socket transform;
  Socket operation;
  ASSERT_EQ(OpenTransform(api, AlgType::kAead, "gcm(aes)", Bytes(16), 16, &transform), "");
  ASSERT_EQ(AcceptOperation(transform, &operation), "");
  const Bytes iv = {0xc0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
  const Bytes aad(13, 0xaa);
  const Bytes plaintext = {1, 2, 3};
  Request request({.encrypt = true, .iv = iv, .assoclen = 13}, {aad, plaintext});
  EXPECT_EQ(request.input_len(), 16u);
  ASSERT_EQ(request.Send(operation, false), "");
  const std::vector<RecordedCall> sent = api->CallsOf("sendmsg", operation.fd());
  ASSERT_EQ(sent.size(), 1u);
  EXPECT_EQ(sent[0].flags, 0);
  EXPECT_EQ(sent[0].data, Concat({aad, plaintext}));
  ASSERT_EQ(sent[0].controls.size(), 3u);
  for (const auto& control : sent[0].controls) {
    EXPECT_EQ(control.level, SOL_ALG);
  }
  EXPECT_EQ(sent[0].controls[0].type, ALG_SET_OP);
  EXPECT_EQ(sent[0].controls[0].data, U32(ALG_OP_ENCRYPT));
  EXPECT_EQ(sent[0].controls[1].type, ALG_SET_IV);
  EXPECT_EQ(sent[0].controls[1].data, Concat({U32(12), iv}));  // struct af_alg_iv
  EXPECT_EQ(sent[0].controls[2].type, ALG_SET_AEAD_ASSOCLEN);
  EXPECT_EQ(sent[0].controls[2].data, U32(13));

  // The IV is rewritten in place for the next message; nothing else changes.
  request.iv()[11] = 0x99;
  ASSERT_EQ(request.Send(operation, true), "");
  const RecordedCall again = api->CallsOf("sendmsg", operation.fd())[1];
  EXPECT_EQ(again.flags, MSG_MORE);
  Bytes next_iv = iv;
  next_iv[11] = 0x99;
  EXPECT_EQ(again.controls[1].data, Concat({U32(12), next_iv}));
  EXPECT_EQ(again.controls[2].data, U32(13));
}

TEST(AfalgProtocolTest, DecryptWithoutIvSendsOnlyTheOperation) {
  auto api = std::make_shared<FakeSocketApi>();
  Socket operation(api, api->Socket());
  ASSERT_EQ(Request({.encrypt = false}, {Bytes(16)}).Send(operation, false), "");
  const RecordedCall sent = api->CallsOf("sendmsg")[0];
  ASSERT_EQ(sent.controls.size(), 1u);
  EXPECT_EQ(sent.controls[0].data, U32(ALG_OP_DECRYPT));
  // No control data at all: the kernel keeps the direction and IV of the previous request.
  ASSERT_EQ(Request({}, {Bytes(16)}).Send(operation, false), "");
  EXPECT_TRUE(api->CallsOf("sendmsg")[1].controls.empty());
}

TEST(AfalgProtocolTest, ReadFullJoinsShortReadsAndReportsErrors) {
  auto api = std::make_shared<FakeSocketApi>();
  Socket operation(api, api->Socket());
  api->reads = {Bytes{1, 2}, Bytes{3}, Bytes{4, 5, 6}};
  Bytes out(6);
  EXPECT_EQ(ReadFull(operation, out), 0);
  EXPECT_EQ(out, (Bytes{1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(api->CallsOf("read").size(), 3u);
  EXPECT_EQ(api->CallsOf("read")[1].len, 4u);  // asks for what is still missing

  api->reads = {Bytes{1}, Bytes{}};
  EXPECT_EQ(ReadFull(operation, out), -EIO);
  api->reads = {-static_cast<long>(EBADMSG)};
  EXPECT_EQ(ReadFull(operation, out), -EBADMSG);
  EXPECT_EQ(ReadError("gcm(aes)", -EBADMSG), "read(gcm(aes)): Bad message");
}

TEST(AfalgProtocolTest, EmptyOutputStillReadsOnce) {
  auto api = std::make_shared<FakeSocketApi>();
  Socket operation(api, api->Socket());
  api->reads = {-static_cast<long>(EBADMSG)};
  EXPECT_EQ(ReadFull(operation, {}), -EBADMSG);  // e.g. the tag check of an empty AEAD open
  EXPECT_EQ(api->CallsOf("read").size(), 1u);
}

TEST(AfalgProtocolTest, SocketsCloseOnceThroughTheApi) {
  auto api = std::make_shared<FakeSocketApi>();
  {
    Socket first(api, api->Socket());
    Socket moved = std::move(first);
    EXPECT_FALSE(first.valid());  // NOLINT(bugprone-use-after-move): checking the move
    EXPECT_TRUE(moved.valid());
  }
  EXPECT_EQ(api->CallsOf("close").size(), 1u);
}

}  // namespace
}  // namespace cryptobench::backends::afalg
