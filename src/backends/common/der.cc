// A minimal DER encoder (X.690) for EC keys and ECDSA signatures, and a decoder for the latter.
#include "backends/common/der.h"

#include <algorithm>

namespace cryptobench::backends {
namespace {

// Universal tags, X.680 8.4.
constexpr uint8_t kTagInteger = 0x02;
constexpr uint8_t kTagBitString = 0x03;
constexpr uint8_t kTagOctetString = 0x04;
constexpr uint8_t kTagSequence = 0x30;
constexpr uint8_t kTagContext0 = 0xa0;  // [0] EXPLICIT, constructed

// id-ecPublicKey 1.2.840.10045.2.1 (RFC 5480 2.1.1), encoded OBJECT IDENTIFIER.
constexpr uint8_t kOidEcPublicKey[] = {0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01};
// secp256r1 / prime256v1 1.2.840.10045.3.1.7 (RFC 5480 2.1.1.1).
constexpr uint8_t kOidPrime256v1[] = {0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07};
// secp384r1 1.3.132.0.34 (RFC 5480 2.1.1.1).
constexpr uint8_t kOidSecp384r1[] = {0x06, 0x05, 0x2b, 0x81, 0x04, 0x00, 0x22};

std::vector<uint8_t> Concat(std::initializer_list<std::span<const uint8_t>> parts) {
  std::vector<uint8_t> out;
  for (std::span<const uint8_t> part : parts) {
    out.insert(out.end(), part.begin(), part.end());
  }
  return out;
}

// Reads one TLV with tag `tag` at `*pos` of `der`; on success *content is its value and *pos
// moves past it. Definite lengths only (DER, X.690 10.1), at most 4 length bytes.
bool ReadTlv(std::span<const uint8_t> der, uint8_t tag, size_t* pos,
             std::span<const uint8_t>* content) {
  size_t at = *pos;
  if (at + 2 > der.size() || der[at] != tag) {
    return false;
  }
  size_t len = der[at + 1];
  at += 2;
  if (len >= 0x80) {
    const size_t len_bytes = len & 0x7f;
    if (len_bytes == 0 || len_bytes > 4 || at + len_bytes > der.size()) {
      return false;
    }
    len = 0;
    for (size_t i = 0; i < len_bytes; ++i) {
      len = (len << 8) | der[at + i];
    }
    at += len_bytes;
  }
  if (len > der.size() - at) {
    return false;
  }
  *content = der.subspan(at, len);
  *pos = at + len;
  return true;
}

// Appends the unsigned INTEGER `value` left-padded to `width` bytes; false if negative or wider.
bool AppendFixedWidth(std::span<const uint8_t> value, size_t width, std::vector<uint8_t>* out) {
  if (value.empty() || (value[0] & 0x80) != 0) {
    return false;
  }
  while (!value.empty() && value[0] == 0) {
    value = value.subspan(1);
  }
  if (value.size() > width) {
    return false;
  }
  out->insert(out->end(), width - value.size(), 0);
  out->insert(out->end(), value.begin(), value.end());
  return true;
}

}  // namespace

bool EcdsaSignatureFromDer(std::span<const uint8_t> der, size_t scalar_len,
                           std::vector<uint8_t>* r_and_s) {
  size_t pos = 0;
  std::span<const uint8_t> sequence;
  if (!ReadTlv(der, kTagSequence, &pos, &sequence) || pos != der.size()) {
    return false;
  }
  size_t inner = 0;
  std::span<const uint8_t> r;
  std::span<const uint8_t> s;
  if (!ReadTlv(sequence, kTagInteger, &inner, &r) || !ReadTlv(sequence, kTagInteger, &inner, &s) ||
      inner != sequence.size()) {
    return false;
  }
  std::vector<uint8_t> out;
  if (!AppendFixedWidth(r, scalar_len, &out) || !AppendFixedWidth(s, scalar_len, &out)) {
    return false;
  }
  *r_and_s = std::move(out);
  return true;
}

std::vector<uint8_t> DerTlv(uint8_t tag, std::span<const uint8_t> content) {
  std::vector<uint8_t> out = {tag};
  const size_t len = content.size();
  if (len < 0x80) {
    out.push_back(static_cast<uint8_t>(len));
  } else {
    std::vector<uint8_t> len_bytes;
    for (size_t rest = len; rest != 0; rest >>= 8) {
      len_bytes.insert(len_bytes.begin(), static_cast<uint8_t>(rest & 0xff));
    }
    out.push_back(static_cast<uint8_t>(0x80 | len_bytes.size()));
    out.insert(out.end(), len_bytes.begin(), len_bytes.end());
  }
  out.insert(out.end(), content.begin(), content.end());
  return out;
}

std::vector<uint8_t> DerUnsignedInteger(std::span<const uint8_t> magnitude) {
  size_t first = 0;
  while (first + 1 < magnitude.size() && magnitude[first] == 0) {
    ++first;
  }
  std::vector<uint8_t> value;
  if (magnitude.empty() || (magnitude[first] & 0x80) != 0) {
    value.push_back(0);
  }
  value.insert(value.end(), magnitude.begin() + static_cast<std::ptrdiff_t>(first),
               magnitude.end());
  return DerTlv(kTagInteger, value);
}

std::vector<uint8_t> EcdsaSignatureDer(std::span<const uint8_t> r_and_s) {
  const size_t half = r_and_s.size() / 2;
  return DerTlv(kTagSequence, Concat({DerUnsignedInteger(r_and_s.first(half)),
                                      DerUnsignedInteger(r_and_s.subspan(half))}));
}

std::vector<uint8_t> CurveOidDer(std::string_view curve_name) {
  if (curve_name == "prime256v1") {
    return {std::begin(kOidPrime256v1), std::end(kOidPrime256v1)};
  }
  if (curve_name == "secp384r1") {
    return {std::begin(kOidSecp384r1), std::end(kOidSecp384r1)};
  }
  return {};
}

std::vector<uint8_t> EcSubjectPublicKeyInfo(std::span<const uint8_t> curve_oid_der,
                                            std::span<const uint8_t> point) {
  const std::vector<uint8_t> algorithm =
      DerTlv(kTagSequence, Concat({kOidEcPublicKey, curve_oid_der}));
  // BIT STRING content starts with the number of unused bits in the last byte: 0.
  const uint8_t no_unused_bits[] = {0};
  const std::vector<uint8_t> key_bits = DerTlv(kTagBitString, Concat({no_unused_bits, point}));
  return DerTlv(kTagSequence, Concat({algorithm, key_bits}));
}

std::vector<uint8_t> EcPrivateKeyDer(std::span<const uint8_t> curve_oid_der,
                                     std::span<const uint8_t> scalar) {
  const uint8_t version_one[] = {kTagInteger, 0x01, 0x01};  // ecPrivkeyVer1
  return DerTlv(kTagSequence, Concat({version_one, DerTlv(kTagOctetString, scalar),
                                      DerTlv(kTagContext0, curve_oid_der)}));
}

}  // namespace cryptobench::backends
