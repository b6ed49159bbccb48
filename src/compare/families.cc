// FamilyOf: a small ordered rule list over lower-cased names. Order matters where names nest
// ("ecdsa" contains "dsa", "253 bits ecdh (X25519)" names both ECDH and X25519).
#include "compare/families.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

namespace cryptobench::compare {
namespace {

std::string Lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

std::string Upper(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  return out;
}

bool Contains(const std::string& haystack, std::string_view needle) {
  return haystack.find(needle) != std::string::npos;
}

bool StartsWith(const std::string& text, std::string_view prefix) {
  return text.rfind(prefix, 0) == 0;
}

// Tokens split at '-', ' ', '(' and ')'.
std::vector<std::string> Tokens(const std::string& text) {
  std::vector<std::string> out;
  std::string current;
  for (char c : text) {
    if (c == '-' || c == ' ' || c == '(' || c == ')' || c == '_') {
      if (!current.empty()) {
        out.push_back(current);
      }
      current.clear();
    } else {
      current.push_back(c);
    }
  }
  if (!current.empty()) {
    out.push_back(current);
  }
  return out;
}

bool HasLetter(const std::string& token) {
  for (char c : token) {
    if (std::isalpha(static_cast<unsigned char>(c)) != 0) {
      return true;
    }
  }
  return false;
}

// "aes-128-cbc", "aes-128 cbc", "id-aes128-gcm", "aes-256-cbc-hmac-sha1": the first token after
// "aes..." that is not a key size is the mode.
std::string AesMode(const std::string& lower) {
  const std::vector<std::string> tokens = Tokens(lower);
  bool seen_aes = false;
  for (const std::string& token : tokens) {
    if (!seen_aes) {
      seen_aes = StartsWith(token, "aes");
      if (seen_aes && token.size() > 3 && HasLetter(token.substr(3))) {
        // "aes128gcm": letters after the key size.
        size_t i = 3;
        while (i < token.size() && std::isdigit(static_cast<unsigned char>(token[i])) != 0) {
          ++i;
        }
        return Upper(token.substr(i));
      }
      continue;
    }
    if (HasLetter(token)) {
      return Upper(token);
    }
  }
  return "";
}

// The run of digits at `at` in `text`; "" if none.
std::string DigitsAt(const std::string& text, size_t at) {
  size_t end = at;
  while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end])) != 0) {
    ++end;
  }
  return text.substr(at, end - at);
}

// The NIST curve a lower-cased name names: SEC 2's "secp384r1" and "prime256v1", openssl
// speed's "nistp384" (and the binary "nistk163", "nistb163"), or "p384" / "p-384" as a word
// ("ECDSA-P384"): "P-384", "K-163", "B-163"; SEC 2's Koblitz "secp256k1" as printed; "" if none.
std::string NistCurve(const std::string& lower) {
  if (const size_t at = lower.find("secp"); at != std::string::npos) {
    const std::string bits = DigitsAt(lower, at + 4);
    const std::string rest = lower.substr(at + 4 + bits.size(), 2);
    if (!bits.empty() && rest == "r1") {
      return "P-" + bits;
    }
    if (!bits.empty() && rest == "k1") {
      return "secp" + bits + "k1";
    }
  }
  if (const size_t at = lower.find("nist"); at != std::string::npos && at + 4 < lower.size()) {
    const char kind = lower[at + 4];
    const std::string bits = DigitsAt(lower, at + 5);
    if (!bits.empty() && (kind == 'p' || kind == 'k' || kind == 'b')) {
      return std::string(1, static_cast<char>(std::toupper(kind))) + "-" + bits;
    }
  }
  if (const size_t at = lower.find("prime"); at != std::string::npos) {
    const std::string bits = DigitsAt(lower, at + 5);
    if (!bits.empty() && lower.substr(at + 5 + bits.size(), 2) == "v1") {
      return "P-" + bits;
    }
  }
  const std::vector<std::string> tokens = Tokens(lower);
  for (size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i].size() > 1 && tokens[i][0] == 'p' &&
        DigitsAt(tokens[i], 1).size() == tokens[i].size() - 1) {
      return "P-" + tokens[i].substr(1);
    }
    if (tokens[i] == "p" && i + 1 < tokens.size() && !tokens[i + 1].empty() &&
        DigitsAt(tokens[i + 1], 0).size() == tokens[i + 1].size()) {
      return "P-" + tokens[i + 1];
    }
  }
  return "";
}

}  // namespace

FamilyInfo FamilyOf(std::string_view algorithm) {
  std::string lower = Lower(algorithm);
  if (StartsWith(lower, "id-")) {
    lower = lower.substr(3);
  }
  if (StartsWith(lower, "hmac")) {
    std::string inner = lower.substr(4);
    while (!inner.empty() && (inner.front() == '-' || inner.front() == '(')) {
      inner.erase(inner.begin());
    }
    if (!inner.empty() && inner.back() == ')') {
      inner.pop_back();
    }
    return {"HMAC", inner.empty() ? "HMAC" : FamilyOf(inner).group};
  }
  if (StartsWith(lower, "cmac")) {
    return {"CMAC-AES", Contains(lower, "aes") ? "AES" : "CMAC"};
  }
  if (StartsWith(lower, "aes")) {
    const std::string mode = AesMode(lower);
    return {mode.empty() ? "AES" : "AES-" + mode, "AES"};
  }
  if (Contains(lower, "chacha")) {
    return {Contains(lower, "poly1305") ? "ChaCha20-Poly1305" : "ChaCha20", "ChaCha20/Poly1305"};
  }
  if (Contains(lower, "poly1305")) {
    return {"Poly1305", "ChaCha20/Poly1305"};
  }
  if (StartsWith(lower, "sha3") || StartsWith(lower, "shake")) {
    return {"SHA-3", "SHA"};
  }
  if (lower == "sha1" || lower == "sha-1") {
    return {"SHA-1", "SHA"};
  }
  if (StartsWith(lower, "sha")) {
    return {"SHA-2", "SHA"};
  }
  if (StartsWith(lower, "md5")) {
    return {"MD5", "MD5"};
  }
  if (StartsWith(lower, "blake2")) {
    return {"BLAKE2", "BLAKE2"};
  }
  if (StartsWith(lower, "des")) {
    return {"DES", "DES"};
  }
  if (Contains(lower, "x25519")) {
    return {"X25519", "EC"};
  }
  if (Contains(lower, "x448")) {
    return {"X448", "EC"};
  }
  if (Contains(lower, "ed25519")) {
    return {"Ed25519", "EC"};
  }
  if (Contains(lower, "ed448")) {
    return {"Ed448", "EC"};
  }
  if (Contains(lower, "ecdsa")) {
    return {"ECDSA", "EC"};
  }
  if (Contains(lower, "ecdh")) {
    return {"ECDH", "EC"};
  }
  if (lower == "ecc" || StartsWith(lower, "ecc ") || StartsWith(lower, "ecc[")) {
    // wolfCrypt's "ECC [ SECP384R1] 384 key gen": an EC key pair, for ECDSA and ECDH alike
    // (not ECCSI, an identity-based scheme of its own).
    return {"ECC", "EC"};
  }
  if (Contains(lower, "rsa")) {
    return {"RSA", "RSA"};
  }
  if (Contains(lower, "dsa")) {
    return {"DSA", "DSA"};
  }
  return {std::string(algorithm), std::string(algorithm)};
}

std::string ArithmeticOf(std::string_view algorithm) {
  const std::string lower = Lower(algorithm);
  if (Contains(lower, "25519")) {
    return "Curve25519";
  }
  if (Contains(lower, "x448") || Contains(lower, "ed448") || Contains(lower, "curve448")) {
    return "Curve448";
  }
  if (const size_t at = lower.find("brainpoolp"); at != std::string::npos) {
    const std::string bits = DigitsAt(lower, at + 10);
    const std::string kind = lower.substr(at + 10 + bits.size(), 2);
    if (!bits.empty() && (kind == "r1" || kind == "t1")) {
      return "brainpoolP" + bits + kind;
    }
  }
  if (std::string curve = NistCurve(lower); !curve.empty()) {
    return curve;
  }
  if (Contains(lower, "sm2")) {
    return "SM2";
  }
  // Lattice and hash-based schemes: each its own arithmetic ("ml-dsa" holds "dsa").
  if (Contains(lower, "ml-kem") || Contains(lower, "mlkem") || Contains(lower, "kyber")) {
    return "ML-KEM";
  }
  if (Contains(lower, "ml-dsa") || Contains(lower, "mldsa") || Contains(lower, "dilithium")) {
    return "ML-DSA";
  }
  if (Contains(lower, "slh-dsa") || Contains(lower, "sphincs")) {
    return "SLH-DSA";
  }
  if (Contains(lower, "ecdsa") || Contains(lower, "ecdh") || Contains(lower, "eddsa") ||
      StartsWith(lower, "ecc")) {
    return "";  // a curve the name does not name ("ECDSA 256")
  }
  const std::vector<std::string> tokens = Tokens(lower);
  const bool dh = std::any_of(tokens.begin(), tokens.end(), [](const std::string& token) {
    return token == "dh" || StartsWith(token, "ffdh");
  });
  if (Contains(lower, "rsa") || Contains(lower, "dsa") || dh) {
    return "bignum";
  }
  return "";
}

std::string GroupDisplayName(std::string_view group) {
  if (group == "AES" || group == "SHA") {
    return std::string(group) + "-*";
  }
  return std::string(group);
}

}  // namespace cryptobench::compare
