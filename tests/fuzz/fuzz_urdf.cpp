// URDF: parseUrdf (urdfdom + armdyn's DH conversion), then the robot written back as URDF
// and read again (the writer's output must always be readable).
#include "fuzz_target.h"
#include "io/urdf_reader.h"
#include "io/urdf_writer.h"
#include "model/model.h"

#include <cstdlib>

ARMDYN_FUZZ_TARGET({
  const armdyn::UrdfImport first = armdyn::parseUrdf(text, "fuzz.urdf");
  const armdyn::Model model(first.robot);
  armdyn::UrdfOptions options;
  options.gravity = first.robot.gravity;
  const armdyn::UrdfImport second = armdyn::parseUrdf(armdyn::robotToUrdf(model), "written.urdf", options);
  if (second.robot.dof() != model.dof()) std::abort();
})
