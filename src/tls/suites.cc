// The suite, group and certificate tables.
#include "tls/suites.h"

#include <array>
#include <cctype>

namespace cryptobench::tls {
namespace {

// IANA TLS Cipher Suites registry; OpenSSL names from `openssl ciphers -stdname`.
const std::array<SuiteInfo, 9> kSuites = {{
    {"TLS_AES_128_GCM_SHA256", "TLS_AES_128_GCM_SHA256", TlsVersion::kTls13, "AES-128-GCM", "",
     "AES-128-GCM", "", true},
    {"TLS_AES_256_GCM_SHA384", "TLS_AES_256_GCM_SHA384", TlsVersion::kTls13, "AES-256-GCM", "",
     "AES-256-GCM", "", true},
    {"TLS_CHACHA20_POLY1305_SHA256", "TLS_CHACHA20_POLY1305_SHA256", TlsVersion::kTls13,
     "ChaCha20-Poly1305", "", "CHACHA20-POLY1305", "", true},
    {"TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256", "ECDHE-ECDSA-AES128-GCM-SHA256", TlsVersion::kTls12,
     "AES-128-GCM", "ECDSA", "AES-128-GCM", "ECDHE-ECDSA", true},
    {"TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384", "ECDHE-ECDSA-AES256-GCM-SHA384", TlsVersion::kTls12,
     "AES-256-GCM", "ECDSA", "AES-256-GCM", "ECDHE-ECDSA", false},
    {"TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256", "ECDHE-ECDSA-CHACHA20-POLY1305",
     TlsVersion::kTls12, "ChaCha20-Poly1305", "ECDSA", "CHACHA20-POLY1305", "ECDHE-ECDSA", true},
    {"TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256", "ECDHE-RSA-AES128-GCM-SHA256", TlsVersion::kTls12,
     "AES-128-GCM", "RSA", "AES-128-GCM", "ECDHE-RSA", false},
    {"TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384", "ECDHE-RSA-AES256-GCM-SHA384", TlsVersion::kTls12,
     "AES-256-GCM", "RSA", "AES-256-GCM", "ECDHE-RSA", false},
    {"TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256", "ECDHE-RSA-CHACHA20-POLY1305",
     TlsVersion::kTls12, "ChaCha20-Poly1305", "RSA", "CHACHA20-POLY1305", "ECDHE-RSA", false},
}};

// IANA TLS Supported Groups: x25519 (29), secp256r1 (23), X25519MLKEM768 (4588) and
// SecP256r1MLKEM768 (4587); OpenSSL 3.5 and GnuTLS 3.8.9 are the first releases with the hybrids.
const std::array<GroupInfo, 4> kGroups = {{
    {"X25519", "X25519", "GROUP-X25519", {"x25519"}, false, true},
    {"P-256", "P-256", "GROUP-SECP256R1", {"secp256r1", "prime256v1", "nistp256"}, false, true},
    {"X25519MLKEM768", "X25519MLKEM768", "GROUP-X25519-MLKEM768", {}, true, true},
    {"SecP256r1MLKEM768", "SecP256r1MLKEM768", "GROUP-SECP256R1-MLKEM768", {}, true, false},
}};

constexpr std::array<CertType, 3> kCertTypes = {CertType::kRsa2048, CertType::kEcdsaP256,
                                                CertType::kEd25519};

}  // namespace

std::string_view TlsVersionName(TlsVersion version) {
  return version == TlsVersion::kTls13 ? "TLSv1.3" : "TLSv1.2";
}

std::string NormalizeName(std::string_view name) {
  std::string out;
  out.reserve(name.size());
  for (char c : name) {
    if (c != '-' && c != '_' && c != ' ' && c != '.') {
      out.push_back(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
    }
  }
  return out;
}

std::span<const SuiteInfo> Suites() { return kSuites; }

std::vector<const SuiteInfo*> DefaultSuites() {
  std::vector<const SuiteInfo*> out;
  for (const SuiteInfo& suite : kSuites) {
    if (suite.default_suite) {
      out.push_back(&suite);
    }
  }
  return out;
}

const SuiteInfo* FindSuite(std::string_view name) {
  const std::string wanted = NormalizeName(name);
  for (const SuiteInfo& suite : kSuites) {
    if (wanted == NormalizeName(suite.iana) || wanted == NormalizeName(suite.openssl)) {
      return &suite;
    }
  }
  return nullptr;
}

std::span<const GroupInfo> Groups() { return kGroups; }

const GroupInfo* FindGroup(std::string_view name) {
  const std::string wanted = NormalizeName(name);
  for (const GroupInfo& group : kGroups) {
    if (wanted == NormalizeName(group.name)) {
      return &group;
    }
    for (std::string_view alias : group.aliases) {
      if (wanted == NormalizeName(alias)) {
        return &group;
      }
    }
  }
  return nullptr;
}

const GroupInfo& DefaultGroup() { return kGroups[0]; }

std::span<const CertType> CertTypes() { return kCertTypes; }

std::string_view CertTypeName(CertType type) {
  switch (type) {
    case CertType::kRsa2048:
      return "RSA-2048";
    case CertType::kEcdsaP256:
      return "ECDSA-P256";
    case CertType::kEd25519:
      return "Ed25519";
  }
  return "";
}

std::string_view CertAuth(CertType type) { return type == CertType::kRsa2048 ? "RSA" : "ECDSA"; }

bool ParseCertType(std::string_view name, CertType* out) {
  const std::string wanted = NormalizeName(name);
  for (CertType type : kCertTypes) {
    if (wanted == NormalizeName(CertTypeName(type))) {
      *out = type;
      return true;
    }
  }
  return false;
}

CertType DefaultCertFor(const SuiteInfo& suite) {
  return suite.auth == "RSA" ? CertType::kRsa2048 : CertType::kEcdsaP256;
}

bool CertFitsSuite(CertType type, const SuiteInfo& suite) {
  return suite.auth.empty() || suite.auth == CertAuth(type);
}

std::vector<const GroupInfo*> GroupsToOffer(const GroupInfo* group, const SuiteInfo* suite,
                                            CertType cert, bool client) {
  if (group == nullptr) {
    return {};
  }
  std::vector<const GroupInfo*> groups = {group};
  const GroupInfo* p256 = FindGroup("P-256");
  if (client && suite != nullptr && suite->version == TlsVersion::kTls12 &&
      cert == CertType::kEcdsaP256 && group != p256) {
    groups.push_back(p256);
  }
  return groups;
}

}  // namespace cryptobench::tls
