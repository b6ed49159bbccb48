// Known-answer vectors for the AEADs: AES-GCM, AES-CCM, ChaCha20-Poly1305 and
// XChaCha20-Poly1305. `output` is the ciphertext alone and `tag` the authentication tag; the nonce
// length is the length of `iv` and the tag length that of `tag`, which for the CCM examples differ
// from the timing defaults. Hex is copied from the cited documents and was checked against
// OpenSSL 3.0 (XChaCha20-Poly1305, which OpenSSL lacks, against libsodium 1.0.18).
#include <span>
#include <string_view>

#include "algorithms/kat.h"
#include "algorithms/kat_internal.h"

namespace cryptobench::kat_internal {
namespace {

// McGrew & Viega, "The Galois/Counter Mode of Operation (GCM)", Appendix B: the plaintext of
// Test Cases 3/15 (64 bytes; Cases 4/16 use its first 60 bytes), the 96-bit IV and the additional
// data of Cases 4/16.
constexpr std::string_view kGcmPlaintext64 =
    "d9313225f88406e5a55909c5aff5269a"
    "86a7a9531534f7da2e4c303d8a318a72"
    "1c3c0c95956809532fcf0e2449a6b525"
    "b16aedf5aa0de657ba637b391aafd255";
constexpr std::string_view kGcmPlaintext60 =
    "d9313225f88406e5a55909c5aff5269a"
    "86a7a9531534f7da2e4c303d8a318a72"
    "1c3c0c95956809532fcf0e2449a6b525"
    "b16aedf5aa0de657ba637b39";
constexpr std::string_view kGcmIv = "cafebabefacedbaddecaf888";
constexpr std::string_view kGcmAad = "feedfacedeadbeeffeedfacedeadbeefabaddad2";
constexpr std::string_view kGcmKey128 = "feffe9928665731c6d6a8f9467308308";
constexpr std::string_view kGcmKey256 =
    "feffe9928665731c6d6a8f9467308308"
    "feffe9928665731c6d6a8f9467308308";

// NIST SP 800-38C, Appendix C: the key shared by all four examples.
constexpr std::string_view kCcmKey = "404142434445464748494a4b4c4d4e4f";

constexpr KatVector kAeadVectors[] = {
    {.algorithm = "AES-128-GCM",
     .source =
         "McGrew & Viega, The Galois/Counter Mode of Operation (GCM), Appendix B, Test Case 3",
     .key = kGcmKey128,
     .iv = kGcmIv,
     .input = kGcmPlaintext64,
     .output = "42831ec2217774244b7221b784d0d49c"
               "e3aa212f2c02a4e035c17e2329aca12e"
               "21d514b25466931c7d8f6a5aac84aa05"
               "1ba30b396a0aac973d58e091473f5985",
     .tag = "4d5c2af327cd64a62cf35abd2ba6fab4"},
    {.algorithm = "AES-128-GCM",
     .source =
         "McGrew & Viega, The Galois/Counter Mode of Operation (GCM), Appendix B, Test Case 4",
     .key = kGcmKey128,
     .iv = kGcmIv,
     .aad = kGcmAad,
     .input = kGcmPlaintext60,
     .output = "42831ec2217774244b7221b784d0d49c"
               "e3aa212f2c02a4e035c17e2329aca12e"
               "21d514b25466931c7d8f6a5aac84aa05"
               "1ba30b396a0aac973d58e091",
     .tag = "5bc94fbc3221a5db94fae95ae7121a47"},
    {.algorithm = "AES-256-GCM",
     .source = "McGrew & Viega, The Galois/Counter Mode of Operation (GCM), Appendix B, "
               "Test Case 15",
     .key = kGcmKey256,
     .iv = kGcmIv,
     .input = kGcmPlaintext64,
     .output = "522dc1f099567d07f47f37a32a84427d"
               "643a8cdcbfe5c0c97598a2bd2555d1aa"
               "8cb08e48590dbb3da7b08b1056828838"
               "c5f61e6393ba7a0abcc9f662898015ad",
     .tag = "b094dac5d93471bdec1a502270e3cc6c"},
    {.algorithm = "AES-256-GCM",
     .source = "McGrew & Viega, The Galois/Counter Mode of Operation (GCM), Appendix B, "
               "Test Case 16",
     .key = kGcmKey256,
     .iv = kGcmIv,
     .aad = kGcmAad,
     .input = kGcmPlaintext60,
     .output = "522dc1f099567d07f47f37a32a84427d"
               "643a8cdcbfe5c0c97598a2bd2555d1aa"
               "8cb08e48590dbb3da7b08b1056828838"
               "c5f61e6393ba7a0abcc9f662",
     .tag = "76fc6ece0f4e1768cddf8853bb2d551b"},
    // CCM: the published ciphertext C is split into `output` (first Plen bytes) and `tag`.
    {.algorithm = "AES-128-CCM",
     .source = "NIST SP 800-38C, Appendix C.2 (Example 2: Tlen 48, Nlen 64, Alen 128, Plen 128)",
     .key = kCcmKey,
     .iv = "1011121314151617",
     .aad = "000102030405060708090a0b0c0d0e0f",
     .input = "202122232425262728292a2b2c2d2e2f",
     .output = "d2a1f0e051ea5f62081a7792073d593d",
     .tag = "1fc64fbfaccd"},
    {.algorithm = "AES-128-CCM",
     .source = "NIST SP 800-38C, Appendix C.3 (Example 3: Tlen 64, Nlen 96, Alen 160, Plen 192)",
     .key = kCcmKey,
     .iv = "101112131415161718191a1b",
     .aad = "000102030405060708090a0b0c0d0e0f10111213",
     .input = "202122232425262728292a2b2c2d2e2f3031323334353637",
     .output = "e3b201a9f5b71a7a9b1ceaeccd97e70b6176aad9a4428aa5",
     .tag = "484392fbc1b09951"},
    // The 96-bit nonce is the RFC's constant 07000000 followed by IV 4041424344454647.
    {.algorithm = "ChaCha20-Poly1305",
     .source = "RFC 8439, section 2.8.2 (Example and Test Vector for AEAD_CHACHA20_POLY1305)",
     .key = "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f",
     .iv = "070000004041424344454647",
     .aad = "50515253c0c1c2c3c4c5c6c7",
     .input = kRfc8439Sunscreen,
     .output = "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6"
               "3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36"
               "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
               "3ff4def08e4b7a9de576d26586cec64b6116",
     .tag = "1ae10b594f09e26a7e902ecbd0600691"},
    // The RFC 8439 AEAD example's key, AAD and plaintext with a 192-bit nonce.
    {.algorithm = "XChaCha20-Poly1305",
     .source = "draft-irtf-cfrg-xchacha-03, Appendix A.3.1 (Example and Test Vector for "
               "AEAD_XChaCha20_Poly1305)",
     .key = "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f",
     .iv = "404142434445464748494a4b4c4d4e4f5051525354555657",
     .aad = "50515253c0c1c2c3c4c5c6c7",
     .input = kRfc8439Sunscreen,
     .output = "bd6d179d3e83d43b9576579493c0e939572a1700252bfaccbed2902c21396cbb"
               "731c7f1b0b4aa6440bf3a82f4eda7e39ae64c6708c54c216cb96b72e1213b452"
               "2f8c9ba40db5d945b11b69b982c1bb9e3f3fac2bc369488f76b2383565d3fff9"
               "21f9664c97637da9768812f615c68b13b52e",
     .tag = "c0875924c1c7987947deafd8780acf49"},
};

}  // namespace

std::span<const KatVector> AeadVectors() { return kAeadVectors; }

}  // namespace cryptobench::kat_internal
