// Internal to the verdict engine: how numbers read in verdict lines and findings (units always
// written; MB = 10^6 bytes, as in cpb-reference.md sec. 1).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace cryptobench::diagnose::verdict_internal {

/// "1.43 GB/s", "309 MB/s", "30.9 MB/s", "12.3 kB/s" (decimal prefixes, 3 significant digits;
/// GB/s with 2 decimals).
std::string FormatBytesPerSecond(double bytes_per_s);
/// "2.57 cpb", or "0.80-0.88 cpb" when the two ends differ at 2 decimals; "" when low <= 0.
std::string FormatCpb(double low, double high);
/// "2.5x" (one decimal).
std::string FormatRatio(double ratio);
/// "3.66 GHz", or "800 MHz" below 1 GHz; "unknown" for <= 0.
std::string FormatHz(double hz);
/// "3.66 GHz" or "3.50-3.66 GHz".
std::string FormatHzRange(double low, double high);
/// Items joined with ", ".
std::string Join(const std::vector<std::string>& items);
/// `openssl speed`'s command-line name of a catalogued public-key algorithm ("rsa2048",
/// "ecdsap256", "ecdhx25519", "ed25519": apps/speed.c's rsa_choices, ecdsa_choices,
/// ecdh_choices and eddsa_choices), or "" for any other algorithm.
std::string OpensslSpeedPublicKeyName(std::string_view algorithm);
/// The one `openssl speed` invocation's arguments that measure `algorithm`: its public-key name
/// ("rsa2048"), "-hmac DIGEST" for HMAC ("-hmac sha256"), "-cmac CIPHER" for CMAC (3.x), else
/// "-evp " and the catalogue's lower-cased EVP name ("-evp sha256", "-evp aes-128-gcm"; an
/// uncatalogued name lower-cased as given). Source: apps/speed.c's options.
std::string OpensslSpeedArgs(std::string_view algorithm);

}  // namespace cryptobench::diagnose::verdict_internal
