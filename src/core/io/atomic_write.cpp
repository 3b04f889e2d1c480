// writeFileAtomic (robot_file.h): temporary file beside the target, fsync, rename (POSIX
// rename replaces the target in one step, so readers see the old file or the new one).
#include "io/input_error.h"
#include "io/robot_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>

namespace armdyn {

void writeFileAtomic(const std::string& path, const std::string& content) {
  namespace fs = std::filesystem;
  fs::path target(path);
  std::error_code ec;
  if (fs::is_symlink(target, ec)) {  // replace the file the link points to, keep the link
    const fs::path real = fs::canonical(target, ec);
    if (!ec) target = real;
  }
  const std::string base = target.filename().string();
  if (base.empty() || base == "." || base == "..") throw InputError(path, 0, "file", "is not a file name");
  const fs::path dir = target.parent_path().empty() ? fs::path(".") : target.parent_path();

  static std::atomic<unsigned> counter{0};
  std::string tmp;
  int fd = -1;
  for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
    tmp = (dir / ("." + base + ".tmp" + std::to_string(::getpid()) + "_" + std::to_string(counter++))).string();
    fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);  // umask applies
    if (fd < 0 && errno != EEXIST) break;
  }
  if (fd < 0)
    throw InputError(path, 0, "file", "cannot create a temporary file in '" + dir.string() + "': " + std::strerror(errno));

  auto fail = [&](const std::string& what) {
    const int err = errno;
    if (fd >= 0) ::close(fd);
    ::unlink(tmp.c_str());
    throw InputError(path, 0, "file", what + ": " + std::strerror(err));
  };
  struct stat old {};
  if (::stat(target.c_str(), &old) == 0 && S_ISREG(old.st_mode)) ::fchmod(fd, old.st_mode & 07777);

  std::size_t done = 0;
  while (done < content.size()) {
    const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail("cannot write");
    }
    done += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) fail("cannot flush to disk");
  const int closed = ::close(fd);
  fd = -1;
  if (closed != 0) fail("cannot close");
  if (::rename(tmp.c_str(), target.c_str()) != 0) fail("cannot replace the file");
  // Make the rename itself durable (best effort: some file systems refuse fsync on a directory).
  const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
}

}  // namespace armdyn
