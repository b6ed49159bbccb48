// Loading a crypto library isolated from the global symbol scope (isolated_load.h).
#include "backends/common/isolated_load.h"

#include <dlfcn.h>

#include <map>
#include <mutex>

namespace cryptobench::backends {
namespace {

std::string TakeDlerror() {
  const char* reason = dlerror();
  std::string text = reason != nullptr ? reason : "unknown dynamic loader error";
  for (char& c : text) {
    if (c == '\n') {
      c = ' ';
    }
  }
  return text;
}

}  // namespace

void* OpenLibraryIsolated(const std::string& path, const char* probe_symbol, std::string* error) {
  static std::mutex mutex;
  static std::map<std::string, void*> isolated;  // path -> handle in its own namespace
  std::lock_guard<std::mutex> lock(mutex);
  if (auto it = isolated.find(path); it != isolated.end()) {
    return it->second;
  }
  dlerror();
  void* global = dlsym(RTLD_DEFAULT, probe_symbol);
  void* handle = nullptr;
  if (global == nullptr) {
    handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  } else if (void* loaded = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
             loaded != nullptr) {
    // Already in the base namespace (the very library the global symbol comes from, or one
    // opened RTLD_LOCAL before): reuse it rather than load a second copy.
    handle = loaded;
  } else {
    handle = dlmopen(LM_ID_NEWLM, path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle != nullptr) {
      isolated.emplace(path, handle);
    }
  }
  if (handle == nullptr) {
    *error = TakeDlerror();
  }
  dlerror();
  return handle;
}

}  // namespace cryptobench::backends
