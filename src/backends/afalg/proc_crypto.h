// /proc/crypto: the kernel's registered crypto algorithms, one block per implementation
// ("driver"), and which driver the kernel serves an algorithm name with.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace cryptobench::backends::afalg {

/// One block of /proc/crypto (crypto/proc.c, crypto_show): the fields cryptobench uses.
struct ProcCryptoEntry {
  std::string name;       ///< algorithm name, "cbc(aes)"
  std::string driver;     ///< implementation, "cbc-aes-aesni", "cbc(aes-generic)"
  std::string module;     ///< "kernel" (built in) or the module, "aesni_intel"
  int priority = 0;       ///< higher wins among drivers of one name
  std::string type;       ///< "skcipher", "lskcipher", "aead", "shash", "ahash", "cipher", ...
  std::string selftest;   ///< "passed", "unknown" (not tested yet); older kernels omit it
  bool internal = false;  ///< "internal : yes": only for other drivers, not for AF_ALG
};

/// Parses /proc/crypto text: blocks separated by blank lines, "key : value" lines. Unknown keys
/// are ignored; a block without name or driver is skipped; an unreadable priority counts as 0.
std::vector<ProcCryptoEntry> ParseProcCrypto(std::string_view text);

/// Whether an entry's type can serve an AF_ALG socket of salg_type `socket_type`: "skcipher"
/// takes skcipher and lskcipher (6.7+), "aead" aead, "hash" shash and ahash.
bool TypeServesSocket(std::string_view entry_type, std::string_view socket_type);

/// The driver the kernel serves `name` with on an AF_ALG socket of `socket_type`, as
/// crypto_alg_lookup (crypto/api.c) chooses: among entries of that name with a matching type,
/// not internal and whose selftest passed (or, on kernels without the field, is absent), the
/// highest priority, the first listed on a tie. Null if none (for a template such as
/// "hmac(sha256)" until something has instantiated it: bind() does).
const ProcCryptoEntry* ServingDriver(const std::vector<ProcCryptoEntry>& entries,
                                     std::string_view name, std::string_view socket_type);

/// "cbc-aes-aesni (priority 400, module aesni_intel)": how Implementation() reports a driver.
std::string DescribeDriver(const ProcCryptoEntry& entry);

}  // namespace cryptobench::backends::afalg
