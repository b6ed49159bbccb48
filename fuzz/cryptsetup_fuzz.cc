// libFuzzer target: the cryptsetup benchmark parser, line by line, starting a new run where
// the parser says one begins. Only ImportError may escape it.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_util.h"
#include "import/cryptsetup_benchmark.h"
#include "import/import.h"
#include "import/paste_cleanup.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  cryptobench::fuzz::FeedForeignParser<cryptobench::import::CryptsetupBenchmarkParser>(text);
  return 0;
}
