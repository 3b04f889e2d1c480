// armdyn convert IN OUT [--tip LINK] [--hold JOINT=VALUE]... [--json]: a robot from one format to another (docs/cli.md).
// Formats from the extensions: .urdf (URDF), .yaml / .yml (armdyn robot); IN may also be a
// session or a Vora specification file.

#include "command_support.h"
#include "commands.h"
#include "common/json_writer.h"
#include "common/input_error.h"
#include "common/number_text.h"
#include "io/robot_file.h"
#include "io/urdf_reader.h"
#include "io/urdf_writer.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>

namespace armdyn::cli {

namespace {

std::string extensionOf(const std::string& path) {
  const std::size_t dot = path.find_last_of('.');
  const std::size_t slash = path.find_last_of('/');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return "";
  std::string e = path.substr(dot);
  std::transform(e.begin(), e.end(), e.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return e;
}

std::string stringArray(const std::vector<std::string>& v) {
  std::string s = "[";
  for (std::size_t k = 0; k < v.size(); ++k) s += (k ? ", " : "") + jsonString(v[k]);
  return s + "]";
}

// --hold JOINT=VALUE (repeatable; several comma-separated in one are fine), SI values.
std::map<std::string, double> holdValues(const Args& args) {
  std::map<std::string, double> hold;
  for (const std::string& option : args.values("--hold")) {
    std::size_t start = 0;
    while (start <= option.size()) {
      const std::size_t comma = std::min(option.find(',', start), option.size());
      const std::string item = option.substr(start, comma - start);
      const std::size_t eq = item.find('=');
      if (eq == std::string::npos || eq == 0)
        throw InputError("", 0, "--hold", "'" + item + "': give JOINT=VALUE (rad or m), e.g. --hold panda_finger_joint1=0.02");
      const std::string joint = item.substr(0, eq);
      const NumberText v = readNumber(item.substr(eq + 1));
      if (v.kind != NumberText::Kind::Number)
        throw InputError("", 0, "--hold", "'" + item + "': the value after '=' must be a finite number (rad or m)");
      if (!hold.emplace(joint, v.value).second) throw InputError("", 0, "--hold", "joint '" + joint + "' given twice");
      start = comma + 1;
    }
  }
  return hold;
}

std::string heldArray(const std::vector<UrdfHeldJoint>& held) {
  std::string s = "[";
  for (std::size_t k = 0; k < held.size(); ++k) {
    JsonObject o;
    o.add("joint", jsonString(held[k].joint)).add("value", held[k].value);
    o.add("follows", held[k].follows.empty() ? std::string("null") : jsonString(held[k].follows));
    o.add("given", held[k].given ? "true" : "false");
    s += (k ? ", " : "") + o.str();
  }
  return s + "]";
}

std::string mergedArray(const std::vector<UrdfMergedLink>& merged) {
  std::string s = "[";
  for (std::size_t k = 0; k < merged.size(); ++k) {
    JsonObject o;
    o.add("link", jsonString(merged[k].link)).add("into", jsonString(merged[k].into));
    s += (k ? ", " : "") + o.str();
  }
  return s + "]";
}

}  // namespace

int runConvert(const Argv& argv) {
  const Args args(argv, {"--tip"}, {"--json"}, {"--hold"});
  const auto& p = args.positional();
  if (p.size() != 2) throw InputError("", 0, p.size() < 2 ? "OUT" : p[2], "expects IN and OUT files (see --help)");
  const std::string& in = p[0];
  const std::string& outPath = p[1];
  const std::string outExt = extensionOf(outPath);
  if (outExt != ".urdf" && outExt != ".yaml" && outExt != ".yml")
    throw InputError("", 0, "OUT", "'" + outPath + "': give a .urdf or .yaml file name (the format follows the extension)");
  if (args.has("--tip") && !isUrdfPath(in)) throw InputError("", 0, "--tip", "only for a URDF input");
  if (!args.values("--hold").empty() && !isUrdfPath(in)) throw InputError("", 0, "--hold", "only for a URDF input");

  UrdfImport import;
  RobotSpec spec;
  if (isUrdfPath(in)) {
    UrdfOptions options;
    options.tip = args.value("--tip", "");
    options.hold = holdValues(args);
    import = loadUrdf(in, options);
    spec = import.robot;
  } else {
    spec = loadRobot(in);
  }
  const Model model = buildModel(spec, in);
  writeOutput(outPath, outExt == ".urdf" ? robotToUrdf(model) : robotToYaml(spec, "", outPath));

  const bool fromUrdf = isUrdfPath(in);
  if (args.flag("--json")) {
    JsonObject o;
    o.add("input", jsonString(in)).add("output", jsonString(outPath)).add("joints", model.dof());
    if (fromUrdf) {
      o.add("root", jsonString(import.root))
          .add("tip", jsonString(import.tip))
          .add("joint_names", stringArray(import.jointNames))
          .add("axis_relations", stringArray(import.axisRelations))
          .add("notes", stringArray(import.notes))
          .add("held", heldArray(import.held))
          .add("merged", mergedArray(import.merged))
          .add("fk_residual", import.fkResidual)
          .add("fk_configurations", import.fkConfigurations);
    }
    printOut(o.str());
    return 0;
  }
  std::string text = "read " + in + ": " + std::to_string(model.dof()) + " joints";
  if (fromUrdf) {
    text += " from link '" + import.root + "' to '" + import.tip + "'\n";
    for (const auto& s : import.axisRelations) text += "  axes " + s + "\n";
    for (const auto& s : import.notes) text += "  note: " + s + "\n";
    char buf[160];
    std::snprintf(buf, sizeof buf, "  forward kinematics URDF vs DH: largest difference %.3g (m, rad) over %d configurations\n",
                  import.fkResidual, import.fkConfigurations);
    text += buf;
  } else {
    text += "\n";
  }
  text += "wrote " + outPath + (outExt == ".urdf" ? " (URDF)" : " (armdyn robot)");
  printOut(text);
  return 0;
}

}  // namespace armdyn::cli
