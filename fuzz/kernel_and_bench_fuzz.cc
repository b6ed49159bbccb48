// libFuzzer target: the parsers of tcrypt, kcapi-speed, the wolfCrypt, mbedTLS and gnutls-cli
// benchmarks and openssl s_time, one per input (chosen by its first byte), each fed line by
// line like the import driver does; then the side-by-side splitter on the same text. One
// target for six small parsers keeps the CI fuzz stage short; the import target covers them
// together.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_util.h"
#include "import/gnutls_bench.h"
#include "import/kcapi_speed.h"
#include "import/mbedtls_bench.h"
#include "import/s_time.h"
#include "import/side_by_side.h"
#include "import/tcrypt.h"
#include "import/wolfcrypt_bench.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace cryptobench::import;
  if (size == 0) {
    return 0;
  }
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  switch (data[0] % 6) {
    case 0:
      cryptobench::fuzz::FeedForeignParser<TcryptParser>(text);
      break;
    case 1:
      cryptobench::fuzz::FeedForeignParser<KcapiSpeedParser>(text);
      break;
    case 2:
      cryptobench::fuzz::FeedForeignParser<WolfcryptBenchParser>(text);
      break;
    case 3:
      cryptobench::fuzz::FeedForeignParser<MbedtlsBenchParser>(text);
      break;
    case 4:
      cryptobench::fuzz::FeedForeignParser<GnutlsBenchParser>(text);
      break;
    default:
      cryptobench::fuzz::FeedForeignParser<STimeParser>(text);
      break;
  }
  (void)SplitSideBySide(text);
  return 0;
}
