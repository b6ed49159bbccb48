#include "worker/write_all.h"

#include <unistd.h>

#include <cerrno>
#include <cstddef>

namespace cryptobench::worker {

bool WriteAll(int fd, std::string_view data) {
  size_t written = 0;
  while (written < data.size()) {
    const ssize_t n = write(fd, data.data() + written, data.size() - written);
    if (n < 0) {
      if (errno == EINTR) {
        continue;
      }
      return false;
    }
    written += static_cast<size_t>(n);
  }
  return true;
}

}  // namespace cryptobench::worker
