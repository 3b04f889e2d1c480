// A generated catalogue of bad inputs: every number in every YAML file the project ships
// (robots, sessions, tasks in robots/), replaced by a word, NaN, +-infinity, an overflowing
// literal or a hexadecimal float (two of the six per number, in rotation, so that every kind
// meets every file: the six for all ~3300 numbers take half a minute, too long for CI's
// sanitized run). Each copy must be refused with an InputError naming the copy, the line
// of the replaced number and a field, and change nothing else; the largest time one refusal
// takes is printed (no timing assertion). The hand-written catalogue (tests/data/bad, through
// the CLI) covers the cases that are not a single bad number.
#include "common/input_error.h"
#include "io/robot_file.h"
#include "io/urdf_reader.h"
#include "common/number_text.h"
#include "support/test_support.h"

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <sys/resource.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

namespace armdyn {
namespace {

struct NumberSite {
  std::size_t pos;  // byte offset of the plain scalar in the file
  int line;         // 1-based
  std::string text;
};

// Every plain scalar value (not a key) that reads as a number.
void collectNumbers(const YAML::Node& node, const std::string& text, std::vector<NumberSite>& out) {
  if (node.IsMap()) {
    for (const auto& kv : node) collectNumbers(kv.second, text, out);
  } else if (node.IsSequence()) {
    for (const YAML::Node& item : node) collectNumbers(item, text, out);
  } else if (node.IsScalar() && node.Tag() != "!") {  // "!" marks a quoted scalar
    const std::string& s = node.Scalar();
    const YAML::Mark m = node.Mark();
    if (readNumber(s).kind != NumberText::Kind::Number || m.pos < 0) return;
    if (text.compare(static_cast<std::size_t>(m.pos), s.size(), s) != 0) return;
    out.push_back({static_cast<std::size_t>(m.pos), m.line + 1, s});
  }
}

std::string readAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(MutationCatalogue, EveryShippedNumberRefusesWordsAndNonFiniteValuesByFileLineAndField) {
  const std::string dir = test::sourcePath("robots");
  const std::filesystem::path scratch = std::filesystem::temp_directory_path() / "armdyn_mutation_catalogue";
  std::filesystem::create_directories(scratch);
  const std::vector<std::string> replacements = {"abc", ".nan", ".inf", "-.inf", "1e999", "0x1p3"};
  int cases = 0, files = 0;
  double slowest = 0.0;
  std::string slowestCase;
  std::vector<std::filesystem::path> sources;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.path().extension() == ".yaml") sources.push_back(entry.path());
  std::sort(sources.begin(), sources.end());
  for (const std::filesystem::path& source : sources) {
    const std::string text = readAll(source.string());
    const YAML::Node root = YAML::Load(text);
    // Robot and session files hold links; the others are task files.
    const bool robot = root["links"].IsDefined() || root["robot"].IsDefined();
    std::vector<NumberSite> sites;
    collectNumbers(root, text, sites);
    ++files;
    for (std::size_t i = 0; i < sites.size(); ++i) {
      const NumberSite& site = sites[i];
      for (const std::size_t r : {i % replacements.size(), (i + 3) % replacements.size()}) {
        const std::string& bad = replacements[r];
        const std::string copyName = source.stem().string() + "_" + std::to_string(site.line) + ".yaml";
        const std::string copy = (scratch / copyName).string();
        {
          std::ofstream out(copy, std::ios::binary);
          out << text.substr(0, site.pos) << bad << text.substr(site.pos + site.text.size());
        }
        ++cases;
        const auto start = std::chrono::steady_clock::now();
        bool refused = false;
        try {
          if (robot) (void)loadSession(copy);
          else (void)loadTask(copy);
        } catch (const InputError& e) {
          refused = true;
          EXPECT_EQ(e.file(), copy);
          EXPECT_EQ(e.line(), site.line) << source.filename() << " '" << site.text << "' -> '" << bad << "': " << e.what();
          EXPECT_FALSE(e.field().empty()) << e.what();
        } catch (const std::exception& e) {
          ADD_FAILURE() << source.filename() << ":" << site.line << " '" << site.text << "' -> '" << bad
                        << "': not an InputError: " << e.what();
          refused = true;
        }
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (seconds > slowest) slowest = seconds, slowestCase = copyName + " " + bad;
        EXPECT_TRUE(refused) << source.filename() << ":" << site.line << " '" << site.text << "' -> '" << bad
                             << "' was accepted";
      }
    }
  }
  std::filesystem::remove_all(scratch);
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  std::printf("[mutation catalogue] %d files, %d cases, slowest refusal %.4f s (%s), peak RSS %.0f MB\n", files, cases,
              slowest, slowestCase.c_str(), usage.ru_maxrss / 1024.0);
  EXPECT_GT(cases, 5000);
}

// The same for the URDF files in tests/data/urdf (the hand-made ones and real descriptions as
// their makers ship them): each number of a link's or joint's <origin>, <mass>, <inertia>,
// <axis> and <limit> replaced by a word, NaN or an overflowing literal (one of the three per
// number, in rotation). The import must refuse it naming the copy, the line of the enclosing
// <link> or <joint> and that element.
TEST(MutationCatalogue, EveryUrdfNumberRefusesWordsAndNonFiniteValuesAtItsLinkOrJoint) {
  const std::filesystem::path scratch = std::filesystem::temp_directory_path() / "armdyn_mutation_catalogue_urdf";
  std::filesystem::create_directories(scratch);
  const std::vector<std::string> replacements = {"abc", "nan", "1e999"};
  const std::vector<std::string> attributes = {"xyz", "rpy", "value", "ixx", "ixy", "ixz", "iyy", "iyz",
                                               "izz", "lower", "upper", "effort", "velocity"};
  int cases = 0, files = 0, rotation = 0;
  double slowest = 0.0;
  std::vector<std::filesystem::path> sources;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(test::sourcePath("tests/data/urdf")))
    if (entry.path().extension() == ".urdf") sources.push_back(entry.path());
  std::sort(sources.begin(), sources.end());
  for (const std::filesystem::path& source : sources) {
    const std::string text = readAll(source.string());
    ++files;
    // Every attribute NAME="..." of interest inside a <link> or <joint> (not in <visual> or
    // <collision>, which the import reads only for drawing, nor in <transmission> or <gazebo>).
    for (std::size_t at = text.find("=\""); at != std::string::npos; at = text.find("=\"", at + 1)) {
      std::size_t nameStart = at;
      while (nameStart > 0 && std::isalpha(static_cast<unsigned char>(text[nameStart - 1]))) --nameStart;
      const std::string name = text.substr(nameStart, at - nameStart);
      if (std::find(attributes.begin(), attributes.end(), name) == attributes.end()) continue;
      const std::size_t link = text.rfind("<link ", at), joint = text.rfind("<joint ", at);
      const std::size_t element = link == std::string::npos ? joint : joint == std::string::npos ? link : std::max(link, joint);
      if (element == std::string::npos) continue;
      const bool isJoint = element == joint;
      const std::size_t close = text.find(isJoint ? "</joint>" : "</link>", element);
      if (close == std::string::npos || close < at) continue;  // outside the element
      const std::string between = text.substr(element, at - element);
      const auto lastOpen = [&](const char* tag) { return between.rfind(tag); };
      const auto lastClose = [&](const char* tag) { return between.rfind(tag); };
      bool drawing = false;
      for (const auto& [open, shut] : {std::pair<const char*, const char*>{"<visual", "</visual>"}, {"<collision", "</collision>"}})
        if (lastOpen(open) != std::string::npos && (lastClose(shut) == std::string::npos || lastClose(shut) < lastOpen(open)))
          drawing = true;
      if (drawing) continue;
      // A fixed joint's <axis> and <limit> mean nothing (urdfdom does not read them; real files
      // carry axis="0 0 0" there): not part of the model.
      const std::size_t tagStart = text.rfind('<', at) + 1;
      const std::string tag = text.substr(tagStart, text.find_first_of(" \t\n/>", tagStart) - tagStart);
      const std::string elementHead = text.substr(element, text.find('>', element) - element);
      if (isJoint && elementHead.find("type=\"fixed\"") != std::string::npos && (tag == "axis" || tag == "limit")) continue;
      const std::size_t comment = text.rfind("<!--", at);
      if (comment != std::string::npos && (text.rfind("-->", at) == std::string::npos || text.rfind("-->", at) < comment))
        continue;  // inside a comment
      // The first number of the value.
      const std::size_t valueStart = at + 2;
      std::size_t tokenStart = valueStart;
      while (text[tokenStart] == ' ') ++tokenStart;
      std::size_t tokenEnd = tokenStart;
      while (tokenEnd < text.size() && text[tokenEnd] != ' ' && text[tokenEnd] != '"') ++tokenEnd;
      if (readNumber(text.substr(tokenStart, tokenEnd - tokenStart)).kind != NumberText::Kind::Number) continue;
      const std::string bad = replacements[static_cast<std::size_t>(rotation++) % replacements.size()];
      const std::string copy = (scratch / (source.stem().string() + ".urdf")).string();
      {
        std::ofstream out(copy, std::ios::binary);
        out << text.substr(0, tokenStart) << bad << text.substr(tokenEnd);
      }
      const int elementLine = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(element), '\n'));
      const int attributeLine = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
      const std::string what = source.filename().string() + ":" + std::to_string(attributeLine) + " " + name + "=" + bad;
      ++cases;
      const auto start = std::chrono::steady_clock::now();
      UrdfOptions options;  // the tips the arms are imported with (urdf_kdl_test's table)
      for (const auto& [file, tip] : {std::pair<const char*, const char*>{"panda.urdf", "panda_hand_tcp"},
                                      {"kinova.urdf", "j2s6s200_end_effector"},
                                      {"bravo7_gripper.urdf", "grasping_poing"}})
        if (source.filename() == file) options.tip = tip;
      try {
        (void)loadUrdf(copy, options);
        ADD_FAILURE() << what << " was accepted";
      } catch (const InputError& e) {
        EXPECT_EQ(e.file(), copy) << what;
        EXPECT_EQ(e.line(), elementLine) << what << ": " << e.what();
        EXPECT_EQ(e.field().rfind(isJoint ? "joint '" : "link '", 0), 0u) << what << ": " << e.what();
      } catch (const std::exception& e) {
        ADD_FAILURE() << what << ": not an InputError: " << e.what();
      }
      slowest = std::max(slowest, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
  }
  std::filesystem::remove_all(scratch);
  std::printf("[mutation catalogue, URDF] %d files, %d cases, slowest refusal %.4f s\n", files, cases, slowest);
  EXPECT_GT(cases, 500);
}

}  // namespace
}  // namespace armdyn
