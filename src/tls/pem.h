// PEM (RFC 7468) for certificates: the textual form real peers read (curl --cacert, openssl
// s_client -CAfile) and the one --cafile gives.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cryptobench::tls {

/// `der` as a PEM block labelled `label` ("CERTIFICATE"): base64 (RFC 4648) in 64-column
/// lines between the BEGIN and END lines.
std::string ToPem(const std::vector<uint8_t>& der, std::string_view label);

/// Every "-----BEGIN CERTIFICATE-----" block of `text`, decoded. Throws std::runtime_error
/// naming the block's line for a block that does not decode or has no END line.
std::vector<std::vector<uint8_t>> CertificatesFromPem(std::string_view text);

}  // namespace cryptobench::tls
