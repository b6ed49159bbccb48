// DER and PEM reading for the backends that take keys apart themselves (der_reader.h).
#include "backends/common/der_reader.h"

#include <algorithm>

#include "backends/common/der.h"

namespace cryptobench::backends {
namespace {

// Value of one base64 digit (RFC 4648 4), or -1.
int Base64Digit(char c) {
  if (c >= 'A' && c <= 'Z') {
    return c - 'A';
  }
  if (c >= 'a' && c <= 'z') {
    return c - 'a' + 26;
  }
  if (c >= '0' && c <= '9') {
    return c - '0' + 52;
  }
  return c == '+' ? 62 : c == '/' ? 63 : -1;
}

}  // namespace

bool DerReader::Next(DerElement* element) {
  if (!ok_ || rest_.size() < 2) {
    ok_ = ok_ && rest_.empty();
    return false;
  }
  const uint8_t tag = rest_[0];
  size_t length = rest_[1];
  size_t header = 2;
  if ((tag & 0x1f) == 0x1f) {
    ok_ = false;  // multi-byte tags do not occur in these structures
    return false;
  }
  if (length & 0x80) {
    const size_t count = length & 0x7f;
    if (count == 0 || count > 4 || rest_.size() < 2 + count) {
      ok_ = false;
      return false;
    }
    length = 0;
    for (size_t i = 0; i < count; ++i) {
      length = (length << 8) | rest_[2 + i];
    }
    header += count;
  }
  if (rest_.size() - header < length) {
    ok_ = false;
    return false;
  }
  element->tag = tag;
  element->contents = rest_.subspan(header, length);
  rest_ = rest_.subspan(header + length);
  return true;
}

bool DerReader::Expect(uint8_t tag, DerElement* element) {
  if (!Next(element) || element->tag != tag) {
    ok_ = false;
    return false;
  }
  return true;
}

std::string PemPrivateKeyToDer(std::string_view pem, std::vector<uint8_t>* der) {
  constexpr std::string_view kBegin = "-----BEGIN PRIVATE KEY-----";
  constexpr std::string_view kEnd = "-----END PRIVATE KEY-----";
  const size_t begin = pem.find(kBegin);
  const size_t end = pem.find(kEnd);
  if (begin == std::string_view::npos || end == std::string_view::npos || end < begin) {
    return "not a PKCS#8 PEM private key";
  }
  der->clear();
  uint32_t bits = 0;
  int bit_count = 0;
  for (char c : pem.substr(begin + kBegin.size(), end - begin - kBegin.size())) {
    if (c == '\n' || c == '\r' || c == ' ' || c == '=') {
      continue;
    }
    const int digit = Base64Digit(c);
    if (digit < 0) {
      return "PEM body is not base64";
    }
    bits = (bits << 6) | static_cast<uint32_t>(digit);
    bit_count += 6;
    if (bit_count >= 8) {
      bit_count -= 8;
      der->push_back(static_cast<uint8_t>(bits >> bit_count));
    }
  }
  return der->empty() ? "PEM block is empty" : "";
}

std::string UnwrapPkcs8(std::span<const uint8_t> der, std::span<const uint8_t>* parameters_oid,
                        std::span<const uint8_t>* private_key) {
  DerReader outer(der);
  DerElement info;
  DerElement version;
  DerElement algorithm;
  DerElement key;
  DerElement oid;
  if (!outer.Expect(kDerSequence, &info)) {
    return "malformed PKCS#8 PrivateKeyInfo";
  }
  DerReader fields(info.contents);
  if (!fields.Expect(kDerInteger, &version) || !fields.Expect(kDerSequence, &algorithm) ||
      !fields.Expect(kDerOctetString, &key)) {
    return "malformed PKCS#8 PrivateKeyInfo";
  }
  DerReader algorithm_fields(algorithm.contents);
  if (!algorithm_fields.Expect(kDerOid, &oid)) {
    return "PKCS#8 PrivateKeyInfo has no algorithm OID";
  }
  DerElement parameters;
  *parameters_oid = {};
  if (algorithm_fields.Next(&parameters) && parameters.tag == kDerOid) {
    *parameters_oid = parameters.contents;
  }
  *private_key = key.contents;
  return "";
}

std::string ReadIntegerSequence(std::span<const uint8_t> der,
                                std::vector<std::span<const uint8_t>>* integers) {
  DerReader outer(der);
  DerElement sequence;
  if (!outer.Expect(kDerSequence, &sequence) || !outer.AtEnd()) {
    return "not a DER SEQUENCE";
  }
  integers->clear();
  DerReader fields(sequence.contents);
  DerElement element;
  while (fields.Next(&element)) {
    if (element.tag != kDerInteger || element.contents.empty()) {
      return "SEQUENCE holds something other than INTEGERs";
    }
    integers->push_back(element.contents);
  }
  return fields.ok() ? "" : "malformed DER inside the SEQUENCE";
}

std::string ReadEcPrivateKey(std::span<const uint8_t> der, std::span<const uint8_t>* scalar) {
  DerReader outer(der);
  DerElement sequence;
  DerElement version;
  DerElement key;
  if (!outer.Expect(kDerSequence, &sequence)) {
    return "malformed ECPrivateKey";
  }
  DerReader fields(sequence.contents);
  if (!fields.Expect(kDerInteger, &version) || !fields.Expect(kDerOctetString, &key)) {
    return "malformed ECPrivateKey";
  }
  *scalar = key.contents;
  return "";
}

std::string Pkcs8PrivateKey(std::string_view pem, std::vector<uint8_t>* private_key,
                            std::vector<uint8_t>* parameters_oid) {
  std::vector<uint8_t> der;
  std::span<const uint8_t> parameters;
  std::span<const uint8_t> key;
  if (std::string error = PemPrivateKeyToDer(pem, &der); !error.empty()) {
    return error;
  }
  if (std::string error = UnwrapPkcs8(der, &parameters, &key); !error.empty()) {
    return error;
  }
  private_key->assign(key.begin(), key.end());
  if (parameters_oid != nullptr) {
    parameters_oid->assign(parameters.begin(), parameters.end());
  }
  return "";
}

std::string Pkcs8EcScalar(std::string_view pem, std::string_view curve_name,
                          std::vector<uint8_t>* scalar) {
  std::vector<uint8_t> private_key;
  std::vector<uint8_t> parameters;
  if (std::string error = Pkcs8PrivateKey(pem, &private_key, &parameters); !error.empty()) {
    return error;
  }
  // CurveOidDer is the whole OBJECT IDENTIFIER (tag, one length byte, contents).
  const std::vector<uint8_t> want = CurveOidDer(curve_name);
  if (want.size() < 2 ||
      !std::equal(parameters.begin(), parameters.end(), want.begin() + 2, want.end())) {
    return "the timing key is on another curve";
  }
  std::span<const uint8_t> value;
  if (std::string error = ReadEcPrivateKey(private_key, &value); !error.empty()) {
    return error;
  }
  scalar->assign(value.begin(), value.end());
  return "";
}

}  // namespace cryptobench::backends
