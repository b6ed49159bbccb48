// Number formatting for verdict lines and findings, and openssl speed names for their advice.
#include "diagnose/verdict_text.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

namespace cryptobench::diagnose::verdict_internal {
namespace {

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
  std::string lower(algorithm);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](char c) {
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  });
  if (lower.starts_with("rsa-")) {
    return "rsa" + lower.substr(4);
  }
  std::string name = OpensslSpeedPublicKeyName(algorithm);
  return name.empty() ? "-evp " + lower : name;
}

}  // namespace cryptobench::diagnose::verdict_internal
