// Names in `openssl speed` output, from every era, mapped to cryptobench's catalogue:
// 1.x low-level rows ("aes-128 cbc", "des ede3"), 1.1.1 EVP long names ("aes-128-gcm",
// "id-aes128-GCM"), 3.x EVP names ("AES-128-CBC", "ChaCha20-Poly1305") and public-key rows
// ("rsa 2048 bits", "256 bits ecdsa (nistp256)"). A name the catalogue does not know is kept
// verbatim, with a kind inferred from the name, so the figure stays in the run.
#pragma once

#include <string>
#include <string_view>

namespace cryptobench::import {

/// An algorithm name as it goes into the result model.
struct NamedAlgorithm {
  std::string name;         ///< catalogue name ("AES-128-CBC") or the openssl name verbatim
  std::string kind;         ///< "cipher", "aead", "hash", "mac", "rng", "signature",
                            ///< "key_agreement" or "kem"
  bool catalogued = false;  ///< name is a catalogue entry
};

/// Public-key row families of `openssl speed` (apps/speed.c), one per result table.
enum class PkFamily { kRsa, kDsa, kEcdsa, kEcdh, kEddsa, kSm2, kFfdh, kKem, kSig };

/// Maps a symmetric table row name ("aes-128 cbc", "AES-128-GCM", "sha256", "hmac(md5)").
NamedAlgorithm MapSymmetricName(std::string_view row_name);

/// True if a symmetric row was timed through the low-level API rather than EVP. In 1.x
/// (`major` 0 or 1) every row but the -evp one is low-level (apps/speed.c 1.0.2 and 1.1.1
/// `names[]`: "aes-128 cbc", "des ede3", "md5", "sha256", "hmac(md5)", ...); the -evp row is
/// named by OBJ_nid2ln ("aes-128-cbc") or matches `evp_option`. In 3.x releases every row goes
/// through EVP and no row name has a space; a row spelt with a space ("aes-256 cbc") is
/// low-level in any version: 1.x, LibreSSL (any major) and the 3.0.0 snapshots before
/// openssl/openssl#14228. With the version unknown (`major` < 0) only the spaced rows count.
/// LibreSSL's AEAD rows ("aes-128 gcm", "chacha20 poly1305") go through EVP_AEAD: not low-level.
/// In 1.x the low-level AES and Camellia functions have no AES-NI / ARMv8 path.
bool IsLegacyRow(std::string_view row_name, int major, std::string_view evp_option);

/// True if `row_name` is a symmetric row name `openssl speed` prints: an entry of apps/speed.c
/// names[] in 1.0.2 and 1.1.1 ("aes-128 cbc", "rc5-32/12 cbc", "ghash"), in 3.x ("des-ede3",
/// "blowfish", "hmac(sha256)", "kmac128"), LibreSSL's AEAD rows ("chacha20 poly1305"), any
/// "hmac(<digest>)" row, or a name the catalogue knows as a symmetric algorithm (an -evp row,
/// named by OBJ_nid2ln or the 3.x fetch name: "aes-128-gcm", "ChaCha20-Poly1305"). Case is
/// ignored. Prose ("Ryzen", "real", "Thanks,") is not one.
bool IsSpeedRowName(std::string_view row_name);

/// The operation timed by a symmetric row: "encrypt" (or "decrypt") for ciphers and AEADs,
/// "hash", "mac", "generate" (rng).
std::string SymmetricOperation(std::string_view kind, bool decrypt);

/// A symmetric row of cryptobench's openssl layout (report/openssl_speed.cc) that names its
/// direction, "AES-128-CBC decrypt" beside "AES-128-CBC": the row name without the suffix, and
/// the operation ("decrypt" or "encrypt") in `operation`. Rows without such a suffix, or whose
/// name without it is not a cipher or AEAD, come back whole with `operation` left empty.
/// openssl speed itself never prints the suffix: its -decrypt rows carry the plain name.
std::string_view SplitDirectionSuffix(std::string_view row_name, std::string* operation);

/// The row name openssl speed prints for a public-key result, rebuilt from its parts so that
/// -mr records (which carry no row name) and text rows name the same thing: "rsa 2048 bits",
/// "dsa 2048 bits", "256 bits ecdsa (nistp256)", "253 bits ecdh (X25519)",
/// "253 bits EdDSA (Ed25519)", "256 bits SM2 (CurveSM2)", "2048 bits ffdh", or the KEM or
/// signature algorithm name (KemRowName for the KEM table's).
std::string PkRowName(PkFamily family, unsigned bits, std::string_view curve_or_name);

/// The name of a row of the 3.2+ KEM table (`openssl speed -kem-algorithms`, or every KEM when
/// no algorithm is named): speed's own name, except where speed times a KEM mode of a classical
/// key type under that key type's name, which the run's other tables also use. apps/speed.c
/// (openssl/openssl 2a3fce22740917d32fde70589e4d0da6ff694e25, the 3.5 branch point, lines
/// 4071-4083 and 4125-4130) runs "rsa<bits>" rows as RSASVE and "X25519", "X448" (and the
/// "ECP-<n>" rows) as DHKEM, so "rsa2048" is "rsa2048 (RSASVE)", "X25519" is "X25519 (DHKEM)"
/// and "X448" is "X448 (DHKEM)": never the RSA signature table's row nor the X25519 key
/// agreement. "ECP-256", "ML-KEM-768", "X25519MLKEM768" and other names are kept as printed.
std::string KemRowName(std::string_view name);

/// Maps a public-key result: RSA-2048/3072/4096, ECDSA-P256/P384, ECDH-P256, X25519 and
/// Ed25519 to the catalogue; everything else verbatim as PkRowName.
NamedAlgorithm MapPublicKey(PkFamily family, unsigned bits, std::string_view curve_or_name);

/// Curve name of an ECDSA/ECDH result in -mr output, which gives only the curve's index in
/// speed.c's table and its size in bits. The table differs between releases and builds (1.x:
/// prime, Koblitz, binary, X25519, X448; 3.x: Brainpool after the binary curves, which a
/// no-ec2m build leaves out), but no index holds two curves of one size across them, so the
/// index and size name the curve; X25519 and X448 are also recognised by size (253, 448).
/// An index and size no table has: "curve #<index>".
std::string EcCurveFromIndex(unsigned index, unsigned bits);

}  // namespace cryptobench::import
