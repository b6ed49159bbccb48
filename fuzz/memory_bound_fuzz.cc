// libFuzzer target: the memory bound of docs/security.md. The input is repeated up to 256 KiB
// (the amplification issue 11 found came from a row repeated thousands of times, which a
// 64 KiB input cannot show), read as import and doctor --from read it (results JSON or any
// tool output) and written as `import` writes JSON; the heap in use at its peak, followed through
// the sanitizer's allocation hooks, must stay within 8x the input + 64 MiB.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>

#include <sanitizer/allocator_interface.h>

#include "results/json.h"
#include "results/limits.h"

#include "import/import.h"

namespace {

bool g_tracking = false;
size_t g_live = 0;
size_t g_peak = 0;

void OnMalloc(const volatile void* /*pointer*/, size_t size) {
  if (g_tracking) {
    g_live += size;
    g_peak = g_live > g_peak ? g_live : g_peak;
  }
}

void OnFree(const volatile void* pointer) {
  if (g_tracking && pointer != nullptr) {
    const size_t size = __sanitizer_get_allocated_size(pointer);
    g_live = size > g_live ? 0 : g_live - size;
  }
}

constexpr size_t kRepeatTo = size_t{256} << 10;

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* /*argc*/, char*** /*argv*/) {
  __sanitizer_install_malloc_and_free_hooks(OnMalloc, OnFree);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) {
    return 0;
  }
  std::string text;
  text.reserve(kRepeatTo + size);
  while (text.size() < kRepeatTo) {
    text.append(reinterpret_cast<const char*>(data), size);
  }
  g_live = 0;
  g_peak = 0;
  g_tracking = true;
  try {
    const auto runs = cryptobench::import::ImportText(text, "fuzz");
    (void)cryptobench::results::RunsToJsonText(runs);  // as `import` writes it
  } catch (const std::runtime_error&) {  // ImportError, InputError: refused in one line
  }
  g_tracking = false;
  const size_t bound = 8 * text.size() + (size_t{64} << 20);
  if (g_peak > bound) {
    std::fprintf(stderr, "memory bound exceeded: peak heap %zu bytes for %zu bytes of input\n",
                 g_peak, text.size());
    std::abort();
  }
  return 0;
}
