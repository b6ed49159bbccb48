// Known-answer vectors for the hashes (MD5, SHA-1, SHA-2, SHA3-256, BLAKE2b-512) and the MACs
// (HMAC-SHA256, CMAC-AES-128, Poly1305). Messages given as text in the sources are stored as the
// hex of their ASCII bytes. Hex is copied from the cited documents and was checked against
// OpenSSL 3.0.
#include <span>
#include <string_view>

#include "algorithms/kat.h"
#include "algorithms/kat_internal.h"

namespace cryptobench::kat_internal {
namespace {

// FIPS 180-4 example messages (NIST CSRC "Examples with Intermediate Values"): the one-block
// "abc", the 448-bit two-block message of SHA-1/224/256 and the 896-bit two-block message of
// SHA-384/512.
constexpr std::string_view kAbc = "616263";  // "abc"
constexpr std::string_view kTwoBlock448 =    // "abcdbcdecdefdefg...nopq"
    "6162636462636465636465666465666765666768666768696768696a68696a6b"
    "696a6b6c6a6b6c6d6b6c6d6e6c6d6e6f6d6e6f706e6f7071";
constexpr std::string_view kTwoBlock896 =  // "abcdefghbcdefghi...nopqrstu"
    "61626364656667686263646566676869636465666768696a6465666768696a6b"
    "65666768696a6b6c666768696a6b6c6d6768696a6b6c6d6e68696a6b6c6d6e6f"
    "696a6b6c6d6e6f706a6b6c6d6e6f70716b6c6d6e6f7071726c6d6e6f70717273"
    "6d6e6f70717273746e6f707172737475";

constexpr KatVector kHashMacVectors[] = {
    // MD5.
    {.algorithm = "MD5",
     .source = "RFC 1321, Appendix A.5 (test suite): MD5 (\"abc\")",
     .input = kAbc,
     .output = "900150983cd24fb0d6963f7d28e17f72"},
    {.algorithm = "MD5",
     .source = "RFC 1321, Appendix A.5 (test suite): MD5 (\"message digest\")",
     .input = "6d65737361676520646967657374",
     .output = "f96b697d7cb7938d525a2f31aaf161d0"},
    // SHA-1 and SHA-2.
    {.algorithm = "SHA-1",
     .source = "FIPS 180-4 example, NIST CSRC SHA1.pdf: One-Block Message Sample (\"abc\")",
     .input = kAbc,
     .output = "a9993e364706816aba3e25717850c26c9cd0d89d"},
    {.algorithm = "SHA-1",
     .source = "FIPS 180-4 example, NIST CSRC SHA1.pdf: Two-Block Message Sample (448 bits)",
     .input = kTwoBlock448,
     .output = "84983e441c3bd26ebaae4aa1f95129e5e54670f1"},
    {.algorithm = "SHA-224",
     .source = "FIPS 180-4 example, NIST CSRC SHA224.pdf: One-Block Message Sample (\"abc\")",
     .input = kAbc,
     .output = "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7"},
    {.algorithm = "SHA-224",
     .source = "FIPS 180-4 example, NIST CSRC SHA224.pdf: Two-Block Message Sample (448 bits)",
     .input = kTwoBlock448,
     .output = "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525"},
    {.algorithm = "SHA-256",
     .source = "FIPS 180-4 example, NIST CSRC SHA256.pdf: One-Block Message Sample (\"abc\")",
     .input = kAbc,
     .output = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
    {.algorithm = "SHA-256",
     .source = "FIPS 180-4 example, NIST CSRC SHA256.pdf: Two-Block Message Sample (448 bits)",
     .input = kTwoBlock448,
     .output = "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
    {.algorithm = "SHA-384",
     .source = "FIPS 180-4 example, NIST CSRC SHA384.pdf: One-Block Message Sample (\"abc\")",
     .input = kAbc,
     .output = "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
               "8086072ba1e7cc2358baeca134c825a7"},
    {.algorithm = "SHA-384",
     .source = "FIPS 180-4 example, NIST CSRC SHA384.pdf: Two-Block Message Sample (896 bits)",
     .input = kTwoBlock896,
     .output = "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712"
               "fcc7c71a557e2db966c3e9fa91746039"},
    {.algorithm = "SHA-512",
     .source = "FIPS 180-4 example, NIST CSRC SHA512.pdf: One-Block Message Sample (\"abc\")",
     .input = kAbc,
     .output = "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
               "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"},
    {.algorithm = "SHA-512",
     .source = "FIPS 180-4 example, NIST CSRC SHA512.pdf: Two-Block Message Sample (896 bits)",
     .input = kTwoBlock896,
     .output = "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
               "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909"},
    // SHA3-256. NIST's FIPS 202 examples use bit-length messages; these two are whole bytes.
    {.algorithm = "SHA3-256",
     .source = "FIPS 202 example, NIST CSRC SHA3-256_1600.pdf (1600-bit message of 0xa3 bytes)",
     .input = "a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3"
              "a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3"
              "a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3"
              "a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3"
              "a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3"
              "a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3"
              "a3a3a3a3a3a3a3a3",
     .output = "79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787"},
    {.algorithm = "SHA3-256",
     .source = "FIPS 202 example, NIST CSRC SHA3-256_Msg0.pdf (empty message)",
     .input = "",
     .output = "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"},
    // BLAKE2b with a 64-byte digest and no key.
    {.algorithm = "BLAKE2b-512",
     .source = "RFC 7693, Appendix A (BLAKE2b-512 of \"abc\")",
     .input = kAbc,
     .output = "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1"
               "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923"},
    // HMAC-SHA256: RFC 4231 keys are 20, 4 and 25 bytes (any key length is valid for HMAC).
    {.algorithm = "HMAC-SHA256",
     .source = "RFC 4231, section 4.2 (Test Case 1)",
     .key = "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b",
     .input = "4869205468657265",  // "Hi There"
     .output = "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"},
    {.algorithm = "HMAC-SHA256",
     .source = "RFC 4231, section 4.3 (Test Case 2)",
     .key = "4a656665",                                                    // "Jefe"
     .input = "7768617420646f2079612077616e7420666f72206e6f7468696e673f",  // "what do ya..."
     .output = "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"},
    {.algorithm = "HMAC-SHA256",
     .source = "RFC 4231, section 4.5 (Test Case 4)",
     .key = "0102030405060708090a0b0c0d0e0f10111213141516171819",
     .input = "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd"
              "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd",
     .output = "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"},
    // CMAC-AES-128: the SP 800-38A key and a prefix of its plaintext (SP 800-38B D.1).
    {.algorithm = "CMAC-AES-128",
     .source = "NIST SP 800-38B, Appendix D.1 (AES-128, Example 2: Mlen = 128)",
     .key = "2b7e151628aed2a6abf7158809cf4f3c",
     .input = "6bc1bee22e409f96e93d7e117393172a",
     .output = "070a16b46b4d4144f79bdd9dd04a287c"},
    {.algorithm = "CMAC-AES-128",
     .source = "NIST SP 800-38B, Appendix D.1 (AES-128, Example 3: Mlen = 320)",
     .key = "2b7e151628aed2a6abf7158809cf4f3c",
     .input = "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
              "30c81c46a35ce411",
     .output = "dfa66747de9ae63030ca32611497c827"},
    {.algorithm = "CMAC-AES-128",
     .source = "NIST SP 800-38B, Appendix D.1 (AES-128, Example 4: Mlen = 512)",
     .key = "2b7e151628aed2a6abf7158809cf4f3c",
     .input = "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
              "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710",
     .output = "51f0bebf7e3b9d92fc49741779363cfe"},
    // Poly1305: the 32-byte one-time key is r || s.
    {.algorithm = "Poly1305",
     .source = "RFC 8439, section 2.5.2 (Example and Test Vector for Poly1305)",
     .key = "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b",
     .input = "43727970746f6772617068696320466f72756d2052657365617263682047726f"
              "7570",  // "Cryptographic Forum Research Group"
     .output = "a8061dc1305136c6c22b8baf0c0127a9"},
};

}  // namespace

std::span<const KatVector> HashMacVectors() { return kHashMacVectors; }

}  // namespace cryptobench::kat_internal
