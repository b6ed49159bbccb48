#include "tls/stream.h"

#include <cstring>

#include <gtest/gtest.h>

namespace cryptobench::tls {
namespace {

TEST(ExpectedStreamTest, SameSeedSameBytesAndTheTableWrapsAtThePeriod) {
  const ExpectedStream a(42);
  const ExpectedStream b(42);
  const ExpectedStream c(43);
  EXPECT_EQ(std::memcmp(a.At(0), b.At(0), 4096), 0);
  EXPECT_NE(std::memcmp(a.At(0), c.At(0), 4096), 0);
  // Byte p of the stream is byte 0 again, and At() is contiguous across the wrap.
  const uint64_t p = ExpectedStream::kPeriod;
  EXPECT_EQ(std::memcmp(a.At(p), a.At(0), 1024), 0);
  EXPECT_EQ(a.At(p - 10)[10], a.At(0)[0]);
}

TEST(ExpectedStreamTest, MatchesOnlyTheBytesAtTheirOffset) {
  const ExpectedStream stream(7);
  std::vector<uint8_t> received(100000);
  for (size_t i = 0; i < received.size(); ++i) {
    received[i] = stream.At(1000 + i)[0];
  }
  EXPECT_TRUE(stream.Matches(1000, received.data(), received.size()));
  // A record lost or repeated shifts what follows: the bytes no longer match.
  EXPECT_FALSE(stream.Matches(1000 + 16384, received.data(), received.size()));
  received[99999] ^= 1;
  EXPECT_FALSE(stream.Matches(1000, received.data(), received.size()));
}

TEST(TransferHttpTest, RequestRoundTripsAndBadRequestsAreNamed) {
  const std::string head = FormatRequest(RequestPath({268435456, 99, 7}), "localhost");
  TransferRequest request;
  std::string error;
  ASSERT_TRUE(ParseRequest(head, &request, &error)) << error;
  EXPECT_EQ(request.bytes, 268435456u);
  EXPECT_EQ(request.seed, 99u);
  EXPECT_EQ(request.connection, 7u);
  // curl's request line, with its own headers; seed and conn may be left out.
  ASSERT_TRUE(ParseRequest(
      "GET /cryptobench?bytes=1024 HTTP/1.1\r\nHost: localhost:4433\r\nUser-Agent: curl\r\n\r\n",
      &request, &error));
  EXPECT_EQ(request.bytes, 1024u);
  EXPECT_EQ(request.seed, 0u);
  EXPECT_FALSE(ParseRequest("GET / HTTP/1.1\r\n\r\n", &request, &error));
  EXPECT_NE(error.find("expected GET /cryptobench?bytes=N"), std::string::npos);
  EXPECT_FALSE(ParseRequest("GET /cryptobench?bytes=12x HTTP/1.1\r\n\r\n", &request, &error));
  EXPECT_FALSE(
      ParseRequest("GET /cryptobench?bytes=99999999999999 HTTP/1.1\r\n\r\n", &request, &error));
  EXPECT_NE(error.find("1 TiB"), std::string::npos);
  EXPECT_FALSE(ParseRequest("POST /cryptobench?bytes=1 HTTP/1.1\r\n\r\n", &request, &error));
}

TEST(TransferHttpTest, ResponseHeadsOfCryptobenchAndOfSServerWww) {
  ResponseHead head;
  std::string error;
  ASSERT_TRUE(ParseResponseHead(FormatResponseHead(12345), &head, &error));
  EXPECT_EQ(head.status, 200);
  EXPECT_EQ(head.content_length, 12345u);
  // openssl s_server -WWW (apps/s_server.c): HTTP/1.0 and no length; the body runs to the end.
  ASSERT_TRUE(
      ParseResponseHead("HTTP/1.0 200 ok\r\nContent-type: text/plain\r\n\r\n", &head, &error));
  EXPECT_EQ(head.status, 200);
  EXPECT_FALSE(head.content_length.has_value());
  EXPECT_FALSE(ParseResponseHead("SSH-2.0-OpenSSH\r\n\r\n", &head, &error));
  EXPECT_FALSE(ParseResponseHead("HTTP/1.1 200 OK\r\nContent-Length: ten\r\n\r\n", &head, &error));
}

TEST(TransferHttpTest, HeadEndFindsTheBlankLine) {
  EXPECT_EQ(HeadEnd("GET / HTTP/1.1\r\nHost: x\r\n\r\nbody"), 27u);
  EXPECT_EQ(HeadEnd("HTTP/1.0 200 ok\n\nbody"), 17u);
  EXPECT_EQ(HeadEnd("GET / HTTP/1.1\r\nHost: x\r\n"), std::string_view::npos);
}

}  // namespace
}  // namespace cryptobench::tls
