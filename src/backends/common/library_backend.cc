// LibraryBackend (library_backend.h): the parts of Backend every library backend shares.
#include "backends/common/library_backend.h"

#include <exception>
#include <utility>

#include "backends/common/buffers.h"

namespace cryptobench::backends {

bool KindChecks::operator()(const AlgorithmInfo& alg) const {
  Check check = nullptr;
  switch (alg.kind) {
    case AlgorithmKind::kCipher:
      check = cipher;
      break;
    case AlgorithmKind::kAead:
      check = aead;
      break;
    case AlgorithmKind::kHash:
      check = hash;
      break;
    case AlgorithmKind::kMac:
      check = mac;
      break;
    case AlgorithmKind::kSignature:
      check = signature;
      break;
    case AlgorithmKind::kKeyAgreement:
      check = key_agreement;
      break;
  }
  return check != nullptr && check(alg);
}

std::unique_ptr<PreparedOperation> KindPreparers::operator()(const AlgorithmInfo& alg, Operation op,
                                                             size_t input_len,
                                                             PrepareFailure* failure,
                                                             std::string* error) const {
  Symmetric symmetric = nullptr;
  PublicKey public_key = nullptr;
  switch (alg.kind) {
    case AlgorithmKind::kCipher:
      symmetric = cipher;
      break;
    case AlgorithmKind::kAead:
      symmetric = aead;
      break;
    case AlgorithmKind::kHash:
      symmetric = hash;
      break;
    case AlgorithmKind::kMac:
      symmetric = mac;
      break;
    case AlgorithmKind::kSignature:
      public_key = signature;
      break;
    case AlgorithmKind::kKeyAgreement:
      public_key = key_agreement;
      break;
  }
  if (symmetric != nullptr) {
    return symmetric(alg, op, input_len, failure, error);
  }
  return public_key != nullptr ? public_key(alg, op, failure, error) : nullptr;
}

KindImplementations::Query KindImplementations::For(AlgorithmKind kind) const {
  switch (kind) {
    case AlgorithmKind::kCipher:
      return cipher;
    case AlgorithmKind::kAead:
      return aead;
    case AlgorithmKind::kHash:
      return hash;
    case AlgorithmKind::kMac:
      return mac;
    case AlgorithmKind::kSignature:
      return signature;
    case AlgorithmKind::kKeyAgreement:
      return key_agreement;
  }
  return nullptr;
}

std::string KindImplementations::operator()(const AlgorithmInfo& alg) const {
  const Query query = For(alg.kind);
  return query != nullptr ? query(alg) : "";
}

namespace {

template <typename Entry>
void TakeIfNull(Entry from, Entry* to) {
  if (*to == nullptr) {
    *to = from;
  }
}

}  // namespace

LibraryBindings MergeBindings(std::initializer_list<LibraryBindings> parts) {
  LibraryBindings merged;
  for (const LibraryBindings& part : parts) {
    TakeIfNull(part.checks.cipher, &merged.checks.cipher);
    TakeIfNull(part.checks.aead, &merged.checks.aead);
    TakeIfNull(part.checks.hash, &merged.checks.hash);
    TakeIfNull(part.checks.mac, &merged.checks.mac);
    TakeIfNull(part.checks.signature, &merged.checks.signature);
    TakeIfNull(part.checks.key_agreement, &merged.checks.key_agreement);
    TakeIfNull(part.implementations.cipher, &merged.implementations.cipher);
    TakeIfNull(part.implementations.aead, &merged.implementations.aead);
    TakeIfNull(part.implementations.hash, &merged.implementations.hash);
    TakeIfNull(part.implementations.mac, &merged.implementations.mac);
    TakeIfNull(part.implementations.signature, &merged.implementations.signature);
    TakeIfNull(part.implementations.key_agreement, &merged.implementations.key_agreement);
    TakeIfNull(part.preparers.cipher, &merged.preparers.cipher);
    TakeIfNull(part.preparers.aead, &merged.preparers.aead);
    TakeIfNull(part.preparers.hash, &merged.preparers.hash);
    TakeIfNull(part.preparers.mac, &merged.preparers.mac);
    TakeIfNull(part.preparers.signature, &merged.preparers.signature);
    TakeIfNull(part.preparers.key_agreement, &merged.preparers.key_agreement);
    merged.one_shot = MergeOneShots({merged.one_shot, part.one_shot});
  }
  return merged;
}

LibraryBackend::LibraryBackend(std::string not_offered, KindChecks checks, KindPreparers preparers,
                               OneShotFunctions one_shot)
    : not_offered_(std::move(not_offered)),
      checks_(checks),
      preparers_(preparers),
      one_shot_(one_shot) {}

LibraryBackend::LibraryBackend(std::string not_offered, const LibraryBindings& bindings)
    : LibraryBackend(std::move(not_offered), bindings.checks, bindings.preparers,
                     bindings.one_shot) {
  implementations_ = bindings.implementations;
}

std::string LibraryBackend::Implementation(const AlgorithmInfo& alg) {
  // No query for this kind: "" without asking the library anything (Backend's default).
  if (implementations_.For(alg.kind) == nullptr || !Supports(alg)) {
    return "";
  }
  std::string text;
  try {
    text = implementations_(alg);
  } catch (...) {
    text.clear();  // the library does not tell
  }
  DiscardLibraryErrors();
  return text;
}

bool LibraryBackend::Offers(const AlgorithmInfo& alg) { return checks_(alg); }

std::unique_ptr<PreparedOperation> LibraryBackend::PrepareOffered(const AlgorithmInfo& alg,
                                                                  Operation op, size_t input_len,
                                                                  PrepareFailure* failure,
                                                                  std::string* error) {
  return preparers_(alg, op, input_len, failure, error);
}

bool LibraryBackend::Supports(const AlgorithmInfo& alg) {
  if (const auto cached = supported_.find(alg.name); cached != supported_.end()) {
    return cached->second;
  }
  bool supported = false;
  try {
    supported = Offers(alg);
  } catch (const std::exception&) {
    supported = false;  // unknown means unsupported; the KAT run reports any detail
  }
  DiscardLibraryErrors();
  supported_.emplace(std::string(alg.name), supported);
  return supported;
}

results::KatResult LibraryBackend::RunKat(const AlgorithmInfo& alg) {
  results::KatResult result;
  {
    const ScopedCorruptOutputs corrupt(corrupt_outputs_for_testing_);
    result = RunKatVectors(*OneShot(), alg);
  }
  DiscardLibraryErrors();
  return result;
}

std::unique_ptr<PreparedOperation> LibraryBackend::Prepare(const AlgorithmInfo& alg, Operation op,
                                                           size_t input_len,
                                                           PrepareFailure* failure,
                                                           std::string* error) {
  PrepareFailure kind = PrepareFailure::kNone;
  std::string message;
  std::unique_ptr<PreparedOperation> prepared;
  if (Supports(alg)) {
    try {
      const ScopedCorruptOutputs corrupt(corrupt_outputs_for_testing_);
      prepared = PrepareOffered(alg, op, input_len, &kind, &message);
    } catch (const std::exception& e) {
      prepared = nullptr;
      kind = PrepareFailure::kLibraryError;
      message = "preparing " + std::string(alg.name) + ": " + e.what();
    }
    DiscardLibraryErrors();
  }
  if (prepared == nullptr && kind == PrepareFailure::kNone) {
    kind = PrepareFailure::kLibraryError;
    message = not_offered_ + std::string(alg.name);
  }
  if (failure != nullptr) {
    *failure = prepared == nullptr ? kind : PrepareFailure::kNone;
  }
  if (prepared == nullptr && error != nullptr) {
    *error = std::move(message);
  }
  return prepared;
}

}  // namespace cryptobench::backends
