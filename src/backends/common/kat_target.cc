// The shared known-answer-test driver (kat_target.h).
#include "backends/common/kat_target.h"

#include <algorithm>
#include <exception>
#include <string_view>

#include "backends/common/buffers.h"
#include "core/hex.h"

namespace cryptobench::backends {

std::string KatTarget::Cipher(const AlgorithmInfo&, bool, const Bytes&, const Bytes&, const Bytes&,
                              Bytes*) {
  return kNotOffered;
}
std::string KatTarget::Seal(const AlgorithmInfo&, const Bytes&, const Bytes&, const Bytes&,
                            const Bytes&, size_t, Bytes*, Bytes*) {
  return kNotOffered;
}
std::string KatTarget::Open(const AlgorithmInfo&, const Bytes&, const Bytes&, const Bytes&,
                            const Bytes&, const Bytes&, Bytes*, bool*) {
  return kNotOffered;
}
std::string KatTarget::Hash(const AlgorithmInfo&, const Bytes&, Bytes*) { return kNotOffered; }
std::string KatTarget::Mac(const AlgorithmInfo&, const Bytes&, const Bytes&, Bytes*) {
  return kNotOffered;
}
std::string KatTarget::Verify(const AlgorithmInfo&, const KatVector&, bool, bool*) {
  return kNotOffered;
}
std::string KatTarget::Sign(const AlgorithmInfo&, const KatVector&, Bytes*) { return kNotOffered; }
std::string KatTarget::SignRoundTrip(const AlgorithmInfo&) { return kNotOffered; }
std::string KatTarget::Derive(const AlgorithmInfo&, const KatVector&, Bytes*) {
  return kNotOffered;
}

const KatVector* FirstVectorWithPrivateKey(std::string_view algorithm) {
  for (const KatVector& vector : KatVectorsFor(algorithm)) {
    if (!vector.private_key.empty()) {
      return &vector;
    }
  }
  return nullptr;
}

namespace {

// The seam (CorruptIfTesting, buffers.h) applied to a checked output.
void Corrupt(Bytes* bytes) { CorruptIfTesting(*bytes); }

// "" if `got` equals the vector's hex `want`, else "WHAT: got X, expected Y".
std::string Compare(std::string_view what, const Bytes& got, std::string_view want_hex) {
  const Bytes want = HexDecode(want_hex);
  if (got == want) {
    return "";
  }
  return std::string(what) + ": got " + HexEncode(got) + ", expected " + HexEncode(want);
}

std::string RunCipher(KatTarget& target, const AlgorithmInfo& alg, const KatVector& v) {
  const Bytes key = HexDecode(v.key);
  const Bytes iv = HexDecode(v.iv);
  const Bytes plaintext = HexDecode(v.input);
  Bytes ciphertext;
  if (std::string error = target.Cipher(alg, false, key, iv, plaintext, &ciphertext);
      !error.empty()) {
    return "encrypt: " + error;
  }
  Corrupt(&ciphertext);
  if (std::string diff = Compare("ciphertext", ciphertext, v.output); !diff.empty()) {
    return diff;
  }
  Bytes recovered;
  if (std::string error = target.Cipher(alg, true, key, iv, HexDecode(v.output), &recovered);
      !error.empty()) {
    return "decrypt: " + error;
  }
  return Compare("decrypted plaintext", recovered, v.input);
}

std::string RunAead(KatTarget& target, const AlgorithmInfo& alg, const KatVector& v) {
  const Bytes key = HexDecode(v.key);
  const Bytes nonce = HexDecode(v.iv);
  const Bytes aad = HexDecode(v.aad);
  const Bytes want_tag = HexDecode(v.tag);
  Bytes ciphertext;
  Bytes tag;
  if (std::string error =
          target.Seal(alg, key, nonce, aad, HexDecode(v.input), want_tag.size(), &ciphertext, &tag);
      !error.empty()) {
    return "seal: " + error;
  }
  Corrupt(&ciphertext);
  if (ciphertext.empty()) {
    Corrupt(&tag);
  }
  if (std::string diff = Compare("ciphertext", ciphertext, v.output); !diff.empty()) {
    return diff;
  }
  if (std::string diff = Compare("tag", tag, v.tag); !diff.empty()) {
    return diff;
  }
  Bytes plaintext;
  bool authentic = false;
  if (std::string error =
          target.Open(alg, key, nonce, aad, HexDecode(v.output), want_tag, &plaintext, &authentic);
      !error.empty()) {
    return "open: " + error;
  }
  if (!authentic) {
    return "open rejected the published tag";
  }
  if (std::string diff = Compare("opened plaintext", plaintext, v.input); !diff.empty()) {
    return diff;
  }
  Bytes bad_tag = want_tag;
  if (bad_tag.empty()) {
    return "vector has no tag";
  }
  bad_tag.back() ^= 0x80;
  if (std::string error =
          target.Open(alg, key, nonce, aad, HexDecode(v.output), bad_tag, &plaintext, &authentic);
      !error.empty()) {
    return "open (flipped tag): " + error;
  }
  return authentic ? "open accepted a tag with one bit flipped" : "";
}

std::string RunHash(KatTarget& target, const AlgorithmInfo& alg, const KatVector& v) {
  Bytes digest;
  if (std::string error = target.Hash(alg, HexDecode(v.input), &digest); !error.empty()) {
    return "hash: " + error;
  }
  Corrupt(&digest);
  return Compare("digest", digest, v.output);
}

std::string RunMac(KatTarget& target, const AlgorithmInfo& alg, const KatVector& v) {
  Bytes tag;
  if (std::string error = target.Mac(alg, HexDecode(v.key), HexDecode(v.input), &tag);
      !error.empty()) {
    return "mac: " + error;
  }
  Corrupt(&tag);
  return Compare("tag", tag, v.output);
}

std::string RunSignature(KatTarget& target, const AlgorithmInfo& alg, const KatVector& v) {
  bool valid = false;
  if (std::string error = target.Verify(alg, v, false, &valid); !error.empty()) {
    return "verify: " + error;
  }
  if (!valid || CorruptOutputsForTesting()) {
    return "verify rejected the published signature";
  }
  if (std::string error = target.Verify(alg, v, true, &valid); !error.empty()) {
    return "verify (tampered message): " + error;
  }
  if (valid) {
    return "verify accepted the signature over a tampered message";
  }
  if (v.private_key.empty() || !v.deterministic) {
    return "";
  }
  Bytes signature;
  const std::string error = target.Sign(alg, v, &signature);
  if (error == kNotOffered) {
    return "";
  }
  if (!error.empty()) {
    return "sign: " + error;
  }
  return Compare("signature", signature, v.output);
}

std::string RunKeyAgreement(KatTarget& target, const AlgorithmInfo& alg, const KatVector& v) {
  Bytes secret;
  if (std::string error = target.Derive(alg, v, &secret); !error.empty()) {
    return "derive: " + error;
  }
  Corrupt(&secret);
  return Compare("shared secret", secret, v.output);
}

std::string RunVector(KatTarget& target, const AlgorithmInfo& alg, const KatVector& v) {
  switch (alg.kind) {
    case AlgorithmKind::kCipher:
      return RunCipher(target, alg, v);
    case AlgorithmKind::kAead:
      return RunAead(target, alg, v);
    case AlgorithmKind::kHash:
      return RunHash(target, alg, v);
    case AlgorithmKind::kMac:
      return RunMac(target, alg, v);
    case AlgorithmKind::kSignature:
      return RunSignature(target, alg, v);
    case AlgorithmKind::kKeyAgreement:
      return RunKeyAgreement(target, alg, v);
  }
  return "unknown algorithm kind";
}

void AppendJoined(std::string* text, std::string_view item) {
  if (!text->empty()) {
    *text += "; ";
  }
  *text += item;
}

}  // namespace

results::KatResult RunKatVectors(KatTarget& target, const AlgorithmInfo& alg) {
  results::KatResult result;
  const auto vectors = KatVectorsFor(alg.name);
  if (vectors.empty()) {
    result.status = "not_run";
    result.detail = "no known-answer vector for " + std::string(alg.name);
    return result;
  }
  std::vector<std::string_view> sources;
  std::string failures;
  for (const KatVector& vector : vectors) {
    if (std::find(sources.begin(), sources.end(), vector.source) == sources.end()) {
      sources.push_back(vector.source);
      AppendJoined(&result.source, vector.source);
    }
    std::string failure;
    try {
      failure = RunVector(target, alg, vector);
    } catch (const std::exception& e) {
      failure = std::string("malformed vector or library exception: ") + e.what();
    }
    if (!failure.empty()) {
      AppendJoined(&failures, std::string(vector.source) + ": " + failure);
    }
  }
  if (alg.kind == AlgorithmKind::kSignature) {
    std::string failure;
    try {
      failure = target.SignRoundTrip(alg);
    } catch (const std::exception& e) {
      failure = e.what();
    }
    if (failure == kNotOffered) {
      failure.clear();
    }
    if (!failure.empty()) {
      AppendJoined(&failures, "sign/verify round trip: " + failure);
    }
  }
  result.status = failures.empty() ? "passed" : "failed";
  result.detail = failures;
  return result;
}

}  // namespace cryptobench::backends
