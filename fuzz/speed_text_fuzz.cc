// libFuzzer target: the human-readable openssl speed parser, line by line, as one run.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "import/import.h"
#include "import/openssl_speed_text.h"
#include "import/paste_cleanup.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace cryptobench::import;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  SpeedEvidence evidence;
  SpeedTextParser parser(&evidence);
  for (const SourceLine& line : CleanPaste(text)) {
    try {
      parser.Take(line);
    } catch (const ImportError&) {
    }
  }
  return 0;
}
