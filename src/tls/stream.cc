// The expected stream and the HTTP framing of transfers.
#include "tls/stream.h"

#include <charconv>
#include <cstring>

#include <fmt/format.h>

namespace cryptobench::tls {
namespace {

uint64_t SplitMix64(uint64_t* state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

bool ParseUint(std::string_view text, uint64_t* out) {
  if (text.empty()) {
    return false;
  }
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), *out);
  return ec == std::errc() && end == text.data() + text.size();
}

std::string_view FirstLine(std::string_view head) {
  const size_t end = head.find('\n');
  std::string_view line = head.substr(0, end);
  if (!line.empty() && line.back() == '\r') {
    line.remove_suffix(1);
  }
  return line;
}

bool EqualsIgnoringCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) {
    return false;
  }
  for (size_t i = 0; i < a.size(); ++i) {
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
    if (lower(a[i]) != lower(b[i])) {
      return false;
    }
  }
  return true;
}

std::string_view Trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) {
    text.remove_prefix(1);
  }
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) {
    text.remove_suffix(1);
  }
  return text;
}

}  // namespace

ExpectedStream::ExpectedStream(uint64_t seed) : data_(kPeriod + kMaxChunk) {
  uint64_t state = seed;
  for (size_t i = 0; i < kPeriod; i += 8) {
    const uint64_t word = SplitMix64(&state);
    std::memcpy(data_.data() + i, &word, std::min<size_t>(8, kPeriod - i));
  }
  std::memcpy(data_.data() + kPeriod, data_.data(), kMaxChunk);
}

bool ExpectedStream::Matches(uint64_t offset, const uint8_t* data, size_t len) const {
  while (len > 0) {
    const size_t chunk = std::min(len, kMaxChunk);
    if (std::memcmp(At(offset), data, chunk) != 0) {
      return false;
    }
    offset += chunk;
    data += chunk;
    len -= chunk;
  }
  return true;
}

std::string RequestPath(const TransferRequest& request) {
  return fmt::format("/cryptobench?bytes={}&seed={}&conn={}", request.bytes, request.seed,
                     request.connection);
}

std::string FormatRequest(std::string_view path, std::string_view host) {
  return fmt::format("GET {} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n", path, host);
}

bool ParseRequest(std::string_view head, TransferRequest* out, std::string* error) {
  constexpr std::string_view kExpected = "expected GET /cryptobench?bytes=N[&seed=S] HTTP/1.x";
  const std::string_view line = FirstLine(head);
  constexpr std::string_view kPrefix = "GET /cryptobench?";
  const size_t space = line.rfind(' ');
  if (!line.starts_with(kPrefix) || space == std::string_view::npos || space < kPrefix.size() ||
      !line.substr(space + 1).starts_with("HTTP/1.")) {
    *error = kExpected;
    return false;
  }
  TransferRequest request;
  bool have_bytes = false;
  std::string_view query = line.substr(kPrefix.size(), space - kPrefix.size());
  while (!query.empty()) {
    const size_t amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    const size_t eq = pair.find('=');
    const std::string_view key = pair.substr(0, eq);
    uint64_t value = 0;
    if (eq == std::string_view::npos || !ParseUint(pair.substr(eq + 1), &value)) {
      *error = fmt::format("request parameter '{}' is not NAME=NUMBER",
                           pair.substr(0, std::min<size_t>(pair.size(), 40)));
      return false;
    }
    if (key == "bytes") {
      request.bytes = value;
      have_bytes = true;
    } else if (key == "seed") {
      request.seed = value;
    } else if (key == "conn") {
      request.connection = value;
    }
  }
  if (!have_bytes) {
    *error = kExpected;
    return false;
  }
  if (request.bytes > kMaxRequestBytes) {
    *error =
        fmt::format("bytes={} exceeds the limit of {} (1 TiB)", request.bytes, kMaxRequestBytes);
    return false;
  }
  *out = request;
  return true;
}

std::string FormatResponseHead(uint64_t content_length) {
  return fmt::format(
      "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: {}\r\n"
      "Connection: close\r\n\r\n",
      content_length);
}

std::string FormatBadRequest(std::string_view message) {
  return fmt::format(
      "HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain\r\nContent-Length: {}\r\n"
      "Connection: close\r\n\r\n{}\n",
      message.size() + 1, message);
}

bool ParseResponseHead(std::string_view head, ResponseHead* out, std::string* error) {
  const std::string_view status_line = FirstLine(head);
  uint64_t status = 0;
  if (!status_line.starts_with("HTTP/1.") || status_line.size() < 12 || status_line[8] != ' ' ||
      !ParseUint(status_line.substr(9, 3), &status)) {
    *error = "the server's answer is not an HTTP/1.x response";
    return false;
  }
  ResponseHead response;
  response.status = static_cast<int>(status);
  size_t pos = head.find('\n');
  while (pos != std::string_view::npos && pos + 1 < head.size()) {
    const size_t next = head.find('\n', pos + 1);
    const std::string_view line = head.substr(
        pos + 1, next == std::string_view::npos ? std::string_view::npos : next - pos - 1);
    pos = next;
    const size_t colon = line.find(':');
    if (colon == std::string_view::npos) {
      continue;
    }
    if (EqualsIgnoringCase(Trim(line.substr(0, colon)), "Content-Length")) {
      uint64_t length = 0;
      if (!ParseUint(Trim(line.substr(colon + 1)), &length)) {
        *error = "the server's Content-Length is not a number";
        return false;
      }
      response.content_length = length;
    }
  }
  *out = response;
  return true;
}

size_t HeadEnd(std::string_view buffered) {
  const size_t crlf = buffered.find("\r\n\r\n");
  const size_t lf = buffered.find("\n\n");
  if (crlf == std::string_view::npos && lf == std::string_view::npos) {
    return std::string_view::npos;
  }
  if (lf == std::string_view::npos || (crlf != std::string_view::npos && crlf < lf)) {
    return crlf + 4;
  }
  return lf + 2;
}

}  // namespace cryptobench::tls
