// Tests of openssl speed progress lines in every wording, and of interrupted and malformed ones.
#include "import/speed_progress.h"

#include <gtest/gtest.h>

#include "import/import.h"

namespace cryptobench::import {
namespace {

TEST(SpeedProgressTest, ProgressLinesOfEveryWording) {
  const Progress legacy = ParseProgressLine(
      "Doing aes-128 cbc for 3s on 16 size blocks: 120 aes-128 cbc's in 2.99s", 4);
  EXPECT_FALSE(legacy.public_key);
  EXPECT_EQ(legacy.name, "aes-128 cbc");
  EXPECT_EQ(legacy.input_len, 16u);
  EXPECT_EQ(legacy.requested_seconds, 3);
  EXPECT_EQ(legacy.count, 120);
  EXPECT_DOUBLE_EQ(legacy.seconds, 2.99);
  EXPECT_EQ(legacy.line, 4u);

  const Progress ops = ParseProgressLine(
      "Doing AES-128-GCM ops for 3s on 1024 size blocks: 77 AES-128-GCM ops in 3.00s", 1);
  EXPECT_EQ(ops.name, "AES-128-GCM");
  EXPECT_EQ(ops.input_len, 1024u);

  const Progress rsa = ParseProgressLine(
      "Doing 2048 bits private rsa sign ops for 10s: 9 2048 bits private RSA sign ops in 9.90s", 1);
  EXPECT_TRUE(rsa.public_key);
  EXPECT_EQ(rsa.family, PkFamily::kRsa);
  EXPECT_EQ(rsa.operation, "sign");
  EXPECT_EQ(rsa.name, "rsa 2048 bits");
  const Progress rsa_old = ParseProgressLine(
      "Doing 2048 bit public rsa's for 10s: 5 2048 bit public RSA's in 10.00s", 1);
  EXPECT_EQ(rsa_old.operation, "verify");
  const Progress ecdh =
      ParseProgressLine("Doing 256 bits  ecdh's for 10s: 8 256-bits ECDH ops in 9.99s", 1);
  EXPECT_EQ(ecdh.family, PkFamily::kEcdh);
  EXPECT_EQ(ecdh.operation, "derive");
  EXPECT_EQ(ecdh.name, "256 bits ecdh (nistp256)");
  const Progress eddsa = ParseProgressLine(
      "Doing 253 bits sign Ed25519's for 10s: 3 253 bits Ed25519 signs in 9.9s", 1);
  EXPECT_EQ(eddsa.name, "253 bits EdDSA (Ed25519)");
  const Progress kem = ParseProgressLine(
      "Doing ML-KEM-512 keygen ops for 10s: 4 ML-KEM-512 KEM keygen ops in 10.00s", 1);
  EXPECT_EQ(kem.family, PkFamily::kKem);
  EXPECT_EQ(kem.name, "ML-KEM-512");
  const Progress sig = ParseProgressLine(
      "Doing ML-DSA-44 signs ops for 10s: 4 ML-DSA-44 signature sign ops in 10.00s", 1);
  EXPECT_EQ(sig.family, PkFamily::kSig);
  EXPECT_EQ(sig.operation, "sign");
}

TEST(SpeedProgressTest, InterruptedAndMalformedProgressLines) {
  const Progress cut = ParseProgressLine("Doing sha256 for 3s on 16 size blocks:", 2);
  EXPECT_FALSE(cut.has_result);
  try {
    ParseProgressLine("Doing sha256 for 3s on 16 size blocks: lots of sha256's", 9);
    FAIL() << "expected ImportError";
  } catch (const ImportError& e) {
    EXPECT_EQ(e.line(), 9u);
    EXPECT_NE(e.expected().find("in <seconds>s"), std::string::npos);
  }
  // Pieces shorter than "Doing " (found by fuzz/speed_text_fuzz.cc through run_together.cc)
  // are refused as ImportError, not std::out_of_range.
  for (const char* piece : {"Doing", "Do", "", "Doing:", "doing sha256 for 3s"}) {
    EXPECT_THROW(ParseProgressLine(piece, 3), ImportError) << piece;
  }
}

}  // namespace
}  // namespace cryptobench::import
