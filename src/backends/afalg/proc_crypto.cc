// Parsing /proc/crypto and choosing the serving driver (proc_crypto.h).
#include "backends/afalg/proc_crypto.h"

#include <charconv>

namespace cryptobench::backends::afalg {
namespace {

std::string_view Trim(std::string_view text) {
  const size_t begin = text.find_first_not_of(" \t\r");
  if (begin == std::string_view::npos) {
    return {};
  }
  const size_t end = text.find_last_not_of(" \t\r");
  return text.substr(begin, end - begin + 1);
}

// Stores one "key : value" line into `entry`.
void Apply(std::string_view key, std::string_view value, ProcCryptoEntry& entry) {
  if (key == "name") {
    entry.name = value;
  } else if (key == "driver") {
    entry.driver = value;
  } else if (key == "module") {
    entry.module = value;
  } else if (key == "priority") {
    int priority = 0;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), priority);
    entry.priority = error == std::errc() && end == value.data() + value.size() ? priority : 0;
  } else if (key == "type") {
    entry.type = value;
  } else if (key == "selftest") {
    entry.selftest = value;
  } else if (key == "internal") {
    entry.internal = value == "yes";
  }
}

}  // namespace

std::vector<ProcCryptoEntry> ParseProcCrypto(std::string_view text) {
  std::vector<ProcCryptoEntry> entries;
  ProcCryptoEntry current;
  bool in_block = false;
  auto flush = [&] {
    if (in_block && !current.name.empty() && !current.driver.empty()) {
      entries.push_back(std::move(current));
    }
    current = ProcCryptoEntry();
    in_block = false;
  };
  while (!text.empty()) {
    const size_t newline = text.find('\n');
    const std::string_view line = text.substr(0, newline);
    text = newline == std::string_view::npos ? std::string_view() : text.substr(newline + 1);
    if (Trim(line).empty()) {
      flush();
      continue;
    }
    const size_t colon = line.find(':');
    if (colon == std::string_view::npos) {
      continue;
    }
    // A new "name" line also starts a block, in case a blank line is missing.
    const std::string_view key = Trim(line.substr(0, colon));
    if (key == "name" && in_block && !current.name.empty()) {
      flush();
    }
    in_block = true;
    Apply(key, Trim(line.substr(colon + 1)), current);
  }
  flush();
  return entries;
}

bool TypeServesSocket(std::string_view entry_type, std::string_view socket_type) {
  if (socket_type == "skcipher") {
    return entry_type == "skcipher" || entry_type == "lskcipher";
  }
  if (socket_type == "aead") {
    return entry_type == "aead";
  }
  if (socket_type == "hash") {
    return entry_type == "shash" || entry_type == "ahash";
  }
  return false;
}

const ProcCryptoEntry* ServingDriver(const std::vector<ProcCryptoEntry>& entries,
                                     std::string_view name, std::string_view socket_type) {
  const ProcCryptoEntry* best = nullptr;
  for (const ProcCryptoEntry& entry : entries) {
    if (entry.name != name || entry.internal || !TypeServesSocket(entry.type, socket_type)) {
      continue;
    }
    if (!entry.selftest.empty() && entry.selftest != "passed") {
      continue;  // not (yet) tested: the kernel does not hand it out
    }
    if (best == nullptr || entry.priority > best->priority) {
      best = &entry;
    }
  }
  return best;
}

std::string DescribeDriver(const ProcCryptoEntry& entry) {
  std::string text = entry.driver + " (priority " + std::to_string(entry.priority);
  if (!entry.module.empty()) {
    text += entry.module == "kernel" ? ", built into the kernel" : ", module " + entry.module;
  }
  return text + ")";
}

}  // namespace cryptobench::backends::afalg
