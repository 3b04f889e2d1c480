// armdyn convert IN OUT [--tip LINK] [--json]: a robot from one format to another (docs/cli.md).
// Formats from the extensions: .urdf (URDF), .yaml / .yml (armdyn robot); IN may also be a
// session or a Vora specification file.

#include "command_support.h"
#include "commands.h"
#include "common/json_writer.h"
#include "common/input_error.h"
#include "io/robot_file.h"
#include "io/urdf_reader.h"
#include "io/urdf_writer.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

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

}  // namespace

int runConvert(const Argv& argv) {
  const Args args(argv, {"--tip"}, {"--json"});
  const auto& p = args.positional();
  if (p.size() != 2) throw InputError("", 0, p.size() < 2 ? "OUT" : p[2], "expects IN and OUT files (see --help)");
  const std::string& in = p[0];
  const std::string& outPath = p[1];
  const std::string outExt = extensionOf(outPath);
  if (outExt != ".urdf" && outExt != ".yaml" && outExt != ".yml")
    throw InputError("", 0, "OUT", "'" + outPath + "': give a .urdf or .yaml file name (the format follows the extension)");
  if (args.has("--tip") && !isUrdfPath(in)) throw InputError("", 0, "--tip", "only for a URDF input");

  UrdfImport import;
  RobotSpec spec;
  if (isUrdfPath(in)) {
    UrdfOptions options;
    options.tip = args.value("--tip", "");
    import = loadUrdf(in, options);
    spec = import.robot;
  } else {
    spec = loadRobot(in);
  }
  const Model model = buildModel(spec, in);
  writeOutput(outPath, outExt == ".urdf" ? robotToUrdf(model) : robotToYaml(spec));

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
