// FamilyOf: a small ordered rule list over lower-cased names. Order matters where names nest
// ("ecdsa" contains "dsa", "253 bits ecdh (X25519)" names both ECDH and X25519).
#include "compare/families.h"

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
  if (Contains(lower, "rsa")) {
    return {"RSA", "RSA"};
  }
  if (Contains(lower, "dsa")) {
    return {"DSA", "DSA"};
  }
  return {std::string(algorithm), std::string(algorithm)};
}

std::string GroupDisplayName(std::string_view group) {
  if (group == "AES" || group == "SHA") {
    return std::string(group) + "-*";
  }
  return std::string(group);
}

}  // namespace cryptobench::compare
