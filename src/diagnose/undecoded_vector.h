// CPUINFO vectors of the architectures cryptobench does not decode into features (s390x,
// RISC-V, POWER): which variable the line holds, and what it shows of AES.
#pragma once

#include <string>

namespace cryptobench::diagnose {

/// The variable of a CPUINFO vector cryptobench reads but does not decode into features
/// ("OPENSSL_s390xcap", "OPENSSL_riscvcap" or "OPENSSL_ppccap"), or "" when `cpu_info` (the
/// CPUINFO line) holds none. crypto/info.c (openssl/openssl 0223dfcf1e4d, init_info_strings)
/// prints `OPENSSL_s390xcap=stfle:W:W:W:W:kimd:W:W:...:kdsa:W:W` on s390x and
/// `OPENSSL_riscvcap=NAME_NAME_...` (the extensions found, riscv_arch.def names; openssl PR
/// 28760, 2025, prefixes the base ISA and adds VLEN) on RISC-V; nodejs/node's vendored copy
/// (deps/openssl at 04d43932) also prints `OPENSSL_ppccap=0x%x` on POWER. The first release of
/// each is not verified here. The vector is in the text: it is never called absent nor asked for.
std::string UndecodedVectorVariable(const std::string& cpu_info);

/// What an undecoded vector (UndecodedVectorVariable) shows of AES, in words, or "" when it
/// says nothing readable:
///  - OPENSSL_riscvcap: the AES and GHASH extensions it names, "ZKNE (scalar AES encryption)",
///    "ZKND (scalar AES decryption)", "ZVKNED (vector AES)", "ZVKG (vector GHASH)", and, when
///    it names neither ZKNE nor ZVKNED, says so (RISC-V Cryptography Extensions vol. I scalar
///    and vol. II vector; names as in OpenSSL's include/crypto/riscv_arch.def).
///  - OPENSSL_s390xcap: whether the km query word (KM, cipher message) and the kma word (KMA,
///    cipher message with authentication: GCM) have the AES-128/192/256 function codes 18-20:
///    code n is bit 63 - n of the pair's first word (crypto/s390x_arch.h: S390X_CAPBIT(i) is
///    1 << (63 - i % 64), S390X_AES_128 18, S390X_AES_192 19, S390X_AES_256 20; z/Architecture
///    Principles of Operation, KM and KMA function codes).
std::string UndecodedVectorAes(const std::string& cpu_info);

}  // namespace cryptobench::diagnose
