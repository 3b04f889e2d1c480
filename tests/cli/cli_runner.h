#pragma once
// Runs the real armdyn binary (ARMDYN_CLI_PATH) with fork/exec, capturing stdout, stderr and
// the exit status through temporary files, and gives each test its own scratch directory.
// Header-only: tests/CMakeLists.txt builds tests/cli/*_test.cpp alone.
// Every refusal (exit 2) is measured: its wall time and the process's peak resident memory
// (wait4's rusage: an upper bound, as Linux counts in it the pages of this test program that the
// forked child held before exec, some 5-8 MiB). One of 100 MB (1e8 bytes) or more fails the test
// that ran it (issue 23: every bad input refused in bounded memory; not under AddressSanitizer,
// whose shadow memory is not the program's); the slowest and the largest are printed when the
// test program ends (times are reported, never asserted: the machine's load decides them).

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "support/sanitizers.h"

namespace armdyn::test {

struct CliResult {
  int exitCode = -1;
  std::string out;
  std::string err;
  double wallSeconds = 0.0;  // fork to the child's end
  double peakMiB = 0.0;      // the process's peak resident memory
};

// The refusals (exit 2) this test program ran: how many, the slowest and the largest.
struct RefusalTally {
  int count = 0;
  double slowest = 0.0, largest = 0.0;
  std::string slowestArgs, largestArgs;
};

inline RefusalTally& refusalTally() {
  static RefusalTally tally;
  return tally;
}

// Bound on a refusal's peak memory (issue 23: < 100 MB each).
inline constexpr double kRefusalPeakMiB = 1e8 / (1024.0 * 1024.0);  // 100 MB = 95.4 MiB

// Prints the tally when the test program ends (one line; nothing when no refusal ran).
class RefusalReport : public ::testing::Environment {
 public:
  void TearDown() override {
    const RefusalTally& t = refusalTally();
    if (t.count == 0) return;
    std::printf("[ refusals ] %d exit-2 runs; slowest %.0f ms (%s); largest %.1f MiB (%s)\n", t.count,
                1e3 * t.slowest, t.slowestArgs.c_str(), t.largest, t.largestArgs.c_str());
  }
};

inline const bool kRefusalReportRegistered = (::testing::AddGlobalTestEnvironment(new RefusalReport), true);

// A fresh empty directory under the system temp dir, removed with its content on destruction.
class ScratchDir {
 public:
  ScratchDir();
  ~ScratchDir();
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  const std::string& path() const { return path_; }
  std::string file(const std::string& name) const { return path_ + "/" + name; }
  std::string write(const std::string& name, const std::string& content) const;  // returns the path
  std::vector<std::string> entries() const;  // names of the files in it, sorted

 private:
  std::string path_;
};

inline std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline bool fileExists(const std::string& path) { return std::filesystem::exists(path); }

// A numeric CSV file's rows (the header line dropped, and returned in `header` when given).
inline std::vector<std::vector<double>> readCsvRows(const std::string& path, std::string* header = nullptr) {
  std::istringstream in(readFile(path));
  std::string line;
  std::getline(in, line);
  if (header) *header = line;
  std::vector<std::vector<double>> rows;
  while (std::getline(in, line)) {
    std::vector<double> row;
    std::stringstream ls(line);
    std::string cell;
    while (std::getline(ls, cell, ',')) row.push_back(std::strtod(cell.c_str(), nullptr));
    rows.push_back(row);
  }
  return rows;
}

inline ScratchDir::ScratchDir() {
  std::string tmpl = (std::filesystem::temp_directory_path() / "armdyn_cli_XXXXXX").string();
  if (!mkdtemp(tmpl.data())) throw std::runtime_error("mkdtemp failed");
  path_ = tmpl;
}

inline ScratchDir::~ScratchDir() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

inline std::string ScratchDir::write(const std::string& name, const std::string& content) const {
  const std::string p = file(name);
  std::ofstream(p, std::ios::binary) << content;
  return p;
}

inline std::vector<std::string> ScratchDir::entries() const {
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(path_)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

inline CliResult runCli(const std::vector<std::string>& args) {
  const ScratchDir capture;
  const std::string outPath = capture.file("stdout"), errPath = capture.file("stderr");
  std::vector<std::string> argv = {ARMDYN_CLI_PATH};
  argv.insert(argv.end(), args.begin(), args.end());
  std::vector<char*> cargv;
  for (std::string& a : argv) cargv.push_back(a.data());
  cargv.push_back(nullptr);
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    const int out = open(outPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    const int err = open(errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (out < 0 || err < 0) _exit(127);
    dup2(out, STDOUT_FILENO);
    dup2(err, STDERR_FILENO);
    execv(cargv[0], cargv.data());
    _exit(127);
  }
  int status = 0;
  rusage usage{};
  wait4(pid, &status, 0, &usage);
  const auto end = std::chrono::steady_clock::now();
  CliResult r;
  r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = readFile(outPath);
  r.err = readFile(errPath);
  r.wallSeconds = std::chrono::duration<double>(end - start).count();
  r.peakMiB = static_cast<double>(usage.ru_maxrss) / 1024.0;  // Linux: kilobytes
  if (r.exitCode == 2) {
    std::string line;
    for (std::size_t i = 1; i < argv.size(); ++i) line += (i > 1 ? " " : "") + argv[i].substr(argv[i].rfind('/') + 1);
    RefusalTally& t = refusalTally();
    ++t.count;
    if (r.wallSeconds > t.slowest) t.slowest = r.wallSeconds, t.slowestArgs = line;
    if (r.peakMiB > t.largest) t.largest = r.peakMiB, t.largestArgs = line;
    if (!kUnderAsan && r.peakMiB >= kRefusalPeakMiB)
      ADD_FAILURE() << "refusing `" << line << "` took " << r.peakMiB << " MiB (bound " << kRefusalPeakMiB << ")";
  }
  return r;
}

}  // namespace armdyn::test
