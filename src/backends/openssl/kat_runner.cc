// Runs known-answer test vectors against a loaded libcrypto.
#include "backends/openssl/kat_runner.h"

#include <algorithm>
#include <exception>
#include <string>
#include <vector>

#include "algorithms/kat.h"
#include "backends/openssl/aead.h"
#include "backends/openssl/cipher.h"
#include "backends/openssl/digest.h"
#include "backends/openssl/key_agreement.h"
#include "backends/openssl/mac.h"
#include "backends/openssl/signature.h"

namespace cryptobench::backends::openssl {
namespace {

// "" if the vector passed, else what differed.
std::string RunVector(const LibcryptoPtr& lib, const AlgorithmInfo& alg, const KatVector& vector,
                      bool corrupt) {
  switch (alg.kind) {
    case AlgorithmKind::kCipher:
      return RunCipherVector(*lib, alg, vector, corrupt);
    case AlgorithmKind::kAead:
      return RunAeadVector(*lib, alg, vector, corrupt);
    case AlgorithmKind::kHash:
      return RunDigestVector(*lib, alg, vector, corrupt);
    case AlgorithmKind::kMac:
      return RunMacVector(lib, alg, vector, corrupt);
    case AlgorithmKind::kSignature:
      return RunSignatureVector(*lib, alg, vector, corrupt);
    case AlgorithmKind::kKeyAgreement:
      return RunKeyAgreementVector(*lib, alg, vector, corrupt);
  }
  return "unknown algorithm kind";
}

void AppendJoined(std::string* text, const std::string& item) {
  if (!text->empty()) {
    *text += "; ";
  }
  *text += item;
}

}  // namespace

results::KatResult RunKatVectors(const LibcryptoPtr& lib, const AlgorithmInfo& alg, bool corrupt) {
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
      AppendJoined(&result.source, std::string(vector.source));
    }
    std::string failure;
    try {
      failure = RunVector(lib, alg, vector, corrupt);
    } catch (const std::exception& e) {
      failure = std::string("malformed vector: ") + e.what();
    }
    lib->ERR_clear_error();
    if (!failure.empty()) {
      AppendJoined(&failures, std::string(vector.source) + ": " + failure);
    }
  }
  if (alg.kind == AlgorithmKind::kSignature) {
    std::string failure;
    try {
      failure = SignatureRoundTrip(*lib, alg, corrupt);
    } catch (const std::exception& e) {
      failure = std::string("round trip: ") + e.what();
    }
    lib->ERR_clear_error();
    if (!failure.empty()) {
      AppendJoined(&failures, failure);
    }
  }
  result.status = failures.empty() ? "passed" : "failed";
  result.detail = failures;
  return result;
}

}  // namespace cryptobench::backends::openssl
