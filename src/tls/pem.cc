// Base64 PEM blocks.
#include "tls/pem.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

namespace cryptobench::tls {
namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int Value(char c) {
  if (c >= 'A' && c <= 'Z') {
    return c - 'A';
  }
  if (c >= 'a' && c <= 'z') {
    return c - 'a' + 26;
  }
  if (c >= '0' && c <= '9') {
    return c - '0' + 52;
  }
  if (c == '+') {
    return 62;
  }
  if (c == '/') {
    return 63;
  }
  return -1;
}

// Decodes base64, ignoring whitespace; false on any other character or a bad length.
bool Decode(std::string_view text, std::vector<uint8_t>* out) {
  uint32_t bits = 0;
  int count = 0;
  size_t padding = 0;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      continue;
    }
    if (c == '=') {
      ++padding;
      continue;
    }
    const int value = Value(c);
    if (value < 0 || padding > 0) {
      return false;
    }
    bits = (bits << 6) | static_cast<uint32_t>(value);
    if (++count == 4) {
      out->push_back(static_cast<uint8_t>(bits >> 16));
      out->push_back(static_cast<uint8_t>(bits >> 8));
      out->push_back(static_cast<uint8_t>(bits));
      bits = 0;
      count = 0;
    }
  }
  if (count == 1 || padding > 2) {
    return false;
  }
  if (count == 2) {
    out->push_back(static_cast<uint8_t>(bits >> 4));
  } else if (count == 3) {
    out->push_back(static_cast<uint8_t>(bits >> 10));
    out->push_back(static_cast<uint8_t>(bits >> 2));
  }
  return true;
}

}  // namespace

std::string ToPem(const std::vector<uint8_t>& der, std::string_view label) {
  std::string encoded;
  for (size_t i = 0; i < der.size(); i += 3) {
    const uint32_t chunk = static_cast<uint32_t>(der[i]) << 16 |
                           (i + 1 < der.size() ? static_cast<uint32_t>(der[i + 1]) << 8 : 0) |
                           (i + 2 < der.size() ? der[i + 2] : 0);
    encoded += kAlphabet[(chunk >> 18) & 63];
    encoded += kAlphabet[(chunk >> 12) & 63];
    encoded += i + 1 < der.size() ? kAlphabet[(chunk >> 6) & 63] : '=';
    encoded += i + 2 < der.size() ? kAlphabet[chunk & 63] : '=';
  }
  std::string pem = fmt::format("-----BEGIN {}-----\n", label);
  for (size_t i = 0; i < encoded.size(); i += 64) {
    pem += encoded.substr(i, 64);
    pem += '\n';
  }
  pem += fmt::format("-----END {}-----\n", label);
  return pem;
}

std::vector<std::vector<uint8_t>> CertificatesFromPem(std::string_view text) {
  constexpr std::string_view kBegin = "-----BEGIN CERTIFICATE-----";
  constexpr std::string_view kEnd = "-----END CERTIFICATE-----";
  std::vector<std::vector<uint8_t>> certificates;
  size_t at = text.find(kBegin);
  while (at != std::string_view::npos) {
    const size_t line = 1 + static_cast<size_t>(std::count(text.begin(), text.begin() + at, '\n'));
    const size_t body = at + kBegin.size();
    const size_t end = text.find(kEnd, body);
    if (end == std::string_view::npos) {
      throw std::runtime_error(fmt::format("line {}: a certificate without an END line", line));
    }
    std::vector<uint8_t> der;
    if (!Decode(text.substr(body, end - body), &der) || der.empty()) {
      throw std::runtime_error(fmt::format("line {}: a certificate that is not base64", line));
    }
    certificates.push_back(std::move(der));
    at = text.find(kBegin, end + kEnd.size());
  }
  return certificates;
}

}  // namespace cryptobench::tls
