// libFuzzer target: the whole import pipeline (paste cleanup, format detection, every parser,
// interpretation) on arbitrary text. Unreadable input must end in ImportError, nothing else.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "import/import.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const auto runs = cryptobench::import::ImportText(text, "fuzz");
    (void)cryptobench::import::ImportedRunsToJson(runs).dump();
  } catch (const cryptobench::import::ImportError&) {
  }
  return 0;
}
