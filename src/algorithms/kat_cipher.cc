// Known-answer vectors for the unauthenticated ciphers: AES in ECB, CBC, CTR and XTS modes,
// three-key Triple DES and SM4 in CBC mode, and the ChaCha20 stream cipher. Hex is copied from
// the cited documents; every vector was checked against OpenSSL 3.0 before it was committed.
#include <span>
#include <string_view>

#include "algorithms/kat.h"
#include "algorithms/kat_internal.h"

namespace cryptobench::kat_internal {
namespace {

// NIST SP 800-38A, Appendix F: the four plaintext blocks and the keys shared by the ECB, CBC
// and CTR examples (F.1-F.5).
constexpr std::string_view kSp80038aPlaintext =
    "6bc1bee22e409f96e93d7e117393172a"
    "ae2d8a571e03ac9c9eb76fac45af8e51"
    "30c81c46a35ce411e5fbc1191a0a52ef"
    "f69f2445df4f9b17ad2b417be66c3710";
constexpr std::string_view kSp80038aKey128 = "2b7e151628aed2a6abf7158809cf4f3c";
constexpr std::string_view kSp80038aKey192 = "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b";
constexpr std::string_view kSp80038aKey256 =
    "603deb1015ca71be2b73aef0857d7781"
    "1f352c073b6108d72d9810a30914dff4";
// F.2: the CBC initialisation vector. F.5: the initial counter block of the CTR examples.
constexpr std::string_view kSp80038aCbcIv = "000102030405060708090a0b0c0d0e0f";
constexpr std::string_view kSp80038aCtrCounter = "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";

// IEEE 1619-2007 Annex B, XTS-AES-256 Vector 10: the 512-byte data unit 00 01 .. ff, twice.
constexpr std::string_view kXtsVector10Plaintext =
    "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
    "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
    "404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"
    "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
    "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
    "a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf"
    "c0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedf"
    "e0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff"
    "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
    "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
    "404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"
    "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
    "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
    "a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf"
    "c0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedf"
    "e0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";

// draft-ribose-cfrg-sm4-10, Appendix A.2 (SM4 examples of the modes): the two-block plaintext
// and the IV that both CBC examples of A.2.2 use.
constexpr std::string_view kSm4DraftPlaintext =
    "aaaaaaaabbbbbbbbccccccccddddddddeeeeeeeeffffffffaaaaaaaabbbbbbbb";
constexpr std::string_view kSm4DraftCbcIv = "000102030405060708090a0b0c0d0e0f";

constexpr KatVector kCipherVectors[] = {
    // AES-CBC.
    {.algorithm = "AES-128-CBC",
     .source = "NIST SP 800-38A, Appendix F.2.1 (CBC-AES128.Encrypt)",
     .key = kSp80038aKey128,
     .iv = kSp80038aCbcIv,
     .input = kSp80038aPlaintext,
     .output = "7649abac8119b246cee98e9b12e9197d"
               "5086cb9b507219ee95db113a917678b2"
               "73bed6b8e3c1743b7116e69e22229516"
               "3ff1caa1681fac09120eca307586e1a7"},
    {.algorithm = "AES-192-CBC",
     .source = "NIST SP 800-38A, Appendix F.2.3 (CBC-AES192.Encrypt)",
     .key = kSp80038aKey192,
     .iv = kSp80038aCbcIv,
     .input = kSp80038aPlaintext,
     .output = "4f021db243bc633d7178183a9fa071e8"
               "b4d9ada9ad7dedf4e5e738763f69145a"
               "571b242012fb7ae07fa9baac3df102e0"
               "08b0e27988598881d920a9e64f5615cd"},
    {.algorithm = "AES-256-CBC",
     .source = "NIST SP 800-38A, Appendix F.2.5 (CBC-AES256.Encrypt)",
     .key = kSp80038aKey256,
     .iv = kSp80038aCbcIv,
     .input = kSp80038aPlaintext,
     .output = "f58c4c04d6e5f1ba779eabfb5f7bfbd6"
               "9cfc4e967edb808d679f777bc6702c7d"
               "39f23369a9d9bacfa530e26304231461"
               "b2eb05e2c39be9fcda6c19078c6a9d1b"},
    // AES-CTR: the IV is the initial 128-bit counter block, incremented big-endian.
    {.algorithm = "AES-128-CTR",
     .source = "NIST SP 800-38A, Appendix F.5.1 (CTR-AES128.Encrypt)",
     .key = kSp80038aKey128,
     .iv = kSp80038aCtrCounter,
     .input = kSp80038aPlaintext,
     .output = "874d6191b620e3261bef6864990db6ce"
               "9806f66b7970fdff8617187bb9fffdff"
               "5ae4df3edbd5d35e5b4f09020db03eab"
               "1e031dda2fbe03d1792170a0f3009cee"},
    {.algorithm = "AES-256-CTR",
     .source = "NIST SP 800-38A, Appendix F.5.5 (CTR-AES256.Encrypt)",
     .key = kSp80038aKey256,
     .iv = kSp80038aCtrCounter,
     .input = kSp80038aPlaintext,
     .output = "601ec313775789a5b7a7f504bbf3d228"
               "f443e3ca4d62b59aca84e990cacaf5c5"
               "2b0930daa23de94ce87017ba2d84988d"
               "dfc9c58db67aada613c2dd08457941a6"},
    // AES-ECB.
    {.algorithm = "AES-128-ECB",
     .source = "NIST SP 800-38A, Appendix F.1.1 (ECB-AES128.Encrypt)",
     .key = kSp80038aKey128,
     .input = kSp80038aPlaintext,
     .output = "3ad77bb40d7a3660a89ecaf32466ef97"
               "f5d3d58503b9699de785895a96fdbaaf"
               "43b1cd7f598ece23881b00e3ed030688"
               "7b0c785e27e8ad3f8223207104725dd4"},
    {.algorithm = "AES-256-ECB",
     .source = "NIST SP 800-38A, Appendix F.1.5 (ECB-AES256.Encrypt)",
     .key = kSp80038aKey256,
     .input = kSp80038aPlaintext,
     .output = "f3eed1bdb5d2a03c064b5a7e3db181f8"
               "591ccb10d410ed26dc5ba74a31362870"
               "b6ed21b99ca6f4f9f153e7b1beafed1d"
               "23304b7a39f9f3ff067d8d8f9e24ecc7"},
    // AES-XTS: OpenSSL's key is Key1 || Key2 and its IV is the 16-byte tweak, i.e. the data unit
    // sequence number in little-endian byte order.
    {.algorithm = "AES-128-XTS",
     .source = "IEEE 1619-2007, Annex B, XTS-AES-128 Vector 2 (data unit sequence 0x3333333333)",
     .key = "11111111111111111111111111111111"
            "22222222222222222222222222222222",
     .iv = "33333333330000000000000000000000",
     .input = "4444444444444444444444444444444444444444444444444444444444444444",
     .output = "c454185e6a16936e39334038acef838bfb186fff7480adc4289382ecd6d394f0"},
    {.algorithm = "AES-256-XTS",
     .source = "IEEE 1619-2007, Annex B, XTS-AES-256 Vector 10 (data unit sequence 0xff)",
     .key = "2718281828459045235360287471352662497757247093699959574966967627"
            "3141592653589793238462643383279502884197169399375105820974944592",
     .iv = "ff000000000000000000000000000000",
     .input = kXtsVector10Plaintext,
     .output = "1c3b3a102f770386e4836c99e370cf9bea00803f5e482357a4ae12d414a3e63b"
               "5d31e276f8fe4a8d66b317f9ac683f44680a86ac35adfc3345befecb4bb188fd"
               "5776926c49a3095eb108fd1098baec70aaa66999a72a82f27d848b21d4a741b0"
               "c5cd4d5fff9dac89aeba122961d03a757123e9870f8acf1000020887891429ca"
               "2a3e7a7d7df7b10355165c8b9a6d0a7de8b062c4500dc4cd120c0f7418dae3d0"
               "b5781c34803fa75421c790dfe1de1834f280d7667b327f6c8cd7557e12ac3a0f"
               "93ec05c52e0493ef31a12d3d9260f79a289d6a379bc70c50841473d1a8cc81ec"
               "583e9645e07b8d9670655ba5bbcfecc6dc3966380ad8fecb17b6ba02469a020a"
               "84e18e8f84252070c13e9f1f289be54fbc481457778f616015e1327a02b140f1"
               "505eb309326d68378f8374595c849d84f4c333ec4423885143cb47bd71c5edae"
               "9be69a2ffeceb1bec9de244fbe15992b11b77c040f12bd8f6a975a44a0f90c29"
               "a9abc3d4d893927284c58754cce294529f8614dcd2aba991925fedc4ae74ffac"
               "6e333b93eb4aff0479da9a410e4450e0dd7ae4c6e2910900575da401fc07059f"
               "645e8b7e9bfdef33943054ff84011493c27b3429eaedb4ed5376441a77ed4385"
               "1ad77f16f541dfd269d50d6a5f14fb0aab1cbb4c1550be97f7ab4066193c4caa"
               "773dad38014bd2092fa755c824bb5e54c4f36ffda9fcea70b9c6e693e148c151"},
    // Triple DES (three independent keys, Key1 || Key2 || Key3), first two of the four blocks.
    {.algorithm = "DES-EDE3-CBC",
     .source = "NIST CSRC Examples with Intermediate Values, TDES_CBC.pdf (CBC-TDES, three-key "
               "encryption), blocks 1-2",
     .key = "0123456789abcdef23456789abcdef01456789abcdef0123",
     .iv = "f69f2445df4f9b17",
     .input = "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51",
     .output = "2079c3d53aa763e193b79e2569ab5262516570481f25b50f73c0bda85c8e0da7"},
    // SM4-CBC. The block cipher's own example is one block, encrypted here as CBC with an
    // all-zero IV (the first CBC block is then E(K, P) itself); the mode's are the draft's two
    // two-block examples. All three were checked with `openssl enc -sm4-cbc -nopad` (OpenSSL
    // 3.0.19), which reproduces them.
    {.algorithm = "SM4-CBC",
     .source = "GB/T 32907-2016, Appendix A, example 1 (one block, all-zero IV)",
     .key = "0123456789abcdeffedcba9876543210",
     .iv = "00000000000000000000000000000000",
     .input = "0123456789abcdeffedcba9876543210",
     .output = "681edf34d206965e86b3e94f536e4246"},
    {.algorithm = "SM4-CBC",
     .source = "draft-ribose-cfrg-sm4-10, Appendix A.2.2.1 (SM4-CBC example 1)",
     .key = "0123456789abcdeffedcba9876543210",
     .iv = kSm4DraftCbcIv,
     .input = kSm4DraftPlaintext,
     .output = "78ebb11cc40b0a48312aaeb2040244cb"
               "4cb7016951909226979b0d15dc6a8f6d"},
    {.algorithm = "SM4-CBC",
     .source = "draft-ribose-cfrg-sm4-10, Appendix A.2.2.2 (SM4-CBC example 2)",
     .key = "fedcba98765432100123456789abcdef",
     .iv = kSm4DraftCbcIv,
     .input = kSm4DraftPlaintext,
     .output = "0d3a6ddc2d21c698857215587b7bb59a"
               "91f2c147911a4144665e1fa1d40bae38"},
    // ChaCha20: OpenSSL's 16-byte IV is the 32-bit block counter (little-endian, here 1) followed
    // by the 96-bit nonce 00:00:00:00:00:00:00:4a:00:00:00:00.
    {.algorithm = "ChaCha20",
     .source = "RFC 8439, section 2.4.2 (Example and Test Vector for the ChaCha20 Cipher)",
     .key = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
     .iv = "01000000000000000000004a00000000",
     .input = kRfc8439Sunscreen,
     .output = "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b"
               "f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8"
               "07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736"
               "5af90bbf74a35be6b40b8eedf2785e42874d"},
};

}  // namespace

std::span<const KatVector> CipherVectors() { return kCipherVectors; }

}  // namespace cryptobench::kat_internal
