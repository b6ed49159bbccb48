// Key construction for the libgcrypt backend (pk_keys.h).
#include "backends/gcrypt/pk_keys.h"

#include <cstring>

#include "backends/common/der_reader.h"

namespace cryptobench::backends::gcrypt {
namespace {

struct CtxRelease {
  void operator()(gcry_ctx_t ctx) const { gcry_ctx_release(ctx); }
};
struct PointRelease {
  void operator()(gcry_mpi_point_t p) const { gcry_mpi_point_release(p); }
};
using Ctx = std::unique_ptr<std::remove_pointer_t<gcry_ctx_t>, CtxRelease>;
using Point = std::unique_ptr<std::remove_pointer_t<gcry_mpi_point_t>, PointRelease>;

Ctx CurveContext(const char* curve, std::string* error) {
  gcry_ctx_t ctx = nullptr;
  if (gcry_error_t err = gcry_mpi_ec_new(&ctx, nullptr, curve); err != 0) {
    *error = CallError("gcry_mpi_ec_new", err);
  }
  return Ctx(ctx);
}

// A point from 04||X||Y, checked to lie on the curve.
Point PointFromBytes(std::span<const uint8_t> bytes, gcry_ctx_t ctx, size_t width,
                     std::string* error) {
  if (bytes.size() != 1 + 2 * width || bytes[0] != 0x04) {
    *error = "public key is not an uncompressed point 04||X||Y";
    return nullptr;
  }
  Mpi x = MpiFromBytes(bytes.subspan(1, width));
  Mpi y = MpiFromBytes(bytes.subspan(1 + width, width));
  Mpi z(gcry_mpi_set_ui(nullptr, 1));
  Point point(gcry_mpi_point_set(nullptr, x.get(), y.get(), z.get()));
  if (!gcry_mpi_ec_curve_point(point.get(), ctx)) {
    *error = "the public point is not on the curve";
    return nullptr;
  }
  return point;
}

}  // namespace

const char* CurveNameOf(const AlgorithmInfo& alg) {
  if (alg.openssl_name == "prime256v1") {
    return "NIST P-256";
  }
  return alg.openssl_name == "secp384r1" ? "NIST P-384" : nullptr;
}

size_t CurveBytes(const char* curve) { return std::strcmp(curve, "NIST P-384") == 0 ? 48 : 32; }

std::string RsaTimingKey(std::string_view pem, KeyPair* keys) {
  std::vector<uint8_t> private_key;
  std::vector<std::span<const uint8_t>> fields;
  if (std::string error = Pkcs8PrivateKey(pem, &private_key); !error.empty()) {
    return error;
  }
  if (std::string error = ReadIntegerSequence(private_key, &fields); !error.empty()) {
    return "RSAPrivateKey: " + error;
  }
  if (fields.size() != 9) {
    return "RSAPrivateKey has " + std::to_string(fields.size()) + " integers, expected 9";
  }
  Mpi n = MpiFromBytes(fields[1]);
  Mpi e = MpiFromBytes(fields[2]);
  Mpi d = MpiFromBytes(fields[3]);
  Mpi p = MpiFromBytes(fields[4]);
  Mpi q = MpiFromBytes(fields[5]);
  if (gcry_mpi_cmp(p.get(), q.get()) > 0) {
    std::swap(p, q);
  }
  Mpi u(gcry_mpi_new(0));
  if (!gcry_mpi_invm(u.get(), p.get(), q.get())) {
    return "RSA primes have no inverse";
  }
  gcry_sexp_t priv = nullptr;
  gcry_sexp_t pub = nullptr;
  if (gcry_error_t err = gcry_sexp_build(&priv, nullptr,
                                         "(private-key (rsa (n %m)(e %m)(d %m)(p %m)(q %m)(u %m)))",
                                         n.get(), e.get(), d.get(), p.get(), q.get(), u.get());
      err != 0) {
    return CallError("gcry_sexp_build(private-key)", err);
  }
  keys->private_key.reset(priv);
  if (gcry_error_t err =
          gcry_sexp_build(&pub, nullptr, "(public-key (rsa (n %m)(e %m)))", n.get(), e.get());
      err != 0) {
    return CallError("gcry_sexp_build(public-key)", err);
  }
  keys->public_key.reset(pub);
  return "";
}

std::string EcTimingScalar(std::string_view pem, const char* curve, Bytes* scalar) {
  return Pkcs8EcScalar(pem, CurveBytes(curve) == 48 ? "secp384r1" : "prime256v1", scalar);
}

std::string EcPublicPoint(const char* curve, std::span<const uint8_t> scalar, Bytes* point) {
  std::string error;
  Ctx ctx = CurveContext(curve, &error);
  if (!ctx) {
    return error;
  }
  Point generator(gcry_mpi_ec_get_point("g", ctx.get(), 1));
  Point product(gcry_mpi_point_new(0));
  Mpi d = MpiFromBytes(scalar);
  Mpi x(gcry_mpi_new(0));
  Mpi y(gcry_mpi_new(0));
  gcry_mpi_ec_mul(product.get(), d.get(), generator.get(), ctx.get());
  if (gcry_mpi_ec_get_affine(x.get(), y.get(), product.get(), ctx.get()) != 0) {
    return "the scalar times the generator is the point at infinity";
  }
  const size_t width = CurveBytes(curve);
  *point = {0x04};
  const Bytes x_bytes = MpiBytes(x.get(), width);
  const Bytes y_bytes = MpiBytes(y.get(), width);
  point->insert(point->end(), x_bytes.begin(), x_bytes.end());
  point->insert(point->end(), y_bytes.begin(), y_bytes.end());
  return "";
}

std::string RsaPublicKey(std::span<const uint8_t> der, Sexp* key) {
  std::vector<std::span<const uint8_t>> fields;
  if (std::string error = ReadIntegerSequence(der, &fields); !error.empty()) {
    return "RSAPublicKey: " + error;
  }
  if (fields.size() != 2) {
    return "RSAPublicKey has " + std::to_string(fields.size()) + " integers, expected 2";
  }
  Mpi n = MpiFromBytes(fields[0]);
  Mpi e = MpiFromBytes(fields[1]);
  gcry_sexp_t pub = nullptr;
  if (gcry_error_t err =
          gcry_sexp_build(&pub, nullptr, "(public-key (rsa (n %m)(e %m)))", n.get(), e.get());
      err != 0) {
    return CallError("gcry_sexp_build(public-key)", err);
  }
  key->reset(pub);
  return "";
}

std::string EcdsaKeys(const char* curve, std::span<const uint8_t> point,
                      std::span<const uint8_t> scalar, KeyPair* keys) {
  gcry_sexp_t sexp = nullptr;
  if (gcry_error_t err = gcry_sexp_build(&sexp, nullptr, "(public-key (ecc (curve %s)(q %b)))",
                                         curve, static_cast<int>(point.size()), point.data());
      err != 0) {
    return CallError("gcry_sexp_build(public-key)", err);
  }
  keys->public_key.reset(sexp);
  if (scalar.empty()) {
    return "";
  }
  Mpi d = MpiFromBytes(scalar);
  if (gcry_error_t err =
          gcry_sexp_build(&sexp, nullptr, "(private-key (ecc (curve %s)(q %b)(d %m)))", curve,
                          static_cast<int>(point.size()), point.data(), d.get());
      err != 0) {
    return CallError("gcry_sexp_build(private-key)", err);
  }
  keys->private_key.reset(sexp);
  return "";
}

std::string Ed25519Keys(std::span<const uint8_t> public_key, std::span<const uint8_t> seed,
                        KeyPair* keys) {
  gcry_sexp_t sexp = nullptr;
  if (gcry_error_t err =
          gcry_sexp_build(&sexp, nullptr, "(public-key (ecc (curve Ed25519)(flags eddsa)(q %b)))",
                          static_cast<int>(public_key.size()), public_key.data());
      err != 0) {
    return CallError("gcry_sexp_build(public-key)", err);
  }
  keys->public_key.reset(sexp);
  if (seed.empty()) {
    return "";
  }
  if (gcry_error_t err = gcry_sexp_build(
          &sexp, nullptr, "(private-key (ecc (curve Ed25519)(flags eddsa)(q %b)(d %b)))",
          static_cast<int>(public_key.size()), public_key.data(), static_cast<int>(seed.size()),
          seed.data());
      err != 0) {
    return CallError("gcry_sexp_build(private-key)", err);
  }
  keys->private_key.reset(sexp);
  return "";
}

EcdhSide::~EcdhSide() {
  gcry_mpi_release(x_);
  gcry_mpi_point_release(product_);
  gcry_mpi_point_release(peer_);
  gcry_mpi_release(scalar_);
  gcry_ctx_release(ctx_);
}

std::unique_ptr<EcdhSide> EcdhSide::Create(const char* curve, std::span<const uint8_t> scalar,
                                           std::span<const uint8_t> peer_point,
                                           std::string* error) {
  Ctx ctx = CurveContext(curve, error);
  if (!ctx) {
    return nullptr;
  }
  const size_t width = CurveBytes(curve);
  Point peer = PointFromBytes(peer_point, ctx.get(), width, error);
  if (!peer) {
    return nullptr;
  }
  std::unique_ptr<EcdhSide> side(new EcdhSide());
  side->width_ = width;
  side->ctx_ = ctx.release();
  side->peer_ = peer.release();
  side->scalar_ = MpiFromBytes(scalar).release();
  side->product_ = gcry_mpi_point_new(0);
  side->x_ = gcry_mpi_new(0);
  return side;
}

bool EcdhSide::Derive(uint8_t* out) {
  gcry_mpi_ec_mul(product_, scalar_, peer_, ctx_);
  if (gcry_mpi_ec_get_affine(x_, nullptr, product_, ctx_) != 0) {
    return false;
  }
  size_t written = 0;
  // Left-pad the x-coordinate to the field width.
  if (gcry_mpi_print(GCRYMPI_FMT_USG, out, width_, &written, x_) != 0) {
    return false;
  }
  if (written < width_) {
    std::memmove(out + (width_ - written), out, written);
    std::memset(out, 0, width_ - written);
  }
  return true;
}

}  // namespace cryptobench::backends::gcrypt
