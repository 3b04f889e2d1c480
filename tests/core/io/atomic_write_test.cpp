// writeFileAtomic: all or nothing. A failure names the path and leaves no temporary file.
#include "common/input_error.h"
#include "io/robot_file.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <sys/stat.h>
#include <signal.h>
#include <unistd.h>

namespace armdyn {
namespace {

namespace fs = std::filesystem;

struct TempDir {
  fs::path path;
  TempDir() {
    static int counter = 0;
    path = fs::temp_directory_path() / ("armdyn_atomic_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::permissions(path, fs::perms::owner_all, fs::perm_options::add, ec);
    fs::remove_all(path, ec);
  }
};

std::vector<std::string> entries(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

std::string readAll(const fs::path& p) {
  std::ifstream in(p);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void expectFailureNaming(const std::string& path, const std::string& content) {
  try {
    writeFileAtomic(path, content);
    FAIL() << "writing " << path << " should fail";
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), path);
    EXPECT_FALSE(e.message().empty());
  }
}

TEST(AtomicWrite, WritesAndReplacesWholeFiles) {
  TempDir dir;
  const fs::path target = dir.path / "robot.yaml";
  writeFileAtomic(target.string(), "first version, rather long\n");
  writeFileAtomic(target.string(), "second\n");
  EXPECT_EQ(readAll(target), "second\n");
  EXPECT_EQ(entries(dir.path), std::vector<std::string>{"robot.yaml"});  // no temporary left
}

TEST(AtomicWrite, KeepsThePermissionsOfTheFileItReplaces) {
  TempDir dir;
  const fs::path target = dir.path / "robot.yaml";
  writeFileAtomic(target.string(), "a\n");
  ::chmod(target.c_str(), 0640);
  writeFileAtomic(target.string(), "b\n");
  struct stat st {};
  ASSERT_EQ(::stat(target.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0640u);
}

TEST(AtomicWrite, UnwritableDirectoryLeavesNothing) {
  if (::geteuid() == 0) GTEST_SKIP() << "root ignores directory permissions; see the rename case below";
  TempDir dir;
  const fs::path sub = dir.path / "locked";
  fs::create_directory(sub);
  fs::permissions(sub, fs::perms::owner_read | fs::perms::owner_exec);
  expectFailureNaming((sub / "robot.yaml").string(), "content\n");
  fs::permissions(sub, fs::perms::owner_all);
  EXPECT_TRUE(entries(sub).empty());
}

TEST(AtomicWrite, FailedRenameRemovesTheTemporaryFile) {
  // The target is a directory: the data is written and flushed, then rename fails (EISDIR).
  TempDir dir;
  const fs::path target = dir.path / "robot.yaml";
  fs::create_directory(target);
  expectFailureNaming(target.string(), "content\n");
  EXPECT_EQ(entries(dir.path), std::vector<std::string>{"robot.yaml"});
  EXPECT_TRUE(fs::is_directory(target));
  EXPECT_TRUE(entries(target).empty());
}

TEST(AtomicWrite, MissingDirectoryIsNamed) {
  TempDir dir;
  expectFailureNaming((dir.path / "no" / "such" / "robot.yaml").string(), "content\n");
  EXPECT_TRUE(entries(dir.path).empty());
}

TEST(AtomicWrite, FailedSaveKeepsTheOldFile) {
  // saveRobot refuses an invalid robot before touching the file (ModelError, API tier).
  TempDir dir;
  const fs::path target = dir.path / "robot.yaml";
  saveRobot(test::libraryRobotSpec("vora_rrr"), target.string());
  const std::string before = readAll(target);
  RobotSpec bad = test::libraryRobotSpec("vora_rrr");
  bad.dt = 0.0;
  EXPECT_THROW(saveRobot(bad, target.string()), std::invalid_argument);
  EXPECT_EQ(readAll(target), before);
  EXPECT_EQ(entries(dir.path), std::vector<std::string>{"robot.yaml"});
}

// A set of files is all or nothing: the last target refused (a directory named PREFIX.pdf, issue
// 23) leaves the earlier ones as they were and no temporary file behind; all writable, all four
// replaced.
TEST(AtomicWrite, FileSetIsAllOrNothing) {
  TempDir dir;
  const std::string prefix = (dir.path / "report").string();
  for (const char* ext : {".json", ".csv", ".svg"}) std::ofstream(prefix + ext) << "old" << ext << "\n";
  fs::create_directory(prefix + ".pdf");
  const std::vector<std::pair<std::string, std::string>> set = {
      {prefix + ".json", "new json\n"}, {prefix + ".csv", "new csv\n"}, {prefix + ".svg", "new svg\n"}, {prefix + ".pdf", "new pdf\n"}};
  try {
    writeFilesAtomic(set);
    ADD_FAILURE() << "a directory was replaced";
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), prefix + ".pdf");
  }
  for (const char* ext : {".json", ".csv", ".svg"}) EXPECT_EQ(readAll(prefix + ext), std::string("old") + ext + "\n") << ext;
  EXPECT_TRUE(fs::is_directory(prefix + ".pdf"));
  EXPECT_EQ(entries(dir.path), (std::vector<std::string>{"report.csv", "report.json", "report.pdf", "report.svg"}));
  fs::remove(prefix + ".pdf");
  writeFilesAtomic(set);
  for (const auto& [path, content] : set) EXPECT_EQ(readAll(path), content) << path;
  // A FIFO in the set that nothing reads: refused before any regular file is replaced.
  const fs::path fifo = dir.path / "report.fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  try {
    writeFilesAtomic({{prefix + ".json", "newer\n"}, {fifo.string(), "nobody\n"}});
    ADD_FAILURE() << "a FIFO without a reader was written";
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), fifo.string());
  }
  EXPECT_EQ(readAll(prefix + ".json"), "new json\n");
  EXPECT_EQ(entries(dir.path), (std::vector<std::string>{"report.csv", "report.fifo", "report.json", "report.pdf", "report.svg"}));
}

// Only a regular file is ever replaced (a save must never destroy a device or a pipe): a FIFO is written through (a reader
// gets the text, the FIFO stays a FIFO), /dev/null stays a character device, a dangling
// symbolic link, a directory and a read-only file are refused and left as they were.
TEST(AtomicWrite, WritesThroughPipesAndDevicesAndRefusesWhatItMustNotReplace) {
  TempDir dir;
  const fs::path fifo = dir.path / "pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::string received;
  std::thread reader([&] { received = readAll(fifo); });
  writeFileAtomic(fifo.string(), "through the pipe\n");
  reader.join();
  EXPECT_EQ(received, "through the pipe\n");
  EXPECT_TRUE(fs::is_fifo(fifo));
  // A FIFO nothing reads: refused after the 2 s a reader gets, not a command blocked forever.
  try {
    writeFileAtomic(fifo.string(), "nobody listens\n");
    ADD_FAILURE() << "a FIFO without a reader was written";
  } catch (const InputError& e) {
    EXPECT_NE(e.message().find("nothing read within 2 s"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(fs::is_fifo(fifo));
  writeFileAtomic("/dev/null", "nothing\n");
  EXPECT_TRUE(fs::is_character_file("/dev/null"));

  const fs::path dangling = dir.path / "link.csv";
  fs::create_symlink(dir.path / "missing" / "x.csv", dangling);
  expectFailureNaming(dangling.string(), "x");
  EXPECT_TRUE(fs::is_symlink(dangling));
  expectFailureNaming(dir.path.string(), "x");

  const fs::path readOnly = dir.path / "kept.csv";
  std::ofstream(readOnly) << "kept\n";
  fs::permissions(readOnly, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
  expectFailureNaming(readOnly.string(), "replaced?");
  EXPECT_EQ(readAll(readOnly), "kept\n");
}

// A writer killed between creating its temporary file and renaming it leaves ".NAME.tmpPID_N"
// behind; the next write of NAME removes it (its process is gone), and leaves a live one alone.
TEST(AtomicWrite, RemovesTemporaryFilesOfDeadWriters) {
  TempDir dir;
  const fs::path target = dir.path / "out.csv";
  // A pid that is not running: the largest possible, checked.
  pid_t dead = 4194304;
  while (::kill(dead, 0) == 0 || errno != ESRCH) --dead;
  const std::string stale = ".out.csv.tmp" + std::to_string(dead) + "_0";
  const std::string live = ".out.csv.tmp" + std::to_string(::getppid()) + "_7";
  std::ofstream(dir.path / stale) << "half";
  std::ofstream(dir.path / live) << "busy";
  writeFileAtomic(target.string(), "whole\n");
  EXPECT_EQ(readAll(target), "whole\n");
  EXPECT_EQ(entries(dir.path), (std::vector<std::string>{live, "out.csv"}));
}

}  // namespace
}  // namespace armdyn
