// Number formatting for verdict lines and findings, and openssl speed names for their advice.
#include "diagnose/verdict_text.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "algorithms/catalog.h"

namespace cryptobench::diagnose::verdict_internal {
namespace {

std::string Lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// Three significant digits for a value in [1, 1000).
std::string ThreeDigits(double value) {
  if (value >= 100) {
    return fmt::format("{:.0f}", value);
  }
  if (value >= 10) {
    return fmt::format("{:.1f}", value);
  }
  return fmt::format("{:.2f}", value);
}

}  // namespace

std::string FormatBytesPerSecond(double bytes_per_s) {
  if (bytes_per_s >= 1e9) {
    return fmt::format("{:.2f} GB/s", bytes_per_s / 1e9);
  }
  if (bytes_per_s >= 1e6) {
    return ThreeDigits(bytes_per_s / 1e6) + " MB/s";
  }
  if (bytes_per_s >= 1e3) {
    return ThreeDigits(bytes_per_s / 1e3) + " kB/s";
  }
  return fmt::format("{:.0f} B/s", bytes_per_s);
}

std::string FormatCpb(double low, double high) {
  if (!(low > 0)) {
    return "";
  }
  const std::string low_text = fmt::format("{:.2f}", low);
  const std::string high_text = fmt::format("{:.2f}", high);
  if (low_text == high_text || !(high > low)) {
    return low_text + " cpb";
  }
  return low_text + "-" + high_text + " cpb";
}

std::string FormatRatio(double ratio) { return fmt::format("{:.1f}x", ratio); }

std::string FormatHz(double hz) {
  if (!(hz > 0)) {
    return "unknown";
  }
  if (hz < 1e9) {
    return fmt::format("{:.0f} MHz", hz / 1e6);
  }
  return fmt::format("{:.2f} GHz", hz / 1e9);
}

std::string FormatHzRange(double low, double high) {
  const std::string low_text = FormatHz(low);
  const std::string high_text = FormatHz(high);
  if (low_text == high_text) {
    return low_text;
  }
  if (low >= 1e9 && high >= 1e9) {
    return fmt::format("{:.2f}-{}", low / 1e9, high_text);
  }
  return low_text + "-" + high_text;
}

std::string Join(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& item : items) {
    if (!out.empty()) {
      out += ", ";
    }
    out += item;
  }
  return out;
}

std::string OpensslSpeedPublicKeyName(std::string_view algorithm) {
  if (algorithm.starts_with("RSA-")) {
    return fmt::format("rsa{}", algorithm.substr(4));
  }
  if (algorithm == "ECDSA-P256") {
    return "ecdsap256";
  }
  if (algorithm == "ECDSA-P384") {
    return "ecdsap384";
  }
  if (algorithm == "ECDH-P256") {
    return "ecdhp256";
  }
  if (algorithm == "X25519") {
    return "ecdhx25519";
  }
  if (algorithm == "Ed25519") {
    return "ed25519";
  }
  return "";
}

std::string OpensslSpeedArgs(std::string_view algorithm) {
  if (std::string name = OpensslSpeedPublicKeyName(algorithm); !name.empty()) {
    return name;
  }
  const AlgorithmInfo* info = FindAlgorithm(algorithm);
  if (info == nullptr || info->openssl_name.empty()) {
    return "-evp " + Lower(algorithm);
  }
  // apps/speed.c (3.x, "Selection" options; -hmac since 1.1.0): -hmac takes a digest's and
  // -cmac a cipher's EVP name; -evp a cipher's or digest's. EVP names are registered in lower
  // case as well (the objects' long names), which every release since 0.9.8 accepts.
  if (info->mode == AlgorithmMode::kHmac) {
    return "-hmac " + Lower(info->openssl_name);
  }
  if (info->mode == AlgorithmMode::kCmac) {
    return "-cmac " + Lower(info->openssl_name);
  }
  return "-evp " + Lower(info->openssl_name);
}

}  // namespace cryptobench::diagnose::verdict_internal
