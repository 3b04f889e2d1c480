// Reading input files (io/text_file.h): only regular files of at most 16 MB; a FIFO (which would
// block), a device (/dev/zero never ends), a directory, a missing file or a larger file are
// refused at once with an InputError naming the file.
#include "common/text_file.h"

#include "common/input_error.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

namespace armdyn {
namespace {

namespace fs = std::filesystem;

struct TempDir {
  fs::path path;
  TempDir() {
    std::string t = (fs::temp_directory_path() / "armdyn_text_XXXXXX").string();
    path = mkdtemp(t.data());
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

std::string refusal(const std::string& path) {
  try {
    readTextFile(path);
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), path);
    EXPECT_EQ(e.field(), "file");
    return e.message();
  }
  ADD_FAILURE() << path << " was read";
  return {};
}

TEST(TextFile, ReadsARegularFileWhole) {
  TempDir d;
  const std::string p = (d.path / "a.yaml").string();
  std::ofstream(p, std::ios::binary) << std::string("name: x\n\0tail", 13);
  EXPECT_EQ(readTextFile(p), std::string("name: x\n\0tail", 13));
}

TEST(TextFile, RefusesWhatIsNotARegularFileOfAtMost16MB) {
  TempDir d;
  const std::string fifo = (d.path / "pipe").string();
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_NE(refusal(fifo).find("not a regular file"), std::string::npos);
  EXPECT_NE(refusal("/dev/zero").find("not a regular file"), std::string::npos);
  EXPECT_NE(refusal(d.path.string()).find("directory"), std::string::npos);
  EXPECT_NE(refusal((d.path / "missing.yaml").string()).find("cannot open"), std::string::npos);
  // A sparse file one byte past the limit: refused from its size, without reading it.
  const std::string big = (d.path / "big.yaml").string();
  std::ofstream(big).close();
  fs::resize_file(big, kMaxInputFileBytes + 1);
  EXPECT_NE(refusal(big).find("limited to 16 MB"), std::string::npos);
  fs::resize_file(big, kMaxInputFileBytes);
  EXPECT_EQ(readTextFile(big).size(), kMaxInputFileBytes);
}

}  // namespace
}  // namespace armdyn
