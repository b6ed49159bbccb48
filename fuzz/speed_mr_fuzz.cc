// libFuzzer target: the openssl speed -mr record parser and its unit normalisation.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "import/import.h"
#include "import/openssl_speed_mr.h"
#include "import/paste_cleanup.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace cryptobench::import;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  SpeedEvidence evidence;
  MrState state;
  for (const SourceLine& line : CleanPaste(text)) {
    if (line.kind != LineKind::kText || !IsMrLine(line.text)) {
      continue;
    }
    try {
      TakeMrLine(line, &evidence, &state);
    } catch (const ImportError&) {
    }
  }
  FinishMr(&evidence, &state);
  return 0;
}
