// Cross-backend test: every compiled-in backend computes the same one-shot operations
// (KatTarget) on the same pseudo-random inputs, and its outputs must equal the reference
// backend's byte for byte: OpenSSL's (the first in the registry) wherever it has the algorithm;
// for an algorithm OpenSSL lacks, the backend kReferenceFor names (sodium for
// XChaCha20-Poly1305) where it is usable, else the first in registry order that has it.
// Signatures are also verified across backends: each backend verifies what every other one
// signed, and rejects it over a tampered message. Backends come from the registry, so one added
// there is compared without changes here. Each backend computes in a child process of its own
// (fork): libraries whose symbols clash (BoringSSL, OpenSSL) never share one, and a backend that
// crashes fails the test instead of ending it. BoringSSL, which a forked child cannot host, runs
// in a freshly executed one instead (see InFreshProcess).
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sys/wait.h>

#include "algorithms/catalog.h"
#include "algorithms/kat.h"
#include "backends/registry.h"
#include "core/hex.h"

namespace cryptobench::backends {
namespace {

using Outputs = std::map<std::string, std::string>;

// Values other than hex outputs.
constexpr const char* kUnsupported = "(unsupported)";
constexpr const char* kSkipped = "(not offered)";
constexpr const char* kErrorPrefix = "error: ";
constexpr const char* kUnusableKey = "(unusable)";

// Message lengths in bytes: empty, one byte, one block, and lengths that end mid-block.
constexpr size_t kSizes[] = {0, 1, 16, 100, 1000};

// Deterministic pseudo-random bytes (splitmix64), so a failure reproduces.
Bytes Pseudo(size_t len, uint64_t seed) {
  Bytes out(len);
  uint64_t state = seed * 0x9e3779b97f4a7c15ULL + 0x632be59bd9b4e019ULL;
  for (uint8_t& byte : out) {
    state += 0x9e3779b97f4a7c15ULL;
    uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    byte = static_cast<uint8_t>((z ^ (z >> 31)) >> 56);
  }
  return out;
}

// An output for comparison: `value` (the hex the call produced) when `error` is empty. Callers
// make the call first and encode its output after: argument evaluation order is unspecified.
std::string Result(const std::string& error, const std::string& value) {
  if (error == kNotOffered) {
    return kSkipped;
  }
  return error.empty() ? value : kErrorPrefix + error;
}

// Message sizes a cipher takes: no empty input; whole blocks for CBC and ECB (no padding); for
// XTS whole blocks and one 20-byte input, whose ciphertext stealing every library must agree on.
std::vector<size_t> CipherSizes(const AlgorithmInfo& alg) {
  std::set<size_t> sizes;
  for (size_t size : kSizes) {
    if (alg.name.ends_with("-CBC") || alg.name.ends_with("-ECB")) {
      size -= size % alg.block_len;
    }
    // XTS: whole blocks only; Crypto++ refuses to steal ciphertext after two or more blocks,
    // where 8.7 crashes (cryptopp_cipher.cc).
    if (alg.name.ends_with("-XTS")) {
      size -= size % alg.block_len;
    }
    if (size > 0) {
      sizes.insert(size);
    }
  }
  if (alg.name.ends_with("-XTS")) {
    sizes.insert(20);  // a partial last block after one whole block: Crypto++ 8.7 is right here
  }
  return {sizes.begin(), sizes.end()};
}

Bytes CipherIv(const AlgorithmInfo& alg, uint64_t seed) {
  Bytes iv = Pseudo(alg.iv_len, seed);
  if (alg.name == "ChaCha20" && iv.size() == 16) {
    // OpenSSL's layout: a 32-bit block counter, then the nonce. Keep the counter small, so no
    // library has to wrap it (where they differ: OpenSSL carries into the nonce).
    iv[0] = 1;
    iv[1] = iv[2] = iv[3] = 0;
  }
  return iv;
}

void Symmetric(KatTarget& target, const AlgorithmInfo& alg, Outputs* out) {
  const std::string name(alg.name);
  if (alg.kind == AlgorithmKind::kCipher) {
    for (size_t size : CipherSizes(alg)) {
      const Bytes key = Pseudo(alg.key_len, 1 + size);
      const Bytes iv = CipherIv(alg, 2 + size);
      const Bytes message = Pseudo(size, 3 + size);
      for (bool decrypt : {false, true}) {
        Bytes output;
        const std::string error = target.Cipher(alg, decrypt, key, iv, message, &output);
        (*out)[name + (decrypt ? " decrypt " : " encrypt ") + std::to_string(size)] =
            Result(error, HexEncode(output));
      }
    }
    return;
  }
  for (size_t size : kSizes) {
    const Bytes key = Pseudo(alg.key_len, 1 + size);
    const Bytes message = Pseudo(size, 3 + size);
    const std::string at = " " + std::to_string(size);
    Bytes output;
    if (alg.kind == AlgorithmKind::kAead) {
      const Bytes nonce = Pseudo(alg.iv_len, 2 + size);
      const Bytes aad = Pseudo(std::min<size_t>(size, 20), 4 + size);
      Bytes tag;
      std::string error = target.Seal(alg, key, nonce, aad, message, alg.tag_len, &output, &tag);
      (*out)[name + " seal" + at] = Result(error, HexEncode(output) + "/" + HexEncode(tag));
      if (!error.empty()) {
        continue;
      }
      Bytes opened;
      bool authentic = false;
      error = target.Open(alg, key, nonce, aad, output, tag, &opened, &authentic);
      (*out)[name + " open" + at] =
          Result(error, authentic ? "plaintext " + HexEncode(opened) : std::string("tag rejected"));
    } else if (alg.kind == AlgorithmKind::kHash) {
      const std::string error = target.Hash(alg, message, &output);
      (*out)[name + " hash" + at] = Result(error, HexEncode(output));
    } else if (alg.kind == AlgorithmKind::kMac) {
      const std::string error = target.Mac(alg, key, message, &output);
      (*out)[name + " mac" + at] = Result(error, HexEncode(output));
    }
  }
}

// Signing inputs: the KAT vectors' key pairs with fresh messages (the digest size for
// algorithms that sign a digest). Keys are published ones: key formats stay those of kat.h.
struct SigningCase {
  std::string id;
  const KatVector* published = nullptr;
  std::string input_hex;

  /// The published vector with this case's input and no signature; views into *this.
  KatVector Vector() const {
    KatVector v = *published;
    v.input = input_hex;
    v.output = {};
    return v;
  }
};

std::vector<SigningCase> SigningCases(const AlgorithmInfo& alg) {
  std::vector<SigningCase> cases;
  size_t index = 0;
  for (const KatVector& published : KatVectorsFor(alg.name)) {
    ++index;
    if (published.private_key.empty()) {
      continue;
    }
    for (size_t size : kSizes) {
      if (published.input_is_digest && size != kSizes[0]) {
        continue;  // one fresh digest per key is enough
      }
      const size_t len = published.input_is_digest ? published.input.size() / 2 : size;
      cases.push_back(
          {std::string(alg.name) + " key " + std::to_string(index) + " " + std::to_string(len),
           &published, HexEncode(Pseudo(len, 5 + size + 100 * index))});
    }
  }
  return cases;
}

void Sign(KatTarget& target, const AlgorithmInfo& alg, Outputs* out) {
  for (const SigningCase& c : SigningCases(alg)) {
    Bytes signature;
    const std::string error = target.Sign(alg, c.Vector(), &signature);
    (*out)[c.id + " sign"] = Result(error, HexEncode(signature));
  }
}

void Derive(KatTarget& target, const AlgorithmInfo& alg, Outputs* out) {
  const auto vectors = KatVectorsFor(alg.name);
  std::vector<std::string> privates;
  for (const KatVector& v : vectors) {
    privates.emplace_back(v.private_key);
  }
  for (uint64_t seed : {7u, 8u}) {
    Bytes scalar = Pseudo(alg.key_len, seed);
    if (!scalar.empty()) {
      scalar[0] &= 0x7f;  // below the group order of the NIST curves; any X25519 scalar works
    }
    privates.push_back(HexEncode(scalar));
  }
  for (size_t i = 0; i < privates.size(); ++i) {
    for (size_t j = 0; j < vectors.size(); ++j) {
      KatVector v = vectors[j];
      v.private_key = privates[i];
      v.output = {};
      Bytes secret;
      // The call first: it fills `secret`, which the result then encodes.
      const std::string error = target.Derive(alg, v, &secret);
      (*out)[std::string(alg.name) + " derive " + std::to_string(i) + "x" + std::to_string(j)] =
          Result(error, HexEncode(secret));
    }
  }
}

// Phase 1, in a child: every one-shot output of `backend` for the whole catalogue.
Outputs ComputeOutputs(Backend& backend) {
  Outputs out;
  KatTarget* target = backend.OneShot();
  for (const AlgorithmInfo& alg : Catalog()) {
    if (target == nullptr || !backend.Supports(alg)) {
      out[std::string(alg.name)] = kUnsupported;
      continue;
    }
    if (IsSymmetric(alg.kind)) {
      Symmetric(*target, alg, &out);
    } else if (alg.kind == AlgorithmKind::kSignature) {
      Sign(*target, alg, &out);
    } else {
      Derive(*target, alg, &out);
    }
  }
  return out;
}

// Phase 2, in a child: `backend` verifies every signature of every backend (`signed_by`:
// backend name -> phase-1 outputs), untampered and over a tampered message.
Outputs VerifyAll(Backend& backend, const std::map<std::string, Outputs>& signed_by) {
  Outputs out;
  KatTarget* target = backend.OneShot();
  for (const AlgorithmInfo& alg : Catalog()) {
    if (alg.kind != AlgorithmKind::kSignature || target == nullptr || !backend.Supports(alg)) {
      continue;
    }
    for (const SigningCase& c : SigningCases(alg)) {
      for (const auto& [signer, outputs] : signed_by) {
        const auto signature = outputs.find(c.id + " sign");
        if (signature == outputs.end() || signature->second.find('(') == 0 ||
            signature->second.find(kErrorPrefix) == 0) {
          continue;
        }
        KatVector v = c.Vector();
        v.output = signature->second;
        for (bool tamper : {false, true}) {
          bool valid = false;
          const std::string error = target->Verify(alg, v, tamper, &valid);
          out[c.id + " signed by " + signer + (tamper ? " tampered" : "")] =
              Result(error, valid ? "valid" : "invalid");
        }
      }
    }
  }
  return out;
}

// Runs `compute` on a freshly opened `descriptor` and returns its outputs as a JSON document;
// {kUnusableKey: reason} when the backend cannot be opened here.
template <typename Compute>
nlohmann::json ComputeDocument(const BackendDescriptor& descriptor, Compute compute) {
  try {
    std::unique_ptr<Backend> backend = descriptor.open("");
    return compute(*backend);
  } catch (const std::exception& e) {
    return Outputs{{kUnusableKey, e.what()}};
  }
}

// Runs `compute` on a freshly opened `descriptor` in a forked child process and returns its
// outputs; {kUnusableKey: reason} when the backend cannot be opened here. Records a test
// failure if the child dies.
template <typename Compute>
Outputs InChild(const BackendDescriptor& descriptor, Compute compute) {
  int fds[2];
  if (pipe(fds) != 0) {
    ADD_FAILURE() << "pipe failed";
    return {};
  }
  const pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    const std::string text = ComputeDocument(descriptor, compute).dump();
    size_t written = 0;
    while (written < text.size()) {
      const ssize_t n = write(fds[1], text.data() + written, text.size() - written);
      if (n <= 0) {
        _exit(3);
      }
      written += static_cast<size_t>(n);
    }
    _exit(0);
  }
  close(fds[1]);
  std::string text;
  char buffer[65536];
  for (ssize_t n; (n = read(fds[0], buffer, sizeof buffer)) > 0;) {
    text.append(buffer, static_cast<size_t>(n));
  }
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    ADD_FAILURE() << "the " << descriptor.name << " backend's child process died (status " << status
                  << ")";
    return {};
  }
  return nlohmann::json::parse(text).get<Outputs>();
}

// Linked backends pull libcrypto.so.3 into the global scope, so BoringSSL opens in a link-map
// namespace of its own (common/isolated_load.h), which crashes in a forked (not exec'd) child.
bool NeedsFreshProcess(std::string_view backend) { return backend == "boringssl"; }

// Frames the document a fresh child writes to stderr, which may carry other lines too.
constexpr std::string_view kDocumentBegin = "\n<<cross-backend document>>";
constexpr std::string_view kDocumentEnd = "<<end of document>>\n";

// InChild for backends a forked child cannot host: `compute` runs in a freshly executed child
// (death-test "threadsafe" style: the test binary again, running this test up to this
// statement, so whatever the test computed before is computed there again), which writes the
// JSON document to stderr. Returns the document; records a test failure if the child dies.
// Returns null in such a child when it runs for another of these statements: gtest skips this
// one there.
template <typename Compute>
nlohmann::json InFreshProcess(const BackendDescriptor& descriptor, Compute compute) {
  int status = -1;
  std::string captured;
  const auto record_status = [&status](int exit_status) {
    status = exit_status;
    return true;
  };
  const auto record_stderr = [&captured](const std::string& text) {
    captured = text;
    return true;
  };
  GTEST_FLAG_SET(death_test_style, "threadsafe");  // a fresh exec, not a fork
  EXPECT_EXIT(
      {
        const std::string text = std::string(kDocumentBegin) +
                                 ComputeDocument(descriptor, compute).dump() +
                                 std::string(kDocumentEnd);
        std::fputs(text.c_str(), stderr);
        std::fflush(stderr);
        std::_Exit(0);  // no exit handlers: the child owns none of them
      },
      record_status, testing::Truly(record_stderr));
  if (status == -1) {
    return nullptr;
  }
  const size_t begin = captured.find(kDocumentBegin);
  const size_t end = captured.rfind(kDocumentEnd);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || begin == std::string::npos ||
      end == std::string::npos || end < begin) {
    ADD_FAILURE() << "the " << descriptor.name << " backend's child process died (status " << status
                  << "): " << captured.substr(0, 2000);
    return Outputs{};
  }
  const size_t from = begin + kDocumentBegin.size();
  return nlohmann::json::parse(captured.substr(from, end - from));
}

bool IsValue(const std::string& value) {
  return value != kUnsupported && value != kSkipped && value.find(kErrorPrefix) != 0;
}

// Algorithms whose signatures are not reproducible (randomised ECDSA): compared by
// cross-verification only.
bool RandomisedSignature(const std::string& key) {
  for (const KatVector& v : AllKatVectors()) {
    if (!v.deterministic && key.rfind(std::string(v.algorithm) + " ", 0) == 0) {
      return true;
    }
  }
  return false;
}

// The reference backend of an algorithm OpenSSL lacks, by algorithm name: XChaCha20-Poly1305's
// is libsodium's, against which its KAT was first checked (algorithms/kat_aead.cc).
constexpr std::pair<std::string_view, std::string_view> kReferenceFor[] = {
    {"XChaCha20-Poly1305", "sodium"}};

// The algorithm an output key is about: keys begin with its name ("SHA-256 hash 16").
std::string_view AlgorithmOf(const std::string& key) {
  return std::string_view(key).substr(0, key.find(' '));
}

// `order`, with the kReferenceFor backend of `key`'s algorithm moved to the front when it is in
// `order`.
std::vector<std::string> ReferenceFirst(const std::string& key,
                                        const std::vector<std::string>& order) {
  std::vector<std::string> reordered = order;
  for (const auto& [algorithm, reference] : kReferenceFor) {
    if (AlgorithmOf(key) != algorithm) {
      continue;
    }
    const auto found = std::find(reordered.begin(), reordered.end(), reference);
    if (found != reordered.end()) {
      std::rotate(reordered.begin(), found, found + 1);
    }
  }
  return reordered;
}

// Outputs compared with a reference, by "ALGORITHM against BACKEND" (the reference backend).
using ComparisonCounts = std::map<std::string, size_t>;

size_t Total(const ComparisonCounts& counts) {
  size_t total = 0;
  for (const auto& [what, count] : counts) {
    total += count;
  }
  return total;
}

// Every output must be non-empty and equal the reference's: the first backend in `order` (the
// kReferenceFor backend first, for its algorithm) that produced one. No backend that claims an
// algorithm may fail to compute it. Returns one line per problem; *comparisons counts the
// outputs compared with a reference.
std::vector<std::string> Disagreements(const std::vector<std::string>& order,
                                       const std::map<std::string, Outputs>& by_backend,
                                       ComparisonCounts* comparisons) {
  std::set<std::string> keys;
  for (const auto& [name, outputs] : by_backend) {
    for (const auto& [key, value] : outputs) {
      keys.insert(key);
    }
  }
  std::vector<std::string> problems;
  comparisons->clear();
  for (const std::string& key : keys) {
    const std::string* reference = nullptr;
    std::string reference_backend;
    for (const std::string& name : ReferenceFirst(key, order)) {
      const Outputs& outputs = by_backend.at(name);
      const auto it = outputs.find(key);
      if (it == outputs.end()) {
        continue;
      }
      const std::string& value = it->second;
      if (value.rfind(kErrorPrefix, 0) == 0 || value.empty()) {
        problems.push_back(name + ", " + key + ": " + (value.empty() ? "empty output" : value));
        continue;
      }
      if (!IsValue(value) || (key.ends_with(" sign") && RandomisedSignature(key))) {
        continue;
      }
      if (reference == nullptr) {
        reference = &value;
        reference_backend = name;
        continue;
      }
      ++(*comparisons)[std::string(AlgorithmOf(key)) + " against " + reference_backend];
      if (value != *reference) {
        problems.push_back(key + ": " + name + " gives " + value + ", " + reference_backend +
                           " gives " + *reference);
      }
    }
  }
  return problems;
}

TEST(CrossBackendComparisonTest, ReportsDifferencesErrorsAndEmptyOutputs) {
  const std::vector<std::string> order = {"openssl", "other", "third"};
  std::map<std::string, Outputs> by_backend = {
      {"openssl",
       {{"SHA-256 hash 0", "e3b0"}, {"MD5 hash 0", "d41d"}, {"ECDSA-P256 key 1 32 sign", "aa"}}},
      {"other",
       {{"SHA-256 hash 0", "e3b0"}, {"MD5 hash 0", "d41e"}, {"ECDSA-P256 key 1 32 sign", "bb"}}},
      {"third", {{"SHA-256 hash 0", "error: no digest"}, {"MD5 hash 0", kSkipped}}}};
  ComparisonCounts comparisons;
  const std::vector<std::string> problems = Disagreements(order, by_backend, &comparisons);
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_EQ(problems[0], "MD5 hash 0: other gives d41e, openssl gives d41d");
  EXPECT_EQ(problems[1], "third, SHA-256 hash 0: error: no digest");
  // Randomised ECDSA signatures are cross-verified, never compared; a skipped one is no problem.
  EXPECT_EQ(comparisons,
            (ComparisonCounts{{"MD5 against openssl", 1}, {"SHA-256 against openssl", 1}}));
  by_backend["other"]["MD5 hash 0"] = "";
  EXPECT_EQ(Disagreements(order, by_backend, &comparisons)[0], "other, MD5 hash 0: empty output");
}

// XChaCha20-Poly1305 (no OpenSSL reference) is compared with sodium's outputs wherever sodium
// has them, though sodium comes last in the registry; other algorithms keep OpenSSL's.
TEST(CrossBackendComparisonTest, SodiumIsTheXChaChaReference) {
  const std::map<std::string, Outputs> by_backend = {
      {"openssl", {{"XChaCha20-Poly1305", kUnsupported}, {"SHA-256 hash 0", "e3b0"}}},
      {"botan", {{"XChaCha20-Poly1305 seal 0", "/aa"}, {"SHA-256 hash 0", "e3b0"}}},
      {"cryptopp", {{"XChaCha20-Poly1305 seal 0", "/aa"}}},
      {"sodium", {{"XChaCha20-Poly1305 seal 0", "/ab"}, {"SHA-256 hash 0", "e3b1"}}}};
  ComparisonCounts comparisons;
  const std::vector<std::string> problems =
      Disagreements({"openssl", "botan", "cryptopp", "sodium"}, by_backend, &comparisons);
  ASSERT_EQ(problems.size(), 3u);
  EXPECT_EQ(problems[0], "SHA-256 hash 0: sodium gives e3b1, openssl gives e3b0");
  EXPECT_EQ(problems[1], "XChaCha20-Poly1305 seal 0: botan gives /aa, sodium gives /ab");
  EXPECT_EQ(problems[2], "XChaCha20-Poly1305 seal 0: cryptopp gives /aa, sodium gives /ab");
  EXPECT_EQ(comparisons, (ComparisonCounts{{"SHA-256 against openssl", 2},
                                           {"XChaCha20-Poly1305 against sodium", 2}}));

  // Without sodium, the first backend in registry order that has the algorithm.
  EXPECT_TRUE(Disagreements({"openssl", "botan", "cryptopp"}, by_backend, &comparisons).empty());
  EXPECT_EQ(comparisons, (ComparisonCounts{{"SHA-256 against openssl", 1},
                                           {"XChaCha20-Poly1305 against botan", 1}}));
}

// Records a backend's phase-1 outputs in *by_backend, or in *unusable why it has none.
void Record(std::string_view backend, Outputs outputs, std::map<std::string, Outputs>* by_backend,
            std::map<std::string, std::string>* unusable) {
  if (const auto reason = outputs.find(kUnusableKey); reason != outputs.end()) {
    (*unusable)[std::string(backend)] = reason->second;
  } else {
    (*by_backend)[std::string(backend)] = std::move(outputs);
  }
}

TEST(CrossBackendTest, EveryBackendMatchesTheReferenceByteForByte) {
  std::map<std::string, Outputs> by_backend;  // usable backends only
  std::map<std::string, std::string> unusable;
  for (const BackendDescriptor& descriptor : CompiledBackends()) {
    if (!NeedsFreshProcess(descriptor.name)) {
      Record(descriptor.name,
             InChild(descriptor, [](Backend& backend) { return ComputeOutputs(backend); }),
             &by_backend, &unusable);
    }
  }
  // Last: a fresh child runs this test again up to its own statement, so it holds every forked
  // backend's signatures by then and verifies them (and its own) in the same child.
  std::map<std::string, Outputs> fresh_verdicts;
  for (const BackendDescriptor& descriptor : CompiledBackends()) {
    if (!NeedsFreshProcess(descriptor.name)) {
      continue;
    }
    const std::string name(descriptor.name);
    const nlohmann::json doc = InFreshProcess(descriptor, [&by_backend, &name](Backend& backend) {
      std::map<std::string, Outputs> signed_by = by_backend;
      signed_by[name] = ComputeOutputs(backend);
      nlohmann::json both;
      both["verdicts"] = VerifyAll(backend, signed_by);
      both["outputs"] = signed_by[name];
      return both;
    });
    if (doc.is_null()) {
      continue;  // this process is the fresh child of another such backend
    }
    if (doc.contains("outputs")) {
      Record(name, doc["outputs"].get<Outputs>(), &by_backend, &unusable);
      fresh_verdicts[name] = doc["verdicts"].get<Outputs>();
    } else {
      Record(name, doc.get<Outputs>(), &by_backend, &unusable);
    }
  }
  std::vector<std::string> order;  // registry order: the reference first
  for (const BackendDescriptor& descriptor : CompiledBackends()) {
    const std::string name(descriptor.name);
    if (by_backend.count(name) == 1) {
      order.push_back(name);
    } else if (unusable.count(name) == 1) {
      std::printf("[ note     ] %s backend not usable here, not compared: %s\n", name.c_str(),
                  unusable[name].c_str());
    }
  }
  ASSERT_FALSE(order.empty());
  ASSERT_EQ(order.front(), "openssl") << "the reference backend must be usable";

  ComparisonCounts comparisons;
  for (const std::string& problem : Disagreements(order, by_backend, &comparisons)) {
    ADD_FAILURE() << problem;
  }
  if (order.size() > 1) {
    EXPECT_GT(Total(comparisons), 0u) << "several backends, but no output was compared";
  }
  std::printf("[ note     ] %zu outputs compared across %zu backends\n", Total(comparisons),
              order.size());

  // XChaCha20-Poly1305, which OpenSSL lacks: each other backend that offers it is compared with
  // sodium's outputs, a seal and an open per message size.
  if (by_backend.count("sodium") == 1) {
    size_t offering = 0;
    for (const auto& [name, outputs] : by_backend) {
      const auto seal = outputs.find("XChaCha20-Poly1305 seal 0");
      offering += name != "sodium" && seal != outputs.end() && IsValue(seal->second) ? 1 : 0;
    }
    for (const auto& [what, count] : comparisons) {
      if (what.starts_with("XChaCha20-Poly1305 ")) {
        EXPECT_EQ(what, "XChaCha20-Poly1305 against sodium");
      }
    }
    EXPECT_EQ(comparisons["XChaCha20-Poly1305 against sodium"], offering * 2 * std::size(kSizes));
    std::printf("[ note     ] XChaCha20-Poly1305: %zu backends compared with sodium\n", offering);
  }

  // Cross-verification: every backend accepts every other backend's signatures and rejects
  // them over a tampered message.
  for (const BackendDescriptor& descriptor : CompiledBackends()) {
    const std::string name(descriptor.name);
    if (by_backend.count(name) == 0) {
      continue;
    }
    const Outputs verdicts = NeedsFreshProcess(name)
                                 ? fresh_verdicts[name]
                                 : InChild(descriptor, [&by_backend](Backend& backend) {
                                     return VerifyAll(backend, by_backend);
                                   });
    for (const auto& [key, verdict] : verdicts) {
      if (verdict == kSkipped) {
        continue;
      }
      const bool tampered = key.ends_with(" tampered");
      EXPECT_EQ(verdict, tampered ? "invalid" : "valid") << name << " verifying " << key;
    }
  }
}

TEST(CrossBackendTest, ExpectedBackendsAreCompiledIn) {
  const char* expected = std::getenv("CRYPTOBENCH_EXPECT_BACKENDS");
  if (expected == nullptr || *expected == '\0') {
    GTEST_SKIP() << "CRYPTOBENCH_EXPECT_BACKENDS is not set (CI sets it, so that a missing -dev "
                    "package cannot silently drop a backend)";
  }
  const std::string list = expected;
  size_t begin = 0;
  while (begin <= list.size()) {
    const size_t comma = list.find(',', begin);
    const size_t end = comma == std::string::npos ? list.size() : comma;
    const std::string name = list.substr(begin, end - begin);
    if (!name.empty()) {
      EXPECT_NE(FindBackend(name), nullptr)
          << "backend '" << name << "' is listed in CRYPTOBENCH_EXPECT_BACKENDS but was not "
          << "compiled in (is its -dev package installed? see the configure output)";
    }
    begin = end + 1;
  }
}

}  // namespace
}  // namespace cryptobench::backends
