// writeFileAtomic (common/atomic_write.h): temporary file beside the target, fsync, rename (POSIX
// rename replaces the target in one step, so readers see the old file or the new one). Only a
// regular file is ever replaced: a FIFO (refused when nothing reads it within 2 s), a terminal or
// /dev/... is written through; a directory, block device, socket, dangling symbolic link or
// read-only file is refused.
#include "common/input_error.h"
#include "common/atomic_write.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <utility>
#include <vector>

namespace armdyn {

namespace {

constexpr int kFifoReaderWaitMs = 2000;

[[noreturn]] void refuse(const std::string& path, const std::string& why) { throw InputError(path, 0, "file", why); }

// Opens a stream target (a FIFO, a terminal, /dev/null, the file behind /dev/stdout) for
// appending: nothing is created, renamed or truncated. Without blocking: a FIFO nobody reads
// would otherwise hold the command forever; a reader gets kFifoReaderWaitMs to open its end (one
// started just before the command). Writes then wait for the reader as usual.
int openThrough(const std::string& path) {
  int fd = -1;
  for (int waited = 0;; waited += 10) {
    fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC | O_NONBLOCK);
    if (fd >= 0 || errno != ENXIO || waited >= kFifoReaderWaitMs) break;
    ::usleep(10000);
  }
  if (fd < 0 && errno == ENXIO)
    refuse(path, "is a pipe (FIFO) that nothing read within " + std::to_string(kFifoReaderWaitMs / 1000) +
                     " s: nothing written");
  if (fd < 0) refuse(path, std::string("cannot open for writing: ") + std::strerror(errno));
  if (const int flags = ::fcntl(fd, F_GETFL); flags >= 0) ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
  return fd;
}

// Writes `content` to an fd openThrough gave, and closes it.
void writeThrough(int fd, const std::string& path, const std::string& content) {
  std::size_t done = 0;
  while (done < content.size()) {
    const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      const int err = errno;
      ::close(fd);
      refuse(path, std::string("cannot write: ") + std::strerror(err));
    }
    done += static_cast<std::size_t>(n);
  }
  if (::close(fd) != 0) refuse(path, std::string("cannot close: ") + std::strerror(errno));
}

// Temporary files of writers that died (".NAME.tmpPID_N" whose process is gone) are removed.
void removeStaleTemporaries(const std::filesystem::path& dir, const std::string& base) {
  namespace fs = std::filesystem;
  const std::string prefix = "." + base + ".tmp";
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.rfind(prefix, 0) != 0) continue;
    const std::string rest = name.substr(prefix.size());
    const std::size_t underscore = rest.find('_');
    if (underscore == std::string::npos || underscore == 0) continue;
    char* stop = nullptr;
    const long pid = std::strtol(rest.c_str(), &stop, 10);
    if (stop != rest.c_str() + underscore || pid <= 0) continue;
    if (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH) ::unlink(it->path().c_str());
  }
}

}  // namespace

namespace {

// One target of a save: either written through (a stream) or staged in a temporary file beside
// it, renamed over it at commit.
struct Staged {
  std::string path;           // as the caller named it (for messages)
  std::filesystem::path target;  // the file replaced (a symbolic link's target)
  std::string tmp;            // the staged temporary file
  bool through = false;       // a stream (FIFO, terminal, /dev/...): written through at commit
  int fd = -1;                // the stream, opened (its reader there) when staged
  const std::string* content = nullptr;
};

// Checks the target and, for a regular file (or a new one), writes the temporary file in full
// (fsync'd); a stream target is only checked. Throws InputError naming `path`.
Staged stage(const std::string& path, const std::string& content) {
  namespace fs = std::filesystem;
  Staged st;
  st.path = path;
  st.content = &content;
  st.target = fs::path(path);
  std::error_code ec;
  // /dev/stdout, /dev/null, /proc/self/fd/N: streams, written through (resolving /dev/stdout
  // would replace the file the shell redirected stdout to).
  st.through = true;
  if ((path.rfind("/dev/", 0) == 0 || path.rfind("/proc/", 0) == 0) && fs::exists(st.target, ec)) {
    st.fd = openThrough(path);
    return st;
  }
  if (fs::is_symlink(st.target, ec)) {  // replace the file the link points to, keep the link
    const fs::path real = fs::canonical(st.target, ec);
    if (ec) refuse(path, "is a symbolic link to " + fs::read_symlink(st.target, ec).string() + ", which does not exist");
    st.target = real;
  }
  struct stat old {};
  const bool exists = ::stat(st.target.c_str(), &old) == 0;
  if (exists && S_ISDIR(old.st_mode)) refuse(path, "is a directory");
  if (exists && (S_ISFIFO(old.st_mode) || S_ISCHR(old.st_mode))) {  // a pipe or a terminal: never replaced
    st.fd = openThrough(st.target.string());
    return st;
  }
  st.through = false;
  if (exists && !S_ISREG(old.st_mode)) refuse(path, "is not a regular file (a block device or socket): not replaced");
  if (exists && (old.st_mode & 0222) == 0) refuse(path, "is read-only: not replaced");
  const std::string base = st.target.filename().string();
  if (base.empty() || base == "." || base == "..") throw InputError(path, 0, "file", "is not a file name");
  const fs::path dir = st.target.parent_path().empty() ? fs::path(".") : st.target.parent_path();
  removeStaleTemporaries(dir, base);

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
  // The replaced file's permissions and, where allowed, its owner.
  if (exists) {
    ::fchmod(fd, old.st_mode & 07777);
    if (::fchown(fd, old.st_uid, old.st_gid) != 0) {
      // Not the owner and not root: the new file is the writer's (as any editor's save would be).
    }
  }
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
  st.tmp = tmp;
  return st;
}

// Renames the staged file over its target (or writes a stream through).
void commit(Staged& st) {
  if (st.through) {
    const int fd = st.fd;
    st.fd = -1;
    writeThrough(fd, st.path, *st.content);
    return;
  }
  if (::rename(st.tmp.c_str(), st.target.c_str()) != 0) {
    const int err = errno;
    ::unlink(st.tmp.c_str());
    st.tmp.clear();
    throw InputError(st.path, 0, "file", std::string("cannot replace the file: ") + std::strerror(err));
  }
  st.tmp.clear();
  // Make the rename itself durable (best effort: some file systems refuse fsync on a directory).
  const std::filesystem::path dir = st.target.parent_path().empty() ? std::filesystem::path(".") : st.target.parent_path();
  const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
}

}  // namespace

void writeFileAtomic(const std::string& path, const std::string& content) {
  Staged st = stage(path, content);
  commit(st);
}

void writeFilesAtomic(const std::vector<std::pair<std::string, std::string>>& files) {
  std::vector<Staged> staged;
  staged.reserve(files.size());
  const auto release = [&staged] {  // what a failure leaves: no temporary file, no open stream
    for (Staged& st : staged) {
      if (!st.tmp.empty()) ::unlink(st.tmp.c_str());
      if (st.fd >= 0) ::close(st.fd);
      st.tmp.clear();
      st.fd = -1;
    }
  };
  try {
    for (const auto& [path, content] : files) staged.push_back(stage(path, content));
    // Every file is written and every stream open (its reader there): the renames follow (each
    // one step; a stream last).
    for (Staged& st : staged)
      if (!st.through) commit(st);
    for (Staged& st : staged)
      if (st.through) commit(st);
  } catch (...) {
    release();
    throw;
  }
}

}  // namespace armdyn
