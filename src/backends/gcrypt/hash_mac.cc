// Hashes through gcry_md_* and MACs through gcry_mac_* (HMAC-SHA256, CMAC-AES, Poly1305).
#include <cstring>
#include <vector>

#include "backends/common/buffers.h"
#include "backends/common/hash_mac_adapter.h"
#include "backends/gcrypt/gcrypt_internal.h"

namespace cryptobench::backends::gcrypt {
namespace {

int MdAlgo(const AlgorithmInfo& alg) {
  struct Entry {
    std::string_view name;
    int algo;
  };
  static const Entry kTable[] = {
      {"MD5", GCRY_MD_MD5},           {"SHA-1", GCRY_MD_SHA1},
      {"SHA-224", GCRY_MD_SHA224},    {"SHA-256", GCRY_MD_SHA256},
      {"SHA-384", GCRY_MD_SHA384},    {"SHA-512", GCRY_MD_SHA512},
      {"SHA3-256", GCRY_MD_SHA3_256}, {"BLAKE2b-512", GCRY_MD_BLAKE2B_512},
  };
  if (alg.kind == AlgorithmKind::kHash) {
    for (const Entry& entry : kTable) {
      if (entry.name == alg.name) {
        return entry.algo;
      }
    }
  }
  return 0;
}

int MacAlgo(const AlgorithmInfo& alg) {
  if (alg.kind != AlgorithmKind::kMac) {
    return 0;
  }
  if (alg.name == "HMAC-SHA256") {
    return GCRY_MAC_HMAC_SHA256;
  }
  if (alg.name == "CMAC-AES-128") {
    return GCRY_MAC_CMAC_AES;  // the AES key size comes from the key
  }
  return alg.name == "Poly1305" ? GCRY_MAC_POLY1305 : 0;
}

struct MdClose {
  void operator()(gcry_md_hd_t h) const { gcry_md_close(h); }
};
struct MacClose {
  void operator()(gcry_mac_hd_t h) const { gcry_mac_close(h); }
};
using MdHandle = std::unique_ptr<std::remove_pointer_t<gcry_md_hd_t>, MdClose>;
using MacHandle = std::unique_ptr<std::remove_pointer_t<gcry_mac_hd_t>, MacClose>;

MacHandle NewMac(int algo, std::span<const uint8_t> key, std::string* error) {
  gcry_mac_hd_t raw = nullptr;
  if (gcry_error_t err = gcry_mac_open(&raw, algo, 0, nullptr); err != 0) {
    *error = CallError("gcry_mac_open", err);
    return nullptr;
  }
  MacHandle handle(raw);
  if (gcry_error_t err = gcry_mac_setkey(raw, key.data(), key.size()); err != 0) {
    *error = CallError("gcry_mac_setkey", err);
    return nullptr;
  }
  return handle;
}

// The engine (hash_mac_adapter.h) on a handle made once. Hash: reset, write, read (gcry_md_read
// finalises). HMAC and CMAC: reset (the key stays), write, read. Poly1305 is a one-time-key MAC,
// so its key is set again for every message (as the OpenSSL backend does).
class HashOrMacEngine {
 public:
  // Exactly one of `md` and `mac` is set.
  HashOrMacEngine(MdHandle md, int md_algo, MacHandle mac, bool rekey, Bytes key, size_t out_len)
      : md_(std::move(md)),
        md_algo_(md_algo),
        mac_(std::move(mac)),
        rekey_(rekey),
        key_(std::move(key)),
        out_len_(out_len) {}

  size_t output_len() const { return out_len_; }

  bool Compute(const uint8_t* in, size_t len, uint8_t* out, std::string* error) {
    if (md_) {
      gcry_md_reset(md_.get());
      gcry_md_write(md_.get(), in, len);
      const unsigned char* digest = gcry_md_read(md_.get(), md_algo_);
      if (digest == nullptr) {
        *error = "gcry_md_read returned no digest";
        return false;
      }
      std::memcpy(out, digest, out_len_);
      return true;
    }
    gcry_error_t err =
        rekey_ ? gcry_mac_setkey(mac_.get(), key_.data(), key_.size()) : gcry_mac_reset(mac_.get());
    size_t tag_len = out_len_;
    if (err == 0) {
      err = gcry_mac_write(mac_.get(), in, len);
    }
    if (err == 0) {
      err = gcry_mac_read(mac_.get(), out, &tag_len);
    }
    if (err != 0) {
      *error = CallError("gcry_mac_*", err);
      return false;
    }
    return true;
  }

 private:
  MdHandle md_;
  int md_algo_;
  MacHandle mac_;
  bool rekey_;
  Bytes key_;
  size_t out_len_;
};

// The factory of HashOrMacEngine for `alg`, a hash or MAC this backend offers.
std::unique_ptr<HashOrMacEngine> NewEngine(const AlgorithmInfo& alg, std::span<const uint8_t> key,
                                           std::string* error) {
  const int md_algo = MdAlgo(alg);
  const int mac_algo = MacAlgo(alg);
  MdHandle md;
  MacHandle mac;
  if (md_algo != 0) {
    gcry_md_hd_t raw = nullptr;
    if (gcry_error_t err = gcry_md_open(&raw, md_algo, 0); err != 0) {
      *error = CallError("gcry_md_open", err);
      return nullptr;
    }
    md.reset(raw);
  } else if (mac = NewMac(mac_algo, key, error); !mac) {
    return nullptr;
  }
  const size_t out_len =
      md_algo != 0 ? gcry_md_get_algo_dlen(md_algo) : gcry_mac_get_algo_maclen(mac_algo);
  return std::make_unique<HashOrMacEngine>(std::move(md), md_algo, std::move(mac),
                                           mac_algo == GCRY_MAC_POLY1305,
                                           Bytes(key.begin(), key.end()), out_len);
}

}  // namespace

bool HashOrMacSupported(const AlgorithmInfo& alg) {
  if (const int md = MdAlgo(alg); md != 0) {
    return gcry_md_test_algo(md) == 0;
  }
  const int mac = MacAlgo(alg);
  return mac != 0 && gcry_mac_test_algo(mac) == 0;
}

namespace {

std::string HashOneShot(const AlgorithmInfo& alg, const Bytes& message, Bytes* digest) {
  const int algo = MdAlgo(alg);
  if (algo == 0) {
    return kNotOffered;
  }
  digest->assign(gcry_md_get_algo_dlen(algo), 0);
  static const uint8_t kEmpty = 0;
  gcry_md_hash_buffer(algo, digest->data(), message.empty() ? &kEmpty : message.data(),
                      message.size());
  return "";
}

std::string MacOneShot(const AlgorithmInfo& alg, const Bytes& key, const Bytes& message,
                       Bytes* tag) {
  const int algo = MacAlgo(alg);
  if (algo == 0) {
    return kNotOffered;
  }
  std::string error;
  MacHandle handle = NewMac(algo, key, &error);
  if (!handle) {
    return error;
  }
  size_t len = gcry_mac_get_algo_maclen(algo);
  tag->assign(len, 0);
  // libgcrypt's CMAC rejects a zero-length write; an empty message is no write at all.
  gcry_error_t err =
      message.empty() ? 0 : gcry_mac_write(handle.get(), message.data(), message.size());
  if (err == 0) {
    err = gcry_mac_read(handle.get(), tag->data(), &len);
  }
  if (err != 0) {
    return CallError("gcry_mac_write/read", err);
  }
  tag->resize(len);
  return "";
}

}  // namespace

std::unique_ptr<PreparedOperation> PrepareHashOrMac(const AlgorithmInfo& alg, Operation op,
                                                    size_t input_len, PrepareFailure* failure,
                                                    std::string* error) {
  const int md_algo = MdAlgo(alg);
  const int mac_algo = MacAlgo(alg);
  const bool hash = md_algo != 0;
  if ((!hash && mac_algo == 0) || op != (hash ? Operation::kHash : Operation::kMac)) {
    return PrepareOffersNo("libgcrypt", alg, op, failure, error);
  }
  return PrepareHashOrMacWith<HashOrMacEngine>(&NewEngine, &HashOneShot, &MacOneShot, alg,
                                               input_len, failure, error);
}

OneShotFunctions HashAndMacOneShots() { return {.hash = &HashOneShot, .mac = &MacOneShot}; }

}  // namespace cryptobench::backends::gcrypt
