// The TLS vocabulary `cryptobench tls` measures: cipher suites, key-exchange groups and
// certificate types, each with the names the libraries use for it.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cryptobench::tls {

/// A protocol version.
enum class TlsVersion { kTls12, kTls13 };

/// "TLSv1.2" or "TLSv1.3", as OpenSSL's SSL_get_version() and GnuTLS's
/// gnutls_protocol_get_name() (there "TLS1.2") report them, in OpenSSL's spelling.
std::string_view TlsVersionName(TlsVersion version);

/// A cipher suite. Names: the IANA "TLS Cipher Suites" registry (TLS 1.3 suites from RFC 8446
/// appendix B.4; ECDHE with AES-GCM from RFC 5289; ECDHE with ChaCha20-Poly1305 from RFC 7905)
/// and OpenSSL's own (`openssl ciphers -stdname` pairs them).
struct SuiteInfo {
  std::string_view iana;     ///< e.g. "TLS_AES_128_GCM_SHA256", the name reports use
  std::string_view openssl;  ///< SSL_CIPHER_get_name(): "TLS_AES_128_GCM_SHA256",
                             ///< "ECDHE-ECDSA-AES128-GCM-SHA256"
  TlsVersion version;
  std::string_view aead;  ///< the record protection, a catalogue name ("AES-128-GCM")
  /// TLS 1.2: the certificate's key type the suite signs with, "ECDSA" (ECDSA or Ed25519
  /// certificates, RFC 8422) or "RSA"; TLS 1.3 suites work with any certificate: "".
  std::string_view auth;
  std::string_view gnutls_cipher;  ///< GnuTLS priority keyword of the cipher, "AES-128-GCM"
  std::string_view gnutls_kx;      ///< GnuTLS key exchange keyword ("ECDHE-ECDSA"); "" for 1.3
  bool default_suite = false;      ///< measured when --suites is not given
};

/// Every suite cryptobench knows, TLS 1.3 first, in display order.
std::span<const SuiteInfo> Suites();

/// The default suites: the three TLS 1.3 suites, and TLS 1.2 ECDHE-ECDSA with AES-128-GCM and
/// with ChaCha20-Poly1305.
std::vector<const SuiteInfo*> DefaultSuites();

/// Finds a suite by its IANA or OpenSSL name, ignoring case, '-' and '_'; nullptr if unknown.
const SuiteInfo* FindSuite(std::string_view name);

/// A key-exchange group (TLS 1.3 "supported_groups", the ECDHE curve in TLS 1.2). Names: the
/// IANA "TLS Supported Groups" registry (RFC 8446 section 4.2.7; the hybrid ML-KEM groups from
/// draft-ietf-tls-ecdhe-mlkem), OpenSSL's groups-list names and GnuTLS's priority keywords.
struct GroupInfo {
  std::string_view name;                  ///< display name: "X25519", "P-256", "X25519MLKEM768"
  std::string_view openssl;               ///< SSL_CTX_set1_groups_list() name
  std::string_view gnutls;                ///< GnuTLS priority keyword, "GROUP-X25519"
  std::vector<std::string_view> aliases;  ///< other accepted spellings ("secp256r1")
  bool hybrid = false;                    ///< a post-quantum hybrid (ECDHE + ML-KEM); TLS 1.3 only
  bool default_group = false;             ///< in the handshake matrix when --groups is not given
};

/// Every group cryptobench knows, in display order.
std::span<const GroupInfo> Groups();

/// Finds a group by name or alias, ignoring case, '-' and '_'; nullptr if unknown.
const GroupInfo* FindGroup(std::string_view name);

/// The group of bulk transfers and the first of the handshake matrix: X25519.
const GroupInfo& DefaultGroup();

/// A server certificate's key type. Keys are generated at run time by the library under test.
enum class CertType { kRsa2048, kEcdsaP256, kEd25519 };

/// Every certificate type, in display order.
std::span<const CertType> CertTypes();

/// "RSA-2048", "ECDSA-P256", "Ed25519": display name and --cert spelling (any case).
std::string_view CertTypeName(CertType type);

/// The TLS 1.2 authentication a certificate serves: "RSA" or "ECDSA" (Ed25519 signs in the
/// ECDSA suites, RFC 8422 section 5.1.2).
std::string_view CertAuth(CertType type);

/// Parses a certificate type name (CertTypeName, ignoring case, '-' and '_'); false if unknown.
bool ParseCertType(std::string_view name, CertType* out);

/// The certificate a bulk transfer of `suite` uses when none is asked for: ECDSA P-256, or
/// RSA-2048 for a TLS 1.2 ECDHE-RSA suite.
CertType DefaultCertFor(const SuiteInfo& suite);

/// True when a certificate of `type` can authenticate `suite`.
bool CertFitsSuite(CertType type, const SuiteInfo& suite);

/// The groups an endpoint offers to negotiate `group` (null: the library's defaults, an empty
/// list). In TLS 1.2 a client's supported_groups also lists the curves it accepts for ECDSA
/// certificates (RFC 8422 section 5.1.1), so a TLS 1.2 client that expects an ECDSA P-256
/// certificate offers P-256 after `group`; the server, offering `group` alone, still settles
/// the key exchange on it.
std::vector<const GroupInfo*> GroupsToOffer(const GroupInfo* group, const SuiteInfo* suite,
                                            CertType cert, bool client);

/// `name` upper-cased without '-', '_', ' ' and '.', the form names are matched in.
std::string NormalizeName(std::string_view name);

}  // namespace cryptobench::tls
