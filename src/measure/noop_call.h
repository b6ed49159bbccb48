// A function that does nothing, defined in a translation unit of its own so that the compiler
// cannot inline it into the loops that call it (harness_overhead.cc).
#pragma once

#include <cstdint>

namespace cryptobench::measure {

/// Same shape as EVP_EncryptUpdate(ctx, out, out_len, in, in_len): sets *out_len = in_len and
/// returns 1, touching nothing else.
int NoOpUpdate(void* ctx, uint8_t* out, int* out_len, const uint8_t* in, int in_len);

}  // namespace cryptobench::measure
